"""Whether a refuting word after a claimed wrong chain is that chain's own result, not a verdict on it.

"padding 也被减了 mean²，所以方差偏小" states a chain and its consequence; "…，这是错的" judges the chain.
negation.is_negated asks this only for claims (`consequences=True`), never for values.
"""

from __future__ import annotations

import re

from autograder.rubric.textnorm import _CLAUSE_SEPARATORS, clause_around


def claims_own_result(sentence: str, start: int, end: int, refuter: re.Match) -> bool:
    """Whether the later refuter `refuter` after the hit sentence[start:end] is the hit's own consequence
    (in a clause a causal marker opens after it) or an outcome the hit itself predicts."""
    return _consequence(sentence, end, refuter.start()) or _outcome(sentence, start, end, refuter)


# Markers that open a consequence of what precedes them ("…，所以方差偏小", "→ 结果错误"), and markers of what
# would go wrong without it ("…，否则会出错", "不转的话编译会报类型错误", "otherwise …"): the claim's justification
# (blind l6v14-q2-017: "tl.sum 不支持 fp16 输入，不转的话 kernel 编译会直接报类型错误" was refuted by its own 错误).
# The English words are whole words (they were written with backspace characters, so none of them ever matched).
_CONSEQUENCE = re.compile(
    r"所以|因此|因而|从而|于是|导致|使得|以致|→|=>|⇒|\bso\b|\btherefore\b|\bhence\b|\bthus\b"
    r"|否则|要不然|不然|(?:(?<![\u3400-\u9fff])|(?<=如果)|(?<=若)|(?<=要是)|(?<=假如))(?:不|没)[\u3400-\u9fff]{1,4}\s*的话"
    # The rule's breach opening its clause with 就 ("必须和 other 写成一样，类型才匹配，不一样就编译失败": lesson 6 blind v263 l6v263-ex-001).
    r"|(?<![\u3400-\u9fff])(?:不|没)\s*(?:一样|相同|匹配|一致|对应|这样|这么做|这么写)\s*就"
    r"|\botherwise\b|\bor\s+else\b|\bif\s+(?:we|you|it)\s+(?:do\s*n't|does\s*n't|do\s+not|does\s+not|did\s*n't)\b"
)


def _consequence(sentence: str, end: int, at: int) -> bool:
    """Whether the text at `at` lies in a clause that a causal marker after `end` opens: the claim's
    own consequence, or what would go wrong without it. A verdict in a clause of its own ("…，这是错的")
    is none."""
    markers = list(_CONSEQUENCE.finditer(sentence, end, at))
    if not markers:
        return False
    return not any(char in _CLAUSE_SEPARATORS + "。" for char in sentence[markers[-1].end() : at])


# A later refuter that names an outcome ("方差就错了", "the result is wrong") rather than judging a statement.
_OUTCOME_WORD = re.compile(
    r"错误|出错|错了|失败|偏大|偏小|带偏|每行多|\bwrong\b|\bincorrect\b|\bbug\b|\bfail"
)
# A claim that something goes wrong: its own outcome may follow it ("类型对不上，会报类型不匹配的错误": blind v27
# l6v27-q2-003). A method rejected for a reason ("不用单遍公式，原因是…：…，方差就错了", lesson 6 blind v73 l6v73-q3-021)
# predicts the same.
_FAILURE = re.compile(
    r"错|不准|偏大|偏小|失败|溢出|对不上|不匹配|\bwrong\b|\bfails?\b|\binaccurate\b|\bbreaks?\b|\bmismatch"
    r"|(?:不用|不能用|不采用|弃用|放弃)[^,;:。]{0,8}(?:公式|方法|算法|写法)"
)
# What may stand before a verdict on the claim itself: "这就错了", "这种说法完全错误", "但那是错的", "that's wrong".
_VERDICT_SUBJECT = re.compile(
    r"(?:但是?|不过|可是|然而|其实|当然|显然|所以说)?\s*"
    r"(?:(?:这|那|该|此|上面|上述|以上)(?:种|个|样|些|一)?\s*(?:说法|理解|想法|观点|解释|理由|结论|推理|逻辑|看法|思路|论断)?)?"
    r"\s*(?:(?:其实|当然|显然|完全|根本|就|也|都|便|是|就是|明显|彻底|本身|大错特错)\s*)*"
    r"|(?:\s*\b(?:but|however|so|this|that|it|which|such|a|the|claim|reasoning|idea|is|was|'s|simply|just|plainly"
    r"|totally|completely|also|clearly)\b)*\s*",
    re.IGNORECASE,
)


def _outcome(sentence: str, start: int, end: int, refuter: re.Match) -> bool:
    """Whether a later refuter is an outcome the claim itself predicts, not a verdict on it: the claim says
    something goes wrong ("单遍公式错是因为没有第二次 mask"), and an outcome word follows in a clause of its
    own, with a subject before it ("…，方差就错了"). After a claim that something works ("my first try
    divided by BLOCK_SIZE: …, but (4, 100) failed") the failure still refutes it."""
    if not (_FAILURE.search(sentence, start, end) and _OUTCOME_WORD.match(sentence, refuter.start())):
        return False
    start, _ = clause_around(sentence, refuter.start())
    if start < end:
        return False  # the hit's own clause: "说单遍没有第二次 mask 就错了" judges the hit
    return not _VERDICT_SUBJECT.fullmatch(sentence[start : refuter.start()].strip(" ,:、"))
