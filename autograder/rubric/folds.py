"""What `normalize` folds before any pattern reads an answer: typing slips.

A fold of autograder/rubric/textnorm.py's normalize, kept apart because it is a table that grows with what
blind sets show students write: IME homophones of the lessons' key terms (密次 for 幂次, 天 for 填 before a
value), Taiwan vocabulary, and a word corrected at once in brackets. Numbers in words are numerals.py's fold.
"""

from __future__ import annotations

import re

# Pinyin-IME homophones of the lesson's key terms (密次 for 幂次): the idea is right, the keystroke wrong.
_TYPOS = {
    "密次": "幂次",
    "单为元": "单位元",
    "单位圆": "单位元",
    "掩马": "掩码",
    "眼码": "掩码",
    "但位元": "单位元",
    "放差": "方差",
    "方查": "方差",
    "树字": "数字",
    "相剪": "相减",
    "抵销": "抵消",
    "田充": "填充",
    "球和": "求和",
    "寄存气": "寄存器",
    "记存器": "寄存器",
    "篇大": "偏大",
    "篇小": "偏小",
    "原素": "元素",
    "分木": "分母",
    "指树": "指数",
    "因位": "因为",
    # Pinyin-IME slips of lessons 6 and 7 blind v34 (l6v34-q1-015, l7v34-q1-021): none of them a word in a kernel's story.
    "锁以": "所以",
    "醉大": "最大",
    "基存器": "寄存器",
    "线存": "显存",
    "规约": "归约",
    "均植": "均值",
    # Lesson 6 blind v54 (l6v54-q1-017, '除以 N 军值是对的'): not a word of any kernel's story.
    "军值": "均值",
    # Lesson 6 blind v55 (l6v55-q1-001, '方差会偏打'): 偏打 is no word.
    "偏打": "偏大",
    # Lesson 6 blind v68 (l6v68-q1-017, '天充的是 0', '算方插之前'): neither 天充 nor 方插 is a word.
    "天充": "填充",
    "方插": "方差",
    # Lesson 6 blind v85 (l6v85-q1-008, '方茬就偏大了'): 方茬 is no word.
    "方茬": "方差",
    # Taiwan's words for the lesson's terms (t2s converts the characters, not the vocabulary).
    "变异数": "方差",
    "资料": "数据",
    "暂存器": "寄存器",
    "溢位": "溢出",
    "记忆体": "内存",
    # Lesson 7 blind v268 l7v268-q3-014 ('受記憶體頻寬限制', '搬的位元組數').
    "频宽": "带宽",
    "位元组": "字节",
    # Algebra's other names for the identity element (lesson 7 blind v28 l7v28-q1-009: 'max 的幺元是 −∞').
    "幺元": "单位元",
    "恒等元": "单位元",
    # 实测 / 预测 typed with 侧 (the same shi/ce keys): neither 实侧 nor 预侧 is a word.
    "实侧": "实测",
    "预侧": "预测",
    # Lesson 7 blind v250 l7v250-ex-016 ('改成付无穷就过了') and v251 l7v251-ex-007 ('检去最大直'): neither is a word.
    "付无穷": "负无穷",
    "检去": "减去",
    # Lesson 7 blind v267 l7v267-q1-016 ('所已两次都跟没有它一样'): 所已 is no word.
    "所已": "所以",
    # Lesson 6 blind v276 l6v276-q3-006 ('方岔算出来不对'): 方岔 is no word; nor is 类加 (v277 l6v277-q2-001, '类加的时候').
    "方岔": "方差",
    "类加": "累加",
}
_TYPO_RE = re.compile("|".join(map(re.escape, _TYPOS)))
# Homophones that are also parts of real words: folded only where the context leaves no doubt. 天 for 填
# right before a value or a kernel name ("天成 0.0", "divisor 天 n_cols", "天的是0"), never in 今天/每天
# or after a count ("3 天"); 均直 for 均值 outside 平均直径; 方叉 for 方差; 单位原 for 单位元 but not 单位原则; 真是
# for 真实 before what is real.
# What follows a divide (a count, a size, a number): where 出以 and 处以 are read as 除以.
_DIVISOR_AHEAD = r"block|n\b|n_cols|\d|真实|实际|个数|元素|列数"
_CONTEXT_TYPOS = (
    (
        re.compile(
            r"(?<![今昨明前后每几一两二三半整当白春夏秋冬晴雨聊哪第\d])(?<!\d\s)天"
            r"(?=\s*(?:成|的是|的|了|入|充|上|进|为)?\s*(?:[-+]?\d|[a-z_]|负|零))"
        ),
        "填",
    ),
    (re.compile(r"(?<!平)均直(?!径|线|角)"), "均值"),
    (re.compile(r"方叉"), "方差"),
    # 剪 (cut) for 减 only as the step "先剪均值", "再剪去".
    (re.compile(r"(?<=[先再])剪(?=\s*(?:均|mean|去|掉))"), "减"),
    # 剪 after two numbers ("两个很大的数剪一下", lesson 6 blind v276 l6v276-q3-006), never 剪一下头发.
    (re.compile(r"(?<=数)剪(?=\s*一下)"), "减"),
    # 平放 (lay flat) and 开放 (open) are words: read as 平方 / 开方 only beside a step of the arithmetic ("再平放",
    # "平放之后", "开放得到 nan", "加在开放之前").
    # 平放和 and 设入 before what rounding does (lesson 6 blind v277 l6v277-q2-001, '平放和很容易一出成 inf', '小的项也会被设入掉'), never
    # 平放和竖放 or 假设入参.
    (
        re.compile(
            r"(?<=[再先要])平放|(?<=的)\s*平放(?![在着])|平放(?=\s*(?:之后|以后|后|求和|再|的和|和(?![竖立侧])))"
        ),
        "平方",
    ),
    (re.compile(r"(?<!假)设入(?=\s*(?:掉|了|误差))"), "舍入"),
    # 平房 (a bungalow) for 平方 after a value squared ("多加一个 mean 的平房"), 求合 for 求和 after a step ("再求合").
    # Before its mean too (lesson 6 blind v276 l6v276-q3-006, '平房的平均是 1e8'), never 平房仓 (a granary's store).
    (re.compile(r"(?<=的)\s*平房|平房(?=\s*(?:之后|以后|后|求和|再|的和|和|的?\s*(?:平均|均值)))"), "平方"),
    (re.compile(r"(?<=[再先要])求合|求合(?=\s*(?:之后|以后|后|时|的时候|前|之前|里|中))"), "求和"),
    (
        re.compile(
            r"(?<=[再先要])开放|开放(?=\s*(?:得到|得\s*nan|之前|之后|以前|以后|前|后|会|时|出|的时候|运算))"
        ),
        "开方",
    ),
    # 真是 for 真实 before what is real ("真是的元素只有 N 个"), never the exclamation "真是的，…".
    (re.compile(r"真是(?=的?\s*(?:元素|数据|值|个数|长度|列数|列|数(?!字)|lanes?|样本))"), "真实"),
    (re.compile(r"单位原(?!则|来|因|本|先|始|理)"), "单位元"),
    # 单位员 for 单位元 outside 单位员工 (lesson 6 blind v54 l6v54-q1-017, '0 是加法的单位员').
    (re.compile(r"单位员(?!工)"), "单位元"),
    # 经度 (longitude) for 精度, 初一 (a date) for 除以, 均指 (all mean) for 均值, only where the arithmetic follows
    # ("fp16 的经度不够", "初一 BLOCK_SIZE", "均指会变小"; lesson 6 blind v30 l6v30-q2-017).
    (re.compile(r"经度(?=\s*(?:不够|不足|太低|低|更高|高|损失|丢|有限|只有))"), "精度"),
    (re.compile(r"初一(?=\s*(?:block|n\b|n_cols|\d|真实|个数|元素))", re.IGNORECASE), "除以"),
    # 出以 for 除以 before the count it divides by (lesson 6 blind v85 l6v85-ex-005, '要出以真实的列数'), never 溢出以后.
    (re.compile(rf"(?<![超溢突输演指跳])出以(?=\s*(?:{_DIVISOR_AHEAD}))", re.IGNORECASE), "除以"),
    # 处以 (to sentence) for 除以 before a count or zero, 复数 (complex) for 负数 as what is guarded against or what the variance may
    # be (lesson 6 blind v276 l6v276-q3-006, 'eps 是防止处以 0', 'tl.maximum 是防复数的', '还可能是复数').
    (re.compile(rf"处以(?=\s*(?:{_DIVISOR_AHEAD}|零))", re.IGNORECASE), "除以"),
    (re.compile(r"(?:(?<=防)|(?<=防止)|(?<=可能是)|(?<=变成))复数"), "负数"),
    (re.compile(r"(?<!平)均指(?=\s*(?:会|就|偏|变|被|不对|错|=))"), "均值"),
    # 最大直 for 最大值 outside 最大直径; 平一 for 平移 before what the shift leaves unchanged (lesson 7 blind v29 l7v29-q2-021).
    (re.compile(r"最大直(?!径|线|角|接)"), "最大值"),
    (re.compile(r"平一(?=\s*(?:不改变|不变|不影响|不会改变))"), "平移"),
    # 一出 for 溢出 after a modal ("fp16 会一出", "容易一出"), never "一出错就…" or "一出现".
    (re.compile(r"(?<=会|要|易|能|就|怕)一出(?!错|现|来|去|门|戏|手|问题|事|场|发|口|生)"), "溢出"),
    # 一出 after exp, 接过 (took over) before what stays unchanged, 因未 before what the clause is about (lesson 7 blind v250
    # l7v250-ex-016, '防止 exp 一出，接过不变'; '因未 28 个 padding lane 都进了分木').
    (re.compile(r"(?:(?<=exp\s)|(?<=exp))一出(?!错|现|来|去|问题|事)"), "溢出"),
    (re.compile(r"接过(?=\s*(?:不变|不会变|没变|一样))"), "结果"),
    # 因未 before the real values too (lesson 6 blind v276 l6v276-q2-004, '因未真是的数只有 N 个'), never 因未实际运行.
    (
        re.compile(r"(?:^|(?<=[,;:。，；：\s]))因未(?=\s*(?:\d|[a-z_]|它|这|那|真实的?\s*(?:数|元素|值)))"),
        "因为",
    ),
    # 事 for 是 between an adverb and a value (lesson 7 blind v264 l7v264-q1-021, 'exp之后又事0'), never 就事论事.
    (re.compile(r"(?<=[又就都也还])事(?=\s*(?:[-+]?\d|零|负))"), "是"),
    # 田 for 填 before a value, as 天 above ('田负无穷的话', '如果田0.0'), never in a field's name (农田, 油田); 付数 for 负数 after
    # 全是 or 都是 ('一行全是付数的时候', l7v267-q1-016), never 支付数额.
    (
        re.compile(
            r"(?<![农水种稻油麦瓜良盐煤气庄菜桑心井梯屯丹])田(?=\s*(?:成|的是|了|入|为)?\s*(?:[-+−]?\d|负|零|float|-inf))"
        ),
        "填",
    ),
    (re.compile(r"(?:(?<=[全都])|(?<=[全都][是为]))付数(?![据额字])"), "负数"),
)


# A key term the student mistyped and corrects at once in brackets, the second character kept ("访存首限（受限）", "不会一出
# （溢出）": an IME homophone and its fix). Only into a key term of the course: a gloss of a longer word ("单位元（幺元）")
# stays, and so do words that differ by a contrasting first character ("上溢（下溢）", "显存（内存）").
_SELF_FIX = re.compile(r"([\u4e00-\u9fff])([\u4e00-\u9fff])\s*\(\s*([\u4e00-\u9fff])\2\s*\)")
# The same with the first character kept ("访存受线（受限）").
_SELF_FIX_TAIL = re.compile(r"([\u4e00-\u9fff])([\u4e00-\u9fff])\s*\(\s*\1([\u4e00-\u9fff])\s*\)")
_FIX_TERMS = frozenset(
    "溢出 受限 精度 带宽 访存 融合 归约 规约 分母 指数 掩码 单位 平移 越界 舍入 下溢 上溢".split()
)
_CONTRASTING = frozenset("上下前后左右大小正负多少高低长短内外读写加减乘除出入进真假新旧显全半单双先")


def _corrected(match: re.Match, typed: str, fixed: str, term: str) -> str:
    """`term` for the bracketed correction when it is a key term and the two characters do not contrast."""
    if typed == fixed or typed in _CONTRASTING or fixed in _CONTRASTING or term not in _FIX_TERMS:
        return match.group(0)
    return term


def _self_fix(match: re.Match) -> str:
    return _corrected(match, match.group(1), match.group(3), match.group(3) + match.group(2))


def _self_fix_tail(match: re.Match) -> str:
    return _corrected(match, match.group(2), match.group(3), match.group(1) + match.group(3))


def fold_typos(text: str) -> str:
    """Pinyin-IME homophones and Taiwan vocabulary of the lessons' key terms, as the lessons spell them, and a
    two-character word corrected at once in brackets."""
    text = _SELF_FIX.sub(_self_fix, text)
    text = _SELF_FIX_TAIL.sub(_self_fix_tail, text)
    text = _TYPO_RE.sub(lambda m: _TYPOS[m.group(0)], text)
    for pattern, word in _CONTEXT_TYPOS:
        text = pattern.sub(word, text)
    return text
