"""Credit: which concepts an answer earns, and how the credited ones add up to its points.

A stated concept earns its weight (or a share of it through a stand-in); a reason concept only
through a sound causal clause (reasons.py). A concept about the value earns nothing while the
submitted blank holds a wrong value. `tally` turns the credited concepts into points, with the
caps for a missing required concept or a missing causal cue; `unearned_reason` finds the words of
a reason no sound clause earned, for the confidence gate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autograder.rubric.filled import owns_wrong_value, unknown_name, wrong_blank
from autograder.rubric.model import Question, Rubric
from autograder.rubric.premises import Sentence
from autograder.rubric.reasons import claimed, judge_reasons, without_sound_conclusions

if TYPE_CHECKING:
    from autograder.rubric.score import AnswerScore


def credit_concepts(q: Question, asked, sentences, context, rubric: Rubric, result) -> dict:
    """match_concepts, less the concepts about the value when the submitted blank holds a wrong one."""
    credited = match_concepts(q, asked, sentences, rubric, result)
    if wrong_blank(q, context):  # "why the value is right" cannot be earned for a wrong value
        removed = [s for cid, s in credited.items() if q.concept(cid).about_value]
        if removed and result is not None and not owns_wrong_value(sentences, context, rubric):
            # The note argues for the right value while the code holds another, and never says it
            # filled that one ("我填了 1.0" would be an honest account): a TA reads it.
            result.flag("contradicts_code", removed[0].raw)
        credited = {cid: s for cid, s in credited.items() if not q.concept(cid).about_value}
    elif result is not None and unknown_name(q, context):
        argued = [s for cid, s in credited.items() if q.concept(cid).about_value]
        if argued:
            result.flag("suspect:unknown_blank", argued[0].raw)
    return credited


def match_concepts(q: Question, asked, sentences: list[Sentence], rubric: Rubric, result) -> dict:
    """Concept id -> the sentence that earns it. A stated concept earns its weight; a reason concept
    only through a causal clause whose premise the rubric knows to be valid (reasons.py).
    Unknown premises are flagged on `result` (None: credit only)."""
    reasons = judge_reasons(q, rubric, sentences, asked)
    credited = {}
    for concept in q.concepts:
        if concept.needs_cue:
            if concept.id in reasons.earned:
                credited[concept.id] = reasons.earned[concept.id]
            continue
        stated = _stated(concept, concept.patterns, sentences, rubric)
        stand_in = {} if stated else _stated(concept, concept.stand_in, sentences, rubric)
        credited |= stated or stand_in
        if stand_in and result is not None:
            result.flags.append(f"stand_in:{concept.id}")  # tally gives it stand_in_share of the weight
    for sentence in reasons.unknown if result is not None else ():
        result.flag("unknown_premise", sentence)
    return credited


def _stated(concept, patterns, sentences: list[Sentence], rubric: Rubric) -> dict:
    """{concept id: the first sentence that states one of `patterns`}, or {}."""
    for s in sentences:
        if any(claimed(s.text, m, rubric) for p in patterns for m in p.finditer(s.text)):
            return {concept.id: s}
    return {}


def unearned_reason(q: Question, missing, sentences, rubric: Rubric) -> str | None:
    """The first sentence that states the words of a missing reason concept which no sound causal
    clause earned: the student gave the reason in a chain the premises do not know, or the words without
    a chain. Only a TA can tell which, so a partly credited answer goes to one instead of silently losing
    the reason's points (blind v10 l6v10-q1-003: "平方后 mean² 进到方差里，所以 tl.where 再 mask 一次").
    Words that only conclude a sound causal clause were read with their reason: they route nothing."""
    bare = [
        Sentence(
            s.raw, without_sound_conclusions(q, s.text, sentences[i - 1].text if i else "", rubric), s.cue
        )
        for i, s in enumerate(sentences)
    ]
    stated = (_stated(c, c.patterns, bare, rubric) for c in missing if c.needs_cue)
    return next((s.raw for hit in stated for s in hit.values()), None)


def tally(q: Question, asked, credited: dict, sentences, deduction: float, result, rubric) -> float:
    """The credited share of the concepts asked for, scaled to max_points, capped, minus deductions.

    A cap that removes points decides the score on form, not content: the answer is routed
    (`cap_loss`) whatever the size of the loss, so a capped 0.5 is checked like a capped 1.
    """
    weight = sum(c.weight for c in asked) or 1.0
    shares = {c.id: c.stand_in_share if f"stand_in:{c.id}" in result.flags else 1.0 for c in asked}
    raw = q.max_points * sum(c.weight * shares[c.id] for c in asked if c.id in credited) / weight
    ceiling = q.max_points
    if any(c.required and c.id not in credited for c in asked) and q.cap_without_required is not None:
        ceiling = _cap(result, "capped_missing_required", raw, ceiling, q.cap_without_required)
    if not any(s.cue for s in sentences) and q.cap_without_cue is not None:
        ceiling = _cap(result, "capped_no_cue", raw, ceiling, q.cap_without_cue)
    if raw - min(raw, ceiling) >= rubric.review_cap_loss:
        result.flags.append("cap_loss")
    return max(0.0, min(raw, ceiling) - deduction)


def _cap(result: AnswerScore, flag: str, raw: float, ceiling: float, cap: float) -> float:
    if raw > cap:
        result.flags.append(flag)
        return min(ceiling, cap)
    return ceiling
