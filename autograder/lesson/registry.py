"""Where each assignment's lesson lives: the one table from assignment id to lesson folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
COURSE_DIR = REPO_ROOT / "course" / "lessons"
SOURCE_DIR = REPO_ROOT / "source"
RELEASE_DIR = REPO_ROOT / "release"

# Assignment id -> lesson folder under course/lessons/. Lessons 6-9 join this table.
ASSIGNMENTS = {
    "lesson05-row-sum": "05-row-sum-padding",
}


@dataclass(frozen=True)
class Lesson:
    """One lesson's files, addressed by its assignment id."""

    assignment: str
    folder: Path

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
    def grading(self) -> Path:
        return self.folder / "grading.py"

    @property
    def source_notebook(self) -> Path:
        return SOURCE_DIR / self.assignment / f"{self.assignment}.ipynb"

    @property
    def release_notebook(self) -> Path:
        return RELEASE_DIR / self.assignment / f"{self.assignment}.ipynb"


class UnknownAssignment(ValueError):
    """Raised for an assignment id that is not in the course."""


def lesson(assignment: str) -> Lesson:
    """The lesson of an assignment id, or a clear error listing the known ids."""
    try:
        folder = ASSIGNMENTS[assignment]
    except KeyError:
        known = ", ".join(sorted(ASSIGNMENTS))
        raise UnknownAssignment(f"unknown assignment {assignment!r}; known: {known}") from None
    return Lesson(assignment, COURSE_DIR / folder)
