"""The written-answer scorer on a blind set: answers written from the student-facing lesson only.

    python benchmarks/blind_rubric.py tests/blind/rubric_v1/answers.yaml [--label first-contact]

A blind set is labelled before it is scored and never edited after. The numbers follow
issue 8's definitions: a *silent error* is an answer finalized without review whose points are
off by more than half a point, or whose veto is wrong; a veto-worthy answer is *caught* when it
is vetoed or routed; a *false final veto* is a veto on an answer that is not veto-worthy, not
routed. Results go to benchmarks/results/blind-rubric-<set>-<label>.json.
"""

from __future__ import annotations

import argparse
import inspect
import json
import re
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from autograder.lesson.registry import lesson  # noqa: E402
from autograder.rubric import load_rubric, score_answer  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def normalized(raw: dict) -> dict:
    """One answer in the v1-v4 schema; v5 writes text, context and flat labels instead."""
    if "label" in raw:
        return raw
    context = raw.get("context") or {}
    label = {
        "points": float(raw["expected_points"]),
        "veto_worthy": bool(raw["veto"]),
        "kind": raw.get("kind"),
    }
    return {
        "id": raw["id"],
        "question": raw["question"],
        "answer": raw.get("text") or "",
        "blank": submitted_blank(context.get("blank", "0.0")),
        "checks_passed": context.get("checks_passed", True),
        "label": label | {"why": raw.get("why", "")},
    }


def submitted_blank(blank) -> str:
    """The blank as the grader passes it to the note (autograder/pipeline/grade.py): the answers of the
    submission's blanks in the notebook's order, joined with ", ". A set for a lesson with several
    blanks writes them as "name: value; name: value" (lesson 6: "divisor: n_cols; centered_other: 0.0",
    which the grader passes as "n_cols, 0.0"); a one-blank set writes the value alone. "(omitted)": the
    argument was deleted, which the grader's blank reader reports as no value ("")."""

    def value(text: str) -> str:
        text = text.strip()
        return "" if text == "(omitted)" else text

    parts = [part for part in str(blank).split(";") if part.strip()]
    named = [re.match(r"\s*([A-Za-z_]\w*)\s*:\s*(.*)$", part, re.S) for part in parts]
    if parts and all(named):
        return ", ".join(value(match.group(2)) for match in named)
    return "" if blank == "(omitted)" else str(blank)


def score_set(items: list[dict], assignment: str) -> list[dict]:
    rubric = load_rubric(lesson(assignment).rubric)
    rows = []
    for item in items:
        context = {"blank": item.get("blank", ""), "checks_passed": item.get("checks_passed")}
        if "context" in inspect.signature(score_answer).parameters:
            scored = score_answer(rubric, item["question"], item.get("answer") or "", context=context)
        else:  # the scorer before it could read the submitted blank (first contact)
            scored = score_answer(rubric, item["question"], item.get("answer") or "")
        rows.append(
            {"item": item, "scored": scored.to_json() | {"flags": scored.flags, "evidence": scored.evidence}}
        )
    return rows


def judge(row: dict) -> dict:
    label, scored = row["item"]["label"], row["scored"]
    routed = bool(scored["needs_review"])
    veto, worthy = bool(scored["veto"]), bool(label["veto_worthy"])
    off = abs(scored["points"] - label["points"])
    return {
        "routed": routed,
        "exact": off < 0.01 and veto == worthy,
        "silent_error": not routed and (off > 0.5 or veto != worthy),
        "caught": worthy and (veto or routed),
        "false_final_veto": veto and not worthy and not routed,
    }


def summarize(rows: list[dict]) -> dict:
    judged = [judge(row) for row in rows]
    final = [j for j in judged if not j["routed"]]
    worthy = [row for row in rows if row["item"]["label"]["veto_worthy"]]
    return {
        "answers": len(rows),
        "finalized": len(final),
        "exact_on_finalized": round(sum(j["exact"] for j in final) / max(1, len(final)), 3),
        "silent_errors": sum(j["silent_error"] for j in judged),
        "silent_error_rate": round(sum(j["silent_error"] for j in judged) / max(1, len(rows)), 3),
        "veto_worthy": len(worthy),
        "veto_worthy_caught": sum(j["caught"] for j in judged),
        "false_final_vetoes": sum(j["false_final_veto"] for j in judged),
        "routed_share": round(sum(j["routed"] for j in judged) / max(1, len(rows)), 3),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("answers", help="a blind set: answers.yaml")
    parser.add_argument("--assignment", default="lesson05-row-sum")
    parser.add_argument("--label", default="current", help="a name for this measurement, e.g. first-contact")
    args = parser.parse_args(argv)
    path = Path(args.answers)
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    items = [normalized(raw) for raw in (items["answers"] if isinstance(items, dict) else items)]
    rows = score_set(items, args.assignment)
    report = {"set": str(path), "label": args.label, "summary": summarize(rows)}
    report["errors"] = [
        {"id": r["item"]["id"], "label": r["item"]["label"], "scored": r["scored"]} | judge(r)
        for r in rows
        if judge(r)["silent_error"] or (r["item"]["label"]["veto_worthy"] and not judge(r)["caught"])
    ]
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"blind-rubric-{path.parent.name}-{args.label}.json"
    out.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report["summary"], indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
