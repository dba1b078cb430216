"""Each lesson's rubric, loaded once per test process: a Rubric is frozen, so every test file may share it. Each
lesson's calibration, scored once per test run: the test processes share it."""

import os
import pickle

import pytest
from filelock import FileLock

from autograder.lesson.registry import lesson
from autograder.rubric import check_lesson, load_rubric


@pytest.fixture(scope="session")
def l5():
    return load_rubric(lesson("lesson05-row-sum").rubric)


@pytest.fixture(scope="session")
def l6():
    return load_rubric(lesson("lesson06-mean-var").rubric)


@pytest.fixture(scope="session")
def l7():
    return load_rubric(lesson("lesson07-softmax").rubric)


def _found(result) -> set[str]:
    """The ids a score read: each concept it credited and each misconception it found."""
    data = result.to_json()
    return {m["concept"] for m in data["matched"]} | {m["id"] for m in data["misconceptions"]}


@pytest.fixture(scope="session")
def found():
    """found(score) -> the concepts credited and misconceptions read, for tests that ask whether a rule read."""
    return _found


@pytest.fixture(scope="session")
def calibrated(tmp_path_factory):
    """calibrated(assignment) -> the lesson's calibration scored on its rubric (what `rubric check` measures).

    Scoring a lesson's calibration takes minutes and three test files ask for it, so it is scored once per run: under
    pytest-xdist the first process to ask scores it and leaves it in the run's shared temporary folder (behind a lock)
    for the others; without xdist, once in the one process.
    """
    shared = tmp_path_factory.getbasetemp().parent if os.environ.get("PYTEST_XDIST_WORKER") else None
    memo = {}

    def checked(assignment: str):
        if assignment not in memo:
            memo[assignment] = _shared_check(assignment, shared) if shared else check_lesson(assignment)
        return memo[assignment]

    return checked


def _shared_check(assignment: str, folder):
    stored = folder / f"calibration-{assignment}.pickle"
    with FileLock(f"{stored}.lock"):
        if stored.is_file():
            return pickle.loads(stored.read_bytes())
        result = check_lesson(assignment)
        stored.write_bytes(pickle.dumps(result))
        return result
