"""Values an answer states as a padding fill or as an identity, and which of them are wrong beliefs.

`wrong_values`: the fill or identity values a sentence states as the student's own belief, whatever
words carry them ("这些 lane 填上单位元 1.0"), that are not the identity of the reduction they are
stated for. A wrong belief about the one value the lesson turns on, however it is phrased.
"""

from __future__ import annotations

import re

from autograder.rubric.markers import LETTERS
from autograder.rubric.model import Question, Reduction, Rubric
from autograder.rubric.negation import is_hypothetical, is_negated
from autograder.rubric.premises import Sentence
from autograder.rubric.text import is_reported
from autograder.rubric.textnorm import clause_around, clause_spans

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
    r"|(?:填|补|(?<!位)置|(?<!假)设|赋|改|换|(?<!作)用)(?:上|入|成|为|到|了|的是|充为|充成)?"
    rf"(?:\s*加法)?(?:\s*{_IDENTITY})?|\b(?:fill|pad)\w*\s+(?:\w+\s+){{0,3}}?with)\s*(?:\(\s*)?{_VALUE}"
)
# Another parameter right before a fill verb ("N 设为 1", "atol 改成 1"): its value is not the padding's.
_PARAMETER = re.compile(
    r"(?<![a-z_])(?:n|m|block(?:_size)?|atol|rtol|tol|size|shape|grid|num_warps|num_stages)(?![a-z_])"
    r"|宽度|列数|行数|容差|误差|形状"
)


def canonical_value(text: str) -> str | None:
    """The value a fill can be, as "0", "1", "-inf", "+inf", "nan" or "none"; None for any other."""
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
    patterns = [(p, "identity") for p in _IDENTITY_STATEMENTS]
    patterns += [(_FILL_STATEMENT, "fill")] if fills else []
    for pattern, kind in patterns:
        for match in pattern.finditer(text):
            value = canonical_value(match.group("value"))
            if kind == "fill" and _PARAMETER.search(text[max(0, match.start() - 10) : match.start("value")]):
                continue  # "N 设为 1", "atol 改成 1": another parameter, not the padding
            if value is not None:  # one reading per value: "填上单位元 1.0" is an identity claim
                found.setdefault(match.start("value"), (value, match.start("value"), kind))
    return sorted(found.values(), key=lambda hit: hit[1])


# ── values the student believes: a wrong one for its reduction is a wrong belief ─────────────────────
# A clause this short before a value's clause only names its topic ("对于 max，填 -inf").
_TOPIC_CLAUSE = 8
# "当 other=0 时" / "other=0 的时候": the value sets a scene for what follows.
_WHEN_BEFORE = re.compile(r"当|\bwhen\b|^\s*with\b")
_WHEN_AFTER = re.compile(r"\S*\s*(?:的)?(?:时候?|之时)(?!间)")
# A belief the student held before and has dropped ("第一次我以为单位元是 1"), or a value only tried.
_PAST = re.compile(
    r"一开始|起初|最初|原来|原本|之前|第一次|误填|误设|当时|以为|理解成|当成|试过|试了|曾经|"
    r"\bat\s+first\b|\binitially\b|\bthought\b"
)


def wrong_values(q: Question, sentences: list[Sentence], rubric: Rubric) -> list[tuple[Sentence, bool]]:
    """(sentence, named) for each sentence that states a wrong fill or identity value as the student's
    own present belief; `named`: its clause names the reduction the value is wrong for. The note
    (`states_value`) reports its fill: only its identity claims are beliefs."""
    own = rubric.reduction(q.reduction)
    if own is None:
        return []
    found = []
    for s in sentences:
        for value, at, _kind in value_statements(s.text, fills=not q.states_value):
            reduction, named = reduction_at(s.text, at, rubric), True
            if reduction is None:
                reduction, named = own, False
            if value != reduction.identity and _believed(s.text, at, q, rubric):
                found.append((s, named))
                break
    return found


def reduction_at(text: str, at: int, rubric: Rubric) -> Reduction | None:
    """The reduction a value at `at` is about: the one its clause names last before it ("sum 的单位元是
    0"), else first after it ("0 是 max 的单位元"), else the one a short topic clause just before names
    ("对于 max，填 -inf"); None when none is named."""
    start, end = clause_around(text, at)
    named = sorted((m.start(), r) for r in rubric.reductions for m in r.names.finditer(text, start, end))
    before = [r for p, r in named if p < at]
    after = [r for p, r in named if p > at]
    previous = max(((a, b) for a, b in clause_spans(text) if b < start), default=None)
    topic = []
    if previous and len(LETTERS.sub("", text[previous[0] : previous[1]])) <= _TOPIC_CLAUSE:
        topic = [r for r in rubric.reductions if r.names.search(text, *previous)]
    return (before[-1:] or after[:1] or topic[-1:] or [None])[0]


def _believed(text: str, at: int, q: Question, rubric: Rubric) -> bool:
    """Stated as the student's own present belief: not denied or refuted ("1.0 会出错"), not imagined,
    not reported, not a belief the student says it held before."""
    # "sum 的话也可以用 -inf": 的话 after a reduction's name names the topic, it imagines nothing.
    topics = tuple(rf"(?:{r.names.pattern})\s*(?:的话|来说|而言)" for r in rubric.reductions)
    if is_negated(text, at, at + 1, rubric.language):
        return False
    if is_hypothetical(text, at, rubric.language, q.premises + topics):
        return False
    if in_scene(text, at):
        return False  # "当 other=0 时，全负的行返回 0": a situation described, not a belief
    return not (is_reported(text) or _PAST.search(text[: at + 8]))  # "我用 0 试过" reads past the value


def in_scene(text: str, at: int) -> bool:
    """Whether the clause holding `at` sets a scene ("当 other=0 时", "other=0 的时候", "with other=0")."""
    start, _ = clause_around(text, at)
    return bool(_WHEN_BEFORE.search(text[start:at]) or _WHEN_AFTER.match(text, at))
