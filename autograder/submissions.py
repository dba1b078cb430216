"""Finding and reading submissions: a bad file is an error for that student, never for the batch.

Every entry of the submissions folder becomes one submission, so nobody silently
drops out of the results: a student whose folder holds no notebook, two
notebooks, a link, or a file that is not a notebook gets a grade that says so.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import nbformat

from autograder.lessons import lesson

SAFE_ID = re.compile(r"[^A-Za-z0-9_.\-]+")
# What file managers and archivers leave in a download; never a student's work.
JUNK = {".DS_Store", ".ipynb_checkpoints", "__MACOSX", ".git", "Thumbs.db", "desktop.ini"}
NBGRADER_FLAGS = ("grade", "solution", "locked", "task")


class SubmissionError(ValueError):
    """This student's file cannot be graded; the message says why, in words a TA can act on."""


@dataclass(frozen=True)
class Submission:
    student: str  # a safe id for file names; see ``label`` for the name as found
    label: str  # the folder or file name as it was in the submissions folder
    path: Path | None  # None when the student's folder holds no notebook of this assignment
    problem: str = ""  # why this entry cannot be graded, found while discovering it

    def digest(self) -> str:
        """Identifies the submitted bytes, so a resumed batch regrades only what changed."""
        if self.path is None or not self.path.is_file() or self.path.is_symlink():
            return "missing:" + self.problem
        return hashlib.sha256(self.path.read_bytes()).hexdigest()


def safe_id(name: str) -> str:
    cleaned = SAFE_ID.sub("_", name).strip("._")[:90] or "student"
    if cleaned != name:  # keep distinct names distinct after cleaning
        cleaned += "-" + hashlib.sha1(name.encode("utf-8", "surrogateescape")).hexdigest()[:6]
    return cleaned


def discover(folder: Path, assignment: str) -> list[Submission]:
    """nbgrader's DIR/<student>/<assignment>/<assignment>.ipynb, or a flat DIR/<student>.ipynb."""
    if not folder.is_dir():
        raise FileNotFoundError(f"submissions folder not found: {folder}")
    found, seen = [], set()
    for entry in sorted(folder.iterdir()):
        if entry.name in JUNK or entry.name.startswith("._"):
            continue
        if entry.is_symlink():
            submission = Submission(
                safe_id(entry.stem), entry.name, None, "the submission is a symbolic link"
            )
        elif entry.is_dir():
            path, problem = _notebook_in(entry, assignment)
            submission = Submission(safe_id(entry.name), entry.name, path, problem)
        elif entry.suffix == ".ipynb":
            submission = Submission(safe_id(entry.stem), entry.name, entry)
        else:
            submission = Submission(
                safe_id(entry.name), entry.name, None, f"{entry.name} is not a notebook file"
            )
        if submission.student in seen:  # alice.ipynb beside a folder alice/: both are graded, apart
            tag = hashlib.sha1(entry.name.encode("utf-8", "surrogateescape")).hexdigest()[:6]
            submission = replace(submission, student=f"{submission.student}-{tag}")
        seen.add(submission.student)
        found.append(submission)
    return found


def _notebook_in(student_dir: Path, assignment: str) -> tuple[Path | None, str]:
    folder, name = student_dir / assignment, f"{assignment}.ipynb"
    expected = folder / name
    if expected.is_symlink():
        return None, f"{assignment}/{name} is a symbolic link, not a file"
    if expected.is_file():
        return expected, ""
    notebooks = (
        sorted(p for p in folder.glob("*.ipynb") if p.is_file() and not p.is_symlink())
        if folder.is_dir()
        else []
    )
    if len(notebooks) == 1:
        return notebooks[0], ""  # renamed, but there is only one: grade it
    if notebooks:
        listed = ", ".join(p.name for p in notebooks)
        return None, f"{assignment}/ holds {len(notebooks)} notebooks ({listed}) and none is named {name}"
    return None, f"no notebook {assignment}/{name} in the student's folder"


def read_notebook(submission: Submission, assignment: str, max_bytes: int) -> nbformat.NotebookNode:
    """Parse and check one submission; raises SubmissionError with the reason."""
    if submission.problem or submission.path is None:
        raise SubmissionError(submission.problem or f"no notebook {assignment}/{assignment}.ipynb")
    try:
        size = submission.path.stat().st_size
        if size > max_bytes:
            raise SubmissionError(f"notebook is {size / 1e6:.1f} MB, over the {max_bytes / 1e6:.0f} MB limit")
        raw = json.loads(submission.path.read_bytes().decode("utf-8"))
    except OSError as error:
        raise SubmissionError(f"cannot read the notebook: {error.strerror}") from None
    except UnicodeDecodeError:
        raise SubmissionError("not a notebook: the file is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise SubmissionError(f"not a notebook: invalid JSON ({error.msg} at line {error.lineno})") from None
    except RecursionError:
        raise SubmissionError("not a notebook: the JSON is nested too deeply") from None
    nb = _parse(raw)
    _check_metadata(nb)
    _check_assignment(nb, assignment)
    return nb


def _parse(raw) -> nbformat.NotebookNode:
    if not isinstance(raw, dict) or ("cells" not in raw and "worksheets" not in raw):
        raise SubmissionError("not a notebook: the JSON has no cells")
    version = raw.get("nbformat")
    if isinstance(version, int) and version < 4:
        raise SubmissionError(f"notebook format {version} is too old: open it in Jupyter and save it again")
    try:
        nb = nbformat.reads(json.dumps(raw), as_version=4)
        nbformat.validate(nb)
    except Exception as error:  # nbformat raises many types for one meaning: not a valid notebook
        raise SubmissionError(f"not a valid notebook: {str(error).splitlines()[0][:200]}") from None
    return nb


def _check_metadata(nb) -> None:
    """nbgrader's cell metadata in the shapes the grader reads; anything else is a broken file, said so."""
    for index, cell in enumerate(nb.cells):
        meta = cell.metadata.get("nbgrader")
        if meta is None:
            continue
        bad = not isinstance(meta, dict) or not isinstance(meta.get("grade_id", ""), str)
        bad = bad or any(not isinstance(meta.get(flag, False), bool) for flag in NBGRADER_FLAGS)
        if bad:
            raise SubmissionError(
                f"cell {index} has malformed nbgrader metadata; download the assignment again"
            )


@cache
def _release_signature(assignment: str) -> tuple[frozenset, frozenset]:
    """The release's exercise and test cell ids, and its locked cells' text."""
    release = nbformat.read(lesson(assignment).release_notebook, as_version=4)
    graded, locked = set(), set()
    for cell in release.cells:
        meta = cell.metadata.get("nbgrader", {})
        if cell.cell_type == "code" and (meta.get("grade") or meta.get("solution")):
            graded.add(meta["grade_id"])
        if meta.get("locked"):
            locked.add(cell.source.strip())
    return frozenset(graded), frozenset(locked)


def _check_assignment(nb, assignment: str) -> None:
    """Another lesson's notebook shares neither the exercise's cells nor the lesson's text."""
    graded, locked = _release_signature(assignment)
    ids = {cell.metadata.get("nbgrader", {}).get("grade_id") for cell in nb.cells}
    shared_text = len(locked & {cell.source.strip() for cell in nb.cells})
    if not graded & ids and shared_text * 2 < len(locked):
        raise SubmissionError(f"this notebook is not {assignment}: none of its exercise cells are here")


def grade_ids(nb) -> list[str]:
    return [cell.metadata.get("nbgrader", {}).get("grade_id") for cell in nb.cells]
