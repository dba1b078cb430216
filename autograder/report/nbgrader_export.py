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

import contextlib
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
TEMPLATE = ".assignment"  # OUT/nbgrader/.assignment/<digest>/: the gradebook with the assignment only
_made: dict[str, Path] = {}  # digest -> a folder this process kept: copied, not made again, for the next OUT


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


def prepare(out: Path, item: Lesson) -> Path:
    """A gradebook that holds the assignment only, made by nbgrader from the source notebook, kept per source.

    generate_assignment costs seconds (7 s on 2 cores), so it runs once per grading folder and source
    notebook: a batch starts it beside its grading (autograder/pipeline/batch.py), and every later
    rebuild (merge, review) finds it in OUT/nbgrader/.assignment/<digest>/.
    """
    digest = hashlib.sha256(item.source_notebook.read_bytes()).hexdigest()[:16]
    kept = out / FOLDER / TEMPLATE / digest
    if (kept / "gradebook.db").is_file():
        return kept
    from autograder.pipeline.execute import prepare_template

    kept.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=kept.parent, prefix=".making-") as tmp:
        made = _made.get(digest)
        if made is not None and (made / "gradebook.db").is_file():  # this process made one for another folder
            template = Path(shutil.copytree(made, Path(tmp) / "template"))
        else:
            template = prepare_template(item.assignment, Path(tmp))
        with contextlib.suppress(OSError):  # made at the same time by another process: either one will do
            os.replace(template, kept)
    _made[digest] = kept
    return kept


def _assignment_gradebook(item: Lesson, root: Path) -> Path:
    """The kept assignment-only gradebook; source/ goes beside ours, where nbgrader's formgrader looks."""
    template = prepare(root.parent, item)
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
