"""Reported beliefs (autograder/rubric/text.py is_reported): a claim the student attributes to someone else
or to its own earlier self is not the student's premise, in any lesson."""

import pytest

from autograder.rubric.text import is_reported
from autograder.rubric.textnorm import normalize


@pytest.mark.parametrize(
    "sentence",
    [
        "我室友说是因为一个 warp 有 32 个线程",
        "常听到的说法是：128 = 4 个 warp",
        "有一种说法是 padding 会多读显存",
        "先纠正我一开始的误解：我以为被 mask 的 lane 会被跳过",
        "助教说 tl.max 会忽略 -inf",
        "My roommate said the extra lanes are skipped by tl.sum.",
        "I first thought the masked lanes were left out of the sum.",
        "A common explanation is that 128 is four warps.",
    ],
)
def test_a_belief_attributed_to_someone_else_or_an_earlier_self_is_reported(sentence):
    """Is a belief told as a roommate's, a TA's, a common saying's or the student's own earlier one
    (我以为, I first thought) read as reported, not as the student's present premise?"""
    assert is_reported(normalize(sentence))


@pytest.mark.parametrize(
    "sentence",
    [
        "因为 x + 0 = x，所以和不变",
        "老师的图里 N=1024 和 1025 的带宽几乎一样",
        "我认为 padding 的代价在寄存器",
        "说法不重要，重要的是 max(x, -inf) = x",
        "I think the identity of max is -inf.",
    ],
)
def test_the_students_own_claim_is_not_reported(sentence):
    """Is the student's own present claim (我认为, I think, a figure from the lesson) not read as reported?"""
    assert not is_reported(normalize(sentence))
