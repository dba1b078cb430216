"""TA decisions kept as labelled answers: reused for identical answers in later batches.

A decision on an answer group stores one line per distinct answer in
``grading/ta-labels/<assignment>.jsonl`` (``$COURSE_TA_LABELS`` overrides the
folder). Grading looks each written answer up there first: an answer a TA already
scored is finalized with the TA's points, and ``rubric check`` reports how far the
rubric agrees with every TA label so far.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from autograder.lesson.registry import REPO_ROOT
from autograder.rubric.groups import canonical


@dataclass(frozen=True)
class TaLabel:
    question: str
    answer: str  # the canonical text (groups.canonical)
    points: float
    veto: bool
    reviewer: str
    note: str = ""


def labels_path(assignment: str) -> Path:
    folder = Path(os.environ.get("COURSE_TA_LABELS") or REPO_ROOT / "grading" / "ta-labels")
    return folder / f"{assignment}.jsonl"


def load(assignment: str) -> dict[tuple[str, str], TaLabel]:
    """(question, canonical answer) -> the latest TA label for it."""
    path = labels_path(assignment)
    found: dict[tuple[str, str], TaLabel] = {}
    if not path.exists():
        return found
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            label = TaLabel(**json.loads(line))
        except (ValueError, TypeError):
            continue  # a damaged line costs that label only
        found[(label.question, label.answer)] = label
    return found


def record(
    assignment: str, question: str, answers: list[str], points: float, veto: bool, reviewer: str, note: str
):
    """Append one label per distinct answer; a later label for the same answer wins on load."""
    path = labels_path(assignment)
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = {
        json.dumps(
            asdict(TaLabel(question, canonical(text), points, veto, reviewer, note)), ensure_ascii=False
        )
        for text in answers
    }
    with path.open("a", encoding="utf-8") as handle:
        handle.writelines(line + "\n" for line in sorted(lines))
        handle.flush()
        os.fsync(handle.fileno())


def lookup(labels: dict, question: str, answer: str) -> TaLabel | None:
    return labels.get((question, canonical(answer)))
