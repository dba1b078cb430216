"""The implementation note against the submission: the values it says were filled."""

from types import SimpleNamespace

import pytest

from autograder.lesson.registry import lesson
from autograder.rubric import load_rubric
from autograder.rubric.note import stated_values, wrong_blank
from autograder.rubric.score import prepare


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
