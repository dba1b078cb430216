"""Reading an answer into sentences (autograder/rubric/reading.py): which sentences give a reason."""

import pytest

from autograder.lesson.registry import lesson
from autograder.rubric import load_rubric
from autograder.rubric.reading import prepare

ASSIGNMENT = "lesson05-row-sum"


@pytest.mark.parametrize(
    ("answer", "cued"),
    [
        ("问：为什么除以 N？答：只有 N 个真实元素，除以 BLOCK_SIZE 会把 padding 当成数据", [False, True]),
        ("问：除数是多少？答：N", [False, False]),
        ("填 −∞：max(x, −∞) = x 不会胜出，exp(−∞ − m) = 0 不进分母", [True]),
        ("如果填 0.0：全负的行 max 被顶成 0", [True]),
        ("输入：mask 挡住的 lane 不读显存，直接拿 other", [False]),
    ],
)
def test_an_answer_to_a_why_question_and_a_fill_before_a_colon_give_a_reason(answer, cued):
    """Does the answer to a why-question ("问：为什么…？答：…") or a fill before a colon ("填 −∞：…") count as
    reasoned, as "因为 …" does, while a stage heading ("输入：…") or the answer to a what-question does not?"""
    l5 = lesson(ASSIGNMENT)
    assert [s.cue for s in prepare(answer, load_rubric(l5.rubric))] == cued


@pytest.mark.parametrize(
    ("answer", "cued"),
    [
        ("填 −∞ 时 max(x, −∞) = x，不胜出", [True]),
        ("减去行最大值后 x − m ≤ 0，exp ≤ 1", [True]),
        ("fp32 下 x 超过约 88.72 时 exp 溢出为 inf", [True]),
        ("padding lane 不读显存，直接得到 other", [False]),
    ],
)
def test_a_condition_and_its_consequence_give_a_reason(answer, cued):
    """Does an action or a threshold followed by what follows from it ("填 −∞ 时 …", "减去行最大值后 …") count as
    reasoned, while a plain statement of what happens does not?"""
    assert [s.cue for s in prepare(answer, load_rubric(lesson(ASSIGNMENT).rubric))] == cued
