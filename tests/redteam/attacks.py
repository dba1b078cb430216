"""The red team's vocabulary: a world of paths to attack, and small edits of the lesson 5 release.

Each attack is a row of a table (static_attacks.py, runtime_attacks.py): a student
name, a builder that writes that student's submission from the release notebook,
and the outcome the grader must reach. benchmarks/redteam_before_after.py runs the
same tables against plain nbgrader.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from autograder.lesson.registry import REPO_ROOT, lesson

ASSIGNMENT = "lesson05-row-sum"
LESSON_DIR = lesson(ASSIGNMENT).folder
EXERCISE, TEST_NORMAL, TEST_BOUNDARY = ("row_sum_kernel", "test_row_sum_normal", "test_row_sum_boundary")


def _grade_id_of(text: str) -> str:
    """The grade_id of the release cell holding text: unnamed cells are numbered, so their ids move."""
    nb = nbformat.read(lesson(ASSIGNMENT).release_notebook, as_version=4)
    return next(
        c.metadata["nbgrader"]["grade_id"] for c in nb.cells if "nbgrader" in c.metadata and text in c.source
    )


RECORD = _grade_id_of("record.show()")  # the run-record cell
SETUP = _grade_id_of("DEVICE = runtime.device()")  # the locked set-up cell
FIGURE = _grade_id_of('bench.show_committed("lesson05-row-sum")')  # a locked cell of the lesson's body
VISIBLE_CHECK = "checks.close(row_sum(x), x.sum(1), x=x, block=triton.next_power_of_2(shape[1]))"
GOOD = {
    "Q1": "每行一个 program：cols = tl.arange(0, BLOCK)，mask = cols < N，越界 lane 不访存并填入 other=0.0；"
    "tl.sum 在寄存器里树状相加，padding lane 是加法单位元 0，不改变总和；最后 tl.store 写回 out[row]。",
    "Q2": "tl.arange 的长度必须是 2 的幂，N=100 时 BLOCK = 128，多出 28 个 lane，被 mask 挡住并填 0.0，不改变和。",
    "Q3": "改成 float('-inf')，因为 max 的单位元是 -inf；用 0.0 时全负的行会得到 0。",
    "explanation": "我填了 0.0，它是加法单位元，padding lane 加进来不改变和。",
}


@dataclass
class World:
    """Where a batch lives, and the secrets an attack must never get at."""

    root: Path
    seed: int = field(default_factory=lambda: 900_000_000 + secrets.randbelow(99_999_999))
    secret: str = field(default_factory=lambda: "VICTIMSECRET" + secrets.token_hex(6))

    @property
    def submissions(self) -> Path:
        return self.root / "submissions"

    @property
    def out(self) -> Path:
        return self.root / "out"

    def notebook_path(self, student: str) -> Path:
        return self.submissions / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"

    def secrets_on_disk(self) -> list[str]:
        """Text an attack would print if it could read what grades it."""
        fragments = [str(self.seed), self.secret, "SQLite format 3", "BLANK(other)"]
        rubric = (LESSON_DIR / "rubric.yaml").read_text(encoding="utf-8").splitlines()
        return fragments + [max(rubric, key=len).strip()[:40]]  # the rubric's longest line, as a fingerprint


@dataclass(frozen=True)
class Attack:
    name: str  # also the student's name in the batch
    question: str  # what the attack asks of the grader
    build: Callable[[World, str], None]  # writes the submission of student ``name``
    code: tuple[float, float] | None  # harness points (normal, boundary); None when the notebook is refused
    vetoes: frozenset[str] = frozenset()
    findings: frozenset[str] = frozenset()
    error: str = ""  # a phrase the student's error must hold
    marker: str = ""  # printed by the attack's code: proof that it ran inside nbgrader
    check: Callable[[World, dict], None] | None = None  # more that must hold after the batch


def release() -> nbformat.NotebookNode:
    return nbformat.read(lesson(ASSIGNMENT).release_notebook, as_version=4)


def cell(nb, grade_id: str):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def index(nb, grade_id: str) -> int:
    return nb.cells.index(cell(nb, grade_id))


def student(blank: str = "0.0", answers: dict | None = None) -> nbformat.NotebookNode:
    """The release as an honest student fills it: the blank and the written answers."""
    nb = release()
    code = cell(nb, EXERCISE)
    code.source = code.source.replace("______", blank)
    for grade_id, text in (GOOD if answers is None else answers).items():
        cell(nb, grade_id).source = text
    return nb


def add_code(nb, source: str, after: str = EXERCISE) -> nbformat.NotebookNode:
    """A new cell of the student's own, right after ``after``: where attack code goes."""
    nb.cells.insert(index(nb, after) + 1, nbformat.v4.new_code_cell(source))
    return nb


def edit_exercise(nb, old: str, new: str) -> nbformat.NotebookNode:
    code = cell(nb, EXERCISE)
    assert old in code.source, old
    code.source = code.source.replace(old, new)
    return nb


def save(world: World, name: str, nb) -> Path:
    path = world.notebook_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def save_bytes(world: World, name: str, data: bytes, filename: str = "") -> Path:
    path = world.notebook_path(name)
    path = path.with_name(filename) if filename else path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def grade_text(grade: dict) -> str:
    """Everything the grade holds that came from the student's side, as one string.

    The batch state (with the seed) is the grader's own record of how it graded, never shown to students.
    """
    return json.dumps({key: value for key, value in grade.items() if key != "batch"}, ensure_ascii=False)


def victim_paths(world: World) -> dict[str, Path]:
    """What an attack tries to read or write besides its own files."""
    return {
        "batch": world.out / "batch.json",
        "grades": world.out / "grades",
        "victim_grade": world.out / "grades" / "alice.json",
        "victim_notebook": world.notebook_path("alice"),
        "source": REPO_ROOT / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb",
        "lesson": LESSON_DIR / "lesson.py",
        "rubric": LESSON_DIR / "rubric.yaml",
        "calibration": LESSON_DIR / "calibration.yaml",
        "repo_code": REPO_ROOT / "autograder",
    }


def processes_named(text: str) -> list[int]:
    """Pids of every process on the machine whose command line holds ``text`` (arguments NUL-separated)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and text.encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            pass
    return found
