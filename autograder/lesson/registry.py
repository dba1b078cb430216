"""Where each assignment's lesson lives: found by scanning the lessons folder for specs.

A lesson is a folder ``<root>/<NN-topic>/`` whose ``spec.py`` builds a ``LessonSpec``
named ``SPEC`` (autograder/lesson/spec.py). There is no table to edit: adding a folder
adds a lesson. Each root is scanned once per process and its specs are kept, so a batch
resolves its lesson once and passes the loaded ``Lesson`` down; nothing re-executes a
spec per submission. ``$COURSE_LESSONS_DIR`` points the scan elsewhere (tests use a
temporary folder).
"""

from __future__ import annotations

import importlib.util
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from autograder.lesson.spec import LessonSpec

REPO_ROOT = Path(__file__).resolve().parents[2]
COURSE_DIR = REPO_ROOT / "course" / "lessons"
SOURCE_DIR = REPO_ROOT / "source"
RELEASE_DIR = REPO_ROOT / "release"
LESSONS_ENV = "COURSE_LESSONS_DIR"
SPEC_FILE = "spec.py"


@dataclass(frozen=True, eq=False)
class Lesson:
    """One lesson: its folder's files and its loaded spec, addressed by its assignment id."""

    assignment: str
    folder: Path
    spec: LessonSpec | None = None  # None only for a Lesson made by hand around some files (tests)

    @property
    def script(self) -> Path:
        return self.folder / "lesson.py"

    @property
    def rubric(self) -> Path:
        return self.folder / "rubric.yaml"

    @property
    def calibration(self) -> Path:
        return self.folder / "calibration.yaml"

    @property
    def hints(self) -> Path:
        return self.folder / "hints.yaml"

    @property
    def spec_file(self) -> Path:
        return self.folder / SPEC_FILE

    @property
    def source_notebook(self) -> Path:
        return SOURCE_DIR / self.assignment / f"{self.assignment}.ipynb"

    @property
    def release_notebook(self) -> Path:
        return RELEASE_DIR / self.assignment / f"{self.assignment}.ipynb"


class UnknownAssignment(ValueError):
    """Raised for an assignment id that is not in the course."""


class LessonError(RuntimeError):
    """A lesson folder's spec.py cannot be loaded or does not declare a LessonSpec."""


def lessons_root() -> Path:
    return Path(os.environ.get(LESSONS_ENV) or COURSE_DIR).resolve()


def load_spec(path: Path) -> LessonSpec:
    """Execute one spec.py (lesson folders are not importable packages) and return its SPEC."""
    name = f"lesson_spec_{path.parent.name.replace('-', '_')}"
    module_spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(module_spec)
    try:
        module_spec.loader.exec_module(module)
    except Exception as error:  # any failure of a lesson's own code: say which file
        raise LessonError(f"{path}: {type(error).__name__}: {error}") from error
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, LessonSpec):
        raise LessonError(f"{path}: defines no SPEC = LessonSpec(...)")
    return spec


_found: dict[Path, dict[str, Lesson]] = {}
_lock = threading.Lock()  # a batch grades in threads: scan once, not once per thread


def discover(root: Path | None = None) -> dict[str, Lesson]:
    """Assignment id -> lesson, for every folder under root holding a spec.py (scanned once per root)."""
    root = (root or lessons_root()).resolve()
    with _lock:
        if root not in _found:
            lessons: dict[str, Lesson] = {}
            for path in sorted(root.glob(f"*/{SPEC_FILE}")):
                spec = load_spec(path)
                if spec.assignment in lessons:
                    other = lessons[spec.assignment].folder
                    raise LessonError(f"{path}: assignment {spec.assignment!r} is also declared in {other}")
                lessons[spec.assignment] = Lesson(spec.assignment, path.parent, spec)
            _found[root] = lessons
        return _found[root]


def forget() -> None:
    """Scan again next time (after a folder was added or a spec edited in this process)."""
    with _lock:
        _found.clear()


def assignments(root: Path | None = None) -> list[str]:
    return sorted(discover(root))


def lesson(assignment: str, root: Path | None = None) -> Lesson:
    """The lesson of an assignment id, or a clear error listing the known ids."""
    found = discover(root)
    if assignment not in found:
        known = ", ".join(sorted(found)) or "none"
        raise UnknownAssignment(f"unknown assignment {assignment!r}; known: {known}")
    return found[assignment]
