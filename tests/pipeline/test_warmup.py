"""autograder/pipeline/warmup.py: a warm Triton cache from the reference answers, only where it helps."""

from __future__ import annotations

import os

import nbformat
import pytest

from autograder.build.blanks import BLANK
from autograder.lesson.registry import lesson
from autograder.pipeline import warmup


def _exercise(path, item):
    nb = nbformat.read(path, as_version=4)
    cell_id = item.spec.exercise.cell
    return next(c.source for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == cell_id)


@pytest.mark.parametrize(
    ("assignment", "expected"),
    [("lesson05-row-sum", ["other=0.0"]), ("lesson06-mean-var", ["n_cols", "0.0"])],
)
def test_the_warm_notebook_has_every_blank_filled_with_the_reference(tmp_path, assignment, expected):
    """Does the warm-up run the release notebook with each blank of the exercise holding its reference answer?"""
    item = lesson(assignment)
    source = _exercise(warmup.filled_release(item, tmp_path / "warm.ipynb"), item)
    assert BLANK not in source
    assert all(text in source for text in expected)


def test_no_seed_on_the_interpreter(tmp_path):
    """Does a batch on the interpreter (which compiles nothing) skip the warm-up and leave the environment alone?"""
    before = os.environ.get(warmup.SEED_ENV)
    with warmup.seeded(lesson("lesson05-row-sum"), "interpret", 5, tmp_path) as cache:
        assert cache is None
        assert os.environ.get(warmup.SEED_ENV) == before
    assert not (tmp_path / "triton-seed").exists()
