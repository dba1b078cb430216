"""TA effort on a class-sized run: how many answer groups a TA decides per question.

    python benchmarks/class_review_load.py tests/blind/rubric_v7/answers.yaml [more sets...] [--students 200]

Each simulated student draws one answer per question from a blind set. Real classes
repeat themselves (common phrasings, shared notes, copied answers), so the draw is
Zipf-weighted over a seeded shuffle of the set, and a third of the draws get the
small edits students make when copying (spacing, full-width punctuation, a trailing
remark). Every answer is scored by the rubric; routed ones are grouped as `review`
would group them. Writes benchmarks/results/class-review-load-<set>.json.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from autograder.lesson.registry import lesson  # noqa: E402
from autograder.rubric import load_rubric, score_answer  # noqa: E402
from autograder.rubric.groups import group_answers  # noqa: E402
from benchmarks.blind_rubric import normalized  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
EDITS = [
    lambda t: t.replace("，", ", "),
    lambda t: t + " 以上。",
    lambda t: " ".join(t.split()),
    lambda t: t.strip("。"),
]


def draw(items: list[dict], students: int, rng: random.Random) -> list[dict]:
    pool = items[:]
    rng.shuffle(pool)
    weights = [1 / (rank + 1) ** 0.8 for rank in range(len(pool))]
    drawn = []
    for item in rng.choices(pool, weights, k=students):
        text = item["answer"] or ""
        if text and rng.random() < 1 / 3:
            text = rng.choice(EDITS)(text)
        drawn.append(item | {"answer": text})
    return drawn


def read_sets(paths: list[Path]) -> list[dict]:
    """Every answer of the given blind sets, in one schema (v1-v4 and v5+ write them differently)."""
    items = []
    for path in paths:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        items += [normalized(raw) for raw in (data["answers"] if isinstance(data, dict) else data)]
    return items


def set_lesson(path: Path) -> str:
    """The lesson a blind set names (v5+ write it); the first sets were lesson 5's and name none."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return (data.get("lesson") if isinstance(data, dict) else None) or "lesson05-row-sum"


def measure(paths: list[Path], students: int, seed: int, assignment: str) -> dict:
    items = read_sets(paths)
    rubric = load_rubric(lesson(assignment).rubric)
    rng, report = random.Random(seed), {}
    for question in ("Q1", "Q2", "Q3", "explanation"):
        routed = {}
        for number, item in enumerate(draw([i for i in items if i["question"] == question], students, rng)):
            context = {"blank": item.get("blank", ""), "checks_passed": item.get("checks_passed")}
            if score_answer(rubric, question, item["answer"], context=context).needs_review:
                routed[f"s{number:03d}"] = item["answer"]
        groups = group_answers(question, routed)
        report[question] = {
            "students": students,
            "routed": len(routed),
            "distinct_routed": len(set(routed.values())),
            "groups": len(groups),
            "largest_groups": [len(g.members) for g in groups[:5]],
        }
    return report


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("answers", nargs="+", help="one or more blind sets, pooled")
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--assignment", help="the lesson whose rubric scores them (default: the set's own)")
    parser.add_argument("--label", default="", help="appended to the result's file name")
    args = parser.parse_args(argv)
    paths = [Path(a) for a in args.answers]
    sets = "+".join(p.parent.name for p in paths) + (f"-{args.label}" if args.label else "")
    assignment = args.assignment or set_lesson(paths[0])
    report = {
        "sets": [str(p) for p in paths],
        "assignment": assignment,
        "seed": args.seed,
        "questions": measure(paths, args.students, args.seed, assignment),
    }
    report["max_groups_per_question"] = max(q["groups"] for q in report["questions"].values())
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"class-review-load-{sets}.json"
    out.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
