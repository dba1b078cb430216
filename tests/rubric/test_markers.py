"""The words that mark a causal link, and the arrows that mark none."""

import pytest

from autograder.rubric.markers import MARKER, PURPOSE, without_step_arrows
from autograder.rubric.textnorm import normalize


def kinds(text: str) -> list[tuple[str, str]]:
    return [(m.group(0), m.lastgroup) for m in MARKER.finditer(normalize(text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("因为 x+0=x，所以和不变", [("因为", "forward"), ("所以", "backward")]),
        ("必须填单位元，否则结果会错", [("否则", "counter")]),
        ("x+0=x → 和不变", [("→", "backward")]),
        ("it is zero because adding it changes nothing", [("because", "forward")]),
        ("∵ 0 是单位元 ∴ 和不变", [("∵", "forward"), ("∴", "backward")]),
    ],
)
def test_each_marker_has_its_direction(text, expected):
    """Does a marker tell on which side of it the premise stands (因为 B / B 所以 / 否则 B)?"""
    assert kinds(text) == expected


def test_a_noun_phrase_or_a_negated_use_is_no_marker():
    """Are '之所以', '缘故' and '导致的小负数' (a noun phrase) left unmarked, while '是舍入导致' marks?"""
    assert kinds("A 之所以成立") == []
    assert kinds("舍入导致的小负数") == []
    assert kinds("是舍入导致") == [("导致", "backward")]


def test_a_purpose_is_a_forward_marker():
    """Is '是为了' both a forward marker and a purpose, while '因为' is no purpose?"""
    assert kinds("填 0 是为了不影响和") == [("是为了", "forward")]
    assert PURPOSE.search("填 0 是为了不影响和")
    assert not PURPOSE.search("填 0 因为不影响和")


@pytest.mark.parametrize(
    ("text", "steps_blanked"),
    [
        ("读入一行 → 越界填零 → tl.sum → 写回 out", True),
        ("折半 128→64→32→1", True),
        ("padding lane 0 → -mean", True),
        ("divisor → n_cols", True),
        ("x+0=x → 和不变", False),
        ("访存受限 → 预测 4×", False),
    ],
)
def test_step_arrows_are_blanked_and_causal_arrows_kept(text, steps_blanked):
    """Does a list of steps, a value map or a name's label lose its arrows, while a cause keeps its one?"""
    assert ("→" not in without_step_arrows(normalize(text))) is steps_blanked
