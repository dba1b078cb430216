"""autograder/report/nbgrader_export.py: nbgrader's own tools on the grading folder (OUT/nbgrader/)."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autograder.build.nbgrader_run import nbgrader_env
from autograder.lesson.registry import REPO_ROOT

ASSIGNMENT = "lesson05-row-sum"
COURSE = "triton-reductions"
pytestmark = pytest.mark.slow


def _run(*args, cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run(args, cwd=cwd, env=nbgrader_env(), capture_output=True, text=True)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    return done


def _grade(submissions: Path, out: Path) -> dict:
    cmd = [sys.executable, "-m", "autograder", "grade", ASSIGNMENT, "--submissions", str(submissions)]
    cmd += ["--out", str(out), "--no-execute", "--seed", "5", "--jobs", "2", "--backend", "interpret"]
    done = subprocess.run(cmd, cwd=REPO_ROOT, capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr[-3000:]  # 1: an example (frank) cannot be graded
    return json.loads((out / "results.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("class") / "out"
    return out, _grade(REPO_ROOT / "examples" / "submissions", out)


def _nbgrader_scores(out: Path) -> dict[str, float]:
    """`nbgrader export` run in the grading folder's course folder, as an instructor runs it."""
    _run(sys.executable, "-m", "nbgrader", "export", cwd=out / "nbgrader")
    with open(out / "nbgrader" / "grades.csv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["assignment"] for row in rows} == {ASSIGNMENT}
    return {row["student_id"]: float(row["score"]) for row in rows}


def test_nbgrader_export_gives_each_student_our_total(graded):
    """Does `nbgrader export` on the grading folder give each student our total: the passing, the vetoed
    and the one whose notebook could not be graded among them, and nobody else?"""
    out, results = graded
    statuses = {entry["status"] for entry in results["students"]}
    assert {"pass", "error"} <= statuses and any(entry["vetoes"] for entry in results["students"])
    ours = {entry["student"]: entry["total"] for entry in results["students"]}
    assert _nbgrader_scores(out) == pytest.approx(ours)


def test_our_points_sit_on_the_grade_cells_the_spec_names(graded):
    """Does each part's score sit on the grade cell its Part.cell names (test cells for the code,
    answer cells for the written answers), with nbgrader's maxima equal to ours?"""
    from nbgrader.api import Gradebook

    from autograder.lesson.registry import lesson

    out, results = graded
    spec = lesson(ASSIGNMENT).spec
    alice = next(entry for entry in results["students"] if entry["student"] == "alice")
    with Gradebook(f"sqlite:///{out / 'nbgrader' / 'gradebook.db'}") as gradebook:
        for part in spec.parts:
            grade = gradebook.find_grade(part.cell, ASSIGNMENT, ASSIGNMENT, "alice")
            assert (grade.score, grade.max_score) == (alice["parts"][part.id], part.points)


def test_a_ta_decision_reaches_nbgraders_export(graded, tmp_path):
    """Does a TA's decision recorded with `review` change the score `nbgrader export` gives?"""
    out = tmp_path / "out"
    shutil.copytree(graded[0], out)
    cmd = [sys.executable, "-m", "autograder", "review", ASSIGNMENT, "--out", str(out), "--student", "bob"]
    _run(*cmd, "--set", "Q1=2", "--set", "Q2=2", "--reviewer", "ta", "--note", "test", cwd=REPO_ROOT)
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    bob = next(entry["total"] for entry in results["students"] if entry["student"] == "bob")
    before = next(entry["total"] for entry in graded[1]["students"] if entry["student"] == "bob")
    assert bob != before and _nbgrader_scores(out)["bob"] == pytest.approx(bob)


def test_release_feedback_copies_every_students_page_to_the_exchange(graded, tmp_path):
    """Are the pages in nbgrader's feedback layout, and does `nbgrader release_feedback` put every
    student's page (the grader's own, for the error student too) into the exchange?"""
    out, results = graded
    for entry in results["students"]:
        folder = out / "nbgrader" / "feedback" / entry["student"] / ASSIGNMENT
        page = (out / "feedback" / f"{entry['student']}.html").read_bytes()
        assert (folder / f"{ASSIGNMENT}.html").read_bytes() == page
        assert (folder / "timestamp.txt").is_file() and (folder / "submission_secret.txt").is_file()
    exchange = tmp_path / "exchange"
    exchange.mkdir()  # nbgrader's exchange root must exist; the course's folders in it it makes itself
    _run(sys.executable, "-m", "nbgrader", "release_feedback", ASSIGNMENT, f"--Exchange.root={exchange}",
         cwd=out / "nbgrader")  # fmt: skip
    released = sorted(path.read_bytes() for path in (exchange / COURSE / "feedback").iterdir())
    pages = sorted((out / "feedback" / f"{e['student']}.html").read_bytes() for e in results["students"])
    assert released == pages


def test_a_student_who_submitted_through_the_exchange_fetches_our_page(tmp_path):
    """submit -> collect -> grade -> release_feedback -> fetch_feedback: does the student get the grader's
    page back through nbgrader's exchange (the secret of the submission kept with the grade)?"""
    exchange, cache, student = tmp_path / "exchange", tmp_path / "cache", tmp_path / "student"
    (exchange / COURSE / "inbound").mkdir(parents=True)
    (exchange / COURSE / "outbound" / ASSIGNMENT).mkdir(parents=True)
    (student / ASSIGNMENT).mkdir(parents=True)
    alice = REPO_ROOT / "examples" / "submissions" / "alice" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    shutil.copy(alice, student / ASSIGNMENT)
    flags = [f"--Exchange.root={exchange}", f"--Exchange.cache={cache}", "--course", COURSE]
    _run(sys.executable, "-m", "nbgrader", "submit", ASSIGNMENT, *flags, cwd=student)
    course = tmp_path / "course"  # the instructor's nbgrader folder: collect needs the assignment known
    shutil.copytree(Path(REPO_ROOT / "source" / ASSIGNMENT), course / "source" / ASSIGNMENT)
    (course / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.CourseDirectory.course_id = {COURSE!r}\n"
    )
    _run(sys.executable, "-m", "nbgrader", "db", "assignment", "add", ASSIGNMENT, cwd=course)
    _run(sys.executable, "-m", "nbgrader", "collect", ASSIGNMENT, flags[0], cwd=course)
    out = tmp_path / "out"
    results = _grade(course / "submitted", out)
    assert [entry["status"] for entry in results["students"]] == ["pass"]
    _run(sys.executable, "-m", "nbgrader", "release_feedback", ASSIGNMENT, flags[0], cwd=out / "nbgrader")
    _run(sys.executable, "-m", "nbgrader", "fetch_feedback", ASSIGNMENT, *flags, cwd=student)
    fetched = list((student / ASSIGNMENT / "feedback").rglob(f"{ASSIGNMENT}.html"))
    name = results["students"][0]["student"]
    assert [path.read_bytes() for path in fetched] == [(out / "feedback" / f"{name}.html").read_bytes()]


def test_the_assignment_gradebook_is_made_once_per_process(tmp_path, monkeypatch):
    """Does a second grading folder get a copy of the assignment gradebook instead of another generate_assignment?"""
    from autograder.lesson.registry import lesson
    from autograder.pipeline import execute
    from autograder.report import nbgrader_export

    made = []
    real = execute.prepare_template

    def counted(assignment, workdir):
        made.append(assignment)
        return real(assignment, workdir)

    monkeypatch.setattr(execute, "prepare_template", counted)
    monkeypatch.setattr(nbgrader_export, "_made", {})
    item = lesson("lesson05-row-sum")
    first = nbgrader_export.prepare(tmp_path / "a", item)
    second = nbgrader_export.prepare(tmp_path / "b", item)
    assert made == ["lesson05-row-sum"]
    assert (first / "gradebook.db").read_bytes() == (second / "gradebook.db").read_bytes()
    assert nbgrader_export.prepare(tmp_path / "b", item) == second and made == ["lesson05-row-sum"]
