"""Text normalization for written answers: one canonical spelling per idea, split into sentences and clauses.

Rubric patterns are written against the output of `normalize`, so a pattern never has to know about
full-width digits, Traditional characters, `−` versus `-`, or the dozen ways to write negative infinity.
The negation and hypothetical checks live here too: they decide whether a pattern hit is something the
student claims, or something the student rejects or only imagines ("不是 0.0", "如果用 0.0 会…").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache

from autograder.rubric.folds import chinese_numerals, fold_typos

# Every Unicode hyphen, dash and minus a student's keyboard or IME may produce.
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2796\ufe58\ufe63\uff0d\u02d7"
_DASH_RE = re.compile(f"[{_DASHES}]")
_SPACED_DASH = re.compile(r"\s[\u2014\u2015]\s(?!\s*(?:[\d.∞]|inf))", re.IGNORECASE)
# Curly quotes survive NFKC; patterns such as `n't` and `float('inf')` expect the ASCII ones.
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})

# Infinity spelled as code, maths or words. Signs are folded so that `-float('-inf')` reads as `+inf`.
_SIGN = r"(?:[+-]\s*)*"
_INF_FORMS = [
    rf"{_SIGN}(?:float|torch\.tensor|np\.float32|np\.float64)\s*\(\s*['\"]\s*[+-]?\s*inf(?:inity)?\s*['\"]\s*\)",
    rf"{_SIGN}(?:math|torch|np|numpy|tl|cmath)\.inf\b",
    rf"{_SIGN}\binf(?:inity)?\b",
    rf"{_SIGN}∞",
]
_INF_RE = re.compile("|".join(f"(?:{form})" for form in _INF_FORMS))
_WORD_INF = [
    (re.compile(r"负的?\s*(?:无穷|无限)(?:大)?"), "-inf"),
    (re.compile(r"正的?\s*(?:无穷|无限)(?:大)?"), "+inf"),
    (re.compile(r"(?:无穷|无限)大"), "+inf"),
    (re.compile(r"\b(?:negative|minus)\s+inf(?:inity)?\b"), "-inf"),
    (re.compile(r"\bpositive\s+inf(?:inity)?\b"), "+inf"),
]

# Sentence ends: Chinese and ASCII terminators, newlines, and a period that is followed by a space, a CJK
# character or the end (so `0.0`, `tl.sum` and `x.stride(1)` stay whole).
_SENTENCE_END = re.compile(r"[。！？；!?;\n]+|\.(?=\s|[\u3400-\u9fff]|$)")
# Clause separators at bracket depth 0: keeps `max(x, -inf)` and `(4, 100)` in one clause.
_CLAUSE_SEPARATORS = ",、:"


def _words(block: str) -> list[str]:
    """Regex fragments written one per whitespace-separated word (`\\s` stands for a space inside one)."""
    return block.split()


# Words that make a hit something the student rejects. A contrast word ("而是", "but") ends their scope.
NEGATORS = _words(
    r"""
    不(?!仅|但|同|断|少|久|过|论|管|然) 没 无(?!穷|限|论|效|关) 非(?!常) 未(?!来|知) 别 勿 避免 取代 代替 错误地 \bnot\b \bno\b
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
    其实不是 并不是这样 这不对 这是错的 是误解 不成立 \bthat'?s\s(?:wrong|not\strue)\b \bis\sa\smyth\b
    """
)
# Markers of a conditional or counterfactual: the clause describes what would go wrong, not a claim.
# An experiment ("故意用 0.0 跑 max"), a counterexample and a belief given up ("本来以为…") are no claim either.
HYPOTHETICALS = _words(
    r"""
    如果 若(?!干) 假如 假设 假若 倘若 要是 万一 一旦 的话 否则 不然 误设 误用 错设 错用 \bif\b \bsuppose\b \bassum(?:e|ing)\b
    \botherwise\b \bwithout\b \bwere\sto\b \bhad\swe\b \bwrongly\b \bmistakenly\b
    (?<!否)则 故意 试的时候 试了一下 做实验 实验时 反例 \bon\spurpose\b \bdeliberately\b \bcounter-?example\b
    本来以为 原以为 原先以为 一开始以为 起初以为 以前以为 我以为 \bi\s(?:first\s)?thought\b \bi\sused\sto\sthink\b
    """
)
# Causal connectives: a concept that states a reason only counts inside a sentence with one of these.
CAUSAL_CUES = _words(
    r"""
    因为 所以 (?<![即假])使(?!用) (?<![不别])让 否则 因此 由于 导致 从而 于是 以便 为了 不然 既然 故(?!意|障) 原因 才能 保证 确保 这样 \bbecause\b \bso\b
    \bsince\b \botherwise\b \btherefore\b \bhence\b \bthus\b \bwould\b \bdue\sto\b \bensures?\b
    \bthereby\b \bas\sa\sresult\b \bwhich\smeans\b \bin\sorder\sto\b \b(?:that'?s|which\sis)\swhy\b
    → => ⇒ 理由 \bwhich\sis\swhy\b
    """
)


@lru_cache(maxsize=1)
def _t2s():
    import opencc  # deferred: the converter loads its dictionaries at construction

    return opencc.OpenCC("t2s")


def _fold_sign(signs: str) -> str:
    return "-" if signs.count("-") % 2 else "+"


def _canonical_inf(match: re.Match) -> str:
    text = match.group(0)
    inner = re.search(r"['\"]\s*([+-]?)\s*inf", text)
    # The outer signs are everything before the first letter or ∞; the inner one sits inside quotes.
    outer = re.match(r"[+\-\s]*", text).group(0)
    return _fold_sign(outer + (inner.group(1) if inner else "")) + "inf"


def canonical_infinity(text: str) -> str:
    """Rewrite every spelling of ±infinity in lower-case text as `+inf` or `-inf`."""
    for pattern, token in _WORD_INF:
        text = pattern.sub(token, text)
    return _INF_RE.sub(_canonical_inf, text)


# LaTeX that students paste from their notes: `$\max(x,-\infty)=x$` must read as `max(x,-inf)=x`.
_LATEX_SYMBOLS = {
    "infty": "inf", "neq": "≠", "ne": "≠", "leq": "<=", "le": "<=", "geq": ">=", "ge": ">=", "lt": "<",
    "gt": ">", "forall": "任意", "cdot": "*", "times": "×", "ldots": "...", "cdots": "...", "dots": "...",
    "to": "→", "rightarrow": "→", "implies": "⇒", "Rightarrow": "⇒", "in": "∈", "lceil": "", "rceil": "",
    "lfloor": "", "rfloor": "", "left": "", "right": "", "quad": " ", "qquad": " ",
}  # fmt: skip
_LATEX_WRAPPER = re.compile(r"\\(?:text|mathrm|operatorname|mathbf|mathit|texttt|mathbb)\s*\{([^{}]*)\}")
_LATEX_COMMAND = re.compile(r"\\([a-zA-Z]+)|\\[,;:! ]")
_LATEX_GROUP = re.compile(r"([_^])\{([^{}]*)\}")
# A word character next to a Chinese one: `\b` in a pattern sees no boundary in "-inf比" or "max跟".
_SCRIPT_JOIN = re.compile(r"(?<=[\u3400-\u9fff])(?=[a-z0-9_])|(?<=[a-z0-9_])(?=[\u3400-\u9fff])")


def _latex(text: str) -> str:
    """Plain maths for LaTeX markup: commands to their symbol or name, groups unwrapped, `$` dropped."""
    if "\\" not in text and "$" not in text:
        return text
    text = _LATEX_WRAPPER.sub(r"\1", text)
    text = _LATEX_COMMAND.sub(
        lambda m: _LATEX_SYMBOLS.get(m.group(1), m.group(1)) if m.group(1) else " ", text
    )
    text = _LATEX_GROUP.sub(r"\1\2", text)
    return text.replace("$", " ").replace("\\{", "{").replace("\\}", "}")


def normalize(text: str) -> str:
    """NFKC, LaTeX to plain maths, Traditional to Simplified, lower case, one dash, canonical infinity,
    IME typos of key terms fixed, numbers in Chinese words as digits, a space between Chinese and Latin
    script, single spaces."""
    # A full-width comma always separates clauses, even between digits ("填 0，1 是乘法的单位元").
    text = _latex(unicodedata.normalize("NFKC", (text or "").replace("\uff0c", ", ")))
    # Markdown code marks carry no meaning: "`other` = 0" is "other = 0" (a pattern reads `other\s*=`).
    text = text.replace("`", "")
    # A spaced em dash is a pause, as the Chinese "——" is: "We can't just do X — the shape is fixed" must
    # not carry the "can't" past it. An en dash ("BLOCK – N") or a dash before a number or infinity stays a minus.
    text = _SPACED_DASH.sub(" -- ", text)
    text = _t2s().convert(text).lower().replace("∀", "任意")
    text = _DASH_RE.sub("-", text).translate(_QUOTES)
    text = re.sub(r"(?<![<-])-+>", "→", text)  # "a -> b" is the arrow "a → b" typed in ASCII
    text = chinese_numerals(canonical_infinity(fold_typos(text)))
    text = _SCRIPT_JOIN.sub(" ", text)
    return re.sub(r"[ \t\u3000]+", " ", text).strip()


def split_sentences(text: str) -> list[str]:
    """Sentences of a text (raw or normalized), without their terminators; empty pieces dropped."""
    pieces = _SENTENCE_END.split(text or "")
    return [piece.strip() for piece in pieces if piece and piece.strip()]


def clause_spans(sentence: str) -> list[tuple[int, int]]:
    """(start, end) of each clause: split on `,`, `、`, `:` outside brackets and not between digits."""
    spans, depth, start = [], 0, 0
    for i, char in enumerate(sentence):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(0, depth - 1)
        elif char in _CLAUSE_SEPARATORS and depth == 0 and not _between_digits(sentence, i):
            spans.append((start, i))
            start = i + 1
    spans.append((start, len(sentence)))
    return spans


def _between_digits(text: str, i: int) -> bool:
    return 0 < i < len(text) - 1 and text[i - 1].isdigit() and text[i + 1].isdigit()


def clause_around(sentence: str, position: int) -> tuple[int, int]:
    """The clause span of `sentence` that holds the character at `position`."""
    for start, end in clause_spans(sentence):
        if start <= position < end or position == end:
            return start, end
    return 0, len(sentence)


@lru_cache(maxsize=128)
def any_of(words: tuple[str, ...]) -> re.Pattern:
    """One compiled alternation of regex fragments (cached: word lists are fixed per rubric)."""
    return re.compile("|".join(f"(?:{word})" for word in words))


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
# 直接填 0" denies the read, not the fill.
_NEGATION_STOP = re.compile(r"[,;、→⇒(]|--|=>|\)\s*(?=\S)|(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])")
# "没有 other 的 lane 是未定义值": a copula after an existential 没有/无 starts a new predicate.
_EXISTENTIAL_SCOPE = re.compile(r"(?:没有?|无)(?!\s*(?:是|为))[^是]*(?<![不没])是")
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
    before = _NEGATION_STOP.split(sentence[clause_start:start])[-1]
    contrasts = list(CONTRAST.finditer(before))
    if contrasts:
        before = before[contrasts[-1].end() :]
    before = _EXISTENTIAL_SCOPE.split(before)[-1]
    before = _after_cause(before, any_of(lang.negators))
    if any_of(lang.negators).search(before):
        return True
    if not refute:
        return False
    after = sentence[end : min(clause_end, end + 12)]
    if any_of(lang.refuters).search(after):
        return True
    later = any_of(lang.later_refuters).finditer(sentence, end)
    return any(not (consequences and _consequence(sentence, end, m.start())) for m in later)


# Markers that open a consequence of what precedes them ("…，所以方差偏小", "→ 结果错误").
_CONSEQUENCE = re.compile(r"所以|因此|因而|从而|于是|导致|使得|以致|→|=>|⇒|so|therefore|hence|thus")


def _consequence(sentence: str, end: int, at: int) -> bool:
    """Whether the text at `at` lies in a clause that a causal marker after `end` opens: the claim's
    own consequence. A verdict in a clause of its own ("…，这是错的") is none."""
    markers = list(_CONSEQUENCE.finditer(sentence, end, at))
    if not markers:
        return False
    return not any(char in _CLAUSE_SEPARATORS + "。" for char in sentence[markers[-1].end() : at])


def _after_cause(before: str, negators: re.Pattern) -> str:
    """The part of `before` after its last causal marker, unless a negator stands right before that
    marker ("不是因为", "not because"): then the whole text, so the denial still reaches the premise."""
    causes = list(_CAUSAL_STOP.finditer(before))
    if not causes:
        return before
    last = causes[-1]
    if negators.search(before[max(0, last.start() - 4) : last.start()]):
        return before
    return before[last.end() :]


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
