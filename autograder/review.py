"""TA review: list what needs a human, record a decision that wins over the automatic grade.

Decisions live in OUT/reviews/<student>.json, which grading never writes, so they
survive any number of re-gradings; reports are rebuilt after each decision.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from autograder import reports, store
from autograder.config import policy
from autograder.lessons import REPO_ROOT
from autograder.policy import Override


def _out(args) -> Path:
    return Path(args.out or REPO_ROOT / "grading" / args.assignment)


def _students(out: Path) -> list[str]:
    return sorted(path.stem for path in (out / "grades").glob("*.json"))


def list_pending(out: Path) -> int:
    pending = 0
    for student in _students(out):
        grade = store.read_json(store.grade_path(out, student))
        entry = reports.final(grade, reports.load_override(out, student))
        if not entry["needs_review"]:
            continue
        pending += 1
        print(f"== {student}: {entry['total']:g}/{entry['max']:g}")
        for veto in entry["vetoes"]:
            print(f"   veto {veto['rule']}: {veto['evidence']}")
        for finding in grade["findings"]:
            print(f"   finding {finding['rule']}: {finding['evidence']}")
        for question, answer in grade["answers"].items():
            if answer.get("needs_review") or answer.get("veto"):
                print(
                    f"   {question} {answer['points']:g}/{answer['max_points']:g} flags={answer.get('flags')}"
                )
                print(f"      answer: {answer['answer'][:300]!r}")
                print(
                    f"      matched: {[m['concept'] for m in answer['matched']]} missing: {answer['missing']}"
                )
    print(f"{pending} submission(s) need review" if pending else "nothing needs review")
    return 0


def decide(out: Path, student: str, settings: list[str], cleared: list[str], reviewer: str, note: str) -> int:
    if not store.grade_path(out, student).exists():
        raise ValueError(f"no grade for {student!r} in {out}")
    current = reports.load_override(out, student) or Override()
    for setting in settings:
        part, _, value = setting.partition("=")
        if part not in policy().PARTS:
            raise ValueError(f"unknown part {part!r}; parts: {', '.join(policy().PARTS)}")
        points = float(value)
        if not 0 <= points <= policy().PARTS[part]:
            raise ValueError(f"{part} takes 0..{policy().PARTS[part]} points, not {points:g}")
        current.parts[part] = points
    current.cleared_vetoes = sorted(set(current.cleared_vetoes) | set(cleared))
    current.reviewer, current.note = reviewer or current.reviewer or "TA", note or current.note
    store.write_json(store.review_path(out, student), dataclasses.asdict(current))
    _rebuild_reports(out)
    print(f"recorded the decision for {student}; reports rebuilt in {out}")
    return 0


def _rebuild_reports(out: Path) -> None:
    state = store.read_json(out / "batch.json") or {}
    results, grades = reports.collect(
        out, state.get("assignment", ""), state.get("backend", ""), _students(out)
    )
    reports.write_all(out, results, grades)


def review(args) -> int:
    out = _out(args)
    if not args.student:
        return list_pending(out)
    return decide(out, args.student, args.set, args.clear_veto, args.reviewer, args.note)
