"""Enumerations: a clause that only lists short items ("Welford、Kahan 求和、ulp、eps、clamp…") earns nothing, and an
answer whose every sentence is such an item is a list by its form (stuffing.py flags it); so is a run of terms
separated only by spaces or ticks (spaced_terms).

Also the lexical classes both list rules share (stuffing.py judges whole answers): the glue words a real
clause holds beside its terms, the CJK range, and code names read as one term.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from autograder.rubric.premises import Sentence
from autograder.rubric.textnorm import clause_spans

# Function words and verbs: a real clause has some outside its technical terms; a bare term has none.
# The relation symbols among the glue: a formula's, not a sentence's (stuffing's _clause counts words only).
RELATION_SYMBOLS = "=<>≤≥≠"
GLUE = re.compile(
    r"[是会把被让使用将对在从到时就都也还而并但则即要能可得了着为与给每这那它其所因由故若如否才只再又已然后先首最"
    rf"不没填取设读写存改换应该变参算比等于做放装]|[{RELATION_SYMBOLS}]"
    r"|\b(?:is|are|was|were|be|the|a|an|of|to|in|on|for|with|by|that|this|it|its|each|every|one|so|because|"
    r"since|will|would|can|must|should|does?|not|no|and|or|but|uses?|used|using|fills?|filled|adds?|per|"
    r"gets?|has|have|makes?|into|from|"
    # English prose holds these between its terms too: "same order as 4x (a bit above, since the naive small kernels
    # don't reach full bandwidth either" is a clause, not 21 spaced terms (lesson 7 blind v223 l7v223-q3-008, read
    # whole once wrapped English lines were joined).
    r"as|at|than|if|when|there|they|we|i|my|our|which|also|just|only|either|both|don't|doesn't|isn't|aren't)\b"
)
CJK = re.compile(r"[\u3400-\u9fff]")


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
# A tick between terms ("n_cols ✓ 0.0 ✓ 单位元 ✓"; lesson 6 blind v53 l6v53-ex-020) separates them as a comma does.
TICK_MARKS = "✓✔√"
_UNIT_SEPARATORS = ",、;；/" + TICK_MARKS


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
        words_only = CODE.sub(" ", item)
        short = bool(item) and not _RELATION.search(words_only) and _words(item) <= 4
        units.append((offset, end, item if short else None, short and not GLUE.search(words_only)))
    return units


# A step's number on its own ("1.", "(2)"): it numbers the unit after it; a value ("0.0") is a unit of a list.
_STEP_NUMBER = re.compile(r"\s*\(?\d{1,2}[.)、]?\s*")


def list_by_form(sentences: list[Sentence]) -> bool:
    """Whether the answer is a list by its form alone, whatever share of its terms the vocabulary knows: eight
    or more units across its sentences ("灾难性抵消；单遍 one-pass；Welford；1e4；负方差；eps；rstd；…"), four in
    five of them short and stating no relation, and seven in ten bare of any function word or verb.
    `enumerations` judges one sentence; a list split at every `；` is many sentences of one unit each."""
    found = [
        unit
        for s in sentences
        for unit in _units(s.text)
        if not _STEP_NUMBER.fullmatch(s.text[unit[0] : unit[1]])
    ]
    short = sum(item is not None for _start, _end, item, _bare in found)
    bare = sum(bare for *_span, bare in found)
    return len(found) >= 8 and short >= 0.8 * len(found) and bare >= 0.7 * len(found)


# A code name ("tl.maximum", ".to(tl.float32)", "block_size") is one term, whatever English its parts spell.
CODE = re.compile(r"\S*(?:\.|\(|_)\S*")


def _words(item: str) -> int:
    """Words of an item, a Chinese word counting as two characters."""
    return len(re.findall(r"[a-z0-9_.+\-]+", item)) + (len(CJK.findall(item)) + 1) // 2


# ── lists by their spacing: terms separated by spaces or ticks ───────────────────────────────────────
def spaced_terms(item: str) -> int:
    """The number of terms of a list whose separator is the space ("融合 fused 访存受限 memory-bound 带宽
    bandwidth HBM …", lesson 7 blind v27 l7v27-q3-005), or of a ticked checklist ("n_cols ✔ 0.0 ✔ 单位元 ✔ …",
    four ticks or more); 0 for anything else. Its tokens, none an operator on its own ("-", "→", "="), must be
    as many, hold as many words and as few function words or verbs as its shape asks (_SPACED, _CHECKLIST),
    whatever share of them the rubric's vocabulary knows. Prose, English included, holds its glue words
    ("the", "to", "是", "会") between its terms, and a formula its operators."""
    tokens = _TICKS.sub(" ", item).split()  # a tick marks an item, it states nothing
    shape = _CHECKLIST if len(_TICKS.findall(item)) >= 4 else _SPACED
    if len(tokens) < shape.tokens or any(_OPERATOR.fullmatch(t) for t in tokens):
        return 0
    words = sum(bool(_SPACED_WORD.fullmatch(t)) for t in tokens)
    glued = sum(bool(GLUE.search(CODE.sub(" ", t))) for t in tokens)
    allowed = max(shape.glued_floor, len(tokens) // shape.glued_per)
    return len(tokens) if words >= shape.words and glued <= allowed else 0


class _ListShape(NamedTuple):
    tokens: int  # at least this many tokens
    words: int  # at least this many of them words
    glued_per: int  # one token in this many may hold a glue character (访存, 缓存: a slip of the compound)...
    glued_floor: int  # ...and at least this many


_SPACED = _ListShape(tokens=12, words=10, glued_per=10, glued_floor=1)
_CHECKLIST = _ListShape(tokens=8, words=6, glued_per=4, glued_floor=0)  # its ticks already mark the items
_OPERATOR = re.compile(r"[\W_]+")
_TICKS = re.compile(f"[{TICK_MARKS}✅☑•]")  # bullets and boxes mark a checklist's items, but separate no list
_SPACED_WORD = re.compile(r"[a-z\u3400-\u9fff][a-z0-9\u3400-\u9fff_-]*")


# ── a list in the form of a chain: "因为 A，所以 B；因为 C，所以 D；…" ─────────────────────────────────
_LINK = re.compile(r"\s*(?:因为|由于)\s*[^,;:。]{1,24}\s*,\s*(?:所以|因此)\s*[^,;:。]{1,24}\s*")


def chained_links(sentences: list[Sentence], least: int = 4) -> bool:
    """Whether the answer is mostly a run of short "因为 A，所以 B" links, `least` or more (lesson 6 blind v66
    l6v66-q2-012: "因为 N 是真实列数，所以除以 N；因为 BLOCK_SIZE 是 2 的幂，所以不能除以 BLOCK_SIZE；…"): each link
    is a clause, so no term rule sees a list, but six of them pair terms without one mechanism. A TA reads it."""
    units = [unit for s in sentences for unit in re.split(r"[;。]", s.text) if unit.strip()]
    links = sum(_LINK.fullmatch(unit) is not None for unit in units)
    return links >= least and links >= 0.7 * len(units)
