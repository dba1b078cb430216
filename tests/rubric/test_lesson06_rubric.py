"""Lesson 6's written-answer rubric (均值方差与 Mask 二次传播): its calibration gate and its general rules.

The probes below are written in new words, not copied from the calibration set: each checks one rule of
rubric_version 3 (a wrong premise in the student's own words is vetoed or routed, a true premise is a
sound reason, a refuted or reported claim is no veto, `-mean` is a value and never `x - mean`).
"""

from collections import Counter

import pytest
from round_tables import known, round_params

from autograder.rubric import score_answer
from autograder.rubric.negation import has_cue
from autograder.rubric.reasons import stated
from autograder.rubric.textnorm import normalize

ASSIGNMENT = "lesson06-mean-var"
PASSED = {"blank": "n_cols, 0.0", "checks_passed": True}


@pytest.fixture(scope="module")
def calibration(calibrated):
    return calibrated(ASSIGNMENT)


def score(rubric, question, text, context=PASSED):
    return score_answer(rubric, question, text, context=context)


# ── the calibration set ──────────────────────────────────────────────────────────────────────────────


def test_calibration_is_valid(calibration):
    """Does the calibration file parse, with three hundred and eight blind sets appended as splits blind-v1 to blind-v308 and the not-blind dev-v23?"""
    # blind-v1 kept the 84 answers its labeller wrote; every later set has 100.
    # v23 is a dev split, not a blind one: its writer read the git log and v22 before writing.
    expected = {f"blind-v{n}": 100 for n in range(1, 309)} | {"blind-v1": 84}
    expected["dev-v23"] = expected.pop("blind-v23")
    counts = Counter(r.item.split for r in calibration.results)
    assert calibration.errors == []
    assert counts.pop("dev") > 0
    assert counts == expected


# ── wrong premises in the student's own words: vetoed (every veto goes to a TA) ───────────────────────


@pytest.mark.parametrize(
    ("question", "text", "misconception"),
    [
        (
            "Q1",
            "因为 padding lane 里其实是未初始化的垃圾，x - mean 之后更乱，所以要 tl.where 再 mask 一次。",
            "padding_garbage",
        ),
        (
            "Q1",
            "第一次求和时 tl.sum 自动忽略了 padding lane，所以均值对；x - mean 之后 padding 变成 -mean，所以要再 mask。",
            "sum_skips_masked",
        ),
        (
            "Q2",
            "除以 N 是因为 tl.sum 只累加 mask 为 True 的那 N 个元素。fp16 最大 65504，平方和会溢出，所以用 fp32。",
            "sum_skips_masked",
        ),
        (
            "Q2",
            "因为只有 N 个真实元素所以除以 N。转 fp32 是因为 tl.sum 不能处理 fp16，会编译报错。",
            "compile_reason",
        ),
        (
            "Q3",
            "因为 fp32 装不下，1e8 的平方和会溢出，所以单遍错了。maximum 防负方差，eps 防除零。",
            "fp32_overflow",
        ),
        (
            "Q3",
            "两遍比单遍快，所以本课用两遍。tl.maximum 防止负方差开方得 NaN，eps 防止方差为 0 时除以 0。",
            "one_pass_slower",
        ),
        (
            "explanation",
            "n_cols 是真实元素个数；0.0 是加法单位元。有一组偶尔不过，我把 atol 调到 1e-2 就好了。",
            "loosened_check",
        ),
        # rubric_version 4 (built on blind-v2): the same wrong premises in other words than that set's
        (
            "Q2",
            "除以 N 因为真实元素只有 N 个。先转 fp32 再累加是因为 fp32 的吞吐比 fp16 高，转了以后性能更好。",
            "fp32_for_speed",
        ),
        (
            "Q2",
            "其实除以 BLOCK_SIZE 影响不大，因为 padding 是 0。转 fp32 是因为 fp16 最大 65504，平方和会溢出。",
            "divide_by_block",
        ),
        (
            "Q3",
            "因为平方以后 fp32 存不下这么大的数，所以单遍错。maximum 防负方差开方得 NaN，eps 防除零。",
            "fp32_overflow",
        ),
        (
            "explanation",
            "n_cols 和 0.0。第二个空填多少都一样，因为被 mask 掉的 lane 求和时会被跳过。检查全过。",
            "sum_skips_masked",
        ),
        (
            "explanation",
            "n_cols 和 0.0：只有 N 个真实元素，0 是平方和的单位元。fp16 那组跑不过，我把它从检查里删掉了。",
            "loosened_check",
        ),
    ],
)
def test_a_wrong_premise_is_vetoed_and_routed(l6, question, text, misconception):
    """Is a wrong causal chain in new words vetoed, and the veto shown to a TA before it counts?"""
    scored = score(l6, question, text)
    assert misconception in {hit["id"] for hit in scored.misconceptions}
    assert (scored.veto, scored.needs_review, scored.points) == (True, True, 0.0)


# ── refuted and reported claims are no veto ──────────────────────────────────────────────────────────


def test_a_claim_refuted_with_a_dash_is_no_veto(l6):
    """Is "「1e8 会让 fp32 溢出」——不会" read as the student rejecting the claim?"""
    text = (
        '先排除一个说法："1e8 会让 fp32 溢出"——不会，fp32 最大约 3.4e38。因为均值 1e4 时两个约 1e8 的数几乎相等，'
        "fp32 在 1e8 附近间隔是 8，相减后有效数字被抵消。maximum 防舍入出的负方差，eps 防 var=0 时 1/sqrt(0)=inf。"
    )
    scored = score(l6, "Q3", text)
    assert (scored.veto, scored.points) == (False, 2.0)


def test_a_claim_called_not_the_reason_is_no_veto(l6):
    """Is "有人说是因为 tl.sum 不支持 fp16，这不是原因" no veto?"""
    text = (
        "一行只有 N 个真实元素，所以除以 N；除以 BLOCK_SIZE 均值会缩小到 N/BLOCK_SIZE。"
        "有人说转 fp32 是因为 tl.sum 不支持 fp16，这不是原因：fp16 最大 65504，平方和会溢出。"
    )
    scored = score(l6, "Q2", text)
    assert not scored.veto


# ── true premises are sound reasons; -mean is a value, x - mean is not ───────────────────────────────


def test_a_full_q1_in_new_words_is_finalized_at_full_marks(l6):
    text = (
        "输入时 padding lane 拿到 other 给的 0.0，0 是加法单位元，所以和不变、均值正确。x - mean 会作用到每个 lane，"
        "padding 从 0 变成了 -mean；因为每个 padding lane 会给平方和多贡献 mean 的平方，方差偏大，所以要用 tl.where "
        "放回 0。最后平方和除以 N 写回。"
    )
    scored = score(l6, "Q1", text)
    assert (scored.points, scored.veto, scored.needs_review) == (2.0, False, False)


def test_x_minus_mean_is_not_the_value_minus_mean(l6):
    """Does naming the subtraction `x - mean` earn nothing about what the padding lanes become?"""
    scored = score(l6, "Q1", "方差要再 mask，所以写了 tl.where(mask, x - mean, 0.0)。")
    assert "minus_mean" not in {m["concept"] for m in scored.matched}
    scored = score(l6, "Q1", "x - mean 之后 padding lane 变成 -mean，不再是 0。")
    assert "minus_mean" in {m["concept"] for m in scored.matched}


def test_true_premises_about_the_guards_are_sound(l6):
    """Are "rounding can make var negative" and "var can be exactly 0" sound reasons (no TA needed)?"""
    text = (
        "两个约 1e8 的大数相减，fp32 在 1e8 附近间隔是 8，方差被抵消。tl.maximum 是因为舍入可能让方差略小于 0，"
        "开方会得 NaN；eps 是因为方差可能恰好为 0（常数行），1/sqrt(0) 是 inf。"
    )
    scored = score(l6, "Q3", text)
    assert (scored.points, scored.needs_review) == (2.0, False)


def test_bare_precision_is_no_cancellation(l6):
    """Is "单遍不精确" (no mechanism) no credit for the cancellation the question asks about?"""
    scored = score(l6, "Q3", "单遍不精确，大偏移时误差很大，所以不用。")
    assert "cancellation" not in {m["concept"] for m in scored.matched}


def test_the_note_scores_each_value_s_reason(l6):
    """Does a note earn only for the values it gives a reason for, not for naming them?"""
    assert score(l6, "explanation", "填了 n_cols 和 0.0，检查全部通过。").points == 0.0
    assert (
        score(
            l6,
            "explanation",
            "填了 n_cols 和 0.0：只有 N 个真实元素；x - mean 后 padding 是 -mean，要放回单位元 0。检查全部通过。",
        ).points
        == 1.0
    )


# ── rubric_version 4: wrong answers routed, premises found in the second blind set ───────────────────


def test_sample_variance_is_routed(l6):
    """Is "var 除以 N-1" (the sample variance, not the lesson's) sent to a TA rather than credited?"""
    scored = score(
        l6, "Q2", "mean 除以 N，var 要除以 N-1 才是无偏的；fp16 最大 65504，平方和会溢出，所以转 fp32。"
    )
    assert "sample_variance" in {hit["id"] for hit in scored.misconceptions}
    assert scored.needs_review and not scored.veto


def test_minus_mean_alone_earns_no_reason_for_the_second_mask(l6):
    """Does "padding 变成 -mean，所以要再 mask" earn -mean but not the reason (mean² per lane)?"""
    scored = score(
        l6, "Q1", "other=0.0 让 padding 是 0，均值对。x - mean 后 padding 变成 -mean，所以要再 mask 一次。"
    )
    matched = {m["concept"] for m in scored.matched}
    assert "minus_mean" in matched and "second_mask_reason" not in matched


def test_bare_precision_for_fp32_is_a_third_of_the_concept(l6):
    """Is "转 fp32 是为了精度" worth a third of the fp32 concept, and the mechanism all of it?"""
    half = "只有 N 个真实元素，所以除以 N；除以 BLOCK_SIZE 均值会偏小。"
    bare = score(l6, "Q2", half + "fp16 转 fp32 是为了精度更高。")
    full = score(l6, "Q2", half + "fp16 最大 65504，平方和会溢出成 inf，所以转 fp32。")
    assert full.points - bare.points == pytest.approx(0.5)


def test_true_premises_of_the_second_blind_set_are_sound(l6):
    """Are "0 让和不变，但个数只有 N 个" and "两遍先减均值再平方" sound, so no TA is needed?"""
    q2 = (
        "padding 的 0 让和不变，但个数还是只有 7 个，所以分母是 N；除以 BLOCK_SIZE 均值会缩小到 7/8。"
        "fp16 只有 11 位有效位、最大 65504，平方和很容易变 inf，而且和大了以后小的数加不进去，所以先转 fp32 再累加。"
    )
    assert score(l6, "Q2", q2).needs_review is False
    q3 = (
        "均值 1e4 时两个约 1e8 的数几乎相等，fp32 在 1e8 附近间隔是 8，相减后有效数字被抵消。"
        "两遍算法先减均值再平方，所以没有这个问题。tl.maximum 防舍入出的负方差开方得 NaN，eps 防 var=0 时 1/sqrt(0)=inf。"
    )
    scored = score(l6, "Q3", q3)
    assert (scored.points, scored.needs_review) == (2.0, False)


# ── rubric_version 5 (built on blind-v3) ─────────────────────────────────────────────────────────────


def test_cancellation_without_its_mechanism_is_half(l6):
    """Does "两个大数相减，精度没了" earn half the cancellation, and the fp32 digits all of it?"""
    guards = "tl.maximum 防止负方差开方得 NaN，eps 防止方差为 0 时 rsqrt(0) = inf。"
    bare = score_answer(l6, "Q3", "均值 1e4 时两个大数相减，精度就没了，所以单遍不行。" + guards)
    digits = score_answer(
        l6,
        "Q3",
        "均值 1e4 时 mean(x²) 和 mean² 都约 1e8，fp32 只有 7 位有效数字，相减后抵消，所以单遍不行。" + guards,
    )
    assert digits.points - bare.points == pytest.approx(0.5)


@pytest.mark.parametrize(
    "text",
    [
        "单遍公式得对 x 和 x² 分别读一次显存，所以比两遍还慢，这才不用它。maximum 防负数，eps 防除 0。",
        "1e4 时误差大是因为求和顺序和 torch 不同。maximum 防负方差，eps 防除零。",
    ],
)
def test_new_wrong_chains_of_q3_are_vetoed_or_routed(l6, text):
    s = score_answer(l6, "Q3", text)
    assert s.veto or s.needs_review


def test_second_mask_called_optional_is_routed(l6):
    text = "x - mean 后 padding 是 -mean，但多出来的误差很小，完全可以忽略，tl.where 只是为了保险。"
    assert score_answer(l6, "Q1", text).needs_review


# ── rubric_version 6 (built on blind-v4): the gate, the note against the submission, arrow chains ─────


def test_note_naming_another_value_than_the_blank_is_routed(l6):
    """A note saying 0.0 for code that holds 1e-5 earns nothing silently: a TA sees the contradiction."""
    text = "除数填 n_cols，只有 n_cols 个真实元素；第二个空填 0.0，它是加法单位元。可见检查通过。"
    s = score(l6, "explanation", text, {"blank": "n_cols, 1e-5", "checks_passed": True})
    assert s.needs_review and "contradicts_code" in s.flags and s.points == 0


def test_note_claiming_a_pass_against_a_failed_run_is_routed(l6):
    text = "n_cols 和 0.0 都填对了，所有检查都通过了。"
    s = score(l6, "explanation", text, {"blank": "BLOCK_SIZE, 0.0", "checks_passed": False})
    assert s.needs_review and "contradicts_code" in s.flags


def test_a_chain_of_terms_joined_by_arrows_is_routed(l6):
    text = "大偏移 → 两个大数相减 → 有效位丢失 → fp32 间隔 8 → 负方差 → 截断 → 开方 NaN → eps → rsqrt 除零 → 两遍算法"
    assert score(l6, "Q3", text).needs_review


def test_the_roles_of_the_two_guards_swapped_is_routed(l6):
    text = (
        "单遍在 1e4 的行上两个约 1e8 的数相减，fp32 只有 7 位有效数字，相减后抵消。"
        "clamp 是防止方差等于 0 时 rsqrt 得到 inf；eps 防的是舍入造成的负方差。"
    )
    assert score(l6, "Q3", text).needs_review


def test_one_pass_blamed_on_the_padding_mean_square_is_vetoed_or_routed(l6):
    text = (
        "单遍公式里 padding lane 也被减了 mean²，所以算出来方差偏小，甚至为负。maximum 防负数，eps 防除零。"
    )
    s = score(l6, "Q3", text)
    assert s.veto or s.needs_review


def test_an_unread_claim_about_speed_goes_to_a_ta(l6):
    """The confidence gate: a clause about speed or registers that no pattern reads is not scored silently."""
    for text in [
        "均值对是因为 padding 是 0。tl.where 再 mask 一次是为了性能，被 mask 的 lane 就不用再做乘法了。",
        "均值对是因为 padding 是 0。再 mask 一次能让 GPU 跳过这些 lane 的平方，跑得更快。",
    ]:
        assert score(l6, "Q1", text).needs_review


def test_the_gpu_a_note_ran_on_is_a_place_and_a_claim_about_it_is_still_read(l6):
    """Is the GPU a note says it ran on ('在实验室的 GPU 上跑', '# GPU (cuda) 上可见检查全部通过', 'GPU 运行，…' of lesson 6
    version 102, '…，GPU 上跑的' of version 109) a place, not a claim a TA must confirm, while a claim about that GPU
    ('在实验室的 GPU 上 padding lane 会被硬件自动跳过', 'GPU 运行时 padding lane 会被硬件自动跳过') still goes to one?"""
    context = {"blank": "n_cols, 0.0", "checks_passed": True}
    reasons = "divisor 填 n_cols：只有 N 个真实元素。centered_other 填 0.0：x - mean 后 padding 是 -mean，要放回单位元 0。"
    places = [
        "在实验室的 GPU 上跑，可见检查一次通过。",
        "# GPU (cuda) 上可见检查全部通过",
        "GPU 运行，可见检查全部通过。",
    ]
    for place in places + [
        "# GPU (cuda) 运行，可见检查 4 个形状一次通过",
        "GPU 运行：可见检查 12 项全部通过。",
        "可见检查全部通过，GPU 上跑的。",  # version 109
        "可見檢查第一次就全部通過（GPU，record.show() 有輸出）。",
    ]:
        assert not score(l6, "explanation", reasons + place, context).needs_review
    for claim in [
        "在实验室的 GPU 上 padding lane 会被硬件自动跳过。",
        "GPU 运行时 padding lane 会被硬件自动跳过。",
    ]:
        assert score(l6, "explanation", reasons + claim, context).needs_review


# ── rubric_version 7 (built on blind-v5): the same kinds of claim, in this file's own words ───────────


@pytest.mark.parametrize(
    ("question", "text", "misconception"),
    [
        (
            "Q1",
            "padding 那几个 lane 本来就不参加求和，所以均值对；x - mean 之后它们变成 -mean，所以要再 mask。",
            "sum_skips_masked",
        ),
        (
            "Q1",
            "load 时 mask 告诉求和哪些位置有效，所以均值对；x - mean 以后张量上的 mask 丢失了，所以要再 mask。",
            "sum_skips_masked",
        ),
        (
            "Q1",
            "均值对是因为 padding 是 0。x - mean 以后 padding 是 -mean，平方以后得到负数，让方差变小，所以要再 mask。",
            "square_negative",
        ),
        (
            "Q2",
            "因为除以 BLOCK_SIZE 这种 2 的幂时浮点会产生舍入误差，所以除以 N。fp16 最大 65504，平方和会溢出。",
            "pow2_division_inexact",
        ),
        (
            "Q3",
            "单遍要多维护一个平方和的累加器，寄存器压力大，所以跑得更慢。maximum 防负方差，eps 防除零。",
            "one_pass_slower",
        ),
        (
            "Q3",
            "单遍公式里 mean * mean 在整个 block 上广播，padding 也减了一份，所以误差很大。maximum 防负方差，eps 防除零。",
            "one_pass_padding",
        ),
    ],
)
def test_round7_a_wrong_chain_in_any_wording_is_vetoed(l6, question, text, misconception):
    """Does the rubric veto (and show a TA) "padding 不参加求和 / mask 告诉 tl.sum", "(−mean)² 是负数", "除以 2 的幂
    有舍入误差", "寄存器压力让单遍更慢" and "mean² 广播到整个 block" as reasons, in any wording?"""
    scored = score(l6, question, text)
    assert misconception in {hit["id"] for hit in scored.misconceptions}
    assert scored.veto and scored.needs_review


def test_round7_a_fill_of_one_is_routed_in_q1(l6):
    """Is "第二次 mask 应该把 padding 放成 1.0（乘法单位元）" in Q1 a wrong value a TA grades, not a silent score?"""
    text = (
        "x - mean 以后 padding 是 -mean；后面要相乘，所以第二次 mask 应该把 padding 放成 1.0，乘法的单位元。"
    )
    scored = score(l6, "Q1", text)
    assert "fill_one" in {hit["id"] for hit in scored.misconceptions} and scored.needs_review


def test_round7_the_result_being_garbage_is_no_padding_garbage(l6):
    """Is "the one-pass result is garbage" (a cancelled variance) no claim that the padding holds garbage?"""
    text = (
        "With a mean of 1e4 both E[x^2] and mean^2 are near 1e8, where float32 has a spacing of 8, so the "
        "difference is garbage and may be negative: catastrophic cancellation. max(var, 0) removes the negative "
        "variance before the sqrt gives NaN; eps avoids dividing by zero when var is exactly 0."
    )
    scored = score(l6, "Q3", text)
    assert not scored.veto and scored.points == 2.0


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "Q2",
            "每行只有 n_cols 个真实元素，分子只含 N 个真实值，所以分母也是 N；除以 BLOCK_SIZE 会偏小。fp16 最大 65504 会溢出。",
        ),
        (
            "Q2",
            "The padding lanes contribute 0 to the sum, so the sum is right; dividing by BLOCK_SIZE shrinks the mean. fp16 overflows past 65504.",
        ),
        (
            "Q3",
            "1e8 附近 fp32 间隔是 8，两个大数相减有效位抵消。maximum 挡负方差，否则 sqrt 得 NaN；eps 挡 var=0，否则 rstd=inf。",
        ),
        (
            "Q1",
            "0 是加法单位元，所以均值对。The mask only guards the load and does not travel with the data. "
            "So the padding lanes become -mean, and the variance sums (x - mean)^2, so each adds mean^2.",
        ),
        (
            "explanation",
            "除数写 n_cols，因为除数应是真实元素个数；若除以 BLOCK_SIZE 会得到 3.125，所以 n_cols 才对。",
        ),
        (
            "explanation",
            "第二个空填 0.0，因为 x - mean 后 padding 是 -mean，要变回加法的单位员 0，不然平方和会多。",
        ),
    ],
)
def test_round7_true_premises_are_sound(l6, question, text):
    """Are true premises in students' words ("分子只含 N 个真实值", "padding contributes 0", "否则 rstd=inf")
    sound reasons, scored without a TA?"""
    scored = score(l6, question, text)
    assert "unknown_premise" not in scored.flags and not scored.veto


def test_round7_steps_of_8_and_exactly_zero_variance_are_read(l6):
    """Are fp32's "steps of 8 near 1e8" (the cancellation with its mechanism) and "var is exactly 0" (eps) read?"""
    text = (
        "Both terms are about 1e8 and fp32 can only resolve steps of 8 there, so subtracting them loses the answer. "
        "tl.maximum removes a slightly negative variance before the sqrt; eps keeps rstd finite when var is exactly 0."
    )
    scored = score(l6, "Q3", text)
    assert {"cancellation", "eps_reason"} <= {m["concept"] for m in scored.matched}
    assert "stand_in:cancellation" not in scored.flags


# ── rubric_version 8 (built on blind-v6): general rules, in this file's own words ─────────────────────


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # The words of a fact, stating something false or foreign: no premise is sound by naming them.
        (
            "Q2",
            "除以 N 是因为 SM 的个数是 2 的幂，所以均值正确。fp16 最大 65504，平方和会溢出，所以转 fp32。",
        ),
        (
            "Q3",
            "单遍公式出错是因为 1e8 让线程互相干扰。maximum 防负方差开方出 NaN，eps 防方差为 0 时除以 0。",
        ),
        (
            "Q3",
            "因为 H200 处理大数比较慢，所以单遍公式不准。maximum 防负方差开方出 NaN，eps 防方差为 0 时除以 0。",
        ),
        (
            "Q1",
            "load 时 other=0.0，0 是加法单位元，所以均值对。x - mean 后 padding 是 -mean，因为每个 lane 有自己的寄存器，所以方差错了。",
        ),
    ],
)
def test_round8_the_words_of_a_fact_make_no_premise_sound(l6, question, text):
    """Does a premise that only names a fact's words ("2 的幂", "1e8", "大数", "每个 lane") while claiming
    something else go to a TA, instead of reading as the true statement it borrows them from?"""
    scored = score(l6, question, text)
    assert scored.needs_review


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "Q2",
            "只有 N 个真实元素，所以除以 N。N 正好是 2 的幂时两种除法相同，所以只用 2 的幂宽度测不出区别。fp16 最大 65504，平方和会溢出，所以转 fp32。",
        ),
        (
            "Q2",
            "只有 N 个真实元素，所以除以 N；N=257 时 BLOCK=512，所以除以 BLOCK_SIZE 均值几乎只剩一半。fp16 最大 65504，平方和会溢出，所以转 fp32。",
        ),
        (
            "Q3",
            "均值 1e4 时 mean(x²) 和 mean(x)² 都约 1e8，两个大数相减，fp32 的间隔是 8，所以约 1 的方差被抵消。maximum 防负方差开方出 NaN，eps 防方差为 0 时除以 0。",
        ),
    ],
)
def test_round8_true_premises_stay_sound(l6, question, text):
    """Are the true claims the audited facts keep (N a power of two as a condition, the block a width
    launches with, the sums near 1e8 and fp32's spacing) still sound premises, finalized at full marks?"""
    scored = score(l6, question, text)
    assert "unknown_premise" not in scored.flags and scored.points == 2


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "Q3",
            "单遍公式两个约 1e8 的大数相减，fp32 的间隔是 8，所以抵消。两遍算法反而快 3 倍，因为用了 8 个 warp。maximum 防负方差开方出 NaN，eps 防方差为 0 时除以 0。",
        ),
        (
            "Q2",
            "除以 N：N 是真实元素个数，这样是为了和 64 字节的缓冲区对齐。fp16 只有 11 位有效位、最大 65504，所以转 fp32 累加。",
        ),
        (
            "Q1",
            "load 时 other=0.0，0 是加法单位元，所以均值对。x - mean 后 padding 变成 -mean，由于寄存器会被重用，方差偏大，于是再 mask。",
        ),
    ],
)
def test_round8_the_machine_or_a_speed_multiple_as_a_reason_is_routed(l6, question, text):
    """Is a conclusion resting on the machine (warps, alignment buffers, registers reused) or a speed
    multiple ("快 3 倍") sent to a TA instead of keeping its credit silently?"""
    assert score(l6, question, text).needs_review


def test_round8_where_values_live_is_no_register_claim(l6):
    """Is "the padding lanes get 0.0 directly in registers" read as a place, not a claim to check?"""
    text = "输入：tl.load 带 mask 和 other=0.0，padding lane 不读显存，在寄存器里直接得到 0.0，0 是加法单位元，所以均值对。x - mean 后 padding 变成 -mean，平方后每个多 mean²，所以要 tl.where 再 mask 回 0，最后除以 N 得方差写回。"
    scored = score(l6, "Q1", text)
    assert not scored.needs_review and scored.points == 2


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("divisor 填 n_cols，因为只有 N 个真实元素；0.0 是加法单位元。另外我测出来带宽有 2500 GB/s。", True),
        (
            "divisor 填 n_cols，因为只有 N 个真实元素；0.0 是加法单位元。I measured 0.05 ms per call on my machine.",
            True,
        ),
        (
            "divisor 填 n_cols，因为只有 N 个真实元素；0.0 是加法单位元。讲义里测得两遍 2662 GB/s，所以不慢。",
            False,
        ),
    ],
)
def test_round8_an_own_measurement_is_routed(l6, text, routed):
    """Is a speed or time figure the student says it measured routed to a TA (where it ran is on the run
    record), while a figure quoted from the lesson is not?"""
    scored = score(l6, "explanation", text)
    assert any(f == "suspect:own_measurement" for f in scored.flags) is routed


@pytest.mark.parametrize(
    ("text", "veto"),
    [
        ("除数用哪个都可以，用 N 只是约定。fp16 最大 65504，平方和会溢出，所以转 fp32。", True),
        (
            "只有 N 个真实元素，所以除以 N；N=1 时 BLOCK_SIZE 也是 1，除哪个都一样，看不出错。fp16 最大 65504，会溢出，所以转 fp32。",
            False,
        ),
    ],
)
def test_round8_the_divisor_called_free_is_vetoed(l6, text, veto):
    """Is "either divisor will do" vetoed, while the true coincidence of a width whose block equals it
    ("N=1 时除哪个都一样") is not?"""
    assert score(l6, "Q2", text).veto is veto


def test_round8_a_truncated_block_and_fp32_for_speed(l6):
    """Is "Triton 会把 BLOCK_SIZE 缩到 N" routed, and fp32 chosen "因为 fp32 算得快" vetoed in any clause?"""
    truncated = score(
        l6, "Q2", "因为编译器会自动把 BLOCK_SIZE 缩到 N，所以除以 N。fp16 最大 65504，会溢出，所以转 fp32。"
    )
    assert truncated.needs_review and "block_truncated" in {m["id"] for m in truncated.misconceptions}
    speed = score(l6, "Q2", "只有 N 个真实元素，所以除以 N。转成 fp32 再累加，是因为 GPU 上 fp32 跑得快。")
    assert speed.veto and "fp32_for_speed" in {m["id"] for m in speed.misconceptions}


def test_round8_a_sample_variance_divisor_in_the_note_is_routed(l6):
    """Is a note that divides by N − 1 (the sample variance) routed, while an index x(N−1) in a sum is
    no divisor?"""
    note = score(
        l6,
        "explanation",
        "divisor 我写的 n_cols - 1，统计里方差应该用无偏的；0.0 是加法单位元。",
        {"blank": "n_cols - 1, 0.0", "checks_passed": False},
    )
    assert note.needs_review and "suspect:sample_variance" in note.flags
    index = score(
        l6,
        "Q1",
        "和 = x0 + … + x(N−1) + 0 + 0，所以均值是真实和除以 N。x - mean 后 padding 变成 -mean，平方后每个多 mean²，所以再 mask。",
    )
    assert "suspect:sample_variance" not in index.flags


def test_round8_rather_than_zero_is_no_padding_change(l6):
    """Is "max 要填 -inf 而不是 0" (another fill contrasted with 0) never read as the padding no longer
    being 0 after x - mean?"""
    scored = score(l6, "Q1", "如果是求最大值，other 应该填 -inf 而不是 0，所以 BLOCK 取 2 的幂。")
    assert "minus_mean" not in {m["concept"] for m in scored.matched}


def test_round8_the_square_of_minus_mean_entering_the_sum_is_the_reason(l6):
    """Does "padding 平方后就是 mean²，会加进平方和" earn the reason for the second mask?"""
    scored = score(
        l6,
        "Q1",
        "x - mean 之后 padding lane 是 -mean，它平方后就是 mean²，都会加进平方和，所以要再 mask 成 0。",
    )
    assert "second_mask_reason" in {m["concept"] for m in scored.matched}


@pytest.mark.parametrize(
    "text",
    [
        "N counts how many real values a row has; N is how many real numbers are in the row, so we divide by N.",
        "padding 只是补上的 0，不算数据，所以除以 N。",
    ],
)
def test_round8_the_divisor_s_reason_in_other_words(l6, text):
    """Is the divisor's reason read in other words ("how many real numbers", "不算数据")?"""
    scored = score(l6, "Q2", text + " fp16 最大 65504，平方和会溢出，所以转 fp32。")
    assert "divide_by_n" in {m["concept"] for m in scored.matched}


@pytest.mark.parametrize(
    ("question", "text", "sound"),
    [
        ("Q3", "eps 防方差正好为 0 的情况，否则 rstd = 1/0 = inf。", True),
        (
            "Q3",
            "tl.maximum 把 var 截到 0：a tiny negative variance from rounding would make sqrt give NaN, so we clamp.",
            True,
        ),
        ("Q3", "方差约 1，比 fp32 在 1e8 处的间隔还小，所以相减之后剩下的全是舍入误差。", True),
        ("Q2", "padding 只是为了凑 2 的幂，所以除数要用 N 而不是 BLOCK_SIZE。", True),
        ("Q1", "第二次求和前 tl.where(mask, x - mean, 0.0) → padding 回到 0 → 方差正确。", True),
        # The same words beside a false or foreign claim: no premise is sound by quoting the code.
        ("Q1", "tl.where(mask, x - mean, 0.0) 会告诉编译器哪些 lane 有效，所以方差正确。", False),
        ("Q3", "rstd 等于 1/0 时 GPU 会自动跳过这一行，所以 eps 不重要。", False),
    ],
)
def test_round8_true_premises_in_new_forms_and_their_false_twins(l6, question, text, sound):
    """Are the premises round 8 added read only as the true statements they are (1/0 = inf, a negative
    variance from rounding, a variance below fp32's spacing, padding only there to reach a power of two, the
    second mask applied as a whole step), and their words beside a false claim still sent to a TA?"""
    scored = score(l6, question, text)
    if sound:
        assert "unknown_premise" not in scored.flags
    else:
        assert scored.needs_review


@pytest.mark.parametrize(
    ("question", "text", "routed"),
    [
        # A credited conclusion through a purpose the rubric does not know: a TA reads it.
        (
            "Q1",
            "load 时 other=0.0，0 是加法单位元，所以均值对。x - mean 后 padding 变成 -mean；tl.where 用来告诉 GPU 哪些 lane 要算，从而方差正确。",
            True,
        ),
        (
            "Q3",
            "单遍公式不准，是为了少读一次显存的缘故。maximum 防负方差开方出 NaN，eps 防方差为 0 时除以 0。",
            True,
        ),
        # The lesson's own purposes are read.
        (
            "Q2",
            "只有 N 个真实元素，padding 只是为了凑 2 的幂，所以除以 N；除以 BLOCK_SIZE 均值会变成 0.78 倍。转 fp32 是为了防止溢出：fp16 最大 65504。",
            False,
        ),
        (
            "explanation",
            "divisor 填 n_cols，因为只有 N 个真实元素；centered_other 填 0.0 是为了让 padding 在平方和里是 0。",
            False,
        ),
    ],
)
def test_round8_a_purpose_is_judged_as_a_reason(l6, question, text, routed):
    """Is a purpose clause ("用来 …，从而", "是为了 … 的缘故") judged like a reason: a foreign purpose behind a
    credited conclusion goes to a TA, while the lesson's own purposes (凑 2 的幂, 防止溢出, 让 padding 是 0) are
    read?"""
    scored = score(l6, question, text)
    assert ("unknown_premise" in scored.flags or "unread" in scored.flags) is routed


@pytest.mark.parametrize(
    ("question", "text", "routed"),
    [
        (
            "Q1",
            "load 时 other=0.0，0 是加法单位元，所以均值对。x - mean 后 padding 变成 -mean，于是 GPU 把这些 lane 当成无效的，因此方差偏大，要再 mask。",
            True,
        ),
        (
            "Q3",
            "单遍公式在均值 1e4 时两项都约 1e8，相减抵消，fp32 间隔 8，所以错。我本地跑过，两遍比单遍慢 5%。maximum 防负方差开方 NaN，eps 防方差为 0 时除以 0。",
            True,
        ),
        # Where it ran is a place, no claim about the GPU.
        (
            "explanation",
            "divisor 填 n_cols，因为只有 N 个真实元素；0.0 是加法单位元。可见检查在 GPU 上全部通过。",
            False,
        ),
    ],
)
def test_round8_a_gpu_claim_or_an_own_timing_is_routed(l6, question, text, routed):
    """Is a claim about what the GPU does, or a timing the student ran itself (after a comma), sent to a TA,
    while "checks passed on the GPU" is read as a place?"""
    assert score(l6, question, text).needs_review is routed


def test_round8_fp32_for_tensor_cores_is_vetoed(l6):
    """Is fp32 accumulation offered for speed ("目的是利用 tensor core 提速") vetoed like any speed reason?"""
    scored = score(l6, "Q2", "只有 N 个真实元素，所以除以 N。转 fp32 累加，目的是用 tensor core 加速。")
    assert scored.veto and "fp32_for_speed" in {m["id"] for m in scored.misconceptions}


@pytest.mark.parametrize(
    ("question", "text", "flagged"),
    [
        (
            "Q2",
            "只有 N 个真实元素，所以除以 N；除以 BLOCK_SIZE 时均值只有 0.78 倍，原因是 fp16 的舍入。fp16 最大 65504，会溢出，所以转 fp32。",
            True,
        ),
        (
            "explanation",
            "divisor 填 n_cols，因为只有 N 个真实元素；0.0 是单位元。填 1.0 时方差多了 0.28，这是 eps 导致的。",
            True,
        ),
        (
            "Q3",
            "单遍公式在 1e4 的行上相对误差很大，是由于 warp 调度的顺序不同。maximum 防负方差开方 NaN，eps 防方差为 0 时除以 0。",
            True,
        ),
        # The lesson's own causes of the same numbers.
        (
            "Q2",
            "除以 BLOCK_SIZE 均值是 0.78 倍，因为 padding 的 0 被算进了个数。fp16 最大 65504，会溢出，所以转 fp32。",
            False,
        ),
        (
            "Q3",
            "单遍公式会算出负方差，因为舍入误差比真实方差还大。maximum 防负方差开方 NaN，eps 防方差为 0 时除以 0。",
            False,
        ),
    ],
)
def test_round8_a_number_pinned_on_a_foreign_cause_is_routed(l6, question, text, flagged):
    """Is one of the lesson's numbers (0.78, 0.28, the one-pass error) pinned on a cause that is not its own
    (rounding, eps, warps) routed to a TA instead of earning the number's credit silently, while the lesson's
    own causes (the padding counted, rounding larger than the variance) are not flagged?"""
    scored = score(l6, question, text)
    assert ("suspect:number_wrong_cause" in scored.flags) is flagged
    if flagged:
        assert scored.needs_review


# ── round 9 (rubric_version 9, built on blind v7) ─────────────────────────────────────────────────────

_CANCEL = "它错在两个约 1e8 的数相减，fp32 在 1e8 附近间隔 8，灾难性抵消。"


@pytest.mark.parametrize(
    "text",
    [
        "单遍公式得先后两次读取显存，所以本课不用它。",
        "因为单遍把整行读了两遍，带宽减半，所以不用。",
        "单遍公式的访存量翻倍，因此课里选两遍。",
        "单遍更费带宽，所以本课不用它。",
        "The one-pass kernel has to load the row twice, so we avoid it.",
        "We skip one-pass because it halves the effective bandwidth.",
        "One-pass doubles the memory traffic, which is why the lesson uses two passes.",
    ],
)
def test_round9_a_traffic_premise_for_rejecting_one_pass_is_vetoed(l6, text):
    """Is any traffic or bandwidth premise for not using one-pass (it reads the data twice, halves the
    bandwidth, doubles the traffic) vetoed in any wording, even when the verdict it reaches is right?"""
    scored = score(l6, "Q3", text)
    assert scored.veto and "one_pass_slower" in {m["id"] for m in scored.misconceptions}


@pytest.mark.parametrize(
    "text",
    [
        "单遍只读一次数据，而两遍的版本要读两遍；" + _CANCEL,
        "单遍和两遍的带宽几乎一样（都在 2.6 TB/s 左右）。" + _CANCEL,
        "单遍的带宽并不会减半，" + _CANCEL,
        "One-pass reads the row once, not twice. " + _CANCEL,
        "常见的说法是单遍要读两遍数据，其实不会，它只读一遍。" + _CANCEL,
        "要是单遍真的读两次显存，带宽才会减半；但它只读一次。" + _CANCEL,
    ],
)
def test_round9_true_statements_about_one_pass_traffic_are_no_veto(l6, text):
    """Are the false twins of that chain (one-pass reads once, the bandwidths are alike, a denied or
    refuted or imagined 'reads twice') free of any veto?"""
    assert not score(l6, "Q3", text).veto


def test_round9_a_refuted_tempting_explanation_is_no_veto(l6):
    """Is "A tempting explanation is X. It does not: …" (X a known wrong chain) read as the student
    rejecting X, with no veto and no route, while X said plainly stays vetoed?"""
    told = (
        'A tempting explanation is "the squares overflow fp32". It does not: 1e8 is far below 3.4e38. '
        "The sums are two nearly equal numbers near 1e8 and fp32 spacing there is 8, so their difference cancels. "
        "tl.maximum prevents a negative variance (NaN after sqrt); eps prevents 1/sqrt(0) = inf."
    )
    scored = score(l6, "Q3", told)
    assert not scored.veto and not scored.needs_review and scored.points == 2.0
    assert score(l6, "Q3", "x² overflows in fp32, so one-pass is wrong.").veto


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q1", "0 加进去不影响", True),
        ("Q1", "1 加进去不影响", False),
        ("Q1", "0 加进去会变", False),
        ("Q2", "N 是真实列数", True),
        ("Q2", "N 是矩阵的行数", False),
        ("Q2", "padding lane 在总和里是 0", True),
        ("Q2", "padding lane 在总和里是 1", False),
        ("Q3", "eps 放在开方之前", True),
        ("Q3", "eps 放在开方之后", False),
        ("Q2", "LayerNorm 用的是总体方差", True),
        ("Q2", "LayerNorm 用的是样本方差", False),
        ("explanation", "centered_other is 0.0", True),
        ("explanation", "centered_other is 1.0", False),
        ("Q1", "平方和从 10 变成 10 + 8 = 18", True),
        ("Q1", "平方和从 10 变成 12 + 8 = 20", False),
        ("Q2", "sum 只含真实元素", True),
        ("Q2", "sum 只含 padding", False),
        ("Q2", "fp16 在 2048 到 4096 之间相邻两个数差 2", True),
        ("Q2", "fp16 在 2048 到 4096 之间相邻两个数差 1", False),
        ("Q1", "the identity that kept the first sum right is gone", True),
        ("Q1", "the identity is not gone", False),
        ("Q2", "the count of real elements belongs in the denominator", True),
        ("Q2", "the count of all lanes belongs in the denominator", False),
    ],
)
def test_round9_true_premises_and_their_false_twins(l6, question, premise, sound):
    """Are the premises round 9 made facts (0 added changes nothing, N the real column count, the padding
    0 in the sum, eps before the root, LayerNorm's population variance, other is 0.0, a worked excess, the
    sum holding only real elements, fp16's spacing, the identity gone) read as sound, while the same words
    with a false claim are not?"""
    assert known(l6, question, premise) is sound


def test_round9_a_name_mapped_by_an_arrow_is_no_premise(l6):
    """Is "divisor → n_cols（…）；centered_other → 0.0（…）" a label mapped to its value, not a causal clause
    whose premise is the bare name?"""
    note = "divisor → n_cols（real count N）；centered_other → 0.0（sum 的 identity）。检查全过。"
    assert "unknown_premise" not in score(l6, "explanation", note).flags


@pytest.mark.parametrize(
    ("text", "routed", "veto"),
    [
        (
            "n_cols 是真实元素个数；0.0 是加法单位元。我临时把 centered_other 改成 1.0 看了一眼，(4,100) 的 var 就挂了。",
            False,
            False,
        ),
        (
            "n_cols 是真实元素个数；0.0 是加法单位元。一开始第二个空填的 1.0，宽度 100 的 var 大了 0.28，改回 0.0 后全过。",
            False,
            False,
        ),
        ("centered_other 填 1.0，因为乘法单位元是 1。", True, False),
        ("一开始我填的 0.0，因为 tl.sum 会跳过 padding lane，所以填什么都行。", True, True),
    ],
)
def test_round9_a_value_tried_for_a_while_is_no_claim(l6, text, routed, veto):
    """Is a value the note says it tried only for a while or first ("临时改成 1.0", "一开始填的 1.0") an
    experiment rather than a fill the student defends, while a 1.0 defended as the identity still routes and
    a wrong chain after 一开始 is still vetoed?"""
    scored = score(l6, "explanation", text)
    assert (scored.needs_review, scored.veto) == (routed, veto)


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q2", "大和加小数会丢项", True),
        ("Q2", "大和加小数不会丢项", False),
        ("Q1", "c_j = x_j - μ for all j", True),
        ("Q1", "c_j = x_j - μ for j < N only", False),
    ],
)
def test_round9_more_true_premises_and_their_false_twins(l6, question, premise, sound):
    """Are fp16 losing small addends to a large sum and the elementwise centring formula for all lanes read
    as sound, and their negated or restricted twins not?"""
    assert known(l6, question, premise) is sound


def test_round9_operators_in_words_and_an_index_are_read(l6):
    """Are "0 减 mu 等于 负 mu" and "(BLOCK 减 N) 乘 mu 的平方" read as the padding's -mean and its excess, and
    an index x_(N-1) never as the sample variance's N - 1?"""
    text = (
        "输入：j 大于等于 N 时为 0，加零不改变和，所以均值正确。状态：j 大于等于 N 时得到 0 减 mu 等于 负 mu。"
        "输出：平方和多出 (BLOCK 减 N) 乘 mu 的平方，所以要 tl.where 把它们置 0，再除以 N。和是 x_0 加到 x_(N-1)。"
    )
    scored = score(l6, "Q1", text)
    assert "minus_mean" not in scored.missing
    assert not any(f.startswith("suspect:sample_variance") for f in scored.flags)


# ── round 10 (blind v8) ──────────────────────────────────────────────────────────────────────────────

STRIDE = {"blank": "x_row_stride, 0.0", "checks_passed": True}


@pytest.mark.parametrize(
    ("question", "text", "context", "vetoed"),
    [
        # The squaring blamed for the padding; x - mean called harmless.
        (
            "Q1",
            "x - mean 这一步本身没问题，麻烦出在平方：平方之后 padding 就不再是单位元了，所以要再 mask。",
            None,
            True,
        ),
        (
            "Q1",
            "The problem is in the squaring: zero is not the multiplicative identity, so we mask again.",
            None,
            True,
        ),
        ("Q1", "Subtracting the mean is harmless; squaring breaks the padding, so mask again.", None, True),
        ("Q1", "问题不在平方，0 的平方还是 0；问题出在 x - mean 把 padding 变成 -mean。", None, False),
        ("Q1", "x - mean 这一步对真实元素没问题，但 padding 会变成 -mean，所以要再 mask。", None, False),
        (
            "Q1",
            "x - mean 之后 padding 变成 -mean，平方之后是 mean²，所以平方和多出 mean²，要用 tl.where 放回 0。",
            None,
            False,
        ),
        # A loss of precision from dividing by a power of two.
        ("Q2", "除以 BLOCK_SIZE 这种 2 的幂会让精度不够，所以除以 n_cols。", None, True),
        (
            "Q2",
            "除以 N 因为只有 N 个真实元素。除以 2 的幂其实是精确的，只改指数。fp16 范围只有 65504，所以转 fp32。",
            None,
            False,
        ),
        # fp16 sums truncated to integers; a named magnitude is true.
        ("Q2", "fp16 下 tl.sum 会把和截成整数，所以要转 fp32。", None, True),
        (
            "Q2",
            "除以 N 因为只有 N 个真实元素。fp16 tl.sum truncates the result to an integer, so cast to fp32.",
            None,
            True,
        ),
        ("Q2", "fp16 在 2048 以上间距是 2，大于 1024 的和只能取整数，所以转 fp32 累加。", None, False),
        (
            "Q2",
            "除以 N 因为只有 N 个真实元素。fp16 sums above 1024 round to integers, so accumulate in fp32.",
            None,
            False,
        ),
        # The row stride as the row's element count; contiguity named is true.
        ("explanation", "divisor 填 x_row_stride，因为 stride 就是每行的元素个数。", STRIDE, True),
        (
            "explanation",
            "I used x_row_stride since the stride is the number of elements in a row.",
            STRIDE,
            True,
        ),
        (
            "explanation",
            "divisor 填 x_row_stride：对连续输入 stride 和 n_cols 相等，所以检查能过，但它是行距，不是元素个数。",
            STRIDE,
            False,
        ),
        ("explanation", "stride 是相邻两行起点的距离，只有连续时才和 n_cols 一样。", STRIDE, False),
    ],
)
def test_round10_wrong_chains_vetoed_in_any_wording(l6, question, text, context, vetoed):
    """Does the rubric veto the wrong chains blind v8 showed in any wording (the squaring blamed for the padding,
    dividing by a power of two losing precision, fp16 sums truncated to integers, the stride as the row's element
    count), and never their true twins in the same words (0² = 0, the division exact, a magnitude named, the
    stride equal to n_cols only for a contiguous input)?"""
    scored = score(l6, question, text, context or PASSED)
    assert scored.veto is vetoed


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q1", "0 加上去没有变化", True),
        ("Q1", "0 加上去有变化", False),
        ("Q1", "other 的值恰好是这次归约的单位元", True),
        ("Q1", "1 是 sum 的 identity", False),
        ("Q1", "padding lane = 0，是 sum 的 identity", True),
        ("Q1", "padding lane = 1.0，是 sum 的 identity", False),
        ("Q1", "x - mean 会改变 padding 的值", True),
        ("Q1", "x - mean 不会改变 padding 的值", False),
        ("Q1", "这个错误的大小和 mean² 成正比", True),
        ("Q1", "这个错误的大小和 mean 成正比", False),
        ("Q1", "the subtraction x - mean is applied lane-wise to the whole block", True),
        ("Q1", "x - mean is applied lane-wise to the real lanes only", False),
        ("Q2", "分母和均值都错", True),
        ("Q2", "分母和均值都对", False),
        ("explanation", "both divide by the number of real elements, not the padded block width", True),
        ("explanation", "both divide by the number of padded lanes", False),
        ("explanation", "只有前 n_cols 个 lane 是真实元素", True),
        ("explanation", "前 n_cols 个 lane 是 padding", False),
        ("Q2", "它们不是元素", True),
        ("Q2", "它们是元素", False),
    ],
)
def test_round10_true_premises_and_their_false_twins(l6, question, premise, sound):
    """Are the true premises blind v8 routed in new wordings (0 加上去没有变化, other 是归约的单位元, x - mean 改变
    padding 的值, an excess proportional to mean², lane-wise over the whole block, a wrong divisor and mean, the
    number of real elements, the first n_cols lanes real, padding not elements) read as sound, and their false
    twins in the same words not?"""
    assert known(l6, question, premise) is sound


# ── round 11 (blind v9): the plain wording of the second mask's reason and the output stage ───────────


@pytest.mark.parametrize(
    "text, points",
    [
        # the padding's square said to enter the variance, without naming mean², in several wordings
        (
            "因为 padding 填的是 0，求和不变，所以均值对。减完均值 padding 变成 -mean，平方以后会加进方差里，所以得再 mask 回 0。",
            2.0,
        ),
        (
            "因为 padding 是 0，sum 不变，所以均值正确。x - mean 以后 padding lane 是 -mean，平方后都会被加到平方和里，方差偏大，所以要 tl.where 置 0。",
            2.0,
        ),
        (
            "因为 other 给的是 0，所以均值对。x - mean 之后 padding 变为 -mean，平方后也会算进方差，所以再 mask 一次。",
            2.0,
        ),
        # false twins: the square denied, subtracted, or no square at all
        (
            "因为 padding 填的是 0，求和不变，所以均值对。减完均值 padding 变成 -mean，平方以后不会加进方差里，所以得再 mask 回 0。",
            1.25,
        ),
        (
            "因为 padding 填的是 0，求和不变，所以均值对。减完均值 padding 变成 -mean，平方以后会从方差里减掉，所以得再 mask 回 0。",
            1.25,
        ),
        (
            "因为 padding 填的是 0，求和不变，所以均值对。减完均值 padding 变成 -mean，方差不会偏大，所以得再 mask 回 0。",
            1.25,
        ),
    ],
)
def test_round11_square_entering_the_variance_is_the_reason_and_the_output(l6, text, points):
    """Does '平方后会加进方差' (and 加到平方和 / 算进方差) earn the second mask's reason and the output stage in any
    plain wording, while the same words denied or subtracting earn neither?"""
    result = score(l6, "Q1", text)
    assert result.points == pytest.approx(points)
    assert not result.veto


@pytest.mark.parametrize(
    "text, vetoed",
    [
        (
            "x - mean 之后 padding 是 -mean，这些负值和真实元素的正偏差互相抵消，把方差拉低，所以要再 mask，方差才不会偏小。",
            True,
        ),
        ("padding 变成了负数，会让方差被拉低，所以第二次求和前要 tl.where。", True),
        ("-mean 跟正的偏差中和掉了，方差变小，所以要再 mask 一次。", True),
        (
            "The negative padding lanes cancel the positive deviations and drag the variance down, so we mask again.",
            True,
        ),
        # false twins: cancelling of the deviations' plain sum, a lower variance from the divisor, denials
        (
            "真实元素的偏差正负抵消，和为 0，所以要平方；padding 的 -mean 平方后是 mean²，方差偏大，所以再 mask。",
            False,
        ),
        ("如果除以 BLOCK_SIZE，padding 被算进个数，方差偏小，所以要除以 N。", False),
        ("padding 的 -mean 不会把方差拉低，平方后反而让方差偏大，所以再 mask 成 0。", False),
        ("有人以为 -mean 会把方差拉低。其实不对，平方后是 mean²，方差偏大，所以要再 mask。", False),
    ],
)
def test_round11_negative_lanes_lowering_the_variance_vetoed(l6, text, vetoed):
    """Does the rubric veto the −mean padding lanes said to lower the variance (by cancelling positive deviations,
    by being negative) in any wording, and leave a plain zero-sum of deviations, a wrong divisor and a denial alone?"""
    result = score(l6, "Q1", text)
    assert result.veto is vetoed


@pytest.mark.parametrize(
    "question, premise, sound",
    [
        ("explanation", "均值和方差都要除以真实元素的个数", True),
        ("explanation", "均值和方差都要除以块长", False),
        ("explanation", "分母就是真实的列数", True),
        ("explanation", "分母就是 BLOCK_SIZE", False),
        ("Q3", "负数开方会得到非数", True),
        ("Q3", "负数开方不会得到非数", False),
        ("Q1", "越界的 lane 在加载时就是 0", True),
        ("Q1", "越界的 lane 在加载时就是 1.0", False),
        ("Q1", "这样方差就不对", True),
        ("Q1", "这样方差也不会错", False),
        ("Q1", "均值会错", False),
        ("Q2", "that's the true number of elements", True),
        ("Q2", "BLOCK_SIZE is the true number of elements", False),
        ("Q2", "N is not the true number of elements", False),
        ("Q1", "the padding lanes load 0", True),
        ("Q1", "the padding lanes load 1.0", False),
        ("Q1", "x−μ 作用于每一个 lane", True),
        ("Q1", "x−μ 只作用于真实元素", False),
    ],
)
def test_round11_true_premises_and_their_false_twins(l6, question, premise, sound):
    """Are the true premises blind v9 routed in new wordings (均值与方差除以真实元素个数, 个数是真实列数, 开方得非数,
    padding 载入时是 0, 方差会错) read as sound, and their false twins in the same words not?"""
    assert known(l6, question, premise) is sound


def test_round11_true_number_of_elements_earns_the_divisor(l6):
    """Does 'the true number of elements' earn the divisor concept in English, and its denial not?"""
    stated = score(l6, "Q2", "We divide by N because N is the actual number of values.")
    assert "divide_by_n" in {m["concept"] for m in stated.matched}
    denied = score(l6, "Q2", "We divide by BLOCK_SIZE; it is not the actual number of values.")
    assert "divide_by_n" not in {m["concept"] for m in denied.matched}


# ── rubric_version 12 (built on blind-v10): thin honest wordings earn what they state; tl.where removing lanes ──


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("分母就是 = 真实个数 N，所以除以 N。", True),
        ("均值要除 N，因为和只加了真实值。", True),
        ("真实的数据一共只有 N 个，所以除以 N。", True),
        ("因为 N 就是真实的元素个数，所以除以它。", True),
        # false twins: BLOCK_SIZE named as the count, a denial
        ("因为 BLOCK 就是真实的元素个数，所以除以它。", False),
        ("N 不是真实的元素个数，所以除以 BLOCK_SIZE。", False),
    ],
)
def test_round12_divisor_reason_in_thin_wordings(l6, text, earned):
    """Does the divisor's reason stated thinly ('分母 = 真实个数 N', '除 N', '数据只有 N 个', 'N 就是真实的元素个数') earn
    the divisor concept, and the same words said of BLOCK_SIZE or denied not?"""
    result = score(l6, "Q2", text)
    assert ("divide_by_n" in {m["concept"] for m in result.matched}) is earned


@pytest.mark.parametrize(
    ("text", "share"),
    [
        ("转成 fp32 来累加可以避免溢出。", 1.0),
        ("Casting to fp32 before summing avoids overflow to inf.", 1.0),
        ("fp16 累加时误差会越积越多，误差积累，fp32 好一些。", 1 / 3),
        ("转 fp32 是为了精度更高。", 1 / 3),
        # false twins: the purpose denied, no reason at all
        ("转 fp32 并不是为了避免溢出。", 0.0),
        ("fp16 输入也要转成 fp32。", 0.0),
    ],
)
def test_round12_fp32_purpose_and_thin_reasons(l6, text, share):
    """Does the purpose 'avoids overflow / 避免溢出' earn the fp32 reason in full (the avoid word would deny it
    otherwise), errors that accumulate earn the thin third, and a denied purpose nothing?"""
    result = score(l6, "Q2", text)
    credited = {m["concept"] for m in result.matched}
    if share == 0.0:
        assert "fp32_accumulate" not in credited
    else:
        assert "fp32_accumulate" in credited
        assert ("stand_in:fp32_accumulate" in result.flags) is (share < 1.0)


def test_round12_block_effect_in_worked_numbers(l6):
    """Does 'BLOCK=N 时看不出来，128 时就差很多' earn what dividing by BLOCK_SIZE does wrong, and a plain width not?"""
    text = "因为只有 N 个真实元素，所以除以 N；N=4 时 BLOCK=4 看不出来，N=100 时 BLOCK=128 就差很多。"
    assert "block_wrong_effect" in {m["concept"] for m in score(l6, "Q2", text).matched}
    plain = "因为只有 N 个真实元素，所以除以 N；BLOCK=128。"
    assert "block_wrong_effect" not in {m["concept"] for m in score(l6, "Q2", plain).matched}


@pytest.mark.parametrize(
    ("question", "text", "vetoed"),
    [
        (
            "explanation",
            "填 0.0，因为 tl.where 会把越界的 lane 从张量中删除，n_cols 是因为删除之后长度就是 n_cols。",
            True,
        ),
        ("explanation", "第二个空填什么都不过是个占位，我就用了 0.0。", True),
        ("Q1", "The mask makes tl.where drop the padded lanes, so the sum only sees real values.", True),
        (
            "Q1",
            "Padding elements get removed from the block by tl.where, so whatever we fill is only a placeholder.",
            True,
        ),
        # false twins: a value replaced, lanes kept, the padding's 0 as a placeholder that is no data
        ("Q1", "tl.where 把 padding lane 的 -mean 去掉，换成 0，所以平方和只剩真实元素的偏差。", False),
        ("Q1", "tl.where 不会把 lane 从张量里删掉，padding lane 还在，里面放的是 0。", False),
        ("Q2", "padding 的 0 只是占位，不是数据，所以除以 N。", False),
    ],
)
def test_round12_lanes_removed_by_where_vetoed(l6, question, text, vetoed):
    """Does the rubric veto 'tl.where / the mask removes the masked lanes from the tensor (so the fill is a
    placeholder)' in any wording, the 'masked lanes are skipped' chain, and leave a replaced value, a denial
    and the padding's 0 called a placeholder alone?"""
    assert score(l6, question, text).veto is vetoed


def test_round12_fill_minus_mean_earns_nothing(l6):
    """Does a note whose fill is −mean earn no reason for its values, and a note that rejects −mean keep them?"""
    wrong = "我填的 -mean：padding 在 x - mean 后已经是 -mean，填 -mean 保持一致。"
    assert (
        score(l6, "explanation", wrong, context={"blank": "n_cols, -mean", "checks_passed": False}).points
        == 0
    )
    right = "填 0.0 而不是 -mean，因为 padding 在 x - mean 后是 -mean，要放回单位元 0。"
    assert score(l6, "explanation", right).points > 0


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("n_cols 和 0.0。第一次跑 fp16 那个用例报错，是我删了 .to(tl.float32)，加回以后全部通过。", True),
        ("n_cols 和 0.0。一开始 import triton 报错，后来重装驱动就好了。", False),
    ],
)
def test_round12_earlier_failure_told_in_a_passed_note_routes(l6, text, routed):
    """Does a passed note that tells of an earlier failed check and its fix go to a TA, and an install trouble not?"""
    result = score(l6, "explanation", text)
    assert any(f == "suspect:earlier_failure_told" for f in result.flags) is routed


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("explanation", "同 Q1、Q2：真实的元素 N 个", True),
        ("explanation", "同上：真实的元素 BLOCK_SIZE 个", False),
        ("Q2", "均值的定义就是总和除以元素个数", True),
        ("Q2", "均值的定义就是总和除以 BLOCK_SIZE", False),
        ("Q2", "把 padding 算进个数就相当于把它们当作数据", True),
        ("Q2", "把 padding 算进个数不相当于把它们当作数据", False),
        ("Q2", "2) 除数写成 BLOCK_SIZE", True),
        ("Q2", "除数是 BLOCK_SIZE", False),
        ("Q2", "the padding lanes are only added to round up to the next power of two", True),
        ("Q2", "the padding lanes are added to round up to a multiple of 32", False),
        ("Q1", "the second sum adds all BLOCK_SIZE lanes", True),
        ("Q1", "the second sum adds only the real lanes", False),
        ("Q3", "tl.maximum(var, 0.0)", True),
        ("Q3", "tl.maximum(var, 1.0)", False),
        ("Q1", "平方和会多算每个 padding 的 mean²", True),
        ("Q1", "平方和不会多算 mean²", False),
        ("Q1", "这时 padding 的单位元被破坏了", True),
        ("Q1", "这时 padding 的单位元没有被破坏", False),
    ],
)
def test_round12_true_premises_and_their_false_twins(l6, question, premise, sound):
    """Are the true premises blind v10 routed in new wordings (真实元素 N 个 after a cross-reference, 均值的定义是和
    除以个数, padding 算进分母即当成数据, 分母错成 BLOCK_SIZE, padding added to reach a power of two, the second
    sum over all lanes, maximum(var, 0), 多算 mean², 单位元被破坏) read as sound, and their false twins not?"""
    assert known(l6, question, premise) is sound


def test_round12_mean_squared_entering_the_variance_earns_the_reason(l6):
    """Does 'mean² 进到方差里' as a premise earn the second mask's reason, and its denial not?"""
    text = "x - mean 后 padding 变成 -mean，平方后每个 mean² 都进到方差里，所以要 tl.where 再放回 0。"
    assert "second_mask_reason" in {m["concept"] for m in score(l6, "Q1", text).matched}
    denied = "x - mean 后 padding 变成 -mean，平方后 mean² 不会进到方差里，所以要 tl.where 再放回 0。"
    assert "second_mask_reason" not in {m["concept"] for m in score(l6, "Q1", denied).matched}


# ── round 13 (blind v11 is calibration): routes a TA would only confirm ─────────────────────────────────


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        (
            "Around 1e8 the fp32 grid is coarse, so subtracting the two averages cancels most of the significant digits.",
            True,
        ),
        (
            "Around 1e8 the fp32 grid is coarse, so subtracting the two averages never cancels the significant digits.",
            False,
        ),
        (
            "fp32 near 1e8 rounds both terms, so what the subtraction leaves is mostly rounding noise: the difference is noise.",
            True,
        ),
        ("fp32 near 1e8 rounds both terms, but the difference is not noise.", False),
        ("fp32 在 1e8 附近舍入很粗，两项相减后只剩误差，方差算不出来。", True),
        ("At that size neighbouring fp32 values are eight apart, so the variance of 1 cannot be seen.", True),
        (
            "At that size neighbouring fp32 values are eighty apart, so the variance of 1 cannot be seen.",
            False,
        ),
        ("1e8 附近 fp32 的分辨率只有 8，方差 1 被舍入掉了。", True),
        ("1e8 附近 fp32 的分辨率是 0.8，方差 1 被舍入掉了。", False),
    ],
)
def test_round13_cancellation_in_plain_results(l6, text, earned):
    """Does Q3's cancellation read its plain results in any wording ('cancels most of the digits', 'the difference
    is noise', '相减后只剩误差', fp32's spacing as 'eight apart' or '分辨率 8'), and their denials or wrong spacings not?"""
    assert ("cancellation" in {m["concept"] for m in score(l6, "Q3", text).matched}) is earned


def test_round13_big_numbers_subtracted_across_a_comma_earn_half(l6):
    """Does '两项都是很大的数，相减时精度丢了' earn the cancellation's half, and a row of small numbers not?"""
    text = "均值大时 sum(x²)/N 和 mean² 都是很大的数，相减时精度就丢了。"
    assert score(l6, "Q3", text).points == 0.5
    assert score(l6, "Q3", "两项都不是很大的数，相减时精度没问题。").points == 0


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("tl.maximum(var, 0.0) clips any tiny negatives that rounding produced.", True),
        ("tl.maximum(var, 0.0) is there for speed and has nothing to do with negatives.", False),
        ("tl.maximum 是为了防止方差小于 0。", True),
        ("tl.maximum 是为了防止方差大于 0。", False),
    ],
)
def test_round13_clamp_reason_in_new_wordings(l6, text, earned):
    """Does the clamp's reason read 'clips tiny negatives' and '防止方差小于 0', and not a clamp for speed or for 大于 0?"""
    assert ("clamp_reason" in {m["concept"] for m in score(l6, "Q3", text).matched}) is earned


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q3", "the fp32 values near one hundred million sit eight apart", True),
        ("Q3", "the fp32 values near one hundred thousand sit eighty apart", False),
        ("Q3", "max(var, 0) cuts off small negatives", True),
        ("Q3", "max(var, 0) does not cut off small negatives", False),
        ("Q3", "两项都是很大的数，相减后精度没了", True),
        ("Q2", "half precision tops out near sixty five thousand", True),
        ("Q2", "half precision tops out near sixty five million", False),
        ("Q2", "half precision keeps about three significant digits", True),
        ("Q2", "half precision keeps about thirty significant digits", False),
        ("Q2", "补出来的 lane 不是 real data", True),
        ("Q2", "补出来的 lane 是 real data", False),
        ("explanation", "我除以了 BLOCK_SIZE 而不是 N 个真实元素", True),
        ("explanation", "我除以了 N 而是 BLOCK_SIZE 个真实元素", False),
    ],
)
def test_round13_true_premises_and_their_false_twins(l6, question, premise, sound):
    """Are the true premises blind v11 routed in new wordings (fp32's spacing 8 and 1e8 in words, the clamp cutting
    negatives in English, fp16's range and digits in words, padding not real data, the block divided by instead of
    the real count) read as sound, and their false twins not?"""
    assert known(l6, question, premise) is sound


def test_round13_ruling_out_a_saying_is_no_claim(l6):
    """Does '先排除一种说法' (discourse) stay unrouted, while an unread claim that padding is excluded still routes?"""
    text = "先排除一种常见说法：单遍的问题不在 padding。均值 1e4 时两项都约 1e8，fp32 的间隔是 8，相减后只剩舍入误差。"
    assert "unread" not in score(l6, "Q3", text).flags
    assert "unread" in score(l6, "Q3", "单遍公式会自动排除 padding，所以更快。").flags


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q1", "adding zero: zero plus any number is itself", True),
        ("Q1", "zero plus any number is twice itself", False),
        ("Q1", "subtracting the mean is done lane by lane for every lane", True),
        ("Q1", "subtracting the mean is done lane by lane for every real lane only", False),
        ("Q3", "单遍的两项相减后可能会得到一个负数", True),
        ("Q3", "单遍的两项相减后不会得到负数", False),
    ],
)
def test_round13_english_identity_lanes_and_negative_results(l6, question, premise, sound):
    """Are 'zero plus any number is itself', the mean subtracted lane by lane for every lane, and (in Q3) a subtraction
    that may come out negative read as sound premises, and their false twins (twice itself, the real lanes only, a
    denied negative) not?"""
    assert known(l6, question, premise) is sound


def test_round13_minus_mean_in_words_is_the_value(l6):
    """Does 'the padded lane turns into minus the mean' earn the −mean concept, while 'x minus mean' alone does not?"""
    assert "minus_mean" in {
        m["concept"]
        for m in score(l6, "Q1", "After the subtraction each padded lane turns into minus the mean.").matched
    }
    assert "minus_mean" not in {
        m["concept"] for m in score(l6, "Q1", "After that we compute x minus mean.").matched
    }


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q1", "subtracting the mean also changes the padded lanes", True),
        ("Q1", "subtracting the mean never changes the padded lanes", False),
        ("Q1", "the padded entries are all zero", True),
        ("Q1", "the padded entries are all one", False),
        ("Q2", "半精度大概只有 3 位十进制", True),
        ("Q2", "半精度大概有 7 位十进制", False),
        ("Q2", "半精度的动态范围很窄", True),
        ("Q2", "fp32 的动态范围很窄", False),
        ("Q3", "a variance of about 1 is smaller than the spacing", True),
        ("Q3", "a variance of about 1 is not smaller than the spacing", False),
        ("explanation", "since 12 extra lanes got counted", True),
        ("explanation", "since 12 extra lanes never got counted", False),
    ],
)
def test_round13_blind_v10_premises_and_their_false_twins(l6, question, premise, sound):
    """Are the premises blind v10 still routed, in new wordings (the subtraction changing the padded lanes, padded
    entries all zero, fp16's 3 decimal digits and narrow range, the variance below fp32's spacing, extra lanes
    counted), read as sound, and their false twins (denials, another value, fp32's range) not?"""
    assert known(l6, question, premise) is sound


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        (
            "masked load 的时候，真实 lane 从显存读数据，padding lane 直接在寄存器里得到 0.0，所以 sum 正确。",
            False,
        ),
        (
            "With a masked load the valid lanes read from memory and the others just get 0.0, so the sum is right.",
            False,
        ),
        ("padding lane 也从显存读数据，只是读到的是 0，所以 sum 正确。", True),
        ("被 mask 的 lane 仍然从显存读取，所以 sum 正确。", True),
    ],
)
def test_round13_masked_load_is_no_padding_read(l6, text, vetoed):
    """Is 'masked load: the real lanes read from memory' kept apart from the padding read from memory, which stays
    vetoed in any wording?"""
    assert (
        any(
            m["id"] == "padding_loaded_from_memory" and m["veto"]
            for m in score(l6, "Q1", text).misconceptions
        )
        is vetoed
    )


# ── rubric_version 14 (built on blind-v12): integer overflow as a reason; premises v12 routed, with false twins ──


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("分母用 N，因为 BLOCK_SIZE 很大时除法会产生整型溢出。", True),
        ("We divide by n_cols because dividing by BLOCK_SIZE could overflow an int32 for big blocks.", True),
        ("用 fp32 累加，因为 fp16 的平方和超过 65504 会溢出成 inf；这里并没有整数溢出。", False),
        ("用 fp32 累加，因为 fp16 的范围只到 65504，平方和会溢出。", False),
    ],
)
def test_round14_integer_overflow_is_a_wrong_reason(l6, text, vetoed):
    """Does the rubric veto an integer overflow offered as the reason in Q2, in any wording, while fp16's overflow
    and an integer overflow denied are no veto?"""
    assert (
        any(m["id"] == "integer_overflow" and m["veto"] for m in score(l6, "Q2", text).misconceptions)
        is vetoed
    )


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q1", "越界的 lane 得 0", True),
        ("Q1", "越界的 lane 得 1", False),
        ("Q1", "减去均值同样作用于所有 lane", True),
        ("Q1", "减去均值只作用于真实 lane", False),
        ("Q1", "减均值不作用在 padding 上", False),
        ("Q2", "n_cols 才是每行真正的元素个数", True),
        ("Q2", "n_cols 才是每行 block 的长度", False),
        ("Q2", "除的是真实的元素个数", True),
        ("Q2", "除的是 padding 的个数", False),
        ("Q2", "除的是 block_size 个数", False),
        ("Q2", "均值乘以 n_cols/BLOCK_SIZE", True),
        ("Q2", "均值乘以 BLOCK_SIZE/n_cols", False),
    ],
)
def test_round14_blind_v12_premises_and_their_false_twins(l6, question, premise, sound):
    """Are the premises blind v12 routed, in new wordings (the padding lanes getting 0, the subtraction acting on
    every lane, N the row's real count, dividing by the real count, the mean scaled by N/BLOCK), read as sound, and
    their false twins (another value, the real lanes only, a denial, the inverse ratio) not?"""
    assert known(l6, question, premise) is sound


def test_round14_the_backend_of_a_run_is_no_claim(l6):
    """Is the backend a run used ('全部检查通过（CUDA 后端）') a place, no unread claim about the GPU, while a claim about
    the GPU's hardware still routes?"""
    ok = score(
        l6, "explanation", "divisor 填 n_cols，因为只有 N 个真实元素。检查全部通过（CUDA 后端）。", PASSED
    )
    assert "unread" not in ok.flags
    claim = score(l6, "explanation", "divisor 填 n_cols，因为 GPU 的 warp 只能处理 N 个元素。", PASSED)
    assert claim.needs_review


@pytest.mark.parametrize(
    ("premise", "sound"),
    [
        ("fp16 只有 3 位有效数字，小的项累加时会丢", True),
        ("fp16 只有 3 位有效数字，小的项累加时不会丢", False),
        ("两个 1e8 相减的时候有用的那部分早在舍入里丢了", True),
        ("两个 1e8 相减的时候有用的部分不会丢", False),
    ],
)
def test_round14_swamping_and_cancellation_in_words_are_facts(l6, premise, sound):
    """Are small terms lost in a large sum and the subtraction losing what matters to rounding, stated in a scene
    ('小的项累加时会丢', '相减的时候…在舍入里丢了'), read as facts, and their denials not?"""
    text = normalize(premise)
    clause = text.split(",")[-1]
    assert any(stated(p, clause, l6) for p in l6.facts) is sound


@pytest.mark.parametrize(
    ("question", "text", "flag"),
    [
        (
            "Q1",
            "平方以后方差会多出 (BLOCK_SIZE - N) * mean²，所以第二次要 mask。",
            "suspect:variance_excess_without_n",
        ),
        (
            "Q1",
            "Without the mask the variance increases by (B - N) * mean^2, so we mask again.",
            "suspect:variance_excess_without_n",
        ),
        ("Q2", "转 fp32 是因为半精度没法表示负数，减均值会出错。", "suspect:fp16_unsigned"),
        ("Q2", "We cast to fp32 because half has no sign bit.", "suspect:fp16_unsigned"),
        (
            "Q2",
            "当 n_cols 本身是 2 的幂时 BLOCK_SIZE 就变成 2n_cols，所以除以它不对。",
            "suspect:block_doubles_pow2",
        ),
    ],
)
def test_round15_wrong_magnitudes_and_types_are_routed(l6, question, text, flag):
    """Does the rubric send to a TA, in any wording, the variance said to gain (BLOCK − N)·mean² itself (that is the sum
    of squares' excess; the variance gains it / N), fp16 said to hold no negative numbers, and the block said to double
    a row whose width is already a power of two?"""
    result = score(l6, question, text)
    assert flag in result.flags
    assert result.needs_review


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Q1", "x - mean 后 padding 是 -mean，平方和多出 (BLOCK_SIZE - N) * mean²，所以第二次要 mask。"),
        ("Q1", "x - mean 后 padding 是 -mean，方差多出 (BLOCK_SIZE - N) * mean² / N，所以第二次要 mask。"),
        ("Q2", "半精度也能表示负数，问题是最大只有 65504，平方和会溢出，所以转 fp32。"),
        ("Q2", "有人说 fp16 不能表示负数，这是错的：它有符号位。"),
        ("Q2", "n_cols 本身是 2 的幂时 BLOCK_SIZE 就等于 n_cols，除以哪个都看不出差别。"),
    ],
)
def test_round15_false_twins_of_the_wrong_magnitudes_are_not_read(l6, question, text):
    """Are the true twins (the sum of squares gaining (BLOCK − N)·mean², the variance gaining it / N, fp16 holding
    negatives, a power-of-two block equal to N) and a refuted saying left unflagged by the round-15 rules?"""
    result = score(l6, question, text)
    new = ("suspect:variance_excess_without_n", "suspect:fp16_unsigned", "suspect:block_doubles_pow2")
    assert not [f for f in result.flags if f.startswith(new)]


@pytest.mark.parametrize(
    ("text", "credited"),
    [
        ("We divide by n_cols rather than BLOCK_SIZE because the padding lanes are zeros we added.", True),
        ("The divisor must be n_cols.", True),
        ("Both sums are averaged over the real elements, so BLOCK_SIZE is wrong.", True),
        ("总体方差除以样本数，这里样本一共 N 个。", True),
        ("BLOCK_SIZE 是 2 的幂，未必等于 N。", True),
        ("We never divide by n_cols here.", False),
        ("We divide by n_cols - 1 for an unbiased estimate.", False),
        ("样本数不是 N，而是 BLOCK_SIZE。", False),
        ("BLOCK_SIZE 是 2 的幂，所以一定等于 N。", False),
    ],
)
def test_round15_the_divisor_in_english_and_in_samples(l6, text, credited):
    """Does Q2's divisor concept read 'we divide by n_cols' and its English kin as Chinese reads 除以 N (an honest
    English answer was zeroed unrouted), samples counted (样本一共 N 个) and the block a power of two that need not be N,
    while denials, N − 1 and 'always equal' are not read?"""
    result = score(l6, "Q2", text)
    assert ("divide_by_n" in {m["concept"] for m in result.matched}) is credited


@pytest.mark.parametrize(
    ("text", "share"),
    [
        ("除以 N 因为只有 N 个真实元素。半精度会溢出，所以转 fp32。", "stand_in"),
        ("除以 N 因为只有 N 个真实元素。半精度的平方和超过 65504 会溢出，所以转 fp32。", "full"),
        ("除以 N 因为只有 N 个真实元素。fp16 求和很快溢出成 inf，所以转 fp32。", "full"),
        (
            "We divide by n_cols since only n_cols values are real. The sum of squares overflows fp16's range.",
            "full",
        ),
    ],
)
def test_round15_a_bare_overflow_is_a_third_of_the_fp32_concept(l6, text, share):
    """Does a bare 'fp16 会溢出' (no range, no squares, no sum, no inf) earn only the stand-in third of the fp32 concept,
    as the labels of six blind sets give it, while an overflow with what overflows or where earns it in full?"""
    result = score(l6, "Q2", text)
    assert "fp32_accumulate" in {m["concept"] for m in result.matched}
    assert ("stand_in:fp32_accumulate" in result.flags) is (share == "stand_in")


@pytest.mark.parametrize(
    ("text", "veto"),
    [
        ("除以 N 是因为 masked load 以后 padding 元素都被删除了。", True),
        ("padding lane 没有被删掉，它们还在块里，值是 0。", False),
        ("有人以为 padding 会被删掉，其实不会。", False),
    ],
)
def test_round15_padding_said_deleted_after_the_load_is_vetoed(l6, text, veto):
    """Is the padding said to be deleted after the masked load ('padding 元素都被删除了', no tensor named) the lanes
    removed misconception, while a denial and a refuted saying are not?"""
    result = score(l6, "Q2", text)
    assert result.veto is veto


@pytest.mark.parametrize(
    ("premise", "sound"),
    [
        ("x - mean 对所有 lane 都做", True),
        ("减均值对全部 BLOCK_SIZE 个元素都算", True),
        ("x - mean 只对前 N 个 lane 做", False),
        ("x - mean 对全部 lane 都不做", False),
        ("逐元素，不看 mask", True),
        ("逐元素，只看 mask", False),
        ("we do the subtraction on all the lanes, padding included", True),
        ("we do the subtraction on all the lanes, padding excluded", False),
        ("we compute x - mean on the real lanes only", False),
    ],
)
def test_round15_the_subtraction_on_every_lane_is_a_fact(l6, premise, sound):
    """Is the subtraction done on all of the block's lanes ('x - mean 对所有 lane 都做', '逐元素，不看 mask', 'on all the lanes,
    padding included') read as a fact, while the real lanes only, a denial, 只看 mask and 'padding excluded' are not?"""
    text = normalize(premise)
    assert any(stated(p, text, l6) for p in l6.facts) is sound


# ── rubric_version 17 (built on blind-v14): a false capability of Triton's ops on fp16; confirm-only premises ──


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("转 fp32 是因为 tl.sum 只能算 fp32。", True),
        ("要先转 fp32，因为 Triton 的归约只能在 fp32 上做。", True),
        ("tl.max 没法处理 half，所以先 .to(tl.float32)。", True),
        ("半精度在 Triton 里编译不过，所以要转 fp32。", True),
        ("We convert first because tl.sum cannot take half inputs.", True),
        ("We cast since Triton's reductions do not support float16.", True),
        ("With fp16 inputs the kernel would not compile, so we upcast.", True),
        ("tl.sum only supports fp32, so the row is cast first.", True),
        ("tl.sum 可以直接吃 fp16，但 fp16 最大 65504，平方和会溢出，所以要转 fp32。", False),
        ("Triton 不会自动帮你升到 fp32，所以要手动 .to(tl.float32)，因为 fp16 最大只有 65504。", False),
        (
            "tl.sum does take fp16 inputs, but the sum of squares overflows 65504, so we accumulate in fp32.",
            False,
        ),
        ("fp16 编译得过，只是 11 位有效位太少，大数加小数会吃掉小项，所以转 fp32。", False),
        (
            "It's not that tl.sum can't take fp16: the squares would overflow fp16's range, so we use fp32.",
            False,
        ),
    ],
)
def test_round16_false_capability_of_triton_on_fp16_is_vetoed(l6, text, vetoed):
    """Is a false capability claim about Triton's ops on fp16 ('只能算 fp32', '没法处理 half', '编译不过', "can't take half",
    'would not compile', 'only supports fp32') offered as the reason for fp32 accumulation vetoed in any wording, while the
    true reasons (fp16's range, its 11-bit significand, overflow past 65504) and the claim denied stay unvetoed?"""
    result = score(l6, "Q2", text)
    assert any(m["id"] == "compile_reason" and m["veto"] for m in result.misconceptions) is vetoed


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q2", "the padded lanes add 0 to the sum", True),
        ("Q2", "the out-of-range lanes contribute zero into the total", True),
        ("Q2", "the padded lanes add 0.25 to the sum", False),
        ("Q2", "the padded lanes do not add 0 to the sum", False),
        ("Q1", "once we subtract the mean, the padding lanes change", True),
        ("Q1", "after x - mean the padded entries get changed", True),
        ("Q1", "after subtracting the mean the padded lanes stay zero", False),
        ("Q1", "after subtracting the mean the padded lanes do not change", False),
        ("Q1", "after subtracting the mean the real values change", False),
        ("explanation", "分母多算了 padding 的那几个 lane", True),
        ("explanation", "分母并没有多算 padding", False),
        ("explanation", "个数没有算进 padding", False),
        ("explanation", "求和算进了 padding", False),
    ],
)
def test_round16_confirm_only_premises_and_their_false_twins(l6, question, premise, sound):
    """Are the true premises blind v14 routed for a TA only to confirm read as facts (the padding adding 0 to the sum in
    English, the padded values changing after the subtraction in English, the count taking in the padding), while the
    same words with a false or denied claim are not?"""
    assert known(l6, question, premise) is sound


@pytest.mark.parametrize(
    ("premise", "sound"),
    [
        ("真实 var ≈ 1 < ulp", True),
        ("方差大约 1 小于间距", True),
        ("the variance = 1 is less than the spacing", True),
        ("var ≈ 1 > ulp", False),
        ("var ≈ 10 < ulp", False),
        ("var ≈ 1 < 80", False),
    ],
)
def test_round16_the_variance_below_the_spacing_as_an_inequality(l6, premise, sound):
    """Is the true variance below fp32's spacing near 1e8 read as a fact when written as an inequality ('var ≈ 1 < ulp',
    '方差大约 1 小于间距'), while the reversed inequality, another variance and another bound are not?"""
    assert known(l6, "Q3", premise) is sound


@pytest.mark.parametrize(
    ("question", "text", "vetoed"),
    [
        (
            "Q3",
            "Squaring 1e4 gives 1e8, which lies beyond what float32 can store, so one-pass blows up.",
            True,
        ),
        ("Q3", "一亿已经超出了 fp32 的范围，所以单遍公式的平方和会爆。", True),
        ("Q3", "fp32 存不下 1e10 这种量级的数，单遍就错了。", True),
        ("Q3", "The squares reach 1e10 and that overflows float32, so one-pass gives inf.", True),
        ("Q3", "fp32 的最大值只有 1e8 左右，所以平方和溢出。", True),
        ("Q2", "转 fp32 是因为平方和有 1e8，超过了 fp32 的上限会溢出。", True),
        (
            "Q3",
            "x² ≈ 1e8 would overflow fp16 (max 65504); in fp32 the two sums near 1e8 cancel, the spacing is 8.",
            False,
        ),
        (
            "Q3",
            "平方和约 1e8 在 fp16 里会溢出，fp32 不会；fp32 在 1e8 附近间隔是 8，两个大数相减抵消。",
            False,
        ),
        (
            "Q3",
            "1e8 exceeds fp32's precision for the true variance: the spacing there is 8, so the two sums cancel.",
            False,
        ),
        (
            "Q3",
            "fp32 的最大值约 3.4e38，1e8 在 fp32 里不会溢出，问题是 1e8 附近间隔为 8，两个大数相减抵消。",
            False,
        ),
        ("Q3", "1e8 远没有超出 fp32 的范围；错在两个约 1e8 的数相减，fp32 的间隔是 8。", False),
    ],
)
def test_round17_fp32_said_to_overflow_far_below_its_range_is_vetoed(l6, question, text, vetoed):
    """Is a magnitude far below fp32's 3.4e38 (1e8, 1e10, 一亿) said to overflow fp32 or to lie beyond what it holds vetoed
    in any wording (course-wide fp32_overflow_small, and 'the sum of squares overflows' in Q3), while the same magnitude
    overflowing fp16, 1e8 losing precision in fp32 and a denial are not?"""
    result = score(l6, question, text)
    assert result.veto is vetoed
    if vetoed:
        assert result.needs_review


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("The one-pass error lies in the padding lanes, which are never masked again.", True),
        ("One-pass fails because it has no second mask, so the padded lanes leak into the squares.", True),
        ("单遍算法的毛病出在 mask 上：padded 的 lane 平方以后还留着非零值。", True),
        ("单遍版本的问题在 padding，所以方差偏大很多。", True),
        ("单遍公式里 padding lane 在平方和里仍然带着残留值，这才是误差的来源。", True),
        ("单遍公式的问题不在 padding（padding 在两个和里都是 0），在于两个约 1e8 的大数相减抵消。", False),
        (
            "两遍算法如果不做第二次 mask，padding lane 在平方里还带着 mean²，所以要再 mask；单遍错在大数相减抵消。",
            False,
        ),
        (
            "The one-pass formula needs no second mask since its padding squares are 0; its error is cancellation.",
            False,
        ),
    ],
)
def test_round17_one_pass_error_blamed_on_the_padding_is_vetoed(l6, text, vetoed):
    """Is the one-pass (large-offset) error blamed on the padding or on a missing second mask vetoed in any wording, while
    the two-pass kernel needing its second mask, and the cancellation named with the padding denied, are not?"""
    result = score(l6, "Q3", text + " tl.maximum 防负方差开方得 NaN，eps 防方差为 0 时除以 0。")
    assert any(m["id"] == "one_pass_padding" for m in result.misconceptions) is vetoed
    assert result.veto is vetoed


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q1", "相减把加法单位元破坏了", True),
        ("Q1", "x - mean broke the identity", True),
        ("Q1", "减法不会破坏单位元", False),
        ("Q1", "乘法破坏了单位元", False),
        ("Q1", "the subtraction does not break the identity", False),
        ("Q2", "多出来的那几个不是真实的数", True),
        ("Q2", "只有 100 个才是真实的", True),
        ("Q2", "多出来的那几个是真的数", False),
        ("Q2", "只有 100 个是 padding", False),
        ("Q2", "只有 100 个不是真的", False),
        ("explanation", "n_cols 是这一行真实元素的数量", True),
        ("explanation", "n_cols 是每行 padding 的个数", False),
        ("explanation", "BLOCK_SIZE 是每行真实元素的个数", False),
        ("explanation", "n_cols 不是每行真实元素的个数", False),
        ("Q1", "平方以后会多出 (BLOCK_SIZE - N) 个 mean² 在和里", True),
        ("Q1", "平方以后会多出 (BLOCK_SIZE - N) 个 mean 在和里", False),
        ("Q1", "平方以后会多出 (BLOCK_SIZE - N) 个 x² 在和里", False),
        ("Q1", "平方以后不会多出 (BLOCK_SIZE - N) 个 mean²", False),
        ("Q2", "部分和越来越大", True),
        ("Q2", "the accumulator gets large", True),
        ("Q2", "部分和越来越小", False),
        ("Q2", "累加和不会变大", False),
        ("Q2", "the accumulator stays small", False),
    ],
)
def test_round17_confirm_only_premises_and_their_false_twins(l6, question, premise, sound):
    """Are the true premises blind v15 routed for a TA only to confirm read as facts (the subtraction breaking the identity,
    the padding 'not real numbers' and '只有 N 个是真的', N as each row's count of real elements, the excess as '(BLOCK − N) 个
    mean²', the running sum growing large in Q2), while the same words with a false or denied claim are not?"""
    assert known(l6, question, premise) is sound


# ── rubric_version 19 (built on blind-v16): a later re-read of memory, a block below N, the divisor said not to matter ──


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        (
            "第一次求和没问题。可是做 x - mean 时，padding lane 会重新去显存越界读取数据，所以平方和被弄脏。",
            True,
        ),
        ("x - mean 这一步，被 mask 的 lane 又会去越界地址读一次数据，所以得再 mask。", True),
        (
            "When we compute x - mean, the padded lanes re-read their out-of-bounds addresses, so the squares are dirty.",
            True,
        ),
        (
            "Squaring the row makes the masked lanes go back to global memory, so they must be masked again.",
            True,
        ),
        (
            "The masked load never reads memory for the padding lanes; they get 0.0 from other, so the first sum is right.",
            False,
        ),
        ("masked load 时只有真实 lane 从显存读值，padding lane 直接得到 0.0，所以 sum 正确。", False),
        (
            "x - mean 只在寄存器里做，padding lane 不会重新去显存读取，它们变成 -mean，所以要再 mask 一次。",
            False,
        ),
    ],
)
def test_round18_a_later_step_re_reading_memory_is_vetoed(l6, text, vetoed):
    """Is a later step (x - mean, the square, the second sum) said to read memory again for the masked lanes vetoed in
    any wording, while the masked load not reading them, the real lanes read from memory and a denial are not?"""
    result = score(l6, "Q1", text)
    assert any(m["id"] == "padding_loaded_from_memory" and m["veto"] for m in result.misconceptions) is vetoed


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("BLOCK_SIZE 是 2 的幂，常常比 n_cols 小，所以要除以 N。", True),
        ("BLOCK_SIZE 往往比 N 小（例如 N=200 时用 128），这样除以它就偏大了，所以用 N。", True),
        ("因为 N 经常大于 BLOCK_SIZE，所以除以 N。", True),
        ("BLOCK_SIZE 是不超过 N 的最大 2 的幂，所以要除以 N。", True),
        ("We divide by n_cols because BLOCK_SIZE is often smaller than n_cols.", True),
        ("BLOCK_SIZE = next_power_of_2(N) ≥ N，多出来的 lane 是 padding，所以除以 N。", False),
        ("BLOCK_SIZE 是 2 的幂，比 N 大，多出来的是 padding，所以除以 N。", False),
        ("BLOCK_SIZE 是 2 的幂，不会比 N 小，多出来的是 padding，所以除以 N。", False),
        ("BLOCK_SIZE is never smaller than N; the extra lanes are padding, so we divide by N.", False),
        ("N 是 2 的幂时 BLOCK_SIZE 等于 N，只有别的宽度才多出 padding，所以除以 N。", False),
    ],
)
def test_round18_block_said_smaller_than_n_is_vetoed(l6, text, vetoed):
    """Is BLOCK_SIZE said to be (often) smaller than N vetoed in any wording, its consequence included, while BLOCK_SIZE
    ≥ N, larger than N, equal to N for a power of two and a denial are not?"""
    result = score(l6, "Q2", text)
    assert any(m["id"] == "block_smaller_than_n" and m["veto"] for m in result.misconceptions) is vetoed


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("均值才需要除以 N，方差已经减掉均值了，所以分母用什么无所谓。", True),
        ("The divisor doesn't matter for the variance since the mean was already subtracted.", True),
        ("分母很重要：一行只有 N 个真实元素，所以除以 N。", False),
        ("We divide by n_cols because the divisor matters: only n_cols elements are real.", False),
    ],
)
def test_round18_the_divisor_said_not_to_matter_is_routed(l6, text, routed):
    """Is the divisor said not to matter (for the variance or at all) routed to a TA, while saying it matters is not?"""
    result = score(l6, "Q2", text)
    assert any(m["id"] == "divisor_irrelevant" for m in result.misconceptions) is routed
    if routed:
        assert result.needs_review


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("转 fp32 是因为 tl.sum 不能接收 fp16 的输入。", True),
        ("tl.sum 不收 half，所以先 .to(tl.float32)。", True),
        ("tl.sum 可以接收 fp16，但 fp16 最大 65504，平方和会溢出，所以转 fp32。", False),
    ],
)
def test_round18_tl_sum_said_not_to_receive_fp16_is_vetoed(l6, text, vetoed):
    """Is '不能接收 / 不收 fp16' read as the false capability claim (compile_reason), while '可以接收 fp16' is not?"""
    result = score(l6, "Q2", text)
    assert any(m["id"] == "compile_reason" and m["veto"] for m in result.misconceptions) is vetoed


@pytest.mark.parametrize(
    ("premise", "sound"),
    [
        ("Dividing by BLOCK_SIZE would treat the padded zeros as real elements", True),
        ("除以 BLOCK_SIZE 就会把那些 0 当成数据", True),
        ("Dividing by N would count those zeros as samples", False),
        ("dividing by BLOCK_SIZE does not count the zeros as samples", False),
        ("除以 N 会把这些 0 当成样本", False),
        ("除以 BLOCK_SIZE 不会把这些 0 当成样本", False),
    ],
)
def test_round18_dividing_by_the_block_counts_the_padding_as_data(l6, premise, sound):
    """Is dividing by BLOCK_SIZE said to count the padding zeros as samples or data a known premise in Q2, while the same
    said of N, or denied, is not?"""
    assert known(l6, "Q2", premise) is sound


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("单遍算法在偏移 1e4 的行上出错，原因是它没有第二次 mask，方差就大了。", True),
        ("单遍算法在偏移 1e4 的行上出错，是因为它少了第二次 mask。", True),
        ("单遍版本不准：越界的 lane 平方以后各自多贡献了 mean²，方差被抬高。", True),
        (
            "The one-pass version goes wrong at a mean of 1e4: the padded lanes each contribute mean² once squared.",
            True,
        ),
        ("单遍算法缺少第二次 mask 恰恰是它的毛病，所以大偏移时出错。", True),
        ("单遍算法里 padding 的 x² 会混进 mean(x²)，所以偏移大时出错。", True),
        # false twins: the two-pass kernel without its second mask (true), one-pass by cancellation with its zero padding
        ("两遍算法要是删掉第二次 mask，padding lane 平方后各自多贡献 mean²，方差偏大。", False),
        (
            "单遍算法用不着第二次 mask（padding 在 x 和 x² 的和里都是 0），它错在两个约 1e8 的数相减，fp32 的有效位被抵消。",
            False,
        ),
        ("单遍算法里 padding lane 不会贡献 mean²，它的问题是两个约 1e8 的大数相减抵消。", False),
        ("单遍算法不用 mask，但两遍算法里 padding lane 平方后会贡献 mean²。", False),
    ],
)
def test_round19_one_pass_error_blamed_on_the_padding_is_vetoed(l6, text, vetoed):
    """Does the rubric veto the one-pass formula's error at a large offset put in the padding (the padded lanes adding
    mean² after squaring, their x² entering mean(x²), a missing second mask as its cause or fault) in any wording, while
    the two-pass kernel's padding adding mean² and a one-pass answer noting its padding is 0 in both sums are not?"""
    result = score(l6, "Q3", text)
    assert any(m["id"] == "one_pass_padding" and m["veto"] for m in result.misconceptions) is vetoed
    if "用不着第二次 mask" in text:
        assert not result.veto


@pytest.mark.parametrize(
    ("text", "deducted"),
    [
        ("除以 N。fp16 的精度其实足够，转 fp32 只是为了和输出的 dtype 一致。", True),
        ("除以 N。半精度完全够用。", True),
        (
            "We divide by n_cols. fp16 precision is enough; the cast to fp32 is only to match the output dtype.",
            True,
        ),
        # false twins: fp16 said not to be enough, the output dtype named without 'only', a question
        ("除以 N。fp16 精度不够，所以要转 fp32。", False),
        ("除以 N。输出也是 fp32；fp16 最大 65504，平方和会溢出，所以转 fp32。", False),
        ("除以 N。fp16 够用吗？不够，平方和会溢出 65504。", False),
    ],
)
def test_round19_fp16_said_to_be_enough_earns_nothing_for_fp32(l6, text, deducted):
    """Is fp16 said to be precise enough, or fp32 said to be only for the output dtype, a deduction of the fp32 half
    (no veto: a wrong conclusion), while fp16 said not to be enough, or the output dtype named beside the reason, is not?"""
    result = score(l6, "Q2", text)
    assert any(m["id"] == "fp16_enough" for m in result.misconceptions) is deducted
    assert not result.veto
    if deducted:
        assert result.points <= 0.5


@pytest.mark.parametrize(
    ("text", "points"),
    [
        (
            "padding 不计数（÷BLOCK 均值缩成 N/BLOCK）；fp16 平方和会溢出 65504，小项也会被舍入，fp32 不会。",
            2.0,
        ),
        ("padding 不计入个数（/B 均值偏小）；半精度的平方和会上溢成 inf。", 2.0),
        # false twins: the padding counted, fp16 said not to overflow, a bare ÷B without its effect
        ("padding 也计数了。fp16 不会溢出。", 0.0),
    ],
)
def test_round19_terse_reasons_stated_as_consequences_are_read(l6, text, points):
    """Are a terse Q2's reasons read: the padding left out of the count, the wrong divisor's effect in brackets and
    fp16 overflowing or rounding as the reason for fp32 (consequences, no 因为), while the same words counting the
    padding or denying the overflow earn nothing?"""
    result = score(l6, "Q2", text)
    assert result.points == points
    if points == 2.0:
        assert not result.needs_review


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        (
            "有人以为 centered_other 随便填，反正会被屏蔽——错，第二次求和会把填的值平方后加进去。所以填 0.0。检查通过。",
            True,
        ),
        ("填的值会进入平方和，所以第二个空填 0.0。检查通过。", True),
        (
            "The filled value is squared and added into the sum, so the second blank is 0.0. All checks pass.",
            True,
        ),
        # false twins: the fill said not to enter the sum, a reported claim agreed with
        ("填的值不会加进平方和，所以填 0.0。检查通过。", False),
        ("有人说第二次 mask 填什么都一样，确实如此，反正会被 mask 掉，所以填 0.0。检查通过。", False),
    ],
)
def test_round19_the_fill_squared_into_the_sum_is_the_reason_for_zero(l6, text, earned):
    """Does a note earn the second value's reason when it says the fill is squared and added into the sum (after a
    refuted saying too), while a fill said not to enter the sum, or a reported saying the note agrees with, does not?"""
    result = score(l6, "explanation", text)
    assert ("other_reason" in {m["concept"] for m in result.to_json()["matched"]}) is earned
    if earned:
        assert not result.needs_review
    if "确实如此" in text:
        assert result.needs_review and result.veto


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q3", "tl.maximum 防负", True),
        ("Q3", "clamp 防止负数", True),
        ("Q3", "the clamp maximum(var, 0) avoids taking the sqrt of a slightly negative value", True),
        ("Q3", "eps prevents division by zero", True),
        ("Q3", "eps guards against 1/sqrt(0)", True),
        ("Q3", "真正的方差只有 ~1", True),
        ("Q3", "the true std is about 1", True),
        ("Q1", "在第二次求和时也会被算进去", True),
        # false twins: the guards swapped, a denial, a variance of another size, a lane left out of the sum
        ("Q3", "tl.maximum 防 inf", False),
        ("Q3", "eps 防负", False),
        ("Q3", "eps prevents negatives", False),
        ("Q3", "maximum prevents division by zero", False),
        ("Q3", "maximum 不防负", False),
        ("Q3", "真正的方差只有 ~10", False),
        ("Q3", "算出来的方差是 1", False),
        ("Q1", "在第二次求和时不会被算进去", False),
    ],
)
def test_round19_confirm_only_premises_of_v17_are_sound(l6, question, premise, sound):
    """Are the guards' purposes in terse words (maximum 防负, eps prevents 1/sqrt(0)), the row's true variance of about
    1 and every lane counted in the second sum known premises, while the guards swapped, a denial, another variance or a
    lane said to be left out of the sum are not?"""
    assert known(l6, question, premise) is sound


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        (
            "x - mean 把 padding 变成 -mean。padding lane 各自贡献 均值的平方 → 方差偏大，所以要 tl.where 放回 0。",
            True,
        ),
        # false twins: a denial, a lane contributing 0
        ("x - mean 把 padding 变成 -mean。padding lane 各自都不会贡献 均值的平方 → 方差不变。", False),
        ("x - mean 把 padding 变成 -mean。padding lane 各自贡献 0 → 方差不变。", False),
    ],
)
def test_round19_each_padding_lane_contributing_mean_squared_earns_the_reason(l6, text, earned):
    """Does 'padding 每个贡献 mean²' (without 多) earn the second mask's reason in Q1, while a denial or a contribution
    of 0 does not?"""
    result = score(l6, "Q1", text)
    assert ("second_mask_reason" in {m["concept"] for m in result.to_json()["matched"]}) is earned


# ── round 20 (rubric 23): blind v18 and v19 are calibration ──────────────────────────────────────────


@pytest.mark.parametrize(
    ("question", "text", "vetoed"),
    [
        ("explanation", "centered_other 写 0.0，因为 padding 得放最小的数，最小的数不会改变总和。", True),
        ("explanation", "第二个空填 0.0：求和时 tl.sum 会先比较大小，0 是平方后最小的值，所以不影响。", True),
        (
            "explanation",
            "The padding is filled with the smallest value, and the smallest value does not affect the sum.",
            True,
        ),
        ("Q1", "other=0.0 是因为 0 是最小的值，所以均值不受影响。", True),
        # false twins: the additive identity, a denial, max's fill, the variance's lower bound
        ("explanation", "centered_other 写 0.0，因为 0 是加法单位元，加进平方和不改变它。", False),
        ("explanation", "填 0.0 不是因为 0 是最小的数，而是因为 0 是加法单位元，加进平方和不改变它。", False),
        ("Q1", "如果是 max 归约，padding 要放最小的值 -inf；这里是求和，所以 0 是加法单位元。", False),
        ("Q1", "因为 0 是加法单位元，所以均值正确；平方和最小是 0。", False),
    ],
)
def test_round20_fill_justified_as_the_smallest_value_is_vetoed(l6, question, text, vetoed):
    """Does the rubric veto the fill 0 justified as the smallest value (a sum that compares, the smallest value not
    affecting the result) in any wording, while the additive identity, a denial or max's −inf fill are not?"""
    result = score(l6, question, text)
    ids = {m["id"] for m in result.to_json()["misconceptions"]}
    assert ("fill_smallest" in ids) is vetoed
    if vetoed:
        assert result.veto and result.needs_review


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("因为 Welford、Kahan 求和、有效数字、尾数位宽、IEEE 754、数值稳定性，所以单遍公式不行。", True),
        ("由于 ulp、条件数、抵消、舍入、fp32，因此要用两遍。", True),
        # false twins: items that state a relation, fewer items, a list outside a premise
        (
            "因为 E[x²] 约 1e8、mean² 也约 1e8、相减只剩 1、fp32 尾数 24 位、误差约 8，所以单遍公式不可用。",
            False,
        ),
        ("因为 Welford、Kahan 求和都更稳，所以单遍公式不用。", False),
        ("因为 fp16、fp32、bf16、有效位、溢出、舍入，所以累加。", False),
        (
            "相关的方法有 Welford、Kahan 求和、Chan 合并、两遍法、移位数据。单遍公式会灾难性抵消，所以不可用。",
            False,
        ),
    ],
)
def test_round20_a_premise_that_only_lists_terms_is_routed(l6, text, flagged):
    """Does a premise that is only a list of five or more terms ('因为 A、B、C、D、E，所以…') go to a TA as stuffing, while a
    list whose items state relations, a short list, one closing in a bare term (the scorer's term_list) or a list
    outside a premise do not?"""
    result = score(l6, "Q3", text)
    ids = {m["id"] for m in result.to_json()["misconceptions"]}
    assert ("term_list_premise" in ids) is flagged
    if flagged:
        assert result.needs_review


@pytest.mark.parametrize(
    ("text", "stuffed"),
    [
        (
            "因为灾难性抵消、Chan 公式、Welford、有效数字，所以不用单遍。因为 eps、NaN、inf、一致性，所以数值稳定。",
            True,
        ),
        # false twin: the same names beside the chain they belong to
        (
            "单遍公式会灾难性抵消：mean(x²) 和 mean² 都约 1e8，fp32 在那里间隔是 8，约 1 的方差被抵消；Chan 公式和 Welford"
            " 是别的稳定写法。tl.maximum 把舍入造成的负方差截成 0，免得开方得 NaN；eps 防方差为 0 时 1/sqrt(0) = inf。",
            False,
        ),
    ],
)
def test_premises_that_only_name_methods_earn_nothing_and_go_to_a_ta(l6, text, stuffed):
    """Do premises that only name the methods and the class's words ('因为灾难性抵消、Chan 公式、Welford…，所以…') read as
    stuffing, earning nothing and going to a TA, while the same names beside their chain earn full marks (lesson 6
    version 72, blind v108 l6v108-q3-024)?"""
    result = score(l6, "Q3", text)
    assert ("stuffing" in result.flags) is stuffed
    assert result.points == (0.0 if stuffed else 2.0)
    assert result.needs_review is stuffed


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("Divisor 用 n_cols，因为除以 BLOCK_SIZE 会把 mean 缩小成 N/BLOCK 倍。", True),
        ("分母取 N，因为 padding lane 不是 actual data，除以 BLOCK_SIZE 均值偏小。", True),
        ("除数用 N 因为 the padding lanes are not real data，否则均值被缩小。", True),
        # false twins: N − 1, the padding said to be real data
        ("分母用 N-1，因为除以 BLOCK_SIZE 均值偏小。", False),
        ("padding lane 是 real data，除以 BLOCK_SIZE 均值偏小。", False),
    ],
)
def test_round20_divisor_used_as_n_in_mixed_words_earns_divide_by_n(l6, text, earned):
    """Does 'Divisor 用 N' or 'padding 不是 real data' earn the divisor's concept in Q2, while N − 1 or the padding
    said to be real data does not?"""
    result = score(l6, "Q2", text)
    assert ("divide_by_n" in {m["concept"] for m in result.to_json()["matched"]}) is earned


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q1", "减法是 elementwise 的", True),
        ("Q1", "x - mean 是逐元素的运算", True),
        ("Q1", "padding lanes 同样被 subtract", True),
        ("Q2", "半精度的范围比较小", True),
        ("Q2", "累加和容易溢出", True),
        ("Q2", "求和时会损失精度", True),
        ("Q2", "only the first 100 positions hold real data", True),
        ("Q2", "the mean is the sum divided by the count of actual values", True),
        ("Q2", "the first n_cols lanes are padding", False),
        ("Q2", "the mean is the sum over the number of lanes", False),
        # false twins: a denial, fp32's range, the sum said in fp32 to overflow or not to overflow
        ("Q1", "x - mean 不是 elementwise 的", False),
        ("Q2", "fp32 范围小", False),
        ("Q2", "平方和在 fp32 里容易溢出", False),
        ("Q2", "平方和不会溢出", False),
        ("Q2", "累加不丢精度", False),
    ],
)
def test_round20_confirm_only_premises_of_v19_are_sound(l6, question, premise, sound):
    """Are the subtraction called elementwise, the padding subtracted too, fp16's range called small and the sum said to
    overflow or lose precision, and in English only the first N lanes real and the mean over the real count, known
    premises, while a denial, fp32's range, an overflow in fp32, the padding or a count of lanes are not?"""
    assert known(l6, question, premise) is sound


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("我们不用单遍公式是因为单遍没有再做一次 mask，padding 的值混在平方和里。", True),
        ("放弃一遍公式，原因是 padding 的影响没有被处理掉，方差才会变成负数。", True),
        ("单遍公式算出负方差是由于没有重新 mask 一次。", True),
        ("The single-pass formula is rejected because the mask is not applied again before squaring.", True),
        ("The one-pass version fails since the padding lanes leak into the sum of squares.", True),
        # false twins: padding called fine in one-pass and the cancellation named; the two-pass kernel's own mask
        (
            "单遍公式里 padding 在两个和里都是 0，不需要第二次 mask；它错是因为两个约 1e8 的大数相减，有效位被抵消。",
            False,
        ),
        ("不用单遍是因为大数相减的抵消，而不是因为没有第二次 mask。", False),
        (
            "两遍算法需要第二次 mask，因为 x - mean 把 padding 变成了 -mean；单遍公式的 padding 平方后仍是 0。",
            False,
        ),
    ],
)
def test_round21_one_pass_blamed_on_padding_or_a_missing_mask_is_vetoed(l6, text, vetoed):
    """Does the rubric veto the one-pass formula's failure put on the padding or on a mask not applied again
    ('不用单遍是因为没有第二次 mask', 'fails because the mask is not reapplied'), in any wording, while a student who
    says the padding is fine in one-pass and names the cancellation is not vetoed?"""
    result = score(l6, "Q3", text)
    hit = any(m["id"] == "one_pass_padding" and m["veto"] for m in result.to_json()["misconceptions"])
    assert hit is vetoed
    if vetoed:
        assert result.needs_review


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("分母应该是元素的个数，padding 补出来的 lane 不算；除以 BLOCK_SIZE 均值会偏小。", True),
        ("均值就是总和除以个数，而个数是 n_cols。", True),
        ("BLOCK_SIZE 比 N 大，所以除以 BLOCK_SIZE 均值就偏小。", True),
        # false twins: two divisors called both fine, N − 1, BLOCK_SIZE called unbiased
        ("除以 N 或者 BLOCK_SIZE 都行，结果差不多。", False),
        ("个数是 N - 1，这样才无偏。", False),
        ("除以 BLOCK_SIZE 是无偏的估计。", False),
    ],
)
def test_round21_the_divisor_in_plain_words_earns_divide_by_n(l6, text, earned):
    """Is the divisor read in plain words ('分母是元素个数', '均值等于和除以个数，个数是 N', 'BLOCK_SIZE 比 N 大，除以
    BLOCK_SIZE 偏小'), while 'N 和 BLOCK_SIZE 都可以', N − 1 and 'BLOCK_SIZE is unbiased' earn nothing?"""
    result = score(l6, "Q2", text)
    assert ("divide_by_n" in {m["concept"] for m in result.to_json()["matched"]}) is earned


@pytest.mark.parametrize(
    "text",
    [
        "除以 N 和 BLOCK_SIZE 其实都可以，看需要。",
        "Either N or BLOCK_SIZE works as the divisor.",
        "除以 BLOCK_SIZE 得到的是无偏方差。",
    ],
)
def test_round21_either_divisor_or_an_unbiased_block_is_vetoed(l6, text):
    """Does the rubric veto the two divisors called both fine or BLOCK_SIZE called the unbiased divisor?"""
    result = score(l6, "Q2", text)
    assert any(m["id"] == "divide_by_block" and m["veto"] for m in result.to_json()["misconceptions"])


@pytest.mark.parametrize(
    ("question", "text", "read"),
    [
        (
            "Q1",
            "Because the masked lanes come in as 0.0 and adding 0 does not change the sum, the mean is right.",
            True,
        ),
        (
            "Q2",
            "We divide by n_cols because the extra lanes are just zeros, so the sum is right but the count is not.",
            True,
        ),
        ("Q2", "分母要用 N，因为均值就是“真实元素的和 / 真实元素的个数”。", True),
        ("Q2", "因为 BLOCK_SIZE 比 N 大，所以除以 BLOCK_SIZE 会让均值偏小；分母是 N。", True),
        ("Q3", "单遍不能用，因为在大偏移下会算错：两个约 1e8 的数相减，有效位抵消。", True),
        (
            "explanation",
            "divisor 填 n_cols，因为分母必须是真实列数，否则宽度 100、257 的检查会失败。centered_other 填 0.0，"
            "因为 0 是加法单位元。",
            True,
        ),
        # false twin: a block narrower than N
        ("Q2", "因为 BLOCK_SIZE 比 N 小，所以除以 BLOCK_SIZE 会让均值偏大。", False),
    ],
)
def test_round21_true_premises_of_v20_are_read(l6, question, text, read):
    """Are the true premises blind v20 routed only for a TA to confirm read as facts (the padding coming in as 0 and 0 not
    changing a sum in English, the extra lanes being zeros, the mean as the real sum over the real count in quotes, the
    block wider than N, one-pass wrong at a large offset, the checks of widths 100 and 257 failing), while a block
    narrower than N is not (it routes, as an unknown premise or a veto)?"""
    context = {"blank": "n_cols, 0.0", "checks_passed": True} if question == "explanation" else PASSED
    result = score(l6, question, text, context)
    if read:
        assert "unknown_premise" not in result.flags
    else:
        assert result.needs_review


@pytest.mark.parametrize(
    ("text", "earns"),
    [
        ("padding 位置从 0 变成了 -mean，所以方差要再 mask。", False),
        ("越界的位置从 0 被改成 -mean。", False),
        # true twins: the verb 置 and a lane's place filled with 0 still earn the input stage
        ("masked load 把越界 lane 置为 0，所以均值不受影响。", True),
        ("padding 位置填 0，0 是加法单位元。", True),
    ],
)
def test_round22_the_place_of_a_lane_is_no_fill(l6, text, earns):
    """Does '位置从 0 变成 -mean' (the 置 of 位置, a lane's place) earn no input stage in Q1, while the verb 置
    ('置为 0') and a place filled with 0 still do?"""
    result = score(l6, "Q1", text)
    assert any(m["concept"] == "mean_right" for m in result.to_json()["matched"]) is earns


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q1", "centered 这一步 x - mean 逐 lane 计算", True),
        ("Q1", "x - μ 逐元素执行", True),
        ("Q1", "d_i = x_i - mean 对所有 i 都成立", True),
        ("Q3", "the square root of a negative variance returns NaN", True),
        ("Q3", "sqrt of any negative number gives a NaN", True),
        ("Q3", "否则就和 torch 的公式对不上", True),
        ("Q3", "otherwise it does not match the PyTorch definition", True),
        # false twins: skipped lanes, only the real indices, a square root of a negative called 0 or not NaN, agreement
        ("Q1", "x - mean 逐 lane 跳过 padding", False),
        ("Q1", "d_i = x_i - mean 只对 i < N 成立", False),
        ("Q3", "the square root of a negative number is 0", False),
        ("Q3", "sqrt of a negative is not NaN", False),
        ("Q3", "和 PyTorch 的定义一样", False),
    ],
)
def test_round22_confirm_only_premises_of_v21_are_sound(l6, question, premise, sound):
    """Are the subtraction done lane by lane or for every index ('逐 lane 计算', 'd_i = x_i - mean 对所有 i 都成立'), the
    square root of a negative giving NaN in English, and the reference's definition not matched ('和 torch 的公式对不上')
    known premises, while skipped lanes, the real indices only, a root called 0 or not NaN, or an agreement are not?"""
    assert known(l6, question, premise) is sound


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q2", "多出来的 lane 不计入个数", True),
        ("Q2", "但并不计入个数", True),
        ("Q2", "padding = 0", True),
        ("Q1", "越界的位置读成 0", True),
        ("Q1", "0 加到和里也不会改变", True),
        # false twins: a fill of 1, a zero added to the sum of squares changing it
        ("Q2", "padding 1", False),
        ("Q1", "越界的位置读成 1", False),
        ("Q1", "0 加进平方和会改变", False),
    ],
)
def test_round22_the_padding_not_counted_and_loaded_as_zero_are_sound(l6, question, premise, sound):
    """Are the padding not counted as an element ('不计入个数', '但并不计入个数', a bare 'padding = 0' in an arrow note), the
    masked lanes loaded as 0 and a 0 added to the sum changing nothing known premises, while a fill of 1 or a changed
    sum of squares are not?"""
    assert known(l6, question, premise) is sound


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("因为 padding 是 0，所以均值会偏小，要再 mask 一次。", True),
        ("padding 的 0 也被加进去了，平均值被拉低，所以要 tl.where 修正。", True),
        # false twins: the effect of dividing by BLOCK_SIZE, a condition, a denial
        ("除以 BLOCK_SIZE 的话均值会偏小，所以除以 N。", False),
        ("如果把 padding 算进个数，均值会偏小。", False),
        ("均值不会偏小，因为 padding 是加法单位元 0。", False),
    ],
)
def test_round26_the_first_mean_called_low_goes_to_a_ta(l6, text, routed):
    """Is the first mean said to come out low or wrong ('padding 是 0，所以均值会偏小') routed to a TA as mean_lowered,
    while the true effect of dividing by BLOCK_SIZE, a condition or a denial is not?"""
    result = score(l6, "Q1", text)
    assert ("suspect:mean_lowered" in result.flags) is routed


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("本课不用单遍主要是性能：单遍要维护两个累加器，寄存器占用翻倍，所以比两遍慢。", True),
        ("不用单遍是因为性能差。", True),
        ("单遍错是因为 x*x 之后 padding lane 没有再 mask，padding 的平方混进了 mean(x²)。", True),
        # false twins: one-pass said not to be slower, its error put in the cancellation
        ("单遍并不比两遍慢，它错在两个约 1e8 的数相减，有效位被抵消。", False),
        ("One-pass is not slower than two-pass; it fails by cancellation.", False),
    ],
)
def test_round26_one_pass_rejected_for_speed_or_padding_is_vetoed(l6, text, vetoed):
    """Does the rubric veto one-pass rejected for speed ('主要是性能', '所以比两遍慢') or failing from a missing mask
    named after a step ('因为 x*x 之后 padding lane 没有再 mask'), while a denial of the slowness is not vetoed?"""
    result = score(l6, "Q3", text)
    ids = {m["id"] for m in result.to_json()["misconceptions"] if m["veto"]}
    assert bool(ids & {"one_pass_slower", "one_pass_padding"}) is vetoed


@pytest.mark.parametrize(
    ("question", "text", "concept", "earned"),
    [
        ("Q2", "因为只有 N 个真实值，除以 BLOCK_SIZE 均值会变小。", "divide_by_n", True),
        ("Q1", "x - mean 之后 padding lane 从 0 变成了 -均值。", "minus_mean", True),
        # false twins: a count of lanes, x minus the mean written out
        ("Q2", "只有 N 个 lane 参与计算。", "divide_by_n", False),
        ("Q1", "每个元素算 x - 均值。", "minus_mean", False),
    ],
)
def test_round26_real_values_and_minus_the_mean_in_words_are_read(l6, question, text, concept, earned):
    """Are '只有 N 个真实值' and the padding becoming '-均值' read, while a count of lanes or x minus the mean are not?"""
    result = score(l6, question, text)
    assert (concept in {m["concept"] for m in result.to_json()["matched"]}) is earned


def test_round26_dividing_by_block_said_harmless_is_vetoed(l6):
    """Is a note that says dividing by BLOCK_SIZE does not affect the result vetoed as divide_by_block?"""
    note = "divisor 填 BLOCK_SIZE。检查失败是容差太严，和我填的值无关，因为 padding 是 0，除以 BLOCK_SIZE 不影响结果。"
    result = score(l6, "explanation", note, context={"blank": "BLOCK_SIZE, 0.0", "checks_passed": False})
    assert any(m["id"] == "divide_by_block" and m["veto"] for m in result.to_json()["misconceptions"])


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q2", "that's the number of real elements", True),
        ("explanation", "它是真实的列数", True),
        ("Q2", "要算真实元素的平均", True),
        ("Q1", "0 加到任何和上都不改变它", True),
        ("Q1", "x - mean 破坏了 padding 的单位元", True),
        ("Q1", "Σ x_j = Σ_{j<N} x_j + (B−N)·0", True),
        ("Q3", "fp32 在 [6.7e7, 1.34e8) 间距是 8", True),
        # false twins: BLOCK_SIZE's columns, N − 1, the padded lanes counted, the sum of squares, (B − N) times 1
        ("explanation", "它是 BLOCK_SIZE 的列数", False),
        ("Q2", "它是真实的列数 - 1", False),
        ("Q2", "it is the number of padded lanes", False),
        ("Q1", "0 加到任何和上都不改变方差", False),
        ("Q1", "(B−N)·1 加进和里", False),
        ("Q3", "fp32 在这里间距是 80", False),
    ],
)
def test_round27_confirm_only_premises_of_v25_are_sound(l6, question, premise, sound):
    """Are the real count in other words ('that's the number of real elements', '它是真实的列数'), 0 added to any sum,
    x - mean breaking the padding's identity, the padding's (B−N)·0 share and fp32's 间距 8 known premises, while
    BLOCK_SIZE's columns, N − 1, padded lanes, the sum of squares, (B−N)·1 or a spacing of 80 are not?"""
    assert known(l6, question, premise) is sound


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("divisor 填 x_row_stride：一行的元素个数就是行步长，这两个是一回事。", True),
        # false twin: the same equality said to hold only for contiguous rows
        ("一行的元素个数就是行步长只在输入连续时成立，所以 divisor 用 n_cols。", False),
    ],
)
def test_round28_the_row_count_named_as_the_stride_is_vetoed(l6, text, vetoed):
    """Is the row's element count called the row stride ('一行的元素个数就是行步长') vetoed as stride_is_length, while
    the same equality limited to contiguous rows is not?"""
    result = score(l6, "explanation", text, context={"blank": "x_row_stride, 0.0", "checks_passed": True})
    assert (
        any(m["id"] == "stride_is_length" and m["veto"] for m in result.to_json()["misconceptions"]) is vetoed
    )


@pytest.mark.parametrize(
    ("question", "text", "misconception", "vetoed"),
    [
        (
            "Q2",
            "如果用 fp16 累加，最后 tl.store 时数据类型和指针类型对不上，会报类型不匹配的错误，所以要转 fp32。",
            "store_dtype_reason",
            True,
        ),
        (
            "Q3",
            "Each x² is about 1e8, summed that is ~1e11. This overflows the fp32 accumulator.",
            "fp32_overflow",
            True,
        ),
        ("Q3", "在 fp32 下面用单遍公式其实也是可以的，本课用两遍只是为了兼容 fp16。", "one_pass_fine", True),
        # false twins: the store's conversion named as harmless, no overflow in fp32, one-pass rejected in fp32
        (
            "Q2",
            "tl.store 会按指针类型转换，不会类型不匹配；转 fp32 是为了累加的范围和有效位。",
            "store_dtype_reason",
            False,
        ),
        ("Q3", "x² around 1e8 does not overflow fp32; the problem is cancellation.", "fp32_overflow", False),
        ("Q3", "在 fp32 下面单遍公式也不行，两个 1e8 相减有效位被抵消。", "one_pass_fine", False),
    ],
)
def test_round29_wrong_chains_of_v27_are_vetoed(l6, question, text, misconception, vetoed):
    """Are a store's type mismatch as the reason for fp32 (also as what would happen otherwise), fp32 named as what
    overflows, and one-pass called fine in fp32 vetoed, while their denials are not?"""
    result = score(l6, question, text)
    hit = any(m["id"] == misconception and m["veto"] for m in result.to_json()["misconceptions"])
    assert hit is vetoed


@pytest.mark.parametrize(
    ("question", "text", "concept", "earned"),
    [
        (
            "Q2",
            "除以 N：padding 的 0 不改变和，所以除以 BLOCK_SIZE 会把均值算小。",
            "block_wrong_effect",
            True,
        ),
        ("Q2", "count = n_cols  # 不用 BLOCK_SIZE", "divide_by_n", True),
        ("Q3", "要算两个约 1e8 的数之差，fp32 只有 7 位有效数字，减出来的是噪声。", "cancellation", True),
        # false twins: the mean not computed small, the block assigned as the count, a difference of small numbers
        ("Q2", "除以 N 的话均值不会算小。", "block_wrong_effect", False),
        ("Q2", "count = BLOCK_SIZE  # 我以为要除以块长", "divide_by_n", False),
        ("Q3", "两个小数之差没什么问题。", "cancellation", False),
    ],
)
def test_round30_concepts_in_the_words_of_v28_are_read(l6, question, text, concept, earned):
    """Are the mean 'computed small' by BLOCK_SIZE, the divisor assigned n_cols in code and the difference of two
    numbers near 1e8 read as their concepts, while a denial, another value and small numbers are not?"""
    result = score(l6, question, text)
    assert (concept in {m["concept"] for m in result.to_json()["matched"]}) is earned


@pytest.mark.parametrize(
    ("question", "text", "routed"),
    [
        (
            "Q2",
            "The padded zeros add nothing to the sum, so the sum is over N values and must be divided by N.",
            False,
        ),
        ("Q1", "At load time the masked elements are set to 0.0 so the mean is fine.", False),
        # false twins: the padding said to add something, set to another value
        ("Q2", "The padded lanes add their garbage to the sum, so it must be divided by N.", True),
        ("Q1", "At load time the masked elements are set to 1.0 so the mean is fine.", True),
    ],
)
def test_round30_true_premises_of_v28_are_read(l6, question, text, routed):
    """Are the padded zeros adding nothing and the masked elements set to 0.0 read as true premises, while padding
    that adds something or holds another value still goes to a TA?"""
    result = score(l6, question, text)
    assert result.needs_review if routed else "unknown_premise" not in result.flags


@pytest.mark.parametrize(
    ("question", "text", "concept", "earned"),
    [
        ("Q2", "如果用 BLOCK_SIZE，那 BLOCK_SIZE−N 个补的 0 会被当成数据。", "divide_by_n", True),
        ("Q2", "算日均支出肯定除 31 天，不能除 32。", "divide_by_n", True),
        ("Q2", "除以 4 等于多数了一个“0 样本”。", "divide_by_n", True),
        ("Q2", "不然平均值被空货位拉低了。", "block_wrong_effect", True),
        ("Q1", "然后每笔减去平均值，空行也被减了，变成负的平均值。", "minus_mean", True),
        # false twins: real data counted, the mean raised, the mean itself (not its negative)
        ("Q2", "真实的数据会被当成数据。", "divide_by_n", False),
        ("Q2", "平均值被真实数据拉高了。", "block_wrong_effect", False),
        ("Q1", "每笔减去平均值，空行还是平均值。", "minus_mean", False),
    ],
)
def test_round31_analogies_of_v29_are_read(l6, question, text, concept, earned):
    """Are the padding's zeros taken for data, a worked count divided by and not the padded one, the mean pulled down
    and '负的平均值' read as their concepts, while real data, a raised mean and the mean itself are not?"""
    result = score(l6, question, text)
    assert (concept in {m["concept"] for m in result.to_json()["matched"]}) is earned


@pytest.mark.parametrize(
    ("question", "text", "routed"),
    [
        (
            "Q1",
            "load 的时候 other=0.0，所以被 mask 的 lane 是 0，0 加进去求和不受影响，所以均值是对的。",
            False,
        ),
        ("Q2", "we have N real elements, so we divide by N.", False),
        ("Q2", "除以 N 是因为 BLOCK_SIZE 不一定等于 N。", False),
        # false twins: a padding value that changes the sum, a block count named real, the block always N
        (
            "Q1",
            "load 的时候 other=1.0，所以被 mask 的 lane 是 1，1 加进去求和不受影响，所以均值是对的。",
            True,
        ),
        ("Q2", "we have BLOCK_SIZE real elements, so we divide by N.", True),
        ("Q2", "除以 N 是因为 BLOCK_SIZE 一定等于 N。", True),
    ],
)
def test_round31_true_premises_of_v30_are_read(l6, question, text, routed):
    """Are '0 加进去求和不受影响', 'we have N real elements' and 'BLOCK_SIZE 不一定等于 N' read as true premises, while a
    fill of 1, a block count called real and the block called always N still go to a TA?"""
    result = score(l6, question, text)
    assert result.needs_review if routed else "unknown_premise" not in result.flags


def test_round31_one_pass_denied_wrong_in_fp32_is_vetoed(l6):
    """Is "I don't think one-pass is wrong in fp32" vetoed as one_pass_fine, while "I don't think one-pass is right" is
    not?"""
    hit = score(l6, "Q3", "Honestly I don't think one-pass is wrong in fp32.").to_json()["misconceptions"]
    assert any(m["id"] == "one_pass_fine" and m["veto"] for m in hit)
    twin = score(l6, "Q3", "Honestly I don't think one-pass is right: the two 1e8 terms cancel.").to_json()
    assert not any(m["id"] == "one_pass_fine" for m in twin["misconceptions"])


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        (
            "centered_other 必须填 0.0，因为 tl.where 的第三个参数必须和前面 tl.load 的 other 一样，否则编译器会报错。",
            True,
        ),
        # false twins: the two fills equal by coincidence, the rule denied
        ("centered_other 填 0.0，它恰好和 tl.load 的 other 一样，因为两次都是求和的单位元。", False),
        ("centered_other 不必和 tl.load 的 other 一样。", False),
    ],
)
def test_round32_a_fill_said_to_match_the_load_is_vetoed(l6, text, vetoed):
    """Is the made-up rule that tl.where's fill must equal the load's other vetoed, while a coincidence and a denial
    are not?"""
    result = score(l6, "explanation", text)
    assert (
        any(m["id"] == "fill_must_match_load" and m["veto"] for m in result.to_json()["misconceptions"])
        is vetoed
    )


@pytest.mark.parametrize(
    ("question", "text", "expected"),
    [
        ("Q3", "两遍法的 mean 也一样算，但它后面做了第二次 mask，所以误差被消掉了。", "one_pass_padding"),
        ("Q2", "因为有效元素是 N 个。", "divide_by_n"),
        (
            "Q2",
            "Only N of the BLOCK_SIZE lanes hold data; the padding lanes are not observations.",
            "divide_by_n",
        ),
        # false twins: the mask named for the padding only, the block's lanes named as real
        ("Q3", "第二次 mask 之后 padding 变回 0，和舍入误差无关。", None),
        ("Q2", "因为有效元素是 BLOCK_SIZE 个。", None),
    ],
)
def test_round33_words_of_v32_are_read(l6, question, text, expected):
    """Is the second mask said to remove the rounding error vetoed, and are the real count in '有效元素是 N 个' and 'only N of
    the lanes hold data' read, while the mask named for the padding and a block count are neither?"""
    result = score(l6, question, text).to_json()
    vetoed = {m["id"] for m in result["misconceptions"] if m["veto"]}
    matched = {m["concept"] for m in result["matched"]}
    if expected is None:
        assert "one_pass_padding" not in vetoed and "divide_by_n" not in matched
    else:
        assert expected in vetoed | matched


@pytest.mark.parametrize(
    ("question", "text", "misconception", "vetoed"),
    [
        (
            "Q2",
            "用 2 的幂做除数会让结果只能是二进制分数，精度受限，所以换成 N。",
            "pow2_division_inexact",
            True,
        ),
        ("Q2", "fp16 和 fp32 混算类型不匹配，不转会报错。", "compile_reason", True),
        ("Q3", "1e8 已经超出范围，累加器饱和，mean(x²) 被钳在上限。", "fp32_overflow", True),
        # false twins: a power of two as the block, types promoted, 1e8 inside the range
        ("Q2", "BLOCK_SIZE 用 2 的幂做块长，除数却是 N。", "pow2_division_inexact", False),
        ("Q2", "fp16 和 fp32 一起算时会自动提升，不会报错。", "compile_reason", False),
        ("Q3", "1e8 远在 fp32 的范围之内，浮点累加器也不会饱和。", "fp32_overflow", False),
    ],
)
def test_round34_wrong_chains_of_v33_are_vetoed(l6, question, text, misconception, vetoed):
    """Are a power-of-two divisor 'limiting the precision', mixed types 'erroring' and a saturating fp32 accumulator
    vetoed, while the block's size, type promotion and 1e8 inside the range are not?"""
    result = score(l6, question, text)
    assert any(m["id"] == misconception and m["veto"] for m in result.to_json()["misconceptions"]) is vetoed


# ── version 35 (blind v34-v36) ───────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q1", "只有 mean 恰好接近 0(比如 randn 数据)时这个错误才看不出来", True),
        ("Q1", "other 只管载入那一刻", True),
        ("Q1", "逐元素减法把 padding 改掉了", True),
        ("Q1", "padding 的地方是 0", True),
        ("Q1", "这时候再平方加进去就会多出来一块", True),
        ("Q1", "多出来的 16/3 就是那一个 padding lane 的 mean² / N", True),
        ("Q3", "1/0 = inf", True),
        ("Q3", "E[x²] 与 μ² 是两个几乎相等的大数", True),
        ("Q3", "two-pass 先 x - mean 再平方", True),
        ("Q2", "N 是列数", True),
        ("explanation", "after squaring it contributes nothing to the sum of squares", True),
        # false twins: randn said to show it, the padding not 0, a sum said to change, the squares said to cancel
        ("Q1", "randn 数据上测得出来", False),
        ("Q1", "padding 的地方是 mean", False),
        ("Q1", "other 会一直跟着 padding", False),
        ("Q3", "两个大数相加", False),
        ("Q2", "N 是 BLOCK_SIZE", False),
    ],
)
def test_round35_true_premises_in_new_words_are_sound(l6, question, premise, sound):
    """Are the true premises of the v34-v36 classes (randn hiding the excess, other acting at the load only, the
    padding's zero and its square, 1/0 = inf, two nearly equal large numbers) sound, and their false twins not?"""
    assert known(l6, question, premise) is sound


@pytest.mark.parametrize(
    ("question", "text", "concept", "earned"),
    [
        ("explanation", "如果填 BLOCK_SIZE 会得到 3.125，填 n_cols 得 5。", "divisor_reason", True),
        ("explanation", "centered_other=0.0 让 3 个 padding 的平方为 0，var=8。", "other_reason", True),
        (
            "Q1",
            "After x - mean the padding lanes aren't zero anymore, so we mask them again.",
            "minus_mean",
            True,
        ),
        (
            "Q2",
            "如果除以 BLOCK_SIZE，补出来的也被当成数了，平均值就会被拉低，所以得用 N。",
            "divide_by_n",
            True,
        ),
        ("Q2", "pad lane 是 fake data，count 不能算它们。", "divide_by_n", True),
        # false twins: the right divisor worked, the padding's square not zero, the lanes still zero, N not chosen
        ("explanation", "如果填 n_cols 会得到 5。", "divisor_reason", False),
        ("explanation", "padding 的平方是 mean²。", "other_reason", False),
        ("Q1", "After x - mean the padding lanes are still there.", "minus_mean", False),
        ("Q2", "所以应该是 BLOCK_SIZE。", "divide_by_n", False),
    ],
)
def test_round35_reasons_in_new_words_are_read(l6, question, text, concept, earned):
    """Are the wrong divisor's worked mean, the padding's zero square, "aren't zero anymore", the padding counted
    as numbers and "fake data" read, and their false twins not?"""
    result = score(l6, question, text, context={"blank": "n_cols, 0.0", "checks_passed": True})
    assert (concept in {m["concept"] for m in result.to_json()["matched"]}) is earned


# ── version 36 (blind v37, v38) ──────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("question", "text", "misconception", "vetoed"),
    [
        (
            "Q2",
            "load 进来以后马上 .to(tl.float32)，fp32 的范围到 3.4e38，就能把这些 inf 恢复成原来的值。",
            "cast_recovers_inf",
            True,
        ),
        (
            "Q1",
            "padding lane 在显存里本来就是 0（超出行尾的显存分配时被初始化为 0），所以不会错。",
            "padding_garbage",
            True,
        ),
        (
            "Q3",
            "单遍公式其实没什么问题，tl.maximum 把负数截成 0，截完以后结果就是对的。",
            "one_pass_fine",
            True,
        ),
        (
            "Q1",
            "tl.sum 只加到真实的 N 个元素，所以均值对。",
            "sum_skips_masked",
            True,
        ),
        # false twins: an inf that stays inf, memory never read, one-pass called wrong, the identity as the reason
        ("Q2", "已经溢出成 inf 的值转成 fp32 还是 inf，恢复不了原来的值。", "cast_recovers_inf", False),
        ("Q1", "padding lane 不读显存，值就是 other 给的 0。", "padding_garbage", False),
        ("Q3", "单遍公式有问题，截成 0 以后结果也不对。", "one_pass_fine", False),
        ("Q1", "0 是加法的单位元，所以第一次 tl.sum 只加到真实的 N 个元素。", "sum_skips_masked", False),
    ],
)
def test_round36_wrong_chains_of_v37_v38_are_vetoed(l6, question, text, misconception, vetoed):
    """Are a cast 'recovering' inf, the padding's 0 from zeroed memory, one-pass made right by the clamp and the sum
    'adding only N elements' without the identity vetoed, while their false twins are not?"""
    result = score(l6, question, text)
    assert any(m["id"] == misconception and m["veto"] for m in result.to_json()["misconceptions"]) is vetoed


def test_round36_the_note_reads_the_wrong_divisor_s_effect_in_q2_s_words(l6):
    """Does the note's divisor reason read the wrong divisor's effect in any of Q2's words ('均值会缩成 N/BLOCK 倍'),
    through reads_as, while naming the divisor alone earns nothing?"""
    context = {"blank": "n_cols, 0.0", "checks_passed": True}
    effect = score(l6, "explanation", "divisor = n_cols：写 BLOCK_SIZE 的话均值会缩成 N/BLOCK 倍。", context)
    named = score(l6, "explanation", "divisor = n_cols。", context)
    assert "divisor_reason" in {m["concept"] for m in effect.to_json()["matched"]}
    assert "divisor_reason" not in {m["concept"] for m in named.to_json()["matched"]}


def test_round37_the_padding_reading_the_next_row_is_vetoed(l6):
    """Is 'padding lane 实际上会读到下一行开头的数据' vetoed in Q2, while 'padding lane 不会读到下一行' is not?"""
    wrong = score(
        l6, "Q2", "除以 N，是因为多出来的 padding lane 实际上会读到下一行开头的数据，不属于这一行。"
    )
    right = score(l6, "Q2", "除以 N：padding lane 不会读到下一行，它们只是填 0 的占位，不是数据。")
    assert wrong.veto and not right.veto


def test_round38_the_divisor_counting_the_padding_is_read(l6):
    """Is '分母多算了 BLOCK_SIZE - N 个元素' read as why the divisor is N, and '分母是 N 个元素' (no excess) not by it?"""
    counted = score(l6, "Q2", "除以 BLOCK_SIZE 不对：分母多算了 BLOCK_SIZE - N 个元素。")
    assert "divide_by_n" in {m["concept"] for m in counted.to_json()["matched"]}


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # lesson 6 blind v43 l6v43-q2-012 and -002, in new words
        ("除以 BLOCK_SIZE 的话，分母就从 N 变成了 BLOCK_SIZE，均值偏小。", True),
        ("写 BLOCK_SIZE，均值会缩成 N/BLOCK_SIZE 倍，N=100 时只剩 0.78。", True),
        # false twins: the block named as the denominator; a ratio that is no shrink of the mean
        ("分母从 BLOCK_SIZE 开始算就好。", False),
        ("N/BLOCK_SIZE 倍的 lane 是有效的，其余是 padding。", False),
    ],
)
def test_round39_the_denominator_changing_to_the_block_is_read_as_the_divisor(l6, found, text, read):
    """Are '分母从 N 变成了 BLOCK_SIZE' and '均值会缩成 N/BLOCK_SIZE 倍' read as why the divisor is N, while the block
    named as the denominator and a ratio of lanes are not?"""
    assert ("divide_by_n" in found(score(l6, "Q2", text))) is read


@pytest.mark.parametrize(
    ("question", "text", "misconception", "read"),
    [
        # lesson 6 blind v44-v46 wrong chains, in new words
        (
            "Q2",
            "除以 BLOCK_SIZE 的话分母是 2 的幂，数会变大，容易溢出，所以除以 N。",
            "divisor_wrong_mechanism",
            True,
        ),
        (
            "Q2",
            "要除以 N：除以 BLOCK_SIZE 时 kernel 会去读 BLOCK_SIZE 个元素，越界了。",
            "divisor_wrong_mechanism",
            True,
        ),
        ("Q2", "转 fp32 是因为 0.0 在 fp16 里存不精确。", "zero_inexact", True),
        ("Q2", "fp16 累加超过 65504 就钳在 65504，所以转 fp32。", "fp16_saturates", True),
        ("Q2", "除以 N：tl.sum 会顺便统计有效元素个数。", "sum_skips_masked", True),
        (
            "Q1",
            "padding 的 -mean 是负数，如果不 mask，后面 sqrt 时就得到 nan。",
            "negative_padding_sqrt",
            True,
        ),
        ("Q1", "第二次 mask 在 fp32 下其实可有可无。", "second_mask_optional", True),
        # false twins: each denied, or the true statement beside it
        ("Q2", "除以 BLOCK_SIZE 不会溢出，只是均值缩成 N/BLOCK_SIZE 倍。", "divisor_wrong_mechanism", False),
        ("Q2", "0.0 在 fp16 里是精确的，转 fp32 是因为 65504 的范围。", "zero_inexact", False),
        ("Q2", "fp16 累加超过 65504 会变成 inf，不会饱和。", "fp16_saturates", False),
        (
            "Q1",
            "padding 的 -mean 平方后是 mean²，不会让 sqrt 得到 nan，只会让方差偏大。",
            "negative_padding_sqrt",
            False,
        ),
        ("Q1", "第二次 mask 不是可有可无的：少了它方差多出 (B−N)·mean²/N。", "second_mask_optional", False),
    ],
)
def test_round40_wrong_chains_of_v44_v46_are_read(l6, found, question, text, misconception, read):
    """Are the wrong divisor blamed for an overflow or an out-of-bounds read, 0.0 called inexact in fp16, an fp16
    sum said to saturate, tl.sum said to count elements, the padding's −mean blamed for a NaN at the square root
    and the second mask called optional read, while their denials are not?"""
    assert (misconception in found(score(l6, question, text))) is read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("fp32 在 1e8 附近只能表示 8 的倍数，两个大数一减就丢光了有效位。", True),
        ("设 x = 1e4 ± 1：100000001 存成 100000000，两者一减得 0，真值是 1。", True),
        ("1e8 附近 LSB = 8，方差 1 连一个 LSB 都不到。", True),
        # false twin: a difference of 0 with no value it should have been
        ("x 减去自己一减得 0。", False),
    ],
)
def test_round40_the_cancellation_worked_in_numbers_is_read(l6, found, text, read):
    """Are fp32's multiples of 8 near 1e8, a worked difference of 0 against the true value, and the LSB of 8 read as
    the cancellation, while a difference of 0 alone is not?"""
    assert ("cancellation" in found(score(l6, "Q3", text))) is read


@pytest.mark.parametrize(
    ("question", "text", "misconception", "read"),
    [
        # lesson 6 blind v47-v48, in new words
        ("Q2", "除以 N：tl.sum 里只有 N 个数，mask 掉的 lane 没进寄存器。", "sum_skips_masked", True),
        ("Q3", "fp32 只有 7 位有效数字，1e4 这样的均值本身就存不准。", "mean_unrepresentable", True),
        ("Q2", "fp16 对这种数据够用，1e4 < 65504。", "fp16_enough", True),
        ("Q2", "按归一化的习惯，应当除以整个块的元素数 BLOCK_SIZE。", "divide_by_block", True),
        # false twins
        (
            "Q2",
            "除以 N：tl.sum 把 BLOCK_SIZE 个 lane 都加了，padding 是 0，真实的只有 N 个。",
            "sum_skips_masked",
            False,
        ),
        ("Q3", "1e4 在 fp32 里是精确的，错在两个约 1e8 的数相减。", "mean_unrepresentable", False),
        ("Q2", "fp16 对这种数据不够用：平方和会超过 65504。", "fp16_enough", False),
    ],
)
def test_round41_wrong_chains_of_v47_v48_are_read(l6, found, question, text, misconception, read):
    """Are tl.sum said to hold only N numbers, 1e4 said to be inexact in fp32, fp16 called enough and BLOCK_SIZE
    recommended as the divisor read, while the true statements beside them are not?"""
    assert (misconception in found(score(l6, question, text))) is read


def test_round41_the_mean_biased_low_and_what_is_left_after_subtracting_are_read(l6, found):
    """Are 'bias the mean low' read as the wrong divisor's effect and '减完以后剩下的都是误差' as the cancellation?"""
    effect = score(
        l6, "Q2", "Divide by N: dividing by BLOCK_SIZE would count the padding and bias the mean low."
    )
    cancel = score(l6, "Q3", "单遍的问题：两个数都太大了，减完以后剩下的都是误差。")
    assert "block_wrong_effect" in found(effect)
    assert "cancellation" in found(cancel)


# ── every blind round's readings, one table ─────────────────────────────────────────────────────────────

# Each blind round adds (question, answer, the id read, whether it is read) rows: the belief, reason or wording it
# taught the rubric, in the round's own words, and beside each its false twin (the truth, a denial, a neighbouring
# value). A note is scored as if its checks passed with the blanks named for its round. What each round asked is
# the comment above it.
ROUND_READINGS = {
    # Are the clamp said to make one-pass fine (inside a condition too), the fp16 cast called unneeded because tl.sum
    # accumulates in fp32, and the sample size named N read, while their denials are not?
    42: (
        None,
        [
            # lesson 6 blind v49-v50, in new words
            ("Q3", "要是加上 tl.maximum 把负数截成 0，单遍公式就没问题了。", "clamp_fixes_one_pass", True),
            ("Q2", "fp16 不用手动转，tl.sum 内部都用 fp32 累加。", "fp16_enough", True),
            ("Q2", "除以 N：样本量是实际测到的个数 N，不是预留的格子数 BLOCK_SIZE。", "divide_by_n", True),
            # false twins
            (
                "Q3",
                "加上 tl.maximum 把负数截成 0 也救不回单遍：−6.63 截成 0 也不是 1.07。",
                "clamp_fixes_one_pass",
                False,
            ),
            ("Q2", "fp16 要先转 fp32：tl.sum 不会替你在 fp32 里累加。", "fp16_enough", False),
            ("Q2", "样本量是 N 和 BLOCK_SIZE 都可以。", "divide_by_n", False),
        ],
    ),
    # Are lanes said to hold the next row's data, the divisor called indifferent and 'fp16 累加就行' read, while the true
    # statements beside them are not?
    43: (
        None,
        [
            # lesson 6 blind v51-v52, in new words
            ("Q2", "除以 N：超出 N 的 lane 其实装的是下一行的数据。", "padding_garbage", True),
            ("Q2", "除以 N 还是 BLOCK_SIZE，宽度接近时都一样，无所谓。", "divide_by_block", True),
            ("Q2", "fp16 直接累加就行，数据不大。", "fp16_enough", True),
            # false twins
            ("Q2", "除以 N：超出 N 的 lane 装的是 other 给的 0，不读下一行。", "padding_garbage", False),
            (
                "Q2",
                "除以 N 还是 BLOCK_SIZE 不是无所谓的：BLOCK_SIZE 把均值缩成 N/BLOCK_SIZE 倍。",
                "divide_by_block",
                False,
            ),
            ("Q2", "fp16 不能直接累加：平方和会超过 65504。", "fp16_enough", False),
        ],
    ),
    # Are fp16's zero called inexact and the padding said to belong in the denominator read, while the true statements
    # beside them are not?
    44: (
        None,
        [
            # lesson 6 blind v53-v54, in new words
            (
                "Q2",
                "转 fp32 是因为半精度里的 0 并不是精确的零，padding 加多了会有误差。",
                "fp16_zero_inexact",
                True,
            ),
            ("Q2", "我觉得补上的 lane 也应该计入分母，它们也占了位置。", "divide_by_block", True),
            # false twins
            (
                "Q2",
                "转 fp32 是因为 fp16 只有 11 位有效位；0 在 fp16 里是精确的，padding 不带来误差。",
                "fp16_zero_inexact",
                False,
            ),
            ("Q2", "补上的 lane 不应该计入分母：它们不是数据。", "divide_by_block", False),
        ],
    ),
    # Are the divisor said in a herd's words, mean² said to overflow fp32, the clamp said to make one-pass fine and 0²
    # said not to be 0 read, while their twins (the divisor reversed, fp16's real overflow, the clamp denied, 0² = 0)
    # are not?
    49: (
        None,
        [
            ("Q2", "当然是除以实际称了几头，而不是除以栏位数。", "divide_by_n", True),
            ("Q2", "当然是除以栏位数，而不是除以实际称了几头。", "divide_by_n", False),
            ("Q3", "单遍公式里 mean(x)² 会溢出成 inf，所以不用它。", "fp32_overflow", True),
            ("Q3", "fp16 输入时 mean(x)² 会溢出成 inf，所以要先转 fp32。", "fp32_overflow", False),
            ("Q3", "One-pass 其实只要加 tl.maximum(var, 0.0) 就 OK 了。", "clamp_makes_one_pass_ok", True),
            (
                "Q3",
                "One-pass 加了 tl.maximum(var, 0.0) 也不 OK：正的错值它碰不到。",
                "clamp_makes_one_pass_ok",
                False,
            ),
            ("Q3", "单遍的 padding lane 不是 0（0 平方以后会变成很小的数）。", "zero_square_nonzero", True),
            ("Q3", "padding lane 的 0 平方以后还是 0，单遍不需要第二次 mask。", "zero_square_nonzero", False),
        ],
    ),
    # Are the divisor as a sample size, constexpr said to forbid division, 0² said not to be 0, the clamp said to hide
    # a bug, tl.where said to take only 0 and 0.0 said to bias the variance read, while their twins are not?
    50: (
        "n_cols, 0.0",
        [
            ("Q2", "归一化因子应为样本容量 N：补位的零元虽不改变和，但不属于样本。", "divide_by_n", True),
            ("Q2", "归一化因子应为 BLOCK_SIZE。", "divide_by_n", False),
            (
                "Q2",
                "BLOCK_SIZE 是 tl.constexpr，编译期常量不能参与运行时的浮点除法。",
                "compile_reason",
                True,
            ),
            (
                "Q2",
                "BLOCK_SIZE 是 tl.constexpr，它能参与除法，只是它把 padding 也算进了个数。",
                "compile_reason",
                False,
            ),
            (
                "Q3",
                "x*x 这一步会作用到 padding lane 上，平方后 padding lane 不再是 0。",
                "one_pass_padding",
                True,
            ),
            ("Q3", "x − mean 会作用到 padding lane 上，padding lane 不再是 0。", "one_pass_padding", False),
            ("Q3", "方差出现负数说明有 bug，就应该删掉这个 clamp。", "clamp_should_go", True),
            ("Q3", "不应该删掉这个 clamp：舍入也会让方差略小于 0。", "clamp_should_go", False),
            (
                "explanation",
                "centered_other 填 0.0，因为 tl.where 的第三个参数必须是 0。",
                "where_arg_restricted",
                True,
            ),
            (
                "explanation",
                "centered_other 填 0.0，tl.where 的第三个参数可以是任何值，但只有 0 不改变平方和。",
                "where_arg_restricted",
                False,
            ),
            ("explanation", "0.0 会让方差比前值填充时略偏大一点，不过在容差之内。", "zero_fill_biases", True),
            ("explanation", "填 1.0 会让方差偏大 0.28，填 0.0 才是精确的。", "zero_fill_biases", False),
        ],
    ),
    # Are tl.store said to store only fp32, BLOCK_SIZE preferred as the divisor and a spacing of 1 near 1e8 read,
    # while their twins (the store's conversion, N preferred, the true spacing 8) are not?
    51: (
        None,
        [
            ("Q2", "fp16 转 fp32 是因为 tl.store 只能存 fp32？", "store_dtype_reason", True),
            ("Q2", "tl.store 会按指针类型转换，不是只能存 fp32。", "store_dtype_reason", False),
            (
                "Q2",
                "BLOCK_SIZE 就是座位数，所以除以 BLOCK_SIZE 更能反映整体水平。",
                "block_divisor_preferred",
                True,
            ),
            ("Q2", "除以 N 更能反映真实水平，除以 BLOCK_SIZE 会偏小。", "block_divisor_preferred", False),
            ("Q3", "fp32 在 1e8 附近间隔是 1，相减就把方差抵消掉了。", "wrong_spacing_1e8", True),
            ("Q3", "fp32 在 1e8 附近间隔是 8，相减就把方差抵消掉了。", "wrong_spacing_1e8", False),
        ],
    ),
    # Are speed named before the cast and tensor cores said to need fp32 read as fp32 for speed, and '分母应该是样品数 N' as
    # the divisor, while the cast for range and BLOCK_SIZE as the divisor are not?
    53: (
        None,
        [
            ("Q2", "fp16 累加走不了 Tensor Core，所以为了速度要先转 fp32。", "fp32_for_speed", True),
            ("Q2", "Tensor Core 只接受 fp32 累加器，所以要转 fp32。", "fp32_for_speed", True),
            ("Q2", "fp16 的平方和会溢出成 inf，为了不溢出要先转 fp32。", "fp32_for_speed", False),
            ("Q2", "分母应该是样品数 N，不是块长。", "divide_by_n", True),
            ("Q2", "分母应该是块长，样品数不重要。", "divide_by_n", False),
        ],
    ),
    # Are tl.where said to need one dtype, the cast called needless, the division said to become a lossy shift, '平方和里
    # 0 不 贡献' and a worked excess per padding lane read, while their twins (the promotion, the range, the exact shift,
    # a note with no reason, a row with no excess named) are not?
    54: (
        "n_cols, 0",
        [
            (
                "Q2",
                "转 fp32 的原因是 tl.where 要求两个分支类型一致，fp16 和 fp32 放在一起会报错。",
                "compile_reason",
                True,
            ),
            (
                "Q2",
                "tl.where 不要求分支类型一致，会自动提升；转 fp32 是因为范围和有效位。",
                "compile_reason",
                False,
            ),
            (
                "Q2",
                "我认为转 fp32 并无必要：读数远小于 65504，累加用 fp16 即可。",
                "fp16_cast_needless",
                True,
            ),
            ("Q2", "转 fp32 并非没有必要吗？不，和会超过 65504。", "fp16_cast_needless", False),
            (
                "explanation",
                "divisor 填 n_cols，因为 BLOCK_SIZE 是 2 的幂，除它会被优化成移位丢精度。",
                "pow2_division_inexact",
                True,
            ),
            (
                "explanation",
                "除以 2 的幂只是移位指数，不丢精度；n_cols 是真实个数。",
                "pow2_division_inexact",
                False,
            ),
            (
                "Q2",
                "除以 2 的幂在浮点里不会丢精度，只改指数。",
                "pow2_division_inexact",
                False,
            ),  # vetoed before version 54
            ("explanation", "centered_other 填 0，平方和里 0 不贡献。", "other_reason", True),
            ("explanation", "centered_other 填 0，平方和里 -mean 会贡献 mean²。", "other_reason", True),
            ("explanation", "centered_other 填 0，检查全部通过。", "other_reason", False),
            (
                "Q1",
                "不再 mask 算出 23，再 mask 算出 8。差的 15 就是 3 个 padding lane 每个 25。所以要再 mask。",
                "second_mask_reason",
                True,
            ),
            ("Q1", "不再 mask 算出 23，再 mask 算出 8。所以要再 mask。", "second_mask_reason", False),
        ],
    ),
    # Are fp16 said to be saturating arithmetic, fp32 said to saturate at its maximum, a worked divisor ('只放了 100 管，
    # 分母当然是 100'), 零元 and 例数 read, while their twins (the overflow to inf, fp32's true range, the block as the
    # divisor, a note naming values only) are not?
    55: (
        "n_cols, 0e0",
        [
            (
                "Q2",
                "fp16 和 Q15 一样是饱和运算，平方和超过 65504 以后就钳在 65504 不再增长，结果被削顶，偏小。",
                "fp16_saturates",
                True,
            ),
            (
                "Q2",
                "fp16 不是饱和运算：超过 65504 变成 inf，不会钳在 65504，所以转 fp32。",
                "fp16_saturates",
                False,
            ),
            (
                "Q3",
                "单遍公式不能用，因为 mean(x)² 在均值 1e4 时会饱和到 fp32 的最大值，所以方差是错的。",
                "fp32_overflow",
                True,
            ),
            ("Q3", "fp32 的最大值约 3.4e38，1e8 远不会饱和；单遍错在抵消。", "fp32_overflow", False),
            ("Q2", "试管架有 128 个孔但只放了 100 管，分母当然是 100。", "divide_by_n", True),
            ("Q2", "试管架有 128 个孔但只放了 100 管，分母当然是 128。", "divide_by_n", False),
            (
                "explanation",
                "除数填 n_cols（观测例数）。centered_other 填 0e0，是离均差平方和的零元。",
                "other_reason",
                True,
            ),
            ("explanation", "除数填 n_cols（观测例数）。centered_other 填 0e0。", "divisor_reason", True),
            ("explanation", "除数填 n_cols。centered_other 填 0e0。", "other_reason", False),
        ],
    ),
    # Are fp16 called an integer format, zero called a tiny number in floats, fp32's spacing as 间距, the block's mean written
    # as (N/B)·μ and 有效采样 read, while their twins (a magnitude named, zero called exact, a spacing of 1, B/N, the block
    # counted as the samples) are not?
    56: (
        None,
        [
            (
                "Q2",
                "fp16 本质上是半精度的整数格式，不能存小数，所以要先转 fp32 再累加。",
                "fp16_truncates",
                True,
            ),
            (
                "Q2",
                "fp16 超过 2048 以后就存不了小数了，所以大的和要在 fp32 里累加。",
                "fp16_truncates",
                False,
            ),
            (
                "Q2",
                "fp16 是浮点格式，能存小数，只是只有 11 位有效位，所以要转 fp32。",
                "fp16_truncates",
                False,
            ),
            (
                "Q3",
                "单遍不行，因为 0 在 fp32 里其实是一个极小的数，平方后累加起来有误差。",
                "zero_square_nonzero",
                True,
            ),
            (
                "Q3",
                "单遍不行：0 在 fp32 里是精确的，问题在两个 1e8 相减的抵消。",
                "zero_square_nonzero",
                False,
            ),
            (
                "Q3",
                "fp32 在 1e8 附近的间距是 8，两项各自的舍入误差有 ±4，而差值应为 1。",
                "cancellation",
                True,
            ),
            ("Q3", "fp32 在 1e8 附近的间距是 1，所以单遍没问题。", "cancellation", False),
            ("Q2", "μ_B = Σx / B = (N/B)·μ ≠ μ，0 只对分子无害，对分母有害。", "divide_by_n", True),
            ("Q2", "μ_B = Σx / B = μ，除以 B 也一样。", "divide_by_n", False),
            ("Q2", "有效采样只有 N 个，BLOCK_SIZE 是对齐补的格子。", "divide_by_n", True),
            ("Q2", "有效采样只有 BLOCK_SIZE 个。", "divide_by_n", False),
        ],
    ),
    # Are the divisor called a matter of convention, a worked count of real elements and terms joined by + before 所以 …
    # 正确 read, while a real difference, a count that is no claim and a real reason are not?
    57: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "除以 N 和除以 BLOCK_SIZE 在 N 接近 BLOCK_SIZE 的时候差不多，影响不大。",
                "divisor_irrelevant",
                True,
            ),
            (
                "Q2",
                "除以 N 和除以 BLOCK_SIZE 在 N = 100 时差很多：只剩 0.78 倍。",
                "divisor_irrelevant",
                False,
            ),
            ("Q2", "原因是只有 100 个真的元素。", "divide_by_n", True),
            ("Q2", "原因是有 100 个以上真的元素。", "divide_by_n", False),
            (
                "explanation",
                "因为单位元 + 真实列数 + mask 传播 + fp32 累加 + 总体方差，所以 n_cols、0.0 正确。",
                "term_list_premise",
                True,
            ),
            (
                "explanation",
                "因为 0 是加法单位元、padding 平方后仍是 0，所以 0.0 正确。",
                "term_list_premise",
                False,
            ),
        ],
    ),
    # Are the block counting padding as samples, ÷ N and 1/N as the divisor, a mean worked short, fp32's spacing as a
    # precision of 8 beside 1e8, the note's worked mean and sum of squares and a failure put on rounding read, while their
    # twins are not?
    58: (
        "n_cols, 0.0",
        [
            ("Q2", "BLOCK_SIZE 把它们也数成了样本。", "divide_by_n", True),
            ("Q2", "BLOCK_SIZE 没有把它们数成样本。", "divide_by_n", False),
            ("Q2", "÷N=3 得 10000。", "divide_by_n", True),
            ("Q2", "÷4 得 7500。", "divide_by_n", False),
            ("Q2", "μ = \\frac{1}{N}\\sum x_j。", "divide_by_n", True),
            ("Q2", "μ = \\frac{1}{B}\\sum x_j。", "divide_by_n", False),
            ("Q2", "÷BLOCK_SIZE=4 得 7500，平均保费凭空少了 2500 元。", "block_wrong_effect", True),
            ("Q2", "平均保费没有变。", "block_wrong_effect", False),
            ("Q3", "mean(x²) 和 mean² 都约 1e8，fp32 在那里的精度只有 8 左右。", "cancellation", True),
            ("Q3", "均值 1e4 时 fp32 精度只有 7 位有效数字。", "cancellation", False),
            ("explanation", "除以 n_cols 均值是 8，而不是 40/8 = 5。", "divisor_reason", True),
            ("explanation", "除以 n_cols 均值是 8。", "divisor_reason", False),
            ("explanation", "padding 放 0.0 后平方和是 40、方差 8。", "other_reason", True),
            ("explanation", "padding 放 0.0 后我没有再算。", "other_reason", False),
            (
                "explanation",
                "(4,100) 的 mean 报错，我判断是 tl.sum 的舍入误差累积造成的。",
                "failure_blamed_on_rounding",
                True,
            ),
            (
                "explanation",
                "(4,100) 的 mean 报错，是除以了 BLOCK_SIZE 造成的，不是舍入。",
                "failure_blamed_on_rounding",
                False,
            ),
        ],
    ),
    # Are a failure put on the reference or the check cell and the divisor named after '除数：' read, while a failure put on
    # the code and a divisor that is the block are not?
    59: (
        "BLOCK_SIZE, 0.0",
        [
            (
                "explanation",
                "mean 报错，我认为是参考值 torch.var_mean 没有考虑 padding 造成的，我的 kernel 没问题。",
                "failure_blamed_on_rounding",
                True,
            ),
            (
                "explanation",
                "mean 报错，是我的 kernel 除以了 BLOCK_SIZE，参考值是对的。",
                "failure_blamed_on_rounding",
                False,
            ),
            ("Q2", "关于除数：我觉得应该是 N，用 BLOCK_SIZE 的话结果会不对。", "divide_by_n", True),
            ("Q2", "关于除数：我觉得应该是 BLOCK_SIZE。", "divide_by_n", False),
        ],
    ),
    # Are the padding said to revert to memory, the divisor said in an analogy's count, by 真 before the analogy's thing and
    # as '真实的 N', and the block divisor supposed before its effect read as blind v85-v86 showed (the padding vetoed, the
    # divisor credited, the supposition no veto), while their twins are not?
    60: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "other=0.0 只在第一次 tl.sum 里有效，之后 padding lane 会恢复成显存里原来的值，所以要再 mask 一次。",
                "padding_garbage",
                True,
            ),
            ("Q1", "tl.where 把 padding lane 恢复成 0，第二次求和才对。", "padding_garbage", False),
            ("Q2", '分母要除以"人数"，不是除以"座位数"。', "divide_by_n", True),
            ("Q2", '分母要除以"人数"，不是除以"人的平均身高"。', "divide_by_n", False),
            ("Q2", "分母：只有 N 个是真包裹。", "divide_by_n", True),
            ("Q2", "分母：只有 N 个是空包裹。", "divide_by_n", False),
            ("Q2", "所以我认为应该除以真实的 N。", "divide_by_n", True),
            ("Q2", "所以我认为应该除以真实的 BLOCK_SIZE。", "divide_by_n", False),
            ("Q2", "分母用 BLOCK_SIZE 就等于把空库位也当包裹来平均，均值偏小。", "divide_by_block", False),
            ("Q2", "分母就用 BLOCK_SIZE。", "divide_by_block", True),
        ],
    ),
    # Are the divisor worked as '除 6，不能除 8', the second mask's reason as '放回 0 才不进平方和' and '除以实际营业天数 N' read
    # (blind v87-v88), while their twins are not?
    61: (
        "n_cols, 0.0",
        [
            ("explanation", "理由：除数是 6 单就除 6，不能除 8。", "divisor_reason", True),
            ("explanation", "理由：除数是 6 单就除 6，也能除 6。", "divisor_reason", False),
            ("explanation", "第二个空：要放回 0 才不进平方和。", "other_reason", True),
            ("explanation", "第二个空：要放回 1 才不进平方和。", "other_reason", False),
            ("Q2", "日均 GMV 肯定除以实际营业天数 N。", "divide_by_n", True),
            ("Q2", "日均 GMV 肯定除以全部格子数 BLOCK_SIZE。", "divide_by_n", False),
        ],
    ),
    # Are fp16 called a lossless compression or the sums said right without the cast routed, and 'N is the sample size' read
    # (blind v89-v90), while the cast kept and N named the block are not?
    62: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "半精度是一种无损压缩格式，读出来还是原来的数。",
                "fp16_cast_needless",
                True,
            ),
            ("Q2", "不转其实也能算对，只是课程要求统一。", "fp16_cast_needless", True),
            ("Q2", "不转 fp32 就会算错：和大了以后小项被舍入吃掉。", "fp16_cast_needless", False),
            (
                "Q2",
                "N is the sample size; the extra lanes are only padding and carry no data.",
                "divide_by_n",
                True,
            ),
            ("Q2", "BLOCK_SIZE is the sample size.", "divide_by_n", False),
        ],
    ),
    # Are the divisor said in a counting verb ('计入个数', '个数只能数真的'), the padding said to read the next row across
    # a count of lanes, a one-pass error put on a biased estimator or a race condition, and 'clamps the tiny negative
    # values' read (blind v91-v92, calibration), while their false twins are not?
    64: (
        "n_cols, 0.0",
        [
            ("Q2", "不能除以 BLOCK_SIZE：BLOCK_SIZE 把它们计入个数。", "divide_by_n", True),
            ("Q2", "不能除以 BLOCK_SIZE：BLOCK_SIZE 把它们计入总和。", "divide_by_n", False),
            ("Q2", "个数只能数真的。", "divide_by_n", True),
            ("Q2", "个数只能数整块。", "divide_by_n", False),
            (
                "Q2",
                "除以 N，因为多出来的 BLOCK_SIZE−N 个格子读到的是下一行开头的数据。",
                "padding_garbage",
                True,
            ),
            ("Q2", "除以 N，多出来的 BLOCK_SIZE−N 个格子不会读到下一行的数据。", "padding_garbage", False),
            ("Q3", "单遍公式是有偏估计，均值大时偏差被放大。", "one_pass_wrong_mechanism", True),
            (
                "Q3",
                "单遍公式是两个约 1e8 的数相减，fp32 的有效数字被抵消。",
                "one_pass_wrong_mechanism",
                False,
            ),
            ("Q3", "同一遍里多个 program 并发读写，出现竞争条件。", "one_pass_wrong_mechanism", True),
            ("Q3", "tl.maximum clamps the tiny negative values rounding produces.", "clamp_reason", True),
            ("Q3", "tl.maximum clamps the tiny positive values rounding produces.", "clamp_reason", False),
        ],
    ),
    # Is a failure put on the reference's other definition routed, while a check said to find the mean wrong, the honest
    # report of a failure, is not (blind v93, calibration)?
    65: (
        "BLOCK_SIZE, 0.0",
        [
            (
                "explanation",
                "mean 检查报错，只有期望值的 0.78 倍，我认为是参考答案 torch.var_mean 用了不同的定义，不是我的 kernel 的问题。",
                "failure_blamed_on_rounding",
                True,
            ),
            (
                "explanation",
                "(4,100) 那个检查 mean 不对，大约只有期望值的 0.78 倍，正好是 100/128，改成 n_cols 后就过了。",
                "failure_blamed_on_rounding",
                False,
            ),
        ],
    ),
    # Are the sum said to add only the lanes not masked, a compile error after '类型不一致', and cases removed from the
    # check cell read (blind v95-v96, calibration), while their false twins are not?
    66: (
        "BLOCK_SIZE, 0.0",
        [
            ("Q2", "因为 tl.sum 只对没被 mask 的 N 个 lane 求和，所以除以 N。", "sum_skips_masked", True),
            (
                "Q2",
                "tl.sum 对全部 BLOCK_SIZE 个 lane 求和，padding 是 0，所以除以 N。",
                "sum_skips_masked",
                False,
            ),
            ("Q2", "tl.where 的两个分支类型不一致会编译报错，所以先转 fp32。", "compile_reason", True),
            ("Q2", "两个分支类型一致就不会编译报错。", "compile_reason", False),
            (
                "explanation",
                "三个 case 报错，我就把它们从 cases 里删了，只保留 (1,1)。",
                "loosened_check",
                True,
            ),
            ("explanation", "三个 case 报错，我把除数从 BLOCK_SIZE 改成了 n_cols。", "loosened_check", False),
        ],
    ),
    # Are a power-of-two division said to become a shift that cuts the significand, fp16 and fp32 mixed said to make NaN,
    # the divisor as a count in an analogy's words, '−平均分' and a square 混入 the variance read (blind v97-v98,
    # calibration), while their false twins are not?
    67: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "除以 2 的幂在 GPU 上会被编译成移位操作，浮点数移位会截断尾数，造成舍入误差。",
                "pow2_division_inexact",
                True,
            ),
            ("Q2", "除以 2 的幂只是移位指数，不会截断尾数，也没有舍入误差。", "pow2_division_inexact", False),
            (
                "Q2",
                "other=0.0 是 fp32 常数，和 fp16 数据混在一起算会产生 NaN。",
                "mixed_widths_make_nan",
                True,
            ),
            ("Q2", "fp16 和 fp32 混在一起算不会产生 NaN，只会提升到 fp32。", "mixed_widths_make_nan", False),
            ("Q2", "平均分要除以到场人数 N，不能除以座位数。", "divide_by_n", True),
            ("Q2", "平均分要除以座位数 BLOCK_SIZE。", "divide_by_n", False),
            ("Q1", "算离均差时空座位也被减成了 −平均分，平方后加进方差。", "minus_mean", True),
            ("Q1", "算离均差 x − 平均分 时每个座位都减一遍，平方后加进方差。", "minus_mean", False),
            ("Q1", "空格变成 −均值，平方后混入方差，所以要再 mask。", "output", True),
            ("Q1", "空格变成 −均值，但平方后不会混入方差。", "output", False),
        ],
    ),
    # Are the padding counted into the denominator, the numerator unchanged while the denominator grows, a real count in
    # the class's words and a rounding error put in 0 − mean read (blind v99-v100, calibration), and a divisor named
    # only to digress from not, while their false twins are not?
    68: (
        "n_cols, 0.0",
        [
            ("Q2", "多出来的 28 个 padding 没贡献分子，却进了分母。", "divide_by_n", True),
            ("Q2", "padding 没有进分母。", "divide_by_n", False),
            ("Q2", "分子不变，分母变大，均值就被缩小到 N/BLOCK_SIZE 倍。", "divide_by_n", True),
            ("Q2", "分子变大，分母不变。", "divide_by_n", False),
            ("Q2", "得除以实际零件数 100，不能除格子数 128。", "divide_by_n", True),
            ("Q2", "得除以格子数 128。", "divide_by_n", False),
            ("Q2", "要除以 N，因为只有 N 个真实元素。", "divide_by_n", True),
            ("Q2", "说到除以 N，审稿人上次问我们写 SD 还是 SEM。", "divide_by_n", False),
            (
                "Q1",
                "x - mean 时屏蔽的 lane 算的是 0 - mean，浮点减法会有舍入误差。",
                "padding_rounding_residue",
                True,
            ),
            ("Q1", "0 - mean 就是精确的 -mean，没有舍入误差。", "padding_rounding_residue", False),
            ("Q1", "所以再用 tl.where 把屏蔽位清成 0.0，消掉浮点误差。", "padding_rounding_residue", True),
            (
                "Q1",
                "再用 tl.where 把屏蔽位清成 0.0，平方后就不会加进方差。",
                "padding_rounding_residue",
                False,
            ),
        ],
    ),
    # Are one-pass called usable again because of the clamp, the count of those present, the count to use named real and
    # the real ones in English read (blind v101-v102, calibration), while their false twins are not?
    69: (
        "n_cols, 0.0",
        [
            ("Q3", "本课已经有 tl.maximum 把负数截到 0，所以其实换成单遍也可以。", "one_pass_fine", True),
            ("Q3", "换成单遍也可以算出负方差，所以要用两遍。", "one_pass_fine", False),
            ("Q2", "算平均分时咱们除以来的人数 5，不是椅子数 8。", "divide_by_n", True),
            ("Q2", "算平均分时咱们除以椅子数 8。", "divide_by_n", False),
            ("Q2", "人数要用实际人数 COUNT，不能用表格的行数。", "divide_by_n", True),
            ("Q2", "人数要用表格的行数。", "divide_by_n", False),
            (
                "Q2",
                "Only N kids actually handed in homework; the other chairs are empty.",
                "divide_by_n",
                True,
            ),
            ("Q2", "All BLOCK_SIZE chairs actually count.", "divide_by_n", False),
        ],
    ),
    # Are fp32's spacing as a scale's smallest division (刻度), a count in 笔, the block worked out to a smaller mean, N − 1 said
    # to be the variance's divisor and the cast said to serve the display read (blind v103-v104), while their false twins are
    # not?
    70: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "均值 1e4 时两项都约 1e8，1e8 附近最小刻度是 8，真实波动 1 直接被抹零了。",
                "cancellation",
                True,
            ),
            ("Q3", "两项都约 1e8，刻度是 18 的尺子量不出来。", "cancellation", False),
            ("Q2", "真正的资料只有 N 笔，补位的格子不能算进笔数。", "divide_by_n", True),
            ("Q2", "真正的资料有 128 笔。", "divide_by_n", False),
            ("Q2", "客单价 = 总金额 / 订单数，订单数是真实的 N 笔。", "divide_by_n", True),
            ("Q2", "客单价 = 总金额 / 订单数，订单数是表格的 128 行。", "divide_by_n", False),
            ("Q2", "和约 15000，除以 100 得 150；除以 BLOCK=128 只有 117，低了 22%。", "divide_by_n", True),
            ("Q2", "和约 15000；除以 BLOCK 也只有这一种写法。", "divide_by_n", False),
            (
                "Q2",
                "均值除以 N 没问题，但方差应该除以 N−1，kernel 用 N 是简化。",
                "variance_needs_n_minus_1",
                True,
            ),
            ("Q2", "均值和方差都除以 N；N−1 是样本方差，本课不用。", "variance_needs_n_minus_1", False),
            ("Q2", "fp16 转 fp32 就是为了能显示更多小数位。", "fp32_for_display", True),
            ("Q2", "fp16 转 fp32 是为了累加时不溢出，输出类型一致只是顺带。", "fp32_for_display", False),
        ],
    ),
    # Are the summation order blamed for one-pass's error and those absent kept out of the sample size read (blind
    # v105-v106), while their false twins are not?
    71: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "tl.sum 的归约树顺序在不同次运行之间不固定，Σx² 的累加顺序一变，结果就差很多，甚至抖成负数。",
                "summation_order",
                True,
            ),
            (
                "Q3",
                "浮点加法不满足结合律，但单遍的问题不是顺序，而是 mean(x²) 和 mean² 两个 1e8 相减抵消。",
                "summation_order",
                False,
            ),
            ("Q2", "没来的被试不能算进样本量，所以除以 N。", "divide_by_n", True),
            ("Q2", "没来的被试也算进样本量。", "divide_by_n", False),
        ],
    ),
    # Are one-pass's error called sampling error from a small sample, the mean called right and the variance 虚高 in a
    # class's words, the count of the real ones as divisor, the English 'gap between adjacent floats is 8' and 'clips
    # the rounding negatives' read (blind v107-v108), while their false twins are not?
    72: (
        "n_cols, 0.0",
        [
            ("Q3", "单遍在大偏移下出错属于抽样误差，多测几行就好了。", "sampling_error_blamed", True),
            (
                "Q3",
                "这不是抽样误差：kernel 没有抽样，算的就是整行；是两个约 1e8 的数相减，有效数字被抵消。",
                "sampling_error_blamed",
                False,
            ),
            ("Q3", "样本量 N = 256 太小，所以单遍的方差算不准。", "sampling_error_blamed", True),
            ("Q3", "样本量再大也没用：N = 4096 时两个 1e8 相减照样抵消。", "sampling_error_blamed", False),
            (
                "Q1",
                "空格子填 0，求和不受影响，平均气温是对的；减均值后空格子变成 −mean，平方后方差就虚高，所以要再 mask。",
                "mean_right",
                True,
            ),
            ("Q1", "空格子填 0；减均值后空格子变成 −mean，平方后方差就虚高，所以要再 mask。", "output", True),
            ("Q1", "空格子填 0；减均值后空格子变成 −mean，再 mask 一次方差就不会虚高。", "output", False),
            ("Q2", "除数只能按真实测到的次数来除，所以是 N。", "divide_by_n", True),
            ("Q2", "除数按格子数来除，所以是 BLOCK_SIZE。", "divide_by_n", False),
            (
                "Q3",
                "The gap between adjacent floats near 1e8 is 8, so both terms carry errors larger than the variance.",
                "cancellation",
                True,
            ),
            (
                "Q3",
                "The gap between adjacent floats near 1e8 is 1, so the terms are exact.",
                "cancellation",
                False,
            ),
            ("Q3", "tl.maximum clips the rounding negatives before the sqrt.", "clamp_reason", True),
            ("Q3", "tl.maximum clips the rounding errors before the sqrt.", "clamp_reason", False),
            (
                "Q3",
                "Not sure what the clamp is for; eps keeps rstd finite when var is 0.",
                "guard_purpose_unknown",
                True,
            ),
            (
                "Q3",
                "I am sure what the clamp is for: it clips rounding negatives.",
                "guard_purpose_unknown",
                False,
            ),
        ],
    ),
    # Are the padding counted as observations read as the divisor's reason and the padding said to stay uncleared in x²
    # vetoed (blind v109), while their false twins are not?
    73: (
        "n_cols, 0.0",
        [
            ("Q2", "除以 BLOCK_SIZE 就等于把补的格子算成观测次数，均值偏小。", "divide_by_n", True),
            ("Q2", "除以 BLOCK_SIZE 时补的格子不算观测次数。", "divide_by_n", False),
            ("Q3", "不用单遍：padding lane 在 x² 这一步没被清掉，平方和就错了。", "one_pass_padding", True),
            (
                "Q3",
                "单遍里 padding lane 在 x² 这一步是 0² = 0，不用清；它错在两个 1e8 相减。",
                "one_pass_padding",
                False,
            ),
        ],
    ),
    # Are 1e8 said near fp32's limit and a sum of squares said to overflow after a count of additions vetoed (blind v111),
    # while the truth and the same words of fp16 are not?
    74: (
        "n_cols, 0.0",
        [
            ("Q3", "x² 约 1e8，已经接近 fp32 的上限，所以单遍会错。", "fp32_overflow", True),
            (
                "Q3",
                "x² 约 1e8，离 fp32 的上限 3.4e38 还很远，单遍错在相减抵消。",
                "fp32_overflow",
                False,
            ),
            ("Q3", "平方和在累加 1024 个数之后溢出成 inf。", "fp32_overflow", True),
            ("Q3", "fp16 的平方和在累加 1024 个数之后溢出成 inf。", "fp32_overflow", False),
            ("Q2", "除以 8：均值 625.2，比真实的 1000.3 小，正好是 5/8 倍。", "block_wrong_effect", True),
            ("Q2", "除以 5：均值 1000.3，和真实的一样。", "block_wrong_effect", False),
        ],
    ),
    # Are the lane's change named with 改变 or 被 shift (minus_mean's half stand-in), the denominator 多数了, the mean 压到
    # N/BLOCK_SIZE, a worked division by N's value and two 1e8 terms' difference called not computable read (blind
    # v113-v114), while their false twins are not?
    76: (
        "n_cols, 0.0",
        [
            ("Q1", "x - mean 会改变 padding lane 的值，所以要再 mask。", "minus_mean", True),
            ("Q1", "x - mean 不会改变 padding lane 的值。", "minus_mean", False),
            ("Q1", "x - mean 之后 padding lane 的 value 被 shift 了。", "minus_mean", True),
            ("Q1", "x - mean 之后真实 lane 的 value 被 shift 了。", "minus_mean", False),
            ("Q2", "0 不影响分子，但分母多数了 BLOCK_SIZE−N 个点。", "divide_by_n", True),
            ("Q2", "0 不影响分母，但分子多数了 BLOCK_SIZE−N 个点。", "divide_by_n", False),
            ("Q2", "除以 BLOCK_SIZE 的话，均值被压到 N/BLOCK_SIZE 倍。", "divide_by_n", True),
            ("Q2", "均值不会被压到 N/BLOCK_SIZE 倍。", "divide_by_n", False),
            (
                "Q2",
                "N = 100、BLOCK_SIZE = 128，和是 300，÷100 = 3，÷128 = 2.34，小了 22%。",
                "divide_by_n",
                True,
            ),
            (
                "Q2",
                "N = 100、BLOCK_SIZE = 128，和是 300，÷128 = 2.34，÷100 = 3，大了 28%。",
                "divide_by_n",
                False,
            ),
            ("Q2", "real data 只有 N 个，所以除以 N。", "divide_by_n", True),
            ("Q2", "padding data 只有 BLOCK_SIZE − N 个。", "divide_by_n", False),
            (
                "Q3",
                "x² 的量级是 1e8，单遍要用这个去减 mean²，差出来的 1 左右根本算不准。",
                "cancellation",
                True,
            ),
            ("Q3", "x² 的量级是 1e8，两遍先减均值，差出来的 1 左右算得很准。", "cancellation", False),
            ("Q3", "mean(x²) 和 mean² 都很大，相减之后误差比方差本身还大。", "cancellation", True),
            ("Q3", "mean(x²) 和 mean² 都很大，相减之后误差比方差本身小得多。", "cancellation", False),
        ],
    ),
    # Are the mean right said of μ and Σx, and the sum of squares said to 上溢 in fp32, read (blind v115-v116), while their
    # false twins (a guard said to prevent 上溢 among them) are not?
    77: (
        "n_cols, 0.0",
        [
            ("Q1", "均值 μ = (1/N)Σx，padding 的 0 加进去不改变 Σx，所以 μ 对。", "mean_right", True),
            ("Q1", "padding 的 0 加进去会改变 Σx，所以 μ 不对。", "mean_right", False),
            ("Q3", "Σx² ≈ 1e11，于是 Σx² 在 fp32 中上溢为 inf，单遍才出负方差。", "fp32_overflow", True),
            ("Q3", "Σx² ≈ 1e11，在 fp32 中不会上溢，单遍错在相减抵消。", "fp32_overflow", False),
            ("Q3", "tl.maximum 防平方和上溢。", "fp32_overflow", False),
        ],
    ),
    # Are a worked division with 得 and 只剩, the padding's zeros 被错算成样本, a rounding error said produced on the padding,
    # one-pass's x * x padding said unmasked with a consequence and the square said to enter the variance read (blind
    # v117-v118), while their false twins are not?
    78: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "N = 100、BLOCK_SIZE = 128：和约 300，除以 100 得 3，除以 128 得 2.34，均值只剩 0.78 倍。",
                "divide_by_n",
                True,
            ),
            ("Q2", "N = 100：和约 300，除以 128 得 2.34，除以 100 得 3，均值多了。", "divide_by_n", False),
            ("Q2", "28 个 padding 的 0 虽然没改变和，但被错算成了样本。", "divide_by_n", True),
            ("Q2", "28 个 padding 的 0 没改变和，也没被算成样本。", "divide_by_n", False),
            (
                "Q1",
                "x − mean 的时候 padding lane 上会产生浮点舍入的随机误差。",
                "padding_rounding_residue",
                True,
            ),
            (
                "Q1",
                "x − mean 的时候 padding lane 上不会产生舍入误差，而是变成 −mean。",
                "padding_rounding_residue",
                False,
            ),
            ("Q1", "用 tl.where 把 padding lane 清零，消除随机误差。", "padding_rounding_residue", True),
            (
                "Q1",
                "用 tl.where 把 padding lane 清零，消除多出来的 mean²。",
                "padding_rounding_residue",
                False,
            ),
            (
                "Q3",
                "单遍公式里 x * x 之后 padding lane 没有再 mask，会把平方和带偏。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "单遍公式里 x * x 之后 padding lane 没有再 mask，但 0² = 0 所以没关系，错在相减抵消。",
                "one_pass_padding",
                False,
            ),
            (
                "Q1",
                "x−mean 把 padding 的 0 变成 −mean，平方后进方差，所以 tl.where 放回 0。",
                "output",
                True,
            ),
            ("Q1", "x−mean 把 padding 的 0 变成 −mean，所以 tl.where 放回 0。", "output", False),
        ],
    ),
    # Are the sum said to read the load's mask, the question or a guessed part said not worked out, the padding taken for
    # readings of 0 (空位, 28 个 0, 离线的), a worked −mean told from the lane's 0 and a failure put on fp16 or the tolerance
    # read (blind v119-v120), while their false twins are not?
    80: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "tl.sum 在归约时会读取 load 时的 mask，只把 mask 为真的 lane 加起来。",
                "sum_skips_masked",
                True,
            ),
            ("Q1", "tl.sum 不会读取 load 时的 mask，它把全部 lane 都加起来。", "sum_skips_masked", False),
            ("Q2", "这题我没想通。我以为除以 BLOCK_SIZE 才对。", "not_worked_out", True),
            ("Q2", "这题我一开始没想通，后来算了一遍才明白要除以 N。", "not_worked_out", False),
            ("Q2", "fp16 我猜跟精度有关，具体我还没完全想明白，可能是累加的时候。", "not_worked_out", True),
            (
                "Q2",
                "fp16 那部分我已经想明白了：只有 11 位有效位，累加时小项被舍掉。",
                "not_worked_out",
                False,
            ),
            ("Q2", "按 BLOCK_SIZE 除，等于把空位当成读数 0 的点，均值被拉低。", "divide_by_n", True),
            ("Q2", "空位的读数是 0，均值被拉低。", "divide_by_n", False),
            ("Q2", "除以 128 得 2.34——padding 的 28 个 0 被当成了样本。", "divide_by_n", True),
            ("Q2", "除以 128 得 2.34，padding 的 28 个 0 没被当成样本。", "divide_by_n", False),
            ("Q2", "不然把离线的也当成读数 0 平均进去，均值被拉低。", "divide_by_n", True),
            ("Q2", "离线的读数是 0，均值被拉低。", "divide_by_n", False),
            ("Q1", "x − mean 每个 lane 都减：空帧本来记 0，减完变成 −16.6。", "minus_mean", True),
            ("Q1", "x − mean 每个 lane 都减：空帧本来记 0，减完还是 0。", "minus_mean", False),
            (
                "explanation",
                "(4, 100) 的 var 检查没过，我觉得因该是 fp16 的精度问题，或者容差太小了。",
                "failure_blamed_on_rounding",
                True,
            ),
            (
                "explanation",
                "(4, 100) 的 var 检查没过，大了 0.28，是 centered_other 填错了。",
                "failure_blamed_on_rounding",
                False,
            ),
        ],
    ),
    # Are a report's divisor ('有效数据 N 个，padding 非数据'), each term's error worked out against the difference, the square
    # root of a negative written √, the cast called not required for the output's dtype (blind v121-v122), an analogy's NULL
    # ignored by the sum and the count of those present as the denominator (read whole once a wrapped line is one
    # sentence) read, while their false twins are not?
    81: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "1. 分母：有效数据 N 个，padding 非数据；/BLOCK_SIZE 则均值 × N/BLOCK。",
                "divide_by_n",
                True,
            ),
            ("Q2", "1. 分母：BLOCK_SIZE 个，padding 也是数据。", "divide_by_n", False),
            ("Q3", "绝对误差 ~u·E[X²] ≈ 6e−8 × 1e8 ≈ 6，而要的差 σ² ≈ 1。", "cancellation", True),
            ("Q3", "绝对误差 ≈ 6e−8，而要的差 σ² ≈ 1。", "cancellation", False),
            ("Q3", "tl.maximum(var, 0.0) 保证方差 ≥ 0，否则 √(负数) = NaN。", "clamp_reason", True),
            ("Q3", "tl.maximum(var, 0.0) 保证方差 ≥ 0，否则 √(正数) 也没问题。", "clamp_reason", False),
            ("Q2", "fp16 → fp32 其实不是必须的，主要是为了 output 是 fp32。", "fp16_enough", True),
            ("Q2", "fp16 → fp32 是必须的：平方和会超过 65504。", "fp16_enough", False),
            ("Q1", "tl.sum 就像 SUM() 一样会自动忽略 NULL，所以均值对。", "sum_skips_masked", True),
            (
                "Q1",
                "tl.sum 不像 SQL 的 SUM()，它不会忽略 NULL，padding 的 0 照样加进去。",
                "sum_skips_masked",
                False,
            ),
            ("Q2", "分母必须是实考人数，不能是座位数。", "divide_by_n", True),
            ("Q2", "分母必须是座位数。", "divide_by_n", False),
        ],
    ),
    # Are the variance pulled up ('方差会被拉高'), the real count set against the gradebook's rows with 不能, blank wells kept
    # out of a count in the class's words, a counted number of empty lanes taken as students, the denominator counting
    # them, the cast put on tl.store's types, BLOCK_SIZE said unreadable in the kernel and a hedged '应该是除以 BLOCK_SIZE
    # 吧' read (blind v123-v124), while their false twins are not?
    84: (
        "n_cols, 0.0",
        [
            ("Q1", "padding 减完均值变成 −mean，方差会被拉高，所以要再 mask 一次。", "output", True),
            ("Q1", "padding 减完均值变成 −mean，方差不会被拉高。", "output", False),
            ("Q2", "平均分要除以实考人数，不能除以成绩册的总行数。", "divide_by_n", True),
            ("Q2", "平均分要除以成绩册的总行数。", "divide_by_n", False),
            ("Q2", "空白孔不能算进平行样个数。", "divide_by_n", True),
            ("Q2", "空白孔也要算进平行样个数。", "divide_by_n", False),
            ("Q2", "除以 BLOCK_SIZE=8 等于把 3 个空 lane 当成了 0 分的学生。", "divide_by_n", True),
            ("Q2", "除以 BLOCK_SIZE=8 时 3 个空 lane 的 0 不影响总分。", "divide_by_n", False),
            ("Q2", "分母把 BLOCK_SIZE−N 个空 lane 也算成了人数，均值偏小。", "divide_by_n", True),
            (
                "Q2",
                "BLOCK_SIZE 是在 host 端算出来的，kernel 里读不到它的值，只能用 n_cols。",
                "block_unreadable",
                True,
            ),
            (
                "Q2",
                "BLOCK_SIZE 是 constexpr，kernel 里可以直接用它，但它包含 padding，所以除以 n_cols。",
                "block_unreadable",
                False,
            ),
            ("Q2", "转 fp32：tl.store 要求类型一致。", "store_dtype_reason", True),
            (
                "Q2",
                "转 fp32：tl.store 会按指针类型自动转换，原因是 fp16 会溢出。",
                "store_dtype_reason",
                False,
            ),
            ("Q2", "应该是除以 BLOCK_SIZE 吧？", "divide_by_block", True),
            ("Q2", "不应该除以 BLOCK_SIZE。", "divide_by_block", False),
        ],
    ),
    # Are a worked '0 − 日均温 = −日均温', the mean's square pushed into the variance, missing slots counted as samples
    # ('将缺测位计作样本'), a worked division by 除 with the mean named before 小了, fp16 said to store only integers and the
    # block's divisor called the sample convention read (blind v125-v126), while their false twins are not?
    85: (
        "n_cols, 0.0",
        [
            ("Q1", "载入时填 0，但算距平时空位也做：0 − 日均温 = −日均温。", "minus_mean", True),
            ("Q1", "载入时填 0，求和时 0 − 0 = 0，空位不变。", "minus_mean", False),
            (
                "Q1",
                "x − mean 后空位是 −mean，每个空位都往方差里塞一个 mean²，所以要再 mask。",
                "output",
                True,
            ),
            ("Q1", "x − mean 后空位是 −mean，再 mask 以后不会往方差里塞东西。", "output", False),
            ("Q2", "以 BLOCK_SIZE 为除数，相当于将缺测位计作样本，均值偏小。", "divide_by_n", True),
            ("Q2", "以 N 为除数，缺测位不会被计作样本。", "divisor_wrong_mechanism", False),
            (
                "Q2",
                "N=100、BLOCK=128：和 ≈300，除 100 得 3，除 128 得 2.34，均值小了 22%。",
                "divide_by_n",
                True,
            ),
            (
                "Q2",
                "N=100、BLOCK=128：和 ≈300，除 100 得 3，除 128 得 2.34，均值大了 22%。",
                "divide_by_n",
                False,
            ),
            ("Q2", "fp16 只能存整数部分，像 12.35 存进去就成 12。", "fp16_truncates", True),
            ("Q2", "fp16 能存小数，1024 以下间隔小于 1。", "fp16_truncates", False),
            ("Q2", "除 BLOCK_SIZE 是样本口径，除 N 是总体口径。", "divisor_wrong_mechanism", True),
            ("Q2", "除 N−1 是样本口径，除 N 是总体口径。", "divisor_wrong_mechanism", False),
        ],
    ),
    # Are '0 变成 −日均值', the variance 撑大, the order of a parallel sum said to change from run to run as the one-pass
    # cause, and a failed check put on the environment read (blind v127-v128), while their false twins are not?
    86: (
        "n_cols, 0.0",
        [
            ("Q1", "空格也被减了，0 变成 −日均值。", "minus_mean", True),
            ("Q1", "空格没被减，0 还是 0，不会变成 −日均值以外的数。", "minus_mean", False),
            ("Q1", "x − mean 后 padding 是 −mean，方差被撑大了，所以要再 mask。", "output", True),
            ("Q1", "x − mean 后 padding 是 −mean，再 mask 以后方差不会被撑大。", "output", False),
            (
                "Q3",
                "tl.sum 是并行的树形归约，每次运行加法顺序都不一样，顺序一变结果就变。",
                "summation_order",
                True,
            ),
            ("Q3", "加法顺序不影响这么大的误差，错在两个 1e8 的数相减。", "summation_order", False),
            (
                "explanation",
                "检查没过，var 那一行报错了，不知道为什么，可能是我的环境有问题。",
                "failure_blamed_on_rounding",
                True,
            ),
            (
                "explanation",
                "检查没过：var 大了，因为 centered_other 填了 1.0，padding 每个多加 1。",
                "failure_blamed_on_rounding",
                False,
            ),
        ],
    ),
    # Are the clamp said to make a large offset's result right, the divisor called no different with 其实 inside, the real
    # count in pixels, the divisor as the number of samples taken and a subtraction said to leave noise with fp32 stepping
    # in 8s read (blind v129-v130), while their false twins are not?
    88: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "大偏移时算出负方差也不怕，tl.maximum(var, 0.0) 会把它截成 0，结果就对了。",
                "clamp_makes_one_pass_ok",
                True,
            ),
            (
                "Q3",
                "大偏移时单遍会算出负方差，tl.maximum 截成 0 以后结果还是错的。",
                "clamp_makes_one_pass_ok",
                False,
            ),
            ("Q2", "除以 N 和除以 BLOCK_SIZE 差别其实不大，除以 N 只是更严谨。", "divisor_irrelevant", True),
            (
                "Q2",
                "除以 N 和除以 BLOCK_SIZE 差别很大：N = 100 时均值只剩 0.78 倍。",
                "divisor_irrelevant",
                False,
            ),
            (
                "Q2",
                "因为只有 N 个有效像素，除以 BLOCK_SIZE 会把 padding 也当像素，均值偏小。",
                "divide_by_n",
                True,
            ),
            ("Q2", "因为有 BLOCK_SIZE 个像素，所以除以 BLOCK_SIZE。", "divide_by_n", False),
            ("explanation", "divisor 填 n_cols，它是平行测定的次数，均值按它除。", "divisor_reason", True),
            ("explanation", "divisor 填 n_cols，它是一个常数。", "divisor_reason", False),
            (
                "Q3",
                "Both terms are about 1e8 and fp32 near 1e8 can only step in 8s, so subtracting them leaves noise.",
                "cancellation",
                True,
            ),
            ("Q3", "Both terms are about 1e8, so the one-pass kernel is slower.", "cancellation", False),
        ],
    ),
    # Are '0 变成 −场均', the denominator said to be N − 1 (with the 偏小 it claims for N after it), '把补的空位也算成样本' and
    # the divisor as the real number of sampling points read (blind v131-v132), while their false twins are not?
    89: (
        "n_cols, 0.0",
        [
            ("Q1", "状态变化：每个格子都被减了场均，轮休格子从 0 变成 −场均。", "minus_mean", True),
            ("Q1", "状态变化：轮休格子从 0 变成了场均的两倍。", "minus_mean", False),
            (
                "Q2",
                "分母应该是 N − 1 才对：pandas 的 .var() 默认 ddof=1，除以 N 会系统性偏小。",
                "variance_needs_n_minus_1",
                True,
            ),
            ("Q2", "分母是 N，不是 N − 1：本课是总体方差。", "variance_needs_n_minus_1", False),
            (
                "Q2",
                "除以 BLOCK_SIZE 等于把补的空位也算成样本，N=100 时均值只有 0.78 倍。",
                "divide_by_n",
                True,
            ),
            ("Q2", "除以 BLOCK_SIZE 时补的空位是 0，N=100 时均值只有 0.78 倍。", "divide_by_n", False),
            (
                "explanation",
                "divisor 填 n_cols，因为日均要除以实际采样点数，不能除以块长。",
                "divisor_reason",
                True,
            ),
            ("explanation", "divisor 填 n_cols，因为日均要除以块长。", "divisor_reason", False),
        ],
    ),
    # Are a padding said to be no record, the real head count as the divisor, the mean pushed down by the block (not an
    # error shrunk by a square root) read, and a sum of only the N real values not vetoed when a bracket gives the padding's
    # 0 (blind v133-v134), while their false twins are the other way?
    90: (
        "n_cols, 0.0",
        [
            ("Q2", "分母是“有几条记录”，padding 不是记录。", "divide_by_n", True),
            ("Q2", "分母是“有几条记录”，padding 也是记录。", "divide_by_n", False),
            ("Q2", "按实际头数 N 除；fp16 要先转 fp32。", "divide_by_n", True),
            ("Q2", "按栏位数 BLOCK_SIZE 除；fp16 要先转 fp32。", "divide_by_n", False),
            (
                "Q2",
                "这里 N 是实际头数，BLOCK_SIZE 含空栏，除它会把均值和方差都压小。",
                "block_wrong_effect",
                True,
            ),
            ("Q2", "最后要开方，分母多了几格，开方之后误差就被压小了。", "block_wrong_effect", False),
            ("Q2", "tl.sum 只加了 N 个真实值（空栏是 0），分母就得是 N。", "sum_skips_masked", False),
            ("Q2", "tl.sum 只加了 N 个真实值，分母就得是 N。", "sum_skips_masked", True),
        ],
    ),
    # Are the denominator counting the padding once too many, the mean down to a fraction like 20/32, 'padding 用 0 填充，
    # 加法下不影响总和' and a difference the student says it did not understand read (blind v135-v136), while their false
    # twins are not?
    91: (
        "n_cols, 0.0",
        [
            ("Q2", "分子没变，分母却多算了 BLOCK_SIZE − N 个并不存在的测量。", "divide_by_n", True),
            ("Q2", "分子没变，分母也没有多算任何测量。", "divide_by_n", False),
            ("Q2", "一批只做了 20 次质控，却按 32 格除，均值只剩 20/32。", "block_wrong_effect", True),
            ("Q2", "一批做了 32 次质控，按 32 格除，均值不变。", "block_wrong_effect", False),
            ("Q1", "均值：padding 用 0 填充，加法下不影响总和，除以 N 即可。", "mean_right", True),
            ("Q1", "均值：padding 用 1 填充，总和会变。", "mean_right", False),
            ("Q2", "题目说除以 N，我没看懂两者的区别。", "not_worked_out", True),
            ("Q2", "题目说除以 N，我看懂了两者的区别：N 是真实个数。", "not_worked_out", False),
        ],
    ),
    # Are the real observations as the count, N − 1 run on to the 偏小 it claims for N, a 0-filled lane said to hold NaN,
    # the clamp said to clip each deviation and an error of the student's own run read (blind v137-v138), while their
    # false twins are not?
    92: (
        "n_cols, 0.0",
        [
            ("Q2", "日均值要除以有效观测次数：一天 24 次里缺 3 次就除 21。", "divide_by_n", True),
            ("Q2", "日均值要除以总的格子数：一天 24 次里缺 3 次也除 24。", "divide_by_n", False),
            (
                "Q2",
                "但我认为严格说方差应该除以 N−1：样本方差才无偏，除以 N 会系统性偏小。",
                "variance_needs_n_minus_1",
                True,
            ),
            (
                "Q2",
                "本课的方差除以 N，是总体方差，不是除以 N−1 的样本方差。",
                "variance_needs_n_minus_1",
                False,
            ),
            ("Q2", "除以 N 是因为补 0 的 lane 在 GPU 里其实存的是 NaN。", "padding_holds_nan", True),
            ("Q2", "除以 N 是因为补 0 的 lane 在 GPU 里存的是 0，不是数据。", "padding_holds_nan", False),
            (
                "Q3",
                "tl.maximum(var, 0.0) 防的是距平为负：低于日均值的距平要截到 0。",
                "clamp_on_deviations",
                True,
            ),
            (
                "Q3",
                "tl.maximum(var, 0.0) 防的是方差为负：单遍公式的舍入可能给出 -1e-7。",
                "clamp_on_deviations",
                False,
            ),
            (
                "Q3",
                "我用站里的软件把两个 kernel 都跑了一遍，实测偏移 1e4 时单遍的相对误差是 19.4。",
                "own_measurement",
                True,
            ),
            ("Q3", "讲义第 3 节的实测：偏移 1e4 时单遍的相对误差是 19.4。", "own_measurement", False),
            (
                "Q3",
                "我跑了第 5 节那个不计分的比较单元：偏移 1e4 时单遍的误差是 1e1 量级。",
                "own_measurement",
                False,
            ),
        ],
    ),
    # Are the masked lanes said never to reach the registers, fp32 said to run fast, the one-pass padding said to hold mean²,
    # data of one's own called measured, a worked 0 − mean and N's quotient beside the block's (blind v139-v142) read, while
    # their true or cited twins are not?
    93: (
        "n_cols, 0.0",
        [
            ("Q2", "被 mask 的 lane 压根没进寄存器，tl.sum 手上只有 N 个数。", "sum_skips_masked", True),
            (
                "Q2",
                "被 mask 的 lane 不读显存，寄存器里拿到 0，tl.sum 把 BLOCK 个数都加了。",
                "sum_skips_masked",
                False,
            ),
            ("Q2", "转 fp32 是因为 fp32 在 GPU 上算得快，fp16 要走慢路径。", "fp32_for_speed", True),
            ("Q2", "fp32 的范围到 3.4e38，fp16 只到 65504，所以要转 fp32 累加。", "fp32_for_speed", False),
            ("Q3", "单遍 kernel 里平方和那一步 padding lane 的值是 mean²。", "one_pass_padding", True),
            (
                "Q3",
                "单遍 kernel 里平方和那一步 padding lane 的值是 0，0 的平方还是 0。",
                "one_pass_padding",
                False,
            ),
            (
                "Q3",
                "我用我们实验室自己的数据做了实测：单遍公式的相对误差只有 0.5%。",
                "own_measurement",
                True,
            ),
            ("Q3", "讲义第 5 节的实测：偏移 1e4 时单遍的相对误差是 19.4。", "own_measurement", False),
            ("Q1", "x − mean 之后空位算出来 0 − 250 = −250。", "minus_mean", True),
            ("Q1", "x − mean 之后真实值算出来 300 − 250 = 50。", "minus_mean", False),
            ("Q2", "和是 500，500/100 = 5，除以 128 就是 3.9。", "divide_by_n", True),
            ("Q2", "和是 500，除以 128 得 3.9，除以 100 得 5。", "divide_by_n", False),
            ("Q2", "除以 128 就是 3.9，差了 22%。", "block_wrong_effect", True),
            ("Q2", "除以 100 就是 5，差了 0%。", "block_wrong_effect", False),
        ],
    ),
    # Are the padding's 0 turned 'less than the mean by mean' in words and the spread said overstated by mean² (blind
    # v143-v144) read, while their twins are not?
    94: (
        "n_cols, 0.0",
        [
            ("Q1", "空位从 0 变成“比平均少 mean 秒”。", "minus_mean", True),
            ("Q1", "真实值从 300 变成“比平均多 50 秒”。", "minus_mean", False),
            ("Q1", "每个空位多贡献 mean²，波动被夸大。", "output", True),
            ("Q1", "每个空位贡献 0，波动没有被夸大。", "output", False),
        ],
    ),
    # Are the padding said to add nothing to the sum yet one more to the denominator, the block's worked quotient against the
    # right one, a worked excess as a product over N, the cast called superfluous after 则, and the digits rounded away in a
    # subtraction (blind v145, calibration l6v42-q1-007, l6v48-q2-018) read, while their twins are not?
    95: (
        "n_cols, 0.0",
        [
            ("Q2", "padding 的 0 虽然没加东西，分母却多了 2 个。", "divide_by_n", True),
            ("Q2", "padding 的 0 没加东西，分母也没有变。", "divide_by_n", False),
            ("Q2", "除以 BLOCK_SIZE 得均值 12/4 = 3，不是 4。", "block_wrong_effect", True),
            ("Q2", "除以 N 得均值 12/3 = 4，是对的。", "block_wrong_effect", False),
            (
                "Q1",
                "不再 mask 的话平方和是 42。真实方差 17.5/6，多出了 2×3.5²/6。所以第二次求和前要再 mask。",
                "second_mask_reason",
                True,
            ),
            (
                "Q1",
                "不再 mask 的话平方和是 42。真实方差 17.5/6。所以第二次求和前要再 mask。",
                "second_mask_reason",
                False,
            ),
            ("Q2", "除以 N 是对的。fp16 转 fp32 则是多余的。", "fp16_cast_needless", True),
            ("Q2", "除以 N 是对的。fp16 转 fp32 则是必须的。", "fp16_cast_needless", False),
            ("Q3", "平方都是一亿上下，俩一亿一减，小数早被舍没了。", "cancellation", True),
            ("Q3", "平方都是一亿上下，俩一亿一加，小数还在。", "cancellation", False),
        ],
    ),
    # Are one-pass called enough, the cast called needless after 我觉得, the lesson's 64-row result claimed from one's own run
    # of the cell, the empty places kept out of the count and the mean pulled down in a field's words (blind v147-v148) read,
    # while their twins are not?
    96: (
        "n_cols, 0.0",
        [
            ("Q3", "单遍其实够用，本课不用单遍有点保守。", "one_pass_fine", True),
            ("Q3", "单遍不够用：均值 1e4 时会灾难性抵消。", "one_pass_fine", False),
            ("Q2", "除以 N。fp16 转 fp32 我觉得没必要。", "fp16_cast_needless", True),
            ("Q2", "除以 N。fp16 转 fp32 我觉得很有必要。", "fp16_cast_needless", False),
            ("Q3", "我跑了“想一想”那一格，64 行里 29 行是负方差。", "own_measurement", True),
            ("Q3", "讲义第 3 节在 H200 上测的：64 行里 29 行是负方差。", "own_measurement", False),
            ("Q2", "只除以在线风机台数，不能把没装风机的空机位也算进去。", "divide_by_n", True),
            ("Q2", "把空机位也算进去，除以全部机位数。", "divide_by_n", False),
            ("Q2", "除以 BLOCK_SIZE 的话平均风速会被拉低。", "block_wrong_effect", True),
            ("Q2", "除以 N 的话平均风速不会被拉低。", "block_wrong_effect", False),
        ],
    ),
    # Are the worked excess the variance becomes, the lesson's 23 and 8 named unmasked and masked, the padding said to be no
    # measurement, and a subtraction losing the precision (blind v149) read, while their twins are not?
    97: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "不再 mask 的话，方差本来只有 0.0002，会变成 3×548.5/5 ≈ 329。所以要再 mask。",
                "second_mask_reason",
                True,
            ),
            (
                "Q1",
                "不再 mask 的话，方差本来只有 0.0002，会变成 329。所以要再 mask。",
                "second_mask_reason",
                False,
            ),
            (
                "Q1",
                "[1,3,5,7,9] 的例子我手算了：不 mask 是 23，mask 了是 8。所以要再 mask。",
                "second_mask_reason",
                True,
            ),
            ("Q1", "[1,3,5,7,9] 的例子我手算了：mask 了是 8。所以要再 mask。", "second_mask_reason", False),
            ("Q2", "BLOCK_SIZE 多出来的 lane 是补的 0 不是测量值。", "divide_by_n", True),
            ("Q2", "BLOCK_SIZE 多出来的 lane 也是测量值。", "divide_by_n", False),
            ("Q3", "单遍公式要用 mean(x²) 减 mean(x)²，偏移大的时候这一减精度就丢了。", "cancellation", True),
            ("Q3", "单遍公式要用 mean(x²) 减 mean(x)²，偏移大的时候也不丢精度。", "cancellation", False),
        ],
    ),
    98: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "单遍公式里 x*x 这一项没有做 mask，padding lane 平方后会混进平方和，方差就错了。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "单遍公式里 x*x 这一项没有做 mask，但 padding lane 是 0，平方后还是 0，混进平方和也不影响。",
                "one_pass_padding",
                False,
            ),
            ("Q3", "两个巨大的数只差一点点，差值被误差吃掉，甚至算出负数。", "cancellation", True),
            ("Q3", "两个巨大的数差得很远，差值算得很准。", "cancellation", False),
            (
                "explanation",
                "我想 tl.where 不写第三个值可能默认就是 0，就把它删了，结果检查报错了。",
                "where_default_zero",
                True,
            ),
            (
                "explanation",
                "tl.where 不写第三个值不会默认是 0，会报错，所以要写 0.0。",
                "where_default_zero",
                False,
            ),
            ("Q1", "padding 也被减了平均流量，变成 -平均流量。", "minus_mean", True),
            ("Q1", "每块表都减去平均流量算偏差。", "minus_mean", False),
            (
                "Q2",
                "# 不用 BLOCK_SIZE：padding 的 0 不改变 sum，但会多算 BLOCK_SIZE-N 个样本",
                "divide_by_n",
                True,
            ),
            ("Q2", "# 用 BLOCK_SIZE：padding 的 0 不改变 sum，也不会多算样本", "divide_by_n", False),
        ],
    ),
    99: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "单遍公式没有像两遍那样在 x − mean 之后再 mask，所以 padding lane 的偏差 mean² 会被带进结果里，甚至出负数。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "单遍公式没有像两遍那样再 mask，但这没关系，padding 在两个和里都是 0。",
                "one_pass_padding",
                False,
            ),
            (
                "Q2",
                "BLOCK_SIZE 是 constexpr，compile 完 kernel 跑起来的时候拿不到它的值，只能用 n_cols。",
                "block_unreadable",
                True,
            ),
            ("Q2", "BLOCK_SIZE 是 constexpr，kernel 跑起来的时候也拿得到它的值。", "block_unreadable", False),
            (
                "Q2",
                "除以 N 而不是 BLOCK_SIZE，是因为 BLOCK_SIZE 是 tl.constexpr，编译期常量在 kernel 运行时取不到具体数值。",
                "block_unreadable",
                True,
            ),
            ("Q2", "fp16 先 cast 成 fp32 是为了 speed。", "fp32_for_speed", True),
            ("Q2", "fp16 先 cast 成 fp32 是为了不溢出。", "fp32_for_speed", False),
            ("Q3", "平方以后都在一亿上下，一亿减一亿，剩下那点真波动早就被舍掉了。", "cancellation", True),
            ("Q3", "平方以后都在一亿上下，一亿加一亿也没问题。", "cancellation", False),
            ("Q3", "两项都约 1e8，读出来的差全是量具误差，甚至为负。", "cancellation", True),
            ("Q3", "两项都约 1e8，读出来的差很准。", "cancellation", False),
            ("explanation", "divisor 填 n_cols：tl.sum 只加 mask 内的 lane。", "sum_skips_masked", True),
            (
                "explanation",
                "divisor 填 n_cols：tl.sum 对所有 lane 都加，padding 是 0。",
                "sum_skips_masked",
                False,
            ),
            (
                "explanation",
                "这里填 0.0 只是和 other 保持一致，写别的数也不影响结果。",
                "fill_irrelevant",
                True,
            ),
            ("explanation", "这里必须填 0.0，写别的数会让平方和多出东西。", "fill_irrelevant", False),
            (
                "Q2",
                "pandas 的 .var() 默认 ddof=1（除以 N−1），本课要的是总体方差，除以 N。",
                "sample_variance",
                False,
            ),
            ("Q2", "方差应该除以 N−1，这样才是无偏的。", "sample_variance", True),
            ("explanation", "divisor 我写了 n_cols - 1，均值就被放大 N/(N−1) 倍。", "sample_variance", True),
            ("explanation", "改成 n_cols 后，均值不再被放大 N/(N−1) 倍。", "sample_variance", False),
        ],
    ),
    100: (
        "n_cols, 0.0",
        [
            ("Q2", "BLOCK_SIZE 就是表格位置数，N 才是试块数，padding 的 0 不改变总和。", "divide_by_n", True),
            ("Q2", "BLOCK_SIZE 才是试块数，N 只是表格位置数。", "divide_by_n", False),
            ("Q2", "padding 的 0 不改变总和，但多除了空位，结果只剩 0.78 倍。", "divide_by_n", True),
            ("Q2", "padding 的 0 不改变总和，也没有多除什么。", "divide_by_n", False),
        ],
    ),
    101: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "转 fp32：我们的结果要和参考值同一个精度，assert_close 才能通过。",
                "compile_reason",
                True,
            ),
            (
                "Q2",
                "fp16 的平方和会溢出，所以在 fp32 里累加；结果也和参考值同一个精度。",
                "compile_reason",
                False,
            ),
            ("Q2", "除以 BLOCK_SIZE 等于把 BLOCK_SIZE−N 个不存在的 0 当成了样本。", "divide_by_n", True),
            ("Q2", "0 不改变和，也不改变个数。", "divide_by_n", False),
            ("Q2", "0 不改变和，但改变个数。", "divide_by_n", True),
            ("Q2", "空夹具不能算进颗数。", "divide_by_n", True),
            ("Q2", "空夹具也算进颗数。", "divide_by_n", False),
            ("Q2", "分子里没有它们，分母却多了 28。", "divide_by_n", True),
        ],
    ),
    102: (
        "n_cols, 0.0",
        [
            ("Q2", "分母得是真开路的台数 N。", "divide_by_n", True),
            ("Q2", "分母得是开路的台数 BLOCK_SIZE。", "divide_by_n", False),
            ("Q2", "除有效点数，不能按整块算。", "divide_by_n", True),
            ("Q2", "除整块的点数，不用管有效的。", "divide_by_n", False),
        ],
    ),
    103: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "均值 1e4 的数据载入成 fp32 时，低位信息在输入阶段就被截掉了。",
                "input_rounding_blamed",
                True,
            ),
            ("Q3", "数据载入成 fp32 时没有被截掉什么，问题在两个 1e8 相减。", "input_rounding_blamed", False),
            ("Q3", "两遍法先减均值，就避开了输入截断。", "input_rounding_blamed", True),
            ("Q3", "两遍法先减均值，避开的是大数相减的抵消。", "input_rounding_blamed", False),
            ("Q1", "padding lane 算 0 − mean 时会留下一点点残差，不是严格的 0。", "padding_garbage", True),
            ("Q1", "padding lane 算 0 − mean 时得到 −mean，没有留下什么残差。", "padding_garbage", False),
            ("Q2", "只有 N 个样是真的。", "divide_by_n", True),
            ("Q2", "只有 N 个样是假的。", "divide_by_n", False),
            ("Q2", "padding 的格子不能算进个数。", "divide_by_n", True),
            ("Q2", "padding 的格子也能算进个数。", "divide_by_n", False),
        ],
    ),
    104: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "0.0 经过 x − mean 以后，浮点舍入会留下 1e-8 量级的残差，单个看不出来，累加起来就把方差带偏了。",
                "padding_garbage",
                True,
            ),
            ("Q1", "0.0 经过 x − mean 以后变成 −mean，不是舍入留下的残差。", "padding_garbage", False),
            ("Q3", "fp32 最大只能表示到 6.5e4 左右，1e8 直接上溢成 inf。", "fp32_overflow", True),
            ("Q3", "fp16 最大只能表示到 6.5e4 左右；fp32 最大约 3.4e38。", "fp32_overflow", False),
        ],
    ),
    105: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "单遍公式里 mean² 这一项是对 BLOCK_SIZE 个 lane 逐个算的，padding lane 没有再 mask，每个 padding lane 都会多出 mean²。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "两遍法里 x − mean 是对 BLOCK_SIZE 个 lane 逐个算的，所以要再 mask；单遍的 mean² 每行只有一个数。",
                "one_pass_padding",
                False,
            ),
            (
                "Q3",
                "D4 根因分析：初步怀疑 x² ≈ 1e8 溢出——验证排除，fp32 上限约 3.4e38。",
                "fp32_overflow",
                False,
            ),
            ("Q3", "D4 根因分析：初步怀疑 x² ≈ 1e8 溢出，验证后确认就是溢出。", "fp32_overflow", True),
        ],
    ),
    106: (
        "n_cols, 0.0",
        [
            ("Q2", "除以 128 得 2.34，28 个补位的 0 被当成了样品。", "divide_by_n", True),
            ("Q2", "除以 128 得 2.34，28 个补位的 0 没有被当成样品。", "divide_by_n", False),
            ("Q2", "空格子不是样品，算均值只能除以 100。", "divide_by_n", True),
            ("Q2", "除以 100 得 3，除以 128 只得 2.34，因为 padding 被数进了个数。", "divide_by_n", True),
            ("Q2", "分母是有几个数，BLOCK_SIZE 把 padding 也数进去了。", "divide_by_n", True),
            ("Q2", "padding 没有被数进个数，所以除以 BLOCK_SIZE 也行。", "divide_by_n", False),
            (
                "Q2",
                "BLOCK_SIZE 个 lane 里后面那部分是下一行的数，除以 BLOCK_SIZE 等于把两行平均了。",
                "padding_garbage",
                True,
            ),
            (
                "Q2",
                "BLOCK_SIZE 个 lane 里后面那部分是 padding，值是 other 的 0.0。",
                "padding_garbage",
                False,
            ),
            ("Q2", "H 卡上 fp32 的计算比 fp16 快，所以先转。", "fp32_for_speed", True),
            ("Q2", "fp16 的计算比 fp32 快，但会溢出，所以先转 fp32。", "fp32_for_speed", False),
            ("Q1", "x - mean 之后 padding 变成 -mean 了，不再 mask 方差就偏大。", "output", True),
            ("Q1", "x - mean 之后 padding 变成 -mean 了，但不再 mask 方差也不会偏大。", "output", False),
        ],
    ),
    107: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "而我们要的差只有 1，相减后全是舍入误差：课本实测第 0 行真值 1.069，单遍算出 −6.63，64 行里 29 行是负的。",
                "own_measurement",
                False,
            ),
            (
                "Q3",
                "我在自己电脑上跑了一遍，实测第 0 行真值 1.069，单遍算出 −6.63，64 行里 29 行是负的。",
                "own_measurement",
                True,
            ),
        ],
    ),
    108: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "除以 100 得 3；除以 128 得 2.34，padding 的 28 个 0 被算成了 28 个零流量时段。",
                "divide_by_n",
                True,
            ),
            ("Q2", "padding 的 28 个 0 没有被算成 28 个时段，所以除以 128 也行。", "divide_by_n", False),
            (
                "Q2",
                "N 个是真读数，BLOCK_SIZE − N 个是补的 0：和不变但分母多了，均值被压小到 N/BLOCK_SIZE。",
                "divide_by_n",
                True,
            ),
            ("Q2", "和不变，分母也不变，所以除以 BLOCK_SIZE 也一样。", "divide_by_n", False),
            (
                "Q3",
                "两个几乎一样大的数相减，fp32 在 1e8 附近只能分辨到 8 左右，真正的方差 1 就被舍入误差吃掉。",
                "cancellation",
                True,
            ),
            ("Q3", "两个数都不大，fp32 足够精确，舍入误差吃不掉方差。", "cancellation", False),
        ],
    ),
    109: (
        "n_cols, 0.0",
        [
            ("Q1", '每格都减去平均品位——空格也被减了，变成"负的平均品位"。', "minus_mean", True),
            ("Q1", "每格都减去平均品位，空格的平均品位是 0。", "minus_mean", False),
            (
                "explanation",
                "centered_other: -0.0，它平方后是 0，加到平方和里不改变结果。",
                "other_reason",
                True,
            ),
            (
                "explanation",
                "centered_other: 1.0，它平方后是 1，加到平方和里会改变结果。",
                "other_reason",
                False,
            ),
        ],
    ),
    # Are N taken for the row count or the programs' count (deducted), a field's one-character mean after a minus and
    # '均温就对' read (blind v177, calibration v157 and v169), while their twins are not?
    110: (
        "n_cols, 0.0",
        [
            ("Q2", "N 在这里指的是行数 M，有几行就除几。", "n_is_row_count", True),
            ("Q2", "N 不是行数，是这一行真实元素的个数。", "n_is_row_count", False),
            ("Q2", "每个 program 最后要除以总共的 program 数。", "n_is_row_count", True),
            ("Q2", "每个 program 只除以自己这一行的 N，不是除以 program 数。", "n_is_row_count", False),
            ("Q1", '空格子也做了减法，变成了"−平均重"。', "minus_mean", True),
            ("Q1", "空格子没有做减法，平均重是 900 mg。", "minus_mean", False),
            ("Q1", "空点位从 0 变成了 −均温。", "minus_mean", True),
            ("Q1", "只要除以真实点数 5，均温就对。", "mean_right", True),
            ("Q1", "除以 8 个点位，均温就偏低。", "mean_right", False),
        ],
    ),
    # Are the denominator named as the cells that hold a number, the mean unaffected by the padding and a place named by
    # what it lacks (blind v182's silent errors) read, while their twins are not?
    112: (
        "n_cols, 0.0",
        [
            ("Q2", "分母只能是实际有数的 100 个格子。", "divide_by_n", True),
            ("Q2", "分母只能是选区里的 128 个格子。", "divide_by_n", False),
            ("Q1", "均值不受 padding 影响。", "mean_right", True),
            ("Q1", "均值会受 padding 影响。", "mean_right", False),
            ("Q1", "没有布样的位置从 0 变成 −mean。", "minus_mean", True),
            ("Q1", "padding 没有变成 −mean。", "minus_mean", False),
        ],
    ),
    # Is dividing by the block said to count the padded places in, and the slots named as what one cannot divide by
    # (blind v183-v184's silent errors), read as the divisor's reason, while their twins are not?
    113: (
        "n_cols, 0.0",
        [
            ("Q2", "除以 BLOCK_SIZE 就把补位当成了样本。", "divide_by_n", True),
            ("Q2", "除以 BLOCK_SIZE 就把均值算小了。", "divide_by_n", False),
            ("Q2", "总不能除以托盘上 128 个格子。", "divide_by_n", True),
            ("Q2", "要除以托盘上 128 个格子。", "divide_by_n", False),
        ],
    ),
    # Are the mean called no problem (half), the second fill said to be the mean and N − 1 said right with no word for the
    # variance (blind v185's silent errors) read, while their twins are not?
    114: (
        "n_cols, 0.0",
        [
            ("Q1", "均值没问题，方差要再 mask 一次。", "mean_right", True),
            ("Q1", "均值有问题，方差要再 mask 一次。", "mean_right", False),
            ("Q1", "第二次 mask 应该填 mean 而不是 0.0。", "second_fill_mean", True),
            ("Q1", "第二次 mask 应该填 0.0 而不是 mean。", "second_fill_mean", False),
            ("Q1", "写成 tl.where(mask, x - mean, mean)。", "second_fill_mean", True),
            ("Q1", "写成 tl.where(mask, x - mean, 0.0)。", "second_fill_mean", False),
            ("Q2", "这里其实应该除以 N−1 才对。", "variance_needs_n_minus_1", True),
            ("Q2", "这里其实应该除以 N 才对。", "variance_needs_n_minus_1", False),
        ],
    ),
    # Are the guards swapped beside the square root's failure and the denominator named as a count of the real ones with N
    # after it (blind v187-v188's silent errors) read, while their twins are not?
    115: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "tl.maximum 防的是 var 太大变成 inf，eps 防的是 var 是负数的时候开方出错。",
                "guards_swapped",
                True,
            ),
            (
                "Q3",
                "tl.maximum 防的是 var 是负数的时候开方出错，eps 防的是 var 为 0 时变成 inf。",
                "guards_swapped",
                False,
            ),
            ("Q2", "平均容量的分母是实际上柜的电芯数 N，不是柜子的通道数 BLOCK_SIZE。", "divide_by_n", True),
            ("Q2", "平均容量的分母是柜子的通道数 BLOCK_SIZE。", "divide_by_n", False),
        ],
    ),
    # Are the second mask called dispensable with the variance's divisor moved to the block, the denominator named before
    # the block that counts the padding in, the one-pass identity taken for an empirical formula and a tolerance loosened
    # for a while (blind v189-v190's silent errors and missed vetoes) read, while their twins are not?
    116: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "第二次 mask 可以不用，把方差的分母从 N 改成 BLOCK_SIZE 就行。",
                "second_mask_optional",
                True,
            ),
            ("Q1", "第二次 mask 不可以省掉，方差的分母还是 N。", "second_mask_optional", False),
            ("Q2", "分母若用 BLOCK_SIZE 就把凑数的 padding 当成了观测。", "divide_by_n", True),
            ("Q2", "分母若用 BLOCK_SIZE 就把均值算小了。", "divide_by_n", False),
            (
                "Q3",
                "单遍那个公式说白了是个经验公式，只在均值不大的时候灵。",
                "one_pass_wrong_mechanism",
                True,
            ),
            ("Q3", "单遍那个公式不是经验公式，是恒等式，错在浮点相减。", "one_pass_wrong_mechanism", False),
            (
                "explanation",
                "所以暂时把那一组的 atol/rtol 放宽到了 1e-3，之后全部通过。",
                "loosened_check",
                True,
            ),
            (
                "explanation",
                "我暂时把 centered_other 改成 1.0 跑了一次，检查失败，又改回 0.0。",
                "loosened_check",
                False,
            ),
        ],
    ),
    # Is the order of the sum said to change from run to run, the order named first (blind v191's missed veto), read,
    # while its twin is not?
    117: (
        "n_cols, 0.0",
        [
            ("Q3", "tl.sum 是树形并行归约，加法顺序每次 run 都不一样。", "summation_order", True),
            ("Q3", "tl.sum 是树形并行归约，加法顺序每次 run 都一样。", "summation_order", False),
        ],
    ),
    # Are the verdict after a trial ('我觉得差别不大，可能除以 N 更规范一点'), fp32 for the output's type and the block longer than
    # the row with padding inside (blind v193 and v194's silent errors) read, while their twins are not?
    118: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "我试了一下，两种除数出来的均值都差不多是 0，我觉得差别不大，可能除以 N 更规范一点。",
                "divisor_irrelevant",
                True,
            ),
            (
                "Q2",
                "在 N = 128 时差别不大，但 N = 100 时除以 BLOCK_SIZE 会把均值压成 100/128，所以必须除以 N。",
                "divisor_irrelevant",
                False,
            ),
            ("Q2", "fp16 转 fp32 我猜是为了和输出的类型一样，不然存不进去。", "fp16_enough", True),
            (
                "Q2",
                "fp16 转 fp32 是为了累加不溢出、不丢精度，也是为了和输出的类型一致。",
                "fp16_enough",
                False,
            ),
            (
                "Q2",
                "因为 BLOCK_SIZE 比 N 大，里面有 padding，除以 BLOCK_SIZE 均值就不对了。",
                "divide_by_n",
                True,
            ),
            ("Q2", "BLOCK_SIZE 比 N 大，但 padding 不多，除以 BLOCK_SIZE 也差不多。", "divide_by_n", False),
        ],
    ),
    # Are batch 81's misses read in their own words (the mean diluted to N/BLOCK_SIZE, the one-pass pitfall put in the mask
    # it skips, fp32 given int32's limit), while their twins are not?
    119: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "平均胸径要除以实测株数：若除以 BLOCK_SIZE，平均值就被空行稀释成 N/BLOCK_SIZE 倍。",
                "divide_by_n",
                True,
            ),
            (
                "Q3",
                "单遍那个公式坑就坑在它不做第二次 mask，空 lane 平方后方差飞了。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "单遍公式不做第二次 mask 也没问题，padding 在两个和里都是 0；它的坑在大数相减的抵消。",
                "one_pass_padding",
                False,
            ),
            (
                "Q3",
                "原因是溢出：fp32 和 int32 一样，最大大约 21 亿，1e11 早就超过上限。",
                "fp32_overflow_small",
                True,
            ),
            (
                "Q3",
                "fp32 和 int32 不一样，最大约 3.4e38，1e11 远没到上限；问题是大数相减的抵消。",
                "fp32_overflow_small",
                False,
            ),
        ],
    ),
    # Are batch 82's misses read in their own words (N as half of a question about the divisor, 人次 as the count, the mean
    # 摊小), and two calibration answers the round's new premises unrouted (the block called a wrong count of degrees of
    # freedom, only N of the class's measure word real), while their twins are not?
    120: (
        "n_cols, 0.0",
        [
            ("Q2", "除以 N 还是多少这个，我们 Excel 模板里都是写好的。", "divide_by_n", False),
            ("Q2", "要除以 N，因为只有 N 个真实元素。", "divide_by_n", True),
            ("Q2", "就像次均住院费用，分母是实际出院人次 N，不是报表的行数。", "divide_by_n", True),
            ("Q2", "除 BLOCK_SIZE 的话均值会被摊小。", "block_wrong_effect", True),
            ("Q2", "除以 N 时均值不会被摊小。", "block_wrong_effect", False),
            (
                "Q2",
                "除以 N 是因为 LayerNorm 用的是总体方差，BLOCK_SIZE 相当于把自由度算错了。",
                "divisor_from_population_variance",
                True,
            ),
            (
                "Q2",
                "除以 N 是因为这里求的是总体方差，不是样本方差。",
                "divisor_from_population_variance",
                False,
            ),
            ("Q2", "因为只有 N 株是实际检尺的样木，padding 是补出来的空位。", "divide_by_n", True),
            ("Q2", "只有 N 株不是实际检尺的样木。", "divide_by_n", False),
        ],
    ),
    # Are batch 83's missed vetoes read in their own words (0.0 believed inexact on the GPU, its noise's outcome after it;
    # one-pass's padding said to pull mean(x²) down), while their twins are not?
    121: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "方差要再 mask，是因为 padding lane 的 0.0 在 GPU 上不是严格的 0，而是 1e-7 左右的浮点噪声，平方累加以后会偏大。",
                "zero_not_exact",
                True,
            ),
            (
                "Q1",
                "0.0 在 GPU 上就是严格的 0；再 mask 是因为减均值后 padding 变成 −mean。",
                "zero_not_exact",
                False,
            ),
            (
                "Q3",
                "单遍公式不做第二次 mask，padding lane 的 0 参与平方求和，使 mean(x²) 被系统性拉低，方差为负。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "单遍公式里 padding 的 0 平方后还是 0，不会使 mean(x²) 被拉低；错在两个约 1e8 的数相减。",
                "one_pass_padding",
                False,
            ),
        ],
    ),
    # Is the tolerance blamed for a failed check with its value and a verb between (blind v203's silent error) read, while its
    # twin is not?
    123: (
        "BLOCK_SIZE, 0.0",
        [
            (
                "explanation",
                "divisor 我填 BLOCK_SIZE。宽度 100 没过，我觉得是检查的容差 1e-4 定得太严，我的写法是对的。",
                "failure_blamed_on_rounding",
                True,
            ),
            (
                "explanation",
                "divisor 填 n_cols。容差 1e-4 定得不严，失败说明代码错了，我把除数改回 n_cols 后通过。",
                "failure_blamed_on_rounding",
                False,
            ),
        ],
    ),
    # Are batch 87's silent errors read in their own words (a term list glossed in English, one-pass with the clamp added
    # called usable, N − 1 run on past the student's verdict on the lesson), while their twins are not?
    124: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "因为灾难性抵消（catastrophic cancellation）、单遍、两遍、Welford、Chan 合并公式、1e4、1e8、fp32 有效数字，所以不用单遍公式。",
                "term_list_premise",
                True,
            ),
            (
                "Q3",
                "因为均值 1e4 时 mean(x²) 和 mean² 都约 1e8，两者相减抵消了有效数字，所以不用单遍公式。",
                "term_list_premise",
                False,
            ),
            (
                "Q3",
                "单遍公式大偏移时会算出负方差，但 tl.maximum(var, 0.0) 把负数截到 0，所以单遍加上截断其实就能用了。",
                "clamp_makes_one_pass_ok",
                True,
            ),
            ("Q3", "单遍加上截断也不能用：截成 0 的方差不是真值。", "clamp_makes_one_pass_ok", False),
            (
                "Q2",
                "除以 N 算均值没问题，但方差应该除以 N−1 才对，除以 N 会低估波动，这课这里是写错了。",
                "variance_needs_n_minus_1",
                True,
            ),
            (
                "Q2",
                "有人说方差应该除以 N−1，这是写错了：本课要的是总体方差。",
                "variance_needs_n_minus_1",
                False,
            ),
        ],
    ),
    # Are the second mask taken for a guard of out-of-bounds memory, a division by a power of two said to compile to a
    # shift that cuts the fraction off and one-pass's failure blamed on fp16 input read, while their denials are not
    # (blind v209-v210)?
    125: (
        "n_cols, 0.0",
        [
            ("Q1", "我猜 tl.where 是防止越界写内存的。", "where_guards_bounds", True),
            ("Q1", "tl.where 不是为了防止越界写内存，它把 padding 放回 0。", "where_guards_bounds", False),
            (
                "Q2",
                "除以 2 的幂会被编译成右移位运算，浮点数一移位小数部分就截掉了。",
                "pow2_division_inexact",
                True,
            ),
            ("Q2", "除以 2 的幂只改指数，不会像整数右移那样截掉小数。", "pow2_division_inexact", False),
            (
                "Q3",
                "单遍公式在偏移 1e4 时出错，是因为输入是 fp16 的时候有效位不够。",
                "one_pass_blames_fp16",
                True,
            ),
            (
                "Q3",
                "单遍公式出错是因为 fp32 有效位不够，和输入是不是 fp16 无关。",
                "one_pass_blames_fp16",
                False,
            ),
            (
                "Q3",
                "因为灾难性抵消（catastrophic cancellation）、浮点舍入误差、有效数字和 Welford/Chan 合并公式，所以本课采用两遍算法。",
                "term_list_premise",
                True,
            ),
            (
                "Q3",
                "因为 mean(x²) 和 mean² 都约 1e8、相减后有效数字被抵消，所以本课采用两遍算法。",
                "term_list_premise",
                False,
            ),
        ],
    ),
    # Is the summation order's error said to be amplified by the offset read, while the same words reported and refuted
    # are not (blind v211)?
    126: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "偏移 1e4 时数很大，这种顺序带来的误差被放大，结果就错到了 1944%。",
                "summation_order",
                True,
            ),
            (
                "Q3",
                "有人说是顺序带来的误差被放大，其实不对：顺序只改最后几位，单遍错在两个 1e8 相减。",
                "summation_order",
                False,
            ),
        ],
    ),
    # Is tl.sum said to add only the lanes whose mask is true, with 对 … 求和, read, while its denial is not (blind v216)?
    128: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "除以 N，因为 tl.sum 只对 mask 为真的 lane 求和，padding 那几格它不管。",
                "sum_skips_masked",
                True,
            ),
            (
                "Q2",
                "tl.sum 不会只对 mask 为真的 lane 求和，它把所有 lane 都加起来。",
                "sum_skips_masked",
                False,
            ),
        ],
    ),
    # Are the block divisor said to count empty rows in (就等于), a worked division of the sum by a divisor that is no
    # power of two and 'var 我认为应该除以 N−1' read, while their twins are not (blind v217, v218)?
    129: (
        "n_cols, 0.0",
        [
            ("Q2", "可除以 128 就等于把空行也算成盘数。", "divide_by_n", True),
            ("Q2", "除以 128 就等于把均值缩小了。", "divide_by_n", False),
            ("Q2", "tl.sum 得 300（28 个 padding 贡献 0），300/100 = 3。", "divide_by_n", True),
            ("Q2", "tl.sum 得 300（28 个 padding 贡献 0），300/128 = 2.34。", "divide_by_n", False),
            ("Q2", "var 我认为应该除以 N−1，样本方差才是无偏的。", "variance_needs_n_minus_1", True),
            ("Q2", "var 我认为不应该除以 N−1，本课算的是总体方差。", "variance_needs_n_minus_1", False),
        ],
    ),
    # Is the reference named through its call, with the check comparing the dtype after a comma, read as the reason for fp32,
    # while the reference's dtype said to be beside the point is not (blind v219)?
    130: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "参考答案 torch.var_mean(x.float()) 是 fp32，assert_close 比较时 dtype 不一样会直接报错，所以 kernel 里也得用 fp32 算。",
                "compile_reason",
                True,
            ),
            (
                "Q2",
                "torch 的参考结果是 fp32，跟我们输出的 dtype 无关；转 fp32 是因为 fp16 会溢出、丢小数。",
                "compile_reason",
                False,
            ),
        ],
    ),
    # Are the cells that hold a number as the divisor, the mean 摊小, and two numbers over ten thousand 一减 read, while
    # their twins are not (blind v221, v222)?
    131: (
        "n_cols, 0.0",
        [
            ("Q2", "Excel 里 AVERAGE 是除以有数的格子数，不是选区的格子数。", "divide_by_n", True),
            ("Q2", "Excel 里 AVERAGE 是除以选区的格子数。", "divide_by_n", False),
            ("Q2", "空格多了平均就给摊小了。", "block_wrong_effect", True),
            ("Q2", "空格多了平均也不会摊小。", "block_wrong_effect", False),
            ("Q3", "两个一万多的数一减，剩下那一点点全是秤的误差。", "cancellation", True),
            ("Q3", "两个一万多的数一加，误差不大。", "cancellation", False),
        ],
    ),
    # Are only N of the block's lanes said to hold data, the padding's square said added into mean(x²), one-pass called an
    # approximation and fp32's 一格 of 8 read, while their twins are not (blind v223, v224)?
    132: (
        "n_cols, 0.0",
        [
            ("Q2", "除以 8 得 2.625，因为 8 个 lane 里只有 6 个是数据。", "divide_by_n", True),
            ("Q2", "除以 8 得 2.625，因为 8 个 lane 里有 8 个是数据。", "divide_by_n", False),
            (
                "Q3",
                "mean(x²) 这一项里 padding lane 的 x² 也被加进去了，所以单遍错。",
                "one_pass_padding",
                True,
            ),
            ("Q3", "mean(x²) 这一项里 padding lane 的 x² 是 0，加进去也不影响。", "one_pass_padding", False),
            (
                "Q3",
                "mean(x²) − mean(x)² 只是方差的近似公式，均值越大误差越大。",
                "one_pass_approximation",
                True,
            ),
            (
                "Q3",
                "mean(x²) − mean(x)² 不是近似公式，它在实数里精确，错在 fp32 的抵消。",
                "one_pass_approximation",
                False,
            ),
            ("Q3", "fp32 在 1e8 那儿一格就是 8，差出来的方差才 1。", "cancellation", True),
            ("Q3", "fp32 在 1e8 那儿一格就是 0.001，差出来的方差才 1。", "cancellation", False),
        ],
    ),
    133: (
        "n_cols, 0.0",
        [
            ("Q1", "0 是加法的单味元，所以 tl.sum 只加到真实的 N 个数。", "sum_skips_masked", False),
            ("Q1", "tl.sum 只加到真实的 N 个数，padding 它不管。", "sum_skips_masked", True),
            ("Q1", "空位也被减了，变成 −平均，就像多了一台偏了的琴。", "minus_mean", True),
            ("Q1", "空位也被减了，变成了平均，就像多了一台偏了的琴。", "minus_mean", False),
            ("Q1", "空位的 0 加进总和不改变总和。", "mean_right", True),
            ("Q1", "空位的数加进总和会改变总和。", "mean_right", False),
            ("Q1", "x − mean 这一步会改掉 padding lane 的值。", "minus_mean", True),
            ("Q1", "tl.sum 这一步会改掉 padding lane 的值。", "minus_mean", False),
            (
                "Q2",
                "分母用 BLOCK_SIZE，和不变但个数多算了，均值变成真值的 N/BLOCK_SIZE 倍。",
                "divide_by_block",
                False,
            ),
            ("Q2", "分母用 BLOCK_SIZE，因为 padding 也是数据。", "divide_by_block", True),
        ],
    ),
    134: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "单遍公式的问题出在 padding lane：它没有第二次 mask，x² 求和时 padding 也被加进去了，方差就错了。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "单遍公式的问题不在 padding lane：它没有第二次 mask 也没关系，padding 是 0，错在大数相减。",
                "one_pass_padding",
                False,
            ),
            ("Q3", "负方差截到 0 就行，所以单遍加上 maximum 其实完全能用。", "clamp_makes_one_pass_ok", True),
            ("Q3", "负方差能截到 0，但单遍加上 maximum 其实完全不能用。", "clamp_makes_one_pass_ok", False),
            ("Q2", "除的是上了仪器的表数 N，不是托盘格数 BLOCK_SIZE。", "divide_by_n", True),
            ("Q2", "除的是托盘格数 BLOCK_SIZE，不是上了仪器的表数 N。", "divide_by_n", False),
            ("Q2", "分母必须是有数据的 N 个，padding 不算。", "divide_by_n", True),
            ("Q2", "分母必须是有数据的那一行。", "divide_by_n", False),
            ("Q2", "分母 = 真实例数 N，BLOCK_SIZE 里有补的空位。", "divide_by_n", True),
            ("Q2", "分母 = 例数 BLOCK_SIZE，补的空位也算。", "divide_by_n", False),
        ],
    ),
    135: (
        "n_cols, 0.0",
        [
            ("Q1", "算平均含水量时空格子记 0，加总不受影响。", "mean_right", True),
            ("Q1", "算平均含水量时空格子记 1，加总受影响。", "mean_right", False),
            ("Q1", "程序是整排格子一起减，空格子也被减成了 −18。", "minus_mean", True),
            ("Q1", "程序是整排格子一起减，空格子没有被减，还是 0。", "minus_mean", False),
            (
                "Q2",
                "fp16 要先转 fp32，是因为输出的 mean_ptr、var_ptr 都是 fp32，类型不一致 tl.store 会报错。",
                "store_dtype_reason",
                True,
            ),
            (
                "Q2",
                "fp16 要先转 fp32，是因为平方和会溢出；类型不一致 tl.store 也不会报错，它会自动转换。",
                "store_dtype_reason",
                False,
            ),
            ("Q2", "平均克重要除以实际灌了几支（N），不能除以模盘有几个位。", "divide_by_n", True),
            ("Q2", "平均克重要除以模盘有几个位（BLOCK_SIZE），不能除以实际灌了几支。", "divide_by_n", False),
        ],
    ),
    136: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "padding 的 0 经过 x - mean 和平方以后会带上舍入误差，不再是精确的 0，误差累积得越多，方差就漂了。",
                "padding_garbage",
                True,
            ),
            (
                "Q1",
                "padding 的 0 经过 x - mean 以后不再是 0，而是 −mean，平方后每个多出 mean²。",
                "padding_garbage",
                False,
            ),
            (
                "Q3",
                "单遍为啥不行：它没有第二次 mask，算 x² 求和的时候 padding 也参与，方差错得一塌糊涂。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "单遍为啥不行：两个约 1e8 的大数相减，有效数字被抵消；没有第二次 mask 倒没关系，padding 是 0。",
                "one_pass_padding",
                False,
            ),
            ("Q2", "padding 的 11 个 0 只是不增加和，但不能算人头，所以分母是 21。", "divide_by_n", True),
            ("Q2", "padding 的 11 个 0 只是不增加和，所以分母是 32。", "divide_by_n", False),
            ("Q2", '除数是"参与统计的样本数"，真实元素 N 个。', "divide_by_n", True),
            ("Q2", '除数是"块里的格子数"，一共 BLOCK_SIZE 个。', "divide_by_n", False),
            ("Q2", "为什么一定要除以 N 我说不上来。", "divisor_reason_unknown", True),
            ("Q2", "一定要除以 N，因为只有 N 个真实元素。", "divisor_reason_unknown", False),
            (
                "Q2",
                "还有人说 fp16 转 fp32 只是为了和输出类型一致，其实关键在累加：平方和会超过 65504。",
                "fp16_enough",
                False,
            ),
            ("Q2", "fp16 转 fp32 只是为了和输出类型一致，fp16 精度其实够用。", "fp16_enough", True),
        ],
    ),
    137: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "fp32 只能存 7 位数，1e8 是 9 位数，存不下就溢出成 inf，所以单遍错。",
                "fp32_overflow",
                True,
            ),
            (
                "Q3",
                "fp32 只有约 7 位有效数字，1e8 存得下，不会溢出，错在两个大数相减。",
                "fp32_overflow",
                False,
            ),
            (
                "Q3",
                "本课不用单遍，是因为 padding lane 的 0 平方以后会变成一个很小的非零数。",
                "zero_square_nonzero",
                True,
            ),
            (
                "Q3",
                "padding lane 的 0 平方以后还是 0，不会变成一个很小的非零数。",
                "zero_square_nonzero",
                False,
            ),
            ("Q2", "但 / BLOCK_SIZE 会把 BLOCK_SIZE - N 个 padding 当成样本数。", "divide_by_n", True),
            ("Q2", "但 / BLOCK_SIZE 会把 BLOCK_SIZE 个 lane 都算上。", "divide_by_n", False),
            ("Q2", "平均重量要除以 100 件，不能除以 128 行。", "divide_by_n", True),
            ("Q2", "平均重量要除以 128 行。", "divide_by_n", False),
            (
                "explanation",
                "divisor 填 BLOCK_SIZE。(4,100) 的 mean 差了 0.78 倍，我认为是参考值 torch.var_mean 的口径和我的不一样，不是 kernel 的问题。",
                "failure_blamed_on_reference",
                True,
            ),
            (
                "explanation",
                "divisor 先填了 BLOCK_SIZE。(4,100) 的 mean 差了 0.78 倍，是我的 kernel 除错了数，改成 n_cols 就过了。",
                "failure_blamed_on_reference",
                False,
            ),
        ],
    ),
    138: (
        "n_cols, 0.0",
        [
            ("Q1", "所以 tl.where 是把负的偏差变成 0，只留正的。", "where_misread", True),
            (
                "Q1",
                "所以 tl.where 把 padding 的 −mean 变成 0，真实的负偏差照样保留。",
                "where_misread",
                False,
            ),
            ("Q1", "方差那边 padding 漂成 −mean，要用 tl.where 把它校回 mean。", "where_misread", True),
            ("Q1", "方差那边 padding 漂成 −mean，要用 tl.where 把它放回 0。", "where_misread", False),
            (
                "Q1",
                "masked load 填 0.0，tl.sum 出来的和偏小，所以除以 N 而不是 BLOCK_SIZE 把它补回来。",
                "mean_lowered",
                True,
            ),
            (
                "Q1",
                "masked load 填 0.0，tl.sum 出来的和就是真实元素之和，所以除以 N 均值就对。",
                "mean_lowered",
                False,
            ),
        ],
    ),
    139: (
        "n_cols, 0.0",
        [
            ("Q2", "我觉得除以 N 也不对，应该除以 N−1，除以 N 会偏小。", "variance_needs_n_minus_1", True),
            ("Q2", "有人觉得应该除以 N−1，但本课是总体方差，除以 N。", "variance_needs_n_minus_1", False),
            (
                "Q3",
                "原因是单遍公式没有第二次 mask：所以 mean(x²) 被撑大，减完就错了。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "单遍公式没有第二次 mask 也没关系：padding 的 0 平方还是 0，错在大数相减。",
                "one_pass_padding",
                False,
            ),
        ],
    ),
    140: (
        "n_cols, 0.0",
        [
            ("Q1", "每格都减去平均 200g，空格也被减，变成 −200g。", "minus_mean", True),
            ("Q1", "每格都减去平均 200g，空格不被减，还是 0。", "minus_mean", False),
            ("Q1", "0 adds nothing to a sum, so dividing by N gives the right mean.", "mean_right", True),
            (
                "Q1",
                "0 adds nothing to a sum, so dividing by BLOCK_SIZE gives the wrong mean.",
                "mean_right",
                False,
            ),
            ("Q1", "所以 tl.where 要再写一遍，具体为什么我没太看懂。", "second_mask_reason_unknown", True),
            (
                "Q1",
                "所以 tl.where 要再写一遍，为什么我看懂了：padding 变成 −mean。",
                "second_mask_reason_unknown",
                False,
            ),
            ("Q2", "出了 100 份就除 100，不能因为周转箱是 128 格的就除 128。", "divide_by_n", True),
            ("Q2", "出了 100 份，除 100 也行，除 128 也行。", "divide_by_n", False),
        ],
    ),
    141: (
        "n_cols, 0.0",
        [
            ("Q1", "加 0 等于没加，所以 tl.sum 就是真实那 N 个数的和。", "mean_right", True),
            ("Q1", "加 0 等于没加，所以 tl.sum 就是 BLOCK_SIZE 个数的和。", "mean_right", False),
            ("Q1", "这几个 −mean 平方成 mean²，全加进去，方差就大了。", "output", True),
            ("Q1", "这几个 −mean 平方成 mean²，全清掉了，方差没变。", "output", False),
            ("Q1", "减均值那一步是整列都减，空格子也跟着减了。", "minus_mean", True),
            ("Q1", "减均值那一步只减真实的格子，空格子没跟着减。", "minus_mean", False),
            ("Q2", "平均值 = 合计 ÷ 实际填了数的格子数，不能 ÷ 表格总行数。", "divide_by_n", True),
            ("Q2", "平均值 = 合计 ÷ 表格总行数。", "divide_by_n", False),
            ("Q2", "Only N wheels were measured; the rest are padding zeros.", "divide_by_n", True),
            ("Q2", "N wheels and the padding zeros were all measured.", "divide_by_n", False),
            (
                "Q3",
                "x² 的平均和均值的平方都在 1e8 左右，差只有 1，fp32 只有 7 位有效数字，这个差被舍入掉了。",
                "cancellation",
                True,
            ),
            ("Q3", "x² 的平均和均值的平方都在 1e8 左右，差只有 1。", "cancellation", False),
        ],
    ),
    142: (
        "n_cols, .0",
        [
            ("Q1", "第二次 mask 其实不是必须的，加不加都行。", "second_mask_optional", True),
            ("Q1", "第二次 mask 是必须的，不加方差就偏大。", "second_mask_optional", False),
            ("explanation", "divisor 填 n_cols，实点数就这么多。", "divisor_reason", True),
            ("explanation", "divisor 填 n_cols，格子数就这么多。", "divisor_reason", False),
            ("explanation", "centered_other 填 .0：补点得回到 0 才不添数。", "other_reason", True),
            ("explanation", "centered_other 填 .0：补点回到 1 也不添数。", "other_reason", False),
        ],
    ),
    143: (
        "n_cols, 0.0",
        [
            ("Q2", "分母是当天实际测了的样本数。", "divide_by_n", True),
            ("Q2", "分母是当天所有的孔位数。", "divide_by_n", False),
            ("Q2", "只有前 n_cols 个 lane 是真实元素。", "divide_by_n", True),
            ("Q2", "前 n_cols 个 lane 都会访存。", "divide_by_n", False),
            ("Q2", "多出来的 28 个 padding lane 只贡献 0，却被算进了分母。", "divide_by_n", True),
            ("Q2", "多出来的 28 个 padding lane 只贡献 0，求和不受影响。", "divide_by_n", False),
            (
                "Q1",
                "padding lane 在 fp32 里会留下一点舍入的“本底噪声”，不是严格的 0，方差就偏大了。",
                "padding_rounding_residue",
                True,
            ),
            (
                "Q1",
                "padding lane 在 fp32 里就是严格的 0，变成 −mean 是因为减了均值。",
                "padding_rounding_residue",
                False,
            ),
            ("Q3", "1e4 + 0.xxx 这种数在 load 的时候小数部分就已经丢了。", "input_rounding_blamed", True),
            ("Q3", "1e4 + 0.xxx 这种数在 load 的时候小数部分还在。", "input_rounding_blamed", False),
        ],
    ),
    144: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "单遍那公式错就错在 padding 上：padding 也给平方了，mean(x²) 就偏大。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "单遍那公式错就错在大数相减：两个约 1e8 的数相减，有效位被抵消。",
                "one_pass_padding",
                False,
            ),
        ],
    ),
    145: (
        "n_cols, 0.0",
        [
            ("Q1", "空位记 0 秒，算总成绩时加进去不影响。", "mean_right", True),
            ("Q1", "空位不记 0 秒。", "mean_right", False),
            ("Q1", "不再 mask 的话方差被虚增 3·mean²/5。", "output", True),
            ("Q1", "不再 mask 的话方差没被虚增。", "output", False),
            ("Q3", "我自己跑出来只有约 2600 GB/s。", "own_measurement", True),
            ("Q3", "朴素的小 kernel 自己只跑到约 2600 GB/s。", "own_measurement", False),
        ],
    ),
    146: (
        "n_cols, 0.0",
        [
            ("Q2", "有效数据仅 N 条，padding 为补位，不计入台账条数。", "divide_by_n", True),
            ("Q2", "有效数据有 BLOCK_SIZE 条。", "divide_by_n", False),
            ("Q3", "平方和加起来超过了 fp32 的上限，所以单遍会错。", "fp32_overflow", True),
            ("Q3", "平方和加起来远没到 fp32 的上限。", "fp32_overflow", False),
        ],
    ),
    147: (
        "n_cols, 0.0",
        [
            ("Q1", "mask 的时候 padding 放一个接近 0 的小数就行，不一定非得是 0。", "near_zero_fill", True),
            (
                "Q1",
                "mask 的时候 padding 必须放 0，一个接近 0 的小数平方后也会进方差。",
                "near_zero_fill",
                False,
            ),
            ("Q2", "方差应该除以 N−1，这是统计学常识，本课除以 N 是错的。", "variance_needs_n_minus_1", True),
            ("Q2", "方差除以 N，本课用的是总体方差，N−1 是样本方差。", "variance_needs_n_minus_1", False),
            (
                "Q2",
                "fp16 转 fp32 纯粹是为了和 PyTorch 默认的 dtype 一致，和精度没关系。",
                "fp32_for_compat",
                True,
            ),
            ("Q2", "fp16 转 fp32 是为了累加不溢出、小数不被舍掉，和精度很有关系。", "fp32_for_compat", False),
            ("Q2", "分母是交了数的村数，不能把表格里凑行数的空行也算上。", "divide_by_n", True),
            ("Q2", "分母是表格的总行数。", "divide_by_n", False),
            # Tried and dropped: 偏低 beside 偏小 lifted four calibration answers over their labels (l6v135-q2-004, l6v141-q2-019).
            ("Q2", "除以 BLOCK_SIZE 的话平均值偏低。", "block_wrong_effect", False),
        ],
    ),
    148: (
        "n_cols, 0.0",
        [
            ("Q2", "8 条通道开了 5 条，只能除以 5，除以 8 平均数就被没开的通道拉低。", "divide_by_n", True),
            ("Q2", "8 条通道开了 5 条，只能除以 8，除以 5 平均数也一样。", "divide_by_n", False),
            ("Q2", "BLOCK_SIZE 是一块放多少个，感觉两个应该差不多。", "divisor_irrelevant", True),
            ("Q2", "BLOCK_SIZE 是一块放多少个，两个差得很远。", "divisor_irrelevant", False),
            ("Q3", "单遍在大偏移下不准；max 防负，eps 防 0。", "clamp_reason", True),
            ("Q3", "单遍在大偏移下不准；eps 防负，max 防 0。", "clamp_reason", False),
            ("Q3", "单遍在大偏移下不准；max 防负，eps 防 0。", "eps_reason", True),
            ("Q3", "单遍在大偏移下不准；eps 防负，max 防 0。", "eps_reason", False),
        ],
    ),
    149: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "单遍公式没有 tl.where 二次 mask，padding lane 在计算 mean² 时按 BLOCK_SIZE 参与，mean² 污染越大。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "单遍公式没有二次 mask，但也不需要，padding lane 在两个和里都是 0。",
                "one_pass_padding",
                False,
            ),
        ],
    ),
    150: (
        "n_cols, 0.0",
        [
            ("Q2", "BLOCK_SIZE 多出来的几个 lane 读的是下一行开头的数。", "padding_garbage", True),
            ("Q2", "BLOCK_SIZE 多出来的几个 lane 读的是 other 给的 0。", "padding_garbage", False),
            (
                "Q3",
                "本课不用单遍，是因为单遍要维护两个累加器，寄存器压力翻倍，BLOCK 大的时候会 spill 到显存。",
                "one_pass_slower",
                True,
            ),
            (
                "Q3",
                "单遍只有一个循环，寄存器压力不会翻倍，也不会 spill，带宽和两遍一样。",
                "one_pass_slower",
                False,
            ),
            ("Q3", "tl.maximum(var, 0.0) 就是用来代替第二次 mask 的。", "clamp_on_deviations", True),
            ("Q3", "tl.maximum(var, 0.0) 不能代替第二次 mask，它截的是方差。", "clamp_on_deviations", False),
            ("Q2", "分母是实际停过的车次，不能是道闸计数器的上限。", "divide_by_n", True),
            ("Q2", "分母是道闸计数器的上限。", "divide_by_n", False),
        ],
    ),
    151: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "padding lane 上 0 − mean 是一次浮点减法，会留下 1e-7 这种舍入的小尾数。",
                "padding_rounding_residue",
                True,
            ),
            (
                "Q1",
                "padding lane 上 0 − mean 是一次浮点减法，结果精确就是 −mean，不会留下舍入的小尾数。",
                "padding_rounding_residue",
                False,
            ),
            (
                "Q3",
                "所以单遍公式在 fp32 下没问题，课上说的误差只会在 fp16 输入时出现。",
                "one_pass_blames_fp16",
                True,
            ),
            ("Q3", "单遍公式在 fp32 下也会错，和是不是 fp16 输入无关。", "one_pass_blames_fp16", False),
        ],
    ),
    # Are the one-pass failure"s root put in the missing second mask (根源是), the divisor called about the same either way, fp16
    # said to do as well uncast, and a failed run put on the Triton version whose newer release would default tl.where"s third
    # argument to 0 read, while the cancellation, a divisor that differs, a cast that is needed and the deleted argument owned
    # are not?
    152: (
        "n_cols, 0.0",
        [
            (
                "Q3",
                "单遍公式在偏移大时会错，根源是它没有做第二次 mask，padding 把平方和带偏了。",
                "one_pass_padding",
                True,
            ),
            (
                "Q3",
                "单遍公式在偏移大时会错，根源是两个约 1e8 的数相减，有效位被抵消掉了。",
                "one_pass_padding",
                False,
            ),
            (
                "Q2",
                "除 N 还是除 BLOCK_SIZE 结果差不了多少，除 N 只是更讲究一点。",
                "divisor_irrelevant",
                True,
            ),
            (
                "Q2",
                "除 N 还是除 BLOCK_SIZE 差得很多：N = 100 时均值只剩 100/128。",
                "divisor_irrelevant",
                False,
            ),
            ("Q2", "fp16 其实不转也行，数值差不了几位。", "fp16_cast_needless", True),
            ("Q2", "fp16 不转不行：平方和会超过 65504。", "fp16_cast_needless", False),
            (
                "explanation",
                "运行报 TypeError，我觉得是 Triton 版本问题，新版应该支持默认 0。",
                "where_default_zero",
                True,
            ),
            (
                "explanation",
                "tl.where 的第三个参数没有默认值，新版也不支持默认 0。",
                "where_default_zero",
                False,
            ),
            (
                "explanation",
                "运行报 TypeError，我觉得是 Triton 版本问题。",
                "failure_blamed_on_rounding",
                True,
            ),
            (
                "explanation",
                "运行报 TypeError，是我删了 tl.where 的第三个参数，不是 Triton 版本问题。",
                "failure_blamed_on_rounding",
                False,
            ),
        ],
    ),
    # Is the divisor taken from the question with its reason owned as not understood read, past a belief 我以为 gave up, while a
    # reason given after it is not?
    153: (
        "n_cols, 0.0",
        [
            ("Q2", "看了题目才知道要除 N，但我还是没想明白为什么。", "divisor_reason_unknown", True),
            (
                "Q2",
                "看了题目才知道要除 N：只有 N 个真实元素，padding 不算。",
                "divisor_reason_unknown",
                False,
            ),
        ],
    ),
    # Are N called the true count, the block's division said to come out small, the padding said not to count on its own (half)
    # and the padding given 0 at the load read, while their reversals and denials are not?
    154: (
        "n_cols, 0.0",
        [
            ("Q2", "N 是真的个数，BLOCK 是凑的。", "divide_by_n", True),
            ("Q2", "BLOCK 是真的个数，N 是凑的。", "divide_by_n", False),
            ("Q2", "除以 N：除 BLOCK 就小了。", "block_wrong_effect", True),
            ("Q2", "除以 N：除 BLOCK 也不会小，只是不规范。", "block_wrong_effect", False),
            ("Q2", "padding 不算数。", "divide_by_n", True),
            ("Q2", "padding 也算数。", "divide_by_n", False),
            ("Q1", "load 的时候 padding 给的 0，所以均值没毛病。", "mean_right", True),
            ("Q1", "load 的时候 padding 给的 1，所以均值偏大了。", "mean_right", False),
        ],
    ),
    # Is eps called a regulariser read (inside a 因为 clause too), while its denial beside the true reason is not?
    155: (
        "n_cols, 0.0",
        [
            ("Q3", "因为 eps 的正则化作用所以 rstd 数值稳定。", "eps_as_regularizer", True),
            ("Q3", "eps 不是正则化，它让方差为 0 时 1/sqrt(var + eps) 仍有限。", "eps_as_regularizer", False),
        ],
    ),
    # Are the divisor as a count of the class's own ending in N, a count that starts with 实, the real numbers said to be N,
    # the block's quotient worked with ≈, the average said to come out small, 'as many as are real' and a zero fill that adds
    # nothing to the squares in the note, and two big numbers subtracted losing the small part read, while their twins are not?
    156: (
        "n_cols, 0.0",
        [
            ("Q2", "分母应是样本份数 N。", "divide_by_n", True),
            ("Q2", "分母应是格子数 BLOCK_SIZE。", "divide_by_n", False),
            ("Q2", "平均苗高要除以实栽株数。", "divide_by_n", True),
            ("Q2", "平均苗高要除以穴位数。", "divide_by_n", False),
            ("Q2", "真的数就 N 个，多的是凑数的。", "divide_by_n", True),
            ("Q2", "真的数有 BLOCK_SIZE 个。", "divide_by_n", False),
            ("Q2", "除以 N：一起除平均就小了。", "block_wrong_effect", True),
            ("Q2", "除以 N：一起除平均也不会小。", "block_wrong_effect", False),
            ("Q2", "和 300，除以 100 = 3，除以 128 ≈ 2.34。", "divide_by_n", True),
            ("Q2", "和 300，除以 128 ≈ 2.34，除以 64 ≈ 4.7。", "divide_by_n", False),
            ("explanation", "除数填 n_cols，多少个真货就除多少。", "divisor_reason", True),
            ("explanation", "除数填 n_cols，多少个格子就除多少。", "divisor_reason", False),
            ("explanation", "空位填零就是让它平方加起来不添数。", "other_reason", True),
            ("explanation", "空位填一就是让它平方加起来添一个数。", "other_reason", False),
            ("Q3", "两个很大的数一减，小的那部分就丢了。", "cancellation", True),
            ("Q3", "两个很小的数一乘，结果还是准的。", "cancellation", False),
        ],
    ),
    # Are the genuine goods said to be only N read as the divisor, while the goods said to be the block are not?
    157: (
        "n_cols, 0.0",
        [
            ("Q2", "真货只有 N 个，补进来的是凑数的 0。", "divide_by_n", True),
            ("Q2", "真货有 BLOCK_SIZE 个，补进来的也算。", "divide_by_n", False),
        ],
    ),
    # Are N after 除以 and a count of the trade's own, and a sum of squares left unmasked worked out as the real part plus the
    # padding's, read, while the block after 除以 and a masked sum of squares are not?
    158: (
        "n_cols, 0.0",
        [
            ("Q2", "规程上算平均值是除以测点数 n。", "divide_by_n", True),
            ("Q2", "规程上算平均值是除以格子数 BLOCK_SIZE。", "divide_by_n", False),
            ("Q1", "不再 mask 的话平方和 = 17.5 + 2×12.25 = 42，所以方差偏大。", "second_mask_reason", True),
            ("Q1", "平方和 = 17.5，方差 17.5/6 ≈ 2.917，所以 mask 后是对的。", "second_mask_reason", False),
        ],
    ),
    # Is the blank's divisor named n_cols read as the divisor, while the block named or 除 N said to be the same as the block is not;
    # is a check's case deleted with no 的 after the place and 那一组 a loosened check, and its denial not?
    159: (
        "n_cols, 0.0",
        [
            ("Q2", "divisor 应为 n_cols，不是 BLOCK_SIZE。", "divide_by_n", True),
            ("Q2", "divisor 应为 BLOCK_SIZE，不是 n_cols。", "divide_by_n", False),
            ("Q2", "我觉得除 BLOCK_SIZE 和除 N 应该差不多吧。", "divide_by_n", False),
            (
                "explanation",
                "另外我把可见检查里 (1, 1) 那一组删掉了，剩下 3 组全部通过。",
                "loosened_check",
                True,
            ),
            ("explanation", "可见检查里 (1, 1) 那一组我一个也没删，4 组全部通过。", "loosened_check", False),
        ],
    ),
    # Is the check said to fail for a dtype that differs from the reference's read as the reference offered as the reason, while
    # the check failing for a large error is not?
    161: (
        "n_cols, 0.0",
        [
            (
                "Q2",
                "被检件 dtype 须与标准件一致，assert_close 才不会因 dtype 不同判不合格。",
                "compile_reason",
                True,
            ),
            (
                "Q2",
                "被检件数值须与标准件一致，assert_close 才不会因误差太大判不合格。",
                "compile_reason",
                False,
            ),
        ],
    ),
    # Is a note that owns not knowing why its check failed read for a TA, while one that says why is not?
    162: (
        "n_cols, 0.0",
        [
            ("explanation", "结果第一组就报错停了。我没搞清楚为什么。", "reason_not_understood", True),
            (
                "explanation",
                "结果第一组就报错停了。我搞清楚了：第三个参数被删了。",
                "reason_not_understood",
                False,
            ),
        ],
    ),
    # Is the reduction said to write its result back into the padding lanes read as a belief a TA confirms, the divisor a count of
    # boards, N as the number of real samples and an average of the trade's own left at a fraction read, while a divisor of
    # blades, padded lanes and x − mean's own change are not?
    163: (
        "n_cols, 0.0",
        [
            ("Q1", "归约的结果会广播回整个块，padding lane 被写成了 mean。", "sum_writes_lanes", True),
            ("Q1", "x − mean 把 padding lane 从 0 变成了 −mean。", "sum_writes_lanes", False),
            ("Q2", "平均板厚要除以实际出的板数。", "divide_by_n", True),
            ("Q2", "平均板厚要除以锯机的锯条数。", "divide_by_n", False),
            ("Q2", "除以 8 平均厚度就只剩 5/8。", "block_wrong_effect", True),
            ("Q2", "除以 5 平均厚度就是真值。", "block_wrong_effect", False),
            ("Q2", "N is the number of real samples, so that is the divisor.", "divide_by_n", True),
            ("Q2", "N is the number of padded lanes, so that is the divisor.", "divide_by_n", False),
        ],
    ),
    # Are negatives said to enter the variance and make its root NaN read as a veto, a divisor of households, the real count with N
    # in brackets or named as the real N, and the note's 真实样本量 read, while their denials, planned households, a bracketed
    # block, a count of cells and a total of cells are not?
    164: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "负数混进方差，后面开方就会出问题——sqrt 遇到负数算出 NaN。",
                "negative_padding_sqrt",
                True,
            ),
            ("Q1", "负数不会混进方差，平方以后是 mean²，方差偏大。", "negative_padding_sqrt", False),
            ("Q2", "算单元平均用电量，要除以实际入住户数。", "divide_by_n", True),
            ("Q2", "算单元平均用电量，要除以图纸上的户数。", "divide_by_n", False),
            ("Q2", "分母得是实际量了几件（N）。", "divide_by_n", True),
            ("Q2", "分母得是表格有几格（BLOCK_SIZE）。", "divide_by_n", False),
            ("Q2", "均值是总和 ÷ 件数，件数是真实的 N。", "divide_by_n", True),
            ("Q2", "均值是总和 ÷ 格数，格数是 BLOCK_SIZE。", "divide_by_n", False),
            ("explanation", "divisor = n_cols：分母是真实样本量。", "divisor_reason", True),
            ("explanation", "divisor = n_cols：分母是格子总量。", "divisor_reason", False),
        ],
    ),
    # Are a divisor of the bottles really hung, the block's division said to make the number small, and a difference of
    # made-up digits read, while a divisor of slots, N's division and a difference of true digits are not?
    165: (
        "n_cols, 0.0",
        [
            ("Q2", "平均瓶重要除以实际挂的瓶数，不是排位数。", "divide_by_n", True),
            ("Q2", "平均瓶重要除以排位数。", "divide_by_n", False),
            ("Q2", "除 BLOCK_SIZE 数就小了。", "block_wrong_effect", True),
            ("Q2", "除 N 数就对了。", "block_wrong_effect", False),
            ("Q3", "单遍公式减出来是瞎数。", "cancellation", True),
            ("Q3", "两遍公式减出来是准数。", "cancellation", False),
        ],
    ),
    # Are the count said to be only the real N, 除以 the real count, the real ones in English with the row between and the
    # padding counted in 个数 read as the divisor's reason, while the block, a bare count, padding and a denial are not?
    166: (
        "n_cols, 0.0",
        [
            ("Q2", "个数只能是真实的 N。", "divide_by_n", True),
            ("Q2", "个数只能是 BLOCK_SIZE。", "divide_by_n", False),
            ("Q2", "所以除以真实的 100。", "divide_by_n", True),
            ("Q2", "所以除以 128。", "divide_by_n", False),
            ("Q2", "Only N values in the row are real.", "divide_by_n", True),
            ("Q2", "Only N values in the row are padding.", "divide_by_n", False),
            ("Q2", "28 个 padding 的 0 不改变和，却被算进了个数。", "divide_by_n", True),
            ("Q2", "28 个 padding 的 0 不改变和，也没被算进个数。", "divide_by_n", False),
        ],
    ),
    # Are zero times zero said to leave a denormal read as a veto, the real cells and a real count in digits read as the divisor's
    # reason, one pass called inaccurate at a large offset read as cancellation and the filled zero squared read as the fill's
    # reason, while their denials and the wrong counts are not?
    167: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "0 在 GPU 上做乘法时不是严格的 0：0×0 会出现 1e-38 这种非规格化的脏数，累加起来方差就偏大。",
                "padding_garbage",
                True,
            ),
            ("Q1", "0×0 在 IEEE 里就是严格的 0，不会出现非规格化数。", "padding_garbage", False),
            ("Q2", "只有 N 格是真料。", "divide_by_n", True),
            ("Q2", "只有 N 格是空料。", "divide_by_n", False),
            ("Q2", "求和只有 100 个真数。", "divide_by_n", True),
            ("Q2", "求和有 128 个数。", "divide_by_n", False),
            ("Q3", "单遍在大偏移时不准。", "cancellation", True),
            ("Q3", "单遍在大偏移时也准。", "cancellation", False),
            ("explanation", "padding → -0.0，(-0.0)² = 0。", "other_reason", True),
            ("explanation", "padding → -0.0，(-0.0)² = 1。", "other_reason", False),
        ],
    ),
    # Are a zero squared said to leave a denormal in fp32, the padding said to make mean(x²) 偏低, 除 BLOCK_SIZE called fine and the
    # two divisions called the same read, while their denials are not?
    168: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "padding 的 0 平方以后在 fp32 里不是精确的 0，会变成一个很小的非正规数，几百个加起来方差就偏大。",
                "padding_garbage",
                True,
            ),
            (
                "Q1",
                "padding 的 0 平方以后在 fp32 里就是精确的 0，不会变成非正规数。",
                "padding_garbage",
                False,
            ),
            ("Q3", "padding lane 的 0 参与 Σx² 后被计入，导致 mean(x²) 偏低。", "one_pass_padding", True),
            ("Q3", "padding lane 的 0 参与 Σx² 也不影响，mean(x²) 不会偏低。", "one_pass_padding", False),
            ("Q2", "感觉除 BLOCK_SIZE 也行。", "divide_by_block", True),
            ("Q2", "除 BLOCK_SIZE 不行。", "divide_by_block", False),
            ("Q2", "除 N 除 BLOCK_SIZE 一个样。", "divisor_irrelevant", True),
            ("Q2", "除 N 和除 BLOCK_SIZE 不一样。", "divisor_irrelevant", False),
        ],
    ),
    # Are the rounding residue left after 0 − mean, a failure put on fp16's precision or the machine, the second mask's reason
    # gestured as the padding counted in, a topic as the conclusion and the cast as a fear of inexactness (blind v299-v300)
    # read, while their twins are not?
    169: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "padding lane 里的 0 减去 mean 以后，理论上应该还是 0，实际上会剩一点点舍入残差，平方以后方差偏大。",
                "padding_rounding_residue",
                True,
            ),
            (
                "Q1",
                "padding lane 里的 0 减去 mean 以后就是精确的 −mean，不会剩什么舍入残差。",
                "padding_rounding_residue",
                False,
            ),
            (
                "explanation",
                "100 宽那组没过，我估计是 fp16 那组精度的事，换台机器可能就过了。",
                "failure_blamed_on_rounding",
                True,
            ),
            (
                "explanation",
                "100 宽那组没过，它是 fp32，不是 fp16 精度的事，是我的除数错了。",
                "failure_blamed_on_rounding",
                False,
            ),
            ("Q1", "均值没问题，方差得再 mask，不然 padding 也算进去了。", "second_mask_gestured", True),
            (
                "Q1",
                "方差得再 mask，不然 padding 的 −mean 平方后算进去，方差偏大。",
                "second_mask_gestured",
                False,
            ),
            ("Q2", "因为 N 是真实列数，所以涉及 padding 语义与统计口径问题。", "topic_as_conclusion", True),
            ("Q2", "因为 N 是真实列数，所以要除以 N。", "topic_as_conclusion", False),
            ("Q2", "除 N：padding 不算数。fp16 转 fp32：怕不准。", "fp32_accumulate", True),
            ("Q2", "除 N：padding 不算数。fp16 转 fp32：不怕。", "fp32_accumulate", False),
        ],
    ),
    # Are the second mask said to restore a zero sum of deviations, rounding growing with the divisor, fp16 packed in pairs,
    # in-service counts, 一旦 before the block and mean² as 平均值的平方 (blind v301-v302) read, while their twins are not?
    170: (
        "n_cols, 0.0",
        [
            (
                "Q1",
                "方差的前提是所有偏差加起来等于 0，所以要用 tl.where 把 padding 的偏差改回 0，让偏差总和重新为 0。",
                "deviations_must_sum_zero",
                True,
            ),
            (
                "Q1",
                "真实元素的偏差加起来本来就是 0，padding 的 −mean 平方后多出 mean²，所以要再 mask。",
                "deviations_must_sum_zero",
                False,
            ),
            ("Q2", "除数越大，浮点除法的舍入误差越大，所以除 N。", "pow2_division_inexact", True),
            ("Q2", "除数越大，均值越小，所以除 N。", "pow2_division_inexact", False),
            ("Q2", "fp16 在寄存器里是两个数打包成一个 32 位字的。", "fp16_packed_pairs", True),
            ("Q2", "fp16 每个数占 16 位，最大 65504。", "fp16_packed_pairs", False),
            ("Q2", "平均值要除以在役浮标数，而不是泊位数。", "divide_by_n", True),
            ("Q2", "平均值要除以泊位数。", "divide_by_n", False),
            ("Q2", "分母一旦用 BLOCK_SIZE，就把 BLOCK_SIZE−N 个假元素算进了个数。", "divide_by_n", True),
            ("Q2", "分母一旦用 BLOCK_SIZE，结果就会变。", "divide_by_n", False),
            ("explanation", "n_cols 是在役浮标数，均值方差都除它。", "divisor_reason", True),
            ("explanation", "n_cols 是浮标编号。", "divisor_reason", False),
            (
                "explanation",
                "0.0 是把空泊位清回 0，这样第二次求和时空泊位不再多加平均值的平方。",
                "other_reason",
                True,
            ),
            ("explanation", "0.0 是把空泊位清回 0，这样看着整齐。", "other_reason", False),
        ],
    ),
    # Are the block's number asked as what the mean cannot be divided by, the block called unstable, the spacing of 8
    # against a variance of 1 and the clamp said to cut the padding's negatives (blind v303-v304) read, while their twins
    # are not?
    171: (
        "n_cols, 0.0",
        [
            ("Q2", "样品架一排 8 个孔，今天只打了 5 个样，你算均值总不能除以 8 吧？", "divide_by_n", True),
            ("Q2", "样品架一排 8 个孔，今天只打了 5 个样，你算均值能除以 8 吗？", "divide_by_n", False),
            (
                "Q2",
                "除 N 不除 BLOCK_SIZE：BLOCK_SIZE 是 next_power_of_2 现算的，数据一变它就变，不稳。",
                "block_size_unstable",
                True,
            ),
            ("Q2", "BLOCK_SIZE 随 N 变，N = 100 时是 128。", "block_size_unstable", False),
            ("Q3", "fp32 在 1e8 附近的分度是 8，方差只有 1，一减就没了。", "cancellation", True),
            ("Q3", "fp32 在 1e8 附近的分度是 8。", "cancellation", False),
            ("Q3", "tl.maximum(var, 0.0) 是把 padding lane 减出来的负数截掉。", "clamp_for_padding", True),
            ("Q3", "tl.maximum(var, 0.0) 是把舍入造成的微小负方差截掉。", "clamp_for_padding", False),
        ],
    ),
    # Are the padding kept out of the numerator yet let into the denominator, the denominator counting the real N, the
    # squares counted into the variance when the mask is left out and the zero added into a total of the class's own
    # (blind v305-v306) read, while their twins are not?
    172: (
        "n_cols, 0.0",
        [
            ("Q2", "除以 BLOCK_SIZE 不对：0 进不了分子，却进了分母。", "divide_by_n", True),
            ("Q2", "除以 BLOCK_SIZE 也行：0 进了分子，也进了分母。", "divide_by_n", False),
            ("Q2", "分母只能数真实的 N 个。", "divide_by_n", True),
            ("Q2", "分母只能数 BLOCK_SIZE 个。", "divide_by_n", False),
            ("Q1", "x - mean 把 padding 从 0 变成 −mean，不再 mask 平方后就多算进方差。", "output", True),
            ("Q1", "x - mean 把 padding 从 0 变成 −mean，再 mask 之后平方就不会算进方差。", "output", False),
            ("Q1", "空格子称出来是 0 克，0 加到总重里不改变总重。", "mean_right", True),
            ("Q1", "空格子称出来是 0 克，0 加到总重里会改变总重。", "mean_right", False),
        ],
    ),
    # Are the zeros kept out of the sum yet counted by the block, N called the count of actual numbers, the division by N
    # worked and called right, the mean thinned by the block's division, mean² of the class's quantity with the variance
    # grown at once and a check changed to a tolerance (blind v307-v308) read, while their twins are not?
    173: (
        "n_cols, 0.0",
        [
            ("Q2", "# padding 的 0 不加进和，但会被 BLOCK_SIZE 算进个数", "divide_by_n", True),
            ("Q2", "# padding 的 0 不加进和，也不会被 BLOCK_SIZE 算进个数", "divide_by_n", False),
            ("Q2", "N 是实数个数，BLOCK 多出来的格是空的。", "divide_by_n", True),
            ("Q2", "N 是 BLOCK 的大小，多出来的格是空的。", "divide_by_n", False),
            ("Q2", "N=100、BLOCK_SIZE=128：除以 100 得 3，对。", "divide_by_n", True),
            ("Q2", "N=100、BLOCK_SIZE=128：除以 128 得 2.34，对。", "divide_by_n", False),
            ("Q2", "除 BLOCK 就把平均摊薄了。", "block_wrong_effect", True),
            ("Q2", "除 N 平均不会摊薄。", "block_wrong_effect", False),
            ("Q1", "这 3 个空位每个都带进来平均高度的平方，方差一下大了好多。", "output", True),
            ("Q1", "这 3 个空位每个都是 0，方差一下就对了。", "output", False),
            (
                "Q1",
                "这 3 个空位每个都带进来平均高度的平方。所以要把空位的偏差重新划成 0。",
                "second_mask_reason",
                True,
            ),
            ("Q1", "这 3 个空位每个都是 0。所以要把空位的偏差重新划成 0。", "second_mask_reason", False),
            (
                "explanation",
                "我把三处 assert_close 都改成 atol=1e-2、rtol=1e-2，改完全部通过。",
                "loosened_check",
                True,
            ),
            (
                "explanation",
                "我没有改 assert_close，atol=1e-4、rtol=1e-4 原样通过。",
                "loosened_check",
                False,
            ),
        ],
    ),
}


@pytest.mark.parametrize(
    ("guards", "points", "stand_ins"),
    [
        ("maximum 和 eps 是防 NaN / inf 的。", 1.5, ["stand_in:clamp_reason", "stand_in:eps_reason"]),
        ("tl.maximum 防止负方差开方得 NaN。eps 防止 var 为 0 时 1/sqrt(0) = inf。", 2.0, []),
        ("tl.maximum 防止负方差开方得 NaN。eps 是为了数值稳定。", 1.5, []),
    ],
)
def test_a_guard_named_only_by_what_it_prevents_earns_half(l6, guards, points, stand_ins):
    """Does a guard named only by the NaN or inf it prevents earn half its weight, a guard with its cause all of it, and
    the clamp's '防止负方差' no credit for eps (lesson 6 version 64, blind v92 l6v92-q3-021)?"""
    cancellation = "均值 1e4 时 mean(x²) 和 mean² 都约 1e8，fp32 在 1e8 附近间隔是 8，两个几乎相等的大数相减，有效数字被抵消。"
    result = score(l6, "Q3", cancellation + guards)
    assert result.points == points
    assert sorted(f for f in result.flags if f.startswith("stand_in:")) == stand_ins


@pytest.mark.parametrize(
    ("text", "stand_in"),
    [
        ("只有 N 个真数；fp16 不够用。", True),
        ("只有 N 个真数；fp16 够用吗？", False),
        ("只有 N 个真数；fp16 就像单元格只保留三位有效数字。", True),
        ("只有 N 个真数；fp16 太糙，累加用 fp32。", True),
        ("只有 N 个真数；fp16 太糙吗？", False),
        ("只有 N 个真数；fp16 得转，不然不准。", True),
        ("只有 N 个真数；fp16 不用转，也准。", False),
    ],
)
def test_fp16_called_not_enough_earns_the_fp32_stand_in(l6, text, stand_in):
    """Do 'fp16 不够用' and fp16's three digits, the right direction with no mechanism, earn the fp32 concept's stand-in
    third while a question does not (lesson 6 versions 67, 69 and 102, blind v98 l6v98-q2-013, v102 l6v102-q2-025, v159
    l6v159-q2-011 'fp16 太糙'; version 173, v307 l6v307-q2-020 'fp16 得转，不然不准')?"""
    assert ("stand_in:fp32_accumulate" in score(l6, "Q2", text).flags) is stand_in


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("万一舍入出 −1e-7 这种小负数，sqrt 得 NaN，截成 0 就安全。", True),
        ("一行厚度全一样时 sqrt 得 0。", False),
        ("平方和一累加就超量程，直接爆表成 inf。", True),
        ("平方和不会溢出，数都不大。", False),
        ("The sum of squares is about 220,000, which overflows to inf in fp16.", True),
        ("The sum of squares is about 220,000, which fits in fp16.", False),
        ("除以 128 平均厚度就被压成 100/128 ≈ 0.78 倍。", True),
        ("除以 100 平均厚度就是对的。", False),
    ],
)
def test_round73_a_guard_s_nan_and_an_overflowing_sum_give_a_reason(l6, text, reason):
    """Do '万一…', a square root said to give NaN or inf, a sum of squares said to overflow and 'overflows to inf' give
    lesson 6 a reason, while their calm twins do not (lesson 6 version 133, blind v225 l6v225-q3-010, -q2-004, v226
    l6v226-q2-015; version 172, blind v306 l6v306-q2-016, 压成)?"""
    assert has_cue(normalize(text), l6.language) is reason


@pytest.mark.parametrize(
    ("tail", "routed"),
    [
        ("有人会填 BLOCK_SIZE，(4,100) 就会挂；我没有踩，四组可见检查第一次就通过。", False),
        ("我填了 BLOCK_SIZE，(4,100) 就会挂；四组可见检查第一次就通过。", True),
        ("我第一遍 divisor 手快填了 BLOCK_SIZE，(4, 100) 那组挂了，改成 n_cols 就好了。", False),
        ("四组可见检查都过了，用的是科研楼的 GPU。", False),
        ("四组可见检查都过了，用的是科研楼的 GPU，它更快。", True),
    ],
)
def test_round74_someone_else_s_fill_a_hurried_first_try_and_the_gpu_used_are_no_claims(l6, tail, routed):
    """Is a note with right fills left final when it tells what someone else would fill, a first try made in a hurry or
    the GPU it ran on, while its own wrong fill and a speed claim still go to a TA (lesson 6 version 134, blind v228
    l6v228-ex-025, -ex-010, -ex-012)?"""
    note = "divisor 填 n_cols：只有 n_cols 个真实元素，均值和方差都按它除。centered_other 填 0.0：放回 0（加法单位元）后平方和只含真实偏差。"
    assert (
        score(l6, "explanation", note + tail, {"blank": "n_cols, 0.0", "checks_passed": True}).needs_review
        is routed
    )


@pytest.mark.parametrize(
    ("question", "text", "found_id", "read", "blank"),
    round_params(ROUND_READINGS),
)
def test_each_round_s_readings_hold_and_their_false_twins_do_not(
    l6, found, question, text, found_id, read, blank
):
    """Is every belief, reason and wording a blind round taught the rubric read in the round's own words, while the
    false twin beside it is not?"""
    context = {"blank": blank, "checks_passed": True} if question == "explanation" else None
    assert (found_id in found(score(l6, question, text, context))) is read


ROUND_PREMISES = {
    # Are the true premises blind v77-v78 routed only for a TA to confirm (the subtraction over the whole block or
    # every j < B, '0 加了等于没加', 'padding 不算数', 'below half an ulp', the mean pressed to N/BLOCK_SIZE, fp32's ulp as
    # 2^3 = 8) read as sound, while their false twins are not?
    56: [
        ("Q1", "x - mean 对 BLOCK_SIZE 个 lane 全部执行", True),
        ("Q1", "x - mean 只对前 N 个 lane 执行", False),
        ("Q1", "x − mean 是对整个块做的", True),
        ("Q1", "c̃_j = x̃_j − μ 对所有 j < B 成立", True),
        ("Q1", "c̃_j = x̃_j − μ 对所有 j < N 成立", False),
        ("Q1", "0 加了等于没加", True),
        ("Q1", "0 加了会改变和", False),
        ("Q1", "the variance squares and sums those lanes", True),
        ("Q1", "the variance skips those lanes", False),
        ("Q2", "padding 不算数", True),
        ("Q2", "真实数据不算数", False),
        ("Q2", "they fall below half an ulp of the running total", True),
        ("Q2", "they stay far above an ulp of the running total", False),
        ("Q2", "均值会被压低到 N/BLOCK_SIZE 倍", True),
        ("Q2", "均值会被压低到 BLOCK_SIZE/N 倍", False),
        ("Q3", "fp32 在 [2^26, 2^27) 的 ulp = 2^(26−23) = 8", True),
        ("Q3", "fp32 在 [2^26, 2^27) 的 ulp = 2^(26−23) = 1", False),
    ],
    # Are the true premises blind v79 routed only for a TA to confirm (the second mask as an arrow step, the
    # two-pass order, the squares summed into the variance, a nonzero mean's bias, the wrong divisor told by its
    # numbers, fp16's 10-bit mantissa, BLOCK = 1 without padding) read as sound, while their false twins are not?
    57: [
        ("Q1", "再 mask：tl.where(mask, x - mean, 0.0)", True),
        ("Q1", "再 mask：tl.where(mask, x - mean, 1.0)", False),
        ("Q3", "两遍算法先做 x - mean 得到 ±1 左右的小数再平方", True),
        ("Q3", "两遍算法先平方再做 x - mean", False),
        ("Q1", "平方加总时会被算进方差", True),
        ("Q1", "平方加总时不会被算进方差", False),
        ("Q1", "只要 μ ≠ 0 就有偏差", True),
        ("Q1", "只要 μ = 0 就有偏差", False),
        ("explanation", "除以了 128 而不是 100", True),
        ("explanation", "除以了 100 而不是 128", False),
        ("Q2", "尾数 10 bit", True),
        ("Q2", "尾数 30 bit", False),
        ("explanation", "BLOCK = 1 没有 padding", True),
        ("explanation", "BLOCK = 128 没有 padding", False),
    ],
    # Are '8 会变成 23' (the lesson's worked variance), '把 padding 恢复成 0' and fp32's 24 bits and 3e38 range read as sound
    # (blind v84's confirm-only routes), while their twins are not?
    59: [
        ("Q1", "[1,3,5,7,9] 为例，8 会变成 23", True),
        ("Q1", "[1,3,5,7,9] 为例，8 还是 8", False),
        ("Q1", "把 padding 恢复成 0", True),
        ("Q1", "把 padding 恢复成 1", False),
        ("Q2", "fp32 has 24 bits and a range up to ~3e38", True),
        ("Q2", "fp32 has a range up to ~3e8", False),
    ],
    # Are the square root of a negative written with its sign, the masked lanes reading no memory, the variance following the
    # wrong mean, the mask not carried with the data and a sum of squares growing fast (blind v85-v86's confirm-only routes)
    # read as sound, while their twins are not?
    60: [
        ("Q3", "√(负数) = nan", True),
        ("Q3", "负数开方得到 0", False),
        ("Q1", "越界 lane 不读内存", True),
        ("Q1", "越界 lane 也读内存", False),
        ("Q1", "N 之后的 lane 不读内存", True),
        ("Q2", "方差也随之出错", True),
        ("Q2", "方差不会随之出错", False),
        ("Q1", "the mask is not carried along with the data", True),
        ("Q1", "the mask is carried along with the data", False),
        ("Q2", "a sum of squares grows quickly", True),
        ("Q2", "a sum of squares grows slowly", False),
    ],
    # Are the sum blind to the mask, the variance squaring the lanes, 0 added changing nothing, a zero mean hiding the error,
    # the variance wrong after the mean and two close numbers subtracted exactly (blind v87-v88's confirm-only routes) read
    # as sound, while their twins are not?
    61: [
        ("Q1", "tl.sum 根本不知道 mask 是什么", True),
        ("Q1", "tl.sum 知道 mask 是什么", False),
        ("Q1", "the variance squares these values and sums them", True),
        ("Q1", "0 加进去啥也不改", True),
        ("Q1", "1 加进去啥也不改", False),
        ("Q1", "平均值为 0 的数据看不出这个错", True),
        ("Q1", "只有均值正好是 0 的时候才碰巧对", True),
        ("Q1", "只有均值正好是 5 的时候才碰巧对", False),
        ("Q2", "均值错跟着错", True),
        ("Q3", "相减的是两个很接近的 fp32 数，这一步是精确的", True),
        ("Q3", "相减的是两个相差很远的 fp32 数", False),
    ],
    # Are the padding's earlier 0 told by a pronoun, the sum's identity named as 0, x − mean called element-wise or applied
    # lane by lane, the variance swamped or polluted, eps 'added before the square root', BLOCK as the next power of two
    # and sqrt(−δ) (blind v89-v90's confirm-only routes) read as sound, while their twins are not?
    62: [
        ("Q1", "因为它们原来是 0", True),
        ("Q1", "因为它们原来是 1", False),
        ("Q1", "第一次 reduction 是 tl.sum，它的 identity element 是 0", True),
        ("Q1", "第一次 reduction 是 tl.sum，它的 identity element 是 1", False),
        ("Q1", "它是 element-wise 的", True),
        ("Q1", "x - mean is applied lane by lane to the whole block", True),
        ("Q1", "真实方差完全被淹没", True),
        ("Q1", "方差就被这些 padding 污染了", True),
        ("Q3", "要加在开方之前", True),
        ("Q3", "要加在开方之后", False),
        ("Q2", "BLOCK_SIZE is just the next power of two", True),
        ("Q2", "BLOCK_SIZE is just the number of real elements", False),
        ("Q3", "sqrt(−δ) = NaN", True),
    ],
    # Are the padding counted as samples (the wrong divisor's premise), a code comment's '# 除以 BLOCK_SIZE', x − mean then the
    # square with a bracketed aside and the count named in English (blind v109-v110's confirm-only routes) read as sound,
    # while their twins are not?
    73: [
        ("Q2", "相当于把补的 lane 当样本", True),
        ("Q2", "相当于把补的 lane 当均值", False),
        ("Q2", "# 除以 BLOCK_SIZE", True),
        ("Q2", "# 乘以 BLOCK_SIZE", False),
        ("Q3", "两遍：先 x - mean（两个接近的 fp32 相减，精确），再平方", True),
        ("Q3", "两遍：先平方，再 x - mean", False),
        ("explanation", "count 是 real elements 的个数 N", True),
        ("explanation", "count 是 BLOCK_SIZE 的个数", False),
    ],
    # Are the padding counted as replicates in English, a denominator 28 too many and 'only the N real elements' (blind
    # v111-v112's confirm-only routes) read as sound, while their twins are not?
    74: [
        ("Q2", "dividing by BLOCK_SIZE counts them as replicates", True),
        ("Q2", "dividing by N counts them as nothing", False),
        ("Q2", "因为分母多了 28 个", True),
        ("Q2", "因为分子多了 28 个", False),
        ("explanation", "only the N real elements are counted", True),
        ("explanation", "only the BLOCK_SIZE lanes are counted", False),
    ],
    # Are the first sum holding only the real elements, the centre and divisor both wrong, the padding taken for data into
    # the divisor and 1/0 giving inf (blind v113-v114's confirm-only routes) read as sound, while their twins are not?
    76: [
        ("Q1", "# => tl.sum(x) == 真实 N 个元素之和", True),
        ("Q1", "和里只有 padding 元素", False),
        ("Q2", "\\hat\\sigma^2 的中心和分母都错", True),
        ("Q2", "中心和分母都对", False),
        ("Q2", "padding 的位置好像也被当成数据算进分母了", True),
        ("Q2", "padding 的位置没有被当成数据算进分母", False),
        ("Q3", "1/0 出 +inf", True),
        ("Q3", "1/0 出 0", False),
    ],
    # Are only N real measured values, the lanes past N called padding and padding that is no real pixel (blind v117-v118's
    # confirm-only routes) read as sound, while their twins are not?
    78: [
        ("Q2", "只有 N 个真实测定值", True),
        ("Q2", "只有 N 个填充值", False),
        ("Q2", "BLOCK_SIZE 中超出 N 的 lane 为填充", True),
        ("Q2", "超出 N 的 lane 为真实数据", False),
        ("Q2", "padding 不是真实像元", True),
        ("Q2", "padding 是真实像元", False),
    ],
    # Are the real samples counted first and the sum of squares said far larger than the values (blind v119-v120's
    # confirm-only routes) read as sound, while their twins are not?
    80: [
        ("Q2", "真实样本只有 100 个", True),
        ("Q2", "真实样本有 128 个", False),
        ("Q2", "平方和比原值大得多", True),
        ("Q2", "平方和比原值小得多", False),
    ],
    # Are a small term rounded away in a large running sum and fp32's ~7 digits (blind v123) read as sound, while their
    # false twins are not?
    84: [
        (
            "Q2",
            "and when a small term is added to a large running sum in fp16 it is simply rounded away",
            True,
        ),
        ("Q2", "a small term added to a large sum is not rounded away", False),
        ("Q2", "casting to fp32 first gives ~7 digits and a huge range", True),
        ("Q2", "fp32 gives ~3 digits", False),
    ],
    # Are the padding said no longer 0 in a report's words and fp16's largest value in round words (blind v125) read as
    # sound, while their false twins are not?
    85: [
        ("Q1", "第三条 输出：填充位已非 0", True),
        ("Q1", "填充位已非负", False),
        ("Q2", "fp16：范围太小，最大才 6 万多", True),
        ("Q2", "fp16 最大才 6 千", False),
    ],
    # Are every cell of a table subtracted, the padding entering the variance, padded places said not to be what the row
    # counts, the real count in the class's words and the subtraction before the square (blind v127-v128) read as sound,
    # while their false twins are not?
    86: [
        ("Q1", "x − mean 是对表里每一格都做的，空格也被减了", True),
        ("Q1", "空格没有被减", False),
        ("Q1", "输出阶段如果不处理，它们就会进入方差", True),
        ("Q1", "它们不会进入方差", False),
        ("Q2", "补齐的空格不是测次", True),
        ("Q2", "补齐的空格也是测次", False),
        ("explanation", "只有 n_cols 个真实测次", True),
        ("explanation", "因为均值方差都得除以真实会员数", True),
        ("explanation", "因为均值方差都得除以座位数", False),
        ("Q3", "x − mean = [−1, 1]，平方和 2，减法发生在平方之前", True),
        ("Q3", "平方发生在减法之前", False),
    ],
    # Are 0 added into a total said not to change it, the block said to count the padding in, a padded place with nothing
    # measured and '空位也减了' (blind v129-v130) read as sound, while their false twins are not?
    88: [
        ("Q1", "0 加进总流量不改变它", True),
        ("Q1", "0 加进总流量会改变它", False),
        ("Q2", "但除以 BLOCK_SIZE 会把它们算进个数", True),
        ("Q2", "但除以 N 不会把真实数据漏掉", False),
        ("Q2", "空位没有测定", True),
        ("Q2", "真实数据都测定了", False),
        ("Q1", "空位也减了", True),
        ("Q1", "真实元素也减了", False),
    ],
    # Are '除的是 N', the block as divisor (the agent of 使), a clamp that clips the tiny negative results, two almost equal
    # numbers subtracted and a difference eaten by rounding (blind v131-v132) read as sound, while their false twins are not?
    89: [
        ("Q1", "均值对是因为除的是 N", True),
        ("Q1", "均值对是因为除的是 BLOCK_SIZE", False),
        ("Q2", "除以 BLOCK_SIZE 会", True),
        ("Q2", "除以 N 会", False),
        ("Q3", "tl.maximum(var, 0.0) clips those tiny negative results", True),
        ("Q3", "tl.maximum(var, 0.0) clips the positive results", False),
        ("Q3", "两个差不多大的数相减", True),
        ("Q3", "两个数相加", False),
        ("Q3", "差出来的那点被舍入误差吃掉了", True),
        ("Q3", "差出来的那点没有被舍入误差影响", False),
    ],
    # Are '0 加到和里不起作用' and the subtraction done on every lane (blind v139-v142's confirm-only routes) read as sound,
    # while their twins are not?
    93: [
        ("Q1", "0 加到和里不起作用", True),
        ("Q1", "0 加到和里会把和改掉", False),
        ("Q1", "x - mean 对每个 lane 都算", True),
        ("Q1", "x - mean 只对真实 lane 算", False),
    ],
    # Are '0 对求和无害', the right second mask named as the step before the second reduction and a value masked in place
    # (blind v143-v144's confirm-only routes) read as sound, while their twins are not?
    94: [
        ("Q1", "0 对求和无害", True),
        ("Q1", "0 对平方和有害", False),
        ("Q1", "在第二次归约前要用 tl.where(mask, x - mean, 0.0) 再掩码一次", True),
        ("Q1", "在第二次归约前要用 tl.where(mask, x, 0.0)", False),
        ("Q1", "d = tl.where(mask, d, 0.0)", True),
        ("Q1", "d = tl.where(mask, 0.0, d)", False),
    ],
    # Are the sum as the N real readings', the second sum holding only real lanes, a measure word of a field, the padding
    # counted into the denominator, a cross-reference to the worked row, samples of a field, the second reduction named a sum,
    # fp32's 24 bits and the square after a subtraction that cancels nothing (blind v145-v146's confirm-only routes) read as
    # sound, while their twins are not?
    95: [
        ("Q1", "tl.sum(x) == N 个真实读数之和", True),
        ("Q1", "tl.sum(x) == BLOCK_SIZE 个读数之和", False),
        ("Q1", "tl.sum(centered * centered) 只含真实 lane", True),
        ("Q1", "tl.sum(centered * centered) 含全部 lane", False),
        ("Q2", "只有 N 笔是真实读值", True),
        ("Q2", "只有 N 笔是 padding", False),
        ("explanation", "padding 的 28 个 lane 被算进了分母", True),
        ("explanation", "padding 的 28 个 lane 没被算进分母", False),
        ("explanation", "上面 [2,4,6] 的推演", True),
        ("explanation", "上面 [2,4,6] 的代码", False),
        ("Q2", "一行只有 N 个真实采样点", True),
        ("Q2", "一行有 BLOCK_SIZE 个采样点", False),
        ("explanation", "第二次归约是求和", True),
        ("explanation", "第二次归约是取最大值", False),
        ("Q2", "BLOCK_SIZE treats them as extra zero-amplitude samples", True),
        ("Q2", "BLOCK_SIZE treats them as padding", False),
        ("Q2", "converting to fp32 first gives 24 bits and a huge range", True),
        ("Q2", "converting to fp32 first gives 8 bits", False),
        ("Q3", "x − mean 是两个接近的数相减，本身精确，再平方就没有抵消", True),
        ("Q3", "先算平方和，一遍公式再平方就没有抵消", False),
    ],
    # Are the sum of squares taking the padding in, a heading's word, and N as the real count (blind v147's confirm-only
    # routes) read as sound, while their twins are not?
    96: [
        ("Q1", "这时候再平方求和就会把这些假数据算进去", True),
        ("Q1", "这时候再平方求和不会把这些假数据算进去", False),
        ("Q1", "分析】", True),
        ("Q1", "分析 padding 不影响方差", False),
        ("Q2", "N 是真实的数", True),
        ("Q2", "N 是 BLOCK_SIZE", False),
    ],
    # Is the analogy of dividing by the count actually measured (blind v149's confirm-only route) read as sound, while its
    # twin is not?
    97: [
        ("Q2", "打了几次就除几，不能把没打的空格也算进去", True),
        ("Q2", "打了几次都除 8，把没打的空格也算进去", False),
    ],
    # Are each guard's act in English (blind v156's confirm-only route) read as sound, while its twins are not?
    100: [
        ("Q3", "tl.maximum(var, 0.0) clips a tiny negative rounding result", True),
        ("Q3", "tl.maximum(var, 0.0) clips the large positive values", False),
        ("Q3", "eps goes in before the sqrt", True),
        ("Q3", "eps goes in after the sqrt", False),
    ],
    # Are the subtraction applied to every lane after a colon (blind v160's confirm-only route) read as sound, while its twin
    # is not?
    102: [
        ("Q1", "逐元素 x − mean：作用于全部 BLOCK_SIZE 个 lane", True),
        ("Q1", "逐元素 x − mean：只作用于前 N 个 lane", False),
    ],
    # Is the count of the real values given as a number (blind v166's confirm-only route) read as sound, while its twin is
    # not?
    105: [
        ("Q2", "只有 100 个真实值", True),
        ("Q2", "padding 也是真实值", False),
    ],  # Is N named the count of the real ones with 实际 (blind v168's confirm-only route) read as sound, while its twin is not?
    106: [
        ("Q2", "BLOCK_SIZE 就是 16 路的箱体，N 才是实际接的组串数", True),
        ("Q2", "BLOCK_SIZE 才是实际接的组串数", False),
    ],
    # Are the variance called 虚高, the block's sum equal to the real elements' sum and the squares' sum in the tens of
    # thousands (blind v177's confirm-only routes) read as sound, while their twins are not?
    110: [
        ("Q1", "方差肯定虚高", True),
        ("Q1", "方差不会虚高", False),
        ("Q1", "tl.sum(x) == 真实 N 个数之和", True),
        ("Q1", "tl.sum(x) == BLOCK_SIZE 个数之和", False),
        ("Q2", "平方和随便就上万", True),
        ("Q2", "平方和很小", False),
    ],
    # Are fp16's limits in words, a large sum swamping a small term, 补位 not counted, a mean not 0 and 'the count of real
    # elements' (blind v179-v180's confirm-only routes) read as sound, while their twins are not?
    111: [
        ("Q2", "大的部分和 + 小值", True),
        ("Q2", "小的部分和 + 小值", False),
        ("Q2", "只有三位左右有效数字", True),
        ("Q2", "只有七位左右有效数字", False),
        ("Q2", "最大也就六万多", True),
        ("Q2", "最大也就六百多", False),
        ("Q2", "和变大以后再加小的数可能加不进去", True),
        ("Q2", "和变大以后再加小的数也加得进去", False),
        ("Q2", "真实数据就 N 个，补位的不算数", True),
        ("Q2", "补位的也算数", False),
        ("Q1", "平均值不會是 0", True),
        ("Q1", "平均值是 0", False),
        ("explanation", "divisor: n_cols, the count of real elements", True),
        ("explanation", "divisor: BLOCK_SIZE, the count of lanes", False),
    ],
    # Are the true premises that routed honest answers of blind v195-v198 (the sum holding only the real values, 0
    # changing nothing, NaN absorbing any addend, small addends lost, mean² per padded place, the clamp clipping small
    # negatives) known, while their false twins are not?
    120: [
        ("Q2", "和里面只有真实值", True),
        ("Q2", "和里面只有 BLOCK_SIZE 个值", False),
        ("Q2", "the sum already contains only the real values", True),
        ("Q1", "0 加进求和里什么都不改变", True),
        ("Q1", "0 加进求和里会改变结果", False),
        ("explanation", "tl.sum 不会跳过 NaN，NaN 加任何数还是 NaN", True),
        ("Q2", "和变大以后小的项可能加不进去", True),
        ("explanation", "每格会多出 mean²", True),
        ("Q3", "tl.maximum(var, 0.0) clips such tiny negatives", True),
        ("Q3", "tl.maximum(var, 0.0) clips large positives", False),
    ],
    # Are the true premises that routed honest answers of blind v199-v202 (the centring's subtraction exact, the sum of
    # squares holding only the real lanes, the padding's 0 taken for a sample, the clamp's purpose in English) known,
    # while a false twin is not?
    122: [
        ("Q3", "先减均值，相减的是两个接近的 fp32 数（精确），再平方小数", True),
        ("Q1", "平方和只含真实 lane", True),
        ("Q1", "平方和只含 padding", False),
        ("Q2", "除以 BLOCK_SIZE 会把 padding 的 0 当样本", True),
        ("explanation", "平方和里会多东西", True),
        ("Q3", "sqrt does not give NaN", True),
    ],
    125: [
        ("Q1", "输入的时候 padding lane 被 mask 挡住了", True),
        ("Q2", "分母应该是样本数", True),
        ("Q2", "分母应该是 BLOCK_SIZE", False),
    ],
    126: [
        ("Q1", "方差那一步 padding lane 会混进去", True),
        ("Q2", "the sum contains N values", True),
        ("Q2", "the sum contains BLOCK_SIZE values", False),
        ("Q3", "相减的是两个接近的 fp32 数，结果精确", False),
    ],
    127: [
        ("Q1", "x - mean is applied to all BLOCK_SIZE lanes", True),
        ("Q1", "x - mean is applied only to the real lanes", False),
        ("Q2", "方差要用这个平均，也就跟着错", True),
        ("Q2", "var 用了错的 mean", True),
        ("Q2", "sum 已经是 N 个数的和", True),
        ("Q2", "sum 已经是 BLOCK_SIZE 个数的和", False),
        ("Q3", "tl.maximum(var, 0.0) clamps such tiny negative results", True),
        ("explanation", "那里 BLOCK_SIZE = 1 = N", True),
    ],
    129: [
        ("Q1", "所以 sum(x) = 真实 N 个元素之和", True),
        ("Q1", "所以 sum(x) = BLOCK_SIZE 个元素之和", False),
        ("Q3", "fp32 cannot resolve a difference that small at 1e8", True),
        ("Q3", "fp32 can resolve a difference that small at 1e8", False),
    ],
    135: [
        ("Q1", "比如一批 100 个样、块是 128，就多出 28 个 mean² 再除以 100", True),
        ("Q1", "比如一批 100 个样、块是 128，就多出 28 个样本再除以 100", False),
    ],
    # Are the block's excess count as BLOCK_SIZE − N, a right sum beside a wrong count, and fp32's spacing as the multiples of 8 read
    # as sound premises, while a count too small and other multiples are not?
    139: [
        ("Q2", "若除以 BLOCK_SIZE：sum 是对的，但分母多算了 (BLOCK_SIZE − N) 个", True),
        ("Q2", "若除以 BLOCK_SIZE：sum 是对的，但分母少算了 (BLOCK_SIZE − N) 个", False),
        ("Q2", "BLOCK_SIZE the sum is still right but the count is wrong", True),
        ("Q2", "BLOCK_SIZE the sum is still wrong and the count is right", False),
        ("Q3", "fp32 在这一带只能表示 8 的倍数", True),
        ("Q3", "fp32 在这一带只能表示 2 的倍数", False),
    ],
    # Are '0 adds nothing to a sum', a sum unchanged beside a larger denominator and the variance below one spacing read as sound
    # premises, while their opposites are not?
    140: [
        ("Q1", "0 adds nothing to a sum", True),
        ("Q1", "0 adds one to a sum", False),
        ("Q2", "# 若用 BLOCK_SIZE：sum 不变，分母变大", True),
        ("Q2", "# 若用 BLOCK_SIZE：sum 变大，分母不变", False),
        ("Q3", "方差才 1，比一格还小", True),
        ("Q3", "方差才 1，比一格还大", False),
    ],
    # Is '加 0 等于没加' read as a sound premise, and '加 0 等于加了 1' not?
    141: [
        ("Q1", "加 0 等于没加", True),
        ("Q1", "加 0 等于加了 1", False),
    ],
    # Are the sum of the real values, an error growing with the mean, a subtraction lane by lane or at every place, the
    # padding mixed into the variance, and the real count in the class's words read as sound, while their twins are not?
    145: [
        ("Q1", "# → 和 = 真实 N 个学时之和", True),
        ("Q1", "# → 和 = BLOCK_SIZE 个学时之和", False),
        ("Q1", "均值越大错得越离谱", True),
        ("Q1", "均值越大错得越少", False),
        ("Q1", "x − mean 是一个 lane 一个 lane 地减，它不管你是不是 padding", True),
        ("Q1", "x − mean 只减真实的 lane", False),
        ("Q1", "x - mean 是对每个位置都做的，包括 padding", True),
        ("Q1", "x - mean 只对真实位置做", False),
        ("Q1", "然后平方求和它就混进方差里了", True),
        ("Q1", "然后平方求和它就被挡在方差外面了", False),
        ("Q2", "只有 n_cols 个真的", True),
        ("Q2", "n_cols 个都是假的", False),
        ("Q2", "真正的数就 N 个嘛", True),
        ("Q2", "真正的数有 BLOCK_SIZE 个", False),
        ("Q2", "真正有数据的只有 N 个", True),
        ("Q2", "有数据的有 BLOCK_SIZE 个", False),
        ("Q2", "the other BLOCK_SIZE - N are zeros we made up", True),
        ("Q2", "the other BLOCK_SIZE - N are real values", False),
    ],
    # Are the true premises blind v255-v258 routed only for a TA to confirm (the padded zeros adding nothing, in English; the
    # mean pulled down, as what follows otherwise; the subtraction alone in a comment) known, while their false twins are not?
    148: [
        ("Q2", "the zeros add nothing", True),
        ("Q2", "the zeros add something", False),
        ("Q2", "均值可能会被拉小", True),
        ("Q2", "均值不会变", False),
        ("Q3", "# 相减", True),
        ("Q3", "# 相加", False),
    ],
    # Are the true premises blind v268 routed only for a TA to confirm (the block's divisor leaving the mean at N/BLOCK_SIZE, the
    # subtraction that does not pick its lanes) known, while their false twins are not?
    153: [
        ("Q2", "除以 BLOCK_SIZE 会让均值变成 N/BLOCK_SIZE 倍，方差也错", True),
        ("Q2", "除以 BLOCK_SIZE 会让均值变成 BLOCK_SIZE/N 倍，方差也错", False),
        ("Q1", "这个运算它不挑 lane", True),
        ("Q1", "这个运算它只挑真实的 lane", False),
        ("Q1", "128 个 lane 全都减", True),
        ("Q1", "128 个 lane 只有 100 个减", False),
    ],
    # Is a worked variance said to grow near ten thousand times read as a sound premise, while one said to stay the same is not?
    159: [
        ("Q1", "方差 ≈ 1.47，大了将近一万倍", True),
        ("Q1", "方差 ≈ 0.000167，和真值一样", False),
    ],
    # Is each empty place said to contribute the square of the mean after squaring read as a sound premise, the square of 0 not?
    160: [
        ("Q1", "平方后每个空孔都贡献平均片重的平方", True),
        ("Q1", "平方后每个空孔都贡献 0 的平方", False),
    ],
    # Are the true premises blind v283 and v284 routed only for a TA to confirm (a small term rounded away when added to a large
    # sum, the block a power of two at least N, padding lanes loaded as 0 and a term below the spacing in English, the real
    # count named before n_cols, the 1×1 shape without padding) known, while their false twins are not?
    161: [
        ("Q2", "和较大时再加上小项会被舍入掉", True),
        ("Q2", "和较大时再加上小项也不会被舍入掉", False),
        ("Q2", "BLOCK_SIZE 是 ≥ N 的 2 的幂", True),
        ("Q2", "BLOCK_SIZE 是 ≤ N 的 2 的幂", False),
        ("Q2", "The padding lanes were loaded as 0", True),
        ("Q2", "The padding lanes were loaded as 1", False),
        ("Q2", "it is below the spacing of fp16 numbers", True),
        ("Q2", "it is above the spacing of fp16 numbers", False),
        ("explanation", "真实个数就是它", True),
        ("explanation", "真实个数不是它", False),
        ("explanation", "1×1 没有 padding", True),
        ("explanation", "1×3 没有 padding", False),
    ],
    # Are the true premises blind v286 routed only for a TA to confirm (the variance 失真 with the mean, a small term 被舍入, fp16's
    # digits counted after the word, the real element count in English) known, while their false twins are not?
    162: [
        ("Q2", "方差随之失真", True),
        ("Q2", "方差并未失真", False),
        ("Q2", "累加过程中小项被舍入", True),
        ("Q2", "累加过程中大项被舍入", False),
        ("Q2", "有效数字约 3 位", True),
        ("Q2", "有效数字约 30 位", False),
        ("explanation", "that is the real element count", True),
        ("explanation", "that is the padded element count", False),
    ],
    # Are the true premises blind v287 and v288 routed only for a TA to confirm (the square of −mean entering the variance, an
    # average of the trade's own pulled down, the variance after the wrong mean and the real count in English) known, while their
    # false twins are not?
    163: [
        ("Q1", "padding lane 成了 -mean，平方要进方差", True),
        ("Q1", "padding lane 还是 0，平方不进方差", False),
        ("Q2", "平均体长就被压小了", True),
        ("Q2", "平均体长不会被压小", False),
        ("Q2", "it uses that mean and the same divisor", True),
        ("Q2", "it uses the true mean and the true divisor", False),
        ("Q2", "the mean is sum / number of real values", True),
        ("Q2", "the mean is sum / number of padded lanes", False),
    ],
    # Is the zero said to add no weight (blind v294) known, while a zero that adds weight is not?
    166: [
        ("Q1", "求总重时空箱位的 0 不添分量", True),
        ("Q1", "求总重时空箱位的 0 添了分量", False),
    ],
    # Are the true premises blind v299-v300 routed only for a TA to confirm (the mask's definition with the real count, the
    # subtraction named alone, the block divisor's formula and the variance using the wrong mean and divisor, the variance
    # divided too small, the real count to divide by, a bare 'it would be wrong') read as sound, while their false twins are
    # not?
    169: [
        ("explanation", "mask = cols < n_cols，真实元素就 n_cols 个", True),
        ("explanation", "mask = cols <= n_cols，真实元素就 BLOCK_SIZE 个", False),
        ("Q1", "中间 x - mean", True),
        ("Q1", "中间 x - mean 只减真实 lane", False),
        ("Q2", "#   mean = sum / BLOCK_SIZE", True),
        ("Q2", "mean = sum / BLOCK_SIZE 才对", False),
        ("Q2", "var 用错 mean + 错除数", True),
        ("Q2", "var 用对 mean + 对除数", False),
        ("Q2", "方差也一样被除小", True),
        ("Q2", "方差也一样被除大", False),
        ("Q2", "要除以真正的个数", True),
        ("Q2", "要除以 BLOCK_SIZE 个数", False),
        ("Q1", "就不对了", True),
        ("Q1", "就对了", False),
        ("Q1", "结果会错", False),
    ],
    # Are the true premises blind v301 routed only for a TA to confirm (the real data counted as N, the fill putting the
    # padded places back to 0, the variance divided too small by the block's number) read as sound, while their false
    # twins are not?
    170: [
        ("Q2", "真数据就 N 个, padding 那几个是凑数的", True),
        ("Q2", "真数据有 BLOCK_SIZE 个", False),
        ("explanation", "0.0 是把空泊位清回 0", True),
        ("explanation", "0.0 是把空泊位清成平均值", False),
        ("Q2", "方差也一样被 128 除小了", True),
        ("Q2", "方差也一样被 128 除大了", False),
    ],
    # Are the true premises blind v305-v306 routed only for a TA to confirm (the zero added into a total changing nothing,
    # every cell subtracted and the empty ones too, the zeros a division by the block would count as samples, the sum
    # already the N values') read as sound, while their false twins are not?
    172: [
        ("Q1", "0 加到总重里不改变总重", True),
        ("Q1", "0 加到总重里会改变总重", False),
        ("Q1", '算偏差时, 每个格子都要"减去平均值", 空格子也被减了', True),
        ("Q1", "算偏差时, 只有真实格子减去平均值, 空格子不减", False),
        ("Q2", "would count them as real samples of value 0", True),
        ("Q2", "would not count them at all", False),
        ("Q2", "the sum already is the sum of N values", True),
        ("Q2", "the sum already is the sum of BLOCK_SIZE values", False),
    ],
    # Is the true premise blind v307 routed only for a TA to confirm (eps going inside the square root, in English) read
    # as sound, while its false twin is not?
    173: [
        ("Q3", "eps goes inside the sqrt", True),
        ("Q3", "eps goes outside the sqrt", False),
    ],
}


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    round_params(ROUND_PREMISES),
)
def test_each_round_s_true_premises_are_known_and_their_false_twins_are_not(l6, question, premise, sound):
    """Is every true premise a blind round showed routed only for a TA to confirm read as sound in the round's own words,
    while the false twin beside it is not?"""
    assert known(l6, question, premise) is sound


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        (
            "硬件不会因为某个 lane 是 padding 就跳过它，x - mean 之后 padding 变成 -mean，所以要再 mask。",
            False,
        ),
        ("硬件会因为某个 lane 是 padding 就跳过它，x - mean 之后 padding 变成 -mean，所以要再 mask。", True),
    ],
)
def test_round57_the_hardware_said_not_to_skip_a_lane_is_read(l6, text, routed):
    """Does the confidence gate read '硬件不会因为某个 lane 是 padding 就跳过它' (true) while the same words without 不 still go
    to a TA?"""
    assert ("unread" in score(l6, "Q1", text).flags) is routed


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("x − mean 是广播减法，padding lane 也被减成了 −mean，所以要再 mask。", False),
        ("x − mean 只广播到有效 lane，padding lane 不受影响，所以要再 mask。", True),
        ("x − mean 不会广播到 padding lane，所以要再 mask。", True),
    ],
)
def test_round69_a_broadcast_to_every_lane_is_no_gate_topic(l6, text, routed):
    """Does the confidence gate leave 'x − mean 是广播减法' to the rubric while a broadcast said to reach only some lanes
    still goes to a TA (lesson 6 version 129, calibration: 11 such routes, all confirm-only)?"""
    assert ("unread" in score(l6, "Q1", text).flags) is routed


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("centered_other 写 0.0：tl.where 把被 x − mean 变成 −mean 的 padding lane 清掉。检查通过。", False),
        ("centered_other 写 0.0：mask 会自动把被 x − mean 变成 −mean 的 padding lane 清掉。检查通过。", True),
    ],
)
def test_round69_clearing_the_padding_is_no_gate_topic(l6, text, routed):
    """Does the note's 'tl.where 把 … padding lane 清掉' go unrouted while a clearing said to happen by itself still goes
    to a TA (lesson 6 version 129, blind v218 l6v218-ex-009)?"""
    context = {"blank": "n_cols, 0.0", "checks_passed": True}
    assert ("unread" in score(l6, "explanation", text, context).flags) is routed


def test_round42_the_note_s_worked_divisor_and_lane_are_read(l6, found):
    """Are '除以 3 而不是 4' (the divisor in a worked example) and '让第 4 个 lane 平方后是 0' read as the note's
    reasons, while '除以 4 而不是 4' is not?"""
    context = {"blank": "n_cols, 0.0", "checks_passed": True}
    note = (
        "divisor = n_cols：例子里除以 3 而不是 4。centered_other = 0.0：让第 4 个 lane 平方后是 0。检查通过。"
    )
    same = "divisor = n_cols：例子里除以 4 而不是 4。"
    assert {"divisor_reason", "other_reason"} <= found(score(l6, "explanation", note, context))
    assert "divisor_reason" not in found(score(l6, "explanation", same, context))


def test_round43_a_neutral_element_and_the_sample_size_are_the_note_s_reasons(l6, found):
    """Does the note read '样本量是 N' as the divisor's reason and '加法中性元 0' as the fill's, as 单位元 is read?"""
    context = {"blank": "n_cols, 0.0", "checks_passed": True}
    note = "分母取 n_cols，因为样本量是 N；填 0.0，因为接下来是平方和，只有加法中性元 0 平方后仍是中性元。检查通过。"
    assert {"divisor_reason", "other_reason"} <= found(score(l6, "explanation", note, context))


def test_round44_only_n_being_real_is_the_divisor(l6, found):
    """Does '只有 N 个是真的，所以除以它' read the divisor, as '只有 N 个真实元素' is read?"""
    assert "divide_by_n" in found(score(l6, "Q2", "只有 N 个是真的，所以除以它。"))
    assert "divide_by_n" not in found(score(l6, "Q2", "有 N 个，所以除以它。"))


def test_round44_the_real_count_is_the_note_s_known_premise(l6):
    """Is the real count divided by ('要除真实列数', 'over the real elements only') a known premise of the note, while
    a count with nothing real in it ('要除列数') is not?"""
    context = {"blank": "n_cols, 0.0", "checks_passed": True}
    note = "divisor 填 n_cols，因为要除真实列数；填 0.0，因为 padding 变成 -mean，要变回 0。"
    assert "unknown_premise" not in score(l6, "explanation", note, context).flags
    assert known(l6, "explanation", "要除真实列数")
    assert known(l6, "explanation", "mean and var are over the real elements only")
    assert not known(l6, "explanation", "要除列数")


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # lesson 6 blind v55, in new words
        ("fp16 根本不需要转：每个值都小于 65504，不会溢出。", True),
        ("转成 fp32 只会浪费带宽，fp16 够了。", True),
        # false twins: a condition, a question, the cast's reason
        ("fp16 不用转的话，平方和会超过 65504 变成 inf。", False),
        ("fp16 不需要转吗？需要：和会溢出。", False),
        ("转 fp32 是因为 fp16 只有 11 位有效位，小项会被舍入掉。", False),
    ],
)
def test_round45_the_cast_called_needless_is_routed(l6, found, text, read):
    """Is the fp16 cast called needless ('不需要转', '只会浪费带宽') read for a TA, while a condition, a question and the
    cast's true reason are not?"""
    assert ("fp16_cast_needless" in found(score(l6, "Q2", text))) is read


def test_round45_mean_subtracted_onto_the_padding_is_minus_mean(l6, found):
    """Does 'x-mean 会把 mean 也减到 padding 上' read as the padding becoming −mean?"""
    assert "minus_mean" in found(
        score(l6, "Q1", "x-mean 会把 mean 也减到 padding 上，padding 被污染，所以方差前要 mask。")
    )
    assert "minus_mean" not in found(score(l6, "Q1", "x-mean 会把 mean 算出来，所以方差前要 mask。"))


@pytest.mark.parametrize(
    ("question", "premise", "is_known"),
    [
        ("Q1", "第一次归约前 padding 仍是单位元", True),
        ("Q1", "padding 进平方和", True),
        ("Q2", "padding 是补出来的，不算样本", True),
        ("Q2", "读数 1e4 平方就 inf 了", True),
        ("Q2", "sum of squares 很快 overflow", True),
        ("Q2", "很多数加在一起小的会被吞掉", True),
        ("Q3", "which would otherwise give NaN in the sqrt", True),
        # false twins
        ("Q1", "padding 是乘法的单位元", False),
        ("Q2", "在 fp32 里读数 1e4 平方就 inf 了", False),
        ("Q3", "which would otherwise give NaN in the mean", False),
    ],
)
def test_round45_true_premises_of_v55_v56_are_known(l6, question, premise, is_known):
    """Are the class's true premises (the padding still the identity, fp16 failing on this data, the sqrt's NaN) known,
    while the same words stating something false are not?"""
    assert known(l6, question, premise) is is_known


def test_round46_a_figure_on_the_student_s_machine_is_routed(l6, found):
    """Is a bandwidth placed on the student's own machine ('在我这里的带宽大约 2600 GB/s') read as their own measurement,
    while the lesson's figure quoted ('第 3 节的带宽大约 2600 GB/s') is not?"""
    mine = "本 kernel 在我这里的带宽大约 2600 GB/s。"
    quoted = "第 3 节给出的带宽大约 2600 GB/s。"
    assert "own_measurement" in found(score(l6, "Q3", mine))
    assert "own_measurement" not in found(score(l6, "Q3", quoted))


def test_round46_latex_mean_squared_and_the_whole_block(l6):
    """Is LaTeX x̄² ('\\bar{x}^2') read as mean², and 'x - mean 作用于整个 block，包括 padding' a known premise?"""
    assert known(l6, "Q1", "每个 padding lane 多贡献了 \\bar{x}^2")
    assert not known(l6, "Q1", "每个 padding lane 多贡献了 \\bar{y}^2")
    assert known(l6, "Q1", "x - mean 它作用于整个 block，包括 padding")
    assert not known(l6, "Q1", "x - mean 只作用于真实元素")


def test_round47_a_rhetorical_question_affirms_the_zero_belief(l6, found):
    """Is '难道不是因为 fp16 的 0.0 和 fp32 的 0.0 在位模式上不一样吗' read as the belief it affirms, while '不是因为 … 不一样，
    而是因为 11 位有效位' (denied) is not? And does 'N 才是真的个数' read as the divisor?"""
    asked = "转 fp32，难道不是因为 fp16 的 0.0 和 fp32 的 0.0 在位模式上不一样吗？"
    denied = "转 fp32 不是因为 fp16 的 0.0 和 fp32 的 0.0 在位模式上不一样，而是因为 fp16 只有 11 位有效位。"
    assert "fp16_zero_inexact" in found(score(l6, "Q2", asked))
    assert "fp16_zero_inexact" not in found(score(l6, "Q2", denied))
    assert "divide_by_n" in found(score(l6, "Q2", "N 才是真的个数。"))
    assert "divide_by_n" not in found(score(l6, "Q2", "N 才是个数吗？"))


def test_round48_the_input_stage_is_not_the_second_mask(l6, found):
    """Is '把它们重新置零' (the second mask) no longer credited as the input stage, while 'padding 位置读成零，零加任何数
    等于那个数' (the first load) is?"""
    second_mask = "所以第二次求和之前要用 tl.where 把它们重新置零。"
    first_load = "输入：padding 位置读成零，零加任何数等于那个数，所以和等于真实和。"
    assert "mean_right" not in found(score(l6, "Q1", second_mask))
    assert "mean_right" in found(score(l6, "Q1", first_load))
    assert "mean_right" in found(score(l6, "Q1", "padding lane 的值等于零，所以求和等于真实元素之和。"))
    assert "mean_right" not in found(score(l6, "Q1", "padding lane 的值不再等于零。"))


def test_round48_the_note_s_reasons_in_the_class_s_words(l6, found):
    """Does the note read 'padding 当成了样本' as the divisor's reason and a nonzero fill squared into the variance as
    0.0's, while 'padding 当成了 0' and '分母应该算上它们' (an argument for BLOCK_SIZE) are no such reason?"""
    note = "divisor 填 n_cols，因为假如用 BLOCK_SIZE 就把 padding 当成了样本。"
    fill = "centered_other 填 0.0，假如写成非零值，padding 平方后就会进入方差。"
    assert "divisor_reason" in found(score(l6, "explanation", note))
    assert "divisor_reason" not in found(score(l6, "explanation", "第一次 load 把 padding 当成了 0。"))
    assert "other_reason" in found(score(l6, "explanation", fill))
    assert "other_reason" not in found(score(l6, "explanation", "假如写成非零值，也不影响均值。"))
    assert "block_wrong_effect" not in found(score(l6, "Q2", "padding 也参与计算，分母应该算上它们。"))
    assert "block_wrong_effect" in found(score(l6, "Q2", "除以 BLOCK_SIZE 就把 padding 也算上了，均值偏小。"))


def test_round51_a_fill_said_to_stray_from_the_real_data_is_no_divisor_reason(l6, found):
    """Is 'mean 这个值还是偏离真实数据' (about a fill) no reason for the divisor, while '只对真实数据平均' is?"""
    context = {"blank": "n_cols, mean", "checks_passed": False}
    assert "divisor_reason" not in found(
        score(l6, "explanation", "我估计是 mean 这个值还是偏离真实数据。", context)
    )
    assert "divisor_reason" in found(
        score(l6, "explanation", "divisor 填 n_cols，只对真实数据平均。", context)
    )


def test_round52_a_worked_example_states_minus_mean_and_the_variance(l6, found):
    """Does a worked example read as the state change ('lane 变成了 -3.5') and the output ('方差 42/6 = 7.0'), while a
    padding lane said to stay 0 and a mean's division ('均值 21/6') are not?"""
    assert "minus_mean" in found(score(l6, "Q1", "接着做 x - mean，最后两个 lane 变成了 -3.5。"))
    assert "minus_mean" not in found(score(l6, "Q1", "接着做 x - mean，最后两个 lane 仍是 0。"))
    assert "output" in found(score(l6, "Q1", "如果不再 mask，平方和 = 42，方差 42/6 = 7.0。"))
    assert "output" not in found(score(l6, "Q1", "和是 21，均值 21/6 = 3.5。"))


def test_round53_the_premise_after_an_aside_is_the_sentence_before_it(l6):
    """Does a '所以' sentence after an aside ('这个误差非常大') take the sound sentence before the aside as its premise and
    finalize, while an aside that states a step of its own ('GPU 会跳过 padding') still goes to a TA?"""
    steps = (
        "1. 输入：other=0.0，0 是加法单位元，所以均值是对的。"
        "2. 状态变化：x - mean 对每个 lane 都做，padding 变成 -mean。"
        "3. 输出：不再 mask 的话每个 padding lane 多贡献 mean²，方差偏大。"
    )
    aside = score(
        l6,
        "Q1",
        steps + "我们的基线在 12 左右，这个误差非常大。所以必须 tl.where(mask, x - mean, 0.0)。",
        None,
    )
    assert "unknown_premise" not in aside.flags
    step = score(
        l6, "Q1", steps + "GPU 会跳过 padding 的平方。所以必须 tl.where(mask, x - mean, 0.0)。", None
    )
    assert "unknown_premise" in step.flags


def test_round53_the_block_counting_the_padding_is_a_premise(l6):
    """Is 'BLOCK_SIZE also counts the padding lanes' a sound premise of the wrong divisor's effect, so the answer
    finalizes, while 'BLOCK_SIZE is a compile-time constant' is not?"""
    head = "Divide by N because only N lanes hold real data; "
    tail = ", so dividing by it scales the mean by N/BLOCK_SIZE. fp16 overflows past 65504, so accumulate in fp32."
    assert (
        "unknown_premise"
        not in score(l6, "Q2", head + "BLOCK_SIZE also counts the padding lanes" + tail, None).flags
    )
    assert (
        "unknown_premise"
        in score(l6, "Q2", head + "BLOCK_SIZE is a compile-time constant" + tail, None).flags
    )


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        (
            "本课不用单遍公式，根本原因是单遍公式没有第二次 mask：在均值 1e4 的行上，padding 的贡献被放大，方差就错了。",
            True,
        ),
        (
            "有人说本课不用单遍公式是因为单遍公式没有第二次 mask，这是错的：单遍公式的 padding 两个和里都是 0。",
            False,
        ),
    ],
)
def test_round54_a_rejected_method_s_predicted_outcome_is_no_refutation(l6, text, vetoed):
    """Does '方差就错了' after a method rejected for a wrong reason read as the outcome the student predicts (the veto
    stands, blind v73 l6v73-q3-021), while a verdict on the reason itself ('这是错的') still refutes it?"""
    assert score(l6, "Q3", text, None).veto is vetoed


def test_round97_digits_said_lost_near_1e8_stay_half_the_cancellation(l6):
    """Is a subtraction near 1e8 said to lose all the digits ('两个差不多的大数相减，精度全没了'), with no word of fp32's spacing,
    still half the cancellation? Round 97 tried it as the whole mechanism (blind v276 l6v276-q3-006, labelled as the chain) and
    dropped it: over the calibration it lifted twenty Q3 answers whose labellers gave it half (l6v17-q3-019) past their labels."""
    text = "均值 1e4 时 mean(x²) 和 mean² 都是 1e8 左右，两个差不多的大数相减，精度全没了，方差算错。"
    assert "stand_in:cancellation" in score(l6, "Q3", text).flags
