"""The implementation note against the submission: the values it says were filled."""

from types import SimpleNamespace

import pytest

from autograder.lesson.registry import lesson
from autograder.rubric import load_rubric
from autograder.rubric.note import stated_values, wrong_blank
from autograder.rubric.score import prepare, score_answer


@pytest.fixture(scope="module")
def lesson06():
    return load_rubric(lesson("lesson06-mean-var").rubric)


@pytest.mark.parametrize(
    ("blank", "wrong"),
    [("n_cols, 1.0", True), ("n_cols, 0.0", False), ("1.0", True), ("0.0", False), ("n_cols, ", False)],
)
def test_wrong_blank_reads_every_blank(blank, wrong):
    """Is a wrong literal found among several blanks ("n_cols, 1.0": 1.0), and an expression or an
    unfilled blank beside a right one never taken for a wrong value? (lesson 6, l6v2-ex-003)"""
    question = SimpleNamespace(right_blank=("0.0",))
    assert wrong_blank(question, {"blank": blank}) is wrong


def test_a_name_given_a_number_is_no_filled_value(lesson06):
    """Is "divisor 用 n_cols=5" read as an example's width, not as the value 5 filled into a blank,
    while "centered_other 用 0.0" in the same sentence still is the fill? (l6v2-ex-009)"""
    note = "divisor 用 n_cols=5 得均值 5，centered_other 用 0.0 时三个 padding lane 平方是 0"
    assert [value for value, _ in stated_values(prepare(note, lesson06), lesson06)] == ["0.0"]


def test_a_fill_parameter_given_a_value_is_still_the_fill(lesson06):
    """Does "centered_other=1.0" still state the fill (its name is a fill's own)?"""
    note = "我在 tl.where 里写的是 centered_other=1.0"
    assert [value for value, _ in stated_values(prepare(note, lesson06), lesson06)] == ["1.0"]


@pytest.fixture(scope="module")
def lesson07():
    return load_rubric(lesson("lesson07-softmax").rubric)


@pytest.mark.parametrize(
    "trial",
    [
        "我试过 other 填 0.0，宽度 100 的检查失败了，每行之和小于 1",
        "试了一下把 other 改成 0.0，全负的行就错了",
        "我把 other 改成 0.0 试试，结果宽度 100 失败",
        "我故意改成 0.0，检查立刻失败",
        "I tried other=0.0 and the width-100 check failed",
    ],
)
def test_a_described_experiment_is_no_submitted_value(lesson07, trial):
    """Does a note that reports a trial ("我试过 other 填 0.0…", "故意改成…", "I tried …") keep its
    value out of the submitted ones, so alice's correct lesson 7 note does not contradict her code?"""
    assert stated_values(prepare(trial, lesson07), lesson07) == []


@pytest.mark.parametrize(
    ("note", "value"),
    [("我填的是 0.0，检查失败了", "0.0"), ("我试过 -inf 和 0.0，最后填的是 0.0", "0.0")],
)
def test_the_submitted_value_is_still_stated_beside_a_trial(lesson07, note, value):
    """Is "我填的是 0.0" still the submitted value, alone or in a clause after a described trial?"""
    assert [v for v, _ in stated_values(prepare(note, lesson07), lesson07)] == [value]


def test_alice_lesson07_note_agrees_with_her_code(lesson07):
    """Is alice's note (other=-inf, and a trial of 0.0 that failed) free of contradicts_code?"""
    note = (
        '我在 other 填 -float("inf")，因为它是 max 的单位元，exp 之后是 0，不进分母；shift 填 row_max，'
        "因为减去最大值后 exp 不会溢出。我试过 other 填 0.0，宽度 100 的检查失败了，每行之和小于 1。"
    )
    context = {"blank": '-float("inf"), row_max', "checks_passed": True}
    assert "contradicts_code" not in score_answer(lesson07, "explanation", note, context).flags
