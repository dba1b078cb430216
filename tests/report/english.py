"""What counts as English leaking into a Chinese page: words outside code font that are not course terms.

The lessons are written in Chinese with their technical terms in English (padding lane, mask, BLOCK,
exp, softmax...), as the source documents are. Those terms, numbers, one-letter variables and
Triton/torch API names may stand in running text; anything else in Latin letters must be in code font
(an identifier, an expression, a diff, an exception's own text) or is a leak: an id such as
``code_normal`` or ``wrong_causal_chain``, an exception name, a status word, an English sentence.
"""

from __future__ import annotations

import html
import re

COURSE_TERMS = frozenset(
    """
    padding lane lanes mask other BLOCK BLOCK_SIZE N M NaN inf exp log max min sum prod mean var rstd
    softmax grid kernel program programs float32 float16 fp32 fp16 bf16 GPU CPU CUDA Triton eps
    tile warp SM Jupyter JSON UTF MB MiB ipynb shift divisor
    """.split()  # the last two: blanks' names, which lessons 6 and 7 use in their prose
)
API = re.compile(r"(tl|torch|triton|math)\.\w+")


def visible_words(markup: str) -> list[str]:
    """Words in Latin letters a reader sees in running text (code and pre blocks left out)."""
    body = markup[markup.find("<body") :] if "<body" in markup else markup
    body = re.sub(r"<(code|pre)>.*?</\1>", " ", body, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", body))
    return re.findall(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_]\w*)*", text)


def bare_english(markup: str, ignore: tuple[str, ...] = ()) -> list[str]:
    """The leaks: words that are neither course terms, one letter, nor API names (``ignore``: a student's name)."""
    return [
        word
        for word in visible_words(markup)
        if word not in COURSE_TERMS and word not in ignore and len(word) > 1 and not API.fullmatch(word)
    ]
