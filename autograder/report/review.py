"""TA review: answer groups and the other open questions, and decisions that win over the automatic grade.

Decisions live in OUT/reviews/<student>.json, which grading never writes, so they
survive any number of re-gradings; reports are rebuilt after each decision. Routed
written answers are listed as groups (autograder/rubric/groups.py); a decision on
a group applies to every member and is kept as a TA label for later batches.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from autograder.lesson.registry import REPO_ROOT, Lesson, lesson
from autograder.pipeline import store
from autograder.pipeline.policy import Override
from autograder.report import reports
from autograder.report.safe import terminal
from autograder.rubric import ta_labels
from autograder.rubric.groups import AnswerGroup, group_answers

GROUPS_FILE = "review-groups.json"


def _out(args) -> Path:
    out = Path(args.out or REPO_ROOT / "grading" / args.assignment)
    if not (out / "grades").is_dir():
        raise ValueError(
            f"no grading folder at {out}: grade first (python -m autograder grade {args.assignment} ...) "
            "or name the folder with --out"
        )
    return out


def _students(out: Path) -> list[str]:
    return sorted(path.stem for path in (out / "grades").glob("*.json"))


def routed_answers(out: Path, item: Lesson) -> dict[str, dict[str, str]]:
    """question -> {student: answer} for the written answers still waiting for a TA."""
    routed: dict[str, dict[str, str]] = {}
    answer_parts = item.spec.answer_parts()
    for student in _students(out):
        grade = store.read_json(store.grade_path(out, student)) or {}
        override = reports.load_override(out, student)
        for question, answer in grade.get("answers", {}).items():
            decided = override and answer_parts.get(question) in override.parts
            if answer.get("needs_review") and not decided:
                routed.setdefault(question, {})[student] = answer.get("answer", "")
    return routed


def build_groups(out: Path, item: Lesson) -> list[AnswerGroup]:
    """Group the routed answers per question and save the groups, so a decision names a stable id."""
    groups = [
        g
        for question, answers in sorted(routed_answers(out, item).items())
        for g in group_answers(question, answers)
    ]
    store.write_json(out / GROUPS_FILE, {g.id: dataclasses.asdict(g) for g in groups})
    return groups


def _say(text: str) -> None:
    """Students' names and words reach the TA's terminal: never as live control characters."""
    print(terminal(text, keep_newlines=True))


def list_pending(out: Path, item: Lesson) -> int:
    groups = build_groups(out, item)
    code_parts = {part.id for part in item.spec.parts if not part.written}  # written ones are grouped above
    for group in groups:
        _say(f"== group {group.id}: {len(group.members)} answer(s)  e.g. {group.example[:200]!r}")
        _say(f"   students: {', '.join(group.members)}")
    pending = 0
    for student in _students(out):
        grade = store.read_json(store.grade_path(out, student))
        entry = reports.final(grade, reports.load_override(out, student), item.spec.pass_rule)
        if not entry["needs_review"]:
            continue
        pending += 1
        _say(f"== {student}: {entry['total']:g}/{entry['max']:g} ({entry.get('status', '')})")
        for veto in entry["vetoes"]:
            _say(f"   veto {veto['rule']}: {veto['evidence']}")
        for finding in grade["findings"]:
            _say(f"   finding {finding['rule']}: {finding['evidence']}")
        for name, part in grade["parts"].items():
            if part["needs_review"] and name in code_parts:
                print(
                    f"   {name} {part['points']:g}/{part['max_points']:g}: {' | '.join(part['detail'])[:400]}"
                )
    print(f"{len(groups)} answer group(s); {pending} submission(s) need review")
    return 0


def _points(item: Lesson, part: str, value: str) -> float:
    tops = {p.id: p.points for p in item.spec.parts}
    if part not in tops:
        raise ValueError(f"unknown part {part!r}; parts: {', '.join(tops)}")
    try:
        points = float(value)
    except ValueError:
        raise ValueError(f"--set {part} needs points: --set {part}=1.5") from None
    if not 0 <= points <= tops[part]:
        raise ValueError(f"{part} takes 0..{tops[part]:g} points, not {points:g}")
    return points


def decide(
    out: Path, item: Lesson, student: str, settings: list[str], cleared: list[str], reviewer: str, note: str
) -> int:
    grade = store.read_json(store.grade_path(out, student))
    if not grade:
        raise ValueError(f"no grade for {student!r} in {out}")
    current = reports.load_override(out, student) or Override()
    for setting in settings:
        part, equals, value = setting.partition("=")
        if not equals:
            raise ValueError(f"--set takes PART=POINTS (e.g. --set Q1=1.5), not {setting!r}")
        current.parts[part] = _points(item, part, value)
    present = sorted({veto["rule"] for veto in grade.get("vetoes", [])})
    for rule in cleared:
        if rule not in present:
            raise ValueError(f"{student} has no veto {rule!r}; vetoes: {', '.join(present) or 'none'}")
    _save(out, student, current, cleared, reviewer, note)
    _rebuild_reports(out, item)
    print(f"recorded the decision for {student}; reports rebuilt in {out}")
    return 0


def _save(out: Path, student: str, current: Override, cleared: list[str], reviewer: str, note: str) -> None:
    current.cleared_vetoes = sorted(set(current.cleared_vetoes) | set(cleared))
    current.reviewer, current.note = reviewer or current.reviewer or "TA", note or current.note
    store.write_json(store.review_path(out, student), dataclasses.asdict(current))


def decide_group(
    out: Path, item: Lesson, group_id: str, points: str, veto: str, reviewer: str, note: str
) -> int:
    """One decision for every answer of a group; stored as TA labels for identical answers later."""
    groups = store.read_json(out / GROUPS_FILE) or {}
    if group_id not in groups:
        raise ValueError(
            f"no answer group {group_id!r}; run `review {item.assignment}` to list them: {', '.join(groups)}"
        )
    group = groups[group_id]
    part = item.spec.answer_parts()[group["question"]]
    value = _points(item, part, points)
    answers = []
    for student in group["members"]:
        grade = store.read_json(store.grade_path(out, student)) or {}
        answers.append(grade.get("answers", {}).get(group["question"], {}).get("answer", ""))
        current = reports.load_override(out, student) or Override()
        current.parts[part] = value
        rules = {v["rule"] for v in grade.get("vetoes", [])}
        cleared = ["wrong_causal_chain"] if veto == "clear" and "wrong_causal_chain" in rules else []
        _save(out, student, current, cleared, reviewer, note)
    ta_labels.record(
        item.assignment, group["question"], answers, value, veto == "keep", reviewer or "TA", note
    )
    _rebuild_reports(out, item)
    print(f"recorded {part}={value:g} for {len(group['members'])} student(s) of group {group_id}")
    return 0


def _rebuild_reports(out: Path, item: Lesson) -> None:
    state = store.read_json(out / "batch.json") or {}
    results, grades = reports.collect(out, item, state.get("backend", ""), _students(out))
    reports.write_all(out, results, grades, item)


def review(args) -> int:
    item = lesson(args.assignment)  # an unknown id is an error before anything is read
    out = _out(args)
    if args.group:
        if args.points is None:
            raise ValueError("--group needs --points: the points every answer of the group gets")
        return decide_group(out, item, args.group, args.points, args.veto, args.reviewer, args.note)
    if (args.set or args.clear_veto) and not args.student:
        raise ValueError("--set and --clear-veto need --student (or use --group for an answer group)")
    if not args.student:
        return list_pending(out, item)
    return decide(out, item, args.student, args.set, args.clear_veto, args.reviewer, args.note)
