"""nbgrader's own course folder in the grading folder (OUT/nbgrader/): its gradebook, export and feedback.

An instructor who runs a class on nbgrader keeps its tools: ``cd OUT/nbgrader && nbgrader export``
writes nbgrader's grades.csv, and ``nbgrader release_feedback ASSIGNMENT`` returns each student's page
through the exchange. Rebuilt with every other report (grade, merge, review), so a TA's decision
reaches the gradebook like it reaches results.json.

The gradebook is made by nbgrader itself: the assignment, its notebook and grade cells by
``generate_assignment`` on the lesson's source notebook (hidden tests removed, as for grading:
autograder/pipeline/execute.py prepare_template), students and submissions through nbgrader.api.
Our final points go on the grade cell each part names in the lesson's spec (Part.cell: a case
group's test cell, a question's answer cell) as ``manual_score``, which nbgrader's score prefers to
its own ``auto_score``: so nbgrader's score is our total. nbgrader has no veto and no pending
review; its score stays our total and the status is carried by results.json, grades.csv and
Gradescope's files (README, "nbgrader").
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import tempfile
import warnings
from datetime import datetime, timezone
from pathlib import Path

from autograder.config import policy
from autograder.lesson.registry import Lesson

FOLDER = "nbgrader"
CONFIG = '''"""nbgrader's course folder for one grading folder; rebuilt by `python -m autograder` grade, merge and review."""

c = get_config()  # noqa: F821
c.CourseDirectory.course_id = {course!r}
# `nbgrader release_feedback {assignment}` copies feedback/ to the exchange: name it here, e.g.
# c.Exchange.root = "/srv/nbgrader/exchange"
'''
TIMESTAMP = "%Y-%m-%d %H:%M:%S.%f %Z"  # nbgrader's own format for timestamp.txt
_assignments: dict[
    str, Path
] = {}  # source digest -> a gradebook with only the assignment, made once per process


def write(out: Path, results: dict, grades: dict, item: Lesson) -> Path:
    """OUT/nbgrader/: nbgrader_config.py, source/, gradebook.db and feedback/; returns the folder."""
    root = out / FOLDER
    root.mkdir(parents=True, exist_ok=True)
    empty = _assignment_gradebook(item, root)
    tmp = root / ".gradebook.db.tmp"
    shutil.copyfile(empty, tmp)
    _fill(tmp, results, grades, item)
    os.replace(tmp, root / "gradebook.db")  # nbgrader never sees half a class
    config = CONFIG.format(course=policy().COURSE_ID, assignment=item.assignment)
    (root / "nbgrader_config.py").write_text(config, encoding="utf-8")
    for entry in results["students"]:
        exchange = (grades.get(entry["student"]) or {}).get("exchange", {})
        _feedback(out, root, item.assignment, entry["student"], exchange)
    return root


def _assignment_gradebook(item: Lesson, root: Path) -> Path:
    """A gradebook that holds the assignment only, made by nbgrader from the source notebook.

    generate_assignment costs seconds, so it runs once per source notebook and process; source/
    goes beside the gradebook, where nbgrader's formgrader looks for it.
    """
    from autograder.pipeline.execute import prepare_template

    digest = hashlib.sha256(item.source_notebook.read_bytes()).hexdigest()
    if digest not in _assignments:
        template = prepare_template(item.assignment, Path(tempfile.mkdtemp(prefix="nbgrader-export-")))
        _assignments[digest] = template
    template = _assignments[digest]
    shutil.copytree(template / "source", root / "source", dirs_exist_ok=True)
    return template / "gradebook.db"


def _fill(db: Path, results: dict, grades: dict, item: Lesson) -> None:
    """Every student of the results, with a submission whose grade cells hold our final points."""
    from nbgrader.api import Gradebook
    from sqlalchemy.exc import SAWarning

    cell = {part.id: part.cell for part in item.spec.parts}
    name = item.assignment  # the notebook is named like its assignment
    with Gradebook(f"sqlite:///{db}") as gradebook, warnings.catch_warnings():
        # add_submission's own autoflush warns that a notebook is "not in session"; nbgrader's own runs do too
        warnings.simplefilter("ignore", SAWarning)
        for entry in results["students"]:
            student = entry["student"]
            grade_file = grades.get(student) or {}
            gradebook.update_or_create_student(student)
            gradebook.add_submission(name, student, **_timestamp(grade_file.get("exchange", {})))
            stored = grade_file.get("parts", {})
            for part, points in entry["parts"].items():
                grade = gradebook.find_grade(cell[part], name, name, student)
                grade.manual_score = points
                # formgrader lists the cells a TA still has to decide
                grade.needs_manual_grade = bool(stored.get(part, {}).get("needs_review"))
                grade.needs_manual_grade &= not entry["reviewed_by"] and not entry["errors"]
        gradebook.db.commit()


def _timestamp(exchange: dict) -> dict:
    """When nbgrader's exchange says it was submitted (its export prints it); nothing for a download."""
    return {"timestamp": exchange["timestamp"]} if exchange.get("timestamp") else {}


def _feedback(out: Path, root: Path, assignment: str, student: str, exchange: dict) -> None:
    """The student's page where release_feedback looks for it, with the two files it reads beside it.

    The released file is named after the submission's secret, which only a submission made through
    nbgrader's exchange has (the grade keeps it: autograder/integrity/exchange.py); without one, a secret
    is made once and kept, so release_feedback still works and a rebuild releases the same file, but
    no student can fetch it: such a class gets its pages another way (the LMS, Gradescope).
    """
    folder = root / "feedback" / student / assignment
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(out / "feedback" / f"{student}.html", folder / f"{assignment}.html")
    secret, stamp = folder / "submission_secret.txt", folder / "timestamp.txt"
    if exchange.get("secret") or not secret.is_file():
        secret.write_text(exchange.get("secret") or secrets.token_hex(64), encoding="utf-8")
    if exchange.get("timestamp") or not stamp.is_file():
        now = datetime.now(timezone.utc).strftime(TIMESTAMP)
        stamp.write_text(exchange.get("timestamp") or now, encoding="utf-8")
