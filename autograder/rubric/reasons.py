"""Reasons: which causal clauses of an answer rest on a premise the rubric knows, and which rest on
one it does not. Which misconceptions the answer asserts is judged in beliefs.py.

A reason concept (`needs_cue`) is earned only by a causal clause whose premise matches one of the
question's `valid_premises` that `earns` it. The premise is judged in this order: a known
misconception in it wins (the misconception rule vetoes it, whatever valid words stand beside it);
otherwise every reason it gives ("B1，并且 B2") must match a valid premise or a lesson fact, and a
consequence it draws after a condition ("因为如果 A，B，C": what C says would happen) must be read too. A clause
that fails this and matters (it carries a concept of the question, concludes that the result is
right, or draws one of the question's claims) is *unknown*: the answer goes to a TA with that clause
as evidence and keeps only the credit of its conclusions meanwhile. Never silent credit, never a
silent veto.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from autograder.rubric.beliefs import asserts
from autograder.rubric.markers import LETTERS, PURPOSE
from autograder.rubric.model import Concept, Premise, Question, Rubric
from autograder.rubric.negation import is_negated
from autograder.rubric.premises import CausalLink, Sentence, causal_links
from autograder.rubric.text import is_reported
from autograder.rubric.textnorm import any_of, clause_spans

# Words that add a second reason to a premise.
# "再加上 (BLOCK − N) 个零", "plus 28 zeros": arithmetic on a count or a bracket, not a second reason; nor
# "再加上的小项" (the terms added after: a relative clause, l6v53-q2-019).
_CONJUNCTION = re.compile(
    r"并且|而且|此外|另外|(?<!时)(?<!时候)再加上(?!\s*[\d(（]|的)|\band\s+also\b|\bplus\b(?!\s*[\d(])|\bmoreover\b"
)
# The premise is judged on the clauses nearest its marker: in "B1，…，B4，所以 A" B1 is a step earlier.
PREMISE_CLAUSES = 3
# A clause that only gives the student's stance ("分母至少是 1，我觉得这样就不会溢出"): no premise, so the one
# before it is (lesson 7 blind v135 l7v135-q2-014).
_STANCE_ONLY = re.compile(
    r"^\W*(?:我|我们)?\s*(?:觉得|认为|想|猜|感觉)\W*$|^\W*i\s+(?:think|guess|believe)\W*$"
)
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
            conjuncts = _conjuncts(premise)
            sound = [c for c in conjuncts if _sound(c, known, rubric)]
            if len(sound) < len(conjuncts) or not conjuncts:
                earlier = _premise_past_aside(q, link, sentences, i, known, rubric)
                if earlier is not None:
                    premise, conjuncts = earlier, _conjuncts(earlier)
                    sound = conjuncts  # _premise_past_aside returns only a sound premise
            if len(LETTERS.sub("", premise)) < 2:
                continue
            if _vetoed_premise(q, premise, rubric):
                continue  # a known wrong premise, even beside a right one: the misconception rule vetoes
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


def _premise_past_aside(
    q: Question, link: CausalLink, sentences: list[Sentence], i: int, known, rubric: Rubric
) -> str | None:
    """For a sentence that opens with 所以 after an aside, the sound premise the sentence before the aside offers;
    None otherwise. Asked only when the premise next to the marker is not sound.
    "每个 padding lane 多贡献 mean²。我们的基线在 12 左右，这个误差非常大。所以必须 tl.where(…)" concludes the argument
    two sentences up: a remark on size or on the student's own data, drawing no consequence and naming nothing
    the question credits (_aside), is no premise of its own (blind v71 l6v71-q1-022, -015)."""
    if i < 2 or link.premise != sentences[i - 1].text or not _aside(q, sentences[i - 1].text, rubric):
        return None
    earlier = near_marker(CausalLink(link.marker, link.kind, sentences[i - 2].text, link.conclusion))
    return earlier if _sound_premise(earlier, known, rubric) else None


def _aside(q: Question, text: str, rubric: Rubric) -> bool:
    """A sentence of its own (not a list number) that uses none of the lesson's terms, draws no consequence and
    states nothing the question credits: "这个误差非常大", "that is a huge bias". "同样在 tl.sum 里它也是 0" is a step of
    the argument (blind v45 l7v45-q1-009)."""
    return (
        len(LETTERS.sub("", text)) >= 2
        and not any(v.search(text) for v in rubric.vocabulary)
        and not _CONSEQUENCE.search(text)
        and not _vetoed_premise(q, text, rubric)
        and not _states_concept(text, q.concepts, rubric)
        and not _draws_claim(q, text, rubric)
    )


def _sound_premise(premise: str, known, rubric: Rubric) -> bool:
    """Every reason the premise joins is sound (and it joins at least one)."""
    conjuncts = _conjuncts(premise)
    return bool(conjuncts) and all(_sound(c, known, rubric) for c in conjuncts)


def _vetoed_premise(q: Question, premise: str, rubric: Rubric) -> bool:
    return any(asserts(m, premise, q, rubric) for m in q.misconceptions if m.severity == "veto")


def _conjuncts(premise: str) -> list[str]:
    """The reasons a premise joins ("B1，并且 B2"), each with at least two letters of its own. A conjunction inside
    brackets joins the items of an aside, not two reasons ("every intermediate (z, e, y, plus the max and sum vectors)
    is written out": lesson 7 blind v249 l7v249-q3-019)."""
    parts, start = [], 0
    for joint in _CONJUNCTION.finditer(premise):
        if not _in_brackets(premise, joint.start()):
            parts.append(premise[start : joint.start()])
            start = joint.end()
    return [c for c in [*parts, premise[start:]] if len(LETTERS.sub("", c)) >= 2]


def _in_brackets(text: str, position: int) -> bool:
    """Whether `position` lies inside a bracket opened before it in `text`."""
    opened = text.count("(", 0, position) + text.count("[", 0, position)
    return opened > text.count(")", 0, position) + text.count("]", 0, position)


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
        if len(LETTERS.sub("", premise)) < 2 or not link.conclusion.strip() or link.conclusion not in text:
            continue
        if _vetoed_premise(q, premise, rubric):
            continue
        if _sound_premise(premise, known, rubric):
            text = text.replace(link.conclusion, " " * len(link.conclusion))
    return text


def unread_consequence(premise: str, known: list[Premise], rubric: Rubric) -> str | None:
    """The first clause of `premise` that, after a condition, claims a consequence no valid premise or fact
    reads. "除以 N 是因为如果除以 BLOCK_SIZE，BLOCK_SIZE 是 2 的幂，大的时候会整数溢出": the reason offered is
    what would happen (the overflow), not the true fact between; one fact read beside it makes no premise
    sound (blind v12 l6v12-q2-004). A clause after a read fact that sets its own scene ("B，大的时候会 C",
    "B, and when … it would C") draws a consequence the same way. The condition itself claims nothing, and a restated conclusion
    ("…，方差偏大", an outcome) is no new claim."""
    spans = [(a, b) for a, b in clause_spans(premise) if len(LETTERS.sub("", premise[a:b])) >= 2]
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
    spans = [
        (a, b)
        for a, b in clause_spans(link.premise)
        if LETTERS.sub("", link.premise[a:b]) and not _STANCE_ONLY.match(link.premise[a:b])
    ]
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
    return _states_concept(f"{link.premise} , {link.conclusion}", asked, rubric) or _draws_claim(
        q, link.conclusion, rubric
    )


def _states_concept(text: str, concepts: list[Concept], rubric: Rubric) -> bool:
    """`text` states one of `concepts` (a hit it does not deny)."""
    return any(claimed(text, m, rubric) for c in concepts for p in c.patterns for m in p.finditer(text))


def _draws_claim(q: Question, text: str, rubric: Rubric) -> bool:
    """`text` says the result is right or draws one of the question's claims."""
    return any(p.search(text) for p in rubric.outcomes + q.claims)
