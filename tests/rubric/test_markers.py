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
        # lesson 7 blind v45 l7v45-q2-015: a name given a value, then what it computes
        ("不减：x=100 → tl.exp(100.) = inf", True),
        ("den = inf → inf/inf = nan", True),
        # lesson 7 blind v50 l7v50-q3-004: an arrow to a quantity with its unit
        ("读 5 × 64 = 320 MB，写 3 × 64 = 192 MB → 512 MB", True),
        ("x+0=x → 和不变", False),
        ("访存受限 → 预测 4×", False),
    ],
)
def test_step_arrows_are_blanked_and_causal_arrows_kept(text, steps_blanked):
    """Does a list of steps, a value map or a name's label lose its arrows, while a cause keeps its one?"""
    assert ("→" not in without_step_arrows(normalize(text))) is steps_blanked


def test_steps_and_values_after_an_arrow_are_no_cause():
    """Is a stage after a formula clause ('max(x, −∞) = x，不影响 → exp …' in a pipeline) a step, and an arrow
    to a bare number ('tl.sum → 1.571') a value, while '访存受限 → 预测 4×' stays a cause?"""
    pipeline = "mask 挡住 → 不访存 → tl.max:max(x, -inf) = x，不影响 → exp(-inf - m) = 0 → tl.sum 不影响"
    assert "不影响 , exp" in without_step_arrows(normalize(pipeline))
    assert "→" not in without_step_arrows(normalize("exp 之后求和，tl.sum → 1.571"))
    assert "→" in without_step_arrows(normalize("x+0=x → 和不变，所以 4 倍"))


@pytest.mark.parametrize(
    ("text", "premise"),
    [
        ("tl.maximum(var, 0)：舍入可能导致 var 为微小负数", "舍入可能"),
        ("Blank 2 (shift): row_max, so every exponent is <= 0", "row_max"),
    ],
)
def test_a_code_call_or_a_bracketed_label_before_a_colon_is_a_heading(text, premise):
    """Is 'tl.maximum(var, 0)：' or 'Blank 2 (shift):' a heading, not part of the premise after it?"""
    from autograder.rubric.premises import causal_links

    assert [link.premise for link in causal_links(normalize(text))] == [premise]


def test_zhe_yang_closing_a_likeness_draws_no_consequence():
    """Is 这样 in '像这行这样 var 被算成 0' a likeness, while '这样 var 就不会是负数' still concludes?"""
    from autograder.rubric.premises import causal_links

    assert causal_links(normalize("eps：像这行这样 var 被算成 0，1/sqrt(0) = inf")) == []
    assert [link.marker for link in causal_links(normalize("先截到 0，这样 var 就不会是负数"))] == ["这样"]


def test_zhe_yang_after_a_concession_draws_no_consequence():
    """Is 这样 in '即使这样' / '就算这样' / '尽管这样' (even so) left unmarked, while '这样 exp 就不会溢出' still concludes?
    (lesson 6 blind v86 l6v86-q3-014)"""
    for text in (
        "即使这样，舍入也可能让方差变成很小的负数",
        "就算这样，方差也可能是负数",
        "尽管这样，还是要截到 0",
    ):
        assert [m.group(0) for m in MARKER.finditer(normalize(text))] == []
    assert kinds("先减最大值，这样 exp 就不会溢出") == [("这样", "backward")]


def test_round85_a_negative_value_mapped_to_another_is_no_cause():
    """Is 'logit −20 → −400' (a value scaled to the next, lesson 7 blind v248 l7v248-q2-023) a step, while an arrow
    from a negative value to a claim ('−20 → 下溢成 0') stays a cause?"""
    assert "→" not in without_step_arrows(normalize("某个 logit −20 → −400（温度缩放后）"))
    assert "→" in without_step_arrows(normalize("某个 logit −20 → 下溢成 0，所以 log 得 -inf"))
