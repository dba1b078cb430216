"""The trusted template: the exercise cell of the lesson source, with blanks filled by validated answers.

lesson.py is read as plain py:percent text here (no jupytext), so the harness and
the GPU benchmark need nothing beyond torch and triton.
"""

from __future__ import annotations

import re

from autograder.build.blanks import fill_blanks, strip_markers
from autograder.lesson.registry import Lesson, lesson

PREAMBLE = "import math\n\nimport torch\nimport triton\nimport triton.language as tl\n\n"
CELL_START = re.compile(r"^# %%(?P<header>.*)$")


def percent_cells(text: str) -> list[tuple[str, str]]:
    """Split a py:percent script into (header, body) pairs."""
    cells: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        start = CELL_START.match(line)
        if start:
            cells.append((start["header"], []))
        elif cells:
            cells[-1][1].append(line)
    return [(header, "\n".join(body).strip("\n")) for header, body in cells]


def exercise_source(item: Lesson | str) -> str:
    """The exercise cell as the instructor wrote it, markers included (item: a lesson or its id)."""
    item = lesson(item) if isinstance(item, str) else item
    grade_id = item.spec.exercise.cell
    for header, body in percent_cells(item.script.read_text(encoding="utf-8")):
        if f'grade_id="{grade_id}"' in header:
            return body
    raise LookupError(f"{item.assignment}: no cell with grade_id={grade_id!r} in {item.script}")


def solution_code(item: Lesson | str) -> str:
    """The exercise with the reference answers in place (for benchmarks and the GPU differential)."""
    return PREAMBLE + strip_markers(exercise_source(item)) + "\n"


def filled_code(item: Lesson | str, answers: dict[str, str]) -> str:
    """The exercise with each blank replaced by an already validated answer."""
    return PREAMBLE + fill_blanks(exercise_source(item), answers) + "\n"
