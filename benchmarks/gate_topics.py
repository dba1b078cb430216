"""Which of the confidence gate's topics route answers a TA would only confirm, and which keep silent errors out.

    python benchmarks/gate_topics.py ASSIGNMENT [--label LABEL]

Scores every answer of the lesson's calibration and, for each answer the gate alone sends to a TA (its only routing
flag is `unread`), records the topics the gate found unread (a claim topic's pattern, or the id of a concept whose
words stand unread) and whether the score without the route would have been right: no silent error as `rubric check`
judges one (a route a TA only confirms) or a silent error (a route that kept one out). A topic with many confirm-only
routes and few caught is a candidate for a narrower rule; lesson 7's NaN was one (rubric-history.md,
version 124). With --label it writes benchmarks/results/gate-topics-<LABEL>.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rubric_diff import revision  # noqa: E402

import autograder.rubric.score as scoring  # noqa: E402
from autograder.lesson.registry import lesson  # noqa: E402
from autograder.rubric import load_rubric  # noqa: E402
from autograder.rubric.check import CalibrationResult, load_calibration  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def gate_routes(rubric, items) -> list[dict]:
    """[{id, question, topics, confirm_only}] for every labelled answer (calibration items) the gate alone routes."""
    seen: list[tuple[str, str]] = []
    gate = scoring.unread

    def watched(q, sentences, rubric, missing):
        found = gate(q, sentences, rubric, missing)
        seen.extend(found)
        return found

    scoring.unread = watched  # the scorer calls the gate through this module's name
    try:
        routes = []
        for item in items:
            seen.clear()
            got = scoring.score_answer(rubric, item.question, item.answer, context=item.context)
            reasons = {flag.split(":")[0] for flag in got.flags if scoring._routes(flag, got, rubric)}
            if reasons != {"unread"}:
                continue
            unrouted = CalibrationResult(item, got.points, got.veto, False, tuple(got.flags))
            topics = sorted({topic for topic, _ in seen})
            routes.append(
                {
                    "id": item.id,
                    "question": item.question,
                    "topics": topics,
                    "confirm_only": not unrouted.silent_error,
                }
            )
        return routes
    finally:
        scoring.unread = gate


def by_topic(routes: list[dict]) -> list[dict]:
    """Per topic, the routes a TA only confirms and the ones that caught an error, most routes first."""
    confirm, caught = Counter(), Counter()
    for route in routes:
        for topic in route["topics"]:
            (confirm if route["confirm_only"] else caught)[topic] += 1
    topics = sorted(set(confirm) | set(caught), key=lambda t: (-(confirm[t] + caught[t]), t))
    return [{"topic": t, "confirm_only": confirm[t], "caught": caught[t]} for t in topics]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("assignment")
    parser.add_argument("--label", help="also write results/gate-topics-<label>.json")
    args = parser.parse_args(argv)
    scored_on = revision(Path(__file__).resolve().parent.parent)
    where = lesson(args.assignment)
    rubric = load_rubric(where.rubric)
    routes = gate_routes(rubric, load_calibration(where.calibration, rubric))
    table = by_topic(routes)
    for row in table:
        print(f"{row['confirm_only']:6d} confirm-only {row['caught']:5d} caught  {row['topic'][:100]}")
    report = {
        "assignment": args.assignment,
        "revision": scored_on,
        "routed_by_the_gate_alone": len(routes),
        "confirm_only": sum(r["confirm_only"] for r in routes),
        "topics": table,
    }
    if args.label:
        RESULTS.mkdir(exist_ok=True)
        out = RESULTS / f"gate-topics-{args.label}.json"
        out.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
