"""Text normalization: one spelling per idea, sentence and clause splits."""

import pytest

from autograder.rubric.textnorm import clause_spans, normalize, split_sentences


@pytest.mark.parametrize(
    "spelling",
    [
        "-inf",
        "- inf",
        "−inf",
        "-∞",
        "−∞",
        "float('-inf')",
        'float("-inf")',
        "-float('inf')",
        "float('-infinity')",
        "-math.inf",
        "-torch.inf",
        "−np.inf",
        "负无穷",
        "负无穷大",
        "負無窮大",
        "负的无穷大",
        "negative infinity",
        "minus infinity",
    ],
)
def test_negative_infinity_spellings(spelling):
    """Does every spelling of negative infinity become the one token `-inf`?"""
    assert normalize(f"other = {spelling}") == "other = -inf"


@pytest.mark.parametrize(
    "spelling", ["inf", "+inf", "float('inf')", "math.inf", "∞", "正无穷", "positive infinity"]
)
def test_positive_infinity_spellings(spelling):
    """Does every spelling of positive infinity become `+inf`, distinct from `-inf`?"""
    assert normalize(f"other = {spelling}") == "other = +inf"


def test_double_minus_folds_to_plus():
    """Does `-float('-inf')` read as positive infinity, as Python evaluates it?"""
    assert normalize("-float('-inf')") == "+inf"


def test_words_that_start_with_inf_are_left_alone():
    """Do words such as 'infinite' and 'info' survive, so only real infinities are rewritten?"""
    assert normalize("an infinite loop prints info") == "an infinite loop prints info"


def test_full_width_and_traditional_and_case():
    """Are full-width characters, Traditional Chinese and upper case folded to one form?"""
    assert normalize("ＯＴＨＥＲ＝０．０，因為單位元") == "other=0.0, 因为单位元"


def test_dashes_and_curly_quotes():
    """Do en/em dashes, the minus sign and curly quotes become their ASCII forms (a spaced em dash, a pause,
    the Chinese double dash)?"""
    assert normalize("x – y — z − w doesn’t") == "x - y -- z - w doesn't"
    assert normalize("x—y") == "x-y"


def test_sentences_keep_code_and_decimals_whole():
    """Does sentence splitting keep `0.0`, `tl.sum` and `max(x, -inf)` intact?"""
    text = "用 -inf。因为 max(x, -inf) = x. 所以 tl.sum 不变!other=0.0 不行"
    assert split_sentences(text) == ["用 -inf", "因为 max(x, -inf) = x", "所以 tl.sum 不变", "other=0.0 不行"]


def test_period_before_chinese_ends_a_sentence():
    """Does a period directly followed by a Chinese character end the sentence?"""
    assert split_sentences("x + 0 = x.所以不变") == ["x + 0 = x", "所以不变"]


def test_clauses_do_not_split_inside_brackets_or_numbers():
    """Are commas inside brackets and between digits kept out of the clause split?"""
    sentence = "max(x, -inf) = x,shape (4, 100) 有 1,000 行,对"
    clauses = [sentence[a:b] for a, b in clause_spans(sentence)]
    assert clauses == ["max(x, -inf) = x", "shape (4, 100) 有 1,000 行", "对"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (r"$\max(x,-\infty)=x$", "max(x,-inf)=x"),
        (r"$e_{\max}=-\infty$", "e_max=-inf"),
        (r"$\max(\ldots,0)=0\neq-3$", "max(...,0)=0≠-3"),
        (r"$\forall x,\ x+0=x$", "任意 x, x+0=x"),
        (r"$\text{BLOCK}=2^{k}$", "block=2^k"),
        (r"$$\sum_{j=0}^{127}v_j$$", "sum_j=0^127v_j"),
    ],
)
def test_latex_reads_as_plain_maths(text, expected):
    """Does LaTeX a student pastes from notes ($\\max(x,-\\infty)=x$, \\neq, \\forall, \\text{})
    normalize to the plain maths the patterns are written for?"""
    assert normalize(text) == expected


def test_text_without_latex_is_untouched_by_it():
    """Is a plain answer with no backslash or dollar sign left as it was by the LaTeX step?"""
    assert normalize("other=0.0 (加法单位元)") == "other=0.0 (加法单位元)"


@pytest.mark.parametrize(
    ("typo", "fixed"),
    [("2的密次", "2 的幂次"), ("单为元", "单位元"), ("掩马", "掩码"), ("寄存气", "寄存器")],
)
def test_ime_homophones_of_key_terms(typo, fixed):
    """Are pinyin-IME homophones of the lesson's key terms (密次 for 幂次) read as the term?"""
    assert normalize(typo) == fixed


@pytest.mark.parametrize(
    ("text", "expected"),
    [("-inf比", "-inf 比"), ("max跟", "max 跟"), ("填0了", "填 0 了"), ("tl.sum加", "tl.sum 加")],
)
def test_latin_and_chinese_are_spaced(text, expected):
    """Is a space put between Latin and Chinese script, so `\\b` in a pattern sees a word boundary in
    "-inf比" as it does in "-inf 比"?"""
    assert normalize(text) == expected


def test_full_width_comma_separates_clauses_between_digits():
    """Does "填 0，1 是乘法的单位元" split into two clauses although a digit stands on each side of
    the comma, while "(4,100)" stays one?"""
    sentence = normalize("填 0，1 是乘法的单位元")
    assert [sentence[a:b].strip() for a, b in clause_spans(sentence)] == ["填 0", "1 是乘法的单位元"]
    assert len(clause_spans(normalize("形状 (4,100) 失败"))) == 1


def test_an_ascii_arrow_is_the_arrow():
    """Is "a -> b" typed in ASCII read as the arrow "a → b" (lesson 7, l7v2-q2-018)?"""
    assert normalize("x - m <= 0 -> exp in [0,1]") == "x - m <= 0 → exp in [0,1]"


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("`other` = 0.0", "other = 0.0"),
        ("把 `tl.sum` 换成 `tl.max`", "把 tl.sum 换成 tl.max"),
    ],
)
def test_markdown_code_marks_are_dropped(raw, expected):
    """Does "`other` = 0.0" read as "other = 0.0", so a pattern for `other\\s*=` sees it?"""
    assert normalize(raw) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("把 padding 天成 0.0", "把 padding 填成 0.0"),
        ("divisor 天 n_cols", "divisor 填 n_cols"),
        ("padding天的是0", "padding 填的是 0"),
        ("今天 0 点交作业", "今天 0 点交作业"),
        ("每天 2 次", "每天 2 次"),
        ("第 3 天 5 次", "第 3 天 5 次"),
        ("天然 0", "天然 0"),
        ("均直是对的", "均值是对的"),
        ("平均直径", "平均直径"),
        ("方叉就错了", "方差就错了"),
        ("0 是加法的单位原", "0 是加法的单位元"),
        ("单位原则上不变", "单位原则上不变"),
        ("真是的元素只有 N 个", "真实的元素只有 n 个"),
        ("n 是真是的长度", "n 是真实的长度"),
        ("真是的，又错了", "真是的, 又错了"),
        ("这真是数字的问题", "这真是数字的问题"),
        ("半精度的平方和会一出", "半精度的平方和会溢出"),
        ("很容易一出", "很容易溢出"),
        ("一出错就报 nan", "一出错就报 nan"),
        ("就一出现了 nan", "就一出现了 nan"),
    ],
)
def test_homophones_that_are_parts_of_words_fold_only_in_context(raw, expected):
    """Are the IME homophones 天 (填), 均直 (均值), 方叉 (方差) and 单位原 (单位元) folded where the
    context leaves no doubt (天 before a value or a kernel name), and never inside real words (今天,
    每天, 平均直径, 单位原则) or after a count?"""
    assert normalize(raw) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("阈值约为八十八点七二", "阈值约为 88.72"),
        ("矩阵是四千零九十六见方, 宽一百二十八", "矩阵是 4096 见方, 宽 128"),
        ("快了五点零九倍, 小的只有一点六一倍", "快了 5.09 倍, 小的只有 1.61 倍"),
        ("读五倍 MN 加二倍 M", "读 5mn + 2m"),
        ("大约四倍", "大约 4 倍"),
        ("指数都小于等于零, 每项在零到一之间", "指数都小于等于 0, 每项在 0 到 1 之间"),
        ("最大项是 e 的零次方, 分子分母乘 e 的负 m 次方", "最大项是 e^0, 分子分母乘 e^-m"),
        ("最大有限数是三点四乘十的三十八次方", "最大有限数是 3.4×10^38"),
        ("填零点零的话", "填 0.0 的话"),
    ],
)
def test_numbers_in_chinese_words_read_as_digits(raw, expected):
    """Does a number written in Chinese words ("八十八点七二", "五倍 MN", "e 的零次方") read like its digits?"""
    assert normalize(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        "一个 lane 一起读一次",
        "第一步, 统一处理, 唯一的值",
        "这一点十分重要",
        "万一越界",
        "快一点",
        "两次归约用同一个值",
        "二的幂",
    ],
)
def test_words_with_digit_characters_stay_words(raw):
    """Do words that only contain a digit character (一个, 第一, 十分, 万一, 快一点, 两次) stay as written?"""
    assert normalize(raw) == normalize(raw).replace("1", "一") and not any(
        c.isdigit() for c in normalize(raw)
    )


def test_a_table_cell_border_ends_a_clause():
    """Does a markdown table's cell border split clauses (so one cell is no premise of the next), while a list of
    terms typed with commas stays what it was?"""
    text = normalize("| 输出 | 不 mask：mean² | 方差多出 (B−N)·mean²/N，所以要 tl.where |")
    assert [text[a:b].strip() for a, b in clause_spans(text)][2:4] == ["不 mask", "mean2"]
    assert "¦" not in normalize("a || b, c")


def test_latex_fractions_and_accents_read_as_quotients():
    """Are \\frac{a}{b} and \\frac1N read as (a)/(b) and an accent (\\tilde x, \\hat\\mu) dropped?"""
    assert normalize(r"$\frac{N}{B}\mu$, $\frac1N$, $\tilde x_j$") == "(n)/(b)mu , (1)/(n) , x_j"


def test_e_g_and_i_e_end_no_sentence():
    """Is "instead of e.g. -1" read inside its sentence (lesson 7 blind v285 l7v285-q1-012), while a period after a word still
    ends one?"""
    assert split_sentences(
        "so the max becomes 0 instead of e.g. -1. Each lane adds 1, i.e. the sum grows."
    ) == [
        "so the max becomes 0 instead of e.g. -1",
        "Each lane adds 1, i.e. the sum grows",
    ]
