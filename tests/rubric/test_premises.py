"""Causal clauses: the premise a student offers, split from the conclusion it supports."""

import pytest

from autograder.rubric.premises import causal_links
from autograder.rubric.textnorm import normalize


def links(text: str, previous: str = ""):
    return [(link.premise, link.conclusion) for link in causal_links(normalize(text), normalize(previous))]


@pytest.mark.parametrize(
    ("text", "premise", "conclusion"),
    [
        ("因为 x+0=x，所以和不变", "x+0=x", "和不变"),
        ("用 -inf，因为 max(x,-inf)=x", "max(x,-inf)=x", "用 -inf"),
        ("padding 填 0，所以和不变", "padding 填 0", "和不变"),
        ("理由：-inf 最小，所以不会被选中", "-inf 最小", "不会被选中"),
        ("必须填单位元，否则结果会错", "结果会错", "必须填单位元"),
        ("mask=cols<N → 越界 lane 不读显存", "mask=cols<n", "越界 lane 不读显存"),
        ("since 0 is the identity, the sum is unchanged", "0 is the identity", "the sum is unchanged"),
        ("the sum is unchanged because x + 0 = x", "x + 0 = x", "the sum is unchanged"),
    ],
)
def test_premise_and_conclusion(text, premise, conclusion):
    """Is each causal form split into the premise offered and the conclusion it supports?"""
    assert links(text) == [(premise, conclusion)]


def test_because_without_so_concludes_in_the_last_clause():
    """In '因为 B1，B2，A' (no 所以), are the clauses before the last one the premise?"""
    assert links("因为对 max 来说 -inf 是单位元，max(x,-inf)=x，padding 不影响结果") == [
        ("对 max 来说 -inf 是单位元, max(x,-inf)=x", "padding 不影响结果")
    ]


def test_denied_reason_states_no_premise():
    """Does '不是因为 B，而是因为 C' offer only C as the premise?"""
    assert links("不是因为 warp 是 32，而是因为 arange 只能是 2 的幂，所以取 128") == [
        ("arange 只能是 2 的幂", "取 128")
    ]


def test_sentence_opening_with_so_rests_on_the_previous_sentence():
    """Is the premise of a sentence that opens with '所以' the sentence before it?"""
    assert links("所以和不变", previous="0 是加法单位元") == [("0 是加法单位元", "和不变")]


def test_no_connective_no_link():
    """Does a sentence without a causal connective yield no causal clause?"""
    assert links("每行一个 program，mask = cols < N") == []


def test_because_opening_a_sentence_concludes_the_one_before():
    """In "A。因为 B。" is B the premise and the sentence before (A) the conclusion?"""
    assert links("因为 max(x,-inf)=x", previous="改成 -inf") == [("max(x,-inf)=x", "改成 -inf")]


def test_chained_markers_keep_the_whole_chain_as_premise():
    """In "因为 B 才能 C，所以 A" is the premise of A the chain B → C, not C alone?"""
    assert links("因为长度必须是 2 的幂才能对半分到 1，所以补到 128")[-1] == (
        "长度必须是 2 的幂才能对半分到 1",
        "补到 128",
    )


def test_arrows_that_list_steps_state_no_cause():
    """Is '读入 → 填零 → 求和 → 写回' a list of steps, with no premise offered?"""
    assert links("读入一行 → 越界填零 → tl.sum → 写回 out") == []


def test_arrow_from_a_bare_noun_states_no_cause():
    """Does '输出：标量 → 写回 out[row]' offer no premise, while 'x+0=x → 和不变' does?"""
    assert links("输出：标量 → 写回 out[row]") == []
    assert links("x+0=x → 和不变") == [("x+0=x", "和不变")]


def test_a_new_clause_between_two_markers_is_its_own_premise():
    """In 'mask 保证不越界，单位元保证和不变', is the premise of the second clause '单位元' alone?"""
    assert links("mask 保证不越界，单位元保证和不变")[-1] == ("单位元", "和不变")


def test_so_as_a_summary_heading_links_nothing():
    """Does '所以：…' that heads a summary leave the sentence before out of its clauses?"""
    assert all(premise != "前一句" for premise, _ in links("所以：mask 保证不越界", previous="前一句"))


def test_a_chain_of_numbers_is_no_cause():
    """Is '128→64→…→1' a sequence, while '长度只能是 2 的幂 → 100 不行' keeps its cause?"""
    assert links("折半 128→64→32→1") == []
    assert links("长度只能是 2 的幂 → 100 不行") == [("长度只能是 2 的幂", "100 不行")]


def test_a_short_step_between_two_arrows_concludes_nothing():
    """In 'load 一行（填 0）→ sum → store', does the first arrow lead to no conclusion?"""
    assert links("load 一行（带 mask，填 0）→ sum → store") == []


def test_a_short_condition_before_an_arrow_is_a_cause():
    """Is '访存受限 → 预测 4×' a reason and its conclusion (lesson 7, l7v2-q3-012), while a stage's
    steps ('输出：标量 → out[row]', '读一行 → 补 0 → sum') and numbers ('100 → 128') stay steps?"""
    assert links("访存受限 → 预测 4×") == [("访存受限", "预测 4×")]
    assert links("平移不变 → 结果不变") == [("平移不变", "结果不变")]
    assert links("输出：标量 → out[row]") == []
    assert links("读一行 → 补 0 → sum → store") == []
    assert links("比如 n=100 → 128") == []


def test_a_rejected_reason_states_no_premise():
    """Does '理由不是 x + (-inf) = x' offer no premise (the student names the reason it rejects), while
    '因为不是 2 的幂' still gives one? (lesson 5, v8-q3-009)"""
    assert links("注意理由不是 x + (-inf) = x, 那个等式是错的") == []
    assert links("因为不是 2 的幂，所以要补到 128") == [("不是 2 的幂", "要补到 128")]


def test_therefore_after_a_bare_subject_draws_on_the_sentence_before():
    """In 'The kernel therefore holds 128 lanes', is the premise the sentence before, not 'the kernel'?
    (lesson 5, v8-q2-008)"""
    assert links("the kernel therefore always holds 128 lanes", previous="blocks must be powers of two") == [
        ("blocks must be powers of two", "always holds 128 lanes")
    ]


def test_a_pipeline_of_short_stages_states_no_cause():
    """In '输入一行 + mask → 按 mask 读、超出的填 0 → tl.sum → store' (three arrows, stages of a dozen
    characters or fewer), is no stage offered as the premise of the next, while a single such arrow
    still links its two sides? (lesson 5, v7-q1-007)"""
    assert links("输入一行 + mask → 按 mask 读、超出的填 0 → tl.sum → store") == []
    assert links("输入一行 + mask → 按 mask 读、超出的填 0") == [
        ("输入一行 + mask", "按 mask 读、超出的填 0")
    ]


def test_an_arrow_followed_by_so_takes_the_premise_before_the_arrow():
    """In "B → 所以 A" (v12-q1-003) is B the premise of A, and not the sentence before?"""
    found = links("padding 会参与相加 → 所以必须填加法单位元 0", previous="输出：store(out + row, 根)")
    assert ("padding 会参与相加", "必须填加法单位元 0") in found


@pytest.mark.parametrize(
    ("text", "premise", "conclusion"),
    [
        ("再 mask 一次是为了让 padding 重新变成 0", "让 padding 重新变成 0", "再 mask 一次"),
        ("为了不让方差偏大，要再 mask 一次", "不让方差偏大", "要再 mask 一次"),
        ("tl.where 用来把越界的 lane 清零", "把越界的 lane 清零", "tl.where"),
        ("这一步的目的是让 padding 回到 0", "让 padding 回到 0", "这一步的"),
        ("we mask again so that the padding is zero", "the padding is zero", "we mask again"),
        ("单遍公式会错，是寄存器不够的缘故", "寄存器不够的缘故", "单遍公式会错"),
    ],
)
def test_a_purpose_is_offered_as_a_premise(text, premise, conclusion):
    """Is a purpose clause ("A 是为了 B", "为了 B，A", "A 用来 B", "目的是 B", "so that", "是 B 的缘故") split
    like a reason: what A is for is the student's justification of A, judged as its premise?"""
    assert links(text) == [(premise, conclusion)]


def test_a_denied_purpose_states_no_premise():
    """Does "不是为了 B" offer no premise (the student rejects B as the purpose)?"""
    assert links("再 mask 一次不是为了快") == []


@pytest.mark.parametrize(
    ("text", "premise", "conclusion"),
    [
        ("结果不对，因为 padding 没清零", "padding 没清零", "结果不对"),
        ("均值不准，是为了省一次读", "省一次读", "均值不准"),
        ("it is not right, because the padding holds -mean", "the padding holds -mean", "it is not right"),
    ],
)
def test_a_negation_of_the_clause_before_does_not_deny_the_marker(text, premise, conclusion):
    """Does a negator that ends the clause before the marker ("结果不对，因为 …") stay that clause's own word,
    so the link is still made, while "不是因为" in the marker's own clause still denies it?"""
    assert links(text) == [(premise, conclusion)]
    assert links("不是因为 padding 没清零") == []


@pytest.mark.parametrize(
    ("sentence", "linked"),
    [
        ("divisor → n_cols：只有 n 个真实元素", False),
        ("centered_other → 0.0（平方和的单位元）", False),
        ("- fp16 → fp32：有效位只有 11 位", False),
        ("overflow → nan", True),
        ("padding 填 0 → 和不变", True),
    ],
)
def test_an_arrow_from_a_bare_name_is_a_label(sentence, linked):
    """Is "divisor → n_cols：…" (one bare name of the code mapped to its value) a label rather than a causal
    clause resting on the name, while an arrow from a state or a claim still links?"""
    assert bool(causal_links(normalize(sentence))) is linked


@pytest.mark.parametrize(
    ("text", "premise"),
    [
        ("填 -inf，因为 max 是幂等的，填真实元素也对，但要多读一次", "max 是幂等的, 填真实元素也对"),
        (
            "use -inf, because max(x, -inf) = x, but a finite minimum would fail on -inf rows",
            "max(x, -inf) = x",
        ),
        ("填 0，因为 x+0=x，所以和不变", "x+0=x"),
    ],
)
def test_a_contrast_after_the_reason_ends_the_premise(text, premise):
    """Does a clause that turns against the reason ('…，但要多读一次', '…, but …') end the premise of
    'A，因为 B', instead of being judged as one more reason the rubric must know?"""
    assert links(text)[0][0] == premise


def test_a_pipeline_stage_after_a_comma_is_a_step():
    """In a pipeline of short stages, is 'mask 掉多余的 lane，填 0 → tl.sum → store' a list of steps (its stage is
    the last clause before the arrow), while 'mask 挡住，x+0=x → 和不变 → …' keeps its cause?"""
    assert links("读一行 → mask 掉多余的 lane，填 0 → tl.sum 求和 → 存到 out[row]") == []
    assert any("x+0=x" in premise for premise, _ in links("读一行 → mask 挡住，x+0=x → 和不变 → 写回"))


@pytest.mark.parametrize(
    ("sentence", "linked"),
    [
        ("eps 保证方差为 0 时 rstd 有限", False),
        ("0 只保证和不变，不保证个数不变", False),
        # lesson 6 blind v250 l6v250-q2-004: a verdict before a colon is no part of the subject
        ("其实不对：0 只保证和不变，不保证个数不变", False),
        ("其实不对：x+0=x 保证和不变", True),
        ("x+0=x 保证和不变", True),
        ("padding 填 0 保证和不变", True),
        ("它的值必须保证 max(x, e) = x", True),
        ("n=100 → block=128，均值只剩 0.78 倍", False),
    ],
)
def test_a_bare_subject_of_a_guarantee_or_a_value_mapped_is_no_premise(sentence, linked):
    """Is the bare subject of 保证/确保 ("eps 保证 …") the topic of its claim rather than a premise offered for
    it, while a formula or a requirement before 保证 is still one; and is "n=100 → block=128" a value mapped
    to another, not a cause?"""
    assert bool(causal_links(normalize(sentence))) is linked


def test_arithmetic_plus_is_no_second_reason():
    """Is "再加上 (BLOCK − N) 个零" (adding a count) part of one premise, not a second reason beside it?"""
    from autograder.rubric.reasons import _CONJUNCTION

    assert not _CONJUNCTION.search("和等于前 n 个数再加上 (block - n) 个零")
    assert not _CONJUNCTION.search("the sum of the n values plus 28 zeros")
    assert _CONJUNCTION.search("0 是单位元，再加上 mask 挡住了越界")


@pytest.mark.parametrize(
    ("text", "linked"),
    [
        ("防止舍入导致的小负数进入开方", False),
        ("溢出导致的 inf 会传到输出", False),
        ("方差为负是舍入导致的", True),
        ("舍入导致方差为负", True),
    ],
)
def test_caused_by_as_a_noun_phrase_is_no_marker(text, linked):
    """Is "舍入导致的小负数" (the negatives rounding causes, a noun phrase) no causal link, while "…是舍入导致的" at
    a clause's end and "舍入导致方差为负" still are?"""
    assert bool(causal_links(normalize(text))) is linked


@pytest.mark.parametrize(
    ("text", "premise"),
    [
        ("每个 lane 加 1 → 和多 4（B=8, N=4）→ 平均值偏大", "每个 lane 加 1 → 和多 4(b=8, n=4)"),
        ("每个 lane 加 1 → 和多 4（B=8）→ 平均值偏大", "每个 lane 加 1 → 和多 4(b=8)"),
        ("每个 lane 都加上 1 → 填 0 会出错，分母多 4 → 概率和小于 1", "分母多 4"),
    ],
)
def test_a_comma_inside_brackets_splits_no_clause_of_a_chain(text, premise):
    """In a chain of arrows, is the premise of the last step the chain before it even when a bracketed aside
    holds a comma ("（B=8, N=4）"), while a comma outside brackets still starts a new clause?"""
    assert links(text)[-1][0] == premise


def test_the_so_inside_zhisuoyi_is_no_marker():
    """Does 'A 之所以 C，是因为 B' offer B as the premise of A's clause, and never the words before 之所以 as a
    premise of their own (its 所以 is part of 之所以, not 'B，所以 A')?"""
    found = links("结果之所以不变，是因为分子分母同乘一个常数")
    assert [premise for premise, _ in found] == ["分子分母同乘一个常数"]
    assert all(premise != "结果之" for premise, _ in links("结果之所以不变：因为常数约掉了"))
    assert links("常数约掉了，所以结果不变") == [("常数约掉了", "结果不变")]


@pytest.mark.parametrize(
    ("text", "premise", "conclusion"),
    [
        ("结果没问题因为 0 是加法单位元", "0 是加法单位元", "结果没问题"),
        ("和不变因为 x+0=x", "x+0=x", "和不变"),
        ("the sum is not off because x + 0 = x", "x + 0 = x", "the sum is not off"),
    ],
)
def test_a_negation_a_word_before_the_marker_does_not_deny_it(text, premise, conclusion):
    """With no comma typed before the marker ("结果没问题因为 …"), does the negator of the conclusion's own predicate
    leave the link made, while a negator right before the marker ("不是因为", "并不是由于", "not because", "不会导致")
    still denies it?"""
    assert links(text) == [(premise, conclusion)]
    assert links("并不是由于 padding 没清零") == []
    assert links("it is not because the padding holds -mean") == []
    assert links("padding 填 0 不会导致和变化") == []


def test_then_before_because_waits_for_the_last_clause():
    """In '假如 A，那么因为 B，C', is B the premise of C (the clause after the reason), not of the condition A?"""
    assert links("假如 padding 是 0，那么因为 0 加到和上不变，均值就是对的") == [
        ("0 加到和上不变", "均值就是对的")
    ]


def test_an_arrow_inside_otherwise_is_the_counter_premise():
    """In '截掉负数，否则 sqrt → NaN', is the whole 'sqrt → nan' what would happen otherwise, not 'sqrt' a premise
    of 'nan'?"""
    assert links("截掉负数，否则 sqrt → NaN") == [("sqrt → nan", "截掉负数")]


def test_therefore_and_because_signs_are_markers():
    """Are '∴ B' (therefore) and '∵ A' (because) causal markers like 所以 and 因为?"""
    assert links("∴ 要再 mask 一次", previous="每个 padding lane 多加 mean²") == [
        (normalize("每个 padding lane 多加 mean²"), "要再 mask 一次")
    ]
    assert links("均值是对的，∵ 0 是加法单位元") == [("0 是加法单位元", "均值是对的")]


def test_a_comment_opening_with_so_concludes_the_comment_above():
    """In code, does '# 所以…' after a line of code take the comment above as its premise, not the code on its line?"""
    previous = "# 输出：每个 padding lane 多加 mean²，方差偏大"
    found = links("centered = tl.where(mask, centered, 0.0)  # 所以再 mask 一次", previous=previous)
    assert [premise for premise, _ in found] == [
        "每个 padding lane 多加 mean2, 方差偏大"
    ]  # its stage heading is no premise
    # false twin: a comment that opens with a reason of its own keeps it
    assert links("x = x.to(tl.float32)  # fp16 会溢出，所以转 fp32")[0][0].endswith("fp16 会溢出")


def test_an_arrow_from_a_number_to_minus_mean_is_a_value_mapped():
    """Is 'padding lane 0 → -mean' a value mapped to the next one, not a cause, while 'x+0=x → 和不变' still is?"""
    assert links("逐元素, padding lane 0 → -mean") == []
    assert links("x+0=x → 和不变") == [("x+0=x", "和不变")]


def test_terms_added_after_are_no_second_reason():
    """Is "再加上的小项" (the terms added after: a relative clause) part of one premise, while "，再加上 mask 挡住了越界"
    still adds a second reason?"""
    from autograder.rubric.reasons import _CONJUNCTION

    assert not _CONJUNCTION.search("和累加得较大之后，再加上的小项会被舍入掉")
    assert _CONJUNCTION.search("0 是单位元，再加上 mask 挡住了越界")


def test_zheyang_before_a_colon_presents_what_follows():
    """Does "如果填 0.0，大概会这样：…" (like this, then a colon: lesson 7 blind v285 l7v285-q1-011) link nothing, while
    "减去最大值，这样 exp 不会溢出" still draws a consequence?"""
    assert not causal_links(normalize("如果填 0.0，大概会这样：一行全是负数的时候，max 被顶替成 0"))
    assert causal_links(normalize("减去最大值，这样 exp 不会溢出"))


def test_adding_at_a_time_is_no_second_reason():
    """Is "和较大时再加上小项" (adding a term at that point: lesson 6 blind v283 l6v283-q2-013) part of one premise,
    while "范围小，再加上有效位少" still joins two reasons?"""
    from autograder.rubric.reasons import _CONJUNCTION

    assert not _CONJUNCTION.search("和较大时再加上小项会被舍入掉")
    assert not _CONJUNCTION.search("和大的时候再加上小项就丢了")
    assert _CONJUNCTION.search("fp16 范围小, 再加上有效位少")


def test_a_stance_clause_is_no_premise_of_its_own():
    """Is the premise of '分母至少是 1，我觉得这样就不会溢出' the clause before the stance ('分母至少是 1'), while a clause
    that states something after '我觉得' keeps it? (lesson 7 blind v135 l7v135-q2-014)"""
    from autograder.rubric.reasons import near_marker

    def premises(text):
        return [near_marker(link) for link in causal_links(normalize(text), "")]

    assert premises("最大那项是 1，分母至少是 1，我觉得这样就不会溢出")[-1].endswith("分母至少是 1")
    assert premises("我觉得分母至少是 1，这样就不会溢出")[-1].endswith("我觉得分母至少是 1")


def test_round85_a_conjunction_inside_brackets_joins_no_second_reason():
    """Is 'every intermediate (z, e, y, plus the max and sum vectors) is written out' one reason (the plus lists the
    aside's items: lesson 7 blind v249 l7v249-q3-019), while a plus outside the brackets still joins two?"""
    from autograder.rubric.reasons import _conjuncts

    aside = "every intermediate (z, e, y, plus the max and sum vectors) is written out and read back"
    assert _conjuncts(aside) == [aside]
    assert (
        len(_conjuncts("every intermediate (z, e, y) is written out plus the kernel is launched five times"))
        == 2
    )
