"""The pass rule: parts add up to 10, pass iff total >= 8 and no veto; a TA's score always wins."""

from __future__ import annotations

from dataclasses import dataclass, field

from autograder.config import policy

# Which part of the grade each written-answer cell scores (answer cell grade_id -> part name).
ANSWER_PARTS = {"Q1": "Q1", "Q2": "Q2", "Q3": "Q3", "explanation": "code_explanation"}


@dataclass
class Part:
    points: float
    max_points: float
    source: str  # "harness", "rubric" or "ta": who decided these points
    needs_review: bool = False
    detail: list[str] = field(default_factory=list)  # the evidence a student or TA reads


@dataclass(frozen=True)
class Veto:
    rule: str  # wrong_causal_chain | loosened_checks | unrun_claimed_as_measured
    evidence: str
    source: str = "auto"
    certain: bool = True  # False: a TA must confirm it before it decides anything


@dataclass
class Override:
    """A TA's decision for one student: kept apart from the automatic grade, applied on top of it."""

    parts: dict[str, float] = field(default_factory=dict)
    cleared_vetoes: list[str] = field(default_factory=list)  # veto rules the TA found unjustified
    reviewer: str = ""
    note: str = ""


def apply(parts: dict[str, Part], vetoes: list[Veto], override: Override | None):
    """Final parts, vetoes, total and verdict; the TA's part scores and veto clearances win."""
    final = dict(parts)
    kept = list(vetoes)
    if override:
        for name, points in override.parts.items():
            if name in final:
                final[name] = Part(
                    points, final[name].max_points, "ta", False, [f"TA: {override.note}".strip()]
                )
        kept = [veto for veto in vetoes if veto.rule not in override.cleared_vetoes]
    total = round(sum(part.points for part in final.values()), 2)
    passed = total >= policy().PASS_TOTAL and not kept
    return final, kept, total, passed


def max_total() -> float:
    return float(sum(policy().PARTS.values()))


def outcome(parts: dict[str, Part], vetoes: list[Veto], open_findings: bool) -> str:
    """pass, fail, or pending_review while what a TA could still decide would change the verdict.

    Each part under review could end anywhere from 0 to its maximum; an uncertain veto
    could be kept or cleared; an open finding (a record that does not match the code,
    code the grader could not read) could still become a veto.
    """
    if any(veto.certain for veto in vetoes):
        return "fail"
    settled = sum(part.points for part in parts.values() if not part.needs_review)
    best = settled + sum(part.max_points for part in parts.values() if part.needs_review)
    worst_passes = settled >= policy().PASS_TOTAL and not vetoes and not open_findings
    if worst_passes:
        return "pass"
    return "pending_review" if best >= policy().PASS_TOTAL else "fail"
