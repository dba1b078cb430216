"""The written-answer rubric as data: what a lesson's rubric.yaml holds, and its consistency checks.

The format is documented at the top of course/lessons/05-row-sum-padding/rubric.yaml; every lesson's
rubric uses it. load.py reads the file into these classes, compiling every pattern once, so a
broken regex is a load error, not a surprise in the middle of grading a class.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from autograder.rubric.negation import DEFAULT_LANGUAGE, Language

SEVERITIES = ("veto", "deduct", "review")
# What the student's own checks did, as the note is scored against it (see note.check_state).
CHECK_STATES = ("passed", "failed", "not_run", "unknown")
# Flags that send an answer to a TA unless the rubric names its own list under `review.route`.
DEFAULT_ROUTE = (
    "veto_unsure",
    "stuffing",
    "too_short",
    "too_long",
    "contradiction",
    "suspect",
    "cap_loss",
    "unknown_premise",
    "contradicts_code",
    "unrun_claim",
    "romanized",
    "unread_note",
    "grandiose",
    "unread",
    "addresses_grader",
)


class RubricError(ValueError):
    """A rubric or calibration file that cannot be used; the message names the file and every problem."""


@dataclass(frozen=True)
class Concept:
    """One idea an answer earns `weight` points for, recognised by any of its patterns."""

    id: str
    weight: float
    patterns: tuple[re.Pattern, ...]
    feedback: str  # shown to the student when the concept is missing; never reveals a pattern
    required: bool = False  # missing it caps the question at `cap_without_required`
    needs_cue: bool = False  # a reason: earned only by a causal clause whose premise is a valid one
    when: tuple[str, ...] = CHECK_STATES  # the note's check states in which the concept is asked for
    about_value: bool = False  # why the submitted value is right: not earned when the blank is wrong
    topic: tuple[re.Pattern, ...] = ()  # words any statement of the concept holds: unread, they route
    # A lesser answer that earns `stand_in_share` of the weight and meets `required` (-1e9 for -inf).
    stand_in: tuple[re.Pattern, ...] = ()
    stand_in_share: float = 0.0


@dataclass(frozen=True)
class Misconception:
    """A wrong belief. `veto` zeroes the question and vetoes the lesson; `deduct` takes points off;
    `review` only routes the answer to a TA (a phrase that often, but not always, signals the error)."""

    id: str
    severity: str
    patterns: tuple[re.Pattern, ...]
    feedback: str
    points_off: float = 0.0
    unless_concepts: tuple[str, ...] = ()  # if one is credited, the hit is a contradiction for review
    ignore_in_clause: re.Pattern | None = None  # a clause about something else ("min 用 +inf")
    certain: bool = True  # False: the patterns also catch some right answers, so a TA confirms the veto
    conclusion: bool = False  # a wrong answer, not a wrong reason: with no reason given, a TA decides
    counterfactual: bool = False  # a claim about what would fail: asserted inside "如果还填 0，…" too


@dataclass(frozen=True)
class Premise:
    """A reason the rubric knows to be true. Stated as the premise of a causal clause it makes the
    clause's reasoning sound, and earns the reason concept `earns` when it names one."""

    id: str
    patterns: tuple[re.Pattern, ...]
    earns: str | None = None


@dataclass(frozen=True)
class Question:
    id: str
    prompt: str
    max_points: float
    concepts: tuple[Concept, ...]
    misconceptions: tuple[Misconception, ...] = ()
    reference: str = ""  # the model answer, for the TA's screen
    cap_without_cue: float | None = None  # ceiling when no sentence has a causal connective
    cap_without_required: float | None = None
    cap_with_veto: float = 0.0  # a vetoed answer keeps the credit of its other sentences, up to this
    premises: tuple[str, ...] = ()  # the question's own condition, not a hypothetical when restated
    valid_premises: tuple[Premise, ...] = ()
    states_value: bool = False  # the note: the value it says was filled must be the submitted blank
    right_blank: tuple[str, ...] = ()  # right literals (as note.blank_value reads them) and kernel names
    claims: tuple[re.Pattern, ...] = ()  # conclusions that need a known premise beside the concepts
    reduction: str | None = None  # the reduction the question is about (sum, max): its padding identity

    def concept(self, concept_id: str) -> Concept:
        return next(c for c in self.concepts if c.id == concept_id)


@dataclass(frozen=True)
class Limits:
    """Length bounds and the keyword-stuffing thresholds (see stuffing.py)."""

    min_chars: int = 2
    max_chars: int = 1000
    list_min_terms: int = 4  # this many bare terms (items with no words of the student's own): a list
    list_share: float = 0.6  # ... when they are at least this share of the answer's items
    repeats: int = 3  # the same item this many times in a row: stuffing


@dataclass(frozen=True)
class PassCondition:
    """One of the seed's pass conditions (a correctness boundary, a performance trade-off)."""

    id: str
    patterns: tuple[re.Pattern, ...]
    false_claims: tuple[re.Pattern, ...] = ()  # wrong statements of the same kind: never credited


@dataclass(frozen=True)
class Reduction:
    """A reduction and the value its padding must hold: any other value stated as its fill is wrong."""

    name: str
    identity: str  # canonical, as text.canonical_value writes it: "0", "1", "-inf", "+inf"
    names: re.Pattern  # the words that name it in a clause ("求和", "tl.max")


@dataclass(frozen=True)
class Rubric:
    assignment: str
    version: int
    questions: dict[str, Question]
    path: Path | None = None
    limits: Limits = field(default_factory=Limits)
    language: Language = DEFAULT_LANGUAGE
    route: tuple[str, ...] = DEFAULT_ROUTE
    review_cap_loss: float = 0.5  # a cap that removes this many points flags the answer `cap_loss`
    empty_stubs: tuple[str, ...] = ("your answer here", "你的答案", "todo")
    targets: dict = field(default_factory=dict)
    vocabulary: tuple[re.Pattern, ...] = ()  # domain terms: only the stuffing rule looks at them
    facts: tuple[Premise, ...] = ()  # valid premises for every question; they earn nothing
    outcomes: tuple[re.Pattern, ...] = ()  # conclusions about correctness ("所以结果正确") worth checking
    pass_conditions: dict[str, PassCondition] = field(default_factory=dict)
    reductions: tuple[Reduction, ...] = ()
    evaluative: tuple[re.Pattern, ...] = ()  # praise without content ("充分体现了"): see stuffing.py
    claim_topics: tuple[re.Pattern, ...] = ()  # claims worth checking (memory, hardware): text.py
    benign: tuple[re.Pattern, ...] = ()  # true descriptions the gate reads; no premise, unlike facts

    def reduction(self, name: str | None) -> Reduction | None:
        return next((r for r in self.reductions if r.name == name), None)

    def question(self, question_id: str) -> Question:
        """The question by id, case-insensitively ("q1" finds "Q1")."""
        for key, question in self.questions.items():
            if key.lower() == str(question_id).strip().lower():
                return question
        raise RubricError(f"unknown question {question_id!r}; this rubric has {', '.join(self.questions)}")


def rubric_problems(rubric: Rubric) -> list[str]:
    """Consistency errors: weights that do not add up, references to concepts that do not exist."""
    problems = []
    for q in rubric.questions.values():
        problems += _weight_problems(q)
        ids = [c.id for c in q.concepts]
        problems += [f"{q.id}: concept id {i!r} appears twice" for i in set(ids) if ids.count(i) > 1]
        for m in q.misconceptions:
            problems += [
                f"{q.id}.{m.id}: unless_concepts names unknown concept {ref!r}"
                for ref in m.unless_concepts
                if ref not in ids
            ]
            if m.severity not in SEVERITIES:
                problems.append(f"{q.id}.{m.id}: severity {m.severity!r} is not one of {SEVERITIES}")
        problems += [
            f"{q.id}.{p.id}: earns unknown concept {p.earns!r}"
            for p in q.valid_premises
            if p.earns is not None and p.earns not in ids
        ]
        if q.reduction and not rubric.reduction(q.reduction):
            problems.append(f"{q.id}: reduction {q.reduction!r} is not one of the rubric's reductions")
    return problems


def _weight_problems(q: Question) -> list[str]:
    """Weights add up to max_points when nothing is known about the checks; in every other state the
    concepts asked for must still be worth something (they are scaled up to max_points)."""
    total = sum(c.weight for c in q.concepts if "unknown" in c.when)
    problems = []
    if abs(total - q.max_points) > 1e-9:
        problems.append(f"{q.id}: concept weights add up to {total:g}, max_points is {q.max_points:g}")
    for c in q.concepts:
        problems += [f"{q.id}.{c.id}: unknown check state {s!r}" for s in c.when if s not in CHECK_STATES]
    return problems
