"""Causal clauses of a written answer, split into the premise the student offers and the conclusion.

A right conclusion says nothing about whether the student understood why it holds: "padding 不改变和"
follows from "0 是加法单位元" and equally, in a wrong answer, from "GPU 会跳过被 mask 的 lane". So the
scorer looks at the premise of every causal clause, and this module finds it. It works on normalized
text (autograder.rubric.textnorm.normalize) and knows nothing about rubrics.

    因为 B，所以 A   B，所以 A   A，因为 B   A 是因为 B   理由：B   B → A   A，否则 B
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from autograder.rubric.markers import ARROWS, HEADING, LETTERS, MARKER, step_arrow
from autograder.rubric.negation import CONTRAST, NEGATORS, marker_denied
from autograder.rubric.textnorm import any_of, clause_spans

# A marker denied in its clause ("不是因为 B") states no premise: "而是因为 C" carries the real one.
_DENIED = any_of(tuple(NEGATORS))
# "理由不是 x+(-inf)=x": the reason named is the one rejected (v8-q3-009); "因为不是 2 的幂" is a reason.
_REASON_DENIED = re.compile(r"\s*(?:不是|并不是|并非|不在于)")
# A bracketed aside without nested brackets ("(n=5, block=8)", "[0, 1]"): its commas split no clause.
_PARENS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]|\{[^{}]*\}")
# "像这行这样", "跟上面这样": 这样 closing a comparison says "like this", it draws no consequence.
_LIKENESS = re.compile(r"(?:像|如同|跟|和)[^,;:。]{0,6}$")
# Code, then the marker of its comment ("x = tl.where(…)  #"): what stands before a comment's own 所以.
_COMMENT_OPENS = re.compile(r"\S\s*#\s*$")


def _top_level_clauses(text: str) -> list[str]:
    """`text` split at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "([{"
        depth -= ch in ")]}" and depth > 0
        if ch == "," and not depth:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


@dataclass(frozen=True)
class CausalLink:
    """One causal clause: `premise` is offered as the reason for `conclusion` (both normalized text)."""

    marker: str
    kind: str  # forward | backward | counter
    premise: str
    conclusion: str


def causal_links(sentence: str, previous: str = "") -> list[CausalLink]:
    """The causal clauses of one normalized sentence; `previous` is the sentence before it, which is
    the premise of a sentence that opens with "所以"/"so"."""
    markers = [
        m
        for m in MARKER.finditer(sentence)
        if not (m.group(0) not in ARROWS and _denied(sentence, m.start()))
        and not step_arrow(sentence, m)
        and not (m.group(0) == "这样" and _LIKENESS.search(sentence[max(0, m.start() - 8) : m.start()]))
        and not (m.group(0).startswith(("理由", "原因")) and _REASON_DENIED.match(sentence, m.end()))
    ]
    markers = [m for i, m in enumerate(markers) if not (i and _in_counter(sentence, markers[i - 1], m))]
    links = []
    for i, marker in enumerate(markers):
        start = markers[i - 1].end() if i else 0
        end = markers[i + 1].start() if i + 1 < len(markers) else len(sentence)
        after = sentence[marker.end() : end]
        before = sentence[start : marker.start()]
        kind = marker.lastgroup
        if kind == "backward":
            if i and markers[i - 1].lastgroup == "forward":
                continue  # "因为 B，所以 A": the forward marker already made this link
            if re.match(r"\s*[^,;:]{0,6}:", after) and not _content(before):
                continue  # "所以：…", "所以其实就是：…" head a summary: its clauses carry their own markers
            if _agent_only(marker, before):
                continue  # "eps 保证 var=0 时 rstd 有限": the subject of a guarantee is no premise of it
            # "x = tl.where(…)  # 所以再 mask": a comment that opens with 所以 concludes the comment above it,
            # not the code on its own line.
            code_then_comment = _COMMENT_OPENS.search(before) is not None
            premise = (
                before
                if _content(before) and not _subject_only(marker, before) and not code_then_comment
                else previous
            )
            if i and not _content(before) and markers[i - 1].group(0) in ARROWS:
                # "B → 所以 A" (v12-q1-003): the arrow and 所以 are one link; B is its premise, not the
                # sentence before.
                premise = sentence[markers[i - 2].end() if i > 1 else 0 : markers[i - 1].start()]
            if i and markers[i - 1].lastgroup == "backward" and _content(before):
                # "mask 保证不越界，单位元保证不改结果": a new clause. A comma inside brackets ("分母多 3（N=5,
                # BLOCK=8）→ …") splits none (lesson 7 blind v9).
                if "," in _PARENS.sub("", before.strip(" ,")):
                    premise = _top_level_clauses(before.strip(" ,"))[-1]
                else:  # "B 才能 C，所以 A": the premise of A is the whole chain B → C, not C alone.
                    premise = sentence[markers[i - 2].end() if i > 1 else 0 : marker.start()]
            links.append(_link(marker.group(0), kind, premise, after))
        elif kind == "counter":
            links.append(_link(marker.group(0), kind, after, before))
        else:
            links.append(_forward(sentence, marker, markers[i + 1 :], before, after, previous))
    return links


def _in_counter(sentence: str, previous: re.Match, marker: re.Match) -> bool:
    """'截掉负数，否则 sqrt → NaN': an arrow in the clause a counter marker opens tells what would happen
    otherwise; the whole 'sqrt → NaN' is the counter's premise, not 'sqrt' a premise of 'NaN' (blind v25
    l6v25-q3-023)."""
    between = sentence[previous.end() : marker.start()]
    return (
        previous.lastgroup == "counter" and marker.group(0) in ARROWS and not re.search(r"[,;:。]", between)
    )


def _forward(sentence: str, marker: re.Match, rest: list[re.Match], before: str, after: str, previous: str):
    """因为 B，所以 A | A，因为 B | 因为 B1，B2，A (no 所以: the last clause is the conclusion) |
    A。因为 B (the sentence before concludes)."""
    word = marker.group(0)
    if rest and rest[0].lastgroup == "backward":
        following = rest[1].start() if len(rest) > 1 else len(sentence)
        return _link(word, "forward", after, sentence[rest[0].end() : following])
    if _content(before) and not word.startswith(("理由", "原因")) and not _OPENS_CONSEQUENCE.search(before):
        return _link(word, "forward", _until_contrast(after), before)
    spans = clause_spans(after)
    if len(spans) > 1:  # "因为 B1，B2，A": the last clause concludes
        return _link(word, "forward", after[: spans[-1][0]], after[spans[-1][0] :])
    return _link(word, "forward", after, before if _content(before) else previous)


# A clause before the marker that ends by opening a consequence ("假如 A，那么因为 B，C"): it waits for the clause
# after the reason, so the last clause concludes, as in "因为 B1，B2，A" (blind v25 l6v25-q1-024).
_OPENS_CONSEQUENCE = re.compile(r"(?:那么|那就|于是|\bthen\b)\s*$")


# A clause that opens by turning against the reason ("因为 max 幂等，填真实元素也对，但要多读一次") starts a
# statement of its own: it is no part of the premise.
_TURN = re.compile(r"\s*(?:但是?|可是|不过|然而|\bbut\b|\bhowever\b)")


def _until_contrast(after: str) -> str:
    """The premise after a forward marker ("A，因为 B"), up to a later clause that opens with a contrast."""
    for start, _end in clause_spans(after)[1:]:
        if _TURN.match(after, start):
            return after[:start]
    return after


def _link(marker: str, kind: str, premise: str, conclusion: str) -> CausalLink:
    premise = HEADING.sub("", premise)  # "- 所以:mask" offers "mask"
    return CausalLink(marker, kind, premise.strip(" ,;:"), conclusion.strip(" ,;:"))


def _subject_only(marker: re.Match, before: str) -> bool:
    """'The kernel therefore holds 128 lanes': an English adverb after a bare subject draws on the
    sentence before, not on the subject (v8-q2-008)."""
    adverb = marker.group(0) in ("therefore", "thus", "hence")
    return adverb and "," not in before and len(before.split()) <= 3


def _agent_only(marker: re.Match, before: str) -> bool:
    """'eps 保证方差为 0 时 rstd 有限', '0 只保证和不变': the bare subject of a guarantee (a name of the code or a
    value: no verb, no formula, no requirement) is what the claim is about, not a premise offered for it; 'x+0=x 保证和不变' and
    '它的值必须保证 max(x, e) = x' keep theirs."""
    if marker.group(0) not in ("保证", "确保", "ensures", "ensure"):
        return False
    # The subject is the last clause before the marker, not a verdict before a colon ("其实不对：0 只保证…": lesson 6 blind v250).
    subject = re.sub(r"(?:只|就|也|都|能|可以|会)+\s*$", "", re.split(r"[,;:]", before)[-1]).strip()
    if not subject or re.search(r"[=<>≤≥]|必须|需要|要|应|得|\bmust\b|\bhas\s+to\b", subject):
        return False  # a formula, or a requirement ("它的值必须保证 …"), is the premise itself
    return bool(
        re.fullmatch(r"[a-z0-9_.+-]{1,8}", subject)
    )  # a name or a value ("eps", "0"), not a noun ("单位元")


def _denied(sentence: str, position: int) -> bool:
    """'不是因为 B' / 'not because B': the student rejects B as the reason ('不会导致' denies the link).
    An arrow is never denied: the 不 of "平移不变 → 结果不变" is the premise's own word."""
    window = sentence[max(0, position - 4) : position]
    # A negator of the clause before ("单遍公式不准，是为了…", "结果不对，因为…") belongs to that clause's own
    # claim, not to the marker: only the marker's own clause can deny it.
    window = re.split(r"[,;:]", window)[-1]
    contrasts = list(CONTRAST.finditer(window))
    if contrasts:
        window = window[contrasts[-1].end() :]
    return marker_denied(window, _DENIED)


def _content(text: str) -> bool:
    """Whether a span holds more than punctuation and a stage heading ("输入：")."""
    return len(LETTERS.sub("", re.sub(r"^\W*\w{0,4}\s*:", "", text))) >= 2


@dataclass(frozen=True)
class Sentence:
    """One sentence of an answer, as the scorer reads it."""

    raw: str  # the student's wording, shown as evidence
    text: str  # normalized, what patterns run on
    cue: bool  # holds a causal connective
