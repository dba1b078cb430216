"""Whether a pattern hit is something the student claims, or something the student rejects ("不是 0.0",
"0.0 是错的") or only imagines ("如果用 0.0 会…"); and whether a sentence gives a reason at all.

The word lists are regex fragments over normalized text (textnorm.normalize); a rubric may extend
them through its `language` (Language.extended).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from autograder.rubric.outcomes import claims_own_result
from autograder.rubric.textnorm import any_of, clause_around, clause_spans


def _words(block: str) -> list[str]:
    """Regex fragments written one per whitespace-separated word (`\\s` stands for a space inside one)."""
    return block.split()


# Words that make a hit something the student rejects. A contrast word ("而是", "but") ends their scope. 难道不是 /
# 难道没有 ask a rhetorical question that affirms (lesson 6 blind v60 l6v60-q2-008, '难道不是因为 … 吗？所以 …').
# 不一致 / 不匹配 are adjectives, denying nothing after them ('两个分支类型不一致会编译报错', lesson 6 blind v95 l6v95-q2-012).
NEGATORS = _words(
    r"""
    (?<!难道)不(?!仅|但|同|断|少|久|过|论|管|然|一致|匹配) (?<!难道)没 无(?!穷|限|论|效|关) 非(?!常) 未(?!来|知) 别 勿 避免 取代 代替 错误地 \bnot\b \bno\b
    n't\b \bnever\b
    \bneither\b \bnor\b \binstead\sof\b \brather\sthan\b \bavoid \bwrong(?:ly)?\b
    """
)
CONTRAST = re.compile(r"而是|而|但是|但|却|然而|\bbut\b|\binstead\b(?! of)|\brather\b(?! than)|\bhowever\b")
# Words right after a hit that reject it: "0.0 是错的", "0.0 改成 -inf", "1.0 is wrong".
REFUTERS = _words(
    r"""
    是错的 是错误的 错了 不对 不行 不正确 不成立 行不通 不可以 改成 改为 换成 替换 \bis\s(?:wrong|incorrect)
    \b(?:does|do|will|would)(?:\snot|n't)\swork \bfails?\b \bchanged?\sto\b
    只在 只有在 只对 \bonly\s(?:when|if|for)\b
    \breplaced?\s(?:by|with)\b
    """
)
# Words later in the sentence that judge a hit as producing a wrong result: "保持 0.0 会得到错误的最大值".
LATER_REFUTERS = _words(
    r"""
    (?<!不)(?<!不会)(?<!没)(?<!没有)(?:错误|出错|错了|失败) (?<!not\s)(?<!n't\s)(?:\bwrong\b|\bincorrect\b|\bbug\b|\bfail(?:s|ed)?\b)
    带偏 (?<!不)(?<!不会)(?<!没)(?<!没有)(?:偏大|偏小) 每行多 ❌ ✗ 也不对 是错的
    其实不是 其实不对 并不对 并不是这样 这不对 这是错的 是误解 不成立 \bthat'?s\s(?:wrong|not\strue)\b \bis\sa\smyth\b
    """
)
# Markers of a conditional or counterfactual: the clause describes what would go wrong, not a claim.
# An experiment ("故意用 0.0 跑 max"), a counterexample and a belief given up ("本来以为…") are no claim either.
# 要是 ends 主要是 / 需要是 / 重要的是 too, which state a claim ("本课不用单遍主要是性能", not-blind v23 l6v23-q3-023).
HYPOTHETICALS = _words(
    r"""
    如果 若(?!干) 假如 假设 假若 倘若 (?<![主需重想首紧必])要是 万一 一旦 的话 否则 不然 误设 误用 错设 错用 \bif\b \bsuppose\b \bassum(?:e|ing)\b
    \botherwise\b \bwithout\b \bwere\sto\b \bhad\swe\b \bwrongly\b \bmistakenly\b
    (?<![否规原准法细守总章通实正])则 故意 试的时候 试了一下 做实验 实验时 反例 \bon\spurpose\b \bdeliberately\b \bcounter-?example\b
    本来以为 原以为 原先以为 一开始以为 起初以为 以前以为 我以为 \bi\s(?:first\s)?thought\b \bi\sused\sto\sthink\b
    (?:一开始|起初|最初|本来|原本)\s*(?:我)?\s*(?:想|打算|准备)
    (?:常见的?|典型的?)\s*(?:错误|误解|误区|错觉)\s*(?:是|就是)?
    \b(?:a\s)?(?:common|typical)\s(?:mistake|misconception|misunderstanding)\sis\b
    """
)
# 则 is the conditional's 'then', not the end of a word (规则, 原则, 准则, 法则, 细则, 守则, 总则, 章则, 通则, 实则: "对账规则允许
# 尾差，所以我把 atol 改成了 1e-4", lesson 7 blind v262 l7v262-ex-017, read as a condition and its veto lost; 正则: "因为 eps 的
# 正则化作用所以…", lesson 6 blind v271 l6v271-q3-015, a claim two misconceptions had to mark counterfactual to be read).
# The last three lines: a plan given up ("一开始想过放宽容差，但…没有动检查") and a belief named as a common
# mistake are reported, not held; first read by one lesson each, they hold in every lesson.
# Causal connectives: a concept that states a reason only counts inside a sentence with one of these.
# 依据 before a colon heads the grounds of a lab report's 结论 (lesson 6 blind v129 l6v129-q2-020), as 理由 does.
CAUSAL_CUES = _words(
    r"""
    因为 所以 (?<![即假])使(?!用) (?<![不别])让 否则 因此 由于 导致 从而 于是 以便 为了 不然 既然 故(?!意|障) 原因 才能 保证 确保 这样 \bbecause\b \bso\b
    \bsince\b \botherwise\b \btherefore\b \bhence\b \bthus\b \bwould\b \bdue\sto\b \bensures?\b
    \bthereby\b \bas\sa\sresult\b \bwhich\smeans\b \bin\sorder\sto\b \b(?:that'?s|which\sis)\swhy\b
    → => ⇒ ∴ ∵ 理由 \bwhich\sis\swhy\b 依据(?=\s?:)
    """
)


@dataclass(frozen=True)
class Language:
    """The word lists that decide negation, hypotheticals and causality; a rubric may extend them."""

    negators: tuple[str, ...] = tuple(NEGATORS)
    refuters: tuple[str, ...] = tuple(REFUTERS)
    later_refuters: tuple[str, ...] = tuple(LATER_REFUTERS)
    hypotheticals: tuple[str, ...] = tuple(HYPOTHETICALS)
    cues: tuple[str, ...] = tuple(CAUSAL_CUES)

    def extended(self, **extra: list[str]) -> Language:
        """A copy with each named list extended by the given regex fragments."""
        return replace(self, **{name: getattr(self, name) + tuple(words) for name, words in extra.items()})


DEFAULT_LANGUAGE = Language()


# A space between two Chinese characters is a pause (students on phones type it for a comma): "不去读显存
# 直接填 0" denies the read, not the fill. 然后 ("and then") opens the next step of a run-on without commas:
# in "仅静态审查宿舍电脑跑不了然后…然后实测带宽大概 2650 GB/s" the 不 denies the run, not the measurement
# (lesson 6 blind v263 l6v263-ex-009).
_NEGATION_STOP = re.compile(r"[,;、→⇒(¦]|--|=>|然后|\)\s*(?=\S)|(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])")
# "and" before a new pronoun subject starts a clause of its own: in "tl.load never touches memory for them and they
# simply get other" the never denies the access, not the value (lesson 7 blind v148 l7v148-q1-010, read whole once
# wrapped English lines were joined).
_AND_NEW_SUBJECT = re.compile(r"\band\s+(?=(?:they|it|we|you|i)\s+[a-z])")
# "没有 other 的 lane 是未定义值": a copula after an existential 没有/无 starts a new predicate.
# "没有任何检查是跑出来的" (no check at all was run) denies what follows: a quantifier, not a modifier (lesson 7 blind
# v136 l7v136-ex-017).
_EXISTENTIAL_SCOPE = re.compile(
    r"(?:没有|没(?!有)|无)(?!\s*(?:是|为|任何|一个|一项|一条))[^是]*(?<![不没])是"
)
# A short quoted word before 的 is named, not asserted: in '本该"不存在"的 lane 变成了 -3.5' the 不 denies nothing
# (lesson 6 blind v70 l6v70-q1-013).
_QUOTED_ATTRIBUTE = re.compile(r'"[^"]{1,8}"\s*的')
# A place named by what it lacks ("没有布样的位置从 0 变成 −mean", "无数据的格子") is a noun, not a denial: its 没有 says which
# places, and the predicate after them stands (lesson 6 blind v182 l6v182-q1-009 lost its −mean stage).
_PRIVATIVE_PLACE = re.compile(
    r"(?:没有|没(?!有)|无)(?!\s*(?:是|为|任何))[^,;:。的]{1,8}的\s*(?:位置|格子|格|lanes?|列|地方|点位|点|槽位|槽|空位|元素)"
)
# A condition that holds its own negator ("不 mask 时方差多出 …", "没有再 mask 的话 …") ends at 时 / 的话: its 不 says
# when, it denies nothing after it (blind v25 l6v25-q1-004). A denied copula or modal ("不是在 load 时读显存") is
# no such condition.
_NEGATED_CONDITION = re.compile(
    r"(?:不|没有?|未)(?!是|会|能|在|一定)[^,;:。]{1,16}?(?:的时候|时候|时|的话)\s*"
)
# A causal marker starts a new clause: in "不改变结果是因为 softmax 是线性的" the 不 denies the
# conclusion, not the premise after 是因为. A marker that is itself denied ("不是因为 B") keeps it.
_CAUSAL_STOP = re.compile(r"是因为|因为|由于|所以|因此|\bbecause\b|\bsince\b|\btherefore\b")


def is_negated(
    sentence: str,
    start: int,
    end: int,
    lang: Language = DEFAULT_LANGUAGE,
    *,
    refute=True,
    consequences=False,
) -> bool:
    """Whether the hit sentence[start:end] is denied inside its clause ("不是 0.0", "0.0 是错的").

    A contrast word ends a negator's reach, so in "不是 0.0 而是 -inf" only `0.0` is denied. Refuters
    after the hit ("0.0 是错的", "…会得到错误结果") only apply to misconceptions (`refute=True`): the
    sentence that states a concept does not also judge it. With `consequences` (a claimed wrong
    chain, not a value), a later refuter in the clause a causal marker opens after the hit is the
    claim's own consequence ("padding 也被减了 mean²，所以方差偏小"), not its refutation.
    """
    clause_start, clause_end = clause_around(sentence, start)
    # A separator inside brackets still ends a negator's reach: in "不读显存，填 other(0.0，加法单位元)"
    # the 不 denies the read, not the identity; an opening bracket too: "不改变对方(x+0=x)".
    before = _NEGATION_STOP.split(_from_new_subject(sentence, clause_start, start))[-1]
    contrasts = list(CONTRAST.finditer(before))
    if contrasts:
        before = before[contrasts[-1].end() :]
    before = _EXISTENTIAL_SCOPE.split(before)[-1]
    before = _NEGATED_CONDITION.split(before)[-1]
    before = _QUOTED_ATTRIBUTE.sub(" ", before)
    before = _PRIVATIVE_PLACE.sub(" ", before)
    before = _after_cause(before, any_of(lang.negators))
    if any_of(lang.negators).search(before):
        return True
    if not refute:
        return False
    after = sentence[end : min(clause_end, end + 12)]
    if any_of(lang.refuters).search(after):
        return True
    later = any_of(lang.later_refuters).finditer(sentence, end)
    return any(not (consequences and claims_own_result(sentence, start, end, m)) for m in later)


def _from_new_subject(sentence: str, clause_start: int, start: int) -> str:
    """The clause's text before the hit, from its last "and <pronoun>" on (the pronoun may open the hit itself)."""
    ends = [m.end() for m in _AND_NEW_SUBJECT.finditer(sentence, clause_start) if m.end() <= start]
    return sentence[ends[-1] if ends else clause_start : start]


def _after_cause(before: str, negators: re.Pattern) -> str:
    """The part of `before` after its last causal marker, unless a negator stands right before that
    marker ("不是因为", "not because"): then the whole text, so the denial still reaches the premise."""
    causes = list(_CAUSAL_STOP.finditer(before))
    if not causes:
        return before
    last = causes[-1]
    if marker_denied(before[max(0, last.start() - 4) : last.start()], negators):
        return before
    return before[last.end() :]


# A negator that denies the causal marker after it stands right before it, with at most a copula or a modal
# between ("不是因为", "并非由于", "不会导致", "not because", "doesn't ensure"). One a word earlier belongs to its
# own predicate: "均值没问题因为 0 不影响和" (no comma typed) states the reason; its 没 denies nothing of it.
_MARKER_DENIAL = re.compile(
    r"(?:不|没有?|非|并非|并不|未|别)\s*(?:是|会|能|一定|只是|单纯是|仅仅是|完全是|必然|就)?\s*$"
    r"|(?:\bnot|n't|\bnever)\s*(?:just\s+|only\s+|simply\s+|merely\s+)?$"
)


def marker_denied(window: str, negators: re.Pattern) -> bool:
    """Whether the text right before a causal marker (`window`) denies the marker itself."""
    return bool(negators.search(window)) and bool(_MARKER_DENIAL.search(window))


def is_hypothetical(sentence: str, start: int, lang: Language = DEFAULT_LANGUAGE, premises=()) -> bool:
    """Whether the clause holding `start`, or the clause just before it, is a conditional.

    The clause before counts because a condition governs its consequence: in "如果不加 mask，这些 lane
    会读到下一行" the hit sits in the second clause. `premises` are the question's own condition
    ("若归约是 max"): restating it is not a hypothetical, so "若归约是 max，other 还是 0.0" is a claim.
    """
    spans = clause_spans(sentence)
    index = next(i for i, (a, b) in enumerate(spans) if a <= start <= b)
    scope = sentence[spans[max(0, index - 1)][0] : spans[index][1]]
    if premises:
        scope = any_of(tuple(premises)).sub(lambda m: " " * len(m.group(0)), scope)
    return bool(any_of(lang.hypotheticals).search(scope))


def has_cue(text: str, lang: Language = DEFAULT_LANGUAGE) -> bool:
    """Whether `text` holds a causal connective."""
    return bool(any_of(lang.cues).search(text))
