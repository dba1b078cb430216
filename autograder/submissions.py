"""Finding and reading submissions: a bad file is an error for that student, never for the batch."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

import nbformat

SAFE_ID = re.compile(r"[^A-Za-z0-9_.\-]+")


class SubmissionError(ValueError):
    """This student's file cannot be graded; the message says why, in words a TA can act on."""


@dataclass(frozen=True)
class Submission:
    student: str  # a safe id for file names; see ``label`` for the name as found
    label: str  # the folder or file name as it was in the submissions folder
    path: Path | None  # None when the student's folder holds no notebook of this assignment

    def digest(self) -> str:
        """Identifies the submitted bytes, so a resumed batch regrades only what changed."""
        if self.path is None or not self.path.is_file():
            return "missing"
        return hashlib.sha256(self.path.read_bytes()).hexdigest()


def safe_id(name: str) -> str:
    cleaned = SAFE_ID.sub("_", name).strip("._") or "student"
    if cleaned != name:  # keep distinct names distinct after cleaning
        cleaned += "-" + hashlib.sha1(name.encode("utf-8", "surrogateescape")).hexdigest()[:6]
    return cleaned[:100]


def discover(folder: Path, assignment: str) -> list[Submission]:
    """nbgrader's DIR/<student>/<assignment>/<assignment>.ipynb, or a flat DIR/<student>.ipynb."""
    if not folder.is_dir():
        raise FileNotFoundError(f"submissions folder not found: {folder}")
    found = []
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.is_dir():
            found.append(Submission(safe_id(entry.name), entry.name, _notebook_in(entry, assignment)))
        elif entry.suffix == ".ipynb":
            found.append(Submission(safe_id(entry.stem), entry.name, entry))
    return found


def _notebook_in(student_dir: Path, assignment: str) -> Path | None:
    expected = student_dir / assignment / f"{assignment}.ipynb"
    if expected.is_file():
        return expected
    candidates = sorted((student_dir / assignment).glob("*.ipynb")) if (student_dir / assignment).is_dir() else []
    return candidates[0] if len(candidates) == 1 else None  # a renamed notebook, if it is the only one


def read_notebook(submission: Submission, assignment: str, max_bytes: int) -> nbformat.NotebookNode:
    """Parse and check one submission; raises SubmissionError with the reason."""
    path = submission.path
    if path is None:
        raise SubmissionError(f"no notebook {assignment}/{assignment}.ipynb in the student's folder")
    size = path.stat().st_size
    if size > max_bytes:
        raise SubmissionError(f"notebook is {size / 1e6:.1f} MB, over the {max_bytes / 1e6:.0f} MB limit")
    try:
        raw = json.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError:
        raise SubmissionError("not a notebook: the file is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise SubmissionError(f"not a notebook: invalid JSON ({error.msg} at line {error.lineno})") from None
    if not isinstance(raw, dict) or "cells" not in raw and "worksheets" not in raw:
        raise SubmissionError("not a notebook: the JSON has no cells")
    try:
        nb = nbformat.reads(json.dumps(raw), as_version=4)
        nbformat.validate(nb)
    except Exception as error:  # nbformat raises many types for one meaning: not a valid notebook
        raise SubmissionError(f"not a valid notebook: {str(error).splitlines()[0][:200]}") from None
    return nb


def grade_ids(nb) -> list[str]:
    return [cell.metadata.get("nbgrader", {}).get("grade_id") for cell in nb.cells]
