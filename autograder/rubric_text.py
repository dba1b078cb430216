"""Two readings of an answer's wording that decide routing rather than points.

`is_unsure`: a misconception stated with a hedge ("可能", "maybe") or reported as someone else's
("有人说", "很多人以为") may be the student's belief or one it is about to reject: a veto there is a
TA's call. `is_romanized`: Chinese typed as toneless pinyin ("yin wei x+0=x suo yi ...") holds the
right ideas in a form no pattern reads, so it is scored as far as it goes and sent to a TA.
"""

from __future__ import annotations

import re

from autograder.textnorm import clause_spans, is_hypothetical, is_negated

# Characters kept outside the clause: clause boundaries, so negation and hypothetical scopes still end.
_KEEP = ",;:、→"

_HEDGED = re.compile(
    r"可能|也许|大概|或许|好像|似乎|不确定|我猜|我觉得|[?？]|\bmaybe\b|\bperhaps\b|\bprobably\b|\bmight\b|"
    r"\bi\s+(?:think|guess|believe)\b|\bnot\s+sure\b"
)
_REPORTED = re.compile(
    r"有人(?:会)?(?:说|认为|以为)|很多(?:人|同学)|不少(?:人|同学)|常见的?(?:误解|错误|说法)|据说|"
    r"\bsome\s+(?:people|students|say)\b|\bpeople\s+(?:say|think)\b|\bcommon\s+(?:mistake|misconception)\b"
)
# A toneless pinyin syllable: optional initial, then a final.
_SYLLABLE = re.compile(
    r"(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?"
    r"(?:iang|iong|uang|ang|eng|ing|ong|iao|ian|uai|uan|ai|ei|ao|ou|an|en|in|un|ia|ie|iu|ua|uo|ui|ue|ve|er|"
    r"a|o|e|i|u|v)"
)
# Short English words that are also syllables: they prove nothing either way.
_ENGLISH = frozenset(
    "a i o an in on no so to go he we me be ma man can ban fan pan ran tan sun run bun fun hang long "
    "song gang bin pin tin sin din ding zen ye yo hi ha he she die tie pie lie sue cue due hue you".split()
)
_LATIN = re.compile(r"(?<![a-z_.])[a-z]+(?![a-z_(])")
_CJK = re.compile(r"[\u3400-\u9fff]")


def is_unsure(text: str) -> bool:
    """Whether a normalized sentence hedges or reports someone else's claim."""
    return bool(_HEDGED.search(text)) or is_reported(text)


def is_reported(text: str) -> bool:
    """Whether a normalized sentence reports a claim as someone else's ("很多同学会…", "有人说…")."""
    return bool(_REPORTED.search(text))


def is_romanized(text: str) -> bool:
    """Whether a normalized answer is written mostly in pinyin: many syllables, few Chinese characters."""
    words = _LATIN.findall(text)
    pinyin = [w for w in words if w not in _ENGLISH and _SYLLABLE.fullmatch(w)]
    return len(pinyin) >= 8 and len(pinyin) >= 0.4 * len(words) and len(_CJK.findall(text)) < len(pinyin)


# ── values stated as a padding fill or as an identity ─────────────────────────────────────────────────
# Only the values a fill can sensibly be: a count ("28 个"), a width or a size is no fill.
_VALUE = (
    r"(?P<value>[+-]inf|nan|none|零(?!元)|[+-]?\d+(?:\.\d*)?(?:e[+-]?\d+)?)"
    r"(?![\d.]|\s*(?:个|行|列|次|位|组|倍|号|字节|bytes?|lanes?|%|\*|×|x\b))"
)
_IDENTITY = r"(?:单位元|幺元|恒等元|\bidentity(?:\s+element)?\b)"
_IDENTITY_STATEMENTS = (
    # "单位元 1.0", "identity is -inf", "加法单位元(0)"
    re.compile(rf"{_IDENTITY}\s*(?:就|也|应该?|必须|只能)?\s*(?:是|为|=|:|取|\bis\b)?\s*(?:\(\s*)?{_VALUE}"),
    # "0 是加法单位元", "-inf 是 max 的单位元", "1.0 = identity"
    re.compile(
        rf"{_VALUE}\s*\)?\s*(?:就|也|才|正好|恰好)?\s*(?:是|为|作为|当作|当成|=|\bis\b)\s*(?:the\s+|an?\s+)?"
        rf"[^,;:]{{0,10}}?{_IDENTITY}"
    ),
)
# "other=1.0", "填上单位元 1.0", "改成 -inf", "fill the lanes with 1"
_FILL_STATEMENT = re.compile(
    r"(?:other\s*(?:=|:|应该?(?:是|为|设为|改成|改为|取)?|设为|设成|取|用|填)"
    r"|(?:填|补|(?<!位)置|(?<!假)设|赋|改|换)(?:上|入|成|为|到|了|的是|充为|充成)?"
    rf"(?:\s*加法)?(?:\s*{_IDENTITY})?|\b(?:fill|pad)\w*\s+(?:\w+\s+){{0,3}}?with)\s*(?:\(\s*)?{_VALUE}"
)


def canonical_value(text: str) -> str | None:
    """ "0", "1", "-inf", "+inf", "nan" or "none" for a value a fill can be; None for any other number."""
    text = text.strip().lower()
    if text in ("+inf", "-inf", "nan", "none"):
        return text
    if text in ("零", "zero"):
        return "0"
    try:
        number = float(text)
    except ValueError:
        return None
    return {0.0: "0", 1.0: "1"}.get(number)


def value_statements(text: str, fills: bool = True) -> list[tuple[str, int, str]]:
    """[(value, position, kind)]: each value a normalized sentence states as an identity ("单位元 1.0")
    or, with `fills`, as the padding fill ("填 -inf"). `position` is where the value starts."""
    found: dict[int, tuple[str, int, str]] = {}
    patterns = [(p, "identity") for p in _IDENTITY_STATEMENTS] + (
        [(_FILL_STATEMENT, "fill")] if fills else []
    )
    for pattern, kind in patterns:
        for match in pattern.finditer(text):
            value = canonical_value(match.group("value"))
            if value is not None:  # one reading per value: "填上单位元 1.0" is an identity claim
                found.setdefault(match.start("value"), (value, match.start("value"), kind))
    return sorted(found.values(), key=lambda hit: hit[1])


# ── the confidence gate: content no pattern of the rubric read ───────────────────────────────────────
def unread(q, sentences, rubric, missing, language) -> list[tuple[str, str]]:
    """[(topic, sentence)]: the clauses that say something the rubric cannot judge, once every span any
    of its patterns reads is taken out. What is left may assert a claim worth checking (one of the
    rubric's `claim_topics`: memory, hardware; denied or imagined, it is no claim), or hold the words of
    a concept the answer was not given (`missing`, each with its `topic`): a right idea in words the
    patterns do not know. Either way the scorer cannot be sure of its verdict."""
    readers = _readers(q, rubric)
    found = []
    for s in sentences:
        for start, end in clause_spans(s.text):
            left = _residue(s.text, readers, start, end)
            claims = (t for t in rubric.claim_topics if _asserted(t, left, s.text, language))
            topic = next((t.pattern for t in claims), None)
            topic = topic or next((c.id for c in missing if any(t.search(left) for t in c.topic)), None)
            if topic:
                found.append((topic, s.raw))
                break
    return found


def _asserted(topic: re.Pattern, left: str, sentence: str, language) -> bool:
    """A topic word left unread that the sentence asserts: its negator may be a span a reader took out
    ("不读显存"), so negation and conditions are judged on the sentence itself."""
    return any(
        not is_negated(sentence, m.start(), m.end(), language, refute=False)
        and not is_hypothetical(sentence, m.start(), language)
        for m in topic.finditer(left)
    )


def _readers(q, rubric) -> list[re.Pattern]:
    """Every pattern that reads something: concepts, misconceptions, premises, facts, outcomes, claims,
    pass conditions and wrong statements of them."""
    patterns = [p for c in q.concepts for p in c.patterns] + [p for m in q.misconceptions for p in m.patterns]
    patterns += [p for v in q.valid_premises + rubric.facts for p in v.patterns]
    patterns += [*rubric.outcomes, *q.claims]
    return patterns + [p for c in rubric.pass_conditions.values() for p in (*c.patterns, *c.false_claims)]


def _residue(sentence: str, readers: list[re.Pattern], start: int, end: int) -> str:
    """The sentence with everything outside the clause [start, end) and every span a reader matches
    inside it blanked out (kept in place, so negations before a word can still be seen)."""
    chars = [c if start <= i < end or c in _KEEP else " " for i, c in enumerate(sentence)]
    for pattern in readers:
        for match in pattern.finditer(sentence, start, end):
            chars[match.start() : match.end()] = " " * (match.end() - match.start())
    return "".join(chars)
