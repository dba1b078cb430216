"""The pass rule applied to a grade: the lesson's rule (its spec), and a TA's score always wins.

Parts and their maxima come with the grade; the rule (lesson 5: total >= 8 of 10 and
no veto) comes from the lesson's spec, so nothing here knows one lesson's shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from autograder.lesson.spec import PassRule


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


def apply(parts: dict[str, Part], vetoes: list[Veto], override: Override | None, rule: PassRule):
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
    return final, kept, total, rule.passes(total, kept)


def max_total(parts: dict[str, Part]) -> float:
    return float(sum(part.max_points for part in parts.values()))


def outcome(parts: dict[str, Part], vetoes: list[Veto], open_findings: bool, rule: PassRule) -> str:
    """pass, fail, or pending_review while what a TA could still decide would change the verdict.

    Each part under review could end anywhere from 0 to its maximum; an uncertain veto
    could be kept or cleared; an open finding (a record that does not match the code,
    code the grader could not read) could still become a veto.
    """
    if rule.no_veto and any(veto.certain for veto in vetoes):
        return "fail"
    settled = sum(part.points for part in parts.values() if not part.needs_review)
    best = settled + sum(part.max_points for part in parts.values() if part.needs_review)
    uncertain = rule.no_veto and bool(vetoes)  # an uncertain veto that a TA could still keep
    if rule.passes(settled, []) and not uncertain and not open_findings:
        return "pass"
    return "pending_review" if rule.passes(best, []) else "fail"
