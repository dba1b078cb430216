"""What a rubric change did to every labelled answer of the calibration, answer by answer.

    python benchmarks/rubric_diff.py score OUT.json [ASSIGNMENT ...] [--jobs 2]
    python benchmarks/rubric_diff.py compare BEFORE.json AFTER.json [--label LABEL]

`score` scores every answer of each lesson's calibration (every part file) on the rubric in this checkout and writes,
per answer, its label and what the scorer gave (points, veto, routed to a TA, flags). Run it once on the tree before a
change (a `git worktree` of the old commit) and once after. `compare` then names each answer that became wrong
(a silent error, a missed veto or a final false veto), each that became right, each newly routed or no longer
routed and each whose points or veto moved, with the totals of both runs; with --label it also writes
benchmarks/results/rubric-diff-<LABEL>.json. Scoring and judging are `rubric check`'s own (`check_rubric` and its
`CalibrationResult`), so an answer counts as a silent error here exactly when it does there. The dumps themselves are large: keep them out of the repository.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from autograder.lesson.registry import lesson  # noqa: E402
from autograder.rubric import load_rubric  # noqa: E402
from autograder.rubric.check import CalibrationResult, LabelledAnswer, check_rubric  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def as_row(result: CalibrationResult) -> dict:
    """One scored answer as a dump keeps it: its label and what the scorer gave (not the answer's text)."""
    item = result.item
    return {
        "question": item.question,
        "split": item.split,
        "label_points": item.points,
        "label_veto": item.veto,
        "points": result.points,
        "veto": result.veto,
        "routed": result.needs_review,
        "flags": list(result.flags),
    }


def from_row(answer_id: str, row: dict) -> CalibrationResult:
    """A dump's row back as the result `rubric check` judges, so both judge an answer alike."""
    item = LabelledAnswer(
        answer_id, row["question"], "", row["label_points"], row["label_veto"], row["split"]
    )
    return CalibrationResult(item, row["points"], row["veto"], row["routed"], tuple(row["flags"]))


def missed_veto(result: CalibrationResult) -> bool:
    return result.item.veto and not result.veto_handled


def wrong(result: CalibrationResult) -> bool:
    """A silent error, a missed veto or a final false veto: what no round may add."""
    return result.silent_error or missed_veto(result) or result.false_final_veto


def score_lesson(assignment: str) -> tuple[str, dict[str, dict]]:
    where = lesson(assignment)
    check = check_rubric(load_rubric(where.rubric), where.calibration)
    if check.errors:
        raise SystemExit(f"{assignment}: the rubric or its calibration has problems: {check.errors}")
    return assignment, {r.item.id: as_row(r) for r in check.results}


def revision(root: Path) -> str:
    found = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True)
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", "course", "autograder"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    return found.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def totals(rows: dict[str, CalibrationResult]) -> dict:
    answers = len(rows) or 1
    return {
        "answers": len(rows),
        "silent_errors": sum(r.silent_error for r in rows.values()),
        "missed_vetoes": sum(missed_veto(r) for r in rows.values()),
        "final_false_vetoes": sum(r.false_final_veto for r in rows.values()),
        "routed_share": round(sum(r.needs_review for r in rows.values()) / answers, 4),
    }


def compare(
    before: dict[str, dict[str, CalibrationResult]], after: dict[str, dict[str, CalibrationResult]]
) -> dict:
    """Per lesson: both runs' totals and the ids of answers in both runs, by what changed."""
    report = {}
    for assignment, now in after.items():
        then = before.get(assignment, {})
        kinds: dict[str, list[str]] = {
            k: [] for k in ("became_wrong", "became_right", "now_routed", "unrouted", "moved")
        }
        for answer_id, new in sorted(now.items()):
            old = then.get(answer_id)
            if old is None:
                continue
            if wrong(new) and not wrong(old):
                kinds["became_wrong"].append(answer_id)
            elif wrong(old) and not wrong(new):
                kinds["became_right"].append(answer_id)
            elif new.needs_review != old.needs_review:
                kinds["now_routed" if new.needs_review else "unrouted"].append(answer_id)
            elif (new.points, new.veto) != (old.points, old.veto):
                kinds["moved"].append(answer_id)
        common = {i: then[i] for i in now if i in then}
        new_only = {i: r for i, r in now.items() if i not in then}
        report[assignment] = {
            "before": totals(common),
            "after": totals({i: now[i] for i in common}),
            "answers_new_in_after": totals(new_only) if new_only else None,
            **kinds,
        }
    return report


def load_dump(path: Path) -> tuple[str, dict[str, dict[str, CalibrationResult]]]:
    """The revision a dump was scored on, and its answers."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["revision"], {
        a: {i: from_row(i, r) for i, r in rows.items()} for a, rows in data["lessons"].items()
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    scoring = sub.add_parser("score", help="score every calibration answer, write a dump")
    scoring.add_argument("out", type=Path)
    scoring.add_argument(
        "assignments", nargs="*", default=["lesson05-row-sum", "lesson06-mean-var", "lesson07-softmax"]
    )
    scoring.add_argument("--jobs", type=int, default=2)
    comparing = sub.add_parser("compare", help="what changed between two dumps")
    comparing.add_argument("before", type=Path)
    comparing.add_argument("after", type=Path)
    comparing.add_argument("--label", help="also write results/rubric-diff-<label>.json")
    args = parser.parse_args(argv)
    if args.command == "score":
        scored_on = revision(ROOT)  # before scoring: a commit made meanwhile is not what was read
        start = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            lessons = dict(pool.map(score_lesson, args.assignments))
        dump = {
            "revision": scored_on,
            "seconds": round(time.perf_counter() - start, 1),
            "lessons": lessons,
        }
        args.out.write_text(json.dumps(dump, ensure_ascii=False), encoding="utf-8")
        print(args.out, {a: len(r) for a, r in lessons.items()}, f"{dump['seconds']} s")
        return 0
    (old_revision, before), (new_revision, after) = load_dump(args.before), load_dump(args.after)
    report = {"revisions": {"before": old_revision, "after": new_revision}, "lessons": compare(before, after)}
    print(json.dumps(report, ensure_ascii=False, indent=1))
    if args.label:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / f"rubric-diff-{args.label}.json").write_text(
            json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
