"""Values an answer states as a padding fill or an identity, and the reduction each is stated for."""

import pytest

from autograder.rubric.textnorm import normalize
from autograder.rubric.values import reduction_at, value_statements


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("这些 lane 填上单位元 1.0", [("1", "identity")]),
        ("0 是加法单位元", [("0", "identity")]),
        ("other=0.0", [("0", "fill")]),
        ("改成负无穷", [("-inf", "fill")]),
        ("fill the padded lanes with 1.0", [("1", "fill")]),
        ("补成 128 个", []),
        ("atol 改成 1", []),
    ],
)
def test_value_statements(text, values):
    """Are the values a sentence states as an identity or a fill read in any wording, and counts,
    widths and other parameters ("补成 128 个", "atol 改成 1") left out?"""
    read = value_statements(normalize(text))
    assert [(value, kind) for value, _, kind in read] == values


@pytest.mark.parametrize(
    ("text", "value", "reduction"),
    [
        ("sum 的单位元是 0(max 要 -inf)", "0", "sum"),
        ("0 是 max 的单位元", "0", "max"),
        ("对于 max, 填 -inf", "-inf", "max"),
        ("说明加法要填 0, 1 是乘法的单位元", "1", "prod"),
        ("这些 lane 填 1.0", "1", None),
    ],
)
def test_reduction_a_value_is_stated_for(l5, text, value, reduction):
    """Is a value judged against the reduction its own clause names (before it, else after it), else a
    short topic clause before it ("对于 max，"), else none (the question's own reduction)?"""
    text = normalize(text)
    at = next(at for v, at, _ in value_statements(text) if v == value)
    found = reduction_at(text, at, l5)
    assert (found.name if found else None) == reduction
