"""Negation, refutation, hypotheticals and causal cues: whether a hit is claimed, denied or only imagined."""

import pytest

from autograder.rubric.negation import DEFAULT_LANGUAGE, has_cue, is_hypothetical, is_negated
from autograder.rubric.textnorm import normalize


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


@pytest.mark.parametrize(
    ("text", "hit", "denied"),
    [
        ("tl.load never touches memory for them and they simply get other", "they simply get other", False),
        ("tl.load never touches memory for them and they simply get other", "simply get other", False),
        ("padding does not change the max and the sum", "the sum", True),
        ("padding does not change the max and the sum", "the max", True),
    ],
)
def test_and_before_a_new_pronoun_subject_ends_an_english_negation(text, hit, denied):
    """Does 'and they …' start a clause the earlier 'never' no longer denies, while 'not … the max and the sum' still
    denies both (lesson 7 blind v148 l7v148-q1-010, read whole once wrapped English lines were joined)?"""
    sentence = normalize(text)
    assert is_negated(sentence, *_hit(sentence, hit)) is denied


@pytest.mark.parametrize(
    ("text", "denied"),
    [("类型不一致会编译报错", False), ("类型不匹配会编译报错", False), ("类型一致就不会编译报错", True)],
)
def test_inconsistent_is_an_adjective_not_a_denial(text, denied):
    """Is '编译报错' claimed after '类型不一致' / '类型不匹配' (adjectives, lesson 6 blind v95 l6v95-q2-012) and denied after '不会'?"""
    sentence = normalize(text)
    assert is_negated(sentence, *_hit(sentence, "编译报错")) is denied


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


@pytest.mark.parametrize("word", ["主要是", "需要是", "重要的是"])
def test_yaoshi_inside_a_word_is_no_condition(word):
    """Is the 要是 that ends 主要是 or 需要是 read as part of the word, while 要是 alone still opens a condition?"""
    claim = normalize(f"本课不用单遍{word}性能,单遍比两遍慢")
    assert not is_hypothetical(claim, claim.index("单遍比"))
    condition = normalize("要是单遍比两遍慢,也没关系")
    assert is_hypothetical(condition, condition.index("单遍"))


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
    [
        ("因为 x + 0 = x", True),
        ("so the sum is unchanged", True),
        ("使用 -inf", False),
        ("即使用 0", False),
        # Lesson 6 blind v129 l6v129-q2-020: a lab report's grounds under 依据：.
        ("依据：1. 有效取样数为 N，除以 BLOCK_SIZE 均值被缩小", True),
        ("依据这个表格填写", False),
    ],
)
def test_causal_cues(text, expected):
    """Is a causal connective recognised (依据 before a colon heading a report's grounds, as 理由 does), and are
    '使用'/'即使' not mistaken for '使', nor 依据 as a verb ('依据这个表格')?"""
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


def test_none_at_all_denies_what_follows_the_copula():
    """In '没有任何检查是跑出来的' (no check at all was run), is `跑出` denied, while '没有 GPU 的同学是靠解释器跑出来的'
    still states it? (lesson 7 blind v136 l7v136-ex-017)"""
    sentence = normalize("所以没有任何检查是跑出来的")
    assert is_negated(sentence, *_hit(sentence, "跑出"), refute=False)
    sentence = normalize("没有 GPU 的同学是靠解释器跑出来的")
    assert not is_negated(sentence, *_hit(sentence, "跑出"), refute=False)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("很多人以为 tl.sum 会跳过 masked lane，其实不是", "跳过"),
        ("有人说单遍错在 x² 溢出：1e4 的平方是 1e8——其实不对", "溢出"),
        ("some say the mask follows the data, 并不对", "follows"),
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


def test_a_spaced_em_dash_ends_a_negation():
    """Does a spaced em dash pause like the Chinese "——", so "can't ... — the shape is fixed" does not deny
    what follows it, while a dash before a number or infinity stays a minus sign?"""
    sentence = normalize("We can't pick 100 — the shape is fixed at compile time")
    start = sentence.index("fixed")
    assert not is_negated(sentence, start, start + len("fixed"))
    assert normalize("other = — inf") == "other = -inf"
    assert normalize("128 – 100 = 28") == "128 - 100 = 28"


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


@pytest.mark.parametrize(
    ("sentence", "word", "imagined"),
    [
        ("一开始我打算把 atol 放宽，后来没这么做", "放宽", True),
        ("常见的误解是 masked lane 不参与求和", "不参与", True),
        ("A common misconception is that masked lanes are skipped", "skipped", True),
        ("我打算把 atol 放宽", "放宽", False),
        ("最常见的情况是 masked lane 填 0", "填 0", False),
    ],
)
def test_a_plan_given_up_or_a_named_mistake_is_imagined_by_default(sentence, word, imagined):
    """Is a plan given up ("一开始我打算…") or a belief named as a common mistake reported, not held, in
    every lesson's default language, while a plain plan or a plain "常见的情况" still is a claim?"""
    assert is_hypothetical(sentence.lower(), sentence.lower().index(word.lower())) is imagined


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("不 mask 时方差多出 (B−N)·mean²/N", "方差多出", False),
        ("没有再 mask 的话方差会偏大", "方差会偏大", False),
        ("不用 tl.where 时 padding 是 -mean", "padding", False),
        # a denied copula or modal before the time is still a denial
        ("不是在 load 时读显存", "读显存", True),
        ("padding 不会变", "变", True),
    ],
)
def test_a_negated_condition_denies_nothing_after_it(text, word, negated):
    """Does the 不 of a condition ending in 时 / 的话 ('不 mask 时方差多出') stay in the condition, while a denied
    copula ('不是在 load 时读显存') still denies what follows?"""
    sentence = normalize(text)
    assert is_negated(sentence, *_hit(sentence, word), refute=False) is negated


def test_a_rhetorical_question_does_not_deny():
    """Does '难道不是 0.0 吗' (a rhetorical question that affirms) leave `0.0` claimed, while '不是 0.0' denies it?"""
    asked = normalize("难道不是 0.0 吗")
    assert not is_negated(asked, *_hit(asked, "0.0"))
    plain = normalize("其实不是 0.0")
    assert is_negated(plain, *_hit(plain, "0.0"))


def test_a_short_quoted_word_before_de_names_and_does_not_deny():
    """In '本该"不存在"的 lane 变成了 -3.5', is the quoted 不存在 a name (nothing denied), while an unquoted 不 before the
    verb ('lane 不会变成 -3.5') still denies it?"""
    quoted = normalize('最后两个本该"不存在"的 lane 变成了 -3.5')
    assert not is_negated(quoted, *_hit(quoted, "变成了 -3.5"), refute=False)
    plain = normalize("最后两个 lane 不会变成 -3.5")
    assert is_negated(plain, *_hit(plain, "变成 -3.5"), refute=False)


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("没有布样的位置从 0 变成 -mean", "-mean", False),
        ("没有 mask 的 lane 会读到下一行", "读到下一行", False),
        ("无数据的格子是 0", "是 0", False),
        ("padding 没有变成 -mean", "-mean", True),
        ("没有任何位置变成 -mean", "-mean", True),
        ("没有真正的数据变成 -mean", "-mean", True),
    ],
)
def test_a_place_named_by_what_it_lacks_denies_nothing_after_it(text, word, negated):
    """Is '没有布样的位置' (the places with no sample) a noun whose 没有 denies nothing of the predicate after it (lesson 6
    blind v182 l6v182-q1-009), while 没有 before the verb, before 任何, or before a noun that is no place still denies?"""
    sentence = normalize(text)
    assert is_negated(sentence, *_hit(sentence, word), refute=False) is negated


@pytest.mark.parametrize(
    ("sentence", "word", "imagined"),
    [
        ("对账规则允许尾差，所以我把 atol 改成了 1e-4", "atol 改成了", False),
        ("按原则先跑检查，所以我把 atol 改成了 1e-4", "atol 改成了", False),
        ("若 padding 填 0，则 max 会被顶替", "max 会被顶替", True),
        # Round 97: 正则 (lesson 6 blind v271 l6v271-q3-015), which two misconceptions had marked counterfactual to be read.
        ("因为 eps 的正则化作用所以 rstd 数值稳定", "rstd 数值稳定", False),
    ],
)
def test_round91_ze_ending_a_word_is_no_condition(sentence, word, imagined):
    """Is the 则 that ends 规则 or 原则 ('对账规则允许尾差，所以我把 atol 改成了 1e-4': lesson 7 blind v262 l7v262-ex-017, a veto lost) no
    condition, while the 则 of '若…，则…' still is one?"""
    assert is_hypothetical(sentence, sentence.index(word)) is imagined


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("仅静态审查宿舍电脑跑不了然后两个空填的 n_cols 和 0.0 然后实测带宽大概 2650 GB/s", "实测", False),
        ("仅静态审查宿舍电脑跑不了实测带宽", "实测", True),
    ],
)
def test_round91_then_ends_a_negator_s_reach_in_a_run_on(text, word, negated):
    """Does 然后 end the reach of the 不 in '跑不了然后…然后实测带宽' (lesson 6 blind v263 l6v263-ex-009, a run-on note without
    commas whose unrun measurement went unread), while the same 不 with no 然后 between still denies?"""
    sentence = normalize(text)
    assert is_negated(sentence, *_hit(sentence, word), refute=False) is negated
