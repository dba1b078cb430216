"""Points are declared three times; the build refuses them when the copies disagree.

A lesson's spec.py gives each part its points (the grade adds those up). lesson.py's
cells carry ``points=`` because nbgrader needs them in the notebook, and rubric.yaml
carries ``max_points`` because the rubric scales its concepts to it. Nothing else would
notice a copy that drifted, and a drifted copy silently changes what a student can earn.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from autograder.build.template import percent_cells
from autograder.lesson.registry import Lesson

ATTRIBUTE = re.compile(r'(\w+)=(?:"([^"]*)"|(\S+))')


class PointsMismatch(ValueError):
    """The points of one lesson disagree between its spec, lesson.py and rubric.yaml."""


def cell_points(script: Path) -> dict[str, float]:
    """grade_id -> points= for every cell of a py:percent lesson that carries points."""
    found = {}
    for header, _ in percent_cells(script.read_text(encoding="utf-8")):
        attributes = {m[1]: m[2] if m[2] is not None else m[3] for m in ATTRIBUTE.finditer(header)}
        if "points" in attributes:
            found[attributes.get("grade_id", "?")] = float(attributes["points"])
    return found


def rubric_points(rubric: Path) -> dict[str, float]:
    """question id -> max_points in rubric.yaml (none when the lesson has no rubric)."""
    if not rubric.exists():
        return {}
    questions = (yaml.safe_load(rubric.read_text(encoding="utf-8")) or {}).get("questions") or {}
    return {str(q): float(data["max_points"]) for q, data in questions.items() if "max_points" in data}


def disagreements(item: Lesson) -> list[str]:
    """Every place where lesson.py or rubric.yaml says other points than the spec, in words."""
    cells, rubric = cell_points(item.script), rubric_points(item.rubric)
    found = []
    for part in item.spec.parts:
        where = f"part {part.id} ({part.points:g} in spec.py)"
        if part.cell not in cells:
            found.append(f"{where}: lesson.py has no cell grade_id={part.cell!r} with points=")
        elif cells[part.cell] != part.points:
            found.append(f"{where}: lesson.py cell {part.cell} has points={cells[part.cell]:g}")
        if part.scored_by != "cases" and part.cell not in rubric:
            found.append(f"{where}: rubric.yaml has no question {part.cell!r} with max_points")
        elif part.scored_by != "cases" and rubric[part.cell] != part.points:
            found.append(f"{where}: rubric.yaml {part.cell} has max_points: {rubric[part.cell]:g}")
    claimed = {part.cell for part in item.spec.parts}
    found += [
        f"lesson.py cell {c} has points={p:g} but no part in spec.py"
        for c, p in cells.items()
        if c not in claimed
    ]
    asked = {part.cell for part in item.spec.parts if part.scored_by != "cases"}
    found += [
        f"rubric.yaml question {q} is no rubric or note part in spec.py" for q in rubric if q not in asked
    ]
    return found


def check_points(item: Lesson) -> None:
    """Raise PointsMismatch naming every disagreement (the build stops before writing anything)."""
    found = disagreements(item)
    if found:
        lines = "\n  ".join(found)
        raise PointsMismatch(
            f"{item.assignment}: points disagree ({item.folder.name}/spec.py is the one to match):\n  {lines}"
        )
