"""Finding and reading submissions: a bad file is an error for that student, never for the batch.

Every entry of the submissions folder becomes one submission, so nobody silently
drops out of the results: a student whose folder holds no notebook, two
notebooks, a link, or a file that is not a notebook gets a grade that says so.

A symbolic link anywhere on a student's path (their folder, the assignment folder,
the notebook) is refused: a link could make the grader read another student's
notebook as this one's. Discovery looks with lstat, for a message that names the
link; every read then opens the path one component at a time with O_NOFOLLOW
(autograder/report/safe.py), so a link put in place after discovery is refused too.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import nbformat

from autograder.lesson.registry import lesson
from autograder.report import safe

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
    root: Path | None = None  # the submissions folder: no link is followed below it (default: path's folder)

    @property
    def base(self) -> Path:
        return self.root or self.path.parent

    def digest(self) -> str:
        """Identifies the submitted bytes, so a resumed batch regrades only what changed."""
        if self.path is None or self.problem:
            return "missing:" + self.problem
        try:
            return safe.digest_beneath(self.path, self.base)
        except OSError as error:
            return f"unreadable:{error}"


def safe_id(name: str) -> str:
    cleaned = SAFE_ID.sub("_", name).strip("._")[:90] or "student"
    if cleaned != name:  # keep distinct names distinct after cleaning
        cleaned += "-" + hashlib.sha1(name.encode("utf-8", "surrogateescape")).hexdigest()[:6]
    return cleaned


def discover(folder: Path, assignment: str) -> list[Submission]:
    """nbgrader's DIR/<student>/<assignment>/<assignment>.ipynb, a flat DIR/<student>.ipynb, or one notebook."""
    if folder.suffix == ".ipynb" and not folder.is_dir():
        return [single(folder, assignment)]
    if not folder.is_dir():
        raise FileNotFoundError(f"submissions folder not found: {folder}")
    folder = folder.resolve()  # links above DIR are the instructor's; below it, none is followed
    found, seen = [], set()
    for entry in sorted(folder.iterdir()):
        if entry.name in JUNK or entry.name.startswith("._"):
            continue
        submission = _entry(entry, assignment, folder)
        if submission.student in seen:  # alice.ipynb beside a folder alice/: both are graded, apart
            tag = hashlib.sha1(entry.name.encode("utf-8", "surrogateescape")).hexdigest()[:6]
            submission = replace(submission, student=f"{submission.student}-{tag}")
        seen.add(submission.student)
        found.append(submission)
    return _refuse_shared_files(found)


def single(path: Path, assignment: str) -> Submission:
    """One notebook named on the command line: the student is the folder of nbgrader's layout
    (<student>/<assignment>/<assignment>.ipynb), else the file's name; judged like a flat folder's entry."""
    path = path.absolute()
    nbgrader_layout = path.parent.name == assignment and path.parent.parent != path.parent
    name = path.parent.parent.name if nbgrader_layout else path.stem
    found = _entry(path, assignment, path.parent)
    return replace(found, student=safe_id(name), label=name)


def _entry(entry: Path, assignment: str, root: Path) -> Submission:
    """One entry of the folder, judged by lstat: what it is, never what a link points to."""
    mode = entry.lstat().st_mode
    if stat.S_ISLNK(mode):
        return Submission(safe_id(entry.stem), entry.name, None, "the submission is a symbolic link")
    if stat.S_ISDIR(mode):
        path, problem = _notebook_in(entry, assignment)
        return Submission(safe_id(entry.name), entry.name, path, problem, root)
    if entry.suffix != ".ipynb":
        return Submission(safe_id(entry.name), entry.name, None, f"{entry.name} is not a notebook file")
    problem = "" if stat.S_ISREG(mode) else f"{entry.name} is not a regular file"
    return Submission(safe_id(entry.stem), entry.name, None if problem else entry, problem, root)


def _notebook_in(student_dir: Path, assignment: str) -> tuple[Path | None, str]:
    folder, name = student_dir / assignment, f"{assignment}.ipynb"
    if folder.is_symlink():
        return None, f"{assignment}/ is a symbolic link, not a folder of the student's own"
    try:
        entries = [e for e in os.scandir(folder) if e.name.endswith(".ipynb")] if folder.is_dir() else []
    except OSError as error:  # an unreadable folder is this student's problem, not the batch's
        return None, f"cannot list {assignment}/: {error.strerror}"
    notebooks = sorted(Path(e.path) for e in entries if e.is_file(follow_symlinks=False))
    links = sorted(e.name for e in entries if e.is_symlink())
    if folder / name in notebooks:
        return folder / name, ""
    if links:  # the expected name, or one of the candidates: either way, not the student's own file
        return None, f"{assignment}/{links[0]} is a symbolic link, not a file"
    if len(notebooks) == 1:
        return notebooks[0], ""  # renamed, but there is only one: grade it
    if notebooks:
        listed = ", ".join(p.name for p in notebooks)
        return None, f"{assignment}/ holds {len(notebooks)} notebooks ({listed}) and none is named {name}"
    if entries:
        return None, f"{assignment}/{entries[0].name} is not a regular file"
    return None, f"no notebook {assignment}/{name} in the student's folder"


def _refuse_shared_files(found: list[Submission]) -> list[Submission]:
    """Two students whose notebooks are one file (a hard link) are both refused: who wrote it is unknown."""
    owners: dict[tuple[int, int], list[str]] = {}
    for sub in found:
        if sub.path is not None and not sub.problem and sub.path.exists():
            info = sub.path.lstat()
            owners.setdefault((info.st_dev, info.st_ino), []).append(sub.label)
    shared = {label: labels for labels in owners.values() if len(labels) > 1 for label in labels}
    result = []
    for sub in found:
        others = ", ".join(label for label in shared.get(sub.label, []) if label != sub.label)
        problem = f"the notebook is the same file (a hard link) as {others}'s"
        result.append(replace(sub, path=None, problem=problem) if others else sub)
    return result


def read_notebook(submission: Submission, assignment: str, max_bytes: int) -> nbformat.NotebookNode:
    """Parse and check one submission; raises SubmissionError with the reason."""
    if submission.problem or submission.path is None:
        raise SubmissionError(submission.problem or f"no notebook {assignment}/{assignment}.ipynb")
    try:
        raw = json.loads(_read(submission, max_bytes).decode("utf-8"))
    except safe.UnsafePath as error:
        raise SubmissionError(f"refused: {error}") from None
    except OSError as error:
        raise SubmissionError(f"cannot read the notebook: {error.strerror or error}") from None
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


def _read(submission: Submission, max_bytes: int) -> bytes:
    """The notebook's bytes through a no-link fd; the size is checked before reading."""
    with os.fdopen(safe.open_beneath(submission.path, submission.base), "rb") as file:
        size = os.fstat(file.fileno()).st_size
        data = file.read(max_bytes + 1) if size <= max_bytes else b""
    if size > max_bytes or len(data) > max_bytes:  # the second: it grew while being read
        size = max(size, len(data))
        raise SubmissionError(f"notebook is {size / 1e6:.1f} MB, over the {max_bytes / 1e6:.0f} MB limit")
    return data


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
