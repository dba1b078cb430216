"""autograder/isolation/harness.py: the code verdict from the trusted template."""

import pytest

from autograder.isolation.harness import run_harness
from autograder.isolation.sandbox import Limits
from autograder.lesson.registry import assignments, lesson

LIMITS = Limits(wall_s=120)
# answer -> (normal points, boundary points): what a careful instructor gives
EXPECTED = {
    "0.0": (2, 1),
    "0": (2, 1),
    "-0.0": (2, 1),
    "1.0": (0, 0),
    "float('-inf')": (0, 0),
    "1e-30": (0, 0),  # not the identity: the exact all-zero rows of both groups catch it
    "None": (0, 0),
    "______": (0, 0),
    "-inf": (0, 0),
    "__import__('os').system('touch /tmp/pwned')": (0, 0),
}


# Every discovered lesson has its known-answer table: its one blank's answer -> points per case group.
KNOWN = {
    "lesson05-row-sum": {answer: {"normal": n, "boundary": b} for answer, (n, b) in EXPECTED.items()},
}


@pytest.mark.parametrize("assignment", assignments())
def test_each_lesson_grades_its_known_answers(assignment):
    """Does each lesson's harness give every answer of its known-answer table exactly the listed points?"""
    assert assignment in KNOWN, f"add {assignment}'s known-answer table to KNOWN"
    (blank,) = lesson(assignment).spec.exercise.blanks
    for answer, expected in KNOWN[assignment].items():
        result = run_harness(assignment, {blank: answer}, "interpret", seed=7, limits=LIMITS)
        assert result.points == expected, answer


def _points(answer: str, backend: str) -> tuple[float, float]:
    result = run_harness("lesson05-row-sum", {"other": answer}, backend, seed=7, limits=LIMITS)
    return result.points["normal"], result.points["boundary"]


@pytest.mark.parametrize("answer", ["0.0", "1.0", "1e-30", "None"])
def test_each_answer_gets_what_a_careful_instructor_gives(answer):
    """Do the identity, a wrong identity, a tiny non-identity and None score 3, 0, 2 and 0 code points?"""
    assert _points(answer, "interpret") == EXPECTED[answer]


def test_refused_answers_explain_themselves_and_run_nothing(tmp_path):
    """Is an answer that runs code refused before anything executes, with a reason, and routed to a TA?"""
    result = run_harness(
        "lesson05-row-sum", {"other": "__import__('os').system('id')"}, "interpret", 7, LIMITS
    )
    assert result.cases == [] and not result.blanks[0].allowed
    assert "助教" in result.blanks[0].reason and result.blanks[0].review


def test_failures_name_the_row_and_the_error():
    """Does a wrong identity's report say which row was off and by how much?"""
    result = run_harness("lesson05-row-sum", {"other": "1.0"}, "interpret", 7, LIMITS)
    failed = result.failed_cases()
    assert failed and all(case.detail.startswith("row ") for case in failed)


@pytest.mark.gpu
def test_gpu_and_interpreter_agree_on_every_answer():
    """Does each answer get the same verdict from the CUDA JIT as from the interpreter?"""
    for answer, expected in EXPECTED.items():
        assert _points(answer, "cuda") == expected, answer
        assert _points(answer, "interpret") == expected, answer
