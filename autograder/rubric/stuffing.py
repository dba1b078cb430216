"""Keyword stuffing and length: answers whose words are the rubric's terms and nothing of the student's.

A list of terms is recognised item by item (an item is a clause between `,`/`、`/`;` or a sentence): an
item is *bare* when, once its terms, numbers, stage headings ("输入：") and causal connectives are taken
out, no function word or verb of the student's own is left. Judging items rather than the whole text
keeps "因为 mask、单位元、padding…，所以正确" a list (the connectives frame it, they do not make it
prose), and keeps "应改为负无穷（-inf）。因为 -inf 是 max 的单位元…" prose (every item has a verb).

Two more checks of form against content live here. `grandiose`: a sentence of praise in the lesson's
terms ("充分体现了…保证了正确性与高性能") with no number, formula or value earns nothing. `enumerations`:
a run of six or more bare short items ("Welford、Kahan 求和、ulp、eps、clamp…") earns nothing either.
The confidence gate (content no pattern read) is gate.py.
"""

from __future__ import annotations

import re

from autograder.rubric.model import Question, Rubric
from autograder.rubric.premises import Sentence
from autograder.rubric.textnorm import _CLAUSE_SEPARATORS, TABLE_CELL, any_of, clause_spans

# Function words and verbs: a real clause has some outside its technical terms; a bare term has none.
_GLUE = re.compile(
    r"[是会把被让使用将对在从到时就都也还而并但则即要能可得了着为与给每这那它其所因由故若如否才只再又已然后先首最"
    r"不没填取设读写存改换应该变参算比等于做放装]|[=<>≤≥≠]"
    r"|\b(?:is|are|was|were|be|the|a|an|of|to|in|on|for|with|by|that|this|it|its|each|every|one|so|because|"
    r"since|will|would|can|must|should|does?|not|no|and|or|but|uses?|used|using|fills?|filled|adds?|per|"
    r"gets?|has|have|makes?|into|from)\b"
)
_HEADING = re.compile(
    r"^\s*(?:输入|输出|状态变化|状态|中间状态|中间|阶段|第\s*[一二三123]\s*步|input|output|state(?:\s+change)?|"
    r"stage\s*\d?)\s*(?:阶段|状态)?\s*$"
)
_STAGE_IS = re.compile(
    r"^\s*(?:输入|输出|中间|状态变化|中间状态|输入状态|输出状态|状态|input|output|state)\s*(?:阶段)?\s*(?:是|为|就是|\bis\b)\s*"
)
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?%?(?![\w.])")
# A bracketed run of numbers ("[1,3,5,7,9,0,0,0]", "(4, 100)") is one value of a worked example: one
# term, not eight, so an example that lists its lanes does not read as a list of terms.
_VECTOR = re.compile(r"[\[(]\s*[+-]?\d[\d.\s,+-]*[\])]")
# A unit of only numbers or infinities ("-5,-5,-5", "+inf/+inf") repeats in prose about values.
_VALUE_ONLY = re.compile(r"(?:[+-]?(?:\d+(?:\.\d+)?|inf)|[\W_])*")
_CJK = re.compile(r"[\u3400-\u9fff]")
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
    bare_terms, prose, reasoned = 0, 0, False
    items = _items(sentences)
    for item in items:
        spans = _spans([*rubric.vocabulary, _NUMBER, _VECTOR], item, scoring)
        kind, count = _item_kind(item, spans, cues)
        bare_terms += count
        prose += kind == "prose"
        reasoned = reasoned or (cues.search(item) is not None and _reasons(item, rubric, scoring, cues))
    # Weighed by terms: "负无穷 单位元 max 全负" is one item but four terms.
    is_list = bare_terms >= limits.list_min_terms and bare_terms >= limits.list_share * (bare_terms + prose)
    repeated = _repeated(" . ".join(s.text for s in sentences), limits.repeats)
    if is_list and not repeated and _fragments([cues.sub("", i) for i in items]) and not reasoned:
        return ["stuffing", "term_list"]  # nothing but fragments: certain, no TA needed to see it earns 0
    return ["stuffing"] if is_list or repeated else []


# A verdict closing a chain of terms ("因为 identity 所以 reduction 正确") says nothing of its own.
_VERDICT = re.compile(r"正确|成立|没问题|\b(?:correct|right|ok|works?)\b")


def _reasons(item: str, rubric: Rubric, scoring, cues: re.Pattern) -> bool:
    """Whether a clause with a connective reasons in words of its own: "因为 mask 所以 identity" only links
    terms (a list in the form of a chain), "因为 exp(-inf)=0 所以分母不变" reasons."""
    residue = _VERDICT.sub(" ", item)
    spans = _spans([*rubric.vocabulary, _NUMBER, _VECTOR], residue, scoring)
    return _item_kind(residue, spans, cues)[0] == "prose"


# Specifics a sentence of substance usually holds: a number, a formula, a value.
_SPECIFIC = re.compile(r"\d|=|[+-]inf")


def grandiose(sentences: list[Sentence], rubric: Rubric) -> list[Sentence]:
    """Sentences that praise in the lesson's terms and state nothing: an evaluative phrase ("充分体现了",
    "保证了正确性与高性能") beside three or more distinct terms, with no number, formula or value. Their
    terms earn nothing; a TA reads the answer."""
    found = []
    for s in sentences:
        if not any(p.search(s.text) for p in rubric.evaluative) or _SPECIFIC.search(s.text):
            continue
        terms = {m.group(0) for p in rubric.vocabulary for m in p.finditer(s.text)}
        if len(terms) >= 3:
            found.append(s)
    return found


# ── enumerations: a clause that only lists short items earns nothing ─────────────────────────────────
# A unit's lead-in or tail that frames a list ("因为 A、B", "包括 A", "…、LayerNorm 等") is no word of its items.
_LIST_LEAD = re.compile(
    r"\s*(?:(?:因为|由于|所以|因此|包括|涉及|比如|例如|关键词|要点|以及|还有|和|或|"
    r"\b(?:because|since|so|including|e\.g\.|such\s+as|and|or|plus)\b)\s*[:：]?\s*)+"
)
_LIST_TAIL = re.compile(r"\s*(?:等等?|之类|\betc\.?|\band\s+so\s+on\b)\s*$")
# A relation, a verb, a negation or a formula ("5mn+2m"): an item holding one says something, not a bare term.
_RELATION = re.compile(
    r"[=<>≈≤≥≠→]|->|是|会|变|让|导致|使|把|被|等于|大于|小于|减|加到|加进|加上|乘|除|不|没|要|能|可以|就|所以|因为|"
    r"为了|防止|避免|保证|用来|用于|得到|算出|产生|造成|变成|成为|读|写|\d\s*[a-z]+\s*[+*×/]|"
    r"\b(?:is|are|was|were|be|becomes?|makes?|gives?|causes?|adds?|means?|so|because|not|no|would|will|can|"
    r"must|should|has|have|do|does|prevents?|avoids?|keeps?|turns?|stays?|holds?|reads?|writes?|loads?|stores?)\b"
)
_UNIT_SEPARATORS = ",、;；/"


def enumerations(sentences: list[Sentence]) -> list[tuple[Sentence, Sentence]]:
    """[(sentence, the sentence with its enumerations blanked)] for each sentence holding a run of six or
    more short items joined by `、`, `,`, `;` or `/`, none stating a relation (no =, no negation, no verb
    of relation), five or more holding a word and four in five bare of any function word or verb
    ("catastrophic cancellation、Welford、Kahan 求和、ulp、eps、clamp"): a list of terms, whatever its
    words, earns no concept; the rest of the sentence keeps its own. A short list inside a real clause
    ("对 fp16、bf16 输入都先转 fp32 再累加") is two units, one with verbs: no run; a list of quantities
    with their verbs ("读 5MN+2M、写 3MN+2M") is not bare. Blanks keep their place, so the clauses
    around a list read as they did."""
    found = []
    for s in sentences:
        runs, run = [], []
        for unit in [*_units(s.text), None]:
            if unit is not None and unit[2] is not None:
                run.append(unit)
                continue
            worded = sum(bool(re.search(r"[a-z\u3400-\u9fff]", u[2])) for u in run)
            bare = sum(u[3] for u in run)
            if len(run) >= 6 and worded >= 5 and bare >= 0.8 * len(run):
                runs.append(run)
            run = []
        if runs:
            chars = list(s.text)
            for run in runs:
                for start, end, _item, _bare in run:
                    chars[start:end] = " " * (end - start)
            found.append((s, Sentence(s.raw, "".join(chars), s.cue)))
    return found


def _units(text: str) -> list[tuple[int, int, str | None, bool]]:
    """(start, end, the item if short and stating no relation else None, whether it is bare of function
    words) of each unit between list separators outside brackets and not between digits; the span starts
    after a lead-in ("因为 ") so a blank keeps its connective."""
    units = []
    for start, end in clause_spans(text, _UNIT_SEPARATORS):
        lead = _LIST_LEAD.match(text, start, end)
        offset = lead.end() if lead else start
        item = _LIST_TAIL.sub("", text[offset:end]).strip()
        words_only = _CODE.sub(" ", item)
        short = bool(item) and not _RELATION.search(words_only) and _words(item) <= 4
        units.append((offset, end, item if short else None, short and not _GLUE.search(words_only)))
    return units


# A code name ("tl.maximum", ".to(tl.float32)", "block_size") is one term, whatever English its parts spell.
_CODE = re.compile(r"\S*(?:\.|\(|_)\S*")


def _words(item: str) -> int:
    """Words of an item, a Chinese word counting as two characters."""
    return len(re.findall(r"[a-z0-9_.+\-]+", item)) + (len(_CJK.findall(item)) + 1) // 2


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


def _item_kind(item: str, spans: list[tuple[int, int]], cues: re.Pattern) -> tuple[str, int]:
    """("bare", number of terms) | ("prose", 0) | ("frame", 0): a heading or a connective on its own."""
    if all(_HEADING.match(part) for part in item.split("→")):  # "输入状态→中间状态→输出状态"
        return "frame", 0
    residue = cues.sub(" ", "".join(item[a:b] for a, b in _gaps(spans, len(item))))
    glue = len(_GLUE.findall(residue))
    words = len(_WORD.findall(residue)) + (len(_CJK.findall(residue)) + 1) // 2
    if not spans:
        return ("frame", 0) if words <= 2 and not glue else ("prose", 0)
    if glue <= len(spans) // 6 and words <= 1 + len(spans) // 3:  # a long run of terms may hold a slip
        return "bare", len(spans)
    spaced = _spaced_terms(item)
    return ("bare", spaced) if spaced else ("prose", 0)


def _spaced_terms(item: str) -> int:
    """The number of terms of a list whose separator is the space: twelve or more tokens, none an operator
    on its own ("-", "→", "="), ten or more of them words, and at most one in ten holding a function word
    or verb ("融合 fused 访存受限 memory-bound 带宽 bandwidth HBM …", lesson 7 blind v27 l7v27-q3-005),
    whatever share of them the rubric's vocabulary knows; 0 for anything else. Prose, English included,
    holds its glue words ("the", "to", "是", "会") between its terms, and a formula its operators."""
    tokens = _TICKS.sub(" ", item).split()  # "访存受限 ✔ 带宽 ✔ …": a tick marks an item, it states nothing
    ticked = len(_TICKS.findall(item)) >= 4  # a checklist: its ticks already mark the items
    if len(tokens) < (8 if ticked else 12) or any(_OPERATOR.fullmatch(t) for t in tokens):
        return 0
    words = sum(bool(_SPACED_WORD.fullmatch(t)) for t in tokens)
    glued = sum(bool(_GLUE.search(_CODE.sub(" ", t))) for t in tokens)
    allowed = (
        len(tokens) // 4 if ticked else max(1, len(tokens) // 10)
    )  # a slip: 访存, 缓存 hold a glue character
    return len(tokens) if words >= (6 if ticked else 10) and glued <= allowed else 0


_OPERATOR = re.compile(r"[\W_]+")
_TICKS = re.compile(r"[✔✓✅☑√•]")
_SPACED_WORD = re.compile(r"[a-z\u3400-\u9fff][a-z0-9\u3400-\u9fff_-]*")


def _spans(terms: list[re.Pattern], text: str, scoring: list[re.Pattern]) -> list[tuple[int, int]]:
    """Merged (start, end) spans of the terms in `text`: every hit of `terms`, and the hits of the
    rubric's scoring patterns that hold no function word (a pattern that spans a whole clause, such as
    "-inf 是 max 的单位元", is the student's sentence, not a term)."""
    hits = [m for p in terms for m in p.finditer(text)]
    hits += [m for p in scoring for m in p.finditer(text) if not _GLUE.search(m.group(0))]
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
