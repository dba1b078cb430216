"""Where the rubric should grow: the premises students actually write that it does not recognize,
and how far it agrees with every answer a TA has labelled so far.

    python -m autograder rubric suggest ASSIGNMENT [--out DIR] [--top N]
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from autograder.lesson.registry import lesson
from autograder.pipeline import store
from autograder.report.safe import terminal
from autograder.rubric import load_rubric, score_answer, ta_labels
from autograder.rubric.groups import canonical

ROUTING_FLAGS = ("unknown_premise",)


def unrecognized(out: Path) -> Counter:
    """(question, premise sentence) -> how many routed answers hold it."""
    found: Counter = Counter()
    for path in sorted((out / "grades").glob("*.json")):
        grade = store.read_json(path) or {}
        for question, answer in grade.get("answers", {}).items():
            for item in answer.get("evidence", []):
                if item.get("flag") in ROUTING_FLAGS and item.get("sentence"):
                    found[(question, canonical(item["sentence"]))] += 1
    return found


def cmd_suggest(assignment: str, out: Path, top: int) -> int:
    lesson(assignment)
    if not (out / "grades").is_dir():
        raise ValueError(f"no grading folder at {out}: grade first, or name it with --out")
    counts = unrecognized(out)
    if not counts:
        print("no unrecognized premise among the routed answers")
        return 0
    print(f"most common unrecognized premises in {out} (add the valid ones to valid_premises, the wrong ones")
    print("to misconceptions, in rubric.yaml):")
    for (question, sentence), count in counts.most_common(top):
        print(terminal(f"  {count:3}×  {question}: {sentence[:160]}"))
    return 0


def ta_agreement(assignment: str) -> dict:
    """The rubric against every TA label so far: agree when points are within 0.5 and the veto matches."""
    rubric = load_rubric(lesson(assignment).rubric)
    labels = ta_labels.load(assignment)
    agree, differ = 0, []
    for (question, text), label in sorted(labels.items()):
        scored = score_answer(rubric, question, text)
        if abs(scored.points - label.points) <= 0.5 and scored.veto == label.veto:
            agree += 1
        else:
            differ.append(f"{question}: TA {label.points:g} → rubric {scored.points:g}: {text[:80]}")
    return {"labels": len(labels), "agree": agree, "differ": differ}


def render_agreement(report: dict) -> str:
    if not report["labels"]:
        return "  TA labels: none yet"
    lines = [
        f"  TA labels: {report['agree']}/{report['labels']} agree with the rubric (points within 0.5, same veto)"
    ]
    return "\n".join(lines + [terminal(f"  TA differs: {line}") for line in report["differ"][:20]])
