"""course/ -> source/ -> release/: the instructor's build, and the check that generated files are current.

1. read lesson.py (jupytext py:percent) and turn each cell's ``role`` into nbgrader metadata;
2. write source/<assignment>/<assignment>.ipynb with the lesson's figures beside it;
3. run ``nbgrader generate_assignment`` in a scratch course folder and copy its release/ back.
"""

from __future__ import annotations

import filecmp
import shutil
import tempfile
from pathlib import Path

import jupytext
import nbformat

from autograder.build.nbgrader_run import NbgraderError, run_nbgrader
from autograder.build.package import write_package
from autograder.build.points import check_points
from autograder.lesson.registry import REPO_ROOT, Lesson, assignments, lesson

# The notice lives in the notebook's metadata (metadata.course.generated), out of the student's way:
# a student answers in the notebook, only an instructor must not edit it by hand.
NOTICE = (
    "生成文件，请勿手工编辑：本笔记本由 {script} 经 `python -m autograder build` 生成。"
    "教师请修改课程源文件后重新构建；学生请直接在本笔记本中作答。"
)
ROLES = {
    None: {"grade": False, "solution": False, "locked": True},
    "solution": {"grade": False, "solution": True, "locked": False},
    "test": {"grade": True, "solution": False, "locked": True},
    "answer": {"grade": True, "solution": True, "locked": False},
}
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}


class BuildError(RuntimeError):
    """The lesson source or nbgrader refused to build."""


def _nbgrader_metadata(cell, index: int) -> dict | None:
    role = cell.metadata.pop("role", None)
    grade_id = cell.metadata.pop("grade_id", None) or f"cell-{index:02d}"
    points = cell.metadata.pop("points", None)
    if role == "practice":
        return None  # students edit these freely; nothing of them is graded
    if role not in ROLES:
        raise BuildError(f"cell {index}: unknown role {role!r}; use one of solution, test, answer, practice")
    meta = {**ROLES[role], "grade_id": grade_id, "schema_version": 3, "task": False}
    if meta["grade"]:
        if points is None:
            raise BuildError(f"cell {grade_id}: a graded cell needs points=")
        meta["points"] = points
    return meta


def source_notebook(item: Lesson) -> nbformat.NotebookNode:
    """The instructor's notebook: solutions and hidden tests in place, nbgrader metadata on each cell."""
    nb = jupytext.read(item.script, fmt="py:percent")
    for index, cell in enumerate(nb.cells):
        meta = _nbgrader_metadata(cell, index)
        cell.metadata = {"nbgrader": meta} if meta else {}
        cell.id = meta["grade_id"] if meta else f"cell-{index:02d}"
    notice = NOTICE.format(script=item.script.relative_to(REPO_ROOT).as_posix())
    nb.metadata = {
        "kernelspec": KERNELSPEC,
        "language_info": {"name": "python"},
        "course": {"generated": notice, "source": item.script.relative_to(REPO_ROOT).as_posix()},
    }
    nbformat.validate(nb)
    return nb


def write_source(item: Lesson, root: Path) -> Path:
    folder = root / "source" / item.assignment
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    nbformat.write(source_notebook(item), folder / f"{item.assignment}.ipynb")
    if (item.folder / "img").is_dir():
        shutil.copytree(item.folder / "img", folder / "img")
    return folder


def generate_release(assignment: str, root: Path) -> None:
    """Run nbgrader on root/source/<assignment> and leave root/release/<assignment>."""
    with tempfile.TemporaryDirectory(prefix="nbgrader-build-") as tmp:
        try:
            run_nbgrader(
                ["generate_assignment", assignment, "--force"], root, Path(tmp) / "gradebook.db", Path(tmp)
            )
        except NbgraderError as error:
            raise BuildError(str(error)) from None


def build(assignments: list[str], root: Path = REPO_ROOT) -> list[Path]:
    """Build source/ and release/ of each assignment under root; returns the release notebooks."""
    written = []
    for assignment in assignments:
        item = lesson(assignment)
        check_points(item)  # points that disagree between spec.py, lesson.py and rubric.yaml: refused
        write_source(item, root)
        generate_release(assignment, root)
        release = root / "release" / assignment / f"{assignment}.ipynb"
        if "YOUR CODE HERE" in release.read_text(encoding="utf-8"):
            # nbgrader silently skips a config it cannot find and falls back to its whole-cell stub
            raise BuildError(
                f"{release}: nbgrader did not apply the course's blanks (was grader_config.py loaded?)"
            )
        write_package(assignment, release.parent)  # the student package: see autograder/build/package.py
        written.append(release)
    return written


def stale_files(assignments: list[str]) -> list[str]:
    """Generated files that differ from a fresh build (empty when source/ and release/ are current)."""
    with tempfile.TemporaryDirectory(prefix="build-check-") as tmp:
        build(assignments, Path(tmp))
        stale = []
        for kind in ("source", "release"):
            for assignment in assignments:
                stale += _differences(Path(tmp) / kind / assignment, REPO_ROOT / kind / assignment)
        return stale


def _differences(fresh: Path, committed: Path) -> list[str]:
    if not committed.is_dir():
        return [f"{committed.relative_to(REPO_ROOT)} is missing"]
    found = []
    names = {p.relative_to(fresh) for p in fresh.rglob("*") if p.is_file()}
    names |= {p.relative_to(committed) for p in committed.rglob("*") if p.is_file()}
    for name in sorted(names):
        a, b = fresh / name, committed / name
        if not (a.is_file() and b.is_file() and filecmp.cmp(a, b, shallow=False)):
            found.append(str((committed / name).relative_to(REPO_ROOT)))
    return found


def all_assignments() -> list[str]:
    return assignments()
