"""Text normalization: one spelling per idea, sentence and clause splits, negation and hypotheticals."""

import pytest

from autograder.rubric.textnorm import (
    DEFAULT_LANGUAGE,
    clause_spans,
    has_cue,
    is_hypothetical,
    is_negated,
    normalize,
    split_sentences,
)


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


def _hit(sentence: str, word: str) -> tuple[int, int]:
    start = sentence.index(word)
    return start, start + len(word)


def test_negator_before_hit_denies_it():
    """Does '不是 0.0' deny the hit `0.0`?"""
    sentence = normalize("不是 0.0")
    assert is_negated(sentence, *_hit(sentence, "0.0"))


def test_contrast_ends_the_negation():
    """In '不是0.0而是-inf', is only `0.0` denied and `-inf` asserted?"""
    sentence = normalize("不是0.0而是-inf")
    assert is_negated(sentence, *_hit(sentence, "0.0"))
    assert not is_negated(sentence, *_hit(sentence, "-inf"))


def test_negation_stays_in_its_clause():
    """Does a '不' in an earlier clause leave a later clause's hit asserted?"""
    sentence = normalize("不用改 mask，other 保持 0.0")
    assert not is_negated(sentence, *_hit(sentence, "0.0"))


def test_refuter_after_hit_only_when_asked():
    """Is '0.0 是错的' a refuted hit for misconceptions (refute=True) but not for concepts?"""
    sentence = normalize("other=0.0 是错的")
    assert is_negated(sentence, *_hit(sentence, "0.0"))
    assert not is_negated(sentence, *_hit(sentence, "0.0"), refute=False)


def test_later_wrongness_refutes():
    """Does '保持 0.0 会得到错误的最大值' refute the hit, while '不会出错' does not?"""
    wrong = normalize("保持 0.0 会得到错误的最大值")
    fine = normalize("保持 0.0 不会出错")
    assert is_negated(wrong, *_hit(wrong, "0.0"))
    assert not is_negated(fine, *_hit(fine, "0.0"))


@pytest.mark.parametrize("text", ["不仅 0.0 可以", "无穷个 0.0"])
def test_words_that_only_look_negative(text):
    """Are '不仅' (not only) and '无穷' not taken as negations?"""
    sentence = text
    assert not is_negated(sentence, *_hit(sentence, "0.0"), refute=False)


def test_conditional_clause_is_hypothetical():
    """Is '如果用 0.0' a hypothetical, not a claim?"""
    sentence = normalize("如果用 0.0,全负的行会得到 0")
    assert is_hypothetical(sentence, sentence.index("0.0"))


def test_condition_governs_the_next_clause():
    """In '如果不加 mask，这些 lane 会读到下一行', is the consequence clause hypothetical too?"""
    sentence = normalize("如果不加 mask，这些 lane 会读到下一行")
    assert is_hypothetical(sentence, sentence.index("下一行"))


def test_restated_premise_is_not_hypothetical():
    """Does '若归约是 max，other 还是 0.0' stay a claim once the question's premise is declared?"""
    sentence = normalize("若归约是 max，other 还是 0.0")
    premise = (r"若归约是\s*max",)
    assert is_hypothetical(sentence, sentence.index("0.0"))
    assert not is_hypothetical(sentence, sentence.index("0.0"), premises=premise)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("因为 x + 0 = x", True), ("so the sum is unchanged", True), ("使用 -inf", False), ("即使用 0", False)],
)
def test_causal_cues(text, expected):
    """Is a causal connective recognised, and are '使用'/'即使' not mistaken for '使'?"""
    assert has_cue(normalize(text)) is expected


def test_language_can_be_extended():
    """Does a rubric's extra cue word count as a causal connective?"""
    lang = DEFAULT_LANGUAGE.extended(cues=["鉴于"])
    assert has_cue("鉴于此", lang) and not has_cue("鉴于此")


def test_wei_denies():
    """Is '未实测' (not measured) a denial of `实测`?"""
    sentence = normalize("所以应该正确，但未实测")
    assert is_negated(sentence, *_hit(sentence, "实测"))


def test_negation_stops_at_a_comma_inside_brackets():
    """In '不读显存，填 other（0.0，加法单位元）' does the 不 deny the read and not the identity?"""
    sentence = normalize("状态（lane 不读显存，填 other（0.0，加法单位元））")
    assert not is_negated(sentence, *_hit(sentence, "加法单位元"), refute=False)


def test_existential_negation_ends_at_the_copula():
    """In '没有 other 的 lane 是未定义值', is `未定义` stated, not denied by the earlier 没有?"""
    sentence = normalize("在 GPU 上，没有 other 的 masked lane 是未定义值")
    assert not is_negated(sentence, *_hit(sentence, "未定义"), refute=False)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("很多人以为 tl.sum 会跳过 masked lane，其实不是", "跳过"),
        ("max(x,0)=x 只在 x≥0 时才对", "max(x,0)=x"),
    ],
)
def test_refutations_after_a_claim(text, word):
    """Do '…，其实不是' and '… 只在 x≥0 时才对' refute the claim before them?"""
    sentence = normalize(text)
    assert is_negated(sentence, *_hit(sentence, word))


def test_arrow_is_a_causal_cue():
    """Is an arrow ('x+0=x → 和不变') read as a causal connective?"""
    assert has_cue(normalize("x+0=x → 和不变"))


# ── LaTeX, IME typos and mixed scripts (rubric round 2) ────────────────────────────────────────────────


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


def test_space_between_chinese_ends_a_negation():
    """In "不去读显存 直接填 0" (a phone-typed pause), does the 不 deny the read but not the fill?"""
    sentence = normalize("被挡住的不去读显存 直接填0")
    assert not is_negated(sentence, *_hit(sentence, "填 0"), refute=False)
    assert is_negated(sentence, *_hit(sentence, "读显存"), refute=False)


def test_bu_ran_is_no_negator():
    """Is 不然 ("otherwise") not read as a negation of what follows ("不然填0的话 … max就变0了")?"""
    sentence = normalize("不然填0的话 如果一行全是负数")
    assert not is_negated(sentence, *_hit(sentence, "全是负数"), refute=False)


def test_rang_is_a_causal_cue():
    """Is 让 ("other=0.0 让它们加进去等于没加") a causal connective, and 不让 none?"""
    assert has_cue(normalize("other=0.0 让它们加进去等于没加"))
    assert not has_cue(normalize("不让它们读显存"))


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("减最大值不改变结果是因为 softmax 是线性的", "softmax 是线性", False),
        ("结果不变不是因为 softmax 是线性的", "softmax 是线性", True),
        ("the sum does not change because padding is skipped", "padding is skipped", False),
        ("it is not because padding is skipped", "padding is skipped", True),
    ],
)
def test_negation_stops_at_a_causal_marker(text, word, negated):
    """Does the 不 of a conclusion stay out of the premise after 是因为/because, while a denied
    marker ("不是因为") still denies its premise? (lesson 7, l7v2-q2-023)"""
    sentence = normalize(text)
    assert is_negated(sentence, *_hit(sentence, word), refute=False) is negated


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


def test_a_spaced_em_dash_ends_a_negation():
    """Does a spaced em dash pause like the Chinese "——", so "can't ... — the shape is fixed" does not deny
    what follows it, while a dash before a number or infinity stays a minus sign?"""
    sentence = normalize("We can't pick 100 — the shape is fixed at compile time")
    start = sentence.index("fixed")
    assert not is_negated(sentence, start, start + len("fixed"))
    assert normalize("other = — inf") == "other = -inf"
    assert normalize("128 – 100 = 28") == "128 - 100 = 28"


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
        ("读五倍 MN 加二倍 M", "读 5mn 加 2m"),
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


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("padding 都不改变部分和 ⇒ other 必须是 0", "other", False),
        ("padding 都不改变部分和 => other 必须是 0", "other", False),
        ("x+0=x ⇒ 不改变和", "改变", True),
    ],
)
def test_a_double_arrow_ends_a_negation_like_a_single_one(text, word, negated):
    """Does '⇒' or '=>' end a negator's reach as '→' does ('…不改变部分和 ⇒ other 必须是 0' denies nothing
    after the arrow), while a negator after the arrow still denies its own words?"""
    sentence = normalize(text)
    assert is_negated(sentence, *_hit(sentence, word), refute=False) is negated


@pytest.mark.parametrize(
    "sentence, refuted",
    [
        # a denied 偏小/偏大 later on is the claim's goal ("…才不会偏小"), no verdict on it
        ("负的偏差互相抵消, 把方差拉低, 所以要改回 0, 方差才不会偏小", False),
        ("填 1.0 会把结果放大, 这样就不会偏大了", False),
        ("平方和没有偏大, 所以不用管它", False),
        # still a verdict when it is asserted
        ("负的偏差互相抵消, 这样算出来的方差偏小", True),
    ],
)
def test_a_denied_too_small_later_on_is_no_refutation(sentence, refuted):
    """Is '方差才不会偏小' after a claim read as its goal, not as a later verdict refuting the claim, while an
    asserted '偏小' later on still refutes it?"""
    hit = "抵消" if "抵消" in sentence else ("放大" if "放大" in sentence else "平方和")
    assert is_negated(sentence, *_hit(sentence, hit)) is refuted
