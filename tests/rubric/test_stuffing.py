"""Keyword stuffing: a list of the rubric's terms, told from prose that happens to hold many numbers."""

import pytest

from autograder.lesson.registry import lesson
from autograder.rubric import load_rubric
from autograder.rubric.reading import prepare
from autograder.rubric.stuffing import grandiose, stuffing_flags


def flags(assignment: str, question: str, answer: str) -> list[str]:
    rubric = load_rubric(lesson(assignment).rubric)
    return stuffing_flags(rubric.question(question), prepare(answer, rubric), rubric)


def test_prose_full_of_numbers_is_no_stuffing():
    """Is a correct answer that quotes values ("inf/inf 就是 NaN", "0/0") read as prose, not as one
    value repeated? (lesson 7, l7v2-q2-013)"""
    answer = (
        "因为 exp 涨的太快了，fp32 最大也就 3.4e38，所以 x 超过 88.72 左右 exp 就变成 inf，分母也 inf，"
        "inf/inf 就是 NaN。还有全是 -1000 那种，exp 全部下溢成 0，0/0 也是 NaN。"
    )
    assert flags("lesson07-softmax", "Q2", answer) == []


def test_a_worked_example_listing_lanes_is_no_stuffing():
    """Is a lane vector ("[-4,-2,0,2,4,-5,-5,-5]") one value of a worked example, not eight terms or
    a repeated unit? (lesson 6, l6v2-q1-007)"""
    answer = (
        "用课上的 N=5、BLOCK_SIZE=8 例子走一遍：\n输入：[1,3,5,7,9,0,0,0]，3 个 padding lane 是 other 给的 0，"
        "0 加进去不改变和，sum=25，/5 → mean=5（对的）。\n变化：x−mean = [−4,−2,0,2,4,−5,−5,−5]，"
        "padding 被逐元素减法改成了 −5，不再是 0。\n输出：不 mask 时平方和 = 40 + 3×25 = 115，/5 = 23 ≠ 8；"
        "tl.where(mask, x−mean, 0.0) 之后是 [−4,−2,0,2,4,0,0,0]，平方和 40，/5 = 8。所以 mask 要在第二次归约前再做一次。"
    )
    assert flags("lesson06-mean-var", "Q1", answer) == []


def test_a_mask_of_booleans_and_lanes_of_infinities_are_values_not_a_repeated_word():
    """Is a worked example whose mask is written [T, T, T, F, F, F] and whose lanes hold -inf read as prose, not as
    't' said again and again? (lesson 7 blind v129 l7v129-q1-023 was zeroed as stuffing)"""
    answer = (
        "拿一行 [-3, -1, -2, -5, -4] 走一遍，N = 5，BLOCK = 8，mask = [T, T, T, T, T, F, F, F]。"
        "填 −∞：lanes = [−3, −1, −2, −5, −4, −∞, −∞, −∞]，tl.max = −1，−∞ 不胜出；exp 之后 padding 是 0，分母 = 1.5713。"
        "填 0.0：tl.max = 0，真实最大值 −1 被顶替，分母多出 3。所以 other 要填 −∞。"
    )
    assert flags("lesson07-softmax", "Q1", answer) == []
    assert "stuffing" in flags("lesson07-softmax", "Q1", "mask mask mask mask，所以正确")


@pytest.mark.parametrize(
    "answer",
    [
        "mask、单位元、padding、other、-inf、加法、max",
        "单位元 单位元 单位元 单位元",
        "因为 mask，mask，mask，所以正确",
    ],
)
def test_lists_and_repeated_words_are_still_stuffing(answer):
    """Are a bare list of terms and a word said again and again still flagged?"""
    assert "stuffing" in flags("lesson05-row-sum", "Q1", answer)


def test_a_slash_between_two_chinese_words_is_no_list_separator():
    """Is a short honest note with "均值/方差" (two words joined by a slash) prose, while a spaced slash
    list of terms is still stuffing? (lesson 6 round 9)"""
    note = "divisor 用 n_cols：元素的真实个数，除以它得到均值/方差；0.0：加法单位元，让 padding lane 回到 0。检查全过。"
    assert flags("lesson06-mean-var", "explanation", note) == []
    listing = "masked load / other=0.0 / 加法单位元 / padding lane / tl.where / 归约树 / warp"
    assert "stuffing" in flags("lesson06-mean-var", "Q1", listing)


def test_terms_linked_by_connectives_are_still_a_bare_list():
    """Is a list whose items are only linked by connectives ("因为 mask 所以 identity", "因为 padding 所以
    正确") a bare term list that earns 0 without a TA, as the same list without the connectives is?"""
    answer = (
        "要点：mask、other、单位元、padding lane、tl.sum、寄存器、warp、next_power_of_2。"
        "因为 mask 所以 identity，因为 padding 所以正确。"
    )
    assert flags("lesson05-row-sum", "Q1", answer) == ["stuffing", "term_list"]


def test_a_list_closed_by_a_reasoned_chain_goes_to_a_ta():
    """Does a list of terms followed by one chain with words of its own ("因为 padding 填 0，所以和不变")
    stay stuffing for a TA to read, not a bare list finalized at 0?"""
    answer = (
        "要点：mask、other、单位元、padding lane、tl.sum、寄存器、warp、next_power_of_2。"
        "因为 padding lane 填的是 0，所以加进去和不变。"
    )
    assert flags("lesson05-row-sum", "Q1", answer) == ["stuffing"]


def test_a_space_separated_keyword_dump_is_stuffing():
    """Is a run of glue-less terms separated only by spaces a list, while an English sentence or a formula of
    as many tokens is not? (lesson 7, l7v27-q3-005)"""
    dump = (
        "融合 fused 访存受限 memory-bound 带宽 bandwidth HBM L2 缓存 cache 字节数 5MN+2M 3MN+2M MN 4 倍 5.09 倍 "
        "延迟 latency grid-stride do_bench 中位数"
    )
    assert "stuffing" in flags("lesson07-softmax", "Q3", dump)
    sentence = (
        "The fused kernel reads the matrix once and writes it once, so it moves four times fewer bytes."
    )
    assert flags("lesson07-softmax", "Q3", sentence) == []
    formula = "naive reads 5 MN + 2 M and writes 3 MN + 2 M while fused reads MN and writes MN"
    assert flags("lesson07-softmax", "Q3", formula) == []


def test_a_ticked_checklist_of_terms_is_stuffing():
    """Is a checklist of terms ("访存受限 ✔ 带宽 ✔ …") a list, while a short sentence that ends on a tick is not?
    (lesson 7 blind v31 l7v31-q3-011, lesson 6 blind v27 l6v27-ex-006)"""
    checklist = "访存受限 ✔ 带宽 ✔ roofline ✔ L2 缓存 ✔ kernel 融合 ✔ 4 倍 ✔ 实测 ✔ grid-stride ✔"
    assert "stuffing" in flags("lesson07-softmax", "Q3", checklist)
    sentence = "朴素读 5MN+2M、写 3MN+2M，融合读写各 MN，所以预测约 4 倍 ✔"
    assert flags("lesson07-softmax", "Q3", sentence) == []


@pytest.mark.parametrize(
    ("answer", "stuffed"),
    [
        # lesson 6 blind v43 l6v43-q3-010: a list split at every "；", the vocabulary knowing only some of its terms
        (
            "灾难性抵消 catastrophic cancellation；单遍 one-pass；两遍 two-pass；Welford；Chan 合并公式；1e4；1e8；"
            "fp32 7 位有效数字；负方差；NaN；tl.maximum；eps；rstd；LayerNorm；数值稳定性。",
            True,
        ),
        # its false twin: as many short clauses, each stating something
        (
            "单遍会抵消；两遍更稳；Welford 也稳；偏移 1e4 时出错；方差会变负；负数开方得 NaN；要用 tl.maximum 截断；"
            "eps 防止除以 0；rstd 是 1/std。",
            False,
        ),
        # and numbered clauses, each saying what its step does
        (
            "1. 单遍法在偏移 1e4 时会抵消；2. 两遍法先求均值再算偏差，更稳；3. Welford 一遍也稳；4. 方差可能算成负数；"
            "5. 所以要截断到 0；6. 再加 eps 防止除零；7. 最后乘 rstd。",
            False,
        ),
    ],
)
def test_a_list_split_into_sentences_is_stuffing_by_its_form(answer, stuffed):
    """Is an answer of eight or more short, bare units across its sentences (a list split at every "；") stuffing
    even when the vocabulary knows few of its terms, while as many short clauses that state something are not?"""
    assert ("stuffing" in flags("lesson06-mean-var", "Q3", answer)) is stuffed


def test_a_step_number_is_no_term_but_a_list_with_a_value_is_still_stuffing():
    """Is a numbered answer of two reasoned steps ("1. 除以 N：真实元素个数是 N。2. fp16 → fp32：范围小，会溢出。") no term
    list, its step numbers no terms (lesson 6 blind v46 l6v46-q2-001), while a list holding a value ("n_cols；0.0；…")
    is still stuffing (lesson 6 blind v3 l6v3-ex-006)?"""
    numbered = "1. 除以 N：真实元素个数是 N。\n2. fp16 → fp32：fp16 范围小，会溢出。"
    listed = "n_cols；0.0；真实列数；加法单位元；第二次 mask；可见检查；fp32；通过。"
    assert flags("lesson06-mean-var", "Q2", numbered) == []
    assert "stuffing" in flags("lesson06-mean-var", "explanation", listed)


def test_fragments_holding_a_clause_go_to_a_ta_not_to_zero():
    """Is a terse numbered answer whose fragments hold one clause ("均值 1e4 时两项都约 1e8") stuffing a TA reads, not a
    certain term list, while the same fragments with the clause cut to terms stay a term list?"""
    terse = "1. 单遍：var = E[x²] − E[x]²；\n2. 均值 1e4 时两项都约 1e8，相减抵消，误差大；\n3. tl.maximum：防负数；\n4. eps：防 0。"
    terms = "1. 单遍：var = E[x²] − E[x]²；\n2. 均值 1e4，1e8，相减抵消，误差大；\n3. tl.maximum：防负数；\n4. eps：防 0。"
    assert "term_list" not in flags("lesson06-mean-var", "Q3", terse)
    assert "term_list" in flags("lesson06-mean-var", "Q3", terms)


def test_terse_bullets_with_three_clauses_of_their_own_go_to_a_ta_not_to_zero():
    """Is a terse bullet answer with three items in the student's own words ("只有 N 个真实 die", "padding 不是样本", "会丢精度")
    stuffing a TA reads, not a certain term list (lesson 6 blind v94 l6v94-q2-016), while a list of terms stays one?"""
    bullets = "- ÷N：只有 N 个真实 die，padding 不是样本；÷BLOCK_SIZE 均值偏小 N/BLOCK 倍\n- fp16：会丢精度 / 溢出，所以转 fp32"
    terms = "÷N、真实 die、padding、样本、÷BLOCK_SIZE、均值偏小、fp16、精度、溢出、fp32"
    assert "term_list" not in flags("lesson06-mean-var", "Q2", bullets)
    assert "term_list" in flags("lesson06-mean-var", "Q2", terms)


def test_a_table_of_measured_shapes_is_no_stuffing():
    """Is a shape written as a product ("4096×4096") one value, so a dense answer quoting the lesson's measured
    shapes and speed-ups reads as prose, not as a list of terms? (lesson 7 blind v146 l7v146-q3-010)"""
    answer = (
        "朴素 5 步合计读 5MN + 2M、写 3MN + 2M；融合读 MN、写 MN。访存受限，预测 ≈ 4 倍。实测 4096×4096 快 5.09 倍、"
        "16384×4096 快 4.79 倍，符合；4096×128 和 4096×1000 只有 2.01 和 1.61 倍，不符合，因为矩阵小，"
        "朴素实现的中间结果留在 L2 缓存，没有真的往返显存。"
    )
    assert flags("lesson07-softmax", "Q3", answer) == []


def test_lanes_of_infinities_and_exponentials_are_values_not_terms():
    """Are a row's lanes with −∞ and a row of exponentials ("[e^{−2}, e^0, 0]") one value each of a worked example,
    not a run of terms? (lesson 7 blind v146 l7v146-q1-005)"""
    answer = (
        "填 −∞：lanes = [−3, −1, −2, −5, −4, −∞, −∞, −∞]。tl.max = −1（−∞ 不胜出）。"
        "exp(x − (−1)) = [e^{−2}, e^0, e^{−1}, e^{−4}, e^{−3}, 0, 0, 0] ≈ [0.135, 1, 0.368, 0.018, 0.050, 0, 0, 0]，"
        "分母 ≈ 1.571，概率和 = 1。填 0.0：tl.max = 0（错，应为 −1），分母 ≈ 0.578 + 3 = 3.578，多出来的 3 正好是 3 个 "
        "padding lane。所以 −∞ 是两次归约的共同单位元。"
    )
    assert flags("lesson07-softmax", "Q1", answer) == []


def test_a_bare_run_of_shapes_and_terms_is_still_stuffing():
    """Is a list that only names shapes, ratios and terms still stuffing once a shape counts as one value?"""
    answer = "4096×4096；5.09 倍；16384×4096；4.79 倍；访存受限；L2；带宽；融合；latency"
    assert "stuffing" in flags("lesson07-softmax", "Q3", answer)


@pytest.mark.parametrize(
    ("text", "grand"),
    [
        # Lesson 6 blind v266 l6v266-ex-005: the only number is the value the note says it filled.
        (
            "divisor 填 n_cols 因为体现了真实元素语义和单位元原理，centered_other 填 0.0 因为 mask 传播与谓词化执行，"
            "所以保证了正确性、鲁棒性与高带宽。",
            True,
        ),
        ("centered_other 填 0.0 因为 0² = 0 是平方和的单位元，体现了 mask 和 padding 的分工。", False),
        # Lesson 6 blind v271 l6v271-ex-013: the only digits belong to a name.
        (
            "因为 divisor 体现了真实元素计数语义，centered_other 体现了单位元填充语义，所以 kernel 满足 mask 传播不变式与 "
            "fp32 累加规范。",
            True,
        ),
        ("divisor 体现了真实元素的个数：N = 100 时 mask 只放行 100 个 lane，fp32 累加不丢精度。", False),
    ],
)
def test_a_filled_value_or_a_digit_in_a_name_is_no_specific_of_praise(l6, text, grand):
    """Is praise whose only number is a filled value ("填 0.0") or a digit inside a name ("fp32") still grandiose (rounds 92 and
    95), while a sentence with a number or a formula of its own ("0² = 0", "N = 100") is not?"""
    assert (len(grandiose(prepare(text, l6), l6)) == 1) is grand
