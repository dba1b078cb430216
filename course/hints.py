"""Four-level hints, printed into the notebook with a record line the grader reads back.

    hint = Hints("lesson05-row-sum")
    hint("other", 2)   # prints levels 1 and 2, each after a line "[提示记录] lesson05-row-sum/other 第 N 级"

Asking for level 3 prints levels 1, 2 and 3: the ladder stays in order, and the cell's output
records every level the student has seen even after that cell has been re-run. Each request is
also appended to ``hint-log.jsonl`` beside the notebook ($COURSE_HINT_LOG moves it; empty turns it
off), which travels with a submission, so the instructor sees hint use even if outputs are cleared.

Where the texts come from, relative to this package:
- the student package (release/<assignment>/course/, written by ``python -m autograder build``)
  holds data/hints-<assignment>.json, the lesson's hints compressed and base64-encoded: level 4
  is the answer, and a handout that can be searched for it would give it away;
- the repository's course/ reads course/lessons/*/hints.yaml, each naming its own assignment.
Student-side helpers never import the grading package; tests/test_hints.py checks that this
agrees with autograder.lesson.registry, so the two cannot drift.
"""

from __future__ import annotations

import base64
import datetime as _dt
import json
import os
import re
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
LESSONS_DIR = HERE / "lessons"  # the instructor's repository only
DATA_DIR = HERE / "data"  # the student package only
LOG_ENV = "COURSE_HINT_LOG"
LOG_NAME = "hint-log.jsonl"
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


def encode_hints(exercises: dict) -> str:
    """The exercises' hints as one base64 line of zlib-compressed JSON (deterministic, so builds compare)."""
    text = json.dumps(exercises, ensure_ascii=False, sort_keys=True)
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")


def decode_hints(payload: str) -> dict:
    """encode_hints reversed; JSON keeps the levels as strings, so they are turned back into 1..4."""
    exercises = json.loads(zlib.decompress(base64.b64decode(payload)).decode("utf-8"))
    for exercise in exercises.values():
        exercise["levels"] = {int(level): text for level, text in exercise.get("levels", {}).items()}
    return exercises


def packaged_hints(assignment: str) -> Path:
    """Where the student package keeps an assignment's encoded hints."""
    return DATA_DIR / f"hints-{assignment}.json"


def hints_files() -> dict[str, Path]:
    """Assignment id -> its hints.yaml, for every lesson in the repository (empty in the student package)."""
    import yaml  # only the repository's texts are YAML; the student package needs no yaml

    found = {}
    for path in sorted(LESSONS_DIR.glob("*/hints.yaml")):
        assignment = yaml.safe_load(path.read_text(encoding="utf-8")).get("assignment")
        if assignment:
            found[assignment] = path
    return found


def check_hints(exercises: dict, where: object) -> dict[str, dict]:
    """The exercises, checked to have all four non-empty levels each (ValueError naming where otherwise)."""
    for name, exercise in exercises.items():
        levels = exercise.get("levels") or {}
        if sorted(levels) != sorted(LEVELS) or not all(str(text).strip() for text in levels.values()):
            raise ValueError(f"{where}: 练习 {name!r} 必须恰好有 1～4 四级非空提示，现有 {sorted(levels)}")
    if not exercises:
        raise ValueError(f"{where}: 没有任何练习的提示")
    return exercises


def load_hints(path: Path) -> dict[str, dict]:
    """Exercise name -> {"title", "levels": {1: text, ..., 4: text}} from a hints.yaml."""
    import yaml

    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    return check_hints(doc.get("exercises") or {}, path)


def find_hints(assignment: str) -> dict[str, dict]:
    """An assignment's hints: the packaged ones beside a release, else the repository's hints.yaml."""
    packaged = packaged_hints(assignment)
    if packaged.is_file():
        doc = json.loads(packaged.read_text(encoding="utf-8"))
        return check_hints(decode_hints(doc["exercises"]), packaged)
    files = hints_files() if LESSONS_DIR.is_dir() else {}
    if assignment not in files:
        here = sorted(p.name[len("hints-") : -len(".json")] for p in DATA_DIR.glob("hints-*.json"))
        known = "、".join(sorted(files) or here) or "（无）"
        raise ValueError(f"没有作业 {assignment!r} 的提示；有提示的作业：{known}")
    return load_hints(files[assignment])


def log_request(assignment: str, exercise: str, level: int) -> Path | None:
    """Append one request to the hint log beside the notebook; never fails the student's cell."""
    target = os.environ.get(LOG_ENV, LOG_NAME)
    if not target:
        return None
    path = Path(target)
    entry = {"assignment": assignment, "exercise": exercise, "level": level}
    entry["time"] = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    try:
        with open(path, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry, ensure_ascii=False) + "\n")
    except OSError:  # a read-only folder (a grader's sandbox): the printed record still stands
        return None
    return path


class Hints:
    """The hints of one assignment; call it as hint(exercise, level)."""

    def __init__(self, assignment: str):
        self.assignment = assignment
        self.exercises = find_hints(assignment)

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
        logged = log_request(self.assignment, exercise, level)
        if logged is not None:
            print(f"\n（这次请求已记入 {logged.name}，提交时随笔记本一起交给老师。）")
        if level < len(LEVELS):
            print(f"\n还需要帮助时运行 hint({exercise!r}, {level + 1})。")
