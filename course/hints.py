"""Four-level hints, printed into the notebook with a record line the grader reads back.

    hint = Hints("lesson05-row-sum")
    hint("other", 2)   # prints levels 1 and 2, each after a line "[提示记录] lesson05-row-sum/other 第 N 级"

Asking for level 3 prints levels 1, 2 and 3: the ladder stays in order, and the cell's output
records every level the student has seen even after that cell has been re-run.

Each lesson's hints.yaml names its own assignment, and the file is found by scanning
course/lessons/ for it. Student-side helpers therefore do not import the grading package;
tests/test_hints.py checks that this agrees with autograder.lesson.registry, so the two cannot drift.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

LESSONS_DIR = Path(__file__).resolve().parent / "lessons"
HINT_MARK = "[提示记录]"
LEVELS = {1: "概念区域", 2: "具体方向", 3: "关键局部", 4: "完整答案"}
_RECORD = re.compile(
    re.escape(HINT_MARK) + r" (?P<assignment>[\w-]+)/(?P<exercise>[\w-]+) 第 (?P<level>\d+) 级"
)


def record_line(assignment: str, exercise: str, level: int) -> str:
    """The line printed before a hint; parse_hint_records reads it back."""
    return f"{HINT_MARK} {assignment}/{exercise} 第 {level} 级（{LEVELS[level]}）"


def parse_hint_records(text: str) -> list[tuple[str, str, int]]:
    """Every (assignment, exercise, level) recorded in text, in order of appearance, repeats kept."""
    return [(m["assignment"], m["exercise"], int(m["level"])) for m in _RECORD.finditer(text)]


def hints_files() -> dict[str, Path]:
    """Assignment id -> its hints.yaml, for every lesson that has one."""
    found = {}
    for path in sorted(LESSONS_DIR.glob("*/hints.yaml")):
        assignment = yaml.safe_load(path.read_text(encoding="utf-8")).get("assignment")
        if assignment:
            found[assignment] = path
    return found


def load_hints(path: Path) -> dict[str, dict]:
    """Exercise name -> {"title", "levels": {1: text, ..., 4: text}}, checked to have all four levels."""
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    exercises = doc.get("exercises") or {}
    for name, exercise in exercises.items():
        levels = exercise.get("levels") or {}
        if sorted(levels) != sorted(LEVELS) or not all(str(text).strip() for text in levels.values()):
            raise ValueError(f"{path}: 练习 {name!r} 必须恰好有 1～4 四级非空提示，现有 {sorted(levels)}")
    if not exercises:
        raise ValueError(f"{path}: 没有任何练习的提示")
    return exercises


class Hints:
    """The hints of one assignment; call it as hint(exercise, level)."""

    def __init__(self, assignment: str):
        files = hints_files()
        if assignment not in files:
            known = "、".join(sorted(files)) or "（无）"
            raise ValueError(f"没有作业 {assignment!r} 的提示；有提示的作业：{known}")
        self.assignment = assignment
        self.exercises = load_hints(files[assignment])

    def __call__(self, exercise: str, level: int = 1) -> None:
        if exercise not in self.exercises:
            valid = "、".join(repr(name) for name in self.exercises)
            raise ValueError(f"本课没有名为 {exercise!r} 的练习；可用的练习：{valid}")
        if type(level) is not int or level not in LEVELS:  # rejects True, 2.0 and "2" alike
            ladder = "，".join(f"{n} {name}" for n, name in LEVELS.items())
            raise ValueError(f"提示级别必须是整数 1～4（{ladder}），收到 {level!r}")
        exercise_hints = self.exercises[exercise]
        print(f"提示：{exercise_hints.get('title', exercise)}")
        for seen in range(1, level + 1):
            print(f"\n{record_line(self.assignment, exercise, seen)}")
            print(exercise_hints["levels"][seen].rstrip())
        if level < len(LEVELS):
            print(f"\n还需要帮助时运行 hint({exercise!r}, {level + 1})。")
