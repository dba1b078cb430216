"""Check a rubric against its calibration set: human-labelled answers with the score a TA would give.

The numbers answer the questions that matter before trusting the scorer with a class: does it ever veto
an answer that deserves no veto, does every veto-worthy answer reach a TA, how often does an answer
it finalizes on its own get a different score than the label, and how many answers does it route?
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from autograder.rubric_model import Rubric, RubricError, read_yaml, rubric_problems
from autograder.rubric_score import score_answer


@dataclass(frozen=True)
class LabelledAnswer:
    id: str
    question: str
    answer: str
    points: float  # the label: what a TA awards
    veto: bool
    split: str = "dev"  # dev: seen while writing the rubric; holdout-*: written after a version was frozen
    kind: str = ""  # full / partial / wrong / veto / stuffing / off-topic / empty / negation / ...


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

    def target_failures(self) -> list[str]:
        """Each calibration target this check misses, in words."""
        s, t, failures = self.summary(), self.targets, []
        if s["false_vetoes"] > t.get("false_vetoes", 0):
            failures.append(f"{s['false_vetoes']} false veto(es)")
        if s["exact_auto_rate"] < t.get("exact_auto", 0.95):
            failures.append(f"exact agreement on auto-finalized {s['exact_auto_rate']:.1%}")
        if s["veto_vetoed_or_routed"] < s["veto_worthy"]:
            failures.append(f"{s['veto_worthy'] - s['veto_vetoed_or_routed']} veto-worthy answer(s) missed")
        if s["routed_share"] > t.get("max_routed", 1 / 3):
            failures.append(f"{s['routed_share']:.1%} routed to review")
        return failures

    @property
    def ok(self) -> bool:
        """The gate of `rubric check`: a valid rubric that vetoes no calibration answer wrongly."""
        return not self.errors and self.summary()["false_vetoes"] == 0


def _rate(part: int, whole: int) -> float:
    return part / whole if whole else 1.0


def check_rubric(rubric: Rubric, calibration_path: str | Path) -> RubricCheck:
    """Validate the rubric, then score every labelled answer of the calibration file."""
    check = RubricCheck(errors=rubric_problems(rubric), targets=dict(rubric.targets))
    try:
        items = load_calibration(calibration_path, rubric)
    except RubricError as exc:
        check.errors.append(str(exc))
        return check
    for item in items:
        scored = score_answer(rubric, item.question, item.answer)
        check.results.append(
            CalibrationResult(item, scored.points, scored.veto, scored.needs_review, tuple(scored.flags))
        )
    return check


def load_calibration(path: str | Path, rubric: Rubric) -> list[LabelledAnswer]:
    """Read calibration.yaml (`answers:` list); RubricError names every malformed entry."""
    path = Path(path)
    data = read_yaml(path)
    entries = data.get("answers") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise RubricError(f"{path}: expected a mapping with an 'answers' list")
    items, problems, seen = [], [], set()
    for number, entry in enumerate(entries, 1):
        try:
            item = _labelled(entry, rubric)
        except (KeyError, TypeError, ValueError) as exc:
            problems.append(f"entry {number}: {exc!r}")
            continue
        if item.id in seen:
            problems.append(f"entry {number}: duplicate id {item.id!r}")
        seen.add(item.id)
        items.append(item)
    if problems:
        raise RubricError(f"{path}: " + "; ".join(problems))
    return items


def _labelled(entry: dict, rubric: Rubric) -> LabelledAnswer:
    item = LabelledAnswer(
        id=str(entry["id"]),
        question=rubric.question(entry["question"]).id,
        answer=str(entry.get("answer") or ""),
        points=float(entry["points"]),
        veto=bool(entry["veto"]),
        split=str(entry.get("split", "dev")),
        kind=str(entry.get("kind", "")),
    )
    max_points = rubric.question(item.question).max_points
    if not 0 <= item.points <= max_points:
        raise ValueError(f"{item.id}: points {item.points:g} outside 0..{max_points:g}")
    if item.split != "dev" and not item.split.startswith("holdout"):
        raise ValueError(f"{item.id}: split {item.split!r} is neither 'dev' nor 'holdout…'")
    return item
