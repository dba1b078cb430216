"""Written answers: the public entry points of the rubric scorer and of `python -m autograder rubric`.

The model lives in model.py (read by load.py), the scoring rules in score.py and the
modules it calls (credit, reasons, beliefs, stuffing, note, text), the third pass condition
in passing.py, calibration in check.py; this module is the one the grading pipeline and the
CLI import.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator

from autograder.lesson.registry import UnknownAssignment, lesson
from autograder.rubric.check import RubricCheck, check_rubric, load_calibration
from autograder.rubric.load import load_rubric
from autograder.rubric.model import Rubric, RubricError
from autograder.rubric.passing import pass_condition
from autograder.rubric.score import AnswerScore, score_answer

__all__ = [
    "AnswerScore",
    "Rubric",
    "RubricCheck",
    "RubricError",
    "check_lesson",
    "check_rubric",
    "cmd_rubric_check",
    "cmd_rubric_score",
    "load_calibration",
    "load_rubric",
    "pass_condition",
    "score_answer",
    "score_jsonl",
]


def score_jsonl(assignment: str, lines: Iterable[str]) -> Iterator[dict]:
    """One contract object per non-blank JSONL line `{"id", "question", "answer"}`, which may also carry
    the submission's `"blank"` and `"checks_passed"` (true, false, or null: could not run) for the note.

    A line that cannot be scored yields `{"id", "line", "error"}` and the stream goes on, so one bad
    record never costs the rest of a class its scores.
    """
    rubric = load_rubric(lesson(assignment).rubric)
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        record_id = None
        try:
            record = json.loads(line)
            if not isinstance(record, dict):
                raise ValueError("a line must hold a JSON object")
            record_id = record.get("id")
            answer = record["answer"]
            if answer is not None and not isinstance(answer, str):
                raise ValueError("'answer' must be a string")
            context = {key: record[key] for key in ("blank", "checks_passed") if key in record}
            scored = score_answer(rubric, record["question"], answer or "", context=context or None)
        except (ValueError, KeyError, RubricError) as exc:
            reason = f"missing field {exc.args[0]!r}" if isinstance(exc, KeyError) else str(exc)
            yield {"id": record_id, "line": number, "error": reason}
            continue
        yield {"id": record_id} | scored.to_json()


def cmd_rubric_score(assignment: str, path: str) -> int:
    """`rubric score ASSIGNMENT FILE.jsonl` ("-" reads stdin): 0 if every line scored, 1 if any failed,
    2 if nothing could be scored (unknown assignment, unreadable file, broken rubric)."""
    try:
        stream = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        print(f"error: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    failed = 0
    try:
        with stream:
            for result in score_jsonl(assignment, stream):
                failed += "error" in result
                print(json.dumps(result, ensure_ascii=False), flush=True)
    except (UnknownAssignment, RubricError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 1 if failed else 0


def check_lesson(assignment: str) -> RubricCheck:
    """The lesson's calibration scored on its own rubric: what `rubric check` reports and the rubric tests assert."""
    where = lesson(assignment)
    return check_rubric(load_rubric(where.rubric), where.calibration)


def cmd_rubric_check(assignment: str) -> int:
    """`rubric check ASSIGNMENT`: 1 on any validation error or any false veto in the calibration set."""
    try:
        check = check_lesson(assignment)
    except (UnknownAssignment, RubricError) as exc:
        print(f"rubric check {assignment}: INVALID\n  {exc}")
        return 1
    print(render_check(assignment, check))
    return 0 if check.ok else 1


def render_check(assignment: str, check: RubricCheck) -> str:
    """The human report of a check: errors, agreement per split, disagreements, missed targets."""
    missed = check.target_failures()
    headline = "FAILED" if not check.ok else f"PASSED, {len(missed)} BELOW TARGET" if missed else "OK"
    lines = [f"rubric check {assignment}: {headline}"]
    lines += [f"  error: {error}" for error in check.errors]
    for split in [None, *check.splits()]:
        s = check.summary(split)
        if s["answers"]:
            lines.append(
                f"  {split or 'all':10} answers {s['answers']:3}  auto {s['auto_finalized']:3}  "
                f"exact on auto {s['exact_auto_rate']:.1%}  silent errors {s['silent_errors']}  "
                f"false vetoes {s['false_vetoes']} (final {s['false_final_vetoes']})  "
                f"vetoes caught/routed {s['veto_vetoed_or_routed']}/{s['veto_worthy']}  "
                f"routed {s['routed_share']:.1%}"
            )
    for r in check.disagreements():
        lines.append(
            f"  differs: {r.item.id} ({r.item.question}, {r.item.split}) label {r.item.points:g}"
            f"{' veto' if r.item.veto else ''} -> {r.points:g}{' veto' if r.veto else ''}"
            f"{' [review]' if r.needs_review else ''} {' '.join(r.flags)}"
        )
    lines += [f"  below target: {failure}" for failure in missed]
    return "\n".join(lines)
