"""Beliefs: which misconceptions an answer asserts, and what each one costs it.

A listed misconception counts only where the answer asserts it: not denied ("不能是 +inf"), not
refuted by what follows it, not only imagined in a hypothetical, and not the explanation of a denial
just made (`assertion`). Each asserted one is recorded with the student's sentence as evidence; a
veto is final only when it is certain, otherwise the answer goes to a TA (`match_misconceptions`).
The clauses that assert a vetoing misconception are blanked out, so the rest of the answer keeps
its credit (`without_beliefs`).

Beside the rubric's listed misconceptions, one belief is checked in any wording: a fill or identity
value stated for a reduction whose identity it is not (`wrong_values`: "填上单位元 1.0" for a sum,
"sum 也可以用 -inf"). It vetoes when the answer rests a reason on it, and goes to a TA otherwise.
"""

from __future__ import annotations

import re

from autograder.rubric.markers import LETTERS
from autograder.rubric.model import Misconception, Question, Rubric
from autograder.rubric.negation import CONTRAST, is_hypothetical, is_negated
from autograder.rubric.premises import Sentence
from autograder.rubric.text import disowned, is_unsure
from autograder.rubric.textnorm import clause_around, clause_spans
from autograder.rubric.values import in_scene, wrong_values


def asserts(m: Misconception, text: str, q: Question, rubric: Rubric) -> bool:
    """Whether `text` asserts misconception `m`: not denied, not refuted, not only imagined."""
    return assertion(m, text, q, rubric) is not None


def assertion(m: Misconception, text: str, q: Question, rubric: Rubric) -> re.Match | None:
    """The first hit of `m` that `text` asserts. Once the sentence denies the misconception ("不能是
    +inf：+inf 会在每次比较中胜出"), what follows in that clause and the next explains the denial; a
    hit further on, or after a contrast ("…，但 …"), is a claim of its own. What the claim itself
    causes ("…，所以方差偏小") is its consequence, not its refutation. A pattern that reads the sentence before
    its claim marks where the claim starts with a group named `at`."""
    hits = sorted((hit for pattern in m.patterns for hit in pattern.finditer(text)), key=_claim_start)
    denied = None  # where the last denied hit starts
    for hit in hits:
        start, end = _claim_start(hit), hit.end()
        if m.ignore_in_clause and m.ignore_in_clause.search(_clause_scope(text, start)):
            continue
        if denied is not None and _explains(text, denied, start):
            continue  # the denial's own explanation
        if is_negated(text, start, end, rubric.language, refute=False):
            denied = start
            continue
        if is_negated(text, start, end, rubric.language, consequences=True):
            continue  # refuted by what follows it ("0.0 是错的"): a later hit may still be asserted
        if m.conclusion and in_scene(text, start):
            continue  # "当 other=0 时，全负的行返回 0" describes the failure, it keeps nothing
        if m.counterfactual or not is_hypothetical(text, start, rubric.language, q.premises):
            return hit
    return None


def _claim_start(hit: re.Match) -> int:
    """Where a hit's claim starts: its group `at` when the pattern has one (a look back over the sentence
    before it, lesson 7 blind v259 l7v259-ex-001), else the hit itself."""
    return hit.start("at") if "at" in hit.re.groupindex else hit.start()


def _explains(text: str, denied: int, at: int) -> bool:
    """Whether a hit at `at` stands in the clause of a denied hit at `denied` or the one after it,
    with no contrast between them: it explains the denial ("不能是 +inf：+inf 会胜出")."""
    if CONTRAST.search(text, denied, at):
        return False
    spans = clause_spans(text)
    index = [next(i for i, (a, b) in enumerate(spans) if a <= p <= b) for p in (denied, at)]
    return index[1] - index[0] <= 1


def without_beliefs(q: Question, sentences: list[Sentence], rubric: Rubric, result) -> list[Sentence]:
    """The sentences with each clause that asserts a vetoing misconception blanked out, so the rest of
    a vetoed sentence ("-inf，因为 -inf 乘以 0 还是 0": the value) keeps its credit. A sentence built
    on a wrong fill value is dropped whole: every clause of it rests on that value."""
    vetoing = {hit["id"]: hit["sentence"] for hit in result.misconceptions if hit["veto"]}
    beliefs = [m for m in q.misconceptions if m.id in vetoing]
    clean = []
    for s in sentences:
        if s.raw == vetoing.get("wrong_value"):
            continue
        text = s.text
        for hit in filter(None, (assertion(m, s.text, q, rubric) for m in beliefs)):
            start, end = clause_around(s.text, hit.start())
            text = text[:start] + " " * (end - start) + text[end:]
        clean.append(Sentence(s.raw, text, s.cue))
    return clean


def _clause_scope(text: str, position: int) -> str:
    """The clause holding `position`, with the one before it when it is a bare value: in "same idea
    for min: +inf" the +inf is about min."""
    spans = clause_spans(text)
    index = next((i for i, (a, b) in enumerate(spans) if a <= position <= b), 0)
    start, end = spans[index]
    if index and len(LETTERS.sub("", text[start:end])) < 8:
        start = spans[index - 1][0]  # a clause too short to say what it is about
    return text[start:end]


def match_misconceptions(q: Question, sentences: list[Sentence], rubric: Rubric, credited: dict, result):
    """Record the misconceptions the answer asserts; returns the points to deduct.

    A veto is final only when it is certain: a misconception marked `confidence: low`, a hedged or
    reported sentence ("可能", "有人说"), or a veto next to a concept in its `unless_concepts`
    (a contradiction) goes to a TA with the sentence as evidence.
    """
    deduction = 0.0
    reasoned = any(s.cue for s in sentences)
    own = [s for i, s in enumerate(sentences) if not disowned(sentences, i)]
    for m in q.misconceptions:
        asserted = (s for s in own if asserts(m, s.text, q, rubric))
        sentence = next(asserted, None)
        if sentence is None:
            continue
        contradicted = bool(set(m.unless_concepts) & set(credited))
        if contradicted and m.severity != "veto":
            continue  # a suspect phrase next to the right concept is no reason to involve a TA
        veto = m.severity == "veto" and not contradicted
        result.misconceptions.append({"id": m.id, "sentence": sentence.raw, "veto": veto})
        if contradicted:
            result.flag("contradiction", sentence.raw)
        elif veto and (not m.certain or is_unsure(sentence.text) or (m.conclusion and not reasoned)):
            # A wrong conclusion with no reason anywhere in the answer ("other 不用改") is a wrong answer;
            # whether it also shows a wrong causal chain (the veto) is a TA's call.
            result.flag(f"veto_unsure:{m.id}", sentence.raw)
        elif veto:
            result.flags.append("veto_certain")
        elif m.severity == "review":
            result.flag(f"suspect:{m.id}", sentence.raw)
        elif m.severity == "deduct":
            result.flags.append(f"deduct:{m.id}")
            deduction += m.points_off
        result.veto = result.veto or veto
    _wrong_value(q, sentences, rubric, result)
    result.flags += ["veto"] if result.veto else []
    return deduction


def _wrong_value(q: Question, sentences: list[Sentence], rubric: Rubric, result) -> None:
    """A fill or identity value the answer states for a reduction whose identity it is not ("这些 lane
    填上单位元 1.0" for a sum) is a wrong belief, whatever words carry it. The veto is final only when
    the answer rests a reason on it (its sentence is causal or concludes the result is right) and its
    clause names the reduction; when the reduction is only the question's, a TA confirms it."""
    for s, named in wrong_values(q, sentences, rubric):
        stated = s.cue or any(p.search(s.text) for p in rubric.outcomes)
        result.misconceptions.append({"id": "wrong_value", "sentence": s.raw, "veto": True})
        if stated and named and not is_unsure(s.text):
            result.flags.append("veto_certain")
        else:
            result.flag("veto_unsure:wrong_value", s.raw)
        result.veto = True
