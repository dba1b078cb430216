"""Keyword stuffing and length: answers whose words are the rubric's terms and nothing of the student's.

A list of terms is recognised item by item (an item is a clause between `,`/`、`/`;` or a sentence): an
item is *bare* when, once its terms, numbers, stage headings ("输入：") and causal connectives are taken
out, no function word or verb of the student's own is left. Judging items rather than the whole text
keeps "因为 mask、单位元、padding…，所以正确" a list (the connectives frame it, they do not make it
prose), and keeps "应改为负无穷（-inf）。因为 -inf 是 max 的单位元…" prose (every item has a verb).

One more check of form against content lives here. `grandiose`: a sentence of praise in the lesson's
terms ("充分体现了…保证了正确性与高性能") with no number, formula or value earns nothing. A run of six or
more bare short items inside a sentence is enumerations.py's; the confidence gate (content no pattern
read) is gate.py.
"""

from __future__ import annotations

import re

from autograder.rubric.enumerations import (
    CJK,
    GLUE,
    RELATION_SYMBOLS,
    chained_links,
    list_by_form,
    spaced_terms,
)
from autograder.rubric.model import Question, Rubric
from autograder.rubric.premises import Sentence
from autograder.rubric.textnorm import _CLAUSE_SEPARATORS, TABLE_CELL, any_of, clause_spans

_HEADING = re.compile(
    r"^\s*(?:输入|输出|状态变化|状态|中间状态|中间|阶段|第\s*[一二三123]\s*步|input|output|state(?:\s+change)?|"
    r"stage\s*\d?)\s*(?:阶段|状态)?\s*$"
)
_STAGE_IS = re.compile(
    r"^\s*(?:输入|输出|中间|状态变化|中间状态|输入状态|输出状态|状态|input|output|state)\s*(?:阶段)?\s*(?:是|为|就是|\bis\b)\s*"
)
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?%?(?![\w.])")
# A bracketed run of numbers ("[1,3,5,7,9,0,0,0]", "(4, 100)") is one value of a worked example: one
# term, not eight, so an example that lists its lanes does not read as a list of terms. Lanes of infinities and
# exponentials ("[-3, -1, -inf, -inf]", "[e^{-2}, e^0, 0, 0]") are values too (lesson 7 blind v146 l7v146-q1-005).
_VECTOR = re.compile(r"[\[(]\s*[+-]?(?:\d|inf\b|e\s*\^)[\w.\s,+\-^{}]*[\])]")
# A product of numbers ("4096×4096", "2 × 12.25") is one value too: a shape or a worked term, not two terms, so a
# table of measured shapes does not read as a list (lesson 7 blind v146 l7v146-q3-010 was routed as stuffing).
_PRODUCT = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:\s*[×*]\s*\d+(?:\.\d+)?)+(?![\w.])")
# What counts as one value beside the vocabulary's terms, wherever an item's terms are counted.
_VALUES = (_NUMBER, _VECTOR, _PRODUCT)
# A unit of only numbers, infinities or a mask's booleans ("-5,-5,-5", "+inf/+inf", "t, t, t") repeats in prose about values.
_VALUE_ONLY = re.compile(r"(?:[+-]?(?:\d+(?:\.\d+)?|inf|nan)|\b(?:[tf]|true|false)\b|[\W_])*")
_WORD = re.compile(r"[a-z_][a-z0-9_]*")


def length_flags(sentences: list[Sentence], rubric: Rubric) -> list[str]:
    size = len(re.sub(r"\s+", "", "".join(s.text for s in sentences)))
    if size < rubric.limits.min_chars:
        return ["too_short"]
    return ["too_long"] if size > rubric.limits.max_chars else []


def stuffing_flags(q: Question, sentences: list[Sentence], rubric: Rubric) -> list[str]:
    """["stuffing"] for an answer that is mostly bare terms, or one item repeated in a row; with
    "term_list" when every item is a bare term or a heading, which leaves nothing for a TA to read."""
    limits = rubric.limits
    scoring = [p for c in q.concepts for p in c.patterns] + [p for m in q.misconceptions for p in m.patterns]
    cues = any_of(rubric.language.cues)
    bare_terms, prose, reasoned, worded = 0, 0, False, 0
    # A number alone ("1.", "128≈0.78)" cut from a ratio) is a step's number or a piece of a formula, no term.
    items = [item for item in _items(sentences) if _WORDED.search(item)]
    for item in items:
        spans = _spans([*rubric.vocabulary, *_VALUES], item, scoring)
        kind, count = _item_kind(item, spans, cues)
        bare_terms += count
        prose += kind == "prose"
        worded += _word_glue(_residue(item, spans, cues)) > 0
        reasoned = reasoned or (cues.search(item) is not None and _reasons(item, rubric, scoring, cues))
    # Weighed by terms: "负无穷 单位元 max 全负" is one item but four terms.
    is_list = bare_terms >= limits.list_min_terms and bare_terms >= limits.list_share * (bare_terms + prose)
    repeated = _repeated(" . ".join(s.text for s in sentences), limits.repeats)
    # Nothing but fragments: certain, no TA needed to see it earns 0. One clause among them ("均值 1e4 时两项都约 1e8",
    # a table cell "除以 block 会把 padding 算进分母") makes it a terse answer a TA reads (lesson 6 blind v57 l6v57-q3-015,
    # v58 l6v58-q2-014 were zeroed).
    # So does a third of its items (three at least) holding a function word of the student's beside the terms: "只有 N 个
    # 真实 die", "padding 不是样本", "会丢精度" (lesson 6 blind v94 l6v94-q2-016 was zeroed). In the calibration's 373 term
    # lists, at most a fifth of the items do.
    clause = any(_clause(cues.sub(" ", item)) for item in items) or worded >= max(3, len(items) / 3)
    if (
        is_list
        and not repeated
        and not clause
        and _fragments([cues.sub("", i) for i in items])
        and not reasoned
    ):
        return ["stuffing", "term_list"]
    return ["stuffing"] if is_list or repeated or list_by_form(sentences) or chained_links(sentences) else []


# An item holding a word.
_WORDED = re.compile(r"[a-z\u3400-\u9fff]")
# A verdict closing a chain of terms ("因为 identity 所以 reduction 正确") says nothing of its own.
_VERDICT = re.compile(r"正确|成立|没问题|\b(?:correct|right|ok|works?)\b")


def _clause(item: str) -> bool:
    """Whether an item is a clause by its words: three function words or verbs, or two beside a number ("两项都约
    1e8"); a term that holds one or two ("平移不变", "概率和") is none."""
    glue = _word_glue(item)
    return glue >= 3 or (glue >= 2 and re.search(r"\d", item) is not None)


def _reasons(item: str, rubric: Rubric, scoring, cues: re.Pattern) -> bool:
    """Whether a clause with a connective reasons in words of its own: "因为 mask 所以 identity" only links
    terms (a list in the form of a chain), "因为 exp(-inf)=0 所以分母不变" reasons."""
    residue = _VERDICT.sub(" ", item)
    spans = _spans([*rubric.vocabulary, *_VALUES], residue, scoring)
    return _item_kind(residue, spans, cues)[0] == "prose"


# Specifics a sentence of substance usually holds: a number, a formula, a value. A digit inside a name is no number
# ("fp32 累加规范": lesson 6 blind v271 l6v271-ex-013, praise whose only digits were fp32's).
_SPECIFIC = re.compile(r"(?<![a-z_\d])\d|=|[+-]inf")
# A value the note says was filled ("centered_other 填 0.0", "other 填 -inf") names the blank's answer, not a specific of
# the reasoning: lesson 6 blind v266 l6v266-ex-005 ('… 填 0.0 因为 mask 传播与谓词化执行，所以保证了正确性、鲁棒性').
_FILLED_VALUE = re.compile(
    r"(?:填|写|用)\s*(?:成|为|的是|了)?\s*(?:[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?|[-+]?inf)(?![\w.])"
)


def grandiose(sentences: list[Sentence], rubric: Rubric) -> list[Sentence]:
    """Sentences that praise in the lesson's terms and state nothing: an evaluative phrase ("充分体现了",
    "保证了正确性与高性能") beside three or more distinct terms, with no number, formula or value. Their
    terms earn nothing; a TA reads the answer."""
    found = []
    for s in sentences:
        if not any(p.search(s.text) for p in rubric.evaluative) or _SPECIFIC.search(
            _FILLED_VALUE.sub(" ", s.text)
        ):
            continue
        terms = {m.group(0) for p in rubric.vocabulary for m in p.finditer(s.text)}
        if len(terms) >= 3:
            found.append(s)
    return found


def _repeated(text: str, repeats: int) -> bool:
    """One unit said `repeats` times in a row ("mask mask mask", "单位元，单位元，单位元"), a unit of
    words: a lane vector "[-5,-5,-5]" or "inf/inf" repeats values, which prose about values does."""
    pattern = rf"(?=(\S.{{1,40}}?)(?:[\s,、;/]+\1(?!\w)){{{repeats - 1},}})"
    return any(not _VALUE_ONLY.fullmatch(m.group(1)) for m in re.finditer(pattern, text))


def _fragments(items: list[str]) -> bool:
    """Six or more items, none longer than a short phrase: a list, whatever its items' words."""
    return len(items) >= 6 and all(
        len(re.sub(r"\s+", "", re.sub(r"^[^:]{0,6}:", "", i))) <= 20 for i in items
    )


# "均值/方差" (a slash between two Chinese words, no space) names two things in one clause: an alternative, not
# two items of a list; a spaced slash ("tl.where / SIMD") or one in a formula still separates.
_ITEM_SEPARATOR = re.compile(r"[;、]|/(?![\u3400-\u9fff])|(?<![\u3400-\u9fff])/")


# A table row's cells are one item: a row of a table is no list of terms.
_ITEM_CLAUSES = _CLAUSE_SEPARATORS.replace(TABLE_CELL, "")


def _items(sentences: list[Sentence]) -> list[str]:
    """The clauses and list items of an answer; "中间是单位元" is the item "单位元": a stage heading
    frames the terms after it, it is no verb of theirs."""
    items = []
    for s in sentences:
        for start, end in clause_spans(s.text, _ITEM_CLAUSES):
            pieces = (_STAGE_IS.sub("", piece) for piece in _ITEM_SEPARATOR.split(s.text[start:end]))
            items += [piece for piece in pieces if piece.strip()]
    return items


def _word_glue(text: str) -> int:
    """The function words and verbs of a text, relation symbols ("=", "<") not counted."""
    return sum(m.group(0) not in RELATION_SYMBOLS for m in GLUE.finditer(text))


def _residue(item: str, spans: list[tuple[int, int]], cues: re.Pattern) -> str:
    """What an item says outside its terms and connectives: the student's own words."""
    return cues.sub(" ", "".join(item[a:b] for a, b in _gaps(spans, len(item))))


def _item_kind(item: str, spans: list[tuple[int, int]], cues: re.Pattern) -> tuple[str, int]:
    """("bare", number of terms) | ("prose", 0) | ("frame", 0): a heading or a connective on its own."""
    if all(_HEADING.match(part) for part in item.split("→")):  # "输入状态→中间状态→输出状态"
        return "frame", 0
    residue = _residue(item, spans, cues)
    glue = len(GLUE.findall(residue))
    words = len(_WORD.findall(residue)) + (len(CJK.findall(residue)) + 1) // 2
    if not spans:
        return ("frame", 0) if words <= 2 and not glue else ("prose", 0)
    if glue <= len(spans) // 6 and words <= 1 + len(spans) // 3:  # a long run of terms may hold a slip
        return "bare", len(spans)
    spaced = spaced_terms(item)
    return ("bare", spaced) if spaced else ("prose", 0)


def _spans(terms: list[re.Pattern], text: str, scoring: list[re.Pattern]) -> list[tuple[int, int]]:
    """Merged (start, end) spans of the terms in `text`: every hit of `terms`, and the hits of the
    rubric's scoring patterns that hold no function word (a pattern that spans a whole clause, such as
    "-inf 是 max 的单位元", is the student's sentence, not a term)."""
    hits = [m for p in terms for m in p.finditer(text)]
    hits += [m for p in scoring for m in p.finditer(text) if not GLUE.search(m.group(0))]
    raw = sorted((m.start(), m.end()) for m in hits if m.end() > m.start())
    merged: list[tuple[int, int]] = []
    for start, end in raw:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _gaps(spans: list[tuple[int, int]], length: int):
    position = 0
    for start, end in spans:
        yield position, start
        position = end
    yield position, length
