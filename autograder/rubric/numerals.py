"""What `normalize` folds before any pattern reads an answer: numbers and formulas written in words.

A fold of autograder/rubric/textnorm.py's normalize, kept apart because its tables grow with what blind sets
show students write: numbers in Chinese words ("八十八点七二" for 88.72, "e 的零次方" for e^0) and formulas spelled
out ("五 M N 加 二 M"). Typing slips are folds.py's fold.
"""

from __future__ import annotations

import re

# Numbers written in Chinese words ("八十八点七二", "五倍 MN", "e 的零次方"): a pattern reads digits.
_CN_DIGIT = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_CN_UNIT = {"十": 10, "百": 100, "千": 1000, "万": 10000}
_D = "零〇一二两三四五六七八九"
_N = _D + "十百千万"
# A numeral with a magnitude or a decimal point ("一百二十八", "四千零九十六", "十二", "二点零一"); never
# 十分 (very), 百分之, 万一 (in case) or 一点 (a little) without a digit after the 点.
_CN_NUMBER = re.compile(
    rf"(?<![{_N}])(?:(?:[{_D}][十百千万]|十)[{_N}]*|[{_D}]+(?=点[{_D}]))(?:点[{_D}]+)?(?![分{_N}])"
)
# A lone digit word is a number only where a number must stand: before 倍 or a short Latin symbol
# ("五倍", "八 MN"), as an exponent ("的零次方"), or after a comparison or inside a range ("小于等于零，",
# "在零到一之间", "也就是一。").
_CN_LONE = re.compile(
    rf"(?<![{_N}统唯同第逐每单之其])([{_D}])(?=\s*(?:倍|[a-z]{{1,2}}(?![a-z])))"
    rf"|(?<=[等小大于至到乘除是为过超在~=<>≤≥(\s])([{_D}])(?=\s*(?:[,.;:)。!?]|$|到|之间|次方))"
    rf"|(?<=的)([{_D}])(?=次方)"
)


def _cn_integer(text: str) -> int:
    total, section, digit = 0, 0, 0
    for char in text:
        if char in _CN_DIGIT:
            digit = _CN_DIGIT[char]
        elif char == "万":
            total, section, digit = (total + section + digit) * 10000, 0, 0
        else:
            section += (digit or 1) * _CN_UNIT[char]
            digit = 0
    return total + section + digit


def _cn_number(text: str) -> str:
    whole, _, fraction = text.partition("点")
    if len(whole) > 1 and all(c in _CN_DIGIT for c in whole):
        value = "".join(str(_CN_DIGIT[c]) for c in whole)  # read digit by digit: "二零二六"
    else:
        value = str(_cn_integer(whole))
    return value + ("." + "".join(str(_CN_DIGIT[c]) for c in fraction) if fraction else "")


# A formula's products and sums spelled out ("五 M N 加 二 M", "5 M×N", "(八 M N 加 四 M) 除以 (二 M N)"): the
# shape symbols M and N side by side are the product mn, and 加 / 除以 between terms that hold them are + and /.
# Only M and N, the lessons' matrix shape: "x 加 0", "除以 n_cols" and "加 1e-5" stay words.
_MN_PRODUCT = re.compile(r"(?<![a-z_'.])m\s*(?:[×*·]|乘以?|\s)\s*n(?![a-z0-9_(])")
_MN_TERM = r"\(?\s*\d*\s*mn?(?![a-z0-9_])"
_MN_LEFT = r"(?:(?<=mn)|(?<=[\d)])|(?<=m)(?<![a-z_]m))"
_MN_PLUS = re.compile(rf"{_MN_LEFT}\s*加上?\s*(?={_MN_TERM})")
_MN_OVER = re.compile(rf"{_MN_LEFT}\s*除以\s*(?=\(?\s*\d*\s*mn(?![a-z0-9_]))")
# A whole count times the shape symbols in code ("5*M*N + 2*M", "(8*M*N + 4*M) / (2*M*N)"): 5mn, 2m, as written by hand.
_MN_COUNT = re.compile(r"(?<![a-z0-9_.])(\d+)\s*[*×·]\s*(?=mn?(?![a-z0-9_(]))")

_EXPONENT = re.compile(
    r"(?<![a-z0-9_.^])(e|\d+(?:\.\d+)?)\s*的\s*(-?\s*(?:[a-z]|\d+(?:\.\d+)?|[+-]inf)|\([^()]{1,24}\))\s*次方"
)


def chinese_numerals(text: str) -> str:
    """Numbers in Chinese words as digits ("八十八点七二" → 88.72, "五倍 mn" → 5mn); then formulas in words:
    "X 的 Y 次方" → X^Y, "负 m" → -m, "3.4 乘 10" → 3.4×10."""
    if re.search(rf"[{_N}]", text):
        text = _CN_NUMBER.sub(lambda m: _cn_number(m.group(0)), text)
        text = _CN_LONE.sub(lambda m: str(_CN_DIGIT[next(g for g in m.groups() if g)]), text)
    text = re.sub(r"(?<![a-z0-9_.])(\d+(?:\.\d+)?)\s*倍\s*([a-z]{1,2})(?![a-z])", r"\1\2", text)
    text = re.sub(r"负(?=\s*(?:[a-z](?![a-z])|\d))", "-", text)
    text = re.sub(r"(?<=\d)\s*乘以?\s*(?=\d)", "×", text)
    if "m" in text:
        text = _MN_OVER.sub(" / ", _MN_PLUS.sub(" + ", _MN_COUNT.sub(r"\1", _MN_PRODUCT.sub("mn", text))))
    return _EXPONENT.sub(
        lambda m: f"{m.group(1)}^" + m.group(2).replace("减", "-").replace("加", "+").replace(" ", ""), text
    )
