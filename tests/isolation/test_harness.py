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


# Lesson 6 has two blanks: (divisor, centered_other) -> (normal points, boundary points). Measured on
# both backends in benchmarks/results/lesson06-mean-var.json (differential.known_answers).
EXPECTED_L6 = {
    ("n_cols", "0.0"): (2, 1),
    ("n_cols", "0"): (2, 1),
    ("BLOCK_SIZE", "0.0"): (0, 0),  # the mean shrinks by N / BLOCK_SIZE
    ("n_cols", "1.0"): (0, 0),  # each padding lane adds 1 to the sum of squares
    ("n_cols", "float('nan')"): (0, 0),
    ("n_cols - 1", "0.0"): (0, 0),  # the sample variance is not the population variance
    ("n_cols", "1e-30"): (2, 1),  # its square underflows to 0 in float32: no output can tell it from 0.0
    ("n_cols", "None"): (0, 0),
    ("______", "0.0"): (0, 0),
}

# Lesson 7 has two blanks: (other, shift) -> (normal points, boundary points). The same points on CUDA
# (triton 3.6, H200) and the interpreter: benchmarks/results/lesson07-backends-h200.json.
EXPECTED_L7 = {
    ('-float("inf")', "row_max"): (2, 1),
    ("-math.inf", "tl.max(x, axis=0)"): (2, 1),
    ("-3.4028234663852886e38", "row_max"): (2, 1),  # float32's lowest finite value still loses every max
    ("0.0", "row_max"): (0, 0),  # the denominator grows by exp(0 - max) per padding lane
    ('-float("inf")', "0"): (2, 0),  # shift-invariant on ordinary rows; +-1000 overflows exp
    ("-1e30", "row_max"): (2, 0),  # rows below -1e30: the stand-in wins the max
    ("None", "row_max"): (0, 0),
    ('-float("inf")', "______"): (0, 0),
}

# Every discovered lesson has its known-answer table: its blanks' answers (one answer, or a tuple in the
# order of the spec's blanks) -> points per case group.
KNOWN = {
    "lesson05-row-sum": {answer: {"normal": n, "boundary": b} for answer, (n, b) in EXPECTED.items()},
    "lesson06-mean-var": {answers: {"normal": n, "boundary": b} for answers, (n, b) in EXPECTED_L6.items()},
    "lesson07-softmax": {answers: {"normal": n, "boundary": b} for answers, (n, b) in EXPECTED_L7.items()},
}


# The answers of KNOWN that fail the lesson's visible check (its shapes, rerun by the harness for no points).
# Near-identities (1e-30, -1e30) and lesson 7's shift 0 pass it, as they pass the notebook's own check.
VISIBLE_FAILS = {
    "lesson05-row-sum": {"1.0", "float('-inf')"},
    "lesson06-mean-var": {
        ("BLOCK_SIZE", "0.0"),
        ("n_cols", "1.0"),
        ("n_cols", "float('nan')"),
        ("n_cols - 1", "0.0"),
    },
    "lesson07-softmax": {("0.0", "row_max")},
}


@pytest.mark.parametrize("assignment", assignments())
def test_each_lesson_grades_its_known_answers(assignment):
    """Does each lesson's harness give every answer of its known-answer table exactly the listed points, and
    rerun the visible check's shapes with it (failed exactly for the answers that fail the notebook's check)?"""
    assert assignment in KNOWN, f"add {assignment}'s known-answer table to KNOWN"
    blanks = list(lesson(assignment).spec.exercise.blanks)
    for answer, expected in KNOWN[assignment].items():
        answers = dict(zip(blanks, answer if isinstance(answer, tuple) else (answer,), strict=True))
        result = run_harness(assignment, answers, "interpret", seed=7, limits=LIMITS)
        assert result.points == expected, answer
        ran = all(blank.allowed for blank in result.blanks)
        visible = (answer in VISIBLE_FAILS[assignment]) if ran else None
        assert result.visible_check_failed() == visible, answer
        assert all(case.group != "visible" for case in result.failed_cases()), "visible cases are not hidden"


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


def test_failures_name_the_shape_and_the_error():
    """Does a wrong identity's report name each failing shape and read the error as the padding lanes' value?"""
    result = run_harness("lesson05-row-sum", {"other": "1.0"}, "interpret", 7, LIMITS)
    failed = result.failed_cases()
    assert failed and all(case.detail.startswith("形状 ") for case in failed)
    assert {case.diagnosis["kind"] for case in failed} == {"identity"}


@pytest.mark.gpu
def test_gpu_and_interpreter_agree_on_every_answer():
    """Does each answer get the same verdict from the CUDA JIT as from the interpreter?"""
    for answer, expected in EXPECTED.items():
        assert _points(answer, "cuda") == expected, answer
        assert _points(answer, "interpret") == expected, answer
