"""autograder/pipeline/batch.py: one broken submission never stops a batch, and a resumed batch grades only what is left."""

from __future__ import annotations

import io
import subprocess
import sys

import nbformat
import pytest

from autograder.config import policy
from autograder.lesson import registry
from autograder.lesson.registry import REPO_ROOT, lesson
from autograder.pipeline import batch, store

ASSIGNMENT = "lesson05-row-sum"


def submit(folder, student: str, blank: str) -> None:
    nb = nbformat.read(lesson(ASSIGNMENT).release_notebook, as_version=4)
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == "row_sum_kernel":
            cell.source = cell.source.replace("______", blank)
    path = folder / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(policy(), "EXECUTE_NOTEBOOKS", False)
    for student, blank in (("ann", "0.0"), ("ben", "0.0"), ("cat", "0.0")):
        submit(tmp_path / "subs", student, blank)
    return tmp_path


def test_an_unforeseen_crash_is_one_students_error(folder, monkeypatch):
    """Does an exception nobody foresaw, raised while grading ben, become ben's error while ann and cat are graded?"""
    real = batch.grade_one

    def grade_one(ctx, submission):
        if submission.student == "ben":
            raise AttributeError("'str' object has no attribute 'get'")
        return real(ctx, submission)

    monkeypatch.setattr(batch, "grade_one", grade_one)
    _, summary = batch.grade_batch(ASSIGNMENT, folder / "subs", folder / "out", "interpret", jobs=2, seed=3)
    assert sorted(summary.graded) == ["ann", "cat"] and summary.failed == ["ben"]
    ben = store.read_json(store.grade_path(folder / "out", "ben"))
    assert "internal error while grading (AttributeError" in ben["errors"][0]
    parts = {part.id for part in lesson(ASSIGNMENT).spec.parts}
    assert set(ben["parts"]) == parts and all(p["points"] == 0 for p in ben["parts"].values())


def test_a_batch_loads_the_lesson_spec_once(folder, monkeypatch):
    """Is spec.py executed once for a whole batch (three students, two threads), not once per step or student?"""
    loads = []
    real = registry.load_spec
    monkeypatch.setattr(registry, "load_spec", lambda path: loads.append(path) or real(path))
    registry.forget()
    try:
        _, summary = batch.grade_batch(
            ASSIGNMENT, folder / "subs", folder / "out", "interpret", jobs=2, seed=3
        )
        spec_file, seen = lesson(ASSIGNMENT).spec_file, list(loads)
    finally:
        registry.forget()  # the next test scans with the real loader
    assert sorted(summary.graded) == ["ann", "ben", "cat"]
    # discovery executes each lesson folder's spec.py once (all of them: that is how ids are found)
    assert spec_file in seen and len(seen) == len(set(seen))


def test_a_resumed_batch_grades_only_what_changed(folder):
    """Does a second run reuse every unchanged grade untouched and regrade only the notebook that changed?"""
    out = folder / "out"
    batch.grade_batch(ASSIGNMENT, folder / "subs", out, "interpret", seed=3)
    before = {p.name: p.stat().st_mtime_ns for p in (out / "grades").iterdir()}
    submit(folder / "subs", "cat", "1.0")
    _, summary = batch.grade_batch(ASSIGNMENT, folder / "subs", out, "interpret", seed=3)
    assert summary.graded == ["cat"] and sorted(summary.reused) == ["ann", "ben"]
    after = {p.name: p.stat().st_mtime_ns for p in (out / "grades").iterdir()}
    assert after["ann.json"] == before["ann.json"] and after["cat.json"] != before["cat.json"]
    cat = store.read_json(store.grade_path(out, "cat"))
    assert cat["parts"]["code_normal"]["points"] == 0


def test_grades_made_without_running_notebooks_are_redone_when_they_run(folder):
    """Is a grade made with --no-execute stale once notebooks are run (it lacks nbgrader's feedback)?"""
    out = folder / "out"
    subs = batch.discover(folder / "subs", ASSIGNMENT)
    batch.grade_batch(ASSIGNMENT, folder / "subs", out, "interpret", seed=3)
    state = store.batch_state(out, ASSIGNMENT, "interpret", 3, execute=False)
    assert all(batch._up_to_date(out, s, state) for s in subs)
    state = store.batch_state(out, ASSIGNMENT, "interpret", 3, execute=True)
    assert not any(batch._up_to_date(out, s, state) for s in subs)


HOLD_LOCK = (
    "import sys, time; from pathlib import Path; from autograder.pipeline import store\n"
    "with store.exclusive(Path(sys.argv[1])):\n    print('held', flush=True); time.sleep(60)"
)


def test_a_second_grader_is_refused_and_changes_nothing(folder):
    """Does a grader started on a folder another grader holds stop at once, writing nothing?"""
    out = folder / "out"
    out.mkdir()
    # the lock is reentrant within one process, so the first grader is another process holding it
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(out)], stdout=subprocess.PIPE, text=True, cwd=REPO_ROOT
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(store.BusyError, match="another grader"):
            batch.grade_batch(ASSIGNMENT, folder / "subs", out, "interpret", seed=3)
    finally:
        holder.kill()
        holder.wait()
    assert not (out / "batch.json").exists() and not (out / "grades").exists()


def _grades_without_timing(out):
    return {p.name: store.without_timing(store.read_json(p)) for p in (out / "grades").iterdir()}


def test_parallel_grades_are_the_serial_grades(folder):
    """Do --jobs 3 and --jobs 1 write the same grade for every student (timing aside), counting each in the progress?"""
    from autograder.pipeline.progress import Progress

    submit(folder / "subs", "ben", "1.0")
    submit(folder / "subs", "dan", "float('-inf')")
    progress = Progress(bar=False, stream=io.StringIO())
    batch.grade_batch(ASSIGNMENT, folder / "subs", folder / "serial", "interpret", jobs=1, seed=3)
    batch.grade_batch(
        ASSIGNMENT, folder / "subs", folder / "par", "interpret", jobs=3, seed=3, progress=progress
    )
    assert _grades_without_timing(folder / "par") == _grades_without_timing(folder / "serial")
    assert (progress.done, progress.total) == (4, 4)


def test_a_shard_grades_only_its_slice(folder):
    """Does --shard 2/2 grade only the second of every two students, while the roster holds all?"""
    from autograder.pipeline.shards import Shard

    subs, summary = batch.grade_batch(
        ASSIGNMENT, folder / "subs", folder / "out", "interpret", seed=3, shard=Shard(2, 2)
    )
    assert [s.student for s in subs] == ["ben"] and summary.roster == ["ann", "ben", "cat"]
    assert [p.stem for p in (folder / "out" / "grades").iterdir()] == ["ben"]


def test_an_executed_batch_makes_the_assignment_gradebook_once(folder, monkeypatch):
    """Does an executed batch grade from the gradebook the reports keep, so generate_assignment runs once per folder?"""
    from autograder.pipeline import execute
    from autograder.report import nbgrader_export

    made, seen = [], []
    real = execute.prepare_template
    monkeypatch.setattr(execute, "prepare_template", lambda *args: made.append(args) or real(*args))
    monkeypatch.setattr(nbgrader_export, "_made", {})
    monkeypatch.setattr(policy(), "EXECUTE_NOTEBOOKS", True)

    def grade_one(ctx, submission):  # what grading reads, without running a notebook
        seen.append(ctx.template)
        grade = batch.Grade(submission.student, submission.label, submission.digest())
        grade.parts = batch.zero_parts(ctx.lesson)
        return grade

    monkeypatch.setattr(batch, "grade_one", grade_one)
    _, summary = batch.grade_batch(ASSIGNMENT, folder / "subs", folder / "out", "interpret", jobs=2, seed=3)
    kept = nbgrader_export.prepare(folder / "out", lesson(ASSIGNMENT))
    assert len(made) == 1 and set(seen) == {kept} and len(summary.graded) == 3
