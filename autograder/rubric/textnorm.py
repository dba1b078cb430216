"""Text normalization for written answers: one canonical spelling per idea, split into sentences and clauses.

Rubric patterns are written against the output of `normalize`, so a pattern never has to know about
full-width digits, Traditional characters, `−` versus `-`, or the dozen ways to write negative infinity.
Whether a hit inside a clause is claimed, denied or only imagined is negation.py's question.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from autograder.rubric.folds import fold_typos
from autograder.rubric.lines import unwrap
from autograder.rubric.numerals import chinese_numerals

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
# character or the end (so `0.0`, `tl.sum` and `x.stride(1)` stay whole). "e.g." and "i.e." end no sentence: "the max
# becomes 0 instead of e.g. -1" is one (lesson 7 blind v285 l7v285-q1-012).
_SENTENCE_END = re.compile(r"[。！？；!?;\n]+|(?<!\be\.g)(?<!\bi\.e)\.(?=\s|[\u3400-\u9fff]|$)")
# A markdown table's cell border (a single "|", not "||") and the mark it becomes.
_TABLE_BORDER = re.compile(r"\s*(?<!\|)\|(?!\|)\s*")
TABLE_CELL = "¦"
# Clause separators at bracket depth 0: keeps `max(x, -inf)` and `(4, 100)` in one clause.
_CLAUSE_SEPARATORS = ",、:" + TABLE_CELL


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
    "tilde": "", "hat": "", "bar": "", "widetilde": "", "widehat": "", "overline": "",
}  # fmt: skip
# "\frac{a}{b}", "\frac1N": a quotient a pattern reads as "(a)/(b)" (blind v25 l6v25-q1-011).
_LATEX_FRAC = re.compile(r"\\[dt]?frac\s*(?:\{([^{}]*)\}|(\w))\s*(?:\{([^{}]*)\}|(\w))")
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
    text = _LATEX_FRAC.sub(lambda m: f"({m.group(1) or m.group(2)})/({m.group(3) or m.group(4)})", text)
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
    # A markdown table's cell border ends a clause: "| 不 mask：mean²；再 mask：0 | 不 mask 时方差多出 … |" is two cells,
    # and the premise of the second is not the first (blind v25 l6v25-q1-004). It gets a mark of its own, so a list
    # rule can still tell a table row (structured cells) from a list of terms typed with commas.
    text = _TABLE_BORDER.sub(f" {TABLE_CELL} ", text).strip()
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
    """Sentences of a text (raw or normalized), without their terminators; empty pieces dropped. A line break
    ends a sentence unless it only wraps one (lines.py)."""
    pieces = _SENTENCE_END.split(unwrap(text))
    return [piece.strip() for piece in pieces if piece and piece.strip()]


def clause_spans(sentence: str, separators: str = _CLAUSE_SEPARATORS) -> list[tuple[int, int]]:
    """(start, end) of each clause: split on `separators` (`,`, `、`, `:`) outside brackets and not between
    digits."""
    spans, depth, start = [], 0, 0
    for i, char in enumerate(sentence):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(0, depth - 1)
        elif char in separators and depth == 0 and not _between_digits(sentence, i):
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
