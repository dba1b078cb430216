"""autograder/build/points.py: the build refuses points that disagree between spec.py, lesson.py and rubric.yaml."""

import os
import shutil
import subprocess
import sys

import pytest

from autograder.build.points import PointsMismatch, check_points, disagreements
from autograder.lesson import registry
from autograder.lesson.registry import REPO_ROOT, assignments, lesson


@pytest.mark.parametrize("assignment", assignments())
def test_every_lesson_declares_the_same_points_everywhere(assignment):
    """Do each lesson's spec, lesson.py cells and rubric.yaml give every part the same points?"""
    assert disagreements(lesson(assignment)) == []


@pytest.fixture
def copy(tmp_path, monkeypatch):
    """A copy of lesson 5's folder in a lessons folder of its own, scanned instead of course/lessons."""
    original = lesson("lesson05-row-sum").folder
    folder = tmp_path / "lessons" / original.name
    shutil.copytree(original, folder, ignore=shutil.ignore_patterns("img", "calibration*.yaml"))
    monkeypatch.setenv(registry.LESSONS_ENV, str(folder.parent))
    registry.forget()
    yield folder
    registry.forget()


# the seed's parts with Q1 worth 1.5, as a spec.py could declare them
Q1_AT_1_5 = 'tuple(__import__("dataclasses").replace(p, points=1.5) if p.id == "Q1" else p for p in seed_parts("row_sum"))'


@pytest.mark.parametrize(
    ("file", "old", "new", "said"),
    [
        ("lesson.py", 'grade_id="test_row_sum_boundary" points=1', 'grade_id="test_row_sum_boundary" points=2',
         "lesson.py cell test_row_sum_boundary has points=2"),
        ("lesson.py", 'grade_id="Q2" points=2', 'grade_id="Q2" points=3', "lesson.py cell Q2 has points=3"),
        ("rubric.yaml", ("  Q3:\n", "    max_points: 2\n"), "    max_points: 3\n", "rubric.yaml Q3 has max_points: 3"),
        ("spec.py", 'parts=seed_parts("row_sum")', f'parts={Q1_AT_1_5}', "part Q1 (1.5 in spec.py)"),
        ("spec.py", 'parts=seed_parts("row_sum")', 'parts=seed_parts("row_sum")[:5]',
         "lesson.py cell Q3 has points=2 but no part in spec.py"),
    ],
)  # fmt: skip
def test_a_disagreeing_copy_is_refused(copy, file, old, new, said):
    """Is a lesson whose points were changed in one place only refused, naming the place?"""
    text = (copy / file).read_text(encoding="utf-8")
    start = text.index(old[0]) if isinstance(old, tuple) else 0  # (block, line): the line inside the block
    line = old[1] if isinstance(old, tuple) else old
    at = text.index(line, start)
    assert isinstance(old, tuple) or text.count(line) == 1, line
    (copy / file).write_text(text[:at] + new + text[at + len(line) :], encoding="utf-8")
    with pytest.raises(PointsMismatch, match="points disagree") as refused:
        check_points(lesson("lesson05-row-sum"))
    assert said in str(refused.value)


def test_the_build_command_fails_with_the_message(copy):
    """Does `python -m autograder build` exit non-zero and say which copy disagrees, writing nothing?"""
    script = copy / "lesson.py"
    script.write_text(
        script.read_text(encoding="utf-8").replace('grade_id="Q1" points=2', 'grade_id="Q1" points=4')
    )
    env = {**os.environ, registry.LESSONS_ENV: str(copy.parent)}
    done = subprocess.run(
        [sys.executable, "-m", "autograder", "build", "lesson05-row-sum"],
        capture_output=True, text=True, cwd=REPO_ROOT, env=env, timeout=300,
    )  # fmt: skip
    assert done.returncode != 0 and "lesson.py cell Q1 has points=4" in done.stderr
