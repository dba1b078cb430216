"""Each lesson's rubric, loaded once per test process: a Rubric is frozen, so every test file may share it."""

import pytest

from autograder.lesson.registry import lesson
from autograder.rubric import load_rubric


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
