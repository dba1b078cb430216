"""Check a rubric against its calibration set: human-labelled answers with the score a TA would give.

The numbers answer the questions that matter before trusting the scorer with a class (issue 8): does it
ever veto an answer that deserves no veto without a TA seeing it (a false final veto), does every
veto-worthy answer get vetoed or reach a TA, how often is an answer it finalizes on its own more than
half a point off or wrongly vetoed (a silent error), and how many answers does it route?
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from autograder.rubric.load import read_yaml
from autograder.rubric.model import Rubric, RubricError, rubric_problems
from autograder.rubric.score import score_answer


@dataclass(frozen=True)
class LabelledAnswer:
    id: str
    question: str
    answer: str
    points: float  # the label: what a TA awards
    veto: bool
    split: str = "dev"  # dev*: seen while writing the rubric; holdout-*: written after a version was
    # frozen; blind-*: written without reading the scorer, labelled before it first scored them
    kind: str = ""  # full / partial / wrong / veto / stuffing / off-topic / empty / negation / ...
    context: dict | None = None  # {"blank", "checks_passed"} of the submission, when the label used them


@dataclass(frozen=True)
class CalibrationResult:
    item: LabelledAnswer
    points: float
    veto: bool
    needs_review: bool
    flags: tuple[str, ...]

    @property
    def exact(self) -> bool:
        return abs(self.points - self.item.points) < 1e-9 and self.veto == self.item.veto

    @property
    def false_veto(self) -> bool:
        return self.veto and not self.item.veto

    @property
    def false_final_veto(self) -> bool:
        """A veto on an answer that deserves none, with no TA to catch it."""
        return self.false_veto and not self.needs_review

    @property
    def silent_error(self) -> bool:
        """Issue 8: finalized without review, yet more than half a point off or with the wrong veto."""
        off = abs(self.points - self.item.points) > 0.5 + 1e-9
        return not self.needs_review and (off or self.veto != self.item.veto)

    @property
    def veto_handled(self) -> bool:
        """A veto-worthy answer counts as handled when it is vetoed or at least sent to a TA."""
        return self.veto or self.needs_review


@dataclass
class RubricCheck:
    errors: list[str] = field(default_factory=list)
    results: list[CalibrationResult] = field(default_factory=list)
    targets: dict = field(default_factory=dict)

    def summary(self, split: str | None = None) -> dict:
        """Agreement numbers over one split (or all answers when split is None)."""
        rows = [r for r in self.results if split is None or r.item.split == split]
        auto = [r for r in rows if not r.needs_review]
        worthy = [r for r in rows if r.item.veto]
        return {
            "answers": len(rows),
            "auto_finalized": len(auto),
            "exact_auto": sum(r.exact for r in auto),
            "exact_auto_rate": _rate(sum(r.exact for r in auto), len(auto)),
            "exact_all_rate": _rate(sum(r.exact for r in rows), len(rows)),
            "false_vetoes": sum(r.false_veto for r in rows),
            "false_final_vetoes": sum(r.false_final_veto for r in rows),
            "silent_errors": sum(r.silent_error for r in rows),
            "silent_error_rate": _rate(sum(r.silent_error for r in rows), len(rows), empty=0.0),
            "veto_worthy": len(worthy),
            "veto_vetoed_or_routed": sum(r.veto_handled for r in worthy),
            "routed": len(rows) - len(auto),
            "routed_share": _rate(len(rows) - len(auto), len(rows)),
            # Routing no rule demands: the answer is neither veto-worthy nor stuffing.
            "routed_discretionary": sum(
                r.needs_review for r in rows if not r.item.veto and r.item.kind != "stuffing"
            ),
        }

    def splits(self) -> list[str]:
        """The splits present, in file order."""
        return list(dict.fromkeys(r.item.split for r in self.results))

    def disagreements(self) -> list[CalibrationResult]:
        return [r for r in self.results if not r.exact]

    def target_failures(self, split: str | None = None) -> list[str]:
        """Each calibration target (issue 8's) this check misses, in words."""
        s, t, failures = self.summary(split), self.targets, []
        if s["false_final_vetoes"] > t.get("false_final_vetoes", 0):
            failures.append(f"{s['false_final_vetoes']} false final veto(es)")
        if s["silent_error_rate"] > t.get("max_silent_errors", 0.04):
            failures.append(f"{s['silent_errors']} silent error(s), {s['silent_error_rate']:.1%}")
        if "exact_auto" in t and s["exact_auto_rate"] < t["exact_auto"]:
            failures.append(f"exact agreement on auto-finalized {s['exact_auto_rate']:.1%}")
        if s["veto_vetoed_or_routed"] < s["veto_worthy"]:
            failures.append(f"{s['veto_worthy'] - s['veto_vetoed_or_routed']} veto-worthy answer(s) missed")
        if s["routed_share"] > t.get("max_routed", 0.40):
            failures.append(f"{s['routed_share']:.1%} routed to review")
        return failures

    @property
    def ok(self) -> bool:
        """The gate of `rubric check`: a valid rubric that vetoes no calibration answer wrongly without
        a TA seeing it first."""
        return not self.errors and self.summary()["false_final_vetoes"] == 0


def _rate(part: int, whole: int, empty: float = 1.0) -> float:
    return part / whole if whole else empty


def check_rubric(rubric: Rubric, calibration_path: str | Path) -> RubricCheck:
    """Validate the rubric, then score every labelled answer of the calibration file."""
    check = RubricCheck(errors=rubric_problems(rubric), targets=dict(rubric.targets))
    try:
        items = load_calibration(calibration_path, rubric)
    except RubricError as exc:
        check.errors.append(str(exc))
        return check
    for item in items:
        scored = score_answer(rubric, item.question, item.answer, context=item.context)
        check.results.append(
            CalibrationResult(item, scored.points, scored.veto, scored.needs_review, tuple(scored.flags))
        )
    return check


def load_calibration(path: str | Path, rubric: Rubric) -> list[LabelledAnswer]:
    """Read calibration.yaml and its parts; RubricError names every malformed entry, by file and number."""
    items, problems, seen = [], [], set()
    for where, entries in calibration_files(path):
        for number, entry in enumerate(entries, 1):
            try:
                item = _labelled(entry, rubric)
            except (KeyError, TypeError, ValueError) as exc:
                problems.append(f"{where.name} entry {number}: {exc!r}")
                continue
            if item.id in seen:
                problems.append(f"{where.name} entry {number}: duplicate id {item.id!r}")
            seen.add(item.id)
            items.append(item)
    if problems:
        raise RubricError(f"{path}: " + "; ".join(problems))
    return items


def calibration_files(path: str | Path) -> list[tuple[Path, list]]:
    """[(file, its `answers` list)]: calibration.yaml, then each file its `parts:` names (beside it, in order).
    The sets grow with every blind round, so they are kept in parts that each stay small."""
    path = Path(path)
    data = read_yaml(path)
    files = [(path, _answers(path, data))]
    parts = data.get("parts") or []
    if not isinstance(parts, list):
        raise RubricError(f"{path}: 'parts' must be a list of file names beside it")
    for name in parts:
        part = path.parent / str(name)
        part_data = read_yaml(part)
        if isinstance(part_data, dict) and "parts" in part_data:
            raise RubricError(f"{part}: a part names no parts of its own")
        files.append((part, _answers(part, part_data)))
    return files


def _answers(path: Path, data) -> list:
    entries = data.get("answers") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise RubricError(f"{path}: expected a mapping with an 'answers' list")
    return entries


def _labelled(entry: dict, rubric: Rubric) -> LabelledAnswer:
    context = {key: entry[key] for key in ("blank", "checks_passed") if key in entry}
    item = LabelledAnswer(
        id=str(entry["id"]),
        question=rubric.question(entry["question"]).id,
        answer=str(entry.get("answer") or ""),
        points=float(entry["points"]),
        veto=bool(entry["veto"]),
        split=str(entry.get("split", "dev")),
        kind=str(entry.get("kind", "")),
        context=context or None,
    )
    max_points = rubric.question(item.question).max_points
    if not 0 <= item.points <= max_points:
        raise ValueError(f"{item.id}: points {item.points:g} outside 0..{max_points:g}")
    if not item.split.startswith(("dev", "holdout", "blind")):
        raise ValueError(f"{item.id}: split {item.split!r} is not 'dev…', 'holdout…' or 'blind…'")
    return item
