"""Line breaks inside a sentence: an editor's wrap, not the end of a thought.

Markdown renders a single line break as a space, and students wrap prose where their editor does:
"不改变结果是因为分子分母\\n同乘 e^(−m)". Split there, the first half is a premise the rubric cannot know and the
second a sentence with no subject. A break is kept as a sentence end wherever it may be one: after a
terminator, around a list item, heading, table row, quote or code fence, inside a fenced block, beside a line
of code, and after a short line (a heading without its mark, "输入：").
"""

from __future__ import annotations

import re
from itertools import pairwise

# A code fence, and a line no sentence runs into or out of: a heading or comment, table row, quote or fence.
_FENCE = re.compile(r"^\s*(?:```|~~~)")
_STANDALONE = re.compile(rf"{_FENCE.pattern}|^\s*[#|>]")
# A line that begins a block of its own: one of those, a list item, or a labelled step ("输出：store 带 mask",
# "状态 1（tl.max）：", "中间 → tl.max").
_BLOCK_START = re.compile(
    rf"{_STANDALONE.pattern}|^\s*(?:[-*+•·]\s|\d+[.)、](?!\d)|[(（]\d+[)）]|[①-⑳]"
    r"|[^\s,，。:：]{1,10}(?:\s*\d)?(?:\s*[(（][^)）]{0,16}[)）])?\s*(?:[:：]|→|->|=>))"
)
# A line of code: an assignment or a call standing alone ("z = x - row_max", "tl.store(y_ptr, y)").
_CODE = re.compile(
    r"^\s*[a-z_][\w.\[\], ]*\s*[-+*/]?=(?!=)\s*\S|^\s*[a-z_][\w.]*\([^)]*\)\s*$", re.IGNORECASE
)
# A sentence ended inside the line: prose that only opens with an assignment ("other = -inf，…。另外我把…"). Full-width
# marks only, not textnorm's _SENTENCE_END: code ends statements with ASCII ; and calls methods with '.'.
_PROSE_SENTENCE_END = re.compile(r"[。；！？]")
# What a line wrapped in the middle of a clause ends with, and the next one starts with.
_CJK = r"\u3400-\u9fff"
_SEPARATOR_END = re.compile(r"[,，、:：]\s*$")
_CJK_END = re.compile(rf"[{_CJK}]\s*$")
# A full-width bracket closes an aside as an ASCII one does ("并行度是朴素实现（每个 SM 一个 block）\n的 4 倍": lesson 7 blind
# v251 l7v251-q3-011).
_WORD_END = re.compile(r"[a-z0-9)\]）】]\s*$", re.IGNORECASE)
_CJK_START = re.compile(rf"^\s*[{_CJK}]")
# A negative value goes on a wrapped sentence as a digit does ("since we never compute\n-inf - (-inf)": lesson 7 blind
# v283 l7v283-q1-023); a list item's dash has a space after it.
_NEGATIVE = r"[-−](?=inf\b|∞|\d|\()"
_PROSE_START = re.compile(rf"^\s*(?:[{_CJK}a-z0-9(（\"“'‘]|{_NEGATIVE})", re.IGNORECASE)
# English wrapped mid-sentence goes on in lower case ("the lanes with cols >= N are masked\noff, so tl.load …").
_LOWER_START = re.compile(rf"^\s*(?:[a-z0-9]|{_NEGATIVE})")
# A wrapped line fills most of the editor's width; a shorter one without a terminator is a heading or a label.
_WRAP_WIDTH = 24


def unwrap(text: str) -> str:
    """`text` with every line break inside a sentence replaced by a space."""
    lines = (text or "").split("\n")
    out, fenced = [lines[0]], bool(_FENCE.match(lines[0]))
    for previous, line in pairwise(lines):
        if _FENCE.match(line):
            fenced = not fenced
        if not fenced and _continues(previous, line):
            # Chinese is written without spaces: "不读\n显存" is "不读显存", never "不读 显存".
            space = "" if _CJK_END.search(previous) and _CJK_START.match(line) else " "
            out[-1] = f"{out[-1].rstrip()}{space}{line.strip()}"
        else:
            out.append(line)
    return "\n".join(out)


def _continues(previous: str, line: str) -> bool:
    """Whether `line` goes on with the sentence `previous` left open."""
    if not previous.strip() or not line.strip() or _BLOCK_START.match(line):
        return False
    if _STANDALONE.match(previous) or _is_code(previous) or _is_code(line):
        return False
    if _SEPARATOR_END.search(previous):
        return bool(_PROSE_START.match(line))
    if len(previous.strip()) < _WRAP_WIDTH:
        return False
    return bool(_CJK_END.search(previous) and _PROSE_START.match(line)) or bool(
        _WORD_END.search(previous) and (_CJK_START.match(line) or _LOWER_START.match(line))
    )


def _is_code(line: str) -> bool:
    """Whether `line` is a line of code, not prose that opens with one and goes on past a sentence's end."""
    return bool(_CODE.match(line)) and not _PROSE_SENTENCE_END.search(line)
