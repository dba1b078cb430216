"""Reasons and beliefs: which causal clauses of an answer rest on a premise the rubric knows, which
rest on one it does not, and which misconceptions the answer asserts.

A reason concept (`needs_cue`) is earned only by a causal clause whose premise matches one of the
question's `valid_premises` that `earns` it. The premise is judged in this order: a known
misconception in it wins (the misconception rule vetoes it, whatever valid words stand beside it);
otherwise every reason it gives ("B1，并且 B2") must match a valid premise or a lesson fact, and a
consequence it draws after a condition ("因为如果 A，B，C": what C says would happen) must be read too. A clause
that fails this and matters (it carries a concept of the question, concludes that the result is
right, or draws one of the question's claims) is *unknown*: the answer goes to a TA with that clause
as evidence and keeps only the credit of its conclusions meanwhile. Never silent credit, never a
silent veto.

Beside the rubric's listed misconceptions, one belief is checked in any wording: a fill or identity
value stated for a reduction whose identity it is not (`wrong_values`: "填上单位元 1.0" for a sum,
"sum 也可以用 -inf"). It vetoes when the answer rests a reason on it, and goes to a TA otherwise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from autograder.rubric.model import Concept, Misconception, Premise, Question, Rubric
from autograder.rubric.negation import CONTRAST, is_hypothetical, is_negated
from autograder.rubric.premises import PURPOSE, CausalLink, Sentence, causal_links
from autograder.rubric.text import disowned, in_scene, is_reported, is_unsure, wrong_values
from autograder.rubric.textnorm import any_of, clause_around, clause_spans

_LETTERS = re.compile(r"[\W_]+")
# Words that add a second reason to a premise.
# "再加上 (BLOCK − N) 个零", "plus 28 zeros": arithmetic on a count or a bracket, not a second reason.
_CONJUNCTION = re.compile(
    r"并且|而且|此外|另外|再加上(?!\s*[\d(（])|\band\s+also\b|\bplus\b(?!\s*[\d(])|\bmoreover\b"
)
# The premise is judged on the clauses nearest its marker: in "B1，…，B4，所以 A" B1 is a step earlier.
PREMISE_CLAUSES = 3
# Words of a consequence: what a clause says would happen ("会整数溢出", "would crash", "变成 0").
_CONSEQUENCE = re.compile(
    r"会|将|导致|溢出|上溢|下溢|变成|变为|变得|变大|变小|丢|出错|报错|不准|抵消|[+-]inf|\bnan\b|\b(?:over|under)flows?\b"
    r"|\bwill\b|\bwould\b|\bbecomes?\b|\bcauses?\b|\blos(?:e|es|t)\b"
)
# A scene a clause sets for its own consequence ("大的时候会溢出", "when the row is long it would …").
_SCENE = re.compile(r"(?:的)?时候|(?<=[\u4e00-\u9fff\w\s])时(?!间|刻|钟)|\bwhen\b|\bonce\b")


@dataclass
class Reasons:
    earned: dict[str, Sentence] = field(default_factory=dict)  # reason concept -> its sentence
    unknown: list[str] = field(default_factory=list)  # causal clauses resting on an unknown premise


def judge_reasons(q: Question, rubric: Rubric, sentences: list[Sentence], asked: list[Concept]) -> Reasons:
    """Judge every causal clause; `asked` are the concepts the question asks for in this check state."""
    reasons = Reasons()
    known = q.valid_premises + rubric.facts
    for i, s in enumerate(sentences):
        for link in causal_links(s.text, sentences[i - 1].text if i else ""):
            premise = near_marker(link)
            if len(_LETTERS.sub("", premise)) < 2:
                continue
            if _vetoed_premise(q, premise, rubric):
                continue  # a known wrong premise, even beside a right one: the misconception rule vetoes
            conjuncts = _conjuncts(premise)
            sound = [c for c in conjuncts if _sound(c, known, rubric)]
            if sound:
                # A sound clause: its premise earns a reason, and so does a reason it concludes
                # ("max(x,-inf)=x，所以它是 max 的单位元").
                # A purpose ("填 0 是为了不影响结果") justifies its conclusion, the action: the action
                # itself earns no reason there.
                earning = premise if PURPOSE.search(link.marker) else f"{premise} , {link.conclusion}"
                for p in q.valid_premises:
                    if p.earns and stated(p, earning, rubric):
                        reasons.earned.setdefault(p.earns, s)
            # "B1，并且 B2，所以 A": each reason given must be known, not just one of them.
            if len(sound) < len(conjuncts) and _load_bearing(q, asked, link, rubric):
                if not is_reported(s.text):  # a reported claim ("有人说…") is not the student's premise
                    reasons.unknown.append(s.raw)
    return reasons


def _vetoed_premise(q: Question, premise: str, rubric: Rubric) -> bool:
    return any(asserts(m, premise, q, rubric) for m in q.misconceptions if m.severity == "veto")


def _conjuncts(premise: str) -> list[str]:
    """The reasons a premise joins ("B1，并且 B2"), each with at least two letters of its own."""
    return [c for c in _CONJUNCTION.split(premise) if len(_LETTERS.sub("", c)) >= 2]


def _sound(conjunct: str, known: list[Premise], rubric: Rubric) -> bool:
    """One reason of a premise that a valid premise or a fact reads, with no unread consequence after it."""
    return (
        any(stated(p, conjunct, rubric) for p in known)
        and unread_consequence(conjunct, known, rubric) is None
    )


def without_sound_conclusions(q: Question, text: str, previous: str, rubric: Rubric) -> str:
    """`text` with the conclusion of each causal clause whose every reason is sound blanked out. What such a
    clause concludes was read with its reason: "padding 变成 -mean，所以要再 mask" restates the question's own
    action after a true premise that earns nothing more (judge_reasons decided so), it is no reason in words
    the premises do not know (blind v14 l6v14-q1-006, -024: routed for a TA only to confirm)."""
    known = q.valid_premises + rubric.facts
    for link in causal_links(text, previous):
        premise = near_marker(link)
        if len(_LETTERS.sub("", premise)) < 2 or not link.conclusion.strip() or link.conclusion not in text:
            continue
        if _vetoed_premise(q, premise, rubric):
            continue
        conjuncts = _conjuncts(premise)
        if conjuncts and all(_sound(c, known, rubric) for c in conjuncts):
            text = text.replace(link.conclusion, " " * len(link.conclusion))
    return text


def unread_consequence(premise: str, known: list[Premise], rubric: Rubric) -> str | None:
    """The first clause of `premise` that, after a condition, claims a consequence no valid premise or fact
    reads. "除以 N 是因为如果除以 BLOCK_SIZE，BLOCK_SIZE 是 2 的幂，大的时候会整数溢出": the reason offered is
    what would happen (the overflow), not the true fact between; one fact read beside it makes no premise
    sound (blind v12 l6v12-q2-004). A clause after a read fact that sets its own scene ("B，大的时候会 C",
    "B, and when … it would C") draws a consequence the same way. The condition itself claims nothing, and a restated conclusion
    ("…，方差偏大", an outcome) is no new claim."""
    spans = [(a, b) for a, b in clause_spans(premise) if len(_LETTERS.sub("", premise[a:b])) >= 2]
    if len(spans) < 2:
        return None
    read = [
        m.span()
        for p in known
        for pattern in p.patterns
        for m in pattern.finditer(premise)
        if claimed(premise, m, rubric)
    ]
    conditional = any_of(tuple(rubric.language.hypotheticals))
    after_condition = after_fact = False
    for a, b in spans:
        clause = premise[a:b]
        condition = conditional.search(clause)
        if condition and not (condition.group(0) == "要是" and clause[: condition.start()].strip()):
            # "如果除以 BLOCK_SIZE": a condition; "BLOCK 要是 2 的幂" says what it must be.
            after_condition = True
            continue
        if any(start < b and end > a for start, end in read):
            after_fact = True
            continue
        scene = _SCENE.search(clause)
        if not after_condition and not (after_fact and scene):
            continue
        if scene and not after_condition:
            clause = clause[scene.end() :]  # what happens in the scene, not the scene ("大的时候")
        for outcome in rubric.outcomes:
            clause = outcome.sub(" ", clause)
        if _CONSEQUENCE.search(clause):
            return premise[a:b]
    return None


def near_marker(link: CausalLink) -> str:
    """The premise clauses next to the marker (the last ones of "B，所以", the first ones after "因为")."""
    spans = [(a, b) for a, b in clause_spans(link.premise) if _LETTERS.sub("", link.premise[a:b])]
    if not spans:
        return ""
    chosen = spans[-PREMISE_CLAUSES:] if link.kind == "backward" else spans[:PREMISE_CLAUSES]
    return link.premise[chosen[0][0] : chosen[-1][1]]


def stated(premise: Premise, text: str, rubric: Rubric) -> bool:
    return any(claimed(text, m, rubric) for p in premise.patterns for m in p.finditer(text))


def claimed(text: str, match: re.Match, rubric: Rubric) -> bool:
    """A concept or premise hit the student states, not one it denies ("不是 -inf")."""
    return not is_negated(text, match.start(), match.end(), rubric.language, refute=False)


def _load_bearing(q: Question, asked: list[Concept], link: CausalLink, rubric: Rubric) -> bool:
    """A causal clause matters when it concludes, or rests on, something the question gives credit
    for, or when it concludes that the result is right ("所以加起来不影响") or one of the question's
    claims ("填 0.0，因为 …")."""
    text = f"{link.premise} , {link.conclusion}"
    if any(claimed(text, m, rubric) for c in asked for p in c.patterns for m in p.finditer(text)):
        return True
    return any(p.search(link.conclusion) for p in rubric.outcomes + q.claims)


def asserts(m: Misconception, text: str, q: Question, rubric: Rubric) -> bool:
    """Whether `text` asserts misconception `m`: not denied, not refuted, not only imagined."""
    return assertion(m, text, q, rubric) is not None


def assertion(m: Misconception, text: str, q: Question, rubric: Rubric) -> re.Match | None:
    """The first hit of `m` that `text` asserts. Once the sentence denies the misconception ("不能是
    +inf：+inf 会在每次比较中胜出"), what follows in that clause and the next explains the denial; a
    hit further on, or after a contrast ("…，但 …"), is a claim of its own. What the claim itself
    causes ("…，所以方差偏小") is its consequence, not its refutation."""
    hits = sorted((hit for pattern in m.patterns for hit in pattern.finditer(text)), key=lambda h: h.start())
    denied = None  # where the last denied hit starts
    for hit in hits:
        start, end = hit.start(), hit.end()
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
    if index and len(_LETTERS.sub("", text[start:end])) < 8:
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
    for m in q.misconceptions:
        asserted = (
            s for i, s in enumerate(sentences) if not disowned(sentences, i) and asserts(m, s.text, q, rubric)
        )
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
