"""Lesson 7's written-answer rubric (融合 Softmax 与 LogSoftmax): its calibration gate and its general rules.

The probes below are written in new words, not copied from the calibration set: each checks one rule of
rubric_version 3 (a wrong premise in the student's own words is vetoed or routed, a true premise of the
lesson is a sound reason, a refuted claim is no veto, the note needs a reason for each blank).
"""

from collections import Counter

import pytest
from round_tables import known, round_params

from autograder.rubric import score_answer
from autograder.rubric.gate import unread
from autograder.rubric.negation import has_cue
from autograder.rubric.reading import prepare
from autograder.rubric.textnorm import normalize

ASSIGNMENT = "lesson07-softmax"
PASSED = {"blank": "-float('inf'), row_max", "checks_passed": True}


@pytest.fixture(scope="module")
def calibration(calibrated):
    return calibrated(ASSIGNMENT)


def score(rubric, question, text, context=PASSED):
    return score_answer(rubric, question, text, context=context)


# ── the calibration set ──────────────────────────────────────────────────────────────────────────────


def test_calibration_is_valid(calibration):
    """Does the calibration file parse, with three hundred and seven blind sets appended as splits blind-v1 to blind-v307?"""
    # blind-v1 kept the 84 answers its labeller wrote; every later set has 100.
    expected = {f"blind-v{n}": 100 for n in range(1, 308)} | {"blind-v1": 84}
    counts = Counter(r.item.split for r in calibration.results)
    assert calibration.errors == []
    assert counts.pop("dev") > 0
    assert counts == expected


# ── wrong premises in the student's own words ────────────────────────────────────────────────────────


def test_masked_lanes_reading_memory_is_vetoed_or_routed(l7):
    s = score(l7, "Q1", "被 mask 的 lane 仍然会去读越界的显存，所以 other 要填 −∞，把读进来的垃圾值覆盖掉。")
    assert s.veto or s.needs_review
    assert s.points == 0


def test_zero_fill_nan_is_vetoed_or_routed(l7):
    s = score(l7, "Q1", "要是 other 用 0，分母里会出现 0/0，输出全是 NaN，所以必须填 -inf。")
    assert s.veto or s.needs_review
    assert s.points == 0


def test_shift_to_normalize_is_vetoed_or_routed(l7):
    s = score(l7, "Q2", "减去最大值是为了归一化，不减的话输出不是概率。fp32 下 x 超过 88.7 时 exp 溢出。")
    assert s.veto or s.needs_review
    assert s.points == 0


def test_kernel_count_speedup_is_vetoed_or_routed(l7):
    s = score(
        l7, "Q3", "融合把 5 个 kernel 合成 1 个，每个 kernel 的耗时差不多，所以能快 5 倍，实测 5.09 倍符合。"
    )
    assert s.veto or s.needs_review


def test_loosened_tolerance_in_note_is_vetoed_or_routed(l7):
    failed = {"blank": "0.0, row_max", "checks_passed": False}
    s = score(
        l7,
        "explanation",
        "other 填 0.0，shift 填 row_max。检查差一点没过，我把 atol 调大到 1e-1 就过了。",
        failed,
    )
    assert s.veto or s.needs_review
    assert s.points == 0


# ── true premises and refutations ────────────────────────────────────────────────────────────────────


def test_full_q1_in_new_words_is_final_full_marks(l7):
    text = (
        "输入：超出 N 的 lane 被 mask 挡住，不访问显存，值直接就是 other。"
        "状态：因为 max(x, -inf) = x，它们在 tl.max 里永远不会胜出；又因为 exp(-inf - m) = 0，它们在 tl.sum 里贡献 0。"
        "输出：store 带 mask，不写出。"
        "填 0.0 时：全是负数的行 max 被 0 顶替，分母每个 padding 多加 e^{0-m}，行和小于 1。"
    )
    s = score(l7, "Q1", text)
    assert s.points == 2.0 and not s.veto


def test_refuted_skip_claim_is_no_veto(l7):
    text = "有人说 tl.max 会自动跳过被 mask 的 lane，这是错的：padding lane 一样参加归约，所以 other 要填 -inf，因为 max(x, -inf) = x。"
    s = score(l7, "Q1", text)
    assert not s.veto


def test_restating_the_question_earns_no_invariance(l7):
    s = score(l7, "Q2", "fp32 下 x 超过 88.72 exp 就溢出。减了不改变结果，我和 torch 对过。")
    assert "invariance" not in [m["concept"] for m in s.matched]


def test_note_with_a_reason_for_each_blank_earns_full_marks(l7):
    text = "other 填 -float('inf')：pad lane 在 max 里不胜出，exp 之后是 0，不进分母。shift 填 row_max：减去行最大值后 exp 不会溢出。检查通过。"
    s = score(l7, "explanation", text)
    assert s.points == 1.0 and not s.needs_review


def test_note_without_reasons_earns_half_final(l7):
    """Does a note naming both right blanks without a reason earn half, finalized (rubric 12: every blind set
    labels it 0.5; until rubric 11 it earned 0)?"""
    s = score(l7, "explanation", "两个空填的是 -float('inf') 和 row_max，检查通过。")
    assert s.points == 0.5 and not s.needs_review


# ── rubric_version 4: the second blind set's wrong premises and wrong answers, in other words ────────


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "Q2",
            "要减最大值，因为 padding 的 e^(-inf) 会算出 NaN；减了以后就正常了。分子分母同乘 e^{-m}，结果不变。",
        ),
        ("Q2", "x 大于 88.7 时 exp 溢出。结果不变是因为 softmax 是线性的，常数项归一化后就消掉了。"),
        ("Q3", "朴素有 5 个 kernel，每个都要单独 launch 一次，所以预测快 5 倍，实测 5.09 倍正好对上。"),
        ("Q3", "我用解释器跑了一下：朴素 30 ms、融合 7 ms，大约 4.3 倍，跟字节预测的 4 倍一致。"),
    ],
)
def test_wrong_premises_of_the_second_blind_set_are_vetoed_or_routed(l7, question, text):
    s = score(l7, question, text)
    assert s.veto or s.needs_review


def test_exp_saturating_is_routed(l7):
    """Is "exp 溢出时饱和成 3.4e38，不减也不会出错" a wrong answer a TA grades, not silent credit?"""
    s = score(
        l7, "Q2", "不减最大值也不会出错，exp 溢出以后会饱和到 fp32 最大值 3.4e38，分子分母相除还是对的。"
    )
    assert s.needs_review


def test_prediction_without_memory_bound_is_half(l7):
    """Does "所以约快 4 倍" earn half the prediction, and "访存受限 … 4 倍" all of it?"""
    counts = "朴素读 5MN+2M、写 3MN+2M，融合读 MN 写 MN。"
    bare = score(l7, "Q3", counts + "所以融合大约快 4 倍。")
    bound = score(l7, "Q3", counts + "这个 kernel 访存受限，时间正比于字节，所以预测约快 4 倍。")
    share = {m["concept"] for m in bound.matched}
    assert "prediction" in share
    assert bound.points - bare.points == pytest.approx(0.25)


def test_named_invariance_is_half(l7):
    """Is "softmax 平移不变" (named, no reason) half the invariance concept, and the reason all of it?"""
    head = "fp32 下 x 超过 88.72 时 exp 溢出成 inf，所以要减；减完以后每项 exp 在 (0, 1] 里。"
    named = score(l7, "Q2", head + "softmax 平移不变。")
    reason = score(l7, "Q2", head + "结果不变是因为分子分母同乘 e^{-m}，约掉了。")
    assert reason.points - named.points == pytest.approx(0.25)


# ── rubric_version 5 (built on blind-v3): wrong chains in any word order, and the confidence gate ────


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # a masked lane that reads memory, the object before the verb
        (
            "Q1",
            "多出来的 lane 也会去读显存里后面那一行的数据，other=-inf 再把读进来的数据覆盖掉，所以 max 不受影响。",
        ),
        # exp taken before the max
        ("Q1", "padding 先做 exp 变成 0，然后再取 tl.max，0 比真实值的 exp 都小，所以不会被选中。"),
        # log overflowing on large numbers
        ("Q2", "x 超过 88.7 时 exp 溢出。log-softmax 直接写是因为对数碰到很大的数会溢出成 inf。"),
        # the shift as a subtraction of exp(m)
        ("Q2", "exp 超过 88.7 会溢出。结果不变：e^(x-m) = e^(x) - e^(m)，分子分母每一项都减去同一个 e^m。"),
    ],
)
def test_wrong_chains_in_new_words_are_vetoed_or_routed(l7, question, text):
    s = score(l7, question, text)
    assert s.veto or s.needs_review


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # a numeric claim no pattern reads: fp32's digits as the cause of overflow
        (
            "Q2",
            "fp32 只有 7 位有效数字，所以 exp(20) 就存不下了，会溢出，减最大值后分子分母同乘 e^{-m}，结果不变。",
        ),
        # a wrong bound on the speed: compute
        (
            "Q3",
            "朴素读 5MN+2M、写 3MN+2M，融合读 MN 写 MN，访存受限所以预测 4 倍；小矩阵只有 2 倍，因为这时变成了计算受限。",
        ),
    ],
)
def test_claims_no_pattern_reads_are_routed(l7, question, text):
    assert score(l7, question, text).needs_review


def test_nan_from_underflow_is_no_unread_claim(l7):
    """Is a true description of the failure ("全 -1000 时 exp 下溢成 0，0/0 = NaN") read, not routed?"""
    text = (
        "fp32 的 exp 在 x 超过约 88.72 时溢出成 inf，分母 inf，结果是 NaN；整行都是 -1000 时 exp 全下溢成 0，也会出 NaN。"
        "减去最大值后 x - m ≤ 0，每项在 (0, 1]，分母在 [1, N]。分子分母同乘 e^{-m}，所以结果不变。"
        "log-softmax 直接用 (x - m) - log(分母)，因为先算 softmax 会下溢成 0，log(0) = -inf。"
    )
    s = score(l7, "Q2", text)
    assert "unread" not in s.flags


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        (
            "| 情况 | 不减 max | 减 max |\n| --- | --- | --- |\n| 全体下溢 | 整行 ≈ −1000，e^x 全为 0 | 最大项 e^0 = 1 |",
            False,
        ),
        (
            "fp32 的 exp 在 x 超过约 88.72 时溢出成 inf。减去行最大值后分母至少是 1，上溢、全下溢都不会发生。",
            False,
        ),
        ("还有下溢：整行都是 −1000，exp 全是 0，分母 0，0/0 = NaN。", False),
        ("先算 softmax 的话 e^{−99} 在 fp32 里已经是非规格化数，只剩一两位有效数字。", False),
        ("也不会出 NaN：NaN 要 −∞ − (−∞) 或 0/0，而 m 有限。", False),
        # false twins: a claim about underflow or digits the gate cannot judge still routes
        ("减去行最大值以后整行都会下溢，只剩一两位有效数字。", True),
    ],
)
def test_round57_true_accounts_of_underflow_and_nan_are_read(l7, text, routed):
    """Does the confidence gate read a whole row underflowing named as a table heading or said not to happen, '还有下溢：'
    as a heading, a subnormal keeping a digit or two and what a NaN needs (blind v77's confirm-only routes), while an
    underflow claimed after the shift is still left for a TA?"""
    assert ("unread" in score(l7, "Q2", text).flags) is routed


ROUND_PREMISES = {
    # Are '什么数都比 -inf 大' (max's identity) and '瓶颈全在带宽上' (memory-bound) read as sound premises, while the same words
    # for 0 or for compute are not?
    57: [
        ("Q1", "什么数都比 -inf 大", True),
        ("Q1", "什么数都比 0 大", False),
        ("Q3", "softmax 几乎没什么计算量，瓶颈全在带宽上", True),
        ("Q3", "softmax 的瓶颈全在算力上", False),
    ],
    # Are '两次归约都有它' and 'padding 经历两次归约' read as the padding taking part in both reductions, and their denials not?
    58: [
        ("Q1", "两次归约都有它", True),
        ("Q1", "两次归约都没有它", False),
        ("Q1", "padding 经历两次归约", True),
        ("Q1", "padding 跳过两次归约", False),
    ],
    # Are the lanes kept out of memory and handed other, a finite max and what it rules out, the denominator inf after an
    # overflow and one real thing of an analogy (blind v84-v85's confirm-only routes) read as sound, while their twins are not?
    61: [
        ("Q1", "mask 把它们挡在显存外", True),
        ("Q1", "mask 把它们放进显存里", False),
        ("Q1", "它们直接领到 other", True),
        ("Q1", "m 是有限数", True),
        ("Q1", "m 是无穷大", False),
        ("Q1", "不会出现 -inf - (-inf)", True),
        ("Q1", "会出现 -inf - (-inf)", False),
        ("Q1", "at least one real ship exists", True),
        ("Q1", "at least one padding lane exists", False),
        ("Q2", "分母就是 inf", True),
        ("Q2", "分母就是 1", False),
    ],
    # Are the arithmetic of NaN, a log after an underflow, a worked underflow, an unshifted row of large negatives
    # underflowing and a program handling about 8 short rows (blind v86-v87's confirm-only routes) read as sound, while
    # their twins are not?
    62: [
        ("Q2", "整帧 inf/inf = NaN", True),
        ("Q2", "整帧 inf/inf = 1", False),
        ("Q2", "分母 0，0/0 = NaN", True),
        ("Q2", "再 log 就是 −inf", True),
        ("Q2", "再 log 就是 0", False),
        ("Q2", "先算 softmax 得 e^(−2000)/1.368 = 0", True),
        ("Q2", "先算 softmax 得 e^(−2)/1.368 = 0", False),
        ("Q2", "一行全是很负的数时，exp 全下溢", True),
        ("Q3", "with short rows each program of our kernel handles ~8 rows one after another", True),
        ("Q3", "with short rows each program of our kernel handles 100 rows at once", False),
    ],
    # Is 0 as the sum's identity read after a comma or a code comment's # (blind v98's confirm-only routes), while −∞ as
    # the sum's identity is not?
    68: [
        ("Q1", "第二次归约 tl.sum，0 是加法的单位元", True),
        ("Q1", "d = tl.sum(e, axis=0)  # 0 是加法单位元", True),
        ("Q1", "第二次归约 tl.sum，−∞ 是加法的单位元", False),
    ],
    # Are moving data named the bottleneck in plain words, padded lanes 'masked off' in English, every exp argument at
    # most 0 in English and a kernel step in a comment's stage heading (blind v102-v103's confirm-only routes) read as
    # sound, while their twins are not?
    70: [
        ("Q3", "瓶颈是搬数据不是算", True),
        ("Q3", "瓶颈是算 exp", False),
        ("Q3", "softmax 这种操作算得很少、主要在搬数据", True),
        ("Q1", "Lanes 100..127 are masked off", True),
        ("Q1", "Lanes 100..127 read the next row", False),
        ("explanation", "subtracting it makes every exp argument <= 0", True),
        ("explanation", "subtracting it makes every exp argument <= 10", False),
        ("Q1", "状态 2:exp(x - row_max)", True),
        ("Q1", "状态 2:exp(x + row_max)", False),
    ],
    # Are the padded lanes in both reductions, the max said unchanged by them (hedged, after a fill's condition), the naive
    # kernels short of full bandwidth and each naive op through global memory (blind v108-v109's confirm-only routes) read
    # as sound, while their twins are not?
    73: [
        ("Q1", "padding lane 两次归约都在场", True),
        ("Q1", "padding lane 两次归约都不在场", False),
        ("Q1", "填 -inf 的话，max 大概不会被它们影响", True),
        ("Q1", "填 0.0 的话，max 会被它们影响", False),
        ("Q3", "朴素实现的 5 个小 kernel 自己也跑不满带宽", True),
        ("Q3", "朴素实现的 5 个小 kernel 都受限于 exp 的算力", False),
        ("Q3", "max, subtract, exp, sum and divide each go through global memory", True),
        ("Q3", "max, subtract, exp, sum and divide each stay in registers", False),
    ],
    # Are every z at most 0 and bf16's exponent bits the same as fp32's (blind v110-v111's confirm-only routes) read as
    # sound, while their twins are not?
    74: [
        ("Q2", "每个 z ≤ 0", True),
        ("Q2", "每个 z ≥ 0", False),
        ("Q2", "bf16 的指数位和 fp32 一样是 8 位", True),
        ("Q2", "bf16 的尾数位和 fp32 一样", False),
    ],
    # Are the padding's mask bit false, a hedged max(x, −∞) = x, −∞ never above the real data, e^89 overflowing, 'to not
    # overflow', e to a large negative power, an I/O bottleneck and launch cost on small matrices (blind v112-v113's
    # confirm-only routes) read as sound, while their twins are not?
    75: [
        ("Q1", "padding lane 的 mask 应该是 False", True),
        ("Q1", "padding lane 的 mask 应该是 True", False),
        ("Q1", "如果填 −∞，max(x, −∞) 应该还是 x", True),
        ("Q1", "如果填 0，max(x, 0) 应该还是 x", False),
        ("Q1", "如果填的是 −∞，它可能永远不会比真实数据大", True),
        ("Q1", "它可能永远会比真实数据大", False),
        ("Q2", "e^{89} ≈ 4.49×10^38，已经溢出成 inf", True),
        ("Q2", "e^{80} ≈ 5.5×10^34，已经溢出成 inf", False),
        ("Q2", "为了不溢出吧", True),
        ("Q2", "为了不下溢吧", False),
        ("Q2", "先算 softmax 得到 e^(−2000)", True),
        ("Q2", "先算 softmax 得到 e^(−2)", False),
        ("Q3", "瓶颈是 I/O", True),
        ("Q3", "瓶颈是算力", False),
        ("Q3", "with small matrices the fixed cost of launching each kernel and the latency dominate", True),
        ("Q3", "with large matrices the fixed cost of launching each kernel dominates", False),
    ],
    # Are the padding in both reductions, its contribution 0 under −∞, e^(0 − m) = 1 when m = 0 and the block a power of
    # two (blind v115's confirm-only routes) read as sound, while their twins are not?
    76: [
        ("Q1", "padding lane 两次都在里面", True),
        ("Q1", "padding lane 两次都不在里面", False),
        ("Q1", "−∞ 时 padding 贡献 0", True),
        ("Q1", "0 时 padding 贡献 0", False),
        ("Q1", "m = 0 时正好是 1", True),
        ("Q1", "m = 1 时正好是 1", False),
        ("Q1", "BLOCK_SIZE 是 2 的幂", True),
        ("Q1", "BLOCK_SIZE 是 3 的幂", False),
    ],
    # Are the padding in the max's comparison and the work called memory-bound in the class's words (blind v116-v117's
    # confirm-only routes) read as sound, while their twins are not?
    77: [
        ("Q1", "padding 也参加比较", True),
        ("Q1", "padding 不参加比较", False),
        ("Q3", "这活儿是访存瓶颈，搬多少字节花多少时间", True),
        ("Q3", "这活儿是算力瓶颈", False),
    ],
    # Are short rows as the premise of latency and the test inputs said never to overflow (blind v118-v119's confirm-only
    # routes) read as sound, while their twins are not?
    79: [
        ("Q3", "短行", True),
        ("Q3", "长行", False),
        ("explanation", "3·randn 的输入根本不会溢出", True),
        ("explanation", "3·randn 的输入会溢出", False),
    ],
    # Are every lane in both reductions (in English too), the padding in the sum, an all-negative row in English and the
    # shift called a translation and no scaling (blind v124) read as sound, while their false twins are not?
    84: [
        (
            "Q1",
            "every lane, padding included, goes through two reductions: tl.max, then tl.sum(exp(x - max)).",
            True,
        ),
        ("Q1", "only the real lanes go through the reductions", False),
        ("Q1", "然后 exp(x − max)，再 tl.sum，它们也参与求和", True),
        ("Q1", "它们不参与求和", False),
        ("Q1", "with 0.0: on a row where every logit is negative, the 0 wins the max", True),
        ("Q1", "on a row where every logit is positive, the 0 loses", False),
        ("Q2", "注意只动窗位、不动窗宽（不缩放）", True),
        ("Q2", "它只是平移、不缩放", True),
        ("Q2", "缩放也不变", False),
    ],
    # Are a finite max from at least 1 real element and a code comment's 0 <= e_j <= 1 (blind v127) read as sound, while
    # their false twins are not?
    85: [
        ("Q1", "m 仍是真实最大值（有限，因为至少 1 个真实元素）", True),
        ("Q1", "至少 1 个 padding", False),
        ("Q2", "e = tl.exp(z)  # 0 <= e_j <= 1，且有一项 = 1", True),
        ("Q2", "0 <= e_j <= 2", False),
    ],
    # Is −∞ said to lose to every real value in the max (blind v128) read as sound, while 0 said so is not?
    86: [
        ("Q1", "−∞ 在 max 里比不过任何真实值", True),
        ("Q1", "0 在 max 里比不过任何真实值", False),
    ],
    # Are a finite max from at least one 真数据, the padding's contribution 0 to the denominator and 'tl.max sees them'
    # (blind v130-v131) read as sound, while their false twins are not?
    87: [
        ("Q1", "m 是有限数，因为至少有一个真数据", True),
        ("Q1", "至少有一个 padding", False),
        ("Q1", "padding 对分母贡献 0", True),
        ("Q1", "padding 对分母贡献 1", False),
        ("Q1", "tl.max sees them", True),
        ("Q1", "tl.max never sees them", False),
    ],
    # Are the padding through two aggregations and both reductions having counted them (blind v132-v133) read as sound,
    # while their false twins are not?
    88: [
        ("Q1", "因为它要经过两次聚合", True),
        ("Q1", "因为它不经过任何聚合", False),
        ("Q1", "前面两次归约已经把它们算进去了", True),
        ("Q1", "前面两次归约都没有把它们算进去", False),
    ],
    # Are each e^{x_i − m} in [0, 1] and the max defined as m (blind v135) read as sound, while their false twins are not?
    89: [
        ("Q2", "e^{x_i − m} 应该都在 [0, 1] 里", True),
        ("Q2", "e^{x_i − m} 应该都在 [1, 2] 里", False),
        ("Q2", "设 m = max x_i", True),
        ("Q2", "设 m = min x_i", False),
    ],
    # Are what the fill must be to both reductions, a fill named in a comment, the lanes going through both reductions and
    # '3*randn 不会溢出' (blind v138-v141's confirm-only routes) read as sound, while their twins are not?
    91: [
        ("Q1", "要在两次归约里都消失", True),
        ("Q1", "要在两次归约里都被跳过", False),
        ("Q1", "不影响 max 与 Σ", True),
        ("Q1", "# other=0.0", True),
        ("Q1", "它们跟着一起做 tl.max 和 tl.sum", True),
        ("Q1", "它们跳过 tl.max 和 tl.sum", False),
        ("explanation", "3*randn 不会溢出", True),
        ("explanation", "3*randn 会溢出", False),
    ],
    # Are the padding owed no probability, the store's mask after both reductions, a large fill winning the max, −∞'s exp as
    # what comes out, a 1000 in the row overflowing the denominator, the 0.0 fill on an all-negative row, the work stuck on
    # reading and writing and the fused kernel reading and writing once each (blind v144-v145's confirm-only routes) read as
    # sound, while their twins are not?
    94: [
        ("Q1", "空槽不该分到任何概率", True),
        ("Q1", "空槽应该分到一份概率", False),
        ("Q1", "可那时候 max 和分母已经算完了", True),
        ("Q1", "那时候 max 和分母还没开始算", False),
        ("Q1", "padding 要是填了个比较大的数就会被当成最大值", True),
        ("Q1", "padding 要是填了个比较大的数也不会被当成最大值", False),
        ("Q1", "-inf 减任何有限数还是 -inf，exp 出来是 0", True),
        ("Q1", "-inf 减任何有限数还是 -inf，exp 出来是 1", False),
        ("Q2", "logits 里出现 1000 时分母 +inf", True),
        ("Q2", "logits 里出现 1000 时分母是 1", False),
        ("Q1", "若 other = 0.0 且整行为负", True),
        ("Q1", "若 other = 0.0 且整行为正", False),
        ("Q3", "这种运算卡在读写上", True),
        ("Q3", "这种运算卡在计算上", False),
        ("Q3", "融合只读写各一遍", True),
        ("Q3", "融合读写各八遍", False),
    ],
    # Are the padded lanes not dropped by, vanishing from and counted in both reductions, −∞ as both identities in English, a
    # worked row sum below 1, the mask with a worked width, e^89 past fp32's range and the byte ratio about 4 (blind
    # v146-v147's confirm-only routes) read as sound, while their twins are not?
    95: [
        ("Q1", "统计时这 3 格并没有被剔除", True),
        ("Q1", "统计时这 3 格都被剔除了", False),
        ("Q1", "padding 在两次归约里都要“隐身”", True),
        ("Q1", "然后这些 lane 会跟真实数据一起进 tl.max 和 tl.sum", True),
        ("Q1", "然后这些 lane 不会跟真实数据一起进 tl.max", False),
        ("Q1", "-inf is the identity for both steps", True),
        ("Q1", "0 is the identity for both steps", False),
        ("Q1", "概率和 ≈ 0.16 ≠ 1", True),
        ("Q1", "mask = cols < 5", True),
        ("Q1", "mask = cols > 5", False),
        ("Q2", "e^{89} ≈ 4.5e38 已经超了", True),
        ("Q2", "e^{39} ≈ 8.7e16 已经超了", False),
        ("Q3", "字节数之比约 4", True),
        ("Q3", "字节数之比约 8", False),
    ],
    # Are the padding in both reductions, the denominator inf and the traffic from 8MN to 2MN (blind v148's confirm-only routes)
    # read as sound, while their twins are not?
    96: [
        ("Q1", "padding 两次归约都要参加", True),
        ("Q1", "padding 两次归约都不参加", False),
        ("Q2", "分母为 +inf", True),
        ("Q2", "分母为 1", False),
        ("Q3", "读写从 8mn 降到 2mn", True),
        ("Q3", "读写从 2mn 降到 8mn", False),
    ],
    # Is what the fill must do for both reductions (blind v151's confirm-only routes) read as sound, while its twins are not?
    97: [
        ("Q1", "所以它的值必须让 max 不受影响、exp 之后又让 sum 不受影响", True),
        ("Q1", "所以它的值让 max 受影响、exp 之后又让 sum 受影响", False),
        ("Q1", "padding 的值要同时是 max 的单位元和“exp 之后是 sum 的单位元”", True),
        ("Q1", "它要同时对 max 和 sum 都“中性”", True),
        ("Q1", "它要同时对 max 和 sum 都不中性", False),
    ],
    # Are the largest term said to be 1 and the denominator at least 1 in words (blind v152's confirm-only route) sound?
    98: [
        ("Q2", "最大那个刚好是 1，分母至少是 1", True),
        ("Q2", "最大那个刚好是 0，分母至少是 0", False),
        ("Q2", "分母至少是 10", False),
    ],
    # Are the reductions' blindness to the padding and the max's term written 那一项 (blind v154, v155's confirm-only routes)
    # read as sound, while their twins are not?
    99: [
        ("Q1", "tl.max 不知道哪些 lane 是 padding，tl.sum 也不知道", True),
        ("Q1", "tl.max 知道哪些 lane 是 padding，会跳过它们", False),
        ("Q2", "且 max 那一项 = 1", True),
        ("Q2", "且 max 那一项 = 0", False),
    ],
    # Is the shift written as the tensor method (blind v158's confirm-only route) read as the row max, while the row's min is
    # not?
    101: [
        ("explanation", "# shift = x.max(axis=0)", True),
        ("explanation", "# shift = x.min(axis=0)", False),
    ],
    # Is the common factor in English (blind v172's confirm-only route) read as sound, while its twin is not?
    107: [
        ("Q2", "the original fraction with e^(-m) multiplied into top and bottom", True),
        ("Q2", "e^(-m) is multiplied into the top only", False),
    ],
    # Are the masked store, the log of the softmax written as code and every intermediate '回显存' (blind v177's
    # confirm-only routes) read as sound, while their twins are not?
    109: [
        ("Q1", "输出：带 mask 的 store 不写 padding", True),
        ("Q1", "输出：store 会写 padding", False),
        ("Q2", "错：tl.log(num / den)", True),
        ("Q2", "错：tl.log(num + den)", False),
        ("Q3", "m、z、e、d 每个中间结果都要回显存", True),
        ("Q3", "每个中间结果都要回 CPU", False),
    ],
    # Are time following the bytes, the unshifted row's 0/0 and the shift's invariance as a second reason (blind v178-v179's
    # confirm-only routes) read as sound, while their twins are not?
    110: [
        ("Q3", "行归约吃的是带宽，时间跟字节走", True),
        ("Q3", "时间跟计算量走", False),
        ("Q2", "give 0/0)", True),
        ("Q2", "give 0/1", False),
        ("explanation", "而且不改变结果", True),
        ("explanation", "而且改变结果", False),
    ],
    # Are the exponent written out before 'is <= 0' and the naive version's five one-kernel operators (blind v181's
    # confirm-only routes) read as sound, while their twins are not?
    111: [
        ("Q2", "after subtracting the row max m, every exponent x_j - m is <= 0", True),
        ("Q2", "every exponent x_j - m is >= 0", False),
        ("Q3", "朴素实现 5 个算子各是一个 kernel", True),
        ("Q3", "融合实现 5 个算子各是一个 kernel", False),
    ],
    # Are the true premises that routed honest answers of blind v194-v197 (the shift a mere translation, the time spent
    # on memory traffic, the padding through both reductions, a real class in every row, the direct form against log(0))
    # known, while their false twins are not?
    119: [
        ("Q2", "只是平移", True),
        ("Q2", "只是平移了一下就会溢出", False),
        ("Q3", "时间主要花在搬单据（访存）上", True),
        ("Q3", "访存是大头", True),
        ("Q3", "计算是大头", False),
        ("Q3", "时间主要花在算 exp 上", False),
        ("Q1", "空位的值两轮都要参与", True),
        ("Q1", "至少有 1 个真实类", True),
        ("Q2", "log-softmax 直接写是为了防 log(0)", True),
    ],
    # Are the true premises that routed honest answers of blind v198-v201 (−∞ the sum's identity after exp, 0.0 no
    # identity of the max, the reads and writes counted in passes, bytes setting the time, the largest term 1) known,
    # while a false twin is not?
    121: [
        ("Q1", "它是 exp 之后 sum 的单位元", True),
        ("Q1", "0.0 不是 max 的单位元", True),
        ("Q3", "朴素实现读 5 遍写 3 遍，融合的只读一遍写一遍", True),
        ("Q3", "搬运量（字节）决定时间", True),
        ("Q2", "exp 之后最大是 1", True),
        ("Q2", "exp 之后最大是 2", False),
    ],
    # Are the true premises that routed honest answers of blind v206-v209 (the padding nothing in the sum, the max that of
    # the real elements, every real value above −∞, a constant added to a whole row, each naive kernel reading the matrix
    # once, memory taking the time, the store's mask, exp past fp32's range) known, while a false twin is not?
    124: [
        ("Q1", "tl.sum 里等于没有", True),
        ("Q1", "m 是真实元素的最大值、有限", True),
        ("Q1", "任何真实值都比它大", True),
        ("Q2", "softmax 对整列加减同一个常数不变", True),
        ("Q3", "Each one reads the full matrix once", True),
        ("Q3", "访存占了几乎全部时间", True),
        ("Q1", "store 的 mask 只保证输出不越界", True),
        ("Q2", "x 很大时 exp(x) 超出 fp32 范围变成 inf", True),
        ("Q2", "softmax 对整列乘同一个常数不变", False),
    ],
    # Are the true premises that routed honest answers of blind v210-v211 (the reductions taking the padding in, a 0.0
    # lane above 0 after exp, the memory traffic the bottleneck, the fused kernel's bandwidth the higher, each row read
    # and written once, shift filled with the row's max) known, while false twins are not?
    125: [
        ("Q1", "值 = other，后面 tl.max、tl.sum 照样算进去", True),
        ("Q1", "填 0.0 的话，每个 padding lane exp 之后大于 0", True),
        ("Q3", "跑腿（显存流量）是瓶颈", True),
        ("Q3", "融合的带宽更高", True),
        ("Q3", "each row is read once and written once", True),
        ("explanation", "shift 填上一行的 row_max", True),
        ("Q3", "计算是瓶颈", False),
        ("Q3", "朴素的带宽更高", False),
    ],
    126: [
        ("Q2", "it's the same as multiplying top and bottom by e^{-m}", True),
        ("Q2", "it's the same as multiplying top and bottom by e^{m} twice", False),
        ("Q1", "The denominator is too big by the number of padding lanes", True),
        ("Q1", "The denominator is too small by the number of padding lanes", False),
        ("Q3", "Each one reads the whole M×N matrix", True),
    ],
    134: [
        ("Q1", "先是 tl.max", True),
        ("Q1", "先是 tl.sum 跳过它们", False),
        ("Q1", "分母会变大", True),
        ("Q1", "分母会变小", False),
    ],
    # Is the store's mask said not to reach the reductions read as a sound premise, and its denial not?
    138: [
        ("Q1", "store 的 mask 只管最后一步输出，管不到中间这两次归约", True),
        ("Q1", "store 的 mask 管得到中间这两次归约", False),
        # Is the case a code comment names before its arrow (rows of ±1000, the log of the softmax) read as sound, and other rows not?
        ("Q2", "# x = 1000", True),
        ("Q2", "# x 全是 -1000", True),
        ("Q2", "# x = 10", False),
        ("Q2", "# log(softmax)", True),
        ("Q2", "# log(exp)", False),
    ],
    # Are the max's identity hedged with 大概, the mask said to act on memory only and the reductions said not to know the padded
    # lanes read as sound premises, while a different value after the max and the mask said to act on the reductions are not?
    139: [
        ("Q1", "max(x, −∞) 大概还是 x", True),
        ("Q1", "max(x, −∞) 大概还是 −∞", False),
        ("Q1", "mask 只作用于访存，不作用于归约", True),
        ("Q1", "mask 只作用于归约，不作用于访存", False),
        ("Q1", "tl.max 和 tl.sum 并不知道哪个 lane 是 padding", True),
        ("Q1", "tl.max 和 tl.sum 知道哪个 lane 是 padding", False),
    ],
    # Are a block width that must be a power of two, an all-negative row as an inequality, a masked lane's register
    # holding other and every intermediate written out and read back read as sound, while their twins are not?
    144: [
        ("Q1", "但块宽必须是 2 的幂", True),
        ("Q1", "但块宽可以是任意值", False),
        ("Q1", "# 若 other=0.0 且整行 < 0", True),
        ("Q1", "# 若 other=0.0 且整行 > 0", False),
        ("Q1", "但寄存器里照样有一个值，就是 other", True),
        ("Q1", "但寄存器里没有值", False),
        (
            "Q3",
            "every intermediate (z, e, y, plus the max and sum vectors) is written out and read back",
            True,
        ),
        ("Q3", "every intermediate (z, e, y, plus the max and sum vectors) stays in registers", False),
    ],
    # Are the small shapes called small in English and the naive version's bandwidth below the fused kernel's read as sound,
    # while the large shapes and a naive bandwidth above the fused one are not?
    146: [
        ("Q3", "Those matrices are small (2 MB, 16 MB)", True),
        ("Q3", "Those matrices are large (256 MB)", False),
        ("Q3", "朴素 512 MiB / 0.1997 ms ≈ 2.69 TB/s，比融合低", True),
        ("Q3", "朴素 512 MiB / 0.1997 ms ≈ 2.69 TB/s，比融合高", False),
    ],
    # Are the true premises blind v258-v259 routed only for a TA to confirm (the traffic cut about fourfold, the bottleneck at the
    # memory behind an analogy, the naive kernels short of the bandwidth, a program looping over several rows, the shift named the
    # max just taken) known, while their false twins are not?
    148: [
        ("Q3", "读写少了约 4 倍", True),
        ("Q3", "读写多了约 4 倍", False),
        ("Q3", '这种算子瓶颈在"跑档案室"(访存)', True),
        ("Q3", '这种算子瓶颈在"算账"(计算)', False),
        ("Q3", "朴素的 5 个小 kernel 各自都没把带宽跑满", True),
        ("Q3", "朴素的 5 个小 kernel 各自都把算力跑满", False),
        ("Q3", "我们一个 program 要串着处理好几行", True),
        ("Q3", "我们一个 program 只处理一个元素", False),
        ("Q3", "each of our programs loops over ~8 rows", True),
        ("Q3", "each of our programs skips over ~8 rows", False),
        ("explanation", "它就是上一行刚算好的行最大值", True),
        ("explanation", "它就是上一行刚算好的行最小值的两倍", False),
    ],
    # Is every term scaled by the same e^(−c) (blind v260 l7v260-q2-002, a confirm-only route) a known premise, while every term
    # with it added is not?
    149: [
        ("Q2", "每一项都乘了 e^(-1000)", True),
        ("Q2", "每一项都加了 e^(-1000)", False),
    ],
    # Are the true premises blind v268 routed only for a TA to confirm (the time going into moving data, the time in proportion
    # to the bytes moved) known, while their false twins are not?
    153: [
        ("Q3", "softmax 这种运算主要耗在搬数据上", True),
        ("Q3", "softmax 这种运算主要耗在算 exp 上", False),
        ("Q3", "时间大致跟搬的字节数成正比", True),
        ("Q3", "时间大致跟 exp 的次数成正比", False),
    ],
    # Is the shift's two effects in one clause ('减去之后不会溢出且结果不变', blind v273, a confirm-only route) known, while the result said
    # to change is not?
    155: [
        ("explanation", "减去之后不会溢出且结果不变", True),
        ("explanation", "减去之后不会溢出且结果会变", False),
    ],
    # Are the slots said to take part in both aggregations read as a sound premise, while one aggregation denied is not?
    157: [
        ("Q1", "这些槽位会参与两次聚合", True),
        ("Q1", "这些槽位不会参与一次聚合", False),
    ],
    # Are the true premises blind v282 and v283 routed only for a TA to confirm (lanes having mask False, numerator and denominator
    # multiplied by the same factor, the differences unchanged, -inf - (-inf) never computed; and, routed once a wrapped line joined
    # their sentences, only the store dropping the lanes and the lanes taking part in two reduces) known, while their false twins
    # are not?
    160: [
        ("Q1", "Lanes 5, 6, 7 have mask False", True),
        ("Q1", "Lanes 5, 6, 7 have mask True", False),
        ("Q2", "it multiplies numerator and denominator by the same e^(-m)", True),
        ("Q2", "it multiplies numerator and denominator by different factors", False),
        ("explanation", "而分差不变", True),
        ("explanation", "而分差变了", False),
        ("Q1", "we never compute -inf - (-inf)", True),
        ("Q1", "we often compute -inf - (-inf)", False),
        ("Q1", "只有输出阶段的 store 才把它们丢掉", True),
        ("Q1", "只有输出阶段的 store 才把它们算进去", False),
        ("Q1", "接下来它们参与两次 reduce", True),
        ("Q1", "接下来它们不参与两次 reduce", False),
    ],
    # Are the true premises blind v285 routed only for a TA to confirm (no memory request issued, the padding 0 beating every real
    # value of an all-negative row, in English and in Chinese) known, while their false twins are not?
    161: [
        ("Q1", "被 mask 的 lane 不发出访存请求", True),
        ("Q1", "被 mask 的 lane 照样访问显存", False),
        ("Q1", "on a row that is all negative, the padding 0 beats every real value", True),
        ("Q1", "on a row that has a positive value, the padding 0 loses to it", False),
        ("Q1", "在一行全为负数时，0 比所有真实值都大", True),
        ("Q1", "在一行有正数时，0 比所有真实值都小", False),
    ],
    # Are the true premises blind v286 and v287 routed only for a TA to confirm (the time named by memory access in brackets, the
    # padding 0 becoming the max, the mask blocking lanes, in English) known, while their false twins are not?
    162: [
        ("Q3", "路上时间（访存）占大头", True),
        ("Q3", "路上时间（计算）占大头", False),
        ("Q1", "the padding 0 becomes the max", True),
        ("Q1", "the padding 0 stays below the real max", False),
        ("Q1", "the mask cols < N blocks lanes 5-7", True),
        ("Q1", "the mask cols < N keeps lanes 5-7", False),
    ],
    # Are the true premises blind v292 and v293 routed only for a TA to confirm (−inf − m still −inf, each lane's 1 once m = 0,
    # the ±1000 rows overflowing, the shared factor in English, the shift filled with row_max, the lanes present throughout, the
    # intermediates' round trip) known, while their false twins are not?
    165: [
        ("Q1", "−inf − m is still −inf", True),
        ("Q1", "−inf − m is still finite", False),
        ("Q1", "m = 0 时各贡献 1", True),
        ("Q1", "m = 0 时各贡献 0", False),
        ("explanation", "但 ±1000 的行会溢出成 NaN", True),
        ("explanation", "减了 max 以后 ±1000 的行会溢出成 NaN", False),
        ("explanation", "numerator and denominator both get e^(-row_max)", True),
        ("explanation", "numerator and denominator both get 1", False),
        ("explanation", "shift 填上一行已经算好的 row_max", True),
        ("explanation", "shift 填上一行已经算好的 row_sum", False),
        ("Q1", "padding lane 全程在场", True),
        ("Q1", "padding lane 全程不在场", False),
        ("Q3", "every intermediate (x - m, exp, the sums) makes a round trip through HBM", True),
        ("Q3", "no intermediate makes a round trip through HBM", False),
    ],
    # Are the true premises blind v295 routed only for a TA to confirm (the row reduction limited by memory access, its time spent
    # on the moves, the reduction ignoring the mask in Chinese and English) known, while their false twins are not?
    166: [
        ("Q3", "行归约受访存限制", True),
        ("Q3", "行归约受算力限制", False),
        ("Q3", "行归约的时间主要花在“搬运”（访存）上", True),
        ("Q3", "行归约的时间主要花在算 exp 上", False),
        ("Q1", "tl.max 对 8 个 lane 归约，不看 mask", True),
        ("Q1", "tl.max 不看 mask 掉的 lane", False),
        ("Q1", "tl.max reduces over all 8 lanes and has no idea which ones are masked", True),
        ("Q1", "tl.max skips the lanes that are masked", False),
    ],
    # Are the true premises blind v296 and v297 routed only for a TA to confirm (the time spent on the bandwidth, the time set by the
    # bytes moved, the exponents all ≤ 0, the five steps one kernel each) known, while their false twins are not?
    167: [
        ("Q3", "时间主要花在库房进出（显存带宽）上", True),
        ("Q3", "时间主要花在算 exp 上", False),
        ("Q3", "行归约的时间基本由搬运量（字节数）决定", True),
        ("Q3", "行归约的时间基本由计算量决定", False),
        ("Q2", "指数全 ≤ 0", True),
        ("Q2", "指数全 > 0", False),
        ("Q3", "因为 max、减法、exp、求和、除法各是一个 kernel", True),
        ("Q3", "因为 max、减法、exp、求和、除法合成一个 kernel", False),
    ],
    # Are the true premises blind v300 routed only for a TA to confirm (the shift as the one condition, every x_j − m at most 0
    # in English, the work slow for its carrying, each program walking several short rows) known, while their false twins
    # are not?
    169: [
        ("Q2", "只有减行最大值, 才", True),
        ("Q2", "只有减行最小值, 才", False),
        ("Q2", "after subtracting the row max every x_j - m is <= 0", True),
        ("Q2", "every x_j - m is positive", False),
        ("Q3", "这活儿慢就慢在搬运上", True),
        ("Q3", "这活儿慢就慢在计算上", False),
        ("Q3", "with short rows each program walks about 8 rows one after another", True),
        ("Q3", "each program walks one column", False),
    ],
    # Are the true premises blind v305 routed only for a TA to confirm (the worked row's fraction on its own line, N and
    # BLOCK_SIZE closing a premise, the two sides' bandwidths said to differ) known, while their false twins are not?
    171: [
        ("Q1", "0.5780 / 3.5780 ≈ 0.16, 远小于 1", True),
        ("Q1", "0.5780 / 3.5780 ≈ 0.16, 远大于 1", False),
        ("Q1", "我们的纹样分类器有 5 类, n = 5, block_size 取 8", True),
        ("Q1", "我们的纹样分类器有 5 类", False),
        ("Q3", "两边带宽不一样", True),
        ("Q3", "两边带宽一样", False),
    ],
    # Are the true premises blind v306-v307 routed only for a TA to confirm (the ratio named with its value, a real lane
    # that keeps the max finite) known, while their false twins are not?
    172: [
        ("Q3", "比值 ≈ 4.0005", True),
        ("Q3", "比值 ≈ 8", False),
        ("Q1", "至少一个真实 lane", True),
        ("Q1", "至少一个 padding lane", False),
    ],
}


@pytest.mark.parametrize(
    ("text", "unread"),
    [
        ("不减的话 exp(100) 溢出成 inf，分母 inf，NaN。", False),
        ("不减的话 exp(100) 溢出成 inf，分母 inf，第一个概率 NaN。", False),
        ("logits 一发散 exp 就是 inf，分母 inf，inf/inf = NaN，loss 就 NaN 了。", False),
        ("exp 溢出成 inf，分母 inf，除出来 NaN。", False),
        ("exp 溢出成 inf，NaN 让 max 变小。", True),
    ],
)
def test_round70_the_ends_of_the_nan_chain_are_read(l7, text, unread):
    """Are a bare NaN after a denominator the normalizer writes as +inf, a NaN loss and a NaN quotient read as the
    overflow's visible end (blind v102-v103, calibration), while a NaN offered as a cause is still left for a TA?"""
    assert ("unread" in score(l7, "Q2", text).flags) is unread


@pytest.mark.parametrize(
    ("question", "text", "read"),
    [
        ("Q2", "x 很大时 exp(x) 在 fp32 里会变成 inf，然后就 NaN 了。", True),
        ("Q2", "整行就 NaN 了，后面全错。", True),
        ("Q2", "减最大值的原因是 exp 在 x>88.72 溢出，一行就 NaN。", True),
        ("Q2", "NaN 会让整行的 max 变小。", False),
        ("Q2", "无穷加无穷等于 NaN，后面全错。", False),
        ("Q2", "exp 溢出成 inf，分子是 1，NaN，后面全错。", False),
    ],
)
def test_round124_a_nan_closing_its_clause_is_no_claim(l7, question, text, read):
    """Is a NaN that closes its clause (the failure's stated end, '…就 NaN 了') no claim for the gate, while a NaN that
    does something in its clause, that an equation yields or that stands alone is still left for a TA (lesson 7
    version 124: of the calibration answers routed only for an unread NaN, 150 were confirmed to 7 caught)?"""
    assert (unread(l7.questions[question], prepare(text, l7), l7, []) == []) is read


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    round_params(ROUND_PREMISES),
)
def test_each_round_s_true_premises_are_known_and_their_false_twins_are_not(l7, question, premise, sound):
    """Is every true premise a blind round showed routed only for a TA to confirm read as sound in the round's own words,
    while the false twin beside it is not?"""
    assert known(l7, question, premise) is sound


# ── rubric_version 6 (built on blind-v4): the note against a wrong blank, derivations, true wordings ────


def test_note_justifying_a_shift_the_code_does_not_hold_is_routed(l7):
    """A note that explains row_max for code whose shift is 0.0 earns nothing silently: a TA sees it."""
    text = "other 是 -inf：max 里它永远输，exp 之后为 0。shift 是 row_max：减掉行最大值后 exp 不会溢出。检查通过。"
    s = score(l7, "explanation", text, {"blank": "-float('inf'), 0.0", "checks_passed": True})
    assert s.needs_review and s.points == 0


def test_note_with_the_right_blanks_in_other_words_earns_full_marks(l7):
    text = "第一格 -inf：它在 max 裡不會勝出，exp 之後為 0，不進分母。第二格 row_max：減掉最大值後 exp 不會溢位。檢查通過。"
    s = score(l7, "explanation", text)
    assert s.points == 1.0 and not s.needs_review


def test_a_derivation_in_formulas_is_not_finalized_low(l7):
    """The derivation "需要 other ≤ 所有真实值 ⇒ −∞" states the max's identity in a formula."""
    text = (
        "(1) 被 mask 的 lane 不访存，值就是 other。"
        "(2) 要让 m 是真实最大值，需要 other ≤ 所有真实值 ⇒ 只有 −∞ 对任意输入成立。"
        "(3) 需要 exp(other − m) = 0 ⇒ other = −∞。"
        "若 other = 0.0：真实值全 < 0 时 m = 0，错了。"
    )
    s = score(l7, "Q1", text)
    assert s.points >= 1.5 or s.needs_review


# ── rubric_version 7 (built on blind-v5): new wrong chains, 0.0 called harmless, true premises read ─────


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Q2", "exp 超过 88.7 溢出。先减去行最大值，让所有数都变成正数，exp 就不会下溢。"),
        ("Q2", "fp32 下 exp(100) = inf。减掉 max 以后 x - m ≥ 0，所以 exp 不会变成 0，分子分母同乘 e^{-m}。"),
        (
            "Q2",
            "exp(1000) overflows to inf. Subtracting the max makes every entry non-negative, so nothing underflows.",
        ),
        ("Q3", "朴素 8MN+4M，融合 2MN。加速约 4 倍是因为 num_warps = 4，每个 warp 负责四分之一。"),
        ("Q3", "The fused kernel is about 4x faster because of num_warps = 4: four warps share each row."),
    ],
)
def test_shift_made_positive_and_warps_as_the_speedup_are_vetoed(l7, question, text):
    """Does the rubric veto 'the shift makes the numbers positive' and 'num_warps = 4 gives the 4×' in any
    wording (and send the veto to a TA)?"""
    s = score(l7, question, text)
    assert s.veto and s.needs_review and s.points == 0


@pytest.mark.parametrize(
    "text",
    [
        "要填 -inf。要是填 0.0，最大值其实不会错，因为 tl.max 只看 mask 为 True 的元素。",
        "other 填 -inf。换成填 0 的话对分母没有影响，只是 max 可能不对。",
        "填 -inf。exp 之后这些 lane 会被 mask 掉，所以填多少都不进分母。",
    ],
)
def test_zero_fill_called_harmless_is_routed(l7, text):
    """Does an answer that says 0.0 leaves the max or the denominator right go to a TA, in any wording?"""
    s = score(l7, "Q1", text)
    assert s.needs_review and "suspect:zero_fill_harmless" in s.flags


def test_refuted_reported_beliefs_are_no_claim(l7):
    """Is "有人以为…是因为 num_warps=4，或者少启动了 kernel——都不是" a refutation, neither a veto nor a route?"""
    text = (
        "有同学觉得加速是因为 num_warps=4，或者只启动一次 kernel——都不是。朴素读 5MN+2M、写 3MN+2M，"
        "融合读 MN、写 MN，访存受限，时间正比于字节数，所以预测约 4 倍。实测 4096×4096 是 5.09 倍，符合；"
        "N=128 只有 2.01 倍，因为中间结果留在 L2 缓存里。"
    )
    s = score(l7, "Q3", text)
    assert not s.veto and not s.needs_review and s.points == 2.0


def test_small_shapes_launch_overhead_is_a_known_premise(l7):
    """Is the lesson's own reason for the small shapes (a matrix of a few MB, launch overhead dominating,
    intermediates in L2) a sound premise, so a full answer resting on it is not routed?"""
    text = (
        "朴素实现的中间结果经过显存，读 5MN+2M、写 3MN+2M；融合读 MN、写 MN。访存受限，时间正比于字节数，"
        "所以预测约 4 倍。大矩阵实测 5.09 倍，符合；N=1000 只快 1.61 倍，因为矩阵只有 16 MB，"
        "中间结果待在 L2 里，而且启动开销占了主导。"
    )
    s = score(l7, "Q3", text)
    assert s.points == 2.0 and not s.needs_review


def test_the_questions_own_condition_does_not_deny_the_overflow(l7):
    """In "不减 max 的话 exp 会溢出" the 不 denies the shift, not the overflow: the concept is earned."""
    s = score(l7, "Q2", "不减最大值时，大的 x 的 exp 会溢出成 inf。")
    assert "overflow" not in s.missing


def test_a_bare_fill_without_its_lanes_is_half_the_input_stage(l7):
    """Does "所以填 −∞" alone (the question's conclusion, no lane, mask or load) earn only half the input
    stage, and a fill placed on its lanes the whole of it?"""
    bare = score(l7, "Q1", "−∞ 是 max 的单位元，exp(−∞) = 0，所以填 −∞。")
    placed = score(
        l7, "Q1", "被 mask 的 lane 不读显存，load 时给它们填 −∞；−∞ 是 max 的单位元，exp(−∞) = 0。"
    )
    assert "stand_in:input_fill" in bare.flags
    assert "stand_in:input_fill" not in placed.flags and "input_fill" not in placed.missing


def test_zero_failures_without_condition_or_count_are_half(l7):
    """Are "max 会变成 0，分母变大" (no all-negative row, no count) half the 0.0 failure, and the same with the
    condition the whole of it?"""
    vague = score(l7, "Q1", "填 0.0 的话 max 会变成 0，分母变大。")
    exact = score(l7, "Q1", "填 0.0 的话，假如一行全是负数，max 就会被 0 顶替，分母多出 padding 的个数。")
    assert "stand_in:zero_failure" in vague.flags
    assert "stand_in:zero_failure" not in exact.flags and "zero_failure" not in exact.missing


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Q1", "Padded lanes hold other because they are masked, and other is -inf, the identity of max."),
        (
            "Q2",
            "x 超过 88.7 时 exp 溢出。因为分子分母都含有因子 e^(−m)，约去后与原式相等，所以结果不变。",
        ),
        (
            "explanation",
            "First blank: -float('inf'), so padded lanes never win the max and exp(-inf) = 0 in the sum. "
            "Second blank: row_max, so every exponent is <= 0 and exp cannot overflow. Checks passed.",
        ),
        (
            "explanation",
            "填 −∞ 才能让 padding 在 max 中不胜出、exp 后为 0；shift 填 row_max，减去最大值后 exp 不会溢出。检查通过。",
        ),
        (
            "Q2",
            "很多人以为减最大值是为了提高精度，其实不对：它防止 exp 溢出，分子分母同乘 e^{-m}，结果相等（只差舍入）。",
        ),
    ],
)
def test_true_premises_in_new_words_are_not_routed(l7, question, text):
    """Are true statements of the lesson (lanes masked, a common factor e^(−m) cancelled, the note's
    headings in English, the fill as a premise, a belief reported to be refuted, 'up to rounding') read
    without a TA?"""
    s = score(l7, question, text)
    assert not s.needs_review, s.flags


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "Q3",
            "朴素读 5MN+2M、写 3MN+2M，融合读 MN、写 MN，访存受限，时间正比于字节数，所以预测约 4 倍。"
            "实测 5.09 倍比 4 倍多，是因为朴素的小 kernel 跑不满带宽，而字节模型默认两边带宽相同。",
        ),
        (
            "Q2",
            "x 大于 88.7 时 exp 上溢成 inf；输入都在 -2000 左右时全部下溢，分母为 0，0/0 = NaN。"
            "减去最大值后 x - m ≤ 0，每项在 (0, 1]。分子分母同乘 e^{-m}，所以结果不变。"
            "log-softmax 写成 (x - m) - log(d)，因为 log(0) of an underflowed probability would be -inf。",
        ),
        (
            "Q1",
            "被 mask 的 lane 不读显存，值就是 other。−∞ 在 max 里永远输，exp 后又成为加法的单位元 0，"
            "⇒ −∞ 同时是 max 的单位元、exp 之后是求和的单位元，所以填它。"
            "填 0.0：全负的行 max 被顶成 0，分母多出 padding 的个数，行和小于 1。",
        ),
        (
            "explanation",
            "I filled other with -float('inf') so masked lanes never win the max and exp(-inf) = 0 in the sum, "
            "and shift with row_max, so every exponent is <= 0 and exp cannot overflow. Checks passed.",
        ),
    ],
)
def test_true_descriptions_of_round_7_are_read(l7, question, text):
    """Are what the byte model assumes, very negative rows underflowing, log(0) = -inf in English, the
    identity of the sum after exp and a note's 'filled other with' read as true, without a TA?"""
    s = score(l7, question, text)
    assert not s.needs_review, s.flags


# ── rubric_version 8 (built on blind-v6): parallelism as the speed-up, number-valued claims, facts audited ─


@pytest.mark.parametrize(
    "text",
    [
        "朴素读 5MN+2M、写 3MN+2M，融合读 MN、写 MN。融合用的 program 更多，并行度更高，所以快 4 倍。",
        "朴素读 5MN+2M、写 3MN+2M，融合读 MN、写 MN。预测快 4 倍，因为融合的 SM 占用率是朴素的 4 倍。",
        "Naive reads 5MN+2M and writes 3MN+2M; fused reads MN and writes MN. It is 4x faster because of more programs in flight.",
    ],
)
def test_parallelism_as_the_speedup_is_vetoed(l7, text):
    """Does the rubric veto a predicted speed-up credited to parallelism, the program count, the SMs or
    the occupancy, in any wording (and send the veto to a TA)?"""
    s = score(l7, "Q3", text)
    assert s.veto and s.needs_review and s.points == 0


def test_small_shapes_not_filling_the_gpu_is_no_parallelism_veto(l7):
    """Is "小矩阵并行度不够…所以加速不明显" (why small shapes fall short, no speed-up credited to it) no veto?"""
    text = (
        "朴素读 5MN+2M、写 3MN+2M，融合读 MN、写 MN，访存受限，时间正比于字节数，所以预测约 4 倍。"
        "大矩阵实测 5.09 倍，符合；小矩阵并行度不够，SM 吃不满，所以加速不明显，只有 2.01 倍。"
    )
    s = score(l7, "Q3", text)
    assert not s.veto and s.points == 2.0


@pytest.mark.parametrize(
    "text",
    [
        "朴素读 5MN+2M、写 3MN+2M，融合读 MN、写 MN。融合 kernel 是 Triton 编译的，编译器更聪明，所以预测快 4 倍。",
        "朴素读 5MN+2M、写 3MN+2M，融合读 MN、写 MN。因为 GPU 有很多流水线，所以快 4 倍。",
        "朴素读 5MN+2M、写 3MN+2M，融合读 MN、写 MN，融合的寄存器更快，所以快 4 倍。",
    ],
)
def test_a_number_valued_speedup_from_an_unknown_reason_is_routed(l7, text):
    """Does a speed-up stated as a number ("所以快 4 倍") drawn from a reason the rubric does not know go to
    a TA instead of earning the prediction's credit silently?"""
    assert score(l7, "Q3", text).needs_review


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # "并行度是 4.0 倍" and "实测 8.5 倍" are no measurement of the lesson.
        ("Q3", "朴素读 5MN+2M、写 3MN+2M，融合读 MN、写 MN。并行度是 4.0 倍，所以预测快 4 倍。"),
        ("Q3", "朴素读 5MN+2M、写 3MN+2M，融合读 MN、写 MN。我估计能快 8.5 倍，所以预测快 8 倍。"),
        # "−∞ 比真实值大" is not the identity; "exp(0 − m) = 0" is not the 0.0 fill's effect.
        (
            "Q1",
            "被 mask 的 lane 不读显存，值是 other = −∞。−∞ 比真实值大，所以 max 不受影响；exp(−∞) = 0，分母不变。",
        ),
        ("Q1", "被 mask 的 lane 不读显存，值是 other = 0.0。exp(0 − m) = 0，所以填 0.0 分母也不变。"),
        # The 0.0 fill given the identity's words, or either fill said to do.
        (
            "Q1",
            "被 mask 的 lane 不读显存，值是 other。填 0.0 时 padding 也不会胜出，所以 max 正确；exp(0 − m) 进分母。",
        ),
        (
            "Q1",
            "padding lane 也会被算进去。我觉得填 −∞ 和填 0 都可以，因为 store 有 mask，所以结果不受影响。",
        ),
    ],
)
def test_false_premises_in_the_words_of_a_fact_are_not_facts(l7, question, text):
    """Is a false claim written with a fact's words ("并行度是 4.0 倍", "−∞ 比真实值大", "exp(0 − m) = 0",
    "0.0 也不会胜出") kept from reading as the known premise, so the answer goes to a TA?"""
    s = score(l7, question, text)
    assert s.needs_review or s.veto


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "Q1",
            "输入：cols ≥ N 的 lane → mask=False → 不访存 → 值 = other（−∞）。状态：它们一起进 tl.max，"
            "max(x, −∞) = x，所以 max 不变；exp(−∞ − m) = 0，tl.sum 加 0 不改变分母。输出：store 带 mask。"
            "填 0.0：全负的行 max 被顶成 0，分母每个 padding lane 多 1，行和 < 1。",
        ),
        (
            "Q1",
            "Input: masked lanes never touch memory, the load just gives them other = -inf. State: max(x, -inf) = x, so "
            "the max is the real one; exp(-inf - m) = 0, so they add nothing to the sum. Output: the store is masked. "
            "With 0.0: in an all-negative row the padding 0 beats every real value, so the max becomes 0, and each "
            "padding lane adds exp(0 - 0) = 1 to the denominator, so the row sums to less than 1.",
        ),
        (
            "Q2",
            "Because exp grows so fast: in fp32 exp(x) is inf above about 88.72, and inf/inf = NaN. After the shift "
            "every exponent is <= 0, the max term is 1 and the denominator is in [1, N]. The result is unchanged "
            "because numerator and denominator are both multiplied by e^(-m). log(softmax) gives log(0) = -inf where "
            "softmax underflows, so we write (x - m) - log(d).",
        ),
    ],
)
def test_true_premises_of_round_8_are_read(l7, question, text):
    """Are true premises blind v6 showed routed (a masked lane never touching memory, "tl.sum 加 0 不改变",
    0 beating an all-negative row, exp growing fast) read, so a full answer is final full marks?"""
    s = score(l7, question, text)
    assert s.points == 2.0 and not s.needs_review


def test_a_misconception_named_as_such_is_reported(l7):
    """Is a belief introduced as a common misconception ("常见的误解是：…") and then refuted no claim of the
    student's, neither a veto nor a route?"""
    text = (
        "常见的误解是：padding lane 被 mask 了，tl.max 和 tl.sum 就会跳过它们。这是错的。输入阶段被 mask 的 lane "
        "不访存，寄存器里放的是 other（−∞）；它们照样进 tl.max，max(x, −∞) = x，所以 max 不变；exp(−∞ − m) = 0，"
        "所以分母不变；store 带 mask。填 0.0：全负的行 max 被顶成 0，分母每个 padding lane 多 1，行和 < 1。"
    )
    s = score(l7, "Q1", text)
    assert not s.veto and s.points == 2.0


def test_formulas_in_chinese_words_earn_their_concepts(l7):
    """Is a full answer written with numbers and formulas in words ("八十八点七二", "e 的零次方",
    "五倍 MN 加二倍 M") scored like its digits?"""
    q2 = score(
        l7,
        "Q2",
        "因为 fp32 最大约三点四乘十的三十八次方，所以 x 大于八十八点七二时 e 的 x 次方溢出成无穷大。减去最大值后每个指数都"
        "小于等于零，最大那项是 e 的零次方也就是一，分母至少是一。分子分母同乘 e 的负 m 次方，结果不变。"
        "先算 softmax 再取对数，下溢成零的位置取对数得负无穷。",
    )
    q3 = score(
        l7,
        "Q3",
        "朴素一共读五倍 MN 加二倍 M，写三倍 MN 加二倍 M；融合读一倍 MN 写一倍 MN。访存受限，时间和字节数成正比，"
        "所以预测大约四倍。实测四千零九十六见方快五点零九倍，符合；N 等于一百二十八时只快二点零一倍，"
        "因为矩阵小，中间结果留在 L2 缓存里。",
    )
    assert q2.points == 2.0 and not q2.needs_review
    assert q3.points == 2.0 and not q3.needs_review


@pytest.mark.parametrize(
    ("question", "text", "routed"),
    [
        (
            "Q3",
            "朴素读 5MN+2M、写 3MN+2M，融合读 MN、写 MN，访存受限，时间正比于字节数，所以预测约 4 倍。"
            "我跑了一下，大矩阵快了 4.6 倍，符合；小矩阵只有 2 倍，因为中间结果留在 L2 里。",
            True,
        ),
        (
            "explanation",
            "other 填 float('-inf')，max 里不胜出、exp 后为 0；shift 填 row_max，防止 exp 溢出。检查通过，我测出来融合比 torch 快 1.3 倍。",
            True,
        ),
        # The lesson's own measurement quoted: no claim of a run.
        (
            "Q3",
            "朴素读 5MN+2M、写 3MN+2M，融合读 MN、写 MN，访存受限，时间正比于字节数，所以预测约 4 倍。"
            "我没有 GPU，第 3 节实测大矩阵 5.09 倍，符合；N=128 只有 2.01 倍，因为中间结果留在 L2 里。",
            False,
        ),
    ],
)
def test_a_speed_the_student_measured_goes_to_a_ta_in_any_answer(l7, question, text, routed):
    """Does a speed figure the student says it measured ("我跑了一下，快了 4.6 倍", "我测出来快 1.3 倍") go to a
    TA in any answer, while the lesson's own numbers quoted from section 3 do not?"""
    s = score(l7, question, text)
    assert ("suspect:own_measurement" in s.flags) is routed
    assert s.needs_review is routed


# ── rubric_version 9 (built on blind-v7): routes a TA would only confirm, read by strict facts ──────────


@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        # A step of the kernel named in a clause of its own, never a step with a wrong claim inside it.
        ("Q1", "先是 tl.max 求出每行的最大值 m", "tl.max 跳过 padding 求最大值"),
        ("Q1", "接着 tl.sum 求分母", "接着 tl.sum 求最大值"),
        ("Q1", "第一次是 tl.max 求行最大值", "第一次是 tl.max 求行最小值"),
        # The requirement on other, not another value.
        ("Q1", "max(x, other) 必须 = x", "max(x, other) 必须 = other"),
        ("Q1", "exp(other − m) 需要等于 0", "exp(other − m) 需要等于 1"),
        # Every shifted number at most 0, each term between 0 and 1.
        ("Q2", "减完最大值以后所有元素都 ≤ 0", "减完最大值以后所有元素都 ≥ 0"),
        ("Q2", "每一项都落在 0 到 1 之间", "每一项都落在 1 和 e 之间"),
        ("Q2", "each term lies between 0 and 1", "each term lies between 1 and e"),
        # The common factor e^{-m} in front of exp(...), not a difference of exponentials.
        (
            "Q2",
            "exp(a - m) / sum exp(b - m) = e^{-m} exp(a) / (e^{-m} sum exp(b))",
            "exp(a - m) = exp(a) - exp(m)",
        ),
        # A worked all-negative row, not a row with a positive number.
        ("Q1", "比如 [-2, -7, -1]，BLOCK = 4", "比如 [-2, 7, -1]，BLOCK = 4"),
        ("Q1", "the max is replaced by 0", "the max is replaced by -inf"),
        ("Q1", "m = 0 时每个 +1", "m = 0 时每个 +0"),
        # BLOCK_SIZE a power of two, the mask against N.
        ("Q1", "BLOCK_SIZE 只能取 2 的幂", "BLOCK_SIZE 必须等于 N"),
        ("Q1", "载入时 mask = cols < N", "载入时 mask = cols < BLOCK"),
        # The naive log-softmax losing precision, the store called with its mask, a given size alone.
        ("Q2", "先算 softmax 再取 log 精度不好", "先算 softmax 再取 log 精度更好"),
        ("Q1", "tl.store(ptr, y, mask) 只写真实列", "tl.store(ptr, y) 写回全部 BLOCK 列"),
        ("Q1", "1) 输入：N=100", "N=100 时 padding lane 被 tl.max 跳过"),
        # Common wordings probed beyond blind v7, each with its twin.
        ("Q2", "减去最大值后最大的指数是 0", "减去最大值后最大的指数是 1"),
        ("Q2", "分子和分母同时乘以 e^{-m}", "分子和分母同时加上 m"),
        ("Q2", "softmax(x − c) = softmax(x)", "softmax(x − c) = softmax(x) − c"),
        ("Q2", "e^x 增长极快", "e^x 增长很慢"),
        ("Q2", "减 m 是对每个元素减同一个常数", "减 m 是对每个元素减不同的数"),
        ("Q2", "减 m 是对每个元素减同一个常数", "softmax 只看大小顺序，整行减同一个数，顺序不变"),
        ("Q1", "padding lane 的值是 −∞", "padding lane 的值是 0"),
        ("Q1", "the masked lanes get -inf", "the masked lanes get 0"),
        ("Q1", "−∞ 减去有限的 m 还是 −∞", "−∞ 减去 −∞ 还是 −∞"),
        ("Q3", "融合后中间结果都在寄存器里", "融合后中间结果都在显存里"),
        ("Q1", "padding 的 exp 是 0", "padding 的 exp 是 1"),
        ("Q1", "other 是 −∞", "other 是 0"),
        ("Q2", "exp(89) 在 fp32 里已经是 inf", "exp(80) 在 fp32 里已经是 inf"),
        ("Q3", "GPU 的算力远超带宽需要", "GPU 的算力不够"),
        (
            "Q2",
            "the factor e^{-m} appears in both numerator and denominator",
            "the factor e^{-m} appears only in the numerator",
        ),
    ],
)
def test_true_premises_of_round_9_are_facts_and_their_twins_are_not(l7, question, true_premise, false_twin):
    """Does each premise blind v7 showed routed read as a fact, while a sentence in the same words that
    makes a false claim (a false twin) does not?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Q1", "第一次是 tl.max 求行最小值，所以 other 必须是 max 的单位元。"),
        ("Q1", "BLOCK_SIZE 必须等于 N，所以 N = 6 时 BLOCK 是 8，多出 2 个 padding lane。"),
        ("Q2", "减完最大值以后所有元素都 ≥ 0，所以 exp 不会溢出。"),
        ("Q2", "Softmax is unchanged because exp(a - m) / sum exp(b - m) = exp(a) - exp(m)."),
        ("Q1", "填 0.0 时，例子：[-2, 7, -1]，BLOCK = 4 → m 变成 0，分母多 1。"),
    ],
)
def test_false_twins_of_round_9_facts_still_go_to_a_ta(l7, question, text):
    """Does a false premise in the words of a round-9 fact still send its answer to a TA?"""
    assert score(l7, question, text).needs_review


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Q1", "BLOCK_SIZE 只能取 2 的幂，所以 N = 6 时 BLOCK 是 8，多出 2 个 padding lane。"),
        ("Q1", "载入时 mask = cols < N，所以后面几个 lane 不读显存，拿到 other。"),
        ("Q2", "减完最大值以后所有元素都 ≤ 0，所以 exp 不会溢出，分母至少是 1。"),
        (
            "Q2",
            "Softmax is unchanged because exp(a - m) / sum exp(b - m) = e^{-m} exp(a) / (e^{-m} sum exp(b)).",
        ),
        ("Q1", "填 0.0 时，例子：[-2, -7, -1]，BLOCK = 4 → m 变成 0，分母多 1。"),
    ],
)
def test_true_premises_of_round_9_are_not_routed(l7, question, text):
    """Does a causal clause resting on a true premise blind v7 showed routed stay with the auto score?"""
    assert not score(l7, question, text).needs_review


@pytest.mark.parametrize(
    ("question", "text", "read"),
    [
        # The log-softmax form called the precise one; the naive form is not read as such.
        ("Q2", "log-softmax 直接用 x − m − log(Σ exp(x − m)) 计算的精度更高。", True),
        ("Q2", "先算 softmax 再取 log，精度更高。", False),
        ("Q2", "只对 [1, N] 里的分母取 log，精度无损。", True),
        # NaN named as the result of inf / inf ("即 NaN"), not as what −∞ gives.
        ("Q2", "分母变成 inf，结果是 inf 除以 inf，即 NaN。", True),
        # A launch's cost named as small and fixed, not as the cause of the speed-up.
        ("Q3", "launch 开销是几微秒的固定成本。", True),
        ("Q3", "launch 开销决定了融合的加速。", False),
        # What the mask prevents, not a lane said to read the next row.
        ("Q1", "mask 的作用是防止越界读到下一行的数据。", True),
        ("Q1", "mask 让 padding lane 读到下一行的数据。", False),
        # The log-softmax form avoiding a loss of precision; a kernel with little arithmetic, one launch.
        ("Q2", "log-softmax 直接算可以避免 log(0) 带来的精度损失。", True),
        ("Q3", "softmax 的计算量很小。", True),
        ("Q3", "softmax 的计算量很大。", False),
        ("Q3", "融合版本只启动一个 kernel。", True),
        ("Q3", "融合版本少启动了 4 个 kernel。", False),
    ],
)
def test_true_descriptions_of_round_9_are_read(l7, question, text, read):
    """Does the confidence gate read a true description blind v7 showed unread (precision of the log-softmax
    form, inf / inf 即 NaN, a launch's fixed microseconds), while a claim in the same words is still unread?"""
    assert (unread(l7.questions[question], prepare(text, l7), l7, []) == []) is read


@pytest.mark.parametrize(
    ("text", "concept", "credited"),
    [
        ("载入时被 mask 的 lane 不碰显存，值等于 other。", "input_fill", True),
        ("other 要满足：x 和 −∞ 取最大还是 x。", "max_unaffected", True),
        ("other 要满足：x 和 −∞ 取最大是 −∞。", "max_unaffected", False),
        ("other 要满足：e 的（other 减 m）次方等于零。", "sum_unaffected", True),
        ("other 要满足：e 的（other 减 m）次方等于一。", "sum_unaffected", False),
    ],
)
def test_the_requirements_on_other_in_words_earn_their_concepts(l7, text, concept, credited):
    """Does a requirement on other written in words ("x 和 −∞ 取最大还是 x", "e 的（other 减 m）次方等于零")
    earn its concept, while the same words with a wrong value do not?"""
    s = score(l7, "Q1", text)
    assert (concept in {m["concept"] for m in s.to_json()["matched"]}) is credited


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "explanation",
            "other 填 −∞，shift 填 row_max。因为 −∞，所以正确；因为 row_max，所以不溢出。检查通过。",
        ),
        ("Q2", "因为不改变结果，所以减去最大值是对的。"),
    ],
)
def test_a_bare_value_or_a_bare_outcome_is_no_premise(l7, question, text):
    """Is a hollow chain whose premise is only a blank's value ("因为 −∞，所以正确") or only an outcome
    ("因为不改变结果") still sent to a TA, never credited as a reason?"""
    assert score(l7, question, text).needs_review


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("Once you subtract the max, all the values get compressed into [0, 1], so exp stays small.", True),
        ("Subtracting the row max brings every logit to the (0, 1] range, so nothing overflows.", True),
        ("减掉最大值以后每个数都会被映射到 [0, 1]，exp 就不会溢出。", True),
        ("平移之后 x_i − m 落在 [0, 1]，所以 exp 安全。", True),
        ("减掉最大值以后 exp(x_i − m) 落在 (0, 1]，所以 exp 安全。", False),
        ("Subtracting the max puts every exp term into (0, 1], so the sum cannot overflow.", False),
        (
            "Subtracting the max does not compress the values into [0, 1]: x − m is ≤ 0, only exp(x − m) ≤ 1.",
            False,
        ),
    ],
)
def test_the_shift_squashing_the_inputs_into_0_1_is_vetoed(l7, text, vetoed):
    """Does the rubric veto 'subtracting the max squashes the inputs into [0, 1]' (x − m lies in (−∞, 0]) in
    any wording, while exp(x − m) in (0, 1] and the claim denied stay unvetoed?"""
    assert score(l7, "Q2", text).veto is vetoed


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("Shifting is harmless since the output just depends on the order of the logits.", True),
        ("概率只跟大小排序有关，所以减掉 m 没影响。", True),
        ("减同一个常数保持了排名，因此 softmax 不变。", True),
        ("The ranking stays the same, so the result is unchanged.", True),
        (
            "argmax only depends on the order; softmax stays the same because e^{-m} cancels in numerator and denominator.",
            False,
        ),
        ("softmax 不只看顺序：[1, 2] 和 [1, 5] 顺序相同但结果不同；不变是因为分子分母同乘 e^{−m}。", False),
    ],
)
def test_softmax_depending_only_on_the_order_is_vetoed(l7, text, vetoed):
    """Does the rubric veto 'softmax only depends on the ordering' as why the shift changes nothing, in any
    wording, while argmax's order and the claim denied are no veto?"""
    assert score(l7, "Q2", text).veto is vetoed


@pytest.mark.parametrize(
    ("text", "concept", "credited"),
    [
        ("The padding lanes come from the mask and we pad them with -inf.", "input_fill", True),
        ("Those lanes are -inf, so exp gives exactly 0 for them.", "sum_unaffected", True),
        ("Those lanes are -inf, so exp gives 1 for them.", "sum_unaffected", False),
        ("With -inf the padding lanes won't contribute anything to the denominator.", "sum_unaffected", True),
        ("With 0.0 the denominator picks up an extra 1 for each padding lane.", "zero_failure", True),
        ("With 0.0 the probabilities do not add up to 1 any more.", "zero_failure", True),
        ("With 0.0 the probabilities still add up to 1.", "zero_failure", False),
    ],
)
def test_the_padding_lanes_story_in_english_earns_its_concepts(l7, text, concept, credited):
    """Does Q1 read the fill, exp giving 0 and the denominator's excess in English, while the same words with
    a wrong value (exp gives 1, still adds up to 1) earn nothing?"""
    s = score(l7, "Q1", text)
    assert (concept in {m["concept"] for m in s.to_json()["matched"]}) is credited


@pytest.mark.parametrize(
    ("question", "text", "routed"),
    [
        ("Q1", "因为 −∞ 永远不会当选行最大值，exp(−∞ − m) = 0，所以 other 用 −∞。", False),
        ("Q1", "因为 −∞ 会当选行最大值，所以 max 不受影响。", True),
        ("Q2", "不减的话只要有一个 x 比 100 大，exp 就会溢出成 inf，所以要先减最大值。", False),
        ("Q2", "不减的话 exp 也不会溢出成 inf，所以结果正确。", True),
        ("Q1", "tl.sum 对所有 lane 都做归约，所以 padding 的值必须是加法的单位元。", False),
        ("Q1", "tl.sum 只对真实的 lane 归约，所以 padding 不影响分母。", True),
        ("Q1", "m 和 d 全是在 block_size 个 lane 上算的，所以 padding 必须对两者都没影响。", False),
        ("Q1", "m 和 d 只在 N 个 lane 上算，所以 padding 对两者都没影响。", True),
        ("Q1", "tl.max 没有 mask 参数，所以 padding 的值一定会参与最大值。", False),
        ("Q1", "tl.max 有 mask 参数，所以 padding 不影响最大值。", True),
    ],
)
def test_true_premises_of_round_10_are_read(l7, question, text, routed):
    """Does the rubric read the true premises blind v8 routed (−∞ 不会当选最大值, the overflow after 不减的话,
    the reductions over every lane, tl.max taking no mask) while false twins in the same words still route?"""
    assert score(l7, question, text).needs_review is routed


@pytest.mark.parametrize(
    ("question", "text", "read"),
    [
        ("Q2", "单精度浮点的最大值约 3.4e38，所以 x 过了 88.7 时 exp 就是 inf。", True),
        ("Q2", "In double precision the limit is about 709, in single precision about 88.7.", True),
        ("Q2", "减最大值之后精度会变差。", False),
        ("Q2", "Subtracting the max costs precision.", False),
        ("Q2", "为什么直接写成 x − m − log(d) 我不确定，可能是精度。", True),
        ("Q2", "为什么直接写成 x − m − log(d) 我不确定，可能是精度更高，因为 log 的误差更小。", False),
    ],
)
def test_format_names_and_a_bare_guess_are_no_precision_claims(l7, question, text, read):
    """Does the confidence gate read a format's name ('单精度', 'single precision') and a bare guess right after
    'I don't know' ('不确定，可能是精度') as no claim about precision, while a claim about precision (or a guess
    with a reason) is still unread?"""
    assert (unread(l7.questions[question], prepare(text, l7), l7, []) == []) is read


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        (
            "If we fill 0.0 the denominator gets an extra 1 for each padding lane, so the row sums to less than 1.",
            False,
        ),
        ("If we fill 0.0 the denominator gets +0 for each padding lane, so the row is correct.", True),
        ("padding lanes are masked. We pad them with -inf, so they add nothing to the denominator.", False),
        ("padding lanes are masked. We pad them with 0.0, so they add nothing to the denominator.", True),
    ],
)
def test_english_premises_of_round_10_are_read(l7, text, routed):
    """Does Q1 read the English premises blind v8 routed (the fill alone, the denominator's extra 1 per padding
    lane) while false twins (0.0 as the fill, +0 per lane) still go to a TA?"""
    assert score(l7, "Q1", text).needs_review is routed


def test_an_easy_mistake_is_a_reported_belief(l7):
    """Is a belief named as an easy mistake ('容易犯的错误是以为…') reported, not vetoed as the student's own?"""
    s = score(l7, "Q2", "容易犯的错误是以为减最大值只是为了好看。其实是为了防止 exp 溢出（约 88.7）。")
    assert not s.veto


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("朴素版本的中间结果全要回显存。融合 kernel 只有 2MN，因此预计快 4 倍左右。", False),
        ("朴素版本的中间结果全要回显存。融合 kernel 只有 4MN，因此预计快 4 倍左右。", True),
        ("朴素 8MN，融合 4MN，因此预计快 4 倍左右。", True),
    ],
)
def test_a_versions_right_total_alone_is_a_premise(l7, text, routed):
    """Is a version's right total alone in its clause ('融合 kernel 只要 2MN') a premise of the prediction,
    while a wrong total ('4MN'), alone or beside a right one, still goes to a TA?"""
    assert score(l7, "Q3", text).needs_review is routed


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("grid-stride 版本只启动 4×SM 个 program，每个 program 循环处理多行。", True),
        ("grid-stride 版本启动开销很大，所以慢。", False),
    ],
)
def test_a_grid_of_a_multiple_of_the_sm_count_is_read(l7, text, read):
    """Does the confidence gate read the grid-stride launch of a multiple of the SM count ('只启动 4×SM 个
    program'), while a claim about the launch's cost stays unread?"""
    assert (unread(l7.questions["Q1"], prepare(text, l7), l7, []) == []) is read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("宽度 100 那一行里 ∞ − ∞ = NaN，NaN 混进分母，整行都坏了。", True),
        ("NaN 会传染整行。", True),
        ("NaN 让 max 变小。", False),
    ],
)
def test_a_nan_spreading_into_the_denominator_is_read(l7, text, read):
    """Does the confidence gate read a NaN spreading into the denominator or the row ('NaN 混进分母', '传染整行')
    as a true account of a failure, while a NaN as the cause of something else stays unread?"""
    assert (unread(l7.questions["explanation"], prepare(text, l7), l7, []) == []) is read


# ── rubric_version 11 (built on blind-v9): the result depending only on the order, in any wording ──────


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("减了为什么不变：因为 softmax 只看各个数之间的大小顺序，减 m 不改变顺序。", True),
        ("softmax 只取决于 x 的相对大小，平移不会改变相对大小，所以不变。", True),
        ("概率完全由排名决定，平移一下排名还是那样。", True),
        ("平移后排序不变，所以输出也一样。", True),
        ("减去 m 不打乱大小关系，因此 output 不变。", True),
        ("结果只跟谁大谁小有关，减一个常数不改变谁大谁小。", True),
        ("The probabilities are determined solely by the ranking of the logits, which a shift keeps.", True),
        ("Softmax depends only on the relative order of the inputs, so subtracting m changes nothing.", True),
        ("Subtracting m preserves the ordering, so the output stays the same.", True),
        ("The output only reflects which logit is larger, and that does not move when you shift.", True),
        ("argmax 只看大小顺序；softmax 不变是因为分子分母同乘 e^{−m}。", False),
        (
            "argmax depends only on the order; softmax is unchanged because e^{-m} cancels in numerator and "
            "denominator.",
            False,
        ),
        ("softmax 并不是只取决于大小顺序，平移不变是因为 e^{-m} 在分子分母约掉。", False),
        (
            "有人说 softmax 只取决于排序，这是错的：[1,2] 和 [1,5] 排序一样结果不同。不变是因为分子分母同乘 e^{−m}。",
            False,
        ),
        (
            "Softmax does not only depend on the order: [1, 2] and [1, 5] give different outputs. It is unchanged "
            "because e^{-m} cancels.",
            False,
        ),
        (
            "It is not true that softmax only depends on the ranking; the shift cancels as e^{-m} in numerator and denominator.",
            False,
        ),
        ("减 m 保持了大小顺序，所以 argmax 不变；softmax 不变是因为分子分母同乘 e^{−m}。", False),
    ],
)
def test_the_result_depending_only_on_the_order_is_vetoed_in_any_wording(l7, text, vetoed):
    """Does the rubric veto 'the result depends only on the order / ranking / relative size' (or 'the order is
    kept, so the output is the same') as why the shift changes nothing, in any Chinese or English wording, while
    argmax depending only on the order and the claim denied or refuted are no veto?"""
    assert score(l7, "Q2", text).veto is vetoed


@pytest.mark.parametrize(
    ("question", "text", "routed"),
    [
        ("Q1", "第一次归约是 tl.max，所以 padding 的值得是 max 的单位元。", False),
        ("Q1", "第一次归约是 tl.sum，所以 padding 的值得是 max 的单位元。", True),
        ("Q1", "m = 0 时每个都为 1 → 分母多出 padding 的个数。", False),
        ("Q1", "m = 0 时每个都为 0 → 分母多出 padding 的个数。", True),
        ("Q1", "最后 store：masked，padding 不写。所以 other = −∞（对两次归约都是单位元）。", False),
        ("Q1", "最后 store：padding 照样写回。所以 other = −∞（对两次归约都是单位元）。", True),
    ],
)
def test_true_premises_of_round_11_are_read(l7, question, text, routed):
    """Does the rubric read the true premises blind v9 routed (the first reduction named as tl.max, each lane's
    term 1 once m = 0, a step heading 'store：masked … 不写') while false twins in the same words still route?"""
    assert score(l7, question, text).needs_review is routed


@pytest.mark.parametrize(
    ("question", "text", "read"),
    [
        ("Q2", "Very negative rows underflow: each exp is 0 and we get 0/0.", True),
        ("Q2", "Large positive rows underflow: each exp is 0 and we get 0/0.", False),
        ("Q2", "先算 softmax 再取 log 容易丢精度。", True),
        ("Q2", "直接用 x − m − log(d) 容易丢精度。", False),
    ],
)
def test_true_descriptions_of_round_11_are_read(l7, question, text, read):
    """Does the confidence gate read very negative rows underflowing (in English) and the two-step log losing
    precision ('先 softmax 再 log 会丢精度'), while positive rows underflowing or the log-softmax form losing
    precision stay unread?"""
    assert (unread(l7.questions[question], prepare(text, l7), l7, []) == []) is read


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("只要排名没变，概率就不会变，所以减 m 没关系。", True),
        ("As long as the order of the logits is kept, the probabilities stay the same.", True),
        ("结果一样是因为 softmax 是保序的。", True),
        ("exp 单调递增，所以 softmax 的结果不变。", True),
        ("Subtracting m is harmless since softmax is order-preserving.", True),
        ("exp is monotonic, so shifting every logit keeps the output unchanged.", True),
        ("softmax 保序（大的 x 概率也大）；结果一样是因为分子分母同乘 e^{−m}。", False),
        ("结果一样不是因为 softmax 保序，而是因为分子分母同乘 e^{−m}。", False),
        (
            "The output is unchanged, not because softmax is order-preserving but because e^{-m} cancels.",
            False,
        ),
        (
            "Because exp is monotonic the argmax is the same; softmax is the same because e^{-m} cancels.",
            False,
        ),
    ],
)
def test_order_kept_as_a_condition_or_order_preservation_as_the_reason_is_vetoed(l7, text, vetoed):
    """Does the rubric veto the order kept as the condition of invariance ('只要排名没变，概率就不会变', 'as long as
    the order is kept') and order preservation or monotonicity as its reason, while softmax called order-preserving
    beside the right reason, the reason denied, and argmax's invariance are no veto?"""
    assert score(l7, "Q2", text).veto is vetoed


# ── round 12 (rubric 12, tuned on blind v10) ─────────────────────────────────────────────────────────


def _earned(rubric, question, text):
    return {m["concept"] for m in score(rubric, question, text).matched}


@pytest.mark.parametrize(
    ("text", "concept", "earned"),
    [
        ("因为 −∞ 从不在 tl.max 里胜出，所以真实的最大值留着。", "max_unaffected", True),
        ("因为 −∞ 总会在 tl.max 里胜出，所以最大值变了。", "max_unaffected", False),
        ("Since -inf never wins in the max, the row max is the real one.", "max_unaffected", True),
        ("因为 exp(−∞ − m) 也等于 0，所以分母只算真实的项。", "sum_unaffected", True),
        ("因为 exp(−∞ − m) 也不等于 0，所以分母多了几项。", "sum_unaffected", False),
        ("Because exp(-inf - m) is exactly 0, the padding adds nothing.", "sum_unaffected", True),
        ("Because exp(-inf - m) is not 0, the padding adds a little.", "sum_unaffected", False),
    ],
)
def test_the_identities_in_adverbed_and_placed_wordings_are_read(l7, text, concept, earned):
    """Does Q1 read −∞ losing the max with the place named ('不在 tl.max 里胜出', 'never wins in the max') and
    exp(−∞ − m) = 0 with an adverb before the verb ('也等于 0', 'is exactly 0'), while the same words asserting
    the opposite ('总会…胜出', '也不等于 0', 'is not 0') earn nothing?"""
    assert (concept in _earned(l7, "Q1", text)) is earned


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("结果一样，因为分子分母都带着同一个常数因子。", True),
        ("结果一样，是因为 e^(−m) 这个因子一除就消掉了。", True),
        ("分子分母里的 exp 一相除就抵消，所以概率不变。", True),
        ("减 m 以后结果相同：exp(x_i − m) = exp(x_i) · exp(−m)。", True),
        ("减 m 以后结果相同：e^(x − m) = e^x / e^m。", True),
        ("减 m 以后结果相同：e^(x − m) = e^x · e^m。", False),
        ("结果一样，因为分子分母都带着不同的因子。", False),
    ],
)
def test_invariance_through_the_common_factor_in_any_wording(l7, text, earned):
    """Does Q2 credit the invariance stated as the factor both terms hold, cancelled in the division ('一除就消掉',
    '相除抵消') or as the product rule e^(x−m) = e^x·e^(−m) (or e^x / e^m), while e^x·e^m or a sum earn nothing?"""
    assert ("invariance" in _earned(l7, "Q2", text)) is earned


def test_the_exp_difference_stays_vetoed_beside_the_new_invariance_words(l7):
    """Is exp(x − m) = exp(x) − exp(m) still vetoed when the answer also says the factor cancels?"""
    s = score(l7, "Q2", "结果一样，因为 exp(x − m) = exp(x) − exp(m)，分子分母都减掉同一个 exp(m) 就抵消了。")
    assert s.veto


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("比如 [5, 3, 1] 减去 5 以后变成 [0, −2, −4]，exp 都不超过 1。", True),
        ("Subtracting 7 from [7, 2] gives [0, -5].", True),
        ("比如 [5, 3, 1] 减去 1 以后变成 [4, 2, 0]。", False),
        ("比如 [5, 3, 1] 减去 3 以后变成 [2, 0, −2]。", False),
    ],
)
def test_a_worked_shifted_row_shows_every_exponent_is_at_most_zero(l7, text, earned):
    """Does Q2 credit the bound from a worked row after the shift whose every entry is ≤ 0, and not a row that
    still holds a positive number (the shift by something other than the max)?"""
    assert ("bounded" in _earned(l7, "Q2", text)) is earned


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("fp32 每个数占 4 个字节，融合之后每个数只搬一次，所以快 4 倍。", True),
        ("加速约 4 倍，因为 float32 一个元素是 4 字节。", True),
        ("The speed-up is 4x because each element is 4 bytes.", True),
        ("A float is 4 bytes, so fusing gives 4x.", True),
        ("fp32 每个元素 4 字节，朴素读写 8MN 个元素，融合 2MN 个，访存受限，所以快 4 倍。", False),
        ("每个元素 4 字节；朴素读 5 次写 3 次，融合读写各一次，所以快 4 倍。", False),
        ("Each element is 4 bytes; the naive version moves 8MN of them and the fused one 2MN, so 4x.", False),
        ("快 4 倍不是因为 fp32 占 4 字节，而是字节数之比 8MN : 2MN。", False),
    ],
)
def test_the_speed_up_from_the_element_size_is_vetoed(l7, text, vetoed):
    """Does Q3 veto a 4× drawn from the 4 bytes of one fp32 element in any order, Chinese and English, while an
    element size inside a count of the traffic (MN, 次, kernels between them) or the chain denied is no veto?"""
    assert score(l7, "Q3", text).veto is vetoed


@pytest.mark.parametrize(
    ("text", "concept", "earned"),
    [
        (
            "Naive: each kernel writes its result back to HBM and the next one reads it.",
            "naive_traffic",
            True,
        ),
        ("Naive: the intermediates round-trip through global memory.", "naive_traffic", True),
        ("Fused: each kernel keeps its result in registers.", "naive_traffic", False),
        ("Fused: MN read and MN written.", "fused_traffic", True),
        ("Naive: 5MN read and 3MN written.", "fused_traffic", False),
    ],
)
def test_the_traffic_counts_in_english(l7, text, concept, earned):
    """Does Q3 read the naive traffic as every step going through memory in English and the fused count written
    number first ('MN read and MN written'), while register-resident steps or the naive count earn neither?"""
    assert (concept in _earned(l7, "Q3", text)) is earned


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("小矩阵只快 2 倍左右，应该是测量误差。", True),
        ("小矩阵上加速低一些，这个差别可能只是噪声。", True),
        ("On the small shapes the gap is probably just measurement noise.", True),
        ("小矩阵只快 2 倍，不是测量误差：中间结果留在 L2 里。", False),
        ("融合 kernel 在所有形状上都比 torch.softmax 快，所以总是最优。", True),
        ("Our fused kernel is always faster than torch.softmax.", True),
        ("大矩阵上融合比 torch.softmax 快，小矩阵上 torch.softmax 更快。", False),
    ],
)
def test_wrong_readings_of_the_measurement_go_to_a_ta(l7, text, routed):
    """Does Q3 route the small shapes' shortfall called noise (across a comma, in English) and the fused kernel
    called the fastest on every shape (torch.softmax is 3-4× faster on the small ones), while the cause given or
    the right comparison stays unflagged?"""
    s = score(l7, "Q3", text)
    flagged = any(f.startswith("suspect:") for f in s.flags)
    assert flagged is routed


@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        ("Q3", "the matrices mostly sit in L2", "the matrices mostly sit in DRAM"),
        ("Q3", "these matrices are only 2-16 MB", "these matrices are 2-16 GB"),
        ("Q3", "naive moves 8MN elements and fused 2MN", "naive moves 8MN elements and fused 4MN"),
        ("Q2", "e^(x − m) = e^x · e^(−m)", "e^(x − m) = e^x · e^m"),
        ("Q2", "分子分母都多了同一个因子 e^(−m)", "分子分母都多了不同的因子"),
    ],
)
def test_true_premises_of_round_12_are_facts_and_their_twins_are_not(l7, question, true_premise, false_twin):
    """Does each premise blind v10 offered read as a fact (the data sitting in L2, a matrix of a few MB, both
    right traffic totals, the product rule, the common factor), while a false twin in the same words does not?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


@pytest.mark.parametrize(
    ("text", "blank", "points"),
    [
        ("第一个空是 -float('inf')，第二个空是 row_max，可见检查都过了。", "-float('inf'), row_max", 0.5),
        ("Used -inf and row_max; every check passed.", "-float('inf'), row_max", 0.5),
        ("-inf；row_max。全过。", "-float('inf'), row_max", 0.5),
        ("其余都是默认的，检查都过了。", "-float('inf'), row_max", 0.0),
        ("−∞ 单位元 row_max mask 数值稳定 检查通过 融合 tl.max tl.sum", "-float('inf'), row_max", 0.0),
        ("other 填 -inf，shift 填 row_max，检查都过了。", "-float('inf'), 0", 0.0),
    ],
)
def test_a_note_naming_both_right_blanks_without_reasons_earns_half(l7, text, blank, points):
    """Does a note that names the two right blanks it submitted without a reason earn half the note, as every
    blind set labels it, while a note naming nothing, a keyword list, or a shift that is not the submitted one
    earns nothing?"""
    s = score(l7, "explanation", text, context={"blank": blank, "checks_passed": True})
    assert s.points == points


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("填 −∞ 以后 tl.max 不受影响。", True),
        ("−∞ 放进去也不会改变行的最大值。", True),
        ("取 max 的时候它比什么都小。", True),
        ("−∞ 是 max 的 identity。", True),
        ("tl.max 不会选中它。", True),
        ("所以它永远不会是 max。", True),
        ("填 −∞ 以后 tl.max 受影响。", False),
        ("−∞ 放进去会改变行的最大值。", False),
        ("取 max 的时候它比什么都大。", False),
        ("−∞ 不会是 max 的单位元。", False),
    ],
)
def test_the_max_unaffected_in_plain_words(l7, text, earned):
    """Does Q1 credit the max left alone in plain words ('max 不受影响', '不会改变最大值', '比什么都小', 'max 的
    identity', '不会选中它', '不会是 max'), while the same words asserting the opposite earn nothing?"""
    assert ("max_unaffected" in _earned(l7, "Q1", text)) is earned


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("只要这一行有一个正数，max 就对了，填 0.0 也就没问题了。", True),
        ("As long as one entry is positive, zero is harmless.", True),
        ("If the row has a positive value, 0.0 is fine for the max.", False),
        ("只要行里有正数，填 0 的 max 就对，但分母还是会多出 e^(−m)。", False),
    ],
)
def test_zero_called_harmless_on_rows_with_a_positive_value_goes_to_a_ta(l7, text, routed):
    """Does Q1 route 0.0 called harmless whenever the row holds a positive number (the denominator still gains
    e^{−m} per lane), while the max alone called right on such rows (true) is no such claim?"""
    s = score(l7, "Q1", text)
    assert ("suspect:zero_fill_harmless" in s.flags) is routed


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("The masked lanes simply receive the other value.", True),
        ("They never receive the other value.", False),
    ],
)
def test_the_lanes_getting_other_in_english(l7, text, earned):
    """Does Q1 read the lanes as the subject that gets `other` ('they get the other value'), and not its denial?"""
    assert ("input_fill" in _earned(l7, "Q1", text)) is earned


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("不先减的话，exp 会非常大，就会溢出成 inf。", True),
        ("x 很大时 exp(x) 用 fp32 表示不了。", True),
        ("The exp of a large logit overflows in fp32.", True),
        ("减完以后，exp 都不超过 1，也就不会溢出。", False),
        ("减完以后 fp32 放得下 exp 的结果。", False),
        ("The exp of a large logit never overflows.", False),
    ],
)
def test_the_overflow_across_a_comma_and_in_plain_words(l7, text, earned):
    """Does Q2 credit the overflow stated across a comma ('exp 会非常大，就会溢出'), as fp32 unable to hold it
    ('fp32 表示不了') and in English ('the exp of a large logit overflows'), while the overflow denied after the
    shift ('也就不会溢出', '放得下', 'never overflows') earns nothing?"""
    assert ("overflow" in _earned(l7, "Q2", text)) is earned


@pytest.mark.parametrize(
    ("question", "concept", "text", "routed"),
    [
        ("Q2", "invariance", "这一步做完，概率和原来相同，这是 softmax 的老规矩。", True),
        ("Q2", "invariance", "这一步做完，概率会变。", False),
        ("Q2", "overflow", "只有 fp16 才会溢出。", True),
        ("Q2", "overflow", "log-softmax 直接写。", False),
        ("Q1", "max_unaffected", "tl.max 那一步它就输了。", True),
        ("Q1", "max_unaffected", "输出时 store 带 mask。", False),
        ("Q3", "fused_traffic", "融合版本对整块数据只过一次。", True),
        ("Q3", "fused_traffic", "融合版本更快。", False),
    ],
)
def test_an_unread_statement_of_a_missing_concept_routes_through_its_topic(
    l7, question, concept, text, routed
):
    """Does a sentence holding a missing concept's topic words that no pattern read (the invariance, the overflow,
    the max, the fused traffic in words the patterns do not know) route as `unread`, while a sentence without
    them does not?"""
    q = l7.questions[question]
    assert bool(unread(q, prepare(text, l7), l7, [q.concept(concept)])) is routed


@pytest.mark.parametrize(
    ("question", "text", "routed"),
    [
        ("Q1", "选 −∞，因为 tl.max 里它最小，exp 之后是 0，所以两次归约都不受影响。", False),
        ("Q1", "选 −∞，因为 tl.max 里它最大，所以两次归约都不受影响。", True),
        ("Q1", "Masked lanes simply skip the load and hold other = -inf.", False),
        ("Q1", "Masked lanes simply skip the max and hold other = -inf.", True),
    ],
)
def test_confirm_only_routes_of_round_12_are_read(l7, question, text, routed):
    """Does the rubric read the true premises and descriptions blind v10 routed for a TA to confirm (−∞ the
    smallest in tl.max, the lanes in both reductions, masked lanes skipping the load, 选 −∞ as the fill), while
    false twins in the same words (the largest, 不参与, skipping the max) still route?"""
    assert score(l7, question, text).needs_review is routed


def test_the_lanes_in_both_reductions_is_a_fact_and_its_denial_is_not(l7):
    """Is 'padding lane 两次都参与' (the lanes take part in both reductions) a known premise, and '两次都不参与' not?"""
    assert known(l7, "Q1", "padding lane 两次都参与")
    assert not known(l7, "Q1", "padding lane 两次都不参与")


# ── round 13 (blind v11) ─────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("小形状上只快 1.8 倍，是因为 Triton 第一次要 JIT 编译，这部分时间在小矩阵上占大头。", True),
        ("N = 128 时不如预测，原因是编译开销算进了计时。", True),
        ("The small sizes lag because the JIT compile time is counted in the timing.", True),
        ("小形状不如预测，不是因为 JIT 编译（计时前已经预热），而是中间结果留在 L2。", False),
        ("计时之前跑过一次预热，JIT 编译时间已经排除；小形状上启动开销占主导。", False),
        ("融合快是因为 Triton 编译器生成的代码把中间结果留在寄存器里。", False),
        ("The timing warms up first, so compile time is excluded; small shapes are latency-bound.", False),
    ],
)
def test_the_small_shapes_blamed_on_jit_compile_time_are_vetoed(l7, text, vetoed):
    """Does Q3 veto a small shape's shortfall blamed on the JIT compile inside the timing (the lesson's timings
    warm up first), in Chinese and English, while the compile denied or excluded, or the compiler named for
    another reason, is no veto?"""
    assert score(l7, "Q3", text).veto is vetoed


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("平移不变对任何常数都成立，所以减平均值也可以，一样稳。", True),
        ("其实减均值更好，不会被一个特别大的数带偏。", True),
        ("Subtracting the row mean works just as well.", True),
        ("减均值不够：一行里有离群的大值时 x − mean 仍可能超过 88.7。", False),
        ("Subtracting the mean is not safe: one outlier can still overflow.", False),
    ],
)
def test_subtracting_the_mean_called_as_safe_goes_to_a_ta(l7, text, routed):
    """Does Q2 route a shift by the mean called as good as the max (x − mean can still overflow on an outlier),
    in any wording, while the mean called unsafe stays unflagged?"""
    s = score(l7, "Q2", text)
    assert any(f == "suspect:shift_by_mean" for f in s.flags) is routed


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("softmax 平移不变。", True),
        ("结果一样，softmax 对平移不变（课本上说的）。", False),
        ("softmax 平移不变，老师讲过。", False),
        ("输出一样：softmax 平移不变，这是它自己的性质。", True),
        ("softmax 平移不变（the notebook says so）。", False),
    ],
)
def test_invariance_asserted_on_authority_earns_no_stand_in(l7, text, earned):
    """Does Q2's invariance stand-in (the property named, half) stay off when the property is asserted on
    authority after it ('书上说的', '老师讲过', 'the notebook says') with no reason of the student's own?"""
    assert ("invariance" in _earned(l7, "Q2", text)) is earned


@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        ("Q2", "分子和分母一起乘了 e^{-max}", "分子乘了 e^{-max}，分母没乘"),
        ("Q2", "分母 d ≥ 1", "分母 d ≥ 0"),
        ("Q2", "every exponent is at most 0", "every exponent is at least 0"),
        ("Q2", "准确值其实是个有限的负数", "准确值其实也是负无穷"),
        ("Q3", "融合的只读 x 一次，写 y 一次", "融合的只读 x 一次，写 y 两次"),
        ("Q3", "融合版本读 x 1 次再写 y 1 次", "融合版本读 x 3 次再写 y 1 次"),
    ],
)
def test_true_premises_of_round_13_are_facts_and_their_twins_are_not(l7, question, true_premise, false_twin):
    """Does each premise blind v11 offered read as a fact (the common factor e^(−m) multiplied into both, the
    denominator at least 1, every exponent at most 0, the true log-softmax finite, the fused
    kernel reading x once and writing y once), while a false twin in the same words does not?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("After the shift, the exponents are all <= 0.", True),
        ("The exponents are at most 0 once m is subtracted.", True),
        ("After the shift, the exponents are all >= 0.", False),
        ("The exponents are at most 10 once m is subtracted.", False),
    ],
)
def test_every_exponent_at_most_zero_in_english(l7, text, earned):
    """Does Q2's bounded concept read 'the exponents are (all) <= 0 / at most 0' in English, and not a bound
    the other way or at another number?"""
    assert ("bounded" in _earned(l7, "Q2", text)) is earned


def test_a_conclusion_named_with_zhisuoyi_rests_on_the_reason_after_it(l7):
    """Does Q2 read 'A 之所以不变，是因为 B' with B as the premise (no route when B is the common factor), while a
    false B there stays vetoed?"""
    assert "unknown_premise" not in score(l7, "Q2", "结果之所以不变，是因为分子分母同乘 e^{-m}。").flags
    assert score(l7, "Q2", "结果之所以不变，是因为 softmax 是线性的。").veto


@pytest.mark.parametrize(
    ("question", "text", "concept", "earned"),
    [
        ("Q1", "In tl.max the -inf lanes can never be the maximum.", "max_unaffected", True),
        ("Q1", "In tl.max the -inf lanes can be the maximum.", "max_unaffected", False),
        ("Q1", "进 tl.max 时 −∞ 不可能取代原来的最大值。", "max_unaffected", True),
        ("Q1", "进 tl.max 时 0.0 会取代原来的最大值。", "max_unaffected", False),
        ("Q1", "Input: masked lanes skip the load and simply receive the other value.", "input_fill", True),
        ("Q1", "Input: masked lanes skip the load and never receive the other value.", "input_fill", False),
    ],
)
def test_the_max_unaffected_and_the_lanes_getting_other_in_more_words(l7, question, text, concept, earned):
    """Does Q1 read −∞ never the maximum in English ('can never be the maximum / winner') and never replacing the
    real max ('不会顶替 / 不可能取代最大值'), and the lanes getting other as a second verb of their subject ('skip the
    load and simply receive the other value'), while the claim without its negation, or denied, earns nothing?"""
    assert (concept in _earned(l7, question, text)) is earned


@pytest.mark.parametrize(
    ("true_premise", "false_twin"),
    [
        ("两种实现的运算量完全一样", "融合实现的运算量更少"),
        ("两边做的 exp 和除法一次都不少", "融合做的 exp 少了一次"),
        ("both versions do the same amount of arithmetic", "the fused version does less arithmetic"),
    ],
)
def test_equal_compute_is_a_fact_and_less_compute_is_not(l7, true_premise, false_twin):
    """Does Q3 read both versions doing the same arithmetic as a fact (in Chinese and English), while the fused
    one doing less (what fused_fewer_flops flags) is none?"""
    assert known(l7, "Q3", true_premise)
    assert not known(l7, "Q3", false_twin)


# ── rubric_version 14 (built on blind-v12) ──────────────────────────────────────────────────────────────

_Q2_REST = "减去最大值以后指数都 ≤ 0，所以不会溢出；分子分母同乘 e^(−m)，所以比值不变。"


@pytest.mark.parametrize(
    ("threshold", "deducted"),
    [
        ("fp32 里 x 只要大于 40 左右，exp 就会溢出。", True),
        ("exp(60) 在 fp32 里已经是 inf 了。", True),
        ("In fp32, exp overflows as soon as x goes above 25.", True),
        ("exp 的上溢阈值大概是 50。", True),
        ("fp32 里 x 只要大于 88.7 左右，exp 就会溢出。", False),
        ("exp(100) 在 fp32 里已经是 inf 了。", False),
        ("x 大于 40 时 exp 也不会溢出，要到 88.7 才会。", False),
        ("exp 的结果大于 3.4e38 就溢出，也就是 x 大于约 88.7。", False),
        ("fp16 下 x 大于 11 左右 exp 就溢出，fp32 要到 88.7。", False),
        ("fp32 没问题，只有 fp16 最大 65504，exp(11) 左右就溢出。", False),
        ("分母 ≥ 1，上溢和下溢都不会发生。fp32 的 exp 在 x 超过 88.7 溢出。", False),
    ],
)
def test_a_stated_overflow_threshold_is_read(l7, threshold, deducted):
    """Does Q2 read a stated overflow threshold below fp32's ~88.7 ('x 大于 40 就溢出', 'exp(60) 是 inf', 'above 25',
    '阈值是 50') as a wrong chain for a TA (rubric 25: a veto to confirm, once a deduction), while 88.7, a number past it,
    the claim denied, a number inside 3.4e38, fp16's 11 or a bound on the denominator ('分母 ≥ 1，上溢…') are none?"""
    s = score(l7, "Q2", threshold + _Q2_REST)
    assert ("veto_unsure:wrong_overflow_threshold" in s.flags) is deducted
    assert s.needs_review or not s.veto


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("我们的朴素版本其实就是 torch.softmax，读写 8MN。", True),
        ("F.softmax 就是 naive 那个版本，读写 8MN。", True),
        ("Here the naive implementation just calls torch.softmax, which moves 8MN.", True),
        ("朴素版本不是 torch.softmax，是五个逐步的 torch 操作，读写 8MN。", False),
        (
            "朴素版本用 torch.max、torch.exp、torch.sum 一步步写，读写 8MN；另外也和 torch.softmax 比了一下。",
            False,
        ),
    ],
)
def test_the_naive_version_taken_for_torch_softmax_goes_to_a_ta(l7, text, routed):
    """Does Q3 send the naive version taken for torch.softmax (or torch.softmax called the naive one) to a TA,
    while the claim denied, or torch.softmax named as a further comparison, routes nothing?"""
    s = score(l7, "Q3", text + "融合读写 2MN，因为访存受限，所以预测快 4 倍。")
    assert ("suspect:naive_is_torch_softmax" in s.flags) is routed


@pytest.mark.parametrize(
    ("text", "concept", "earned"),
    [
        ("一个矩阵是 16 MB。朴素读 5 × 16 MB、写 3 × 16 MB。", "naive_traffic", True),
        ("朴素一共 8×16 MB = 128 MB。", "naive_traffic", True),
        ("朴素读 2 × 16 MB、写 2 × 16 MB。", "naive_traffic", False),
        ("融合：读 16 写 16 = 32 MB。", "fused_traffic", True),
        ("the fused kernel reads 16 MB and writes 16 MB.", "fused_traffic", True),
        ("融合：读 16 MB 写 48 MB。", "fused_traffic", False),
        ("朴素：读 16 写 16 = 32 MB。", "fused_traffic", False),
    ],
)
def test_traffic_in_bytes_of_a_whole_matrix(l7, text, concept, earned):
    """Does Q3 read the traffic counted in bytes of one matrix ('读 5 × 16 MB、写 3 × 16 MB', '8×16 MB', the fused
    kernel reading and writing the same 16 MB), while other multiples, unequal fused amounts or the naive version
    named earn nothing?"""
    assert (concept in _earned(l7, "Q3", text)) is earned


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("融合版本少算了很多 exp，所以更快。", True),
        ("The fused kernel does less arithmetic, so it is faster.", True),
        ("融合并没有少算，快是因为少读写。", False),
        ("融合少读写了显存，所以更快。", False),
    ],
)
def test_the_fused_kernel_computing_less_goes_to_a_ta(l7, text, routed):
    """Does Q3 send 'the fused kernel computes less' to a TA in more words ('少算了', 'does less arithmetic'), while
    the claim denied or less traffic routes nothing?"""
    assert ("suspect:fused_fewer_flops" in score(l7, "Q3", text).flags) is routed


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("减去最大值以后，每一项 exp 都在 0 到 1 之间。", True),
        ("exp(x − m) ∈ [0, 1]。", True),
        ("减去最大值以后，分母 d 在 0 到 1 之间。", False),
        ("denominator in [0, 1]。", False),
    ],
)
def test_a_range_of_zero_to_one_is_read_for_the_terms_not_the_denominator(l7, text, earned):
    """Does Q2 read the terms lying between 0 and 1 as the bound, while the denominator said to lie there (it lies
    in [1, N]) earns nothing?"""
    assert ("bounded" in _earned(l7, "Q2", text)) is earned


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("分子和分母都乘以 e^{-m}，比值不变。", True),
        ("分子分母同时除以 e^{m}，比值不变。", True),
        ("分子和分母都乘以 e^{m}，比值不变。", False),
        ("分子分母同时除以 e^{-max}，比值不变。", False),
    ],
)
def test_the_common_factor_is_read_with_its_sign(l7, text, earned):
    """Does Q2 read the common factor with its sign (multiplied by e^{-m} or divided by e^{m}), while the wrong
    sign for the verb (乘 e^{m}, 除 e^{-max}) earns no invariance?"""
    assert ("invariance" in _earned(l7, "Q2", text)) is earned


@pytest.mark.parametrize(
    ("text", "stand_in"),
    [
        ("softmax 对平移是不变的。", True),
        ("减了以后结果不会变，softmax 对平移是不变的。", True),
        ("据说 softmax 对平移是不变的。", False),
        ("我听说，softmax 对平移是不变的。", False),
        ("According to the lecture, softmax is invariant to shifts.", False),
    ],
)
def test_a_property_on_authority_before_it_earns_no_stand_in(l7, text, stand_in):
    """Does Q2 give the bare invariance its half, but nothing when someone else's word stands before it ('据说',
    '我听说，', 'according to the lecture'), as after it?"""
    assert ("stand_in:invariance" in score(l7, "Q2", text).flags) is stand_in


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("mask 为 False 的 lane 不读显存，直接 = other。", True),
        ("这些 lane 不访存 → other → 进归约。", True),
        ("这些 lane 不会直接 = other。", False),
        ("这些 lane 不访存 → 0 → 进归约。", False),
    ],
)
def test_the_lanes_getting_other_as_an_equation_or_an_arrow(l7, text, earned):
    """Does Q1 read the lanes getting other written as an equation ('直接 = other') or in the lane's arrows ('不访存 →
    other'), while the equation denied or another value in the arrows earns no input_fill?"""
    assert ("input_fill" in _earned(l7, "Q1", text)) is earned


@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        ("Q2", "subtract the max", "subtract the mean"),
        ("Q2", "减去 row_max", "减去 row_mean"),
        ("Q3", "softmax 的计算很少、主要卡在显存带宽", "softmax 主要卡在计算上"),
        ("Q3", "the kernel is limited by memory bandwidth", "the kernel is limited by compute"),
        ("Q1", "输入：cols = arange(0, 8)，N=5", "输入：cols = arange(0, N)，N=5"),
    ],
)
def test_round14_premises_are_facts_and_their_twins_are_not(l7, question, true_premise, false_twin):
    """Are the shift by the max as a step ('subtract the max →'), memory-bound in more words ('卡在显存带宽', 'limited
    by memory bandwidth', '计算很少') and the offsets' definition over the block known premises, while the mean, compute
    as the limit, or offsets over the width are none?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("另外还有下溢的方向：整行都是 −1000 时 exp 全部变成 0，0/0 是 NaN。", True),
        ("There is also the underflow side: a row of −1000 gives exp of 0 everywhere, and 0/0 is NaN.", True),
        ("下溢会让精度变好。", False),
    ],
)
def test_the_other_danger_named_as_a_heading_is_read(l7, text, read):
    """Does the confidence gate read the underflow named as a heading ('另外还有下溢的方向：') when what follows is the
    known account, while a claim about underflow it cannot judge still routes?"""
    assert (unread(l7.questions["Q2"], prepare(text, l7), l7, []) == []) is read


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("因为朴素实现读写 6MN，融合只要 2MN，所以预测快 3 倍。", True),
        ("因为朴素读 4MN、写 2MN，融合读 MN、写 MN，所以预测快 3 倍。", True),
        ("The naive version moves 6MN in total, the fused one 2MN.", True),
        ("朴素一共读写 8MN+4M，融合只有 2MN，所以预测快 4 倍。", False),
        ("因为朴素读 5MN+2M、写 3MN+2M，合计 8MN+4M，融合读 MN、写 MN，访存受限，所以预测快 4 倍。", False),
        ("Naive reads total 5MN + 2M and writes 3MN + 2M; fused reads MN and writes MN.", False),
    ],
)
def test_a_traffic_count_no_version_moves_goes_to_a_ta(l7, text, routed):
    """Does Q3 send a traffic count no version moves ('读写 6MN', '读 4MN、写 2MN', 'moves 6MN in total') to a TA, even
    beside a right count of the other version, while the right counts (5MN + 2M, 3MN + 2M, 8MN + 4M, MN) route nothing?"""
    assert ("suspect:wrong_traffic_count" in score(l7, "Q3", text).flags) is routed


@pytest.mark.parametrize(
    ("true_premise", "false_twin"),
    [
        ("朴素读写 8MN", "朴素读写 6MN"),
        ("朴素读 5MN", "朴素读 4MN"),
        ("朴素写 3MN", "朴素写 2MN"),
    ],
)
def test_only_the_right_traffic_counts_are_facts(l7, true_premise, false_twin):
    """Are only the right traffic counts known premises of Q3 (reads 5MN or MN, writes 3MN or MN, 8MN in all), while
    any other count in the same words is none?"""
    assert known(l7, "Q3", true_premise)
    assert not known(l7, "Q3", false_twin)


@pytest.mark.parametrize(
    ("question", "text", "flag", "flagged"),
    [
        ("Q2", "x 到 40 左右 exp 就溢出了。", "veto_unsure:wrong_overflow_threshold", True),
        ("Q2", "x 到 100 左右 exp 早就溢出了。", "veto_unsure:wrong_overflow_threshold", False),
        ("Q2", "x = 1, 2, 1000 这样的行 exp 会溢出。", "veto_unsure:wrong_overflow_threshold", False),
        ("Q3", "我们拿 torch.softmax 当朴素实现来比。", "suspect:naive_is_torch_softmax", True),
        ("Q3", "我们拿 torch.softmax 当另一个参照。", "suspect:naive_is_torch_softmax", False),
        ("Q3", "融合减少了计算量，所以更快。", "suspect:fused_fewer_flops", True),
        ("Q3", "融合减少了显存读写，所以更快。", "suspect:fused_fewer_flops", False),
    ],
)
def test_round14_rules_read_the_next_wording(l7, question, text, flag, flagged):
    """Do the round's rules read further wordings (a threshold reached '到 40', torch.softmax used '当朴素实现', the
    fused kernel '减少了计算量'), while their false twins (到 100, a listed row, another reference, 减少了显存读写) do not
    fire?"""
    assert (flag in score(l7, question, text).flags) is flagged


@pytest.mark.parametrize(
    ("true_premise", "false_twin"),
    [
        ("填 −∞：lanes = [-2,-7,-1,−∞,−∞]", "填 −∞：lanes = [−∞,−∞,-2,-7,-1]"),
        ("填 0.0：lanes = [..., 0, 0]", "填 0.0：lanes = [0, 0, ...]"),
    ],
)
def test_a_worked_row_with_its_padding_at_the_end_is_a_fact(l7, true_premise, false_twin):
    """Is a worked row's lanes with the fill value in the padding lanes at its end a known premise of Q1 (the step
    before 'tl.max = …'), while the fill placed before the real values is none?"""
    assert known(l7, "Q1", true_premise)
    assert not known(l7, "Q1", false_twin)


@pytest.mark.parametrize(
    ("question", "text", "vetoed"),
    [
        ("Q3", "N 不是 2 的幂时，多余的 padding lane 也要从显存读进来，所以慢。", True),
        ("Q3", "BLOCK 比 N 大，那些 padding 位置浪费了显存带宽，所以小矩阵慢。", True),
        ("Q3", "The padded lanes still load from memory, so the small shapes lose bandwidth.", True),
        ("Q3", "padding lane 也不会从显存读，它们直接得到 other。", False),
        ("Q3", "padding lane 也要参与 tl.max，但不访存。", False),
        ("Q2", "减去最大值就是把每个数平移到非负那边，所以 exp 不会下溢。", True),
        ("Q2", "减去最大值以后 exp 的值都 ≥ 1，所以不会下溢。", True),
        ("Q2", "减去最大值以后每个数都挪到了非正的一边，exp 都 ≤ 1，所以不溢出。", False),
        ("Q2", "减去最大值以后分母 ≥ 1，所以 log 不会遇到 0。", False),
        ("Q2", "先 softmax 再 log 不行，因为 softmax 有舍入误差可能超过 1，log 后就是很大的正数。", True),
        (
            "Q2",
            "Taking log of softmax is bad because softmax can exceed 1 and the log blows up to +inf.",
            True,
        ),
        ("Q2", "softmax 不会大于 1；先 softmax 再 log 的问题是下溢成 0，log 之后会变成 −inf。", False),
    ],
)
def test_round15_wrong_chains_are_vetoed(l7, question, text, vetoed):
    """Does the rubric veto, in any wording, the padding lanes said to load from memory in Q3 (也要从显存读, 浪费带宽,
    still load from memory), the shift said to move the numbers to the non-negative side (平移到非负, exp 都 ≥ 1) and
    log(softmax) said to reach a large positive number because softmax can exceed 1, while the false twins (也不会读,
    非正 / ≤ 1, 分母 ≥ 1, softmax 不会大于 1 and log(0) = −inf) are no veto?"""
    assert score(l7, question, text).veto is vetoed


@pytest.mark.parametrize(
    ("question", "text", "flag", "flagged"),
    [
        ("Q1", "我觉得填 −∞ 和 0.0 其实都可以，因为后面会减最大值。", "suspect:zero_fill_harmless", True),
        ("Q1", "填 −∞ 可以，填 0.0 其实不行，因为全负行的 max 会错。", "suspect:zero_fill_harmless", False),
        ("Q3", "测下来各种尺寸都在 4 倍上下，所以模型是对的。", "suspect:all_shapes_match", True),
        ("Q3", "每个 shape 都基本符合预测。", "suspect:all_shapes_match", True),
        (
            "Q3",
            "Every shape we measured came out about 4x, matching the model.",
            "suspect:all_shapes_match",
            True,
        ),
        ("Q3", "大矩阵基本符合预测，不是所有形状都符合。", "suspect:all_shapes_match", False),
        ("Q3", "只有大矩阵在 4 倍以上，小的形状都只有 2 倍左右。", "suspect:all_shapes_match", False),
        ("Q3", "小矩阵提升小，是因为 torch 针对小尺寸调优得很好。", "suspect:torch_small_optimized", True),
        ("Q3", "小矩阵上 torch.softmax 比我们的 kernel 快 3 倍。", "suspect:torch_small_optimized", False),
    ],
)
def test_round15_wrong_readings_go_to_a_ta(l7, question, text, flag, flagged):
    """Does the rubric route either fill called fine ('填 −∞ 和 0.0 其实都可以'), every shape said to match the ~4×
    prediction, and the small shapes' shortfall put on PyTorch's own tuning, while the false twins (0.0 其实不行, 不是所有
    形状都符合, the small shapes at 2×, torch.softmax measured faster) route nothing of it?"""
    assert (flag in score(l7, question, text).flags) is flagged


@pytest.mark.parametrize(
    ("text", "stand_in", "full"),
    [
        ("朴素读 5MN+2M 写 3MN+2M，融合读写各 MN，预测 4 倍。4096 上实测 5.09 倍，符合。", False, False),
        ("小矩阵不如预测，因为启动开销占比大。", True, False),
        ("小矩阵不如预测，因为中间结果留在 L2 里，启动与延迟占主导。", False, True),
    ],
)
def test_the_measured_comparison_needs_the_small_shapes_why(l7, text, stand_in, full):
    """Does Q3's measured comparison earn nothing for the measured numbers alone, half for launch overhead named as
    dominant without its mechanism, and the whole for the intermediates staying in L2?"""
    scored = score(l7, "Q3", text)
    assert ("stand_in:measured_comparison" in scored.flags) is stand_in
    credited = any(m["concept"] == "measured_comparison" for m in scored.matched)
    assert credited is (stand_in or full)


@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        ("Q1", "两次归约都包含了这些 lane", "两次归约都不包含这些 lane"),
        ("Q1", "First tl.max", "First tl.sum"),
        ("Q1", "Then exp(x - m) and tl.sum", "Then tl.sum and exp(x - m)"),
        ("Q1", "tl.sum：0 是加法单位元", "tl.sum：−∞ 是加法单位元"),
        ("Q1", "0 is the identity of addition", "1 is the identity of addition"),
        (
            "Q3",
            "each intermediate (the max, the exp) goes to HBM",
            "the fused kernel's intermediates go to HBM",
        ),
    ],
)
def test_round15_true_premises_are_facts(l7, question, true_premise, false_twin):
    """Are the padding lanes in both reductions ('两次归约都包含'), a step named bare in English ('First tl.max'), 0 the
    identity of the sum and every naive intermediate through memory known premises, while their false twins (不包含,
    the steps out of order, −∞ or 1 as the sum's identity, the fused kernel's intermediates in memory) are none?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("不减 max 的话，x 很大时 exp 溢出，得到 inf，最后 NaN。", False),
        ("减了 max 以后最后 NaN 都来自 log(0)。", True),
    ],
)
def test_nan_closing_the_overflow_chain_is_read(l7, text, routed):
    """Does the confidence gate read NaN closing an overflow's chain ('得到 inf，最后 NaN'), while NaN said to come
    from somewhere inside a clause ('最后 NaN 都来自 log(0)') still routes?"""
    assert ("unread" in score(l7, "Q2", text).flags) is routed


# ── rubric_version 17: the intermediates written back to memory, of the naive version only ───────────────
@pytest.mark.parametrize(
    "text",
    [
        "融合的每个中间结果都写回显存，所以融合更快。",
        "The fused kernel's intermediates go back to dram, so it is faster.",
    ],
)
def test_the_fused_kernel_writing_its_intermediates_back_is_a_wrong_premise(l7, text):
    """Is the fused kernel said to write its intermediates back to memory (the naive version's traffic) a
    wrong premise sent to a TA as a veto, and no credit for the naive traffic?"""
    result = score_answer(l7, "Q3", text)
    assert result.veto and result.needs_review
    assert "naive_traffic" not in [m["concept"] for m in result.matched]


@pytest.mark.parametrize(
    "text",
    [
        "朴素版本每一步都写回显存，融合版本不会，所以融合快。",
        "融合的中间结果不写回显存，留在寄存器里，所以快。",
    ],
)
def test_the_naive_intermediates_written_back_stay_a_true_premise(l7, text):
    """Do the naive version's intermediates written back, and the fused kernel's denied, stay free of the veto?"""
    assert "fused_writes_intermediates" not in [m["id"] for m in score_answer(l7, "Q3", text).misconceptions]


# ── rubric_version 18: a traffic formula in words (the scorer's fold) ─────────────────────────────────────
@pytest.mark.parametrize(
    ("text", "credited"),
    [
        ("朴素实现：读 五 M N 加 二 M，写 三 M N 加 二 M。", True),
        ("朴素实现读 5M×N + 2M、写 3M×N + 2M。", True),
        ("朴素实现：读 四 M N 加 二 M，写 二 M N 加 二 M。", False),
        ("朴素实现读 6M×N + 2M。", False),
    ],
)
def test_the_naive_traffic_in_words_is_read_and_a_wrong_one_is_not(l7, text, credited):
    """Is the naive traffic written in words or with M×N ('读 五 M N 加 二 M') credited as 5MN + 2M, while a wrong count
    in the same words ('读 四 M N', '6M×N') earns nothing?"""
    matched = [m["concept"] for m in score(l7, "Q3", text).matched]
    assert ("naive_traffic" in matched) is credited


@pytest.mark.parametrize(
    ("text", "credited"),
    [
        ("融合 kernel：读 M N，写 M N。", True),
        ("融合 kernel：读 三 M N，写 三 M N。", False),
    ],
)
def test_the_fused_traffic_in_words_is_read_and_a_wrong_one_is_not(l7, text, credited):
    """Is the fused kernel's traffic with M and N spaced ('读 M N，写 M N') credited, while three matrices each way is
    not?"""
    matched = [m["concept"] for m in score(l7, "Q3", text).matched]
    assert ("fused_traffic" in matched) is credited


# ── rubric_version 18: true premises in new wordings (blind v14's confirm-only routes), each with false twins ──
@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        ("Q1", "是 −∞", "是 0"),
        ("Q1", "它们是 −∞", "它们是 +∞"),
        ("Q1", "它在 tl.max 里总是输", "它在 tl.max 里总是赢"),
        ("Q1", "the extra lanes past N are masked", "the lanes before N are masked"),
        ("Q1", "padding 的值不应该影响最终的结果", "padding 的值应该影响最终的结果"),
        ("Q1", "The padding must not change the max", "The padding may change the max"),
        ("Q1", "分母 += (BLOCK − N)·exp(−m)", "分母 += (BLOCK − N)·exp(m)"),
        ("explanation", "We used -inf for other", "We used 0.0 for other"),
        ("explanation", "and row_max as the shift", "and -inf as the shift"),
    ],
)
def test_round16_true_premises_are_facts(l7, question, true_premise, false_twin):
    """Are the padding's value as a bare premise ('因为是 −∞'), −∞ losing in the max ('在 tl.max 里总是输'), the lanes past
    N named masked in English, what the padding must not do, the denominator's excess as a formula and a note's fill
    in English known premises, while the same words with a false claim (是 0, 总是赢, the lanes before N, 应该影响,
    exp(m), 0.0 as other, −∞ as the shift) are none?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


@pytest.mark.parametrize(
    ("question", "text", "routed"),
    [
        ("Q1", "它们被 mask 挡住，不会去读显存（要是读了就可能越界），值就是 other。", False),
        ("Q1", "它们被 mask 挡住，但还是会去读显存，读到下一行的数据。", True),
        ("Q3", "N = 128 时只快 2 倍：矩阵太小，启动和延迟占了大头。", False),
        ("Q3", "N = 128 时只快 2 倍：矩阵太小，计算量占了大头。", True),
    ],
)
def test_round16_harmless_words_are_read(l7, question, text, routed):
    """Does the confidence gate read what a read would do under its condition ('要是读了就可能越界') and launch and
    latency that '占了大头', while a read asserted ('还是会去读显存') or the arithmetic put first still routes?"""
    assert score(l7, question, text).needs_review is routed


@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        ("Q1", "−∞ 不会影响最大值", "0 不会影响最大值"),
        ("Q1", "也就是 −∞", "也就是 0"),
        ("Q1", "就越界了", "会读到下一行"),
        ("Q3", "the inputs are only 2 MB and 16 MB", "the inputs are only 2 GB and 16 GB"),
        ("Q3", "矩阵才 2 MB 和 16 MB", "矩阵才 2 GB 和 16 GB"),
    ],
)
def test_round16_more_true_premises_are_facts(l7, question, true_premise, false_twin):
    """Are −∞ said not to change the max, the fill after 也就是, what the masked load spares a lane (the clause after
    不然: '就越界了') and the small shapes' sizes (2 MB and 16 MB) known premises, while 0 said not to change the max,
    a read asserted ('会读到下一行') or other sizes are none?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


@pytest.mark.parametrize(
    ("text", "concept", "credited"),
    [
        ("The naive version reads the matrix 5 times and writes it 3 times.", "naive_traffic", True),
        ("The naive version reads the matrix 4 times and writes it 2 times.", "naive_traffic", False),
        ("The fused kernel reads x once and writes y once.", "fused_traffic", True),
        ("The fused kernel reads x twice and writes y once.", "fused_traffic", False),
    ],
)
def test_round16_traffic_in_english_passes(l7, text, concept, credited):
    """Are the traffic counts as whole-matrix passes in English ('reads the matrix 5 times and writes it 3 times', 'reads
    x once and writes y once') credited, while wrong pass counts (4 and 2 times, twice) earn nothing?"""
    assert (concept in [m["concept"] for m in score(l7, "Q3", text).matched]) is credited


def test_round16_the_fused_single_pass_is_a_fact(l7):
    """Is the fused kernel's one read and one write in English a known premise, and 'reads twice' none?"""
    assert known(l7, "Q3", "fused reads once and writes once")
    assert not known(l7, "Q3", "fused reads twice and writes once")


# ── round 17 (rubric 19, blind v15) ──────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    "text",
    [
        "因为 kernel 会先对整行做 exp，−∞ 变成 0，其余都大于 0，所以 padding 在 tl.max 里不会被选中。",
        "exp 在 tl.max 之前，所以 −∞ 先变成 0，在 max 里最小。",
        "−∞ 做完 exp 就是 0，真实元素 exp 后都大于 0，所以这些 0 在 max 里永远输。",
        "Since the kernel first exponentiates x, -inf turns into 0 and so never wins the max.",
        "The kernel applies exp to x before the max, so the padded lanes are 0 and lose.",
    ],
)
def test_round17_exp_before_the_max_is_vetoed(l7, text):
    """Does the rubric veto exp said to come before the max (or the padding said to be 0 by the time of the max) as
    the reason −∞ does not win the max, in any wording, Chinese and English?"""
    result = score(l7, "Q1", text)
    assert "exp_before_max" in [m["id"] for m in result.misconceptions]
    assert result.veto


@pytest.mark.parametrize(
    "text",
    [
        "先求 max 再做 exp：−∞ 在 max 里不会胜出，exp(−∞ − m) = 0，所以不进分母。",
        "kernel 先减去行最大值再做 exp，exp(−∞) = 0，所以 padding 不给 tl.sum 加东西。",
        "先算 exp(x − m)，padding 的 exp 是 0，所以对分母没有贡献。",
        "The kernel takes the max first, then exp(x - m); exp(-inf) = 0, so the padded lanes add nothing to the sum.",
        "exp is applied after subtracting the max, so every term is at most 1.",
    ],
)
def test_round17_exp_after_the_max_is_no_veto(l7, text):
    """Is the true order (max first, exp after subtracting it; exp(−∞) = 0 in the sum) no veto of exp_before_max?"""
    result = score(l7, "Q1", text)
    assert "exp_before_max" not in [m["id"] for m in result.misconceptions]
    assert not result.veto


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("因为 kernel 里 exp 一般放在最前面先做一下，−∞ 经过 exp 变成 0，所以 padding 不会胜出。", True),
        ("先求 max 再减 max 做 exp，−∞ 经过 exp 变成 0，所以 padding 不会给 tl.sum 加东西。", False),
    ],
)
def test_round17_an_unread_step_order_beside_a_fact_routes(l7, text, routed):
    """Does a premise that states the kernel's step order with exp first in words no pattern reads go to a TA, even
    beside a true fact ('−∞ 经过 exp 变成 0'), while the true order ('先求 max 再 … exp') finalizes?"""
    result = score(l7, "Q1", text)
    assert result.needs_review is routed or (result.veto and routed)


@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        ("Q1", "每行至少一个真实的值", "每行至少一个 padding 的值"),
        ("Q2", "x 减 m 小于等于零", "x 减 m 大于等于零"),
        ("Q2", "the largest term = 1", "the largest term = 0"),
        ("Q2", "softmax 对整行减去同一个常数不变", "softmax 对整行乘同一个常数不变"),
        ("Q2", "randn 生成的数一般不大", "randn 生成的数一般很大"),
        ("Q3", "融合是 1 读 1 写", "融合是 1 读 2 写"),
    ],
)
def test_round17_true_premises_are_facts(l7, question, true_premise, false_twin):
    """Are a real element in every row without 有, x − m ≤ 0 and softmax's shift invariance in words, the largest term 1
    in English, randn's small inputs and the fused kernel's '1 读 1 写' known premises, while the same words with a false
    claim (a padding value, 大于等于, = 0, 乘, 很大, 1 读 2 写) are none?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


@pytest.mark.parametrize(
    ("question", "text", "read"),
    [
        ("Q1", "先说 NaN：它不会出现。", True),
        ("Q1", "NaN 会出现在 padding 上。", False),
        ("Q2", "不减的话分母溢出，无穷比无穷等于 NaN。", True),
        ("Q2", "无穷加无穷等于 NaN。", False),
        ("Q2", "先 softmax 再 log 会得到 −inf，而真值有限，这就是精度全丢。", True),
        ("Q2", "先 softmax 再 log 会得到 −inf，而真值有限，减最大值会让精度全丢。", False),
        ("Q2", "直接写 (x − m) − log(d)，precision 没问题。", True),
        ("Q2", "直接写 (x − m) − log(d)，precision 会差一些。", False),
        ("Q1", "mask 挡住它们不读，显存里后面的位置其实是下一行。", True),
        ("Q1", "mask 挡住它们，但它们还是会读到下一行。", False),
    ],
)
def test_round17_true_descriptions_are_read(l7, question, text, read):
    """Does the confidence gate read a topic named as a heading ('先说 NaN：'), ∞/∞ = NaN in words, the failure just
    described named ('这就是精度全丢'), 'precision 没问题' and memory past the row described, while a NaN claimed on the
    padding, ∞ + ∞ = NaN, a loss of precision blamed on the shift, 'precision 会差' or a read asserted stay unread?"""
    assert (unread(l7.questions[question], prepare(text, l7), l7, []) == []) is read


def test_round17_never_wins_with_the_english_verb_is_the_identity(l7):
    """Is '−∞ 在 max 里不会 win' the max's identity, and '−∞ 在 max 里会 win' not?"""
    assert known(l7, "Q1", "−∞ 在 max 里不会 win")
    assert not known(l7, "Q1", "−∞ 在 max 里会 win")


@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        ("Q1", "m 有限，因为至少有一个 real element", "至少有一个 padding element"),
        ("Q1", "padding 也会参加 tl.max", "padding 不会参加 tl.max"),
        ("Q1", "−∞ 在 max 里不会被选到", "−∞ 在 max 里会被选到"),
    ],
)
def test_round17_more_true_premises_are_facts(l7, question, true_premise, false_twin):
    """Are a real element named in English after 至少有一个, the padding said to take part in the max ('会参加 tl.max')
    and −∞ '不会被选到' known premises, while a padding element, a skip ('不会参加') or '会被选到' are none?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


# ── round 18 (rubric 20): the 0.0 fill said to break the max always ────────────────────────────────────


@pytest.mark.parametrize(
    "text",
    [
        "要是 other 用 0，最大值一定会变成 0，分母也会变大。",
        "用 0.0 填充的话 tl.max 总是等于 0。",
        "如果填 0，每行的 max 都会变成 0。",
        "填零一定会让 max 算错。",
        "With other = 0.0 the maximum will always be 0, and the denominator grows.",
        "If we pad with 0.0, in every row the max becomes zero.",
    ],
)
def test_round18_zero_fill_always_breaking_the_max_routes(l7, text):
    """Does the rubric route the 0.0 fill said to break the max always or on every row (only rows whose real values
    are all negative lose it), in any wording, Chinese and English, instead of crediting the failure in full?"""
    result = score(l7, "Q1", text)
    assert "zero_max_always_wrong" in [m["id"] for m in result.misconceptions]
    assert result.needs_review and not result.veto


@pytest.mark.parametrize(
    "text",
    [
        "要是 other 用 0，整行都是负数时最大值一定会变成 0。",
        "用 0.0 填充的话，全负的行 tl.max 会错成 0。",
        "填 0 的话 max 可能会变成 0。",
        "填 0 的话 max 不一定会变成 0，只有全负的行才会。",
        "With other = 0.0 the maximum becomes 0 when every real value is negative.",
        "If we pad with 0.0, the max is always right as long as the row has a positive value... no: on all-negative rows it becomes 0.",
    ],
)
def test_round18_zero_fill_breaking_the_max_under_its_condition_is_no_route(l7, text):
    """Is the 0.0 fill breaking the max on all-negative rows, or possibly, or not always, no zero_max_always_wrong?"""
    result = score(l7, "Q1", text)
    assert "zero_max_always_wrong" not in [m["id"] for m in result.misconceptions]


@pytest.mark.parametrize(
    "text",
    [
        "不减的话，x 到 1e3 时 exp 超出 fp32 范围，变成 inf。",
        "fp32 存不下 exp(1e3)，所以要先减最大值。",
        "Without the shift, exp(1e4) overflows float32 to inf.",
    ],
)
def test_round18_exps_input_overflowing_fp32_is_no_veto(l7, text):
    """Is exp of an input like 1e3 overflowing fp32 (true) no veto in Q2 (the course-wide fp32_overflow_small, which
    reads 1e8 as the value stored, is not taken by this lesson)?"""
    result = score(l7, "Q2", text)
    assert not result.veto


# ── round 19 (rubric 21): true premises of blind v17 in their wording families, each with false twins ─────


@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        # −∞ the subject of 'is the identity of max', never of the sum's.
        ("Q1", "minus infinity is the identity of max", "minus infinity is the identity of sum"),
        ("Q1", "-inf is the neutral element for tl.max", "-inf is the neutral element for addition"),
        # The larger of x and −∞ said to be x in words.
        ("Q1", "x 跟 -inf 比较取大的那个仍是 x", "x 跟 -inf 比较取大的那个是 -inf"),
        ("Q1", "负无穷和 x 取较大值还是 x", "负无穷和 x 取较大值还是负无穷"),
        ("Q1", "x 与负无穷取更大者等于 x", "x 与 0 取更大者等于 x"),
        # A reduction counting the padding lanes in, or taking no notice of the mask.
        ("Q1", "tl.sum 也会把这些 lane 加进去", "tl.sum 不会把这些 lane 加进去"),
        ("Q1", "max 和 sum 照样把它们算在内", "max 和 sum 照样把它们跳过"),
        ("Q1", "归约根本不管 mask", "归约只看 mask 为 True 的元素"),
        ("Q1", "tl.max 看不到 mask", "tl.max 看得到 mask"),
        # A large x making exp of x huge or overflow, in words.
        ("Q2", "输入很大的时候 exp 太大", "输入很小的时候 exp 太大"),
        ("Q2", "x 特别大时 e 的 x 次方很大", "x 特别大时 e 的 x 次方不会很大"),
        ("Q2", "x 较大的话 e^x 太大", "x 较大的话 e^-x 太大"),
        # An input of ~89 or more without the shift making exp, its sum or the denominator inf.
        ("Q2", "某行中出现 500 的时候求和会变成 inf", "减掉最大值以后某行中出现 500 的时候求和会变成 inf"),
        ("Q2", "数据里含 100 时分母为 inf", "数据里含 -100 时分母为 inf"),
        ("Q2", "向量里等于 2000 的话分母就是 inf", "向量里等于 2000 的话分母就是 0"),
        ("Q2", "向量里有 120 时分母是 inf", "向量里有 60 时分母是 inf"),
        (
            "Q2",
            "when a value of 300 is in the row the sum is inf",
            "when a value of -300 is in the row the sum is inf",
        ),
        # The small shapes' cause named bare, one of the lesson's own two.
        ("Q3", "L2 缓存的缘故", "L2 缓存不够"),
        ("Q3", "启动开销", "没有启动开销"),
        ("Q3", "because of the L2 cache", "because the cache is slow"),
    ],
)
def test_round19_true_premises_are_facts(l7, question, true_premise, false_twin):
    """Are −∞ named the identity of max in English, the larger of x and −∞ said to be x, a reduction counting the padding
    in ('把它算进去') or ignoring the mask ('不看 mask'), a large x making exp of x too large, an input of ~89 or more making
    the denominator inf and a bare lesson cause of the small shapes known premises, while the same words with a false
    claim (the sum's identity, the smaller one, a skip, a small or negative input, after the shift, 分母是 0, a cause with
    a claim of its own) are none?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "Q1",
            "padding lane 不访存，直接拿到 other。因为 tl.max 和 tl.sum 都会把 padding 算进去（归约不看 mask），所以 other 要同时是 max 的单位元，又在 exp 之后是 sum 的单位元：max(x, -inf) = x，exp(-inf - m) = 0。",
        ),
        (
            "Q1",
            "Minus infinity is the identity of max, so the padding never wins, and exp(-inf) is 0 so it adds nothing.",
        ),
        ("Q2", "不减的话，因为 x 特别大时 e 的 x 次方很大，会溢出，所以要减去最大值。"),
        ("Q2", "因为 fp32 的 exp 在 x 超过约 88.7 时溢出为 inf，向量里有 500 时分母是 inf，结果是 NaN。"),
    ],
)
def test_round19_answers_resting_on_true_premises_are_not_routed_as_unknown(l7, question, text):
    """Is an answer whose causal clause rests on one of round 19's true premises free of unknown_premise and unread?"""
    result = score(l7, question, text)
    assert "unknown_premise" not in result.flags and "unread" not in result.flags


def test_round19_a_sum_said_to_add_only_the_unmasked_lanes_routes(l7):
    """Is 'tl.sum 只累加 mask 为 True 的 lane' (a skip: the 0.0 fill called harmless for the denominator) routed, while
    the sum said to add every lane is no such claim?"""
    wrong = score(l7, "Q1", "填 0.0 只错在 max：tl.sum 只累加 mask 为 True 的 lane，所以分母是对的。")
    assert "zero_fill_harmless" in [m["id"] for m in wrong.misconceptions]
    assert wrong.needs_review
    right = score(l7, "Q1", "tl.sum 会累加所有 lane，包括 mask 为 False 的 padding，所以填 0.0 时分母偏大。")
    assert "zero_fill_harmless" not in [m["id"] for m in right.misconceptions]


def test_round19_an_observed_nan_in_the_output_is_read(l7):
    """Is a note's story of an observed failure ('输出里有 NaN') read as a true description, not routed as unread?"""
    note = (
        "第二个空起初填了 0，±1000 的练习打印 False，输出里有 NaN，才明白 exp(1000) = inf。"
        "改成 row_max 后指数都 ≤ 0。第一个空填 float('-inf')，因为 −∞ 在 max 里不胜出、exp 后为 0。"
    )
    result = score(
        l7, "explanation", note, context={"blank": "float('-inf'), row_max", "checks_passed": True}
    )
    assert "unread" not in result.flags


@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        # The max finite because the row holds a real element, in English.
        ("Q1", "the max is always finite", "the max is always infinite"),
        ("Q1", "the row contains a real value", "the row contains a padding value"),
        # The two reductions as two gates the padding passes.
        ("Q1", "它们都要经过两关", "它们只要经过一关"),
        # The mask's definition with 是 and n_cols.
        ("Q1", "mask 就是 offs < n_cols", "mask 就是 offs > n_cols"),
    ],
)
def test_round19_true_premises_of_blind_v16_are_facts(l7, question, true_premise, false_twin):
    """Are the max said to be finite and a real element in the row in English, the padding passing two gates ('要过两关')
    and 'mask 是 cols < n_cols' known premises, while 'infinite', a padding value, one gate and cols > n_cols are none?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


@pytest.mark.parametrize(
    ("question", "read", "unread_twin"),
    [
        # 首先 ('first of all') is no step order; exp taken first still is.
        (
            "Q2",
            "首先 exp 增长得很快，x 超过 88.7 时 exp(x) 就是 inf。",
            "先做 exp 再减最大值，x 超过 88.7 时 exp(x) 就是 inf。",
        ),
        # The launches' time in microseconds with its verb; a launch said to take most of the time is a claim.
        (
            "Q3",
            "对大矩阵，几次启动只占几微秒，省下的是显存流量。",
            "对大矩阵，几次启动要占一大半时间，省下的是启动。",
        ),
    ],
)
def test_round19_the_gate_reads_first_of_all_and_launch_microseconds(l7, question, read, unread_twin):
    """Does the confidence gate read 首先 as a discourse word and '几次启动只占几微秒' as a true description, while exp taken
    first and launches said to take most of the time stay unread claims?"""
    assert "unread" not in score(l7, question, read).flags
    assert "unread" in score(l7, question, unread_twin).flags


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        ("输入：被 mask 挡住的 lane 不访存，直接拿到 −∞。", True),
        ("输入：被 mask 挡住的 lane 不访存，不会拿到 −∞。", False),
        ("Input: tl.load does not touch memory for the masked lanes and just gives them `other`.", True),
        ("Input: tl.load reads memory for the masked lanes and never gives them `other`.", False),
    ],
)
def test_round19_the_input_stage_in_more_words(l7, text, earned):
    """Is the input stage earned by 拿到 −∞ and by the load as the subject of a second verb ('does not touch memory …
    and just gives them other'), while the same words denied ('不会拿到', 'never gives them') earn nothing?"""
    result = score(l7, "Q1", text)
    assert ("input_fill" in [m["concept"] for m in result.matched]) is earned


@pytest.mark.parametrize(
    ("true_premise", "false_twin"),
    [
        ("−∞ 同时是两个归约的单位元", "−∞ 只是其中一个归约的单位元"),
        ("-inf 同时为这两个 reduction 的单位元", "-inf 同时为这两个 reduction 的输入"),
    ],
)
def test_round19_one_value_for_both_reductions_is_a_fact(l7, true_premise, false_twin):
    """Is '同时是两个归约的单位元' a known premise, while one reduction's identity alone is none?"""
    assert known(l7, "Q1", true_premise)
    assert not known(l7, "Q1", false_twin)


def test_round19_traffic_formulas_written_as_code_are_read(l7):
    """Does Q3 read the naive traffic written as code ('naive_read = 5*M*N + 2*M'), the scorer's fold, and not a wrong
    count written the same way ('naive_read = 4*M*N')?"""
    right = score(l7, "Q3", "naive_read = 5*M*N + 2*M, naive_write = 3*M*N + 2*M.")
    wrong = score(l7, "Q3", "naive_read = 4*M*N, naive_write = 4*M*N.")
    assert "naive_traffic" in {m["concept"] for m in right.matched}
    assert "naive_traffic" not in {m["concept"] for m in wrong.matched}


@pytest.mark.parametrize(
    ("question", "text", "vetoed"),
    [
        ("Q1", "填 −∞：exp 之后是 0，所以 padding 那几列最后写回去的就是 0，输出还在 0 到 1 之间。", True),
        ("Q1", "Padded positions are stored as zero, so the row still sums to 1 with -inf.", True),
        (
            "explanation",
            "other 用 −inf，因为 store 时 padding lane 写进去的就是 0，不会弄脏输出；shift 用 row_max。检查通过。",
            True,
        ),
        ("Q1", "store 带 mask，padding 位置根本不写；−∞ 在 max 里不胜出，exp 之后为 0，不进分母。", False),
        ("Q1", "padding lane 的 exp 是 0，所以不进分母。", False),
        (
            "explanation",
            "other 填 float('-inf')：padding lane 在 tl.max 里输掉，exp 之后为 0；shift 填 row_max 防溢出。检查都通过。",
            False,
        ),
    ],
)
def test_round20_the_padding_said_to_be_written_as_zero_is_a_wrong_chain(l7, question, text, vetoed):
    """Is −∞ justified by the padding's outputs being written as 0 vetoed in Q1 and, inherited, in the note (the store is
    masked: nothing is written there), while the masked store or a lane's exp being 0 is no such claim?"""
    context = (
        {"blank": "float('-inf'), row_max", "checks_passed": True} if question == "explanation" else None
    )
    result = score_answer(l7, question, text, context=context)
    assert ("padding_output_written" in [m["id"] for m in result.misconceptions]) is vetoed


# ── round 20 continued (rubric 24): blind v18 and v19's wrong thresholds, log(softmax), both reductions ─────────


@pytest.mark.parametrize(
    ("text", "deducted"),
    [
        ("fp32 里 x 超过 11 左右 exp 就溢出成 inf，所以要先减最大值。", True),
        ("在 float32 下输入大于大约 11 时 exp 就会上溢。", True),
        ("fp16 下 x 超过 11 左右 exp 就溢出成 inf，结果是 NaN。", False),
        ("fp32 里 x 超过 88.7 左右 exp 就溢出成 inf，结果是 NaN。", False),
        ("fp32 里 x 到 11 时 exp 还是有限数，超过约 88.7 才溢出。", False),
    ],
)
def test_round20_fp16_threshold_said_of_fp32_is_deducted(l7, text, deducted):
    """Does Q2 deduct 11 (fp16's limit) given as fp32's overflow threshold, while fp16 with 11, fp32 with 88.7 and 11
    said to stay finite are no such claim?"""
    result = score(l7, "Q2", text)
    assert ("fp16_threshold_for_fp32" in [m["id"] for m in result.misconceptions]) is deducted


@pytest.mark.parametrize(
    ("text", "deducted"),
    [
        ("单精度下只要 x 大于 65504，exp 就会溢出成 inf。", True),
        ("fp32 里 x 超过 3.4e38 时 exp 才会溢出。", True),
        ("exp(x) 超过 3.4e38 就溢出成 inf，而 x 超过约 88.7 时就会这样。", False),
        ("fp16 里 x 超过 65504 就存不下了。", False),
        ("fp32 里 x 超过 88.7 时 exp 溢出成 inf。", False),
    ],
)
def test_round20_a_formats_largest_value_as_the_input_threshold_is_deducted(l7, text, deducted):
    """Does Q2 deduct a format's largest value (65504, 3.4e38) taken for exp's input limit, while the same value said of
    exp's output, fp16's own range or the right 88.7 is no such claim?"""
    result = score(l7, "Q2", text)
    assert ("output_limit_as_threshold" in [m["id"] for m in result.misconceptions]) is deducted


@pytest.mark.parametrize(
    ("text", "deducted"),
    [
        ("我觉得先求 softmax 再取 log 也一样准确，反正 softmax 已经稳定了。", True),
        ("softmax 已经处理过溢出，所以之后再取 log 没问题。", True),
        ("log(softmax(x)) 一样准确，直接写只是习惯。", True),
        ("直接写成 x - max - log(sum) 只是为了省一次除法。", True),
        ("先求 softmax 再取 log 更不准确：下溢成 0 的项取 log 是 −∞。", False),
        ("先算 softmax 再取 log 会出问题，因为小概率下溢为 0，log(0) = −∞。", False),
        ("写成 x − m − log Σ exp(x − m)，log 里的数在 1 到 N 之间，避免了 log(0)。", False),
    ],
)
def test_round20_log_of_softmax_called_fine_is_deducted(l7, text, deducted):
    """Does Q2 deduct log(softmax) called as accurate as the direct form, or the direct form called only a saving,
    while the underflow to log(0) = −∞ named as the reason against it is no such claim?"""
    result = score(l7, "Q2", text)
    assert ("log_of_softmax_fine" in [m["id"] for m in result.misconceptions]) is deducted


@pytest.mark.parametrize(
    ("true_premise", "false_twin"),
    [
        ("padding lane 这两个归约都逃不过", "padding lane 这两个归约都逃得过"),
        ("masked lane 会经过两次规约", "masked lane 不会经过两次规约"),
        ("它们要过两次规约", "它们只过一次规约"),
    ],
)
def test_round20_the_padding_in_both_reductions_in_more_words_is_a_fact(l7, true_premise, false_twin):
    """Is the padding said to escape neither reduction, or to pass both 规约 (a frequent typo of 归约), a known premise,
    while the escape or a single reduction is none?"""
    assert known(l7, "Q1", true_premise)
    assert not known(l7, "Q1", false_twin)


# ── round 21 (rubric 25): blind v20's wrong threshold chain, warps as the speed-up, the shift called unnecessary ─────

_Q2_SHIFTED = "减完以后指数都 ≤ 0，最大项是 1；分子分母同乘 e^(−m)，所以比值不变。"


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("单精度最多表示到 3.4e38，所以输入大于 38 左右 exp 就溢出了。", True),
        ("fp32 的上限约为 10^38，因此 e^x 在 x 到 38 时就已经是 inf。", True),
        ("不先减最大值的话，x 超过 40 左右 exp 就会溢出。", True),
        ("fp32 的指数位最大是 127，所以 x 超过 127 时 exp 溢出成 inf。", True),
        (
            "In float32 exp overflows once the input exceeds about 38, since the largest value is 3.4e38.",
            True,
        ),
        ("float32 下输入大于 65504 时 exp 才会溢出。", True),
        ("单精度下 x 超过 11 左右 exp 就溢出成 inf。", True),
        ("fp32 最大约 3.4e38，所以 exp(x) 在 x 约 88.7 时溢出。", False),
        ("fp32 最大是 2^128 ≈ 3.4e38，ln 一下约 88.7：x 超过 88.7 时 exp 溢出。", False),
        ("不先减最大值的话，x 超过 88.7 左右 exp 就会溢出成 inf。", False),
        ("x 到 38 时 exp 还是有限数（约 3e16），要到 88.7 才溢出。", False),
    ],
)
def test_round21_a_wrong_overflow_threshold_goes_to_a_ta_in_any_wording(l7, text, routed):
    """Does Q2 send a wrong fp32 overflow threshold used as the reason for the shift to a TA as a possible veto in any
    wording (38 read off 3.4e38, 127 from the exponent bits, 65504 or 11 said of fp32, inside the question's own
    condition '不先减最大值的话'), while 88.7 derived from 3.4e38, 2^128 beside 88.7 and 38 said to stay finite are none?"""
    s = score(l7, "Q2", text + _Q2_SHIFTED)
    wrong = {"wrong_overflow_threshold", "fp16_threshold_for_fp32", "output_limit_as_threshold"}
    assert bool(wrong & {m["id"] for m in s.misconceptions}) is routed
    if routed:
        assert s.veto and s.needs_review  # a veto for a TA to confirm, never a final one
    else:
        assert not s.veto


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("融合版快了差不多 4 倍，理由在于 num_warps = 4：每行有 4 个 warp 同时算。", True),
        ("加速的来源就是线程更多，一行 128 个线程一起算，所以快 4 倍。", True),
        ("4 倍刚好对应 4 个 warp。", True),
        ("The 4x speed-up comes from the four warps sharing each row.", True),
        ("The fused kernel is 4x faster because of more threads per row.", True),
        (
            "朴素读 5MN+2M、写 3MN+2M，融合读写各 MN，访存受限，所以预测 4 倍；小矩阵只快 1.6 倍，原因是 warp 没活干、启动开销占大头。",
            False,
        ),
        ("快 4 倍不是因为 num_warps = 4，而是因为少读写了四分之三的字节。", False),
        ("The speed-up comes from moving fewer bytes, not from the warps.", False),
    ],
)
def test_round21_the_speedup_put_in_warps_or_threads_goes_to_a_ta(l7, text, routed):
    """Does Q3 send the ~4x put down to warps, threads or parallel work (not the bytes moved) to a TA as a possible veto
    in any wording ('理由在于 num_warps = 4', '来源是线程更多', '4 倍对应 4 个 warp', 'comes from the warps'), while idle warps
    named for the small shapes' shortfall beside the traffic, or the cause denied, are no such claim?"""
    s = score(l7, "Q3", text)
    ids = {m["id"] for m in s.misconceptions}
    assert bool(ids & {"speedup_from_threads", "warps_speedup", "parallelism_speedup"}) is routed
    assert s.needs_review or not s.veto


@pytest.mark.parametrize(
    ("question", "text", "routed"),
    [
        ("Q2", "平移不变，减不减都一样，所以用不着减最大值。", True),
        ("Q2", "softmax 对平移不变，减最大值其实是多余的。", True),
        ("Q2", "Softmax is shift-invariant, so there is no need to subtract the max.", True),
        (
            "explanation",
            "other 用 -inf；shift 我写的 0，平移不变，没必要减，检查都通过了，说明不需要减。",
            True,
        ),
        ("Q2", "平移不变只说明减了结果不变，并不是没必要减：不减的话 exp(1000) 溢出成 inf。", False),
        ("Q2", "数学上没必要减，但 fp32 下 exp(1000) 会溢出，所以必须减。", False),
        ("Q2", "融合以后不用减少读写的次数。", False),
    ],
)
def test_round21_the_shift_called_unnecessary_goes_to_a_ta(l7, question, text, routed):
    """Is the subtraction of the max called unnecessary ('用不着减', '多余', 'no need to subtract', a note whose shift
    blank is 0 saying its passing checks show it) sent to a TA as a possible veto in Q2 and, inherited, in the note, while
    the claim denied, a contrast that keeps the shift and 减少 are none?"""
    context = {"blank": "-float('inf'), 0", "checks_passed": True} if question == "explanation" else None
    s = score(l7, question, text, context=context)
    assert ("shift_unnecessary" in {m["id"] for m in s.misconceptions}) is routed
    assert s.needs_review or not s.veto


@pytest.mark.parametrize(
    ("text", "full"),
    [
        ("小矩阵只快 1.5 倍，不符合，大概是带宽跑不满。", True),
        ("小矩阵只快 1.5 倍，不符合，估计是跑不满显存带宽。", True),
        ("小矩阵只快 1.5 倍，不符合，大概是 GPU 没跑满吧。", False),
    ],
)
def test_round21_a_bare_gpu_not_saturated_earns_half_the_comparison(l7, text, full):
    """Does '带宽跑不满' (the bandwidth a small kernel cannot fill) earn the measured comparison in full, while a bare 'GPU
    没跑满' earns only its stand-in's half?"""
    s = score(l7, "Q3", text)
    assert any(m["concept"] == "measured_comparison" for m in s.matched)
    assert ("stand_in:measured_comparison" not in s.flags) is full


@pytest.mark.parametrize(
    ("true_premise", "false_twin"),
    [
        ("最大值变成 0 以后每个 padding lane 正好多 1", "最大值变成 0 以后每个 padding lane 正好多 0"),
        ("m 被换成 0 时各加 1", "m 被换成 1 时各加 1"),
        ("once the max was replaced by 0", "once the max was replaced by 5"),
    ],
)
def test_round21_the_max_turned_zero_adding_one_per_lane_is_a_fact(l7, true_premise, false_twin):
    """Is the max replaced by 0 told as a change ('最大值变成 0 以后每个 lane 多 1', 'the max was replaced by 0') a known
    premise of Q1, while one more 0, or another value for the max, is none?"""
    assert known(l7, "Q1", true_premise)
    assert not known(l7, "Q1", false_twin)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("一行全是 -1000 时 exp 都下溢为 0，分母是 0，NaN。", True),
        ("exp(1000) 溢出，分母 inf，结果 NaN。", True),
        ("分子是 1，NaN。", False),
    ],
)
def test_round21_a_bare_nan_after_the_denominator_is_read(l7, text, read):
    """Does the gate read a bare 'NaN' clause right after the denominator said to be 0 or inf (its consequence), while a
    bare NaN after anything else is still unread?"""
    assert (unread(l7.questions["Q2"], prepare(text, l7), l7, []) == []) is read


@pytest.mark.parametrize(
    ("question", "true_premise", "false_twin"),
    [
        ("Q1", "load 时这些 lane 的 mask 为假", "load 时这些 lane 的 mask 为真"),
        ("Q2", "max 项 = 1", "max 项 = 0"),
        ("Q2", "一行有大数时分母 inf", "一行有小数时分母 inf"),
        ("Q1", "都是负数，最大值就变成 0 了", "都是正数，最大值就变成 0 了"),
    ],
)
def test_round21_confirm_only_premises_are_read(l7, question, true_premise, false_twin):
    """Are true premises blind v20 and earlier sent to a TA for nothing read (a padding lane's mask false, the max term
    equal to 1, a large number in the row making the denominator inf, an all-negative row's max turned 0),
    while their false twins are not?"""
    assert known(l7, question, true_premise)
    assert not known(l7, question, false_twin)


# ── round 22 (rubric 27): blind v21 ──────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    "text",
    [
        "因为 exp(−∞ − m) = 0，所以 padding 永远不会在 tl.max 里当选。",
        "padding 在 max 里不会胜出，是因为 e^(−∞) = 0。",
        "exp(−∞) = 0 保证了填充位不会成为最大值。",
        "由于 −∞ 是 max 的单位元，所以这些 lane 不进分母。",
        "这些 lane 对分母贡献 0，因为 max(x, −∞) = x。",
        "Since exp(-inf) = 0, the padded lanes never win the max.",
        "They add nothing to the denominator because max(x, -inf) = x.",
    ],
)
def test_round22_crossed_reasons_are_routed_as_a_possible_veto(l7, text):
    """Does the rubric send to a TA, as a possible veto earning nothing, the two reasons crossed in any wording and order:
    exp(−∞) = 0 given for the max and the max's identity given for the denominator?"""
    s = score(l7, "Q1", text)
    assert any(m["id"] == "crossed_reasons" for m in s.misconceptions)
    assert s.needs_review and s.points == 0


@pytest.mark.parametrize(
    "text",
    [
        "因为 exp(−∞ − m) = 0，所以 padding 不进分母；因为 −∞ 是 max 的单位元，所以它在 tl.max 里不会胜出。",
        "−∞ 是 max 的单位元，exp(−∞) = 0。",
        "因为 max(x, −∞) = x 且 exp(−∞) = 0，所以 padding 既不胜出也不进分母。",
        "The padding never wins the max because max(x, -inf) = x, and exp(-inf) = 0 so they add nothing to the denominator.",
    ],
)
def test_round22_right_pairs_are_no_crossed_reasons(l7, text):
    """Are the right pairs, both facts side by side without a causal link, and one premise naming both, no crossed
    reasons?"""
    assert not any(m["id"] == "crossed_reasons" for m in score(l7, "Q1", text).misconceptions)


@pytest.mark.parametrize(
    ("text", "deducted"),
    [
        ("减 m 的时候 padding 可能变成 −∞ − (−∞)，结果得到 NaN，所以我填 −1e4。", True),
        ("-inf - (-inf) gives NaN, so a finite fill like -1e4 is safer.", True),
        ("整行都是 −∞ 时 −∞ − (−∞) = NaN。", False),
        ("当 m 也是 −∞ 时 −∞ − (−∞) 得到 NaN。", False),
        ("An entire row of -inf gives -inf - (-inf) = NaN.", False),
        ("只要有一个真实元素，m 有限，就不会出现 −∞ − (−∞) = NaN。", False),
        ("m is finite as long as the row has at least one real value (so no -inf - (-inf) = NaN).", False),
    ],
)
def test_round22_neg_inf_pair_nan_is_deducted(l7, text, deducted):
    """Does the rubric take back the −∞ half from the belief that the padding's −∞ − m gives −∞ − (−∞) = NaN (a wrong
    conclusion, no veto), while a row or block with no real element (m = −∞, the true case) is neither deducted nor
    vetoed?"""
    s = score(l7, "Q1", text)
    hit = [m for m in s.misconceptions if m["id"] == "neg_inf_pair_nan"]
    assert bool(hit) is deducted
    if not deducted:
        assert not s.veto


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("大矩阵上 kernel 启动几微秒，可以忽略。", True),
        ("kernel 启动几毫秒。", False),
        ("小矩阵上启动和延迟占主导。", True),
        ("启动和延迟才真的要紧。", False),
    ],
)
def test_round22_launch_microseconds_and_small_shapes_are_read(l7, text, read):
    """Does the gate read a launch's microseconds without a verb ('kernel 启动几微秒') and launch and latency dominating on
    the small shapes, while milliseconds and the claim without its condition stay unread?"""
    assert (unread(l7.questions["Q3"], prepare(text, l7), l7, []) == []) is read


def test_round22_naive_intermediates_going_out_to_memory_are_a_premise(l7):
    """Is 'every intermediate goes out to memory and is read back' a known premise of the naive count (no route)?"""
    s = score(
        l7,
        "Q3",
        "Naive reads 5MN + 2M and writes 3MN + 2M, because every intermediate goes out to memory and is read back.",
    )
    assert "unknown_premise" not in s.flags


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("说实话填 0.0 和 −∞ 在实际里没什么区别，一行里总有正数。", True),
        ("−∞ 和 0 其实没啥区别。", True),
        # false twins: the two fills called very different, a difference named
        ("填 0.0 和 −∞ 区别很大：0.0 会在全负的行上顶替最大值。", False),
        ("0.0 和 −∞ 的区别在于 exp 之后是不是 0。", False),
    ],
)
def test_round28_the_two_fills_called_no_different_go_to_a_ta(l7, text, routed):
    """Is 0.0 called no different from −∞ ('填 0.0 和 −∞ 没什么区别') routed as zero_fill_harmless, while a student
    who names the difference is not?"""
    result = score(l7, "Q1", text)
    assert ("suspect:zero_fill_harmless" in result.flags) is routed


@pytest.mark.parametrize(
    ("question", "text", "misconception", "flagged"),
    [
        ("Q1", "max 被顶成 0 以后，exp(x − 0) 会下溢成 0，分母变成 0，0/0 = NaN。", "zero_fill_nan", True),
        (
            "Q3",
            "加速 4 倍的真正原因是融合 kernel 启动了 4 × SM 个 program，并行度高。",
            "parallelism_speedup",
            True,
        ),
        ("Q2", "实际上不减最大值也行：fp32 的 exp 要到 88.7 才溢出。", "shift_unnecessary", True),
        ("Q2", "减最大值只是工程上多一道保险。", "shift_unnecessary", True),
        # false twins: the denominator kept above 0, the traffic as the cause, a question, the shift needed
        ("Q1", "分母不会变成 0，所以不会 0/0 = NaN。", "zero_fill_nan", False),
        ("Q3", "加速 4 倍的原因是访存量少了 4 倍，不是 program 个数。", "parallelism_speedup", False),
        ("Q2", "如果不减最大值也行吗？不行，±1000 的行会溢出。", "shift_unnecessary", False),
    ],
)
def test_round29_wrong_chains_of_v25_are_flagged(l7, question, text, misconception, flagged):
    """Are the denominator said to become 0 (0/0), the programs per SM named as the speed-up's cause, and the shift
    called optional ('不减最大值也行', '只是多一道保险') flagged, while their denials and questions are not?"""
    result = score(l7, question, text)
    assert (misconception in {m["id"] for m in result.to_json()["misconceptions"]}) is flagged


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        ("shift 我填了 0.0：softmax 对平移不变，所以 shift 填什么都对，可见检查全部通过。", True),
        ("Any shift works, softmax is shift invariant.", True),
        # false twin: the invariance stated with the row max kept in the code
        ("数学上减任何常数结果都一样，但代码里 shift 必须是 row_max，否则 ±1000 会溢出。", False),
    ],
)
def test_round29_any_shift_called_right_in_a_note_is_vetoed(l7, text, vetoed):
    """Does a note that calls any shift right ('shift 填什么都对') get vetoed, while the invariance stated beside the
    row max it needs is not?"""
    result = score(l7, "explanation", text, context={"blank": "-float('inf'), 0.0", "checks_passed": True})
    assert (
        any(m["id"] == "shift_any_value" and m["veto"] for m in result.to_json()["misconceptions"]) is vetoed
    )


@pytest.mark.parametrize(
    ("question", "text", "misconception", "vetoed"),
    [
        ("Q1", "因为 e^{−∞} = 0，所以 padding 填 −∞ 以后，tl.max 也不会选中它。", "crossed_reasons", True),
        (
            "Q2",
            "减 max 是因为 exp 要在 tensor core 上算，tensor core 只接受 [0, 1] 之间的输入。",
            "shift_for_hardware",
            True,
        ),
        (
            "Q3",
            "融合 kernel 快的根本原因是 online softmax：一遍扫描同时得到 max 和 sum。",
            "tensor_core_or_online_speedup",
            True,
        ),
        (
            "Q3",
            "融合 kernel 快 4～5 倍，是因为可以放到 tensor core 上做。",
            "tensor_core_or_online_speedup",
            True,
        ),
        # false twins: the right pair of reasons, the overflow as the reason, the traffic as the cause
        (
            "Q1",
            "因为 max(x, −∞) = x，所以 padding 填 −∞ 以后，tl.max 也不会选中它。",
            "crossed_reasons",
            False,
        ),
        ("Q2", "减 max 是为了防止 exp 溢出，和 tensor core 无关。", "shift_for_hardware", False),
        (
            "Q3",
            "融合快是因为访存少；和 tensor core 无关，也不是 online softmax。",
            "tensor_core_or_online_speedup",
            False,
        ),
    ],
)
def test_round30_wrong_chains_of_v26_are_vetoed(l7, question, text, misconception, vetoed):
    """Are exp(−∞) = 0 given for the max across a scene clause, tensor cores given for the shift, and tensor cores or
    online softmax given for the speed-up vetoed, while the right reasons and denials are not?"""
    result = score(l7, question, text)
    hit = any(m["id"] == misconception and m["veto"] for m in result.to_json()["misconceptions"])
    assert hit is vetoed


@pytest.mark.parametrize(
    ("question", "text", "misconception", "flagged"),
    [
        ("Q1", "真正严重的是 0 会让 x − max 出现 0/0，整行都会变成 NaN。", "zero_fill_nan", True),
        ("Q1", "max 本身不会错，因为真实数据里总有比 0 大的数。", "zero_fill_harmless", True),
        (
            "Q1",
            "padding lane 的 log-softmax 输出本来就应该是 −∞，所以输出阶段 padding 的结果就是正确的 −∞。",
            "padding_output_written",
            True,
        ),
        # false twins: the fill never giving 0/0, an all-negative row named, the padding never stored
        ("Q1", "0 不会让 x − max 出现 0/0，它的错是顶替最大值。", "zero_fill_nan", False),
        ("Q1", "全负的行里没有比 0 大的数，所以 0 会顶替最大值。", "zero_fill_harmless", False),
        ("Q1", "padding lane 的输出不会写回，store 带着同一个 mask。", "padding_output_written", False),
    ],
)
def test_round31_wrong_chains_of_v27_are_flagged(l7, question, text, misconception, flagged):
    """Are the 0.0 fill said to make x − max give 0/0, a row said always to hold a positive number, and −∞ justified
    by the padding's own output flagged, while their denials are not?"""
    result = score(l7, question, text)
    assert (misconception in {m["id"] for m in result.to_json()["misconceptions"]}) is flagged


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        (
            "减了以后它们都 ≤ 0，所以不会溢出。这个操作之所以不改变结果，是因为上下都乘了同一个 e^{−m}。",
            False,
        ),
        # false twin: the same words for the wrong sign of the exponents
        ("减了以后它们都 ≥ 1，所以不会溢出。这个操作之所以不改变结果，是因为上下都乘了同一个 e^{−m}。", True),
    ],
)
def test_round31_true_premises_of_v27_are_read(l7, text, routed):
    """Are 'after the subtraction they are all ≤ 0' and 'top and bottom multiplied by the same e^{−m}' read as true
    premises, while exponents said to be ≥ 1 still go to a TA?"""
    result = score(l7, "Q2", text)
    assert result.needs_review if routed else "unknown_premise" not in result.flags


@pytest.mark.parametrize(
    ("question", "text", "misconception", "flagged"),
    [
        ("Q3", "融合 2MN（max 一遍、sum 一遍，要读两遍），预测 8/3 ≈ 2.7×。", "wrong_traffic_count", True),
        ("Q3", "这说明字节数这个模型根本就不对，融合在实际中不值得做。", "byte_model_rejected", True),
        # false twins: the naive version reading twice, the byte model's premise failing on small shapes
        ("Q3", "融合只读一次写一次，朴素要读两遍以上。", "wrong_traffic_count", False),
        ("Q3", "小矩阵留在 L2 里，字节模型的前提不成立。", "byte_model_rejected", False),
    ],
)
def test_round32_wrong_conclusions_of_v28_v29_are_flagged(l7, question, text, misconception, flagged):
    """Are the fused kernel said to read the row twice and the byte model or fusion rejected from the small shapes
    flagged for a TA, while the naive version's passes and the byte model's failing premise on small shapes are not?"""
    result = score(l7, question, text)
    assert (misconception in {m["id"] for m in result.to_json()["misconceptions"]}) is flagged


@pytest.mark.parametrize(
    ("text", "concept", "earned"),
    [
        ("(ℝ∪{−∞}, max) 的幺元是 −∞。", "max_unaffected", True),
        ("exp 把 −∞ 映射到 0。", "sum_unaffected", True),
        # false twins: another identity, another image
        ("(ℝ, +) 的幺元是 0。", "max_unaffected", False),
        ("exp 把 0 映射到 1。", "sum_unaffected", False),
    ],
)
def test_round32_the_identity_in_algebra_words_is_read(l7, text, concept, earned):
    """Are 'max 的幺元是 −∞' and 'exp 把 −∞ 映射到 0' read as the max and the sum unaffected, while the sum's identity
    and exp(0) = 1 are not?"""
    result = score(l7, "Q1", text)
    assert (concept in {m["concept"] for m in result.to_json()["matched"]}) is earned


@pytest.mark.parametrize(
    ("question", "text", "misconception", "flagged"),
    [
        (
            "Q3",
            "朴素的广播访问跳来跳去，cache line 利用率只有一半，所以朴素多亏了一截。",
            "cache_line_speedup",
            True,
        ),
        (
            "explanation",
            "mask 掉的 lane 在 tl.max / tl.sum 里不参与归约，所以填什么都行。",
            "mask_skips_reduction",
            True,
        ),
        # false twins: the traffic as the cause, the padding taking part
        ("Q3", "两个版本都按行连续读，差别在读写的字节数。", "cache_line_speedup", False),
        (
            "explanation",
            "mask 掉的 lane 在 tl.max / tl.sum 里照样参与归约，所以要填 −∞。",
            "mask_skips_reduction",
            False,
        ),
    ],
)
def test_round33_wrong_chains_of_v30_are_flagged(l7, question, text, misconception, flagged):
    """Are cache-line use as the speed-up's cause and the padding said not to take part in the reductions (also in the
    note) flagged, while the traffic and the padding taking part are not?"""
    result = score(l7, question, text)
    assert (misconception in {m["id"] for m in result.to_json()["misconceptions"]}) is flagged


@pytest.mark.parametrize(
    ("question", "text", "misconception", "flagged"),
    [
        (
            "Q1",
            "分母不会错，因为 tl.sum 的时候 mask 仍然生效，padding lane 被排除在求和之外。",
            "mask_skips_reduction",
            True,
        ),
        (
            "Q3",
            "The fused kernel does far less arithmetic, and cutting the arithmetic is what gives the ~4x.",
            "fused_fewer_flops",
            True,
        ),
        # false twins: the padding taking part, the same arithmetic in both
        (
            "Q1",
            "padding lane 不会被排除，它照样进入 tl.sum，只是 exp(−∞) = 0。",
            "mask_skips_reduction",
            False,
        ),
        (
            "Q3",
            "Both versions do the same arithmetic; the fused kernel moves far fewer bytes.",
            "fused_fewer_flops",
            False,
        ),
    ],
)
def test_round35_wrong_chains_of_v32_are_flagged(l7, question, text, misconception, flagged):
    """Are the padding 'excluded from the sum' and 'far less arithmetic' as the speed-up's cause flagged, while the
    padding taking part and the same arithmetic are not?"""
    result = score(l7, question, text)
    assert (misconception in {m["id"] for m in result.to_json()["misconceptions"]}) is flagged


# ── version 36 (blind v33, v34) ──────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("question", "premise", "sound"),
    [
        ("Q1", "之后 −∞ − m 仍是 −∞", True),
        ("Q1", "填 0.0 时这 5 列已经算错了", True),
        ("Q2", "分子分母被同一个 e^(−m) 缩放", True),
        ("Q2", "上下都乘了同一个东西", True),
        ("Q3", "512 / 128 = 4", True),
        ("Q3", "前者大约 8MN，后者 2MN", True),
        ("Q3", "每步都过 HBM", True),
        ("explanation", "row_max", True),
        ("explanation", "padding 的 0 经过 exp 变成了 1", True),
        # false twins: −∞ − m called NaN, the −∞ fill called wrong, different factors, the traffic reversed
        ("Q1", "−∞ − m 是 NaN", False),
        ("Q1", "填 −∞ 时这 5 列已经算错了", False),
        ("Q2", "分子分母被不同的数缩放", False),
        ("Q3", "前者大约 2MN，后者 8MN", False),
        ("explanation", "row_sum", False),
    ],
)
def test_round36_true_premises_in_new_words_are_sound(l7, question, premise, sound):
    """Are the true premises of the v33-v34 classes (−∞ − m stays −∞, the 0.0 fill's failure, the ratio's shared
    factor, a worked ratio, the traffic in words, the blank's value) sound, and their false twins not?"""
    assert known(l7, question, premise) is sound


@pytest.mark.parametrize(
    ("text", "vetoed"),
    [
        (
            "填 −∞ 是因为 e^{−∞} = 0：padding lane 的值取 exp 以后是 0，比任何真实元素的 exp 值都小，所以它在 tl.max 里不会成为最大值。",
            True,
        ),
        # false twin: the max's own identity, exp only for the sum
        (
            "填 −∞ 是因为 max(x, −∞) = x，它在 tl.max 里不会成为最大值；exp 以后是 0，比任何真实元素的 exp 值都小，不进分母。",
            False,
        ),
    ],
)
def test_round36_the_padding_s_exp_compared_for_the_max_is_vetoed(l7, text, vetoed):
    """Is the max explained by the padding's exp being smaller than the real elements' exp (the kernel takes the
    max of x, before any exp) vetoed, while the same comparison for the denominator is not?"""
    result = score(l7, "Q1", text).to_json()
    assert any(m["id"] == "exp_before_max" and m["veto"] for m in result["misconceptions"]) is vetoed


@pytest.mark.parametrize(
    ("text", "concept", "earned"),
    [
        ("−∞ 正好两者都满足：它赢不了 max，exp 之后又是 0。", "max_unaffected", True),
        ("这个值必须同时满足 max(x, v) = x 和 exp(v − m) = 0，只有 −∞ 两样都满足。", "sum_unaffected", True),
        # false twins: 0.0 wins the max; exp gives 1
        ("0.0 赢得了 max。", "max_unaffected", False),
        ("exp 之后是 1。", "sum_unaffected", False),
    ],
)
def test_round36_the_identities_in_new_words_are_read(l7, text, concept, earned):
    """Are "它赢不了 max", "exp 之后又是 0" and the identities of a fill named v read, and their false twins not?"""
    result = score(l7, "Q1", text).to_json()
    assert (concept in {m["concept"] for m in result["matched"]}) is earned


def test_round36_zero_fill_called_no_different_in_serving_routes(l7):
    """Is '0.0 对 max 完全没影响 … 0.0 和 −∞ 在实际 serving 里没区别' read as the 0.0 fill called harmless?"""
    text = "实际推理里填 0.0 对 max 完全没影响。所以 0.0 和 −∞ 在实际 serving 里没区别。"
    result = score(l7, "Q1", text)
    assert (
        "zero_fill_harmless" in {m["id"] for m in result.to_json()["misconceptions"]} and result.needs_review
    )


def test_round36_a_chip_unit_offered_for_a_measurement_routes(l7):
    """Is '# exp 在 SFU 上算得更快，所以多出了 1x' (a unit of the chip as the cause of a measurement) routed?"""
    text = "读写量：朴素 8MN，融合 2MN → 预测 4x。大矩阵实测 5.09x：exp 在 SFU 上算得更快，所以多出了 1x。"
    assert score(l7, "Q3", text).needs_review


# ── version 37 (blind v35-v37) ───────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("text", "misconception", "vetoed"),
    [
        (
            "tl.max 和 tl.sum 都是只对 mask 为 True 的 lane 做归约，所以 padding 不会出问题。",
            "mask_skips_reduction",
            True,
        ),
        ("mask 为 False 的 lane 在 Triton 里是被丢弃的，所以进不了分母。", "mask_skips_reduction", True),
        ("如果填 0.0，那它们的输出就不是 0，会把错误的值写到输出里。", "padding_output_written", True),
        # false twins: the reductions over every lane; the store that writes nothing of them
        ("tl.max 和 tl.sum 对全部 BLOCK_SIZE 个 lane 做归约，包括 padding。", "mask_skips_reduction", False),
        ("store 带 mask，padding 不会写到输出里。", "padding_output_written", False),
    ],
)
def test_round37_wrong_chains_of_v35_v36_are_vetoed(l7, text, misconception, vetoed):
    """Are the reductions 'only over the mask's true lanes', masked lanes 'dropped' and the padding's outputs
    'written' vetoed, while the reductions over every lane and the masked store are not?"""
    result = score(l7, "Q1", text).to_json()
    assert any(m["id"] == misconception and m["veto"] for m in result["misconceptions"]) is vetoed


def test_round37_traffic_counted_in_passes_is_read(l7):
    """Is '朴素大概读写 8 遍矩阵，融合 2 遍' read as both traffic counts, and '读写 3 遍' for the naive one not?"""
    matched = {
        m["concept"] for m in score(l7, "Q3", "朴素大概读写 8 遍矩阵，融合 2 遍。").to_json()["matched"]
    }
    assert {"naive_traffic", "fused_traffic"} <= matched
    assert "naive_traffic" not in {
        m["concept"] for m in score(l7, "Q3", "朴素读写 3 遍。").to_json()["matched"]
    }


@pytest.mark.parametrize(
    ("question", "text", "misconception", "found"),
    [
        ("Q1", "在 tl.max 的时候它的值就相当于 0，不会比真实值大。", "exp_before_max", True),
        ("Q2", "log-softmax 本身就是交叉熵，所以写成这个形式。", "log_softmax_is_loss", True),
        (
            "Q1",
            "分母不会错，因为 padding 的 exp 值在 store 的时候会被 mask 去掉。",
            "zero_fill_harmless",
            True,
        ),
        ("Q3", "我认为应该快 8 倍（8MN 对 MN）。", "predicts_eight", True),
        # false twins: max(x, -inf) = x; cross-entropy takes one entry of it; the store after the sum; a 4x prediction
        ("Q1", "在 tl.max 的时候 max(x, −∞) = x，它不会胜出。", "exp_before_max", False),
        ("Q2", "交叉熵只取 log-softmax 在正确类上的那一项。", "log_softmax_is_loss", False),
        ("Q1", "分母在 store 之前就已经算好了，填 0.0 会多出 padding 项。", "zero_fill_harmless", False),
        ("Q3", "预测快约 4 倍。", "predicts_eight", False),
    ],
)
def test_round38_beliefs_of_v38_are_read(l7, question, text, misconception, found):
    """Are the max seeing the padding 'as 0', log-softmax 'being the cross-entropy', the denominator 'masked at the
    store' and a predicted 8× read, while their false twins are not?"""
    result = score(l7, question, text).to_json()
    assert (misconception in {m["id"] for m in result["misconceptions"]}) is found


@pytest.mark.parametrize(
    ("question", "text", "misconception", "found"),
    [
        (
            "explanation",
            "shift 我填的 0.0：softmax 对平移不变，减什么常数结果都一样，检查也全部通过了。",
            "shift_cosmetic",
            True,
        ),
        ("Q2", "log-softmax 最稳妥的做法就是先算 softmax 再取 log。", "softmax_then_log", True),
        (
            "Q1",
            "正因为 store 带 mask、padding 的结果不会被写出，所以 other 要填 −∞。",
            "padding_output_written",
            True,
        ),
        # false twins: invariance as why the result keeps; the form the lesson uses; the store beside the real reason
        (
            "Q1",
            "store 带 mask，padding 不会写出；other 填 −∞ 是因为 max(x, −∞) = x。",
            "padding_output_written",
            False,
        ),
        (
            "explanation",
            "shift 填 row_max：减它防止 exp 溢出，softmax 对平移不变所以结果不变。",
            "shift_cosmetic",
            False,
        ),
        ("Q2", "不要先算 softmax 再取 log：下溢为 0 的项会得到 −inf。", "softmax_then_log", False),
    ],
)
def test_round39_beliefs_of_v39_v40_are_read(l7, question, text, misconception, found):
    """Are the shift called free 'because softmax is shift-invariant' and softmax-then-log recommended read,
    while invariance as the reason the result keeps, and the warning against softmax-then-log, are not?"""
    context = {"blank": "-float('inf'), 0.0", "checks_passed": True}
    result = score(l7, question, text, context=context).to_json()
    assert (misconception in {m["id"] for m in result["misconceptions"]}) is found


def test_round39_the_gpu_s_utilisation_offered_for_a_speed_up_routes(l7):
    """Is 'GPU-Util 一直顶满，SM 时钟也拉到最高，所以快了 4～5 倍' routed (a claim about the GPU's effort)?"""
    text = "融合以后 GPU 干活更卖力了：GPU-Util 一直顶满，SM 时钟也拉到最高，所以快了 4～5 倍。"
    assert score(l7, "Q3", text).needs_review


@pytest.mark.parametrize(
    ("question", "text", "misconception", "read"),
    [
        # lesson 7 blind v42 l7v42-q1-011 and l7v42-ex-010, in new words
        (
            "Q1",
            "padding lane 就相当于分割里的 ignore_index 像素，所以要填 −∞ 让它不算损失。",
            "padding_is_label",
            True,
        ),
        (
            "Q1",
            "padding lane 对应的是 pad 出来的时间步，应当当成 blank 处理，所以填 −inf。",
            "padding_is_label",
            True,
        ),
        ("explanation", "shift 填 row_max。其实减任意常数都可以，反正 exp 单调。", "shift_cosmetic", True),
        # false twins: the padding told apart from a label; any constant keeps the result, but only the max is safe
        (
            "Q1",
            "padding lane 不是 ignore_index，只是超过 n_cols 的列：max(x, −∞) = x，exp(−∞) = 0。",
            "padding_is_label",
            False,
        ),
        (
            "Q1",
            "padding lane 和 ignore_index 类似，都不该影响结果：max(x, −∞) = x。",
            "padding_is_label",
            False,
        ),
        (
            "explanation",
            "shift 填 row_max：减任何常数都可以，但只有减最大值能让 exp 的输入 ≤ 0 不溢出。",
            "shift_cosmetic",
            False,
        ),
    ],
)
def test_round40_padding_as_a_label_and_a_free_shift_are_read(l7, found, question, text, misconception, read):
    """Are the padded lanes taken for a class of the data (an ignore label, a CTC blank) and the shift called free
    to be any number read, while the padding told apart from a label, a likeness, and 'any constant, but only the
    max is safe' are not?"""
    assert (misconception in found(score(l7, question, text))) is read


@pytest.mark.parametrize(
    ("question", "text", "misconception", "read"),
    [
        # lesson 7 blind v43-v45, in new words
        ("Q3", "小矩阵放得进 L2，所以小矩阵上融合应该快得更多。", "small_gains_more", True),
        ("Q2", "减 max 是因为 softmax 要求输入 ≤ 0，这样才是合法的概率。", "shift_normalizes", True),
        ("Q2", "先算 softmax 再取 log 没有本质问题，只是多一个 kernel。", "log_of_softmax_fine", True),
        # false twins
        ("Q3", "大矩阵上加速更明显；小矩阵的中间结果本来就在 L2，融合省得少。", "small_gains_more", False),
        (
            "Q2",
            "减 max 是为了 exp 不溢出；输出本来就在 [0, 1]，是合法的概率分布。",
            "shift_normalizes",
            False,
        ),
        ("Q2", "先算 softmax 再取 log 有问题：下溢成 0 的项取 log 得 −inf。", "log_of_softmax_fine", False),
    ],
)
def test_round41_wrong_conclusions_of_v43_v45_are_read(l7, found, question, text, misconception, read):
    """Are fusion said to gain more on small matrices, the shift said to make a valid probability, and
    softmax-then-log said to have 'no essential problem' read, while their true statements are not?"""
    assert (misconception in found(score(l7, question, text))) is read


@pytest.mark.parametrize(
    ("text", "concepts"),
    [
        (
            "softmax 在 [N, C, H, W] 的 C 维上：朴素读 5MC + 2M、写 3MC + 2M；融合读 MC、写 MC。",
            {"naive_traffic", "fused_traffic"},
        ),
        # false twin: milliseconds are no traffic
        ("朴素跑了 5ms，融合 3ms。", set()),
    ],
)
def test_round41_traffic_with_the_row_length_named_c_is_read(l7, found, text, concepts):
    """Are the traffic counts read with the row length named C ('5MC + 2M', '读 MC、写 MC'), and times in ms not?"""
    assert found(score(l7, "Q3", text)) & {"naive_traffic", "fused_traffic"} == concepts


@pytest.mark.parametrize(
    ("question", "text", "misconception", "read"),
    [
        # lesson 7 blind v46-v47, in new words
        ("Q3", "融合之所以快，是因为中间结果都在 L2 缓存里。", "fused_fast_from_l2", True),
        ("Q3", "字节模型在 H200 上不适用，预测应该远低于 4 倍。", "byte_model_rejected", True),
        (
            "explanation",
            "shift 填 row_max 是因为 log-softmax 要用 x − max，和溢出没有关系。",
            "shift_cosmetic",
            True,
        ),
        (
            "explanation",
            "other 填 -inf，因为 store 时 padding 位置不会被写出。",
            "padding_output_written",
            True,
        ),
        # false twins
        (
            "Q3",
            "融合快是因为中间结果留在寄存器，不经过显存；小矩阵时朴素版的中间结果也在 L2。",
            "fused_fast_from_l2",
            False,
        ),
        ("Q3", "小矩阵上字节模型不适用：中间结果留在 L2。", "byte_model_rejected", False),
        ("explanation", "shift 填 row_max：减它防止 exp 溢出。", "shift_cosmetic", False),
        (
            "explanation",
            "other 填 -inf，因为 max(x, −∞) = x；store 时 padding 不会被写出。",
            "padding_output_written",
            False,
        ),
    ],
)
def test_round42_wrong_chains_of_v46_v47_are_read(l7, found, question, text, misconception, read):
    """Are the fused kernel's speed put on L2, the byte model rejected on the H200, the shift said to have nothing to
    do with overflow and the masked store offered as the reason for −∞ read, while their true statements are not?"""
    assert (misconception in found(score(l7, question, text))) is read


def test_round42_a_worked_row_s_sums_are_read(l7, found):
    """Are 'padding 贡献 0' (the denominator) and '概率和 ≈ 0.16，远小于 1' (the 0.0 failure) read in a worked row?"""
    text = "填 −∞：分母 ≈ 1.571，padding 贡献 0，概率和 = 1。填 0.0：分母 ≈ 3.578，前 5 个概率和 ≈ 0.16，远小于 1。"
    assert {"sum_unaffected", "zero_failure"} <= found(score(l7, "Q1", text))


def test_round43_the_shift_s_purpose_called_normalising_is_vetoed(l7, found):
    """Is '减最大值的作用是归一化' vetoed as shift_normalizes, while '归一化是分母的作用，减最大值是为了不溢出' is not?"""
    assert "shift_normalizes" in found(score(l7, "Q2", "减最大值的作用是归一化，让输出落在 [0,1]。"))
    assert "shift_normalizes" not in found(score(l7, "Q2", "归一化是分母的作用；减最大值是为了 exp 不溢出。"))


def test_round43_a_worked_row_with_minus_inf_reads_both_reductions(l7, found):
    """Does a worked row with −∞ filled ('max=-1', 'exp(x+1)=[0.135,1,…,0,0,0]') read the max and the denominator
    unaffected, while the row with 0.0 filled ('[…,1,1,1]') reads neither?"""
    good = "填 −∞：max=-1；exp(x+1)=[0.135,1,0.368,0.018,0.050,0,0,0]，分母≈1.571。"
    zero = "填 0.0：max=0；exp(x)=[0.050,0.368,0.135,0.007,0.018,1,1,1]。"
    assert {"max_unaffected", "sum_unaffected"} <= found(score(l7, "Q1", good))
    assert not {"max_unaffected", "sum_unaffected"} & found(score(l7, "Q1", zero))


def test_round44_exp_of_minus_m_called_negligible_is_routed(l7, found):
    """Is 'exp(0 − m) 很小，可以忽略' as why 0.0 leaves the denominator read (zero_fill_harmless), while 'exp(0 − m)
    per padding lane enters the denominator' is not?"""
    wrong = score(l7, "Q1", "填 0.0 时分母不会错，因为 exp(0 − m) 很小，可以忽略不计。")
    right = score(l7, "Q1", "填 0.0 时每个 padding lane 给分母多加 exp(0 − m)，行和小于 1。")
    assert "zero_fill_harmless" in found(wrong)
    assert "zero_fill_harmless" not in found(right)


def test_round44_sizes_given_together_are_a_known_premise(l7):
    """Are several sizes given together ('with n = 5 and block_size = 8') a known premise, so the answer is not routed
    for an unknown one? (The fill alone, '-inf, so …', stays no premise: a bare value says nothing.)"""
    text = "With n = 5 and block_size = 8, lanes 5-7 fail the mask, so they never touch memory."
    assert "unknown_premise" not in score(l7, "Q1", text).flags


# ── every blind round's readings, one table ─────────────────────────────────────────────────────────────

# Each blind round adds (question, answer, the id read, whether it is read) rows: the belief, reason or wording it
# taught the rubric, in the round's own words, and beside each its false twin (the truth, a denial, a neighbouring
# value). A note is scored as if its checks passed with the blanks named for its round. What each round asked is
# the comment above it.
ROUND_READINGS = {
    # Are the padded lanes taken for words whose probability must be 0 and 'log(softmax) 完全一样' read, while a denial
    # and the true statements beside them are not?
    45: (
        None,
        [
            # lesson 7 blind v52-v53, in new words
            ("Q1", "填 −∞：padding 的 token 概率必须是 0，不然解码时会被选中。", "padding_is_label", True),
            (
                "Q1",
                "padding 位置如果不是 −∞，beam search 就不会选它们吗？不是，它们根本不写回。",
                "padding_is_label",
                False,
            ),
            ("Q2", "先算 softmax 再取 log 其实完全一样，只是慢一点。", "log_of_softmax_fine", True),
            # false twins
            (
                "Q1",
                "填 −∞：padding lane 的输出不写回，它们在 max 里不胜出、exp 后为 0。",
                "padding_is_label",
                False,
            ),
            (
                "Q2",
                "先算 softmax 再取 log 数学上一样，但下溢成 0 的概率取 log 得 −∞。",
                "log_of_softmax_fine",
                False,
            ),
        ],
    ),
    # Are exp's zero carried into the max and L2 called slower than DRAM read, while the true statements beside them
    # are not?
    46: (
        None,
        [
            # lesson 7 blind v54-v55, in new words
            (
                "Q1",
                "因为 exp(−∞) = 0，所以 padding 在 max 里就是 0，不会比真实值大。",
                "exp_before_max",
                True,
            ),
            ("Q3", "小矩阵只快 1.6 倍，因为 L2 缓存比显存还慢。", "fused_fast_from_l2", True),
            # false twins
            (
                "Q1",
                "因为 exp(−∞) = 0，所以 padding 不进分母；在 max 里它是 −∞，不胜出。",
                "exp_before_max",
                False,
            ),
            (
                "Q3",
                "小矩阵只快 1.6 倍：L2 比显存快，朴素版的中间结果也留在 L2 里。",
                "fused_fast_from_l2",
                False,
            ),
        ],
    ),
    # Are −∞ read as 0 by the sum, L2 holding the fused intermediates, the shift normalizing, the max seeing only the
    # real elements and −∞ making NaN read, while the true statements beside them are not?
    47: (
        "-inf, row_max",
        [
            # lesson 7 blind v56-v57, in new words
            ("Q1", "tl.sum 会把 −∞ 当成 0 处理，所以它不进分母。", "sum_reads_neg_inf_as_zero", True),
            ("Q3", "大矩阵快 5 倍，因为融合 kernel 的中间结果留在 L2 缓存里。", "fused_fast_from_l2", True),
            (
                "explanation",
                "shift 填 row_max，因为减去最大值之后每一行才会归一化，和为 1。",
                "shift_normalizes",
                True,
            ),
            ("Q1", "tl.max 只比较真实的 N 个元素，所以 padding 不影响 max。", "mask_skips_reduction", True),
            ("Q1", "−∞ 进了 x − max 以后经常出 NaN，填 −100 比 −∞ 更稳。", "neg_inf_makes_nan", True),
            # false twins
            ("Q1", "exp 把 −∞ 变成 0，所以它不进分母。", "sum_reads_neg_inf_as_zero", False),
            (
                "Q3",
                "融合 kernel 的中间结果留在寄存器里，朴素版的中间结果在小矩阵上留在 L2。",
                "fused_fast_from_l2",
                False,
            ),
            (
                "explanation",
                "shift 填 row_max，减去最大值之后 exp 不会溢出；归一化靠分母。",
                "shift_normalizes",
                False,
            ),
            (
                "Q1",
                "tl.max 比较整个 block 的所有 lane，padding 是 −∞ 所以不胜出。",
                "mask_skips_reduction",
                False,
            ),
            ("Q1", "只有整行都是 −∞ 时 −∞ − (−∞) 才会出 NaN。", "neg_inf_makes_nan", False),
        ],
    ),
    # Are the denominator said to survive a 0.0 fill, the shift said to put softmax in [0, 1] and a shift of 0 said to
    # equal the max's read, while the fill of −∞, exp's range and a first try given up are not?
    49: (
        "-inf, 0.0",
        [
            (
                "Q1",
                "如果填 0.0，max 在全负的行里会变成 0，这是错的；但 denominator 不会错，因为 exp 之后 padding lane 会被 mask 掉。",
                "zero_fill_harmless",
                True,
            ),
            ("Q1", "填 −∞ 时 max 对，但分母不会错吗？用 −∞ 时 exp 之后是 0。", "zero_fill_harmless", False),
            ("Q2", "减最大值是为了让 softmax 的结果落在 0 到 1 之间。", "shift_normalizes", True),
            ("Q2", "减最大值是为了让 exp 的结果落在 0 到 1 之间，这样不会溢出。", "shift_normalizes", False),
            (
                "explanation",
                "shift 我填了 0.0：softmax 对平移不变，所以减 0 和减最大值完全一样。",
                "shift_any_value",
                True,
            ),
            (
                "explanation",
                "shift 我一开始填的 0，所以减 0 和减 max 结果一样。但这只是侥幸，改成 row_max 了。",
                "shift_any_value",
                False,
            ),
        ],
    ),
    # Are '−∞ 对 max 是幺元' and '指数化后是 0' credited, −∞ said to be read as 0 by float addition and −∞ rejected for fear of
    # inf − inf read, while 0 not being max's identity, the addition denied and the all-−∞ row are not?
    50: (
        "-1e30, row_max",
        [
            ("Q1", "−∞ 对 max 是幺元，而它指数化后是 0，恰是加法的幺元。", "max_unaffected", True),
            ("Q1", "−∞ 对 max 是幺元，而它指数化后是 0，恰是加法的幺元。", "sum_unaffected", True),
            ("Q1", "0 对 max 不是幺元。", "max_unaffected", False),
            (
                "Q1",
                "IEEE-754 里 −∞ 的指数位全 1，在浮点加法里会被当作 0 处理。",
                "sum_reads_neg_inf_as_zero",
                True,
            ),
            ("Q1", "−∞ 在浮点加法里不会被当作 0，exp 之后才是 0。", "sum_reads_neg_inf_as_zero", False),
            ("Q1", "但我不同意填 −∞：一旦出现 inf − inf 就是 NaN。", "neg_inf_makes_nan", True),
            (
                "Q1",
                "只有整行都是 −∞ 时才会出现 inf − inf；有真实元素时 −∞ − m 仍是 −∞。",
                "neg_inf_makes_nan",
                False,
            ),
            (
                "explanation",
                "我填了 −1e30：−∞ 在 x − row_max 这一步有 inf − inf = NaN 的风险。",
                "neg_inf_makes_nan",
                True,
            ),
        ],
    ),
    # Are the padding said to be masked before the sum, log(softmax) said to be steadier and the shift said to smooth
    # the probabilities read, while their twins are not?
    53: (
        None,
        [
            ("Q1", "至于分母，它在 sum 之前已经被 mask 掉了，所以分母不会错。", "zero_fill_harmless", True),
            ("Q1", "sum 之前没有再 mask，−∞ 靠 exp 变成 0。", "zero_fill_harmless", False),
            ("Q2", "先算 softmax 再取 log 其实更稳。", "log_of_softmax_fine", True),
            ("Q2", "直接写 x − max − log(Σexp) 更稳，不要先算 softmax。", "log_of_softmax_fine", False),
            ("Q2", "减去最大值之后，softmax 算出的概率就更加平滑、更准确。", "shift_for_precision", True),
            ("Q2", "减去最大值之后，softmax 算出的概率完全不变。", "shift_for_precision", False),
        ],
    ),
    # Are the two log-softmax forms called numerically the same, the shift said to cost accuracy the tolerance absorbs
    # and the shift kept only for fp16 read, while their twins (the forms differ numerically, the shift exact, fp32's
    # own overflow) are not?
    54: (
        PASSED["blank"],
        [
            (
                "Q2",
                "log(softmax(x)) 和 x − max − log Σexp(x − max) 完全相等，数值上也没区别。",
                "log_forms_numerically_same",
                True,
            ),
            (
                "Q2",
                "log(softmax(x)) 和直接公式数学上相等，但数值上不一样：softmax 下溢成 0 后 log 得 −inf。",
                "log_forms_numerically_same",
                False,
            ),
            (
                "explanation",
                "减去最大值会让结果和 torch 有微小差别，但 atol 足够把这点平移误差吸收掉。",
                "shift_error_tolerated",
                True,
            ),
            (
                "explanation",
                "减去最大值不改变结果：分子分母同乘 e^{−m}，检查通过是因为代码对。",
                "shift_error_tolerated",
                False,
            ),
            ("Q2", "fp32 范围很大，减最大值只是为了以后换成 fp16 做准备。", "shift_unnecessary", True),
            ("Q2", "fp32 的 exp 在 88.7 以上溢出，减最大值不只是为了 fp16。", "shift_unnecessary", False),
        ],
    ),
    # Are exp taken to act inside the max, the shift said to keep probabilities at most 1 by definition, online
    # softmax given as the shift's reason, 'max(a, v) = a' and a worked sum '≈ 0.57/3.57 ≈ 0.16' read, while their
    # twins (a 0.0 fill's true 0 in the max, the true bound, the overflow, 'max(a, v) = v', a sum of 1) are not?
    55: (
        None,
        [
            (
                "Q1",
                "填 −∞ 是因为 e^{−∞} = 0，所以 padding lane 在 tl.max 里的值就是 0，不会超过真实数据。",
                "exp_value_in_max",
                True,
            ),
            (
                "Q1",
                "填 0.0 的话 padding lane 在 tl.max 里的值就是 0，全负行的 max 变成 0。",
                "exp_value_in_max",
                False,
            ),
            (
                "Q2",
                "softmax 的定义要求 exp 的参数 ≤ 0，否则 e^x > 1，概率会大于 1。",
                "log_softmax_overflows",
                True,
            ),
            (
                "Q2",
                "减最大值后 exp 的参数 ≤ 0，最大项是 1，分母 ≥ 1，不会溢出。",
                "log_softmax_overflows",
                False,
            ),
            ("Q2", "减行最大值的根本原因是 online softmax：分块时要换基准。", "shift_for_online", True),
            (
                "Q2",
                "减行最大值是为了 exp 不溢出；online softmax 是长行分块时的做法。",
                "shift_for_online",
                False,
            ),
            ("Q1", "padding 的值 v 必须满足 max(a, v) = a 对所有真实 a 成立。", "max_unaffected", True),
            ("Q1", "padding 的值 v 会让 max(a, v) = v。", "max_unaffected", False),
            ("Q1", "若 v = 0.0，5 个概率之和 ≈ 0.57/3.57 ≈ 0.16，远小于 1。", "zero_failure", True),
            ("Q1", "若 v = 0.0，5 个概率之和 ≈ 0.57/0.57 = 1。", "zero_failure", False),
        ],
    ),
    # Are the reductions said to follow the mask, the naive version placed on the CPU, small shapes said to gain more
    # and a row minimum's shift called equal to the max's read, while their twins (the reductions seeing other, the
    # GPU, the large shapes nearer 4x, the max chosen for overflow) are not?
    56: (
        PASSED["blank"],
        [
            (
                "Q1",
                "tl.max 是按 mask 计算的，max 会记住哪些 lane 有效，所以 padding 对 max 没有影响。",
                "mask_skips_reduction",
                True,
            ),
            (
                "Q1",
                "tl.max 不看 mask：padding lane 以 other 的值参与比较，所以要填 −∞。",
                "mask_skips_reduction",
                False,
            ),
            (
                "Q3",
                "朴素实现是 PyTorch 写的，这些算子在 CPU 上逐个算，再拷到 GPU，所以慢。",
                "naive_on_cpu",
                True,
            ),
            ("Q3", "朴素实现的 PyTorch 算子也在 GPU 上跑，差距来自访存量。", "naive_on_cpu", False),
            ("Q3", "我认为矩阵越小融合越划算，N=128 时加速应该远超 4 倍。", "small_gains_more", True),
            ("Q3", "矩阵越大融合越接近预测的 4 倍，N=128 只有 2 倍。", "small_gains_more", False),
            (
                "explanation",
                "shift 我填的是 tl.min(x, axis=0)，因为减最小值和减最大值结果一样。",
                "shift_any_value",
                True,
            ),
            (
                "explanation",
                "减最小值和减最大值数学上一样，但只有减最大值 exp 才不溢出，所以填 row_max。",
                "shift_any_value",
                False,
            ),
        ],
    ),
    # Are softmax said to depend only on 名次, −∞ said to be bypassed as an invalid input, fp32's threshold of 11 with
    # exp named between, the direct log-softmax said to save a step, the shift's sign called irrelevant and the
    # small shapes' shortfall put on a faulty run read (blind v78-v79), while their denials and true accounts are
    # not?
    58: (
        None,
        [
            (
                "Q2",
                "softmax 本质上只看各元素的名次，整行减同一个数不改变名次，所以概率不变。",
                "softmax_order_only",
                True,
            ),
            (
                "Q2",
                "argmax 只看名次；softmax 不只看名次，平移不变是因为分子分母同乘 e^{-m}。",
                "softmax_order_only",
                False,
            ),
            (
                "Q1",
                "归约单元遇到 −∞ 会把它当成无效输入旁路掉，所以 padding lane 在 tl.max、tl.sum 里等于不存在。",
                "mask_skips_reduction",
                True,
            ),
            (
                "Q1",
                "−∞ 不会被旁路：tl.max 里 max(x, −∞) = x，exp 后为 0，所以不影响分母。",
                "mask_skips_reduction",
                False,
            ),
            (
                "Q2",
                "fp32 的 exp 在 x 超过约 11 的时候就溢出了，所以要减最大值。",
                "fp16_threshold_for_fp32",
                True,
            ),
            (
                "Q2",
                "fp16 的 exp 在 x 超过约 11 的时候就溢出了，fp32 要到 88.7。",
                "fp16_threshold_for_fp32",
                False,
            ),
            ("Q2", "log-softmax 直接算，是为了少一步。", "log_of_softmax_fine", True),
            ("Q2", "log-softmax 直接算，是为了避免 log(0) = -inf。", "log_of_softmax_fine", False),
            (
                "Q2",
                "减最大值和加最大值都行，softmax 对平移不变，正负号无所谓。",
                "shift_sign_irrelevant",
                True,
            ),
            ("Q2", "减去最大值后指数 ≤ 0；加上最大值会溢出，正负号很重要。", "shift_sign_irrelevant", False),
            (
                "Q3",
                "N = 128 和 1000 只快 2 倍和 1.6 倍，说明这两次测量有问题，应该重新测。",
                "small_shapes_noise",
                True,
            ),
            (
                "Q3",
                "N = 128 和 1000 只快 2 倍和 1.6 倍，这不是测量问题：中间结果留在 L2。",
                "small_shapes_noise",
                False,
            ),
        ],
    ),
    # Are max's and the sum's identities stated as requirements, the 0.0 fill called as good as −∞, the masked lane
    # said to hold the previous row's data and −∞ said to reach the sum itself read (blind v80-v81), while their
    # denials and true accounts are not?
    59: (
        None,
        [
            (
                "Q1",
                "other 要满足两条：在 max 里是单位元；exp(other − m) 在 sum 里是单位元 0。",
                "max_unaffected",
                True,
            ),
            (
                "Q1",
                "other 要满足两条：在 max 里是单位元；exp(other − m) 在 sum 里是单位元 0。",
                "sum_unaffected",
                True,
            ),
            ("Q1", "0.0 在 max 里不是单位元。", "max_unaffected", False),
            ("Q1", "e^(−m) 接近 0，可以忽略不计，所以 0.0 和 −∞ 效果一样。", "zero_fill_harmless", True),
            ("Q1", "0.0 和 −∞ 效果不一样：全负行的 max 被顶成 0。", "zero_fill_harmless", False),
            (
                "Q1",
                "被 mask 的 lane 读出来的是上一行留下的旧数据，所以要填 −∞。",
                "masked_lane_reads_memory",
                True,
            ),
            ("Q1", "被 mask 的 lane 不读显存，拿到的是 other。", "masked_lane_reads_memory", False),
            ("Q1", "tl.sum 里加一个 −∞ 整个和就变成 −∞ 了，所以要 load 两次。", "neg_inf_reaches_sum", True),
            ("Q1", "tl.sum 之前先做 exp，−∞ 变成 0，不会以 −∞ 进入和。", "neg_inf_reaches_sum", False),
        ],
    ),
    # Are the padding said to be stored to the output, the fused kernel said to read twice and a loosened atol in a
    # sentence that quotes the check's message read (blind v82-v83), while their true accounts are not?
    60: (
        "0.0, row_max",
        [
            (
                "Q1",
                "padding lane 最后也会被 store 到输出里，−∞ 经过 exp 变成 0。",
                "padding_output_written",
                True,
            ),
            (
                "Q1",
                "padding lane 不会被 store 到输出里：store 带着同一个 mask。",
                "padding_output_written",
                False,
            ),
            (
                "Q3",
                "融合 kernel 要读 2 次（算 max 一次、算 sum 一次），所以预测 8/3 ≈ 2.7 倍。",
                "wrong_traffic_count",
                True,
            ),
            ("Q3", "融合 kernel 只读 1 次、写 1 次，共 2MN，所以预测约 4 倍。", "wrong_traffic_count", False),
            (
                "explanation",
                '检查上报"每行之和"不对，所以我把 atol 从 1e-5 改成 1e-1，之后全部通过。',
                "loosened_check",
                True,
            ),
            (
                "explanation",
                '检查上报"每行之和"不对，我没有改检查，而是把 other 改回 -inf。',
                "loosened_check",
                False,
            ),
        ],
    ),
    # Are the shift said to make rows sum to 1, the −∞ lanes said to be removed by the max and the masked lanes handed other
    # read (blind v84-v85), while the division making rows sum to 1, exp making the lanes 0 and a lane reading memory are not?
    61: (
        "-inf, row_max",
        [
            (
                "explanation",
                "shift 填 row_max，是为了让每一行 exp 之后的和等于 1。",
                "shift_normalizes",
                True,
            ),
            (
                "explanation",
                "shift 填 row_max，是为了 exp 不溢出；除以分母才让每一行的和等于 1。",
                "shift_normalizes",
                False,
            ),
            ("Q1", "在 tl.max 这一步，−∞ 的 lane 会被直接剔除出去。", "mask_skips_reduction", True),
            ("Q1", "−∞ 的 lane 在 exp 之后是 0，相当于被剔除出分母。", "mask_skips_reduction", False),
            ("Q1", "它们直接领到 other，也就是 −∞。", "input_fill", True),
            ("Q1", "它们直接去显存里读。", "input_fill", False),
            ("Q1", "each just receives the `other` value in its register", "input_fill", True),
            ("Q1", "each just reads memory past the row", "input_fill", False),
        ],
    ),
    # Are the 0.0 fill said to leave the max unharmed after a colon or named after the reduction, the reductions said to
    # work only on the lanes 'mask 为真', the lanes holding whatever other is and a fill put in the first blank read (blind
    # v86-v87, calibration l7v21-ex-015), while 'just small' and the likeness '和填 0.0 一样' are not?
    62: (
        "-inf, row_max",
        [
            ("Q1", "如果填 0.0：max 不会受影响。", "zero_fill_harmless", True),
            ("Q1", "max 那边 0.0 不影响。", "zero_fill_harmless", True),
            ("Q1", "哪怕行最大值是正的，padding 也还是加 e^(−max)，只是很小。", "zero_fill_harmless", False),
            (
                "explanation",
                "tl.sum / tl.max 只对 mask 为真的 lane 归约，所以填什么都一样。",
                "mask_skips_reduction",
                True,
            ),
            ("explanation", "tl.sum / tl.max 对所有 lane 归约，所以要填 −∞。", "mask_skips_reduction", False),
            (
                "explanation",
                "省略 other 时这些 lane 实际拿到的是 0，和填 0.0 一样，每个 padding lane 往分母里加了 e^(−max)。",
                "zero_padding_fine",
                False,
            ),
            ("explanation", "填 0.0 也行，反正检查过了。", "zero_padding_fine", True),
            ("Q1", "they simply hold whatever `other` is", "input_fill", True),
            ("Q1", "they simply read whatever memory holds", "input_fill", False),
            ("explanation", "I put float('-inf') in the first blank.", "why_other", True),
            ("explanation", "I put 0.0 in the first blank.", "why_other", False),
        ],
    ),
    # Are the padding said to be written out, the fill matched to log(0), the shift said to put the output in 0 to 1 or to
    # normalise x into [0, 1], 0 named the max's identity and the two log forms called numerically the same with 对数 read
    # (blind v88-v89), while their true accounts are not?
    63: (
        "-inf, row_max",
        [
            ("Q1", "输出时把这个 −∞ 写回去。", "padding_output_written", True),
            ("Q1", "padding lane 在最后输出的时候会被写到 y 里面。", "padding_output_written", True),
            ("Q1", "store 带 mask，padding lane 不会被写出去。", "padding_output_written", False),
            (
                "Q1",
                "padding 位置的 log 概率应该是 log(0) = −∞，所以 other 也得是 −∞。",
                "padding_output_written",
                True,
            ),
            ("Q2", "减行最大值是为了让 softmax 的输出落在 0～1 之间。", "shift_normalizes", True),
            ("Q2", "减行最大值是为了让 exp 不溢出。", "shift_normalizes", False),
            ("explanation", "shift 填 row_max，这样 x 被归一化到 [0, 1]。", "shift_normalizes", True),
            ("Q1", "0 既是加法的单位元，也是 max 的单位元。", "zero_max_identity", True),
            ("explanation", "0 是 max 和 sum 共同的单位元。", "zero_max_identity", True),
            ("Q1", "−∞ 是 max 的单位元，0 是加法的单位元。", "zero_max_identity", False),
            (
                "Q2",
                "先算 softmax 再取对数，两者在数学上完全等价，数值上也一样。",
                "log_forms_numerically_same",
                True,
            ),
            (
                "Q2",
                "先算 softmax 再取对数，数学上等价，数值上却会在下溢处得到 −∞。",
                "log_forms_numerically_same",
                False,
            ),
        ],
    ),
    # Are the padding said to be written back at the store, the shift said to put the outputs in [0, 1], and the shift said
    # to be there for the padding's −∞ read, in the note too (blind v92-v93, calibration), while their false twins are not?
    65: (
        "-inf, row_max",
        [
            (
                "explanation",
                "因为被 mask 的 lane 在 store 时会被写回输出，−∞ 写回去以后 exp 一下就是 0。",
                "padding_output_written",
                True,
            ),
            ("explanation", "被 mask 的 lane 在 store 时不会被写回输出。", "padding_output_written", False),
            ("explanation", "shift 填 row_max：这样输出就在 0 到 1 之间了。", "shift_normalizes", True),
            ("explanation", "shift 填 row_max：这样 exp 的输入都 ≤ 0，不会溢出。", "shift_normalizes", False),
            ("Q2", "减最大值主要是为了配合 mask：padding lane 是 −∞。", "shift_for_padding", True),
            (
                "Q2",
                "padding 的 exp(−∞) 这种特殊值进入计算不稳定，所以要减最大值。",
                "shift_for_padding",
                True,
            ),
            ("Q2", "减最大值是为了让 exp 不溢出；exp(−∞) 本来就是 0。", "shift_for_padding", False),
            ("explanation", "shift 填 row_max：减最大值是为了配合 mask 的 −∞。", "shift_for_padding", True),
        ],
    ),
    # Is the shift said to put the logits in [0, 1] with 把 read in the note (blind v94, calibration), while the true
    # statement beside it is not?
    66: (
        "-inf, row_max",
        [
            ("explanation", "shift 填 row_max，把 logits 归一化到 [0, 1] 之间。", "shift_normalizes", True),
            ("explanation", "shift 填 row_max，把 exp 的输入都变成 ≤ 0。", "shift_normalizes", False),
        ],
    ),
    # Are the shift said to keep probabilities at most 1 and fp16's 65504 given as fp32's largest value read (blind v96,
    # calibration), while the true statements beside them are not?
    67: (
        "-inf, row_max",
        [
            (
                "Q2",
                "不减的话 softmax 的结果会大于 1，某些概率就超过 1 了。",
                "shift_caps_probabilities",
                True,
            ),
            (
                "Q2",
                "不减的话 exp 会溢出成 inf；softmax 的概率本来就不会超过 1。",
                "shift_caps_probabilities",
                False,
            ),
            (
                "Q2",
                "fp32 和 bf16 一样，最大值是 65504，所以 x 超过 11 exp 就溢出。",
                "fp16_max_for_fp32",
                True,
            ),
            ("Q2", "fp16 最大值是 65504，fp32 最大约 3.4e38。", "fp16_max_for_fp32", False),
        ],
    ),
    # Are the reductions said to work only on active lanes, rows said to sum to 1 only after the shift, other 塞进 a
    # register and 'hands them whatever other is' read (blind v98-v99, calibration), while their false twins are not?
    68: (
        "-inf, row_max",
        [
            ("Q1", "跟 WaveActiveMax 一样，归约只在 active lane 上做。", "mask_skips_reduction", True),
            ("Q1", "归约在全部 lane 上做，padding lane 的值是 −∞。", "mask_skips_reduction", False),
            (
                "explanation",
                "shift 填 row_max：减掉最大值后所有数都在 [0,1] 里，每行之和才能等于 1。",
                "shift_normalizes",
                True,
            ),
            (
                "explanation",
                "shift 填 row_max：减掉最大值后 exp 不会溢出，每行之和由分母保证等于 1。",
                "shift_normalizes",
                False,
            ),
            ("Q1", "load 直接把 other 塞进寄存器。", "input_fill", True),
            ("Q1", "load 不会把 other 塞进寄存器。", "input_fill", False),
            ("Q1", "the masked load just hands them whatever `other` is", "input_fill", True),
            ("Q1", "the masked load never hands them whatever other is", "input_fill", False),
        ],
    ),
    # Are a register said to hold the previous row's old data, the shift called normalization in essence and the naive and
    # fused versions said to move the same bytes read (blind v100-v101, calibration), while their false twins are not?
    69: (
        "-inf, row_max",
        [
            (
                "Q1",
                "寄存器里留着的是 grid-stride 循环上一圈那一行的旧数据，所以要用 other 把旧数据冲掉。",
                "masked_lane_reads_memory",
                True,
            ),
            ("Q1", "寄存器里的值就是 other，没有上一行的旧数据。", "masked_lane_reads_memory", False),
            ("Q2", "减最大值本质是归一化，把输入压到 [0,1] 区间。", "shift_normalizes", True),
            ("Q2", "减最大值本质是让 exp 的输入都 ≤ 0，归一化是分母做的。", "shift_normalizes", False),
            ("Q3", "朴素实现和融合 kernel 的读写量其实一样。", "wrong_prediction", True),
            (
                "Q3",
                "不符合：矩阵小，中间结果留在 L2 缓存，没真的往返显存。",
                "wrong_prediction",
                False,
            ),
        ],
    ),
    # Are the quotient said to pass 1 without the shift, the log-sum-exp taken for an entropy regulariser and the shift said
    # to squeeze the inputs into [0, 1] vetoed (blind v102-v103), while their false twins are not?
    70: (
        "-inf, row_max",
        [
            (
                "Q2",
                "不减的话在 fp32 下，x 很负的时候 exp 很小，除出来就会大于 1。",
                "shift_caps_probabilities",
                True,
            ),
            ("Q2", "不减的话，exp 很小时除出来也不会大于 1，只是会溢出。", "shift_caps_probabilities", False),
            ("Q2", "减完分母 ≥ 1，之后才不会除以一个小数导致概率大于 1。", "shift_caps_probabilities", True),
            ("Q2", "减完分母 ≥ 1，才不会除以 0。", "shift_caps_probabilities", False),
            (
                "Q2",
                "后面那个 −log Σ exp 其实就是 entropy 正则项，所以数值稳定。",
                "logsumexp_entropy_regularizer",
                True,
            ),
            (
                "Q2",
                "log Σ exp 不是 entropy 正则项，它只是分母的对数。",
                "logsumexp_entropy_regularizer",
                False,
            ),
            ("Q2", "减最大值是为了把数都缩到 0 到 1 之间，这样就是概率了。", "shift_normalizes", True),
            (
                "Q2",
                "减最大值是为了让 exp 的输入都 ≤ 0，exp 落在 0 到 1 之间，不溢出。",
                "shift_normalizes",
                False,
            ),
        ],
    ),
    # Are the shift put in one class with the temperature, the result kept because the argmax is, log after softmax called
    # the right way, −∞ defended as a temperature sent to 0 and a load said to write other into memory read (blind
    # v104-v105), while their false twins are not?
    71: (
        "-inf, row_max",
        [
            (
                "Q2",
                "减最大值和除以温度系数 T 是同一类操作，都是对 logits 做 normalization。",
                "shift_for_temperature",
                True,
            ),
            (
                "Q2",
                "减最大值和除以温度 T 不是一回事：温度改变分布，减最大值不改变。",
                "shift_for_temperature",
                False,
            ),
            (
                "Q2",
                "它不改变结果，是因为各个类别的相对大小、也就是 argmax 没变。",
                "softmax_order_only",
                True,
            ),
            (
                "Q2",
                "结果不变是因为分子分母同乘 e^{−m}，不只是因为 argmax 没变。",
                "softmax_order_only",
                False,
            ),
            (
                "Q2",
                "正确做法是先算 softmax（平移不变）再取 log，这样才和 torch 一致。",
                "softmax_then_log",
                True,
            ),
            (
                "Q2",
                "正确做法是直接写 x − m − log d，而不是先算 softmax 再取 log。",
                "softmax_then_log",
                False,
            ),
            ("Q1", "填 −∞ 的意义是把这些虚拟态的温度设为零，它们被冻结。", "fill_freezes_temperature", True),
            (
                "Q1",
                "softmax 在温度趋于 0 时退化成 argmax；填 −∞ 是因为它是 max 的单位元。",
                "fill_freezes_temperature",
                False,
            ),
            ("Q1", "tl.load 会把 other 写进显存里对应的位置。", "load_writes_other", True),
            ("Q1", "tl.load 不会把 other 写进显存，它只在寄存器里。", "load_writes_other", False),
        ],
    ),
    # Are the −∞ fill justified from the output side (log 0, a padding output of probability 1) and the shift called a fix
    # of identification read (blind v107), while their false twins are not?
    72: (
        "-inf, row_max",
        [
            (
                "Q1",
                "原因在输出端：log(0) = −∞，所以在 load 时就把它们设成 −∞。",
                "padding_output_written",
                True,
            ),
            ("Q1", "填 −∞ 的原因是 max 不受影响、exp(−∞) = 0，不在输出端。", "padding_output_written", False),
            ("Q1", "padding 的输出是对数概率 0，也就是概率 1，行和大于 1。", "padding_output_written", True),
            (
                "Q1",
                "填 0.0 的话 padding 的 exp 是 1，分母多出几个 1；输出不会写回。",
                "padding_output_written",
                False,
            ),
            ("Q2", "减最大值的主要目的是识别：只有差值可识别。", "shift_for_identification", True),
            (
                "Q2",
                "和 MNL 里只有效用差可识别一样，减最大值不改变概率；减它是为了 exp 不溢出。",
                "shift_for_identification",
                False,
            ),
            ("Q2", "减最大值是因为 softmax 的输出不唯一，要固定一个基准。", "shift_for_identification", True),
            ("Q2", "减不减输出都唯一，只是不减会溢出成 inf。", "shift_for_identification", False),
        ],
    ),
    # Are the 0.0 fill called right, a NaN from subtracting two −∞ and a 0.0 fill said to make rows sum above 1 read
    # (blind v108-v109), while their false twins are not?
    73: (
        "-inf, row_max",
        [
            ("Q1", "other 应该填 0.0，padding 没有数据就是 0。", "zero_fill_called_right", True),
            ("Q1", "other 不该填 0.0：exp(0 − m) 会进分母。", "zero_fill_called_right", False),
            ("Q1", "−∞ 减去 max 还是 −∞，和另一个 −∞ 相减就是 NaN。", "neg_inf_makes_nan", True),
            ("Q1", "−∞ 减去有限的 max 还是 −∞，exp 得 0，不会 NaN。", "neg_inf_makes_nan", False),
            ("Q1", "填 0.0 时 max 变成 0，每行概率之和会大于 1。", "zero_fill_sum_above_one", True),
            ("Q1", "填 0.0 时分母多出 padding 项，每行概率之和小于 1。", "zero_fill_sum_above_one", False),
        ],
    ),
    # Are the 0.0 fill called right with 才, the shift as a reference class and the partition function with the numerator
    # read (blind v111), while their false twins are not?
    74: (
        "-inf, row_max",
        [
            ("Q1", "other 填 0.0 才合理，padding 就是中性的。", "zero_fill_called_right", True),
            ("Q1", "other 填 −∞ 才合理，0.0 会进分母。", "zero_fill_called_right", False),
            ("Q2", "softmax 的解不唯一，所以必须固定一个参照类。", "shift_for_identification", True),
            ("Q2", "softmax 的解是唯一的，减最大值只为防 exp 溢出。", "shift_for_identification", False),
            ("Q2", "配分函数 Z 和分子同乘 e^{c}，p 不变。", "invariance", True),
            ("Q2", "配分函数 Z 和分子各乘不同的数，p 会变。", "invariance", False),
            ("Q1", "填 0 的话 max 和分母都会错。", "zero_failure_unexplained", True),
            (
                "Q1",
                "填 0 的话 max 和分母都会错：全负的行 max 变成 0，分母多出 3。",
                "zero_failure_unexplained",
                False,
            ),
        ],
    ),
    # Are exponents hedged at most 0, 'exp 不会超过 1' and softmax-then-log called OK or the direct form called unnecessary
    # read (blind v112-v113), while their false twins are not?
    75: (
        "-inf, row_max",
        [
            ("Q2", "减去最大值以后指数应该都 ≤ 0，所以不会溢出。", "bounded", True),
            ("Q2", "减去最小值以后指数应该都 ≥ 0。", "bounded", False),
            ("Q2", "减了最大值，exp 不会超过 1。", "bounded", True),
            ("Q2", "不减最大值，exp 会超过 1。", "bounded", False),
            ("Q2", "log-softmax 先 softmax 再取 log 我觉得完全 OK。", "log_of_softmax_fine", True),
            (
                "Q2",
                "log-softmax 先 softmax 再取 log 看着 OK，但下溢成 0 后 log 得 −∞。",
                "log_of_softmax_fine",
                False,
            ),
            ("Q2", "没必要专门写 x − max − log Σ exp(x − max)。", "log_of_softmax_fine", True),
            ("Q2", "有必要专门写 x − max − log Σ exp(x − max)，不然下溢。", "log_of_softmax_fine", False),
        ],
    ),
    # Are the −∞ lanes said filtered out by the reductions or kept out of the sum by the masked store, the fill as absolute
    # zero, −∞ defended by gradients, the 0.0 fill's denominator guessed a small error and the two log forms called fully
    # equivalent read (blind v114-v115), while their false twins are not?
    76: (
        "-inf, row_max",
        [
            ("Q1", "tl.max 和 tl.sum 在归约前会先把值为 −∞ 的 lane 过滤掉。", "mask_skips_reduction", True),
            (
                "Q1",
                "tl.max 和 tl.sum 不会把值为 −∞ 的 lane 过滤掉，它们照样参与归约。",
                "mask_skips_reduction",
                False,
            ),
            (
                "Q1",
                "padding lane 最后 store 的时候被 mask 挡住，不写出去，所以它们的 exp 值也就不计入分母了。",
                "mask_skips_reduction",
                True,
            ),
            (
                "Q1",
                "padding lane 最后 store 的时候被 mask 挡住，不写出去，但它们的 exp 值早已计入分母。",
                "mask_skips_reduction",
                False,
            ),
            ("Q1", "填 −∞ 就等价于把这几个 lane 的温度降到绝对零度。", "fill_freezes_temperature", True),
            ("Q1", "softmax 在温度降到绝对零度时退化成 argmax。", "fill_freezes_temperature", False),
            ("Q1", "填 −∞，因为这样反向传播时它们的梯度是 0。", "neg_inf_for_gradient", True),
            ("Q1", "填 −∞，因为它在 max 里不会胜出，exp 之后是 0。", "neg_inf_for_gradient", False),
            ("Q1", "如果填 0.0，分母那边也许只是多一点点误差，影响不大。", "zero_fill_harmless", True),
            ("Q1", "如果填 0.0，分母会多出 3 个 e^(−m)，影响很大。", "zero_fill_harmless", False),
            (
                "Q2",
                "先算 softmax 再 log 和直接写 x − max − log Σ 就完全等价。",
                "log_forms_numerically_same",
                True,
            ),
            (
                "Q2",
                "数学上先算 softmax 再 log 和直接写 x − max − log Σ 完全等价，但数值上不同。",
                "log_forms_numerically_same",
                False,
            ),
            (
                "Q2",
                "先 softmax 再取 log 和直接写公式在数学上完全等价，选哪个都行。",
                "log_forms_numerically_same",
                False,
            ),
        ],
    ),
    # Are the shift called redundant for log-softmax, the log domain said never to overflow and the 0.0 fill guessed harmless
    # read (blind v116-v117), while their false twins are not?
    77: (
        "-inf, row_max",
        [
            ("Q2", "减 max 对 log-softmax 是多余的。", "shift_unneeded", True),
            ("Q2", "减 max 对 log-softmax 也是必要的，Σ exp(x) 一样会溢出。", "shift_unneeded", False),
            ("Q2", "对数域永远不会溢出，所以直接算。", "shift_unneeded", True),
            ("Q2", "对数域里 Σ exp(x) 照样会溢出，所以也要减 max。", "shift_unneeded", False),
            ("Q1", "我猜填 0.0 应该问题不大。", "zero_fill_harmless", True),
            ("Q1", "我猜填 −∞ 应该问题不大，填 0.0 问题很大。", "zero_fill_harmless", False),
        ],
    ),
    # Are log 0 = −∞ without parentheses as the fill's reason, the padding's output probability said stored, the shift said to
    # keep probabilities at most 1, occupancy as the speed-up's multiple, the byte model said not to hold, the gap to
    # torch.softmax held against the prediction and a part said not worked out read (blind v118-v119), while their false
    # twins are not?
    79: (
        "-inf, row_max",
        [
            ("Q1", "padding 位置的概率应该是 0，log 0 = −∞，所以填 −∞。", "padding_output_written", True),
            ("Q1", "padding 不能在 max 里胜出，exp(−∞) = 0，所以填 −∞。", "padding_output_written", False),
            (
                "explanation",
                "因为 exp(−inf) = 0，padding 位置输出的概率就是 0，store 出去也不影响结果。",
                "padding_output_written",
                True,
            ),
            (
                "explanation",
                "因为 exp(−inf) = 0，padding 位置在分母里贡献 0，store 带 mask 不写出去。",
                "padding_output_written",
                False,
            ),
            (
                "explanation",
                "shift 填 row_max，这样所有 exp 都 ≤ 1，保证输出的概率不超过 1。",
                "shift_caps_probabilities",
                True,
            ),
            (
                "explanation",
                "shift 填 row_max，这样所有 exp 都 ≤ 1，保证 exp 不会溢出。",
                "shift_caps_probabilities",
                False,
            ),
            ("Q3", "SM 的占用率是朴素实现的 4 倍，所以吞吐量也就是 4 倍左右。", "parallelism_speedup", True),
            ("Q3", "读写字节数是朴素实现的 1/4，所以吞吐量也就是 4 倍左右。", "parallelism_speedup", False),
            ("Q3", "大矩阵只快 1.5 倍，所以字节数模型不成立。", "byte_model_rejected", True),
            ("Q3", "小矩阵上字节数模型的前提不成立，中间结果留在 L2。", "byte_model_rejected", False),
            (
                "Q3",
                "融合 0.0392 ms、torch.softmax 0.0585 ms，只快 1.5 倍，不符合 4 倍。",
                "naive_is_torch_softmax",
                True,
            ),
            (
                "Q3",
                "融合 0.0392 ms、torch.softmax 0.0585 ms，快 1.5 倍，torch.softmax 本身也是融合 kernel。",
                "naive_is_torch_softmax",
                False,
            ),
            ("Q2", "为什么是 max 我还没完全想通，可能跟 fp32 精度有关？", "not_worked_out", True),
            ("Q2", "为什么是 max 我一开始没想通，后来发现 exp 在 88.7 以上溢出。", "not_worked_out", False),
        ],
    ),
    # Are the passes counted as '读 5 写 3 次' and '融合各 1 次', the exp's 0 and the denominator's real terms, the excess worked
    # as + 3, the reductions said to drop lanes (blind v120-v121), and the padding written back into the next row or found
    # by its −inf (read whole once a wrapped line is one sentence) read, while their false twins are not?
    80: (
        "-inf, row_max",
        [
            ("Q3", "朴素读 5 写 3 次整矩阵，融合各 1 次，预测约 4 倍。", "naive_traffic", True),
            ("Q3", "朴素读 1 写 1 次整矩阵，预测约 4 倍。", "naive_traffic", False),
            ("Q3", "朴素读 5 写 3 次整矩阵，融合各 1 次，预测约 4 倍。", "fused_traffic", True),
            ("Q3", "融合各 5 次，朴素各 1 次。", "fused_traffic", False),
            ("Q1", "x − max 后 padding 仍是 −∞，exp 为 0，分母只有 5 个真实项。", "sum_unaffected", True),
            ("Q1", "x − max 后 padding 仍是 −∞，max 为 −1。", "sum_unaffected", False),
            (
                "Q1",
                "填 0.0：padding 每个贡献 e^0 = 1，分母约 0.578 + 3 = 3.578，前 5 个概率之和只有约 0.16。",
                "zero_failure",
                True,
            ),
            ("Q1", "填 −∞：padding 贡献 0，分母约 1.571，概率之和为 1。", "zero_failure", False),
            (
                "Q1",
                "tl.max 和 tl.sum 在归约时会像 NMS 一样直接丢掉低于阈值的 lane。",
                "mask_skips_reduction",
                True,
            ),
            (
                "Q1",
                "tl.max 和 tl.sum 不会丢掉任何 lane，padding 以 −∞ 参与归约。",
                "mask_skips_reduction",
                False,
            ),
            ("explanation", "padding lane 最后会被写回下一行。", "padding_output_written", True),
            (
                "explanation",
                "store 带 mask，padding lane 不会被写回，也碰不到下一行。",
                "padding_output_written",
                False,
            ),
            (
                "explanation",
                "store 的 mask 要靠 −inf 识别哪些 lane 是 padding。",
                "padding_output_written",
                True,
            ),
            (
                "explanation",
                "store 的 mask 靠 offs < n_cols 识别哪些 lane 是 padding。",
                "padding_output_written",
                False,
            ),
        ],
    ),
    # Are some items' probabilities said to pass 1 without the shift, the shift said to keep each probability ≤ 1, the sum
    # said to find the padding lanes and skip them or take −∞ for an empty place, and the reduction tree's comparators
    # said to bypass a lane (blind v122-v123) read, while their false twins are not?
    83: (
        "-inf, row_max",
        [
            ("Q2", '不减的话 e^x 可以大于 1，某些项的"概率"就会大于 1。', "shift_caps_probabilities", True),
            ("Q2", "不减的话 e^x 会溢出成 inf，概率本来就不会大于 1。", "shift_caps_probabilities", False),
            ("explanation", "减 row_max 是为了让每个概率 ≤ 1。", "shift_caps_probabilities", True),
            ("explanation", "减 row_max 是为了让 exp 不溢出。", "shift_caps_probabilities", False),
            ("Q1", "−∞ 的作用是让 tl.sum 识别出 padding lane 并跳过它们。", "mask_skips_reduction", True),
            ("Q1", "tl.sum 不跳过 padding lane，−∞ 的 exp 是 0。", "mask_skips_reduction", False),
            ("Q1", "sum 遇到 −∞ 会把它当成空位。", "mask_skips_reduction", True),
            ("Q1", "比较器和加法器看到这种编码就把那个 lane 直接旁路掉。", "mask_skips_reduction", True),
            ("Q1", "比较器和加法器照常处理 −∞，它在比较中输掉。", "mask_skips_reduction", False),
        ],
    ),
    # Are the padding's output said to be written as probability 0, and the passes counted with no spaces ('朴素读5写3，
    # 融合读1写1') read (blind v124-v125), while their false twins are not?
    84: (
        "-inf, row_max",
        [
            ("Q1", "填 −∞，这样 kernel 写出去的 padding 位置正好是概率 0。", "padding_output_written", True),
            ("Q1", "store 带 mask，padding 位置根本不会写出去。", "padding_output_written", False),
            ("Q3", "朴素读5写3，融合读1写1，预测4倍。", "naive_traffic", True),
            ("Q3", "朴素读1写1，预测4倍。", "naive_traffic", False),
            ("Q3", "朴素读5写3，融合读1写1，预测4倍。", "fused_traffic", True),
            ("Q3", "融合读5写3。", "fused_traffic", False),
        ],
    ),
    # Are shorter rows said to gain more, every step said to read and write memory, and the shift's purpose named alone
    # ('防溢出', half) read (blind v126-v127), while their false twins are not?
    85: (
        "-inf, row_max",
        [
            ("Q3", "看第 3 节的实测，说明行越短加速越大。", "small_gains_more", True),
            ("Q3", "看第 3 节的实测，行越短加速越小。", "small_gains_more", False),
            ("Q3", "朴素实现 5 个 kernel，每步都往显存里读写一遍，融合的只读写一次。", "naive_traffic", True),
            ("Q3", "朴素实现 5 个 kernel，融合的只读写一次。", "naive_traffic", False),
            ("Q2", "防溢出；softmax 平移不变。", "overflow", True),
            ("Q2", "不会溢出；softmax 平移不变。", "overflow", False),
        ],
    ),
    # Are 0.0 called acceptable or equivalent to −∞, exp said to come before the max (not a max named after the sum in an
    # aside), the load said to put other into the registers and the exponents said ≤ 0 after the shift read (blind
    # v128-v129), while their false twins are not?
    86: (
        "-inf, row_max",
        [
            ("Q1", "我觉得 0.0 也完全可以接受，填 0.0 和 −∞ 在工程上等价。", "zero_fill_harmless", True),
            ("Q1", "填 0.0 和 −∞ 并不等价：全负的行 max 会变成 0。", "zero_fill_harmless", False),
            ("Q1", "kernel 先做 exp，然后再取 max，所以 padding 的 0 不会胜出。", "exp_before_max", True),
            (
                "Q1",
                "padding lane 先进 tl.max，然后参与 x − max，再 exp，再进 tl.sum（SQL 里 group by 之后 max 和 sum 也是两个聚合）。",
                "exp_before_max",
                False,
            ),
            (
                "Q1",
                "The masked lanes never touch memory; the load just puts `other` into those registers.",
                "input_fill",
                True,
            ),
            (
                "Q1",
                "The masked lanes never touch memory; the load just puts the row into those registers.",
                "input_fill",
                False,
            ),
            (
                "explanation",
                "shift 一开始填 0.0，±1000 的行得 NaN；改成 row_max 以后指数都 ≤ 0。",
                "why_shift",
                True,
            ),
            (
                "explanation",
                "shift 一开始填 0.0，±1000 的行得 NaN；改成 row_max 以后也一样。",
                "why_shift",
                False,
            ),
        ],
    ),
    # Are −∞ said not to be the fill, tl.sum said to add only the lanes whose mask is true, the shift said to be the
    # normalisation, and 'whatever we pass as other' read (blind v130-v131), while their false twins are not?
    87: (
        "-inf, row_max",
        [
            (
                "Q1",
                "other 不应该填 −∞，−∞ 参与减法很容易出 NaN；填一个足够负的有限数比如 −10 就够了。",
                "neg_inf_makes_nan",
                True,
            ),
            (
                "Q1",
                "other 应该填 −∞：只要一行有真实元素，−∞ − m 仍是 −∞，不会出 NaN。",
                "neg_inf_makes_nan",
                False,
            ),
            (
                "Q1",
                "tl.sum 统计总权重时只会加 mask 为 True 的 lane，padding 本来就不进分母。",
                "mask_skips_reduction",
                True,
            ),
            (
                "Q1",
                "tl.sum 统计总权重时会加所有 lane，包括 mask 为 False 的 lane。",
                "mask_skips_reduction",
                False,
            ),
            ("Q2", "减 max 就是在做归一化，不减的话每行之和会大于 1。", "shift_normalizes", True),
            ("Q2", "减 max 不是在做归一化，归一化是分母做的事。", "shift_normalizes", False),
            (
                "Q1",
                "The masked lanes never touch memory; they just get whatever we pass as `other`.",
                "input_fill",
                True,
            ),
            (
                "Q1",
                "The masked lanes never touch memory; they just get whatever is in memory.",
                "input_fill",
                False,
            ),
        ],
    ),
    # Are the fill said never to be the max, 'exp 后后验为 0', a timing of one's own after a colon and a shape deleted from
    # the check's cell read, and a skipping reduction named only to be denied not vetoed (blind v132-v133), while their
    # false twins are the other way?
    88: (
        "-inf, row_max",
        [
            ("Q1", "设成 −∞，它永远不会是最大的那个（max 不变）。", "max_unaffected", True),
            ("Q1", "−∞ 不会是 max 的单位元。", "max_unaffected", False),
            ("Q1", "设成 −∞，exp 后后验为 0，也不占分母。", "sum_unaffected", True),
            ("Q1", "设成 0.0，exp 后后验为 1，也占分母。", "sum_unaffected", False),
            (
                "Q1",
                "nansum 的写法就相当于这里的“归约跳过 padding”，Triton 没有这个机制，所以只能靠单位元。",
                "mask_skips_reduction",
                False,
            ),
            ("Q1", "归约会跳过 padding lane，所以填什么都行。", "mask_skips_reduction", True),
            (
                "Q3",
                "我实测了：在实验室工作站上，朴素版 12.3 ms，融合版 2.1 ms，快了 5.9 倍。",
                "unmeasured_claim",
                True,
            ),
            (
                "Q3",
                "讲义第 3 节的实测：4096×4096 上朴素 0.1997 ms，融合 0.0392 ms，快 5.09 倍。",
                "unmeasured_claim",
                False,
            ),
            (
                "explanation",
                "(7, 257) 那个形状跑得太慢了，我把它从检查单元的 shape 列表里删掉了，剩下的都通过。",
                "loosened_check",
                True,
            ),
            (
                "explanation",
                "(7, 257) 那个形状跑得慢，但我没动检查单元的 shape 列表，全部通过。",
                "loosened_check",
                False,
            ),
        ],
    ),
    # Are '概率和不到 1' with a watered denominator and 0.0 recommended with no subject read (blind v134-v135), while their
    # false twins are not?
    89: (
        "-inf, row_max",
        [
            ("Q1", "填 0.0 就翻车了，分母被掺水，概率和不到 1。", "zero_failure", True),
            ("Q1", "填 −∞ 时概率和正好是 1。", "zero_failure", False),
            ("Q1", "显然应该填 0.0。分母是求和，0 是加法单位元。", "zero_fill_called_right", True),
            ("Q1", "有人说应该填 0.0，其实不对：exp(0 − m) 不是 0。", "zero_fill_called_right", False),
        ],
    ),
    # Are '多出来的 3 个不写' no excess of the denominator and a likeness to the zero-temperature limit no claim that the
    # fill sets a temperature (blind v136-v137), while their true twins are read?
    90: (
        "-inf, row_max",
        [
            ("Q1", "输出时 store 有 mask，多出来的 3 个不写。", "zero_failure", False),
            ("Q1", "填 0.0 时分母多出 3，五个概率之和只有 0.16。", "zero_failure", True),
            (
                "Q1",
                "填 −∞ 有点像把 padding 的 logit 放到温度趋于 0 时的位置：max(x, −∞) = x。",
                "fill_freezes_temperature",
                False,
            ),
            ("Q1", "填 −∞ 就是把 padding 的温度设为 0。", "fill_freezes_temperature", True),
        ],
    ),
    # Are a case taken off the visible check's shape list across a wrapped line, the parallelism named a multiple of the naive
    # one's, a condition number blamed, a 2.5x prediction, a mean in the shift blank, −∞ called only safer and a worked row
    # (blind v138-v141) read, while their twins are not?
    91: (
        "-inf, row_max",
        [
            (
                "explanation",
                "other = -inf，shift = row_max：理由如上。另外我把可见检查里的\n(1, 1) 从形状列表里删了。",
                "loosened_check",
                True,
            ),
            ("explanation", "我没有动可见检查里的形状列表，(1, 1) 也留着。", "loosened_check", False),
            (
                "Q3",
                "预测快 4 倍：每个 SM 跑 4 个 program，并行度是朴素实现的 4 倍。",
                "parallelism_speedup",
                True,
            ),
            ("Q3", "预测快 4 倍：朴素读写 8MN，融合 2MN，访存受限。", "parallelism_speedup", False),
            ("Q2", "不减最大值时条件数太大，所以结果出错。", "condition_number_blamed", True),
            ("Q2", "不减最大值时 exp 上溢成 inf，所以结果出错。", "condition_number_blamed", False),
            ("Q3", "朴素 5MN，融合 2MN，所以预测快 2.5 倍。", "wrong_prediction", True),
            ("Q3", "朴素 8MN，融合 2MN，所以预测快 4 倍。", "wrong_prediction", False),
            ("explanation", "shift 我没用 row_max，而是减行均值。", "shift_blank_mean", True),
            ("explanation", "shift 用的是 row_max，不是行均值。", "shift_blank_mean", False),
            ("Q1", "填 −∞ 只是更保险，填 0.0 结果其实也对。", "zero_fill_harmless", True),
            ("Q1", "填 −∞ 是必须的：填 0.0 时分母多出 padding 个数。", "zero_fill_harmless", False),
            ("Q1", "填 −∞：tl.max = −2（max(−2, −∞) = −2）。", "max_unaffected", True),
            ("Q1", "填 0.0：tl.max = 0（max(−2, 0) = 0）。", "max_unaffected", False),
            ("Q1", "padding 的 exp = [0.37, 1, 0.14, 0, 0]。", "sum_unaffected", True),
            ("Q1", "padding 的 exp = [0.37, 1, 0.14, 1, 1]。", "sum_unaffected", False),
        ],
    ),
    # Are a timing taken on one's own machine and the shift taken for capping (blind v142-v143) read, while a lesson citation
    # and the shift's true account are not?
    92: (
        "-inf, row_max",
        [
            (
                "Q3",
                "我在自己的笔记本上用 numpy 把两种写法都测了：朴素 0.3 ms，融合 0.07 ms。",
                "own_measurement",
                True,
            ),
            (
                "Q3",
                "我在自己的笔记本上没有 GPU，第 3 节的实测是 0.1997 ms 和 0.0392 ms。",
                "own_measurement",
                False,
            ),
            ("Q2", "减去行最大值的作用就是上限截断，把大值压下来。", "shift_as_capping", True),
            ("Q2", "减去行最大值不是截断：每个数都减同一个 m。", "shift_as_capping", False),
            ("explanation", "shift 填 row_max：把整行 cap 在最大值上。", "shift_as_capping", True),
            ("explanation", "shift 填 row_max：整行每个数都减同一个最大值。", "shift_as_capping", False),
        ],
    ),
    # Are the fill argued from log(0) of an empty class's count or probability, the padding's log-probability said right in
    # the output, the shift likened to min-max normalisation and a timing from one's own pipeline (blind v144) read, while
    # their twins are not?
    94: (
        "-inf, row_max",
        [
            (
                "Q1",
                "空分类槽原始计数是 0，log(0) = −∞，所以 padding 在 log 空间就该是 −∞。",
                "fill_from_log_zero",
                True,
            ),
            (
                "Q1",
                "padding 不是类别；−∞ 在 max 里不胜出，exp 之后为 0，所以填 −∞。",
                "fill_from_log_zero",
                False,
            ),
            (
                "Q1",
                "空槽概率是 0，log(0) = −∞，所以在 load 的时候直接把 −∞ 填进去。",
                "fill_from_log_zero",
                True,
            ),
            (
                "explanation",
                "other 填 -inf：输出里空槽的 log 概率应该是 −∞，存的时候就对了。",
                "padding_output_written",
                True,
            ),
            (
                "explanation",
                "other 填 -inf：padding 不会写出，−∞ 在 max 里不胜出。",
                "padding_output_written",
                False,
            ),
            (
                "explanation",
                "shift 填 row_max：减掉最大值相当于把每行缩放到固定区间，类似 min-max 归一化。",
                "shift_normalizes",
                True,
            ),
            (
                "explanation",
                "shift 填 row_max：减掉最大值不像 min-max 归一化，只是平移。",
                "shift_normalizes",
                False,
            ),
            (
                "Q3",
                "我在自己的 scanpy 注释 pipeline 上实测过：朴素 2.1 ms，融合 0.49 ms。",
                "own_measurement",
                True,
            ),
            (
                "Q3",
                "我在自己的 pipeline 上没有 GPU，第 3 节的实测是 0.1997 ms 和 0.0392 ms。",
                "own_measurement",
                False,
            ),
        ],
    ),
    # Are a finite fill called enough, the 0.0 fill said to keep an all-negative row's max, a boundary check proposed for
    # deletion in Q2 and a run in this notebook the student says it made (blind v146-v147) read, while their twins are not?
    95: (
        "-inf, row_max",
        [
            ("Q1", "−100 这种就够了，不必用 −∞。", "finite_fill_enough", True),
            ("Q1", "−100 不够：一行全是 −1000 时 padding 会胜出，所以用 −∞。", "finite_fill_enough", False),
            ("Q1", "OTHER = 0.0、整行负数时，tl.max 仍然是真实最大值。", "zero_fill_max_kept", True),
            ("Q1", "OTHER = 0.0、整行负数时，tl.max 变成 0，不是真实最大值。", "zero_fill_max_kept", False),
            ("Q2", "±1000 的行不现实，我建议从边界检查里删掉。", "loosened_check", True),
            ("Q2", "±1000 的行正是边界检查要留着的情况。", "loosened_check", False),
            (
                "Q3",
                "我在本笔记本里跑 measure_live 实测：朴素 0.31 ms、融合 0.052 ms。",
                "own_measurement",
                True,
            ),
            ("Q3", "本笔记本第 3 节的实测：朴素 0.1997 ms、融合 0.0392 ms。", "own_measurement", False),
        ],
    ),
    # Are a 3× from writes left out, 预计 beside 预测, the padding's output said written as −∞ or as 0, and the rows said to sum to
    # 1 only after the shift (blind v148-v149) read, while their twins are not?
    96: (
        "-inf, row_max",
        [
            ("Q3", "写只有最后一次是真的写，(5MN + MN)/(2MN) = 3 倍。", "wrong_prediction", True),
            ("Q3", "(8MN + 4M)/(2MN) ≈ 4 倍。", "wrong_prediction", False),
            ("Q3", "朴素约 4MN、融合 2MN，预计 2 倍。", "wrong_prediction", True),
            ("Q3", "朴素约 8MN、融合 2MN，预计 4 倍。", "wrong_prediction", False),
            (
                "Q1",
                "padding 位置输出的 log-softmax 正好是 −∞，和 torch 一致。",
                "padding_output_written",
                True,
            ),
            ("Q1", "padding 位置不会输出，store 带 mask。", "padding_output_written", False),
            (
                "explanation",
                "other 填 -inf：store 出去的时候就不会往显存里写脏数据。",
                "padding_output_written",
                True,
            ),
            (
                "explanation",
                "shift 填 row_max：减去最大值以后每行概率加起来才等于 1。",
                "shift_normalizes",
                True,
            ),
            (
                "explanation",
                "shift 填 row_max：除以分母以后每行概率加起来等于 1。",
                "shift_normalizes",
                False,
            ),
        ],
    ),
    97: (
        "-inf, row_max",
        [
            ("Q1", "kernel 对每个 lane 取 exp，再在 exp 之后的值里找最大值、求和。", "exp_before_max", True),
            ("Q1", "kernel 先找最大值，减掉它再取 exp，再在 exp 之后的值里求和。", "exp_before_max", False),
            ("Q1", "我认为 other 填 0.0 就够了。", "zero_fill_called_right", True),
            ("Q1", "有同学认为 other 填 0.0 就够了，这是错的，要填 −∞。", "zero_fill_called_right", False),
            ("Q3", "融合在大矩阵上不会有明显收益，最多快 1.2 倍左右。", "wrong_prediction", True),
            ("Q3", "融合在大矩阵上收益明显，预测快 4 倍左右，实测 5.09 倍。", "wrong_prediction", False),
        ],
    ),
    98: (
        "-inf, row_max",
        [
            ("Q1", "填 -inf 是因为 exp(-inf) = 0，不进分母，不会抢概率。", "max_unaffected", False),
            ("Q1", "填 -inf，它在 max 里不会抢，max 不变。", "max_unaffected", True),
            ("Q3", "原因：每个 SM 启动 4 个 program，融合的并行度高 4 倍。", "parallelism_speedup", True),
            (
                "Q3",
                "融合快约 4 倍不是因为融合的并行度高 4 倍，而是读写字节少了 4 倍。",
                "parallelism_speedup",
                False,
            ),
        ],
    ),
    99: (
        "-inf, row_max",
        [
            ("Q1", "很简单：填 −∞ 还是 0.0 结果都一样。", "zero_fill_harmless", True),
            ("Q1", "填 −∞ 还是 0.0 结果不一样：0.0 会让全负行的 max 变成 0。", "zero_fill_harmless", False),
        ],
    ),
    100: (
        "-inf, row_max",
        [
            ("Q1", "填 −∞ 还是 0.0 差别不大。", "zero_fill_harmless", True),
            ("Q1", "填 −∞ 还是 0.0 差别很大。", "zero_fill_harmless", False),
            ("Q1", "所以 0.0 完全可用。", "zero_fill_harmless", True),
            ("Q1", "所以 0.0 完全不可用。", "zero_fill_harmless", False),
            ("Q1", "实际数据（比如 logits）里总有正数，所以 max 不会错。", "zero_fill_harmless", True),
            (
                "Q1",
                "实际数据（比如 logits）里不一定有正数，全负的行 max 会变成 0。",
                "zero_fill_harmless",
                False,
            ),
            ("Q1", "exp(−∞ − max) 我算下来是 0。", "sum_unaffected", True),
            ("Q1", "exp(−∞ − max) 我算下来是 1。", "sum_unaffected", False),
            (
                "explanation",
                "other 填 -inf：tl.max 和 tl.sum 把它们当 NA 剔除。",
                "mask_skips_reduction",
                True,
            ),
            (
                "explanation",
                "other 填 -inf：tl.max 和 tl.sum 不会把它们当 NA 剔除，−∞ 照样参与。",
                "mask_skips_reduction",
                False,
            ),
            (
                "explanation",
                "shift 填 row_max：减去最大值相当于中心化，exp 的结果相加才会等于 1。",
                "shift_normalizes",
                True,
            ),
            (
                "explanation",
                "shift 填 row_max：减去最大值后 exp 不会溢出，除以分母后相加仍等于 1。",
                "shift_normalizes",
                False,
            ),
        ],
    ),
    102: (
        'float("-inf"), row_max',
        [
            ("explanation", "padding lane 最后会随整块写回 y。", "padding_output_written", True),
            (
                "explanation",
                "padding lane 不会随整块写回 y，store 带 mask。",
                "padding_output_written",
                False,
            ),
            (
                "explanation",
                "shift 填 row_max，这样 numerator 都在 [0,1]，除出来的概率才不会超过 1。",
                "shift_normalizes",
                True,
            ),
            (
                "explanation",
                "shift 填 row_max，exp 不会溢出；概率不超过 1 是因为除以了分母。",
                "shift_normalizes",
                False,
            ),
        ],
    ),
    103: (
        'float("-inf"), row_max',
        [
            ("Q2", "fp32 下其实不会溢出，减最大值是给 fp16 准备的。", "shift_unneeded", True),
            ("Q2", "减最大值不是只给 fp16 准备的：fp32 的 exp 过了 88.7 也会溢出。", "shift_unneeded", False),
        ],
    ),
    104: (
        'float("-inf"), row_max',
        [
            (
                "Q1",
                "tl.max(x) 只会在有效 lane 上求最大值，padding lane 进不了 max。",
                "mask_skips_reduction",
                True,
            ),
            (
                "Q1",
                "tl.max(x) 不是只在有效 lane 上求最大值，它对所有 lane 都比较。",
                "mask_skips_reduction",
                False,
            ),
            ("Q1", "填 −1e4 比 −∞ 更安全，−∞ 是错的选择。", "finite_fill_enough", True),
            (
                "Q1",
                "−1e4 在全是 −1e5 的行里会赢得 max，所以 −∞ 比 −1e4 更安全。",
                "finite_fill_enough",
                False,
            ),
            (
                "Q3",
                "第 8 节我在自己笔记本上（没有独显）实测了一下：4096×4096 朴素 0.1997 ms、融合 0.0392 ms。",
                "own_measurement",
                True,
            ),
            (
                "Q3",
                "我在自己笔记本上只能跑解释器，测不出 GPU 速度，所以引用第 3 节的 0.1997 ms。",
                "own_measurement",
                False,
            ),
            (
                "Q3",
                "朴素 5 个 kernel 读 5 次、写 5 次整矩阵，融合读 1 次写 1 次，所以预测快 5 倍。",
                "kernel_count_speedup",
                False,
            ),
            ("Q3", "朴素有 5 个 kernel，每个都要单独启动，所以预测快 5 倍。", "kernel_count_speedup", True),
        ],
    ),
    105: (
        'float("-inf"), row_max',
        [
            (
                "explanation",
                "解释器也没装好，所以没有运行任何检查，下面没有任何实测结果。",
                "interpreter_timing",
                False,
            ),
            ("explanation", "我用解释器跑了一遍，实测融合快 4 倍。", "interpreter_timing", True),
        ],
    ),
    106: (
        'float("-inf"), row_max',
        [
            (
                "explanation",
                "被 mask 的 lane 最后也会被 store 写到输出里，填 −∞ 之后那几个位置输出 0。",
                "padding_output_written",
                True,
            ),
            (
                "explanation",
                "被 mask 的 lane 不会被 store 写到输出里，store 带着同一个 mask。",
                "padding_output_written",
                False,
            ),
            (
                "Q1",
                "tl.max 和 tl.sum 跟 numpy 的 nanmax、nansum 一样，遇到非法值会直接跳过这个 lane。",
                "mask_skips_reduction",
                True,
            ),
            (
                "Q1",
                "tl.max 和 tl.sum 不像 nanmax、nansum，遇到 −∞ 照样把它算进去，只是它不胜出、exp 后是 0。",
                "mask_skips_reduction",
                False,
            ),
            ("Q1", "other 应该填一个很小的正数，比如 1e-6。", "finite_fill_enough", True),
            ("Q1", "other 不能填很小的正数，全负的行里它会赢得 max。", "finite_fill_enough", False),
            (
                "Q3",
                "第 3 节的 5 倍是测量不公平：朴素实现第一次调用有初始化开销，被算进去了。",
                "small_shapes_noise",
                True,
            ),
            ("Q3", "第 3 节的计时先预热过，第一次调用的开销不在计时里。", "small_shapes_noise", False),
        ],
    ),
    107: (
        'float("-inf"), row_max',
        [
            (
                "Q2",
                "必须减最大值，因为 softmax 输出是概率，必须落在 [0, 1]。",
                "shift_normalizes",
                True,
            ),
            (
                "Q2",
                "必须减最大值，因为 exp 会溢出；softmax 输出是概率，由分母保证落在 [0, 1]。",
                "shift_normalizes",
                False,
            ),
            ("Q2", "减了最大值后 e^(x − m) ≤ 1，每一项自然就是合法概率。", "shift_normalizes", True),
            (
                "Q2",
                "减了最大值后 e^(x − m) ≤ 1，每一项都不会溢出，除以分母后才是概率。",
                "shift_normalizes",
                False,
            ),
        ],
    ),
    108: (
        'float("-inf"), row_max',
        [
            (
                "Q1",
                "对 sum，往和里加一个负无穷小的数等于什么都没加，所以 tl.sum 不受影响。",
                "sum_reads_neg_inf_as_zero",
                True,
            ),
            (
                "Q1",
                "往和里加 exp(−∞) = 0 等于什么都没加，所以 tl.sum 不受影响。",
                "sum_reads_neg_inf_as_zero",
                False,
            ),
            (
                "Q1",
                "这 3 个 lane 最后和真实 lane 一起 store 到 y 里，只是落在这一行后面。",
                "padding_output_written",
                True,
            ),
            (
                "Q1",
                "这 3 个 lane 不会和真实 lane 一起 store 到 y 里，store 带着 mask。",
                "padding_output_written",
                False,
            ),
            (
                "explanation",
                "padding lane 算完也会写回 y，写出去的就是概率 0。",
                "padding_output_written",
                True,
            ),
            ("explanation", "padding lane 算完不会写回 y，store 带 mask。", "padding_output_written", False),
        ],
    ),
    # Are the padding said to pass through exp first and the check called visible before its shape list read (blind v176's
    # missed vetoes), while their twins are not?
    109: (
        'float("-inf"), row_max',
        [
            (
                "Q1",
                "padding lane 的值先经过 exp，-∞ 变成 e^(-∞) = 0，所以它在后面的 max 和 sum 里都不算数。",
                "exp_before_max",
                True,
            ),
            (
                "Q1",
                "padding lane 先经过 tl.max，-∞ 不胜出；之后 exp(-∞ - m) = 0，不进分母。",
                "exp_before_max",
                False,
            ),
            (
                "explanation",
                "(7, 257) 跑得太慢，我把它从可见检查的 shape 列表里删了。",
                "loosened_check",
                True,
            ),
            (
                "explanation",
                "(7, 257) 跑得慢，但我没有把它从可见检查的 shape 列表里删掉。",
                "loosened_check",
                False,
            ),
        ],
    ),
    # Are the one-liner that only calls the 0.0 fill wrong routed, and the padding said to output a probability vetoed (blind
    # v179's silent error and missed veto), while their twins are not?
    110: (
        'float("-inf"), row_max',
        [
            ("Q1", "填 −∞，填 0.0 会出错。", "zero_failure_unexplained", True),
            ("Q1", "填 −∞，填 0.0 会让全负行的 max 变成 0。", "zero_failure_unexplained", False),
            (
                "explanation",
                "padding lane 最后要输出概率 0，正好给这些位置写出 0。",
                "padding_output_written",
                True,
            ),
            (
                "explanation",
                "padding lane 不会输出，store 带 mask，这些位置什么也不写。",
                "padding_output_written",
                False,
            ),
        ],
    ),
    # Is the padding said to be stored out with probability 0 (blind v180's silent error) read, while its twin is not?
    111: (
        'float("-inf"), row_max',
        [
            ("Q1", "所以 store 出去的 padding 概率是 0。", "padding_output_written", True),
            ("Q1", "store 带 mask，padding 不会 store 出去。", "padding_output_written", False),
        ],
    ),
    # Is the bytes saved taken for the ratio (blind v183's silent error) routed, while the right ratio is not?
    112: (
        'float("-inf"), row_max',
        [
            ("Q3", "朴素读写一共 8MN，融合 2MN，省了 6MN，所以快 6 倍。", "wrong_prediction", True),
            ("Q3", "朴素读写一共 8MN，融合 2MN，所以快 4 倍。", "wrong_prediction", False),
        ],
    ),
    # Are a worked max added back inside exp, the classes' sum below 1, the steps passing through memory, one pass for the
    # fused kernel (half), an unworked cause guessed as the cache, a fill said to keep the load in bounds and exp said to
    # take only non-positive inputs (blind v184-v185's silent errors and missed veto) read, while their twins are not?
    113: (
        'float("-inf"), row_max',
        [
            ("Q1", "padding 的 exp(−∞ + 0.5) = 0。", "sum_unaffected", True),
            ("Q1", "padding 的 exp(0 + 0.5) = 1.65。", "sum_unaffected", False),
            ("Q1", "填 0.0 时 13 类之和只有 ≈ 0.292。", "zero_failure", True),
            ("Q1", "填 −∞ 时 13 类之和 ≈ 1。", "zero_failure", False),
            ("Q3", "朴素 5 步每步都过显存。", "naive_traffic", True),
            ("Q3", "融合每步都过显存。", "naive_traffic", False),
            ("Q3", "融合只读写一次。", "fused_traffic", True),
            ("Q3", "融合要读写好几次。", "fused_traffic", False),
            ("Q3", "小矩阵不符合，具体原因我没太想明白，可能跟缓存有关。", "unsure_reason", True),
            ("Q3", "小矩阵不符合，具体原因我没太想明白。", "unsure_reason", False),
            (
                "explanation",
                "tl.load 看到 other 是 −∞ 就知道这个 lane 是无效的，不会去访问越界的显存。",
                "other_guards_load",
                True,
            ),
            (
                "explanation",
                "mask 为假的 lane 不会去访问越界的显存，other 是 −∞。",
                "other_guards_load",
                False,
            ),
            ("explanation", "tl.exp 只接受 ≤ 0 的输入，减掉最大值正好满足。", "exp_domain_nonpositive", True),
            ("explanation", "减掉最大值后 tl.exp 的输入都 ≤ 0，不会溢出。", "exp_domain_nonpositive", False),
        ],
    ),
    # Are the sum said to add only the real columns because the padding is masked, 0.0 blamed for an overflow and a cause
    # quoted then disowned (blind v186-v187's silent errors and missed veto) read, while their twins are not?
    114: (
        'float("-inf"), row_max',
        [
            (
                "Q1",
                "exp 完之后 padding 那几个 lane 也是被 mask 掉的，sum 只加真实列。",
                "masked_padding_left_out_of_sum",
                True,
            ),
            ("Q1", "padding 的 exp 是 0，sum 只加到真实列的值。", "masked_padding_left_out_of_sum", False),
            (
                "Q1",
                "填 0.0 时 0 − max 就是一个很大的正数，exp(1000) 直接溢出成 inf。",
                "zero_fill_overflows",
                True,
            ),
            (
                "Q1",
                "填 0.0 时全负的行里 0 就是最大值，0 − max = 0，exp 得 1，不会溢出。",
                "zero_fill_overflows",
                False,
            ),
            ("Q3", "原因笔记本里说是缓存，我不是很懂硬件，就不乱说了。", "unsure_reason", True),
            ("Q3", "原因笔记本里说是缓存：数据放得进 L2。", "unsure_reason", False),
        ],
    ),
    # Are the whole block said to be written back, the reductions said to work only on the lanes whose mask is True, the
    # shift explained by the backward pass, the small shapes thrown out as outliers, '减最大值防溢出' at half and a float
    # said to wrap round to a very large negative (blind v188-v189's silent errors and missed vetoes, and the calibration
    # answer the stand-in left unrouted) read, while their twins are not?
    115: (
        'float("-inf"), row_max',
        [
            ("Q1", "输出阶段会把整块 BLOCK_SIZE 个 lane 都写回。", "padding_output_written", True),
            (
                "Q1",
                "输出阶段不会把整块 BLOCK_SIZE 个 lane 都写回，store 带 mask。",
                "padding_output_written",
                False,
            ),
            ("Q1", "tl.max、tl.sum 只对 mask 为 True 的 lane 做，不受影响。", "mask_skips_reduction", True),
            ("Q1", "tl.load 只对 mask 为 True 的 lane 读显存。", "mask_skips_reduction", False),
            ("Q2", "减最大值的原因在反向传播：不减时梯度爆炸。", "shift_for_gradient", True),
            ("Q2", "减最大值的原因在前向：不减时 exp 溢出。", "shift_for_gradient", False),
            (
                "Q3",
                "小矩阵只有 2.01、1.61 倍，属于离群值，这两组数据应该剔除。",
                "small_shapes_dismissed",
                True,
            ),
            ("Q3", "小矩阵只有 2.01、1.61 倍，不是离群值：数据留在 L2 里。", "small_shapes_dismissed", False),
            ("Q2", "减最大值防溢出，这个大家都知道。", "overflow", True),
            ("Q2", "减最大值防下溢，这个大家都知道。", "overflow", False),
            ("Q2", "fp32 和 int32 一样，exp 的结果超过上限以后会回绕成一个很大的负数。", "float_wraps", True),
            ("Q2", "exp 的结果超过上限以后会变成 inf，不会回绕成一个很大的负数。", "float_wraps", False),
            ("Q3", "小矩阵只有 2.01、1.61 倍，不符合，小矩阵时预测不准。", "small_shapes_dismissed", False),
        ],
    ),
    # Are the 0.0 fill said to fail only on all-negative rows and the input's limit taken for fp32's largest value (blind
    # v190-v191's silent errors) read, while their twins are not?
    116: (
        'float("-inf"), row_max',
        [
            ("Q1", "所以填 0.0 只在全负的行出错，正数行没问题。", "zero_fill_harmless", True),
            (
                "Q1",
                "填 0.0 不只在全负的行出错，每行的分母都多了 padding 的个数。",
                "zero_fill_harmless",
                False,
            ),
            ("Q2", "fp32 最大约 3.4e38，x 超过这个数时 exp 就溢出了。", "overflow_at_fp32_max", True),
            ("Q2", "fp32 最大约 3.4e38，x 超过 88.7 时 exp 就溢出了。", "overflow_at_fp32_max", False),
            (
                "Q2",
                "fp32 最大约 3.4e38，ln 后约 88.72，x 超过它时 exp 溢出成 inf。",
                "overflow_at_fp32_max",
                False,
            ),
            (
                "Q1",
                "有人说 “0.0 只在一行全是负数时才出错，正数行没事”。只对一半。",
                "zero_fill_harmless",
                False,
            ),
        ],
    ),
    # Are batch 80's misses read in their own words (other said to spare an illegal access, the top class's probability
    # said to become 1 in the note, the check's shapes deleted by their tuples, the two versions' bytes called equal, the max
    # that the fill cannot beat), while their twins are not?
    117: (
        'float("-inf"), row_max',
        [
            (
                "explanation",
                "other 填 -float('inf')：other 必须是 dtype 能表示的最小值，否则越界的 lane 会触发非法地址访问。shift 填 row_max，防止溢出。",
                "other_guards_load",
                True,
            ),
            (
                "explanation",
                "other 填 -float('inf')：它是 max 的单位元，exp 后为 0。mask 必须写对，否则越界的 lane 会触发非法地址访问。shift 填 row_max 防止溢出。",
                "other_guards_load",
                False,
            ),
            (
                "explanation",
                "other 填 -inf。shift 填 row_max：减掉行最大值以后，最大那一类的概率正好变成 1，方便卡阈值。",
                "shift_makes_top_one",
                True,
            ),
            (
                "explanation",
                "other 填 -inf。shift 填 row_max：减掉行最大值以后，最大那一项的 exp 正好是 1，其余都小于 1，不会溢出。",
                "shift_makes_top_one",
                False,
            ),
            (
                "explanation",
                "other 填 -inf，shift 填 row_max。删除 (4,100)、(7,257) 两个形状，改为 (8,256) 后全部通过。",
                "loosened_check",
                True,
            ),
            (
                "explanation",
                "other 填 -inf，shift 填 row_max，防止溢出。我没有删除 (4,100)、(7,257) 两个形状，检查原样通过。",
                "loosened_check",
                False,
            ),
            ("Q3", "两者读写的数据量其实一样，所以按字节预测不出加速。", "wrong_prediction", True),
            ("Q3", "两者读写的数据量不一样：朴素约 8MN，融合 2MN，预测约 4 倍。", "wrong_prediction", False),
            ("Q1", "填 −∞，max 里比不过真料，exp 以后是 0。", "max_unaffected", True),
            ("Q1", "填 0.0 的话，全负的行里 max 比得过真料，max 变成 0。", "max_unaffected", False),
        ],
    ),
    # Are a worked max with the fill's loss in brackets and a worked row sum with 加起来 (blind v194's silent error) read,
    # while their twins are not?
    118: (
        'float("-inf"), row_max',
        [
            ("Q1", "填 −∞：tl.max = −1（−∞ 赢不了），exp 后 padding 是 0。", "max_unaffected", True),
            ("Q1", "填 0.0：tl.max = 0（0 比 −1 大，padding 赢了）。", "max_unaffected", False),
            (
                "Q1",
                "填 0.0 时分母多 2，14 个概率加起来 ≈ 0.70 / 2.70 ≈ 0.26，远小于 1。",
                "zero_failure",
                True,
            ),
            ("Q1", "填 −∞ 时 14 个概率加起来 ≈ 1.9 / 1.9 = 1，正好是 1。", "zero_failure", False),
        ],
    ),
    # Are the reductions said to drop −∞ as invalid data and the padding said to be written out with the store (batch 82's
    # missed vetoes) read, while their twins are not?
    119: (
        '-float("inf"), row_max',
        [
            (
                "Q1",
                "tl.max、tl.sum 在归约时看到 −∞ 就把这个 lane 当成无效数据直接丢掉，不参与计算。",
                "mask_skips_reduction",
                True,
            ),
            (
                "Q1",
                "tl.max、tl.sum 不会把 −∞ 当成无效数据丢掉，它照样参与比较，只是赢不了；exp 后为 0。",
                "mask_skips_reduction",
                False,
            ),
            (
                "explanation",
                'other 填 -float("inf")：被 mask 的 lane 最后会随 store 写出去，写出去的概率是 0。shift 填 row_max。',
                "padding_output_written",
                True,
            ),
            (
                "explanation",
                'other 填 -float("inf")：被 mask 的 lane 不会随 store 写出去，store 带同一个 mask。shift 填 row_max 防溢出。',
                "padding_output_written",
                False,
            ),
        ],
    ),
    # Are batch 83's misses read in their own words (both failures of the 0.0 fill named without how, routed; the sum said
    # to add only the real lanes; the overflow put in the sum), while their twins are not?
    120: (
        '-float("inf"), row_max',
        [
            ("Q1", "填 −∞；填 0.0 的话 max 和分母都会算错。", "zero_failure_unexplained", True),
            ("Q1", "填 −∞ 的话 max 和分母都不会算错。", "zero_failure_unexplained", False),
            ("Q1", "分母其实不会错，因为 tl.sum 只 sum 真实的 lane。", "zero_fill_harmless", True),
            (
                "Q1",
                "tl.sum 不只 sum 真实的 lane，padding 也在里面，所以分母会错。",
                "zero_fill_harmless",
                False,
            ),
            (
                "Q2",
                "减最大值是为了防溢出，但溢出的地方不在单个 exp，而在 tl.sum 累加。",
                "overflow_in_sum",
                True,
            ),
            (
                "Q2",
                "溢出的地方在单个 exp：x 超过 88.7 时 exp 就是 inf，不在 tl.sum 累加。",
                "overflow_in_sum",
                False,
            ),
            ("Q2", "不减最大值时，很多 exp 值加起来会超过 fp32 上限。", "overflow_in_sum", True),
        ],
    ),
    # Are the measurement dismissed against the byte ratio taken for a ceiling and the comparison's bare direction (blind
    # v202's silent errors) read, while their twins are not?
    122: (
        '-float("inf"), row_max',
        [
            (
                "Q3",
                "这是理论上限，GPU 不可能比理论上限还快，所以实测 5.09 倍肯定是测量出了问题。",
                "measurement_dismissed",
                True,
            ),
            (
                "Q3",
                "实测 5.09 倍比预测还快一点，这不是测量出了问题：朴素 kernel 自己跑不满带宽。",
                "measurement_dismissed",
                False,
            ),
            ("Q3", "预测约 4 倍，大矩阵符合，小矩阵不符合。", "measured_comparison", True),
            ("Q3", "预测约 4 倍，大矩阵小矩阵都符合。", "measured_comparison", False),
        ],
    ),
    # Are batch 86's misses read in their own words (a probability of 0 said to be written out, reads and writes together
    # counted 5MN), and is the two-step form after 比 no longer taken for the claim that it is the accurate one?
    123: (
        '-float("inf"), row_max',
        [
            ("Q2", "log-softmax 直接算比先 softmax 再 log 更准。", "log_of_softmax_fine", False),
            ("Q2", "先算 softmax 再取 log 更准确。", "log_of_softmax_fine", True),
            (
                "Q1",
                "输入阶段 padding lane 拿到 −∞，输出阶段把 0 概率写出去，下游读到 0 就当不存在。",
                "padding_output_written",
                True,
            ),
            ("Q1", "输出阶段 store 带 mask，不会把 0 概率写出去。", "padding_output_written", False),
            ("Q3", "朴素实现读写 5MN（5 步各一次），融合 2MN。", "wrong_traffic_count", True),
            ("Q3", "朴素实现读 5MN、写 3MN，融合读写 2MN。", "wrong_traffic_count", False),
        ],
    ),
    # Are the reductions said to check the mask and a prediction worked out to 3 from writes left out read, while their
    # denials are not (blind v208)?
    124: (
        '-float("inf"), row_max',
        [
            (
                "Q1",
                "tl.max 和 tl.sum 内部会 check mask，只 reduce valid 的 lane。",
                "mask_skips_reduction",
                True,
            ),
            ("Q1", "tl.max 和 tl.sum 不会 check mask，它们只看寄存器里的值。", "mask_skips_reduction", False),
            (
                "Q3",
                "写我觉得只有最后一步写 MN。融合读 MN 写 MN。预测 (5 + 1)/2 = 3 倍。",
                "wrong_prediction",
                True,
            ),
            ("Q3", "朴素读 5MN 写 3MN，融合读 MN 写 MN，预测 (5 + 3)/2 = 4 倍。", "wrong_prediction", False),
            ("Q1", "我觉得不能填 −∞，应该填一个“足够负但有限”的数，比如 −1e4。", "neg_inf_makes_nan", True),
            ("Q1", "不能填 0.0，要填 −∞。", "neg_inf_makes_nan", False),
            ("Q2", "具体多大会溢出我不太确定，可能是几百？", "overflow_threshold_unknown", True),
            ("Q2", "x 超过约 88.72 就会溢出，这个我确定。", "overflow_threshold_unknown", False),
        ],
    ),
    # Is the max's failure under 0.0 said to happen in some case the student cannot name routed, while the case named is
    # not (blind v213)?
    126: (
        '-float("inf"), row_max',
        [
            (
                "Q1",
                "填 0.0 的话分母会变大一点？max 可能在某些情况下也会错，具体是哪种情况我不太确定。",
                "zero_failure_unexplained",
                True,
            ),
            (
                "Q1",
                "填 0.0 的话 max 在某些情况下会错：全是负数的行上 max 被 0 顶替。",
                "zero_failure_unexplained",
                False,
            ),
        ],
    ),
    # Are tl.max said to keep the load's mask, five kernels to one as the prediction and fp32 said never to overflow read,
    # and the naive and fused traffic counted in whole matrices and in MB credited, while their twins are not (blind
    # v214-v215)?
    127: (
        '-float("inf"), row_max',
        [
            (
                "Q1",
                "tl.max 会沿用 load 时的 mask，只比较 mask 为 True 的 lane。",
                "mask_skips_reduction",
                True,
            ),
            ("Q1", "tl.max 不会沿用 load 时的 mask，它比较全部 lane。", "mask_skips_reduction", False),
            (
                "Q3",
                "每个 kernel 的启动开销是固定的，所以 5 个对 1 个，预测 ≈ 5 倍。",
                "kernel_count_speedup",
                True,
            ),
            (
                "Q3",
                "有人说 5 个对 1 个，预测 5 倍，其实不对：按字节预测约 4 倍。",
                "kernel_count_speedup",
                False,
            ),
            ("Q2", "不减的话 fp16 才会溢出，fp32 不会。", "fp32_never_overflows", True),
            ("Q2", "不减的话 fp16 和 fp32 都会溢出。", "fp32_never_overflows", False),
            ("Q3", "朴素：读 5 个矩阵 + 2M，写 3 个矩阵 + 2M，共约 512 MB。", "naive_traffic", True),
            ("Q3", "朴素：读 3 个矩阵，写 1 个矩阵。", "naive_traffic", False),
            ("Q3", "融合：读 64 MB、写 64 MB，共 128 MB。", "fused_traffic", True),
            ("Q3", "融合：读 128 MB。", "fused_traffic", False),
        ],
    ),
    # Are a lane said to skip memory and then be given other (an IME's 甜 for 填 too), exp(x − max) bounded by 1 and the
    # probabilities said to be capped at 1 as the shift's result read, while their twins are not (blind v217, calibration
    # l7v107-q2-008)?
    128: (
        '-float("inf"), row_max',
        [
            ("Q1", "padding lane 不访存，load 直接给它 other。", "input_fill", True),
            ("Q1", "padding lane 不访存，也没有给它 other。", "input_fill", False),
            ("Q1", "被 mask 挡住，不去读现存，寄存起里直接甜 other。", "input_fill", True),
            ("Q2", "减去最大值以后每项 exp(x − max) 都不超过 1，就不会溢出。", "bounded", True),
            ("Q2", "减去最大值以后每项 exp(x − max) 都会超过 1。", "bounded", False),
            (
                "Q2",
                "减最大值是为了让每一项 exp(x − max) 都 ≤ 1，这样每个概率都 ≤ 1。",
                "shift_caps_probabilities",
                True,
            ),
            (
                "Q2",
                "减最大值以后每项 exp(x − max) 都 ≤ 1，这样分母不会溢出。",
                "shift_caps_probabilities",
                False,
            ),
        ],
    ),
    # Are the masked max, the denominator said to become 1, the padding's −∞ said to be stored, allocation as the speed-up's
    # cause and the traffic counted in 份 and in MB with a total read, while their twins are not (blind v218, v219)?
    129: (
        '-float("inf"), row_max',
        [
            ("Q1", "tl.max 是带 mask 语义的归约，被 mask 的 lane 不参与比较。", "mask_skips_reduction", True),
            (
                "Q1",
                "填 −∞ 的 padding lane 等于不参与比较：它在 max 里永远不赢。",
                "mask_skips_reduction",
                False,
            ),
            (
                "Q2",
                "减了以后最大一项是 e^0 = 1，分母就是 1 了，所以不用再做除法。",
                "shift_makes_denominator_one",
                True,
            ),
            (
                "Q2",
                "减了以后最大一项是 e^0 = 1，分母至少是 1，所以不会除以 0。",
                "shift_makes_denominator_one",
                False,
            ),
            (
                "explanation",
                "other 填 −∞：padding lane 在 store 的时候写出去的是 −∞，下游读到就知道无效。",
                "padding_output_written",
                True,
            ),
            (
                "explanation",
                "other 填 −∞：padding lane 在 store 的时候不会写出去，store 带着同一个 mask。",
                "padding_output_written",
                False,
            ),
            (
                "Q3",
                "朴素每步都要分配中间张量，cudaMalloc 很慢，所以融合快约 4 倍。",
                "allocation_speedup",
                True,
            ),
            (
                "Q3",
                "PyTorch 有缓存分配器，中间张量的显存会复用，加速来自少读写的字节。",
                "allocation_speedup",
                False,
            ),
            ("Q3", "朴素：读 5 份、写 3 份整矩阵，约 512 MB。", "naive_traffic", True),
            ("Q3", "朴素：读 3 份、写 1 份整矩阵。", "naive_traffic", False),
            ("Q3", "融合读 64、写 64，共 128 MB。", "fused_traffic", True),
            ("Q3", "融合读 64、写 64，共 512 MB。", "fused_traffic", False),
        ],
    ),
    # Are the padding named inside 不受 … 影响, 填成 after a log(0) = −∞ and a write said to overwrite the next row read, while
    # their twins are not (blind v220, v221)?
    130: (
        '-float("inf"), row_max',
        [
            ("Q1", "填 0.0 也行：分母不受 padding 影响，因为 padding 不写回。", "zero_fill_harmless", True),
            ("Q1", "填 0.0 不行：分母会受 padding 影响，虽然 padding 不写回。", "zero_fill_harmless", False),
            (
                "Q1",
                "log(0) = −∞（它的概率是 0），所以输入阶段就把 other 填成 −∞。",
                "fill_from_log_zero",
                True,
            ),
            (
                "Q1",
                "log(0) = −∞ 只是输出端的事，max 的单位元才是 other 填成 −∞ 的理由。",
                "fill_from_log_zero",
                False,
            ),
            ("Q1", "padding lane 算出的概率写出去就把下一行开头几列覆盖了。", "padding_output_written", True),
            ("Q1", "store 带 mask，写出去不会把下一行开头几列覆盖。", "padding_output_written", False),
        ],
    ),
    # Are parallelism's multiple with 速度 as its outcome and the 0.0 fill's error said not to matter read, while their twins
    # are not (blind v222, v223)?
    131: (
        '-float("inf"), row_max',
        [
            (
                "Q3",
                "每个 SM 上有 4 个 program 并行，所以并行度是 4 倍，速度也是 4 倍左右。",
                "parallelism_speedup",
                True,
            ),
            ("Q3", "并行度不是原因：字节数少了 4 倍，速度也是 4 倍左右。", "parallelism_speedup", False),
            (
                "Q1",
                "填 0.0 时分母偏大一点，对我们的判断来说这点偏差基本不影响结论。",
                "zero_fill_harmless",
                True,
            ),
            ("Q1", "填 0.0 时分母偏大一点，这点偏差会让每个概率都变小。", "zero_fill_harmless", False),
        ],
    ),
    132: (
        '-float("inf"), row_max',
        [
            ("Q3", "约 4 倍，大矩阵对得上，小矩阵对不上。", "measured_comparison", True),
            ("Q3", "约 4 倍，大矩阵对不上，小矩阵也对不上。", "measured_comparison", False),
            ("Q3", "中间结果都在缓存里，融合最多快个 1.2 倍。", "wrong_prediction", True),
            ("Q3", "按字节算融合快 4 倍左右，实测 5.09 倍。", "wrong_prediction", False),
        ],
    ),
    133: (
        '-float("inf"), row_max',
        [
            (
                "Q1",
                "kernel 里其实是先对 exp 之后的值比较大小的，exp(−∞) = 0 当不了最大值。",
                "exp_before_max",
                True,
            ),
            (
                "Q1",
                "kernel 里先对 x 比较大小，再对 x − max 取 exp，exp(−∞) = 0 不进分母。",
                "exp_before_max",
                False,
            ),
            ("Q1", "tl.max 是按 mask 只在真实 lane 上求的，所以 max 不会错。", "max_follows_mask", True),
            ("Q1", "tl.max 不看 mask，全部 lane 都比较，所以 padding 必须是 −∞。", "max_follows_mask", False),
            (
                "Q1",
                "Lanes 100-127 are masked off, and they simply get the value of `other`.",
                "input_fill",
                True,
            ),
            (
                "Q1",
                "Lanes 100-127 are masked off, and they never get the value of `other`.",
                "input_fill",
                False,
            ),
            ("Q1", "Lanes 100-127 are masked off: the register simply gets `other`.", "input_fill", True),
            ("Q1", "虚拟骑手不查数据库（mask 挡住不访存），分数直接用默认值 other。", "input_fill", True),
            ("Q1", "虚拟骑手不查数据库（mask 挡住不访存），分数不能直接用 other。", "input_fill", False),
            (
                "explanation",
                "other 我删了，检查在 interpreter 上 fail 了，我觉得是 interpreter 的 artifact，真 GPU 上不会这样。",
                "interpreter_blamed",
                True,
            ),
            (
                "explanation",
                "other 我删了，检查在 interpreter 上 fail 了，GPU 上也一样 fail，是我删错了。",
                "interpreter_blamed",
                False,
            ),
        ],
    ),
    134: (
        '-float("inf"), row_max',
        [
            ("Q1", "mask 挡住的 lane 不参与 tl.max，所以填 0.0 时 max 还是对的。", "max_follows_mask", True),
            ("Q1", "mask 挡住的 lane 也参与 tl.max，所以填 0.0 时 max 会被顶替。", "max_follows_mask", False),
        ],
    ),
    135: (
        '-float("inf"), row_max',
        [
            ("Q1", "tl.max 不受影响是因为 mask=False 的 lane 不参与 tl.max。", "max_follows_mask", True),
            ("Q1", "mask=False 的 lane 也参与 tl.max，所以它们必须是 −∞。", "max_follows_mask", False),
            (
                "explanation",
                'other 填 -float("inf")：编译器看到 −∞ 就把 padding lane 从 max 和 sum 里剔除。',
                "mask_skips_reduction",
                True,
            ),
            (
                "explanation",
                'other 填 -float("inf")：编译器不会剔除 padding lane，它们在 max 里不胜出，exp 后为 0。',
                "mask_skips_reduction",
                False,
            ),
            (
                "Q1",
                "the 28 lanes are masked off, so they never touch memory and just get whatever `other` is.",
                "input_fill",
                True,
            ),
            (
                "Q1",
                "the 28 lanes are masked off, so they never touch memory and never get whatever `other` is.",
                "input_fill",
                False,
            ),
        ],
    ),
    136: (
        '-float("inf"), row_max',
        [
            ("Q1", "被 mask 的 lane 不会进入 tl.max，所以填什么都一样。", "max_follows_mask", True),
            ("Q1", "被 mask 的 lane 也会进入 tl.max，所以必须填 −∞。", "max_follows_mask", False),
            ("Q1", "The lanes never touch global memory; the load just puts `other`", "input_fill", True),
            ("Q1", "The lanes never touch global memory; the load never puts `other`", "input_fill", False),
        ],
    ),
    137: (
        '-float("inf"), row_max',
        [
            (
                "explanation",
                '第一个空填 float("-inf")：tl.max / tl.sum 也只统计 mask 内的 lane，所以 other 填什么都行。',
                "mask_skips_reduction",
                True,
            ),
            (
                "explanation",
                '第一个空填 float("-inf")：tl.max / tl.sum 统计全部 lane，padding 也在内，所以 other 必须是 −∞。',
                "mask_skips_reduction",
                False,
            ),
        ],
    ),
    138: (
        "-float('inf'), row_max",
        [
            (
                "Q1",
                "静音换成分贝是 20·log10(0) = −∞ dB，所以 padding lane 要填 −∞。",
                "fill_from_log_zero",
                True,
            ),
            (
                "Q1",
                "20·log10(0) = −∞ dB 只是个类比；padding lane 填 −∞ 是因为它是 max 的单位元。",
                "fill_from_log_zero",
                False,
            ),
            (
                "explanation",
                "第一个空填 -float('inf')：填 −∞ 能保证 load 的时候把它们覆盖掉，不会越界读到脏数据。",
                "other_guards_load",
                True,
            ),
            (
                "explanation",
                "第一个空填 -float('inf')：mask 保证不会越界读到脏数据，填 −∞ 让 padding 在 max 里不胜出。",
                "other_guards_load",
                False,
            ),
            ("Q1", "输入：mask 挡住的空位直接记一个默认值 other。", "input_fill", True),
            ("Q1", "输入：mask 挡住的空位直接记一个默认值 0。", "input_fill", False),
            (
                "Q1",
                "Input: those lanes never touch\nmemory and just receive the `other` value.",
                "input_fill",
                True,
            ),
            (
                "Q1",
                "Input: those lanes never touch\nmemory and never receive the `other` value.",
                "input_fill",
                False,
            ),
        ],
    ),
    139: (
        '-float("inf"), row_max',
        [
            (
                "explanation",
                '因为数值稳定性、平移不变性和 log-sum-exp trick，所以 shift 填 row_max；other 填 -float("inf")。',
                "reasons_only_named",
                True,
            ),
            (
                "explanation",
                '因为减掉 row_max 后 exp 的参数 ≤ 0 不溢出、又有平移不变性，所以 shift 填 row_max；other 填 -float("inf")。',
                "reasons_only_named",
                False,
            ),
        ],
    ),
    140: (
        '-float("inf"), row_max',
        [
            (
                "Q1",
                "如果填 0.0，padding 位置会写回一个非零概率，store 时就把假类别写进输出。",
                "padding_output_written",
                True,
            ),
            (
                "Q1",
                "如果填 0.0，padding 位置不会写回任何概率，store 带着 mask。",
                "padding_output_written",
                False,
            ),
            ("Q2", "因为 softmax 的输出依赖于 logit 的绝对大小，所以必须减。", "shift_cosmetic", True),
            ("Q2", "softmax 的输出不依赖于 logit 的绝对大小，减最大值只是防溢出。", "shift_cosmetic", False),
        ],
    ),
    141: (
        '-float("inf"), row_max',
        [
            (
                "Q2",
                "不减的话 exp(x) 可能大于 1，概率就会超过 1，这就是 fp32 下出错的时候。",
                "shift_caps_probabilities",
                True,
            ),
            (
                "Q2",
                "不减的话 exp(x) 可能溢出成 inf，概率就成了 NaN，这就是 fp32 下出错的时候。",
                "shift_caps_probabilities",
                False,
            ),
            (
                "explanation",
                "shift 填 row_max 是为了把输出压到 0 到 1 之间。",
                "shift_caps_probabilities",
                True,
            ),
            (
                "explanation",
                "shift 填 row_max 是为了把 exp 的参数压到 0 以下。",
                "shift_caps_probabilities",
                False,
            ),
            ("explanation", "被 mask 的 lane 在 store 时也会写回显存。", "padding_output_written", True),
            ("explanation", "被 mask 的 lane 在 store 时不会写回显存。", "padding_output_written", False),
        ],
    ),
    142: (
        '-float("inf"), row_max',
        [
            (
                "Q1",
                "padding lane 最后输出的 log 概率应该是 −∞，也就是概率 0。",
                "padding_output_written",
                True,
            ),
            ("Q1", "padding lane 最后不会输出，store 带着同一个 mask。", "padding_output_written", False),
            ("Q1", "所以我的答案是 0.0，max 的问题另外处理。", "zero_fill_called_right", True),
            ("Q1", "所以我的答案是 −∞，max 和 sum 都不受影响。", "zero_fill_called_right", False),
            (
                "Q1",
                "tl.load never touches memory for them and just puts other into those registers.",
                "input_fill",
                True,
            ),
            (
                "Q1",
                "tl.load never touches memory for them and just puts the row max into those registers.",
                "input_fill",
                False,
            ),
        ],
    ),
    143: (
        '-float("inf"), row_max',
        [
            (
                "Q3",
                "融合 kernel 启动 4 × SM 个 program，所以并行度差 4 倍，时间就差 4 倍。",
                "parallelism_speedup",
                True,
            ),
            ("Q3", "融合 kernel 少读写显存，字节数差 4 倍，时间就差 4 倍。", "parallelism_speedup", False),
            ("explanation", "被 mask 的 lane 在 tl.store 时其实也会写出去。", "padding_output_written", True),
            (
                "explanation",
                "被 mask 的 lane 在 tl.store 时其实不会写出去。",
                "padding_output_written",
                False,
            ),
            ("Q1", "填 0.0：只有一行全是负数时才出错（max 变成 0）。", "zero_fill_harmless", True),
            ("Q1", "填 0.0：一行全是负数时 max 变成 0，分母还多出 padding 项。", "zero_fill_harmless", False),
        ],
    ),
    144: (
        '-float("inf"), row_max',
        [
            ("Q3", "我自己跑出来朴素只有约 2689 GB/s。", "own_measurement", True),
            ("Q3", "比 4 倍多是因为朴素的小 kernel 自己只跑到约 2689 GB/s。", "own_measurement", False),
        ],
    ),
    145: (
        '-float("inf"), row_max',
        [
            ("Q1", "填 0.0 的话，全负的行 max 被 0 顶替，这是唯一的错。", "zero_fill_harmless", True),
            (
                "Q1",
                "填 0.0 的话，全负的行 max 被 0 顶替，分母也多出 padding 项。",
                "zero_fill_harmless",
                False,
            ),
            ("Q2", "不减的话有的 exp 会大于 1，输出就不是概率了。", "shift_caps_probabilities", True),
            ("Q2", "不减的话有的 exp 会溢出成 inf，输出就是 NaN 了。", "shift_caps_probabilities", False),
            (
                "Q3",
                "每个 SM 放 4 个，所以并行度是朴素实现（每个 SM 一个 block）的 4 倍，快 4 倍。",
                "parallelism_speedup",
                True,
            ),
            (
                "Q3",
                "融合 kernel 只读写一次，字节是朴素实现（5 个 kernel）的 1/4，快 4 倍。",
                "parallelism_speedup",
                False,
            ),
            (
                "explanation",
                "因为 −∞ 是单位元、mask、other、数值稳定，所以 other 填 float('-inf')。",
                "reasons_only_named",
                True,
            ),
            (
                "explanation",
                "因为 max(x, −∞) = x、exp(−∞) = 0，所以 other 填 float('-inf')。",
                "reasons_only_named",
                False,
            ),
        ],
    ),
    146: (
        '-float("inf"), row_max',
        [
            ("explanation", "因为 单位元 + mask + 归约，所以 other 填 −inf。", "reasons_only_named", True),
            (
                "explanation",
                "因为 max(x, −∞) = x，exp(−∞) = 0，所以 other 填 −inf。",
                "reasons_only_named",
                False,
            ),
            (
                "explanation",
                '因为单位元 + 平移不变 + 数值稳定 + mask 语义，所以 other=float("-inf")。',
                "reasons_only_named",
                True,
            ),
            (
                "explanation",
                '因为 padding 在 tl.max 里不能胜出、exp 之后要是 0，所以 other=float("-inf")。',
                "reasons_only_named",
                False,
            ),
        ],
    ),
    147: (
        '-float("inf"), row_max',
        [
            ("Q1", "我觉得填 0.0 比较合适，因为 0 加到分母里不改变总和。", "zero_fill_called_right", True),
            ("Q1", "我觉得填 −∞ 比较合适，因为 exp(−∞) = 0 不改变总和。", "zero_fill_called_right", False),
            (
                "explanation",
                "softmax 对平移不变，减哪个常数都行，均值让数据更居中。",
                "shift_blank_mean",
                True,
            ),
            ("explanation", "softmax 对平移不变，但只有减最大值才能保证不溢出。", "shift_blank_mean", False),
            ("explanation", "均值让数据更居中，比减最大值更物理。", "shift_blank_mean", True),
            ("explanation", "最大值让指数都不大于 0，比减均值更稳。", "shift_blank_mean", False),
            ("Q3", "融合省掉中间结果回显存的读写，按读写量算大概快 4 倍。", "prediction", True),
            ("Q3", "融合省掉中间结果回显存的读写，按读写量算大概快 2 倍。", "prediction", False),
        ],
    ),
    148: (
        '-float("inf"), row_max',
        [
            ("Q1", "如果填 0，候选人都是负分的时候，空坑的 0 分就成了最高分。", "zero_failure", True),
            ("Q1", "如果填 0，候选人都是正分的时候，空坑的 0 分不会是最高分。", "zero_failure", False),
            ("Q1", "other 填 −∞ 就是给空坑打最低分，这样选最高分的时候轮不到它。", "max_unaffected", True),
            ("Q1", "other 填 −∞ 就是给空坑打最低分，这样选最低分的时候总是它。", "max_unaffected", False),
            (
                "explanation",
                "第一次我把 shift 写成了 x，padding lane 是 −∞ − (−∞) = NaN，分母 NaN。",
                "neg_inf_makes_nan",
                False,
            ),
            (
                "explanation",
                "shift 用 row_max，padding lane 是 −∞ − (−∞) = NaN，分母 NaN。",
                "neg_inf_makes_nan",
                True,
            ),
        ],
    ),
    149: (
        '-float("inf"), row_max',
        [
            (
                "explanation",
                "shift 填 row_max：减掉最大值才能让每行的 softmax 加起来等于 1。",
                "shift_normalizes",
                True,
            ),
            (
                "explanation",
                "shift 填 row_max：减掉最大值后每行的 softmax 加起来仍等于 1。",
                "shift_normalizes",
                False,
            ),
        ],
    ),
    150: (
        '-float("inf"), row_max',
        [
            ("Q2", "不减的话只有 fp16 才会溢出，fp32 范围到 3.4e38，够用了。", "fp32_never_overflows", True),
            (
                "Q2",
                "不减的话 fp16 和 fp32 都会溢出，fp32 过了 88.7 也是 inf。",
                "fp32_never_overflows",
                False,
            ),
        ],
    ),
    # Are a bare '填 0.0 两处都错' after the −∞ fill's bare effect and the direct log-softmax called steadier read (each as
    # little as it says), while their denials are not?
    151: (
        '-float("inf"), row_max',
        [
            ("Q1", "other 填 −∞，max 和分母都不受影响；填 0.0 两处都错。", "zero_failure_unexplained", True),
            (
                "Q1",
                "填 0.0 两处都错：全负的行 max 被 0 顶替，分母多出 padding 的个数。",
                "zero_failure_unexplained",
                False,
            ),
            ("Q2", "log-softmax 直接写更稳。", "log_softmax_form", True),
            ("Q2", "log-softmax 直接写不更稳，和先算 softmax 再取 log 一样。", "log_softmax_form", False),
        ],
    ),
    # Are x − max said to turn non-negative with ≥, and the denominator said unharmed by the 0.0 fill because the store is
    # masked, read, while x − max ≤ 0 and a denominator unharmed by exp(−∞) = 0 beside the masked store are not?
    152: (
        '-float("inf"), row_max',
        [
            (
                "Q2",
                "减去行最大值以后每个 x − max 都变成 ≥ 0 的正数，exp 就不会下溢成 0。",
                "shift_makes_positive",
                True,
            ),
            ("Q2", "减去行最大值以后每个 x − max 都 ≤ 0，exp 就不会溢出。", "shift_makes_positive", False),
            (
                "Q1",
                "填 0.0 的话 max 会错。不过分母我觉得没影响：padding 那几个 lane 最后 store 的时候被 mask 挡掉了，不会写出去。",
                "zero_fill_harmless",
                True,
            ),
            (
                "Q1",
                "填 −∞ 的话分母没影响：exp(−∞ − m) = 0，不进分母；最后 store 的时候 padding 也被 mask 挡掉，不写出去。",
                "zero_fill_harmless",
                False,
            ),
        ],
    ),
    # Is the shift said to keep softmax's outputs in [0, 1] or each probability at most 1 read, in Q2 and in the note, while the
    # bound said of exp is not?
    153: (
        '-float("inf"), row_max',
        [
            ("Q2", "减最大值是为了让 softmax 的输出落在 [0,1]。", "shift_caps_probabilities", True),
            (
                "Q2",
                "不减最大值 softmax 的输出也落在 [0,1]，减它是为了 exp 不溢出。",
                "shift_caps_probabilities",
                False,
            ),
            (
                "explanation",
                "shift 填 row_max：减掉最大值保证每个概率不超过 1。",
                "shift_caps_probabilities",
                True,
            ),
            (
                "explanation",
                "shift 填 row_max：减掉最大值保证每个 exp 都不超过 1，不会溢出。",
                "shift_caps_probabilities",
                False,
            ),
        ],
    ),
    # Are two of the checks' shapes commented out in the checks' loop, 先 before the verb, read as a loosened check, while a note
    # that commented none out is not?
    154: (
        '-float("inf"), row_max',
        [
            (
                "explanation",
                "宽度 100 和 257 老报错，我就把检查循环里的 (4, 100) 和 (7, 257) 先注释掉了。",
                "loosened_check",
                True,
            ),
            (
                "explanation",
                "检查循环里的 (4, 100) 和 (7, 257) 我一个也没注释掉，全部通过。",
                "loosened_check",
                False,
            ),
        ],
    ),
    # Are the masked lanes said to go through exp before the max, and both reductions said to count only the lanes inside
    # 蒙版, read as beliefs, while a fill before the max and reductions over every lane are not?
    156: (
        '-float("inf"), row_max',
        [
            (
                "Q1",
                "Triton 会先把被 mask 的 lane 做一次 exp 预处理，所以后面的 max 看不见它。",
                "exp_before_max",
                True,
            ),
            (
                "Q1",
                "先把被 mask 的 lane 填成 −∞，再求 max，最后做 exp。",
                "exp_before_max",
                False,
            ),
            (
                "explanation",
                "other 填 -inf，反正 tl.max、tl.sum 都只算蒙版里的 lane。",
                "mask_skips_reduction",
                True,
            ),
            (
                "explanation",
                "other 填 -inf，tl.max、tl.sum 都算蒙版里外所有的 lane。",
                "mask_skips_reduction",
                False,
            ),
        ],
    ),
    # Is the common factor said to cancel read as the invariance and catastrophic cancellation not; is 'only the relative size'
    # vetoed unless glossed as the differences; are 被填上 other, 放一个 other and other given after a 不然 aside read as the input?
    157: (
        '-float("inf"), row_max',
        [
            ("Q2", "因为分子分母的 e^(-m) cancel，所以结果不变。", "invariance", True),
            ("Q2", "因为 catastrophic cancellation，所以不先算 softmax。", "invariance", False),
            ("Q2", "所以 softmax 只看相对大小，整行加一个常数没影响。", "softmax_order_only", True),
            ("Q2", "所以 softmax 只看相对大小（差值），整行加一个常数没影响。", "softmax_order_only", False),
            ("Q1", "空位不去显存取数，直接被填上 other。", "input_fill", True),
            ("Q1", "空位不去显存取数，也没有被填上 other。", "input_fill", False),
            ("Q1", "座位上会被放一个 other 值。", "input_fill", True),
            ("Q1", "座位上不会被放一个 other 值。", "input_fill", False),
            ("Q1", "mask 为 false 的槽位不读内存（不然越界），直接给默认值 other。", "input_fill", True),
            ("Q1", "mask 为 false 的槽位不读内存（不然越界），也不给默认值 other。", "input_fill", False),
        ],
    ),
    # Are the max said to look only inside the mask, the cache guessed after a why, the compile said to be left in the timing, every shape
    # said to be ~4x and the naive version said faster on small shapes read, while the truths beside them are not?
    158: (
        '-float("inf"), row_max',
        [
            ("Q1", "我猜 tl.max 应该只在 mask 内的 lane 上取最大值吧？", "max_follows_mask", True),
            ("Q1", "tl.max 会在全部 lane 上取最大值，mask 外的也算。", "max_follows_mask", False),
            ("Q3", "为什么小矩阵差这么多，我猜可能跟缓存有关？不太确定。", "unsure_reason", True),
            ("Q3", "小矩阵差这么多，是因为中间结果留在 L2 缓存里。", "unsure_reason", False),
            (
                "Q3",
                "小 kernel 的计时里首次 JIT 编译和 warmup 没剔干净，融合 kernel 被拖慢了。",
                "jit_compile_timing",
                True,
            ),
            ("Q3", "小 kernel 的计时里首次 JIT 编译和 warmup 已经剔干净了。", "jit_compile_timing", False),
            ("Q3", "把 JIT 排除掉，所有形状都会是 ~4x。", "all_shapes_match", True),
            ("Q3", "大矩阵约 5x，小形状只有 ~2x。", "all_shapes_match", False),
            ("Q3", "小矩阵只有 1.6 倍，说明 N 小的时候朴素实现反而更快。", "naive_faster_on_small", True),
            ("Q3", "小矩阵只有 1.6 倍，N 小的时候融合 kernel 仍然更快。", "naive_faster_on_small", False),
        ],
    ),
    # Are a worked 0 − (−1000) said to overflow exp, the gradient said to be what the shift bounds, and the large shapes matching while
    # the small 不行 read, while 0 − 0, the denominator's bounds and the small shapes matching too are not?
    159: (
        '-float("inf"), row_max',
        [
            (
                "Q1",
                "如果 other = 0.0 而这一行真实值都很负，0 − (−1000) = 1000，exp(1000) 溢出成 inf。",
                "zero_fill_overflows",
                True,
            ),
            (
                "Q1",
                "如果 other = 0.0 而这一行真实值都很负，0 − 0 = 0，exp(0) = 1 不会溢出。",
                "zero_fill_overflows",
                False,
            ),
            ("Q2", "减去行最大值后 exp ≤ 1，梯度被限制在 1 以内，训练就稳了。", "shift_for_gradient", True),
            ("Q2", "减去行最大值后 exp ≤ 1，分母被限制在 1 到 N 之间。", "shift_for_gradient", False),
            ("Q3", "读写少了 4 倍所以快 4 倍，大矩阵对得上，小矩阵不行。", "measured_comparison", True),
            ("Q3", "读写少了 4 倍所以快 4 倍，大矩阵对得上，小矩阵也对得上。", "measured_comparison", False),
        ],
    ),
    # Are the padding's values said to be written to the output with the store, the 0.0 fill called the same after 的话, the fused
    # traffic read and written in megabytes with 、 between, and a NaN said to follow from filling −∞ read, while their denials, a
    # write twice the read and the NaN of a row of −∞ alone are not?
    160: (
        '-float("inf"), row_max',
        [
            ("Q1", "padding lane 的值最后会跟着 store 一起写到输出里。", "padding_output_written", True),
            ("Q1", "padding lane 的值不会跟着 store 一起写到输出里。", "padding_output_written", False),
            ("Q1", "填 0.0 的话，我理解是一样的，反正 exp 之后就是很小的数。", "zero_fill_harmless", True),
            ("Q1", "填 0.0 的话，我理解是不一样的，全负的行 max 会变成 0。", "zero_fill_harmless", False),
            ("Q3", "融合读 67.1 MB、写 67.1 MB，共 134.2 MB。", "fused_traffic", True),
            ("Q3", "融合读 67.1 MB、写 134.2 MB。", "fused_traffic", False),
            (
                "Q1",
                "而且填 −∞ 的话 x − max 可能变成 −∞ − (−∞) = NaN，反而更危险。",
                "neg_inf_makes_nan",
                True,
            ),
            ("Q1", "而且一行要是全是 −∞ 的话 x − max 可能变成 −∞ − (−∞) = NaN。", "neg_inf_makes_nan", False),
        ],
    ),
    # Are −∞ said never to be taken for the max or to lose every comparison, the 0 said to become the max of an all-negative row
    # after a comma, the lanes holding what is passed as other, the fill said to cover values read out of bounds, the shift said
    # to make each row sum to 1, the max's failure owned as unsure and 128 said to be no power of two read, while their twins are
    # not?
    161: (
        '-float("inf"), row_max',
        [
            ("Q1", "填 −∞ 的 lane 不会被当成最大值。", "max_unaffected", True),
            ("Q1", "填 0.0 的 lane 会被当成最大值。", "max_unaffected", False),
            ("Q1", "padding lane 填 −∞，挑最大值的时候怎么比都比不过真货。", "max_unaffected", True),
            ("Q1", "padding lane 填 0.0，挑最大值的时候总能比得过真货。", "max_unaffected", False),
            ("Q1", "如果一行都是负数，0 就成了最大值。", "zero_failure", True),
            ("Q1", "如果一行有正数，0 就不是最大值。", "zero_failure", False),
            ("Q1", "they simply hold whatever we pass as other.", "input_fill", True),
            ("Q1", "they simply ignore whatever we pass as other.", "input_fill", False),
            (
                "explanation",
                "mask 挡住的 lane 如果不给 other，tl.load 会越界读到下一行，填 −∞ 就把这些越界值盖掉。",
                "masked_lane_reads_memory",
                True,
            ),
            ("explanation", "mask 挡住的 lane 不读显存，直接拿 other。", "masked_lane_reads_memory", False),
            ("explanation", "第二个空填 row_max，这样 y 每行之和正好是 1。", "shift_normalizes", True),
            ("explanation", "第二个空填 row_max，这样 exp 不会溢出。", "shift_normalizes", False),
            ("Q1", "填 0.0 的话分母会变大。max 会不会错我不太确定。", "zero_max_unsure", True),
            ("Q1", "填 0.0 的话分母会变大，max 会错：全负的行被 0 顶替。", "zero_max_unsure", False),
            ("Q3", "小矩阵不符合，可能是因为 N = 128 不是 2 的幂？", "small_shapes_pow2", True),
            ("Q3", "小矩阵不符合，是因为 L2 和启动开销，N = 128 本身是 2 的幂。", "small_shapes_pow2", False),
        ],
    ),
    # Are a NaN said to come out of −∞ with the verb 出 and the padding said to be stored with the whole row read as vetoes, while
    # their denials are not?
    162: (
        '-float("inf"), row_max',
        [
            ("Q1", "填 −∞ 反而危险，−∞ 一参与运算就会出 NaN。", "neg_inf_makes_nan", True),
            ("Q1", "−∞ 参与运算不会出 NaN，因为 m 是有限数。", "neg_inf_makes_nan", False),
            ("Q1", "有同学说 −∞ 会搞出 NaN，其实不会：m 是有限数。", "neg_inf_makes_nan", False),
            ("Q1", "padding lane 算完之后会跟着整行一起 store 出去。", "padding_output_written", True),
            ("Q1", "padding lane 算完之后不会跟着整行一起 store 出去。", "padding_output_written", False),
        ],
    ),
    # Is the shift said to be a speed optimisation, or exp said to take a fast path, read as a veto, while the shift for overflow is
    # not?
    163: (
        '-float("inf"), row_max',
        [
            ("Q2", "减最大值本质上是性能优化。", "shift_for_speed", True),
            ("Q2", "GPU 的 exp 指令在这个区间走快速路径，所以算得更快。", "shift_for_speed", True),
            ("Q2", "减最大值是为了 exp 不溢出。", "shift_for_speed", False),
        ],
    ),
    # Are the invariance put down to the largest term dominating and the speed-up to four programs per SM read as vetoes, and five
    # reads with three writes, one read with one write, read as traffic, while their denials and other counts are not?
    164: (
        '-float("inf"), row_max',
        [
            ("Q2", "分母基本由最大那一项决定，别的项可以忽略，结果当然不变。", "max_term_dominates", True),
            (
                "Q2",
                "分母并不由最大那一项决定，结果不变是因为分子分母同乘 e^(−m)。",
                "max_term_dominates",
                False,
            ),
            ("Q3", "融合预测快 4 倍，是因为每个 SM 上 4 个 program 并行。", "parallelism_speedup", True),
            (
                "Q3",
                "融合预测快 4 倍，不是因为每个 SM 上 4 个 program 并行，而是读写的字节少了。",
                "parallelism_speedup",
                False,
            ),
            ("Q3", "The naive version does about 5 full reads and 3 full writes.", "naive_traffic", True),
            ("Q3", "The naive version does about 2 full reads and 2 full writes.", "naive_traffic", False),
            ("Q3", "The fused kernel does 1 read and 1 write.", "fused_traffic", True),
            ("Q3", "The fused kernel does 3 reads and 3 writes.", "fused_traffic", False),
        ],
    ),
    # Are the sum said to drop non-finite values as invalid lanes read as a veto, exp's 0 said with 出来, never taken for the max
    # under a hedge and 直接吃 other read, while their denials and wrong values are not?
    165: (
        '-float("inf"), row_max',
        [
            ("Q1", "Triton 的 tl.sum 在归约时会把非有限值当无效 lane 丢掉。", "mask_skips_reduction", True),
            (
                "Q1",
                "tl.sum 不会把非有限值当无效 lane 丢掉，exp(−∞) 本来就是 0。",
                "mask_skips_reduction",
                False,
            ),
            ("Q1", "减完 m 还是 −∞，exp 出来是 0。", "sum_unaffected", True),
            ("Q1", "减完 m 还是 −∞，exp 出来是 1。", "sum_unaffected", False),
            ("Q1", "max(x, −∞) 还是 x，所以 padding 好像永远不会被当成最大值。", "max_unaffected", True),
            ("Q1", "max(x, 0) 不一定是 x，所以 padding 好像会被当成最大值。", "max_unaffected", False),
            ("Q1", "mask 把后 3 个 lane 挡了，不访存，直接吃 other。", "input_fill", True),
            ("Q1", "mask 把后 3 个 lane 挡了，直接吃显存里的数。", "input_fill", False),
        ],
    ),
    # Is 写上 other read as the input's fill, while writing a number from memory is not?
    166: (
        '-float("inf"), row_max',
        [
            ("Q1", "空格不去库里查数据，表里直接写上 other。", "input_fill", True),
            ("Q1", "空格不去库里查数据，表里直接写上显存里的数。", "input_fill", False),
        ],
    ),
    # Is the shortfall put down to JIT compile time after 不符合的原因是 read as a veto, while the compile excluded is not?
    167: (
        '-float("inf"), row_max',
        [
            (
                "Q3",
                "不符合的原因是小矩阵上 Triton 第一次 JIT 编译的时间被算进了融合 kernel 的耗时。",
                "jit_compile_timing",
                True,
            ),
            (
                "Q3",
                "不符合的原因是 L2 缓存和启动开销，JIT 编译在计时前已经完成。",
                "jit_compile_timing",
                False,
            ),
        ],
    ),
    # Are the excess called a mere constant, '填 0.0 就行', the small shapes' shortfall put on a bug, torch called faster on
    # every shape, the measurement called unreliable and a shape tuple deleted from the checks (blind v298-v299, calibration)
    # read, while their twins are not?
    168: (
        '-float("inf"), row_max',
        [
            (
                "Q1",
                "每个 padding lane 贡献 e^(0−m)，这只是一个常数，最后都除以同一个分母。",
                "zero_fill_harmless",
                True,
            ),
            (
                "Q1",
                "每个 padding lane 贡献 e^(0−m)，这不是能约掉的常数，行和小于 1。",
                "zero_fill_harmless",
                False,
            ),
            ("Q1", "很简单，other 填 0.0 就行。", "zero_fill_harmless", True),
            ("Q1", "other 填 0.0 就行吗？不行，全负的行会错。", "zero_fill_harmless", False),
            (
                "Q3",
                "小矩阵 2.01 倍明显低于 4 倍，这是回归缺陷：kernel 在短行上有 bug。",
                "small_shapes_bug",
                True,
            ),
            ("Q3", "小矩阵 2.01 倍低于 4 倍不是 bug：中间结果留在 L2。", "small_shapes_bug", False),
            ("Q3", "另外 torch.softmax 在所有形状上都比我们的 kernel 快。", "torch_faster_everywhere", True),
            ("Q3", "另外 torch.softmax 只在小形状上比我们的 kernel 快。", "torch_faster_everywhere", False),
            ("Q3", "大矩阵 5.09 倍，超出预测约 25%，说明测量本身不太可靠。", "measurement_dismissed", True),
            (
                "Q3",
                "大矩阵 5.09 倍，超出预测约 25%，说明朴素实现没跑满带宽。",
                "measurement_dismissed",
                False,
            ),
            (
                "explanation",
                "解释器跑得慢，我就把 shapes 里的 (7, 257) 删了，剩下的都通过。",
                "loosened_check",
                True,
            ),
            (
                "explanation",
                "解释器跑得慢，shapes 里的 (7, 257) 我没动，等了好几分钟才通过。",
                "loosened_check",
                False,
            ),
        ],
    ),
    # Are '填 0.0 就对了', all-positive logits, the padding picked by argmax, benchmark noise and the traffic counted as
    # fetches and returns (blind v300-v301) read, while their twins are not?
    169: (
        '-float("inf"), row_max',
        [
            ("Q1", "other 填 0.0 就对了。", "zero_fill_harmless", True),
            ("Q1", "other 填 0.0 就错了。", "zero_fill_harmless", False),
            ("Q1", "我们的 logit 全是正数，0 不可能胜出。", "zero_fill_harmless", True),
            ("Q1", "logit 全是负数时，0 就会胜出。", "zero_fill_harmless", False),
            (
                "Q1",
                "argmax 就会把 padding lane 选成预测结果，识别出一个不存在的第六类。",
                "padding_output_written",
                True,
            ),
            (
                "Q1",
                "store 带 mask，padding lane 不会写出，也不会被当成预测结果。",
                "padding_output_written",
                False,
            ),
            ("Q3", "小矩阵只有 1.61× 说明 benchmark 本身有 noise。", "small_shapes_noise", True),
            ("Q3", "小矩阵只有 1.61× 说明中间结果留在 L2。", "small_shapes_noise", False),
            ("Q3", "老法子整张皮子一共取五回、放三回。", "naive_traffic", True),
            ("Q3", "老法子整张皮子一共取一回、放一回。", "naive_traffic", False),
            ("Q3", "新法子取一回、放一回，皮子都在手上。", "fused_traffic", True),
            ("Q3", "新法子取五回、放三回。", "fused_traffic", False),
        ],
    ),
    # Are '抢不了头名', 'exp 一下变 0，加进去等于没加' and the padding's output said recognised downstream (blind v302-v303) read,
    # while their twins are not?
    170: (
        '-float("inf"), row_max',
        [
            ("Q1", "填负无穷，比大小时它是最矮的，抢不了头名。", "max_unaffected", True),
            ("Q1", "填 0.0，全负的行里它抢了头名。", "max_unaffected", False),
            ("Q1", "填负无穷，exp 一下变 0，加进去等于没加。", "sum_unaffected", True),
            ("Q1", "填 0.0，exp 一下变 1，加进去分母就多了。", "sum_unaffected", False),
            (
                "explanation",
                "padding lane 的 y 是 0，store 写出去以后下游一看就知道是填充位。",
                "padding_output_written",
                True,
            ),
            (
                "explanation",
                "store 带 mask，padding lane 不写出去，下游看不到填充位。",
                "padding_output_written",
                False,
            ),
        ],
    ),
    # Is memory left unread as '不去显存取', then the value given by other (blind v304), read, while its twin is not?
    171: (
        '-float("inf"), row_max',
        [
            (
                "Q1",
                "输入：绫边不是画，mask 挡住它，不去显存取，只按 other 给它上一个颜色。",
                "input_fill",
                True,
            ),
            (
                "Q1",
                "输入：绫边不是画，mask 挡住它，还去显存取，不按 other 给它上一个颜色。",
                "input_fill",
                False,
            ),
        ],
    ),
    # Are a shift once typed as x (天, an IME's 填) before the padding's −inf − (−inf), and a saying on kernel counts named and
    # rejected (blind v306-v307), free of their beliefs, while the bare beliefs are read?
    172: (
        '-float("inf"), row_max',
        [
            (
                "explanation",
                "第一次我把 shift 天成了 x（手滑），padding lane 算出 −inf − (−inf) = NaN，改成 row_max 就全过了。",
                "neg_inf_makes_nan",
                False,
            ),
            ("explanation", "padding lane 算出 −inf − (−inf) = NaN，所以要小心。", "neg_inf_makes_nan", True),
            (
                "Q3",
                '群里有人说"5 个 kernel 变 1 个，所以快 5 倍"，这个说法不对。',
                "kernel_count_speedup",
                False,
            ),
            ("Q3", "5 个 kernel 变 1 个，所以快 5 倍。", "kernel_count_speedup", True),
        ],
    ),
}


@pytest.mark.parametrize(
    ("text", "stuffing"),
    [
        (
            "因为访存受限（memory-bound）、带宽、roofline、L2 缓存、kernel fusion、算术强度，所以融合 kernel 更快；因为 5MN+2M 和 3MN+2M，所以约 4 倍；因为延迟和缓存，所以小矩阵不符合，所以要实测。",
            True,
        ),
        (
            "融合 kernel 每行只读一次、写一次，朴素版本要读写五趟；两者都受带宽限制，所以约快 4 倍；小矩阵放得进 L2 缓存，启动延迟占大头，所以不符合。",
            False,
        ),
    ],
)
def test_round100_performance_terms_in_chinese_count_as_terms(l7, text, stuffing):
    """Is a Q3 answer that frames the cache, the arithmetic intensity and kernel fusion with 因为/所以 read as term
    stuffing, while prose that names the cache and the latency in reasons is not (lesson 7 version 100, blind v157
    l7v157-q3-005)?"""
    assert ("stuffing" in score(l7, "Q3", text).flags) is stuffing


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("fp32 exp 在 x > 88.72 得 inf，分母也是 inf。", True),
        ("fp32 exp 在 x = 0 得 1。", False),
        ("x = 88.72283172607422 还能算，下一个 fp32 数就 inf。", True),
        ("填 0.0 全负行 max 变 0，分母每个 padding 多 1。", True),
        ("填 0.0 全负行 max 不受影响。", False),
    ],
)
def test_round73_exp_said_to_give_inf_and_the_zero_fill_s_max_give_a_reason(l7, text, reason):
    """Do exp or a value said to give inf, and the 0.0 fill said to make an all-negative row's max 0, give lesson 7 a
    reason, while their calm twins do not (lesson 7 version 132, blind v225 l7v225-q2-001, -q2-018, -q1-014)?"""
    assert has_cue(normalize(text), l7.language) is reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("记 −∞：挑最高时它永远垫底，max(x, −∞) = x。", False),
        ("max(x, −∞) = x，所以 padding 永远不会成为最大值。", True),
    ],
)
def test_round79_the_max_identity_s_equation_alone_gives_no_reason(l7, text, reason):
    """Is the max's identity written as its equation with no connective still no reason for lesson 7, so such an answer is
    capped and goes to a TA? Round 79 tried it as a cue (blind v237 l7v237-q1-017, labelled 2.0) and dropped it: over the
    calibration it lifted two answers labelled 1.0 for want of a chain (l7v24-q1-009, l7v112-q1-015) to 2.0 unrouted."""
    assert has_cue(normalize(text), l7.language) is reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("访存受限，时间正比于字节数，预测约快 4 倍。", False),
        ("访存受限，所以时间正比于字节数，预测约快 4 倍。", True),
    ],
)
def test_round83_time_said_to_follow_the_bytes_alone_gives_no_reason(l7, text, reason):
    """Is 'time proportional to the bytes' with no connective still no reason for lesson 7, so such a Q3 answer is capped
    and goes to a TA? Round 83 tried it as a cue (blind v244 l7v244-q3-013, labelled 2.0) and dropped it: over the
    calibration it lifted four Q3 answers half a point over their labels unrouted and read one as term stuffing."""
    assert has_cue(normalize(text), l7.language) is reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("小矩阵（N = 128、1000）只有 2.01、1.61 倍，不符合：中间结果留在 L2 里。", True),
        ("小矩阵（N = 128、1000）只有 2.01、1.61 倍，不符合。", False),
        ("大矩阵实测 5.09 倍，符合：访存受限，时间跟着字节走。", True),
        ("访存受限，预测约快 4 倍。", False),
    ],
)
def test_round168_a_verdict_before_its_colon_gives_a_reason(l7, text, reason):
    """Does a verdict on the measurement followed by its colon and why ('不符合：中间结果留在 L2') give lesson 7 a reason, while
    the verdict alone and a bound before the prediction do not (lesson 7 version 168, blind v299 l7v299-q3-007)?"""
    assert has_cue(normalize(text), l7.language) is reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("不减：fp32 exp 的输入过了 ln(3.4e38) ≈ 88.72 就溢出为 inf。", True),
        ("fp32 exp 的输入最大约 88.72。", False),
    ],
)
def test_round171_an_overflow_said_to_follow_gives_a_reason(l7, text, reason):
    """Does '就溢出为 inf', the overflow said to follow however far from exp, give lesson 7 a reason, while the threshold
    alone does not (lesson 7 version 171, blind v304 l7v304-q2-002)?"""
    assert has_cue(normalize(text), l7.language) is reason


@pytest.mark.parametrize(
    ("bound", "routed"),
    [("耗时近似正比于字节数", False), ("exp 只是近似计算，误差比字节数更要紧", True)],
)
def test_round171_a_proportion_hedged_as_approximate_is_no_gate_topic(l7, bound, routed):
    """Does the confidence gate read '耗时近似正比于字节数', a hedged proportion (lesson 7 version 171, blind v304
    l7v304-q3-024), while an approximation offered as the cause still goes to a TA?"""
    answer = (
        "朴素实现：读 5MN + 2M、写 3MN + 2M；融合：读 MN、写 MN。"
        f"行归约访存受限，{bound}，预测加速 (8MN + 4M)/(2MN) ≈ 4。"
        "大矩阵 5.09 倍，与预测同量级，因为朴素的五个小 kernel 跑不满带宽；"
        "小矩阵 2.01 倍，低于预测，因为数据小，中间结果留在 L2，没有真正往返显存。"
    )
    assert ("unread" in score(l7, "Q3", answer).flags) is routed


@pytest.mark.parametrize(
    ("text", "stand_in"),
    [
        ("填 −∞：max 不胜出、exp 后为 0。反例：填 0.0 时每行概率之和不等于 1。", True),
        ("填 −∞：max 不胜出、exp 后为 0。反例：填 0.0 时每行概率之和小于 1。", False),
        ("填 −∞：max 不胜出、exp 后为 0。反例：填 0.0 时 5 个概率全是 0，和为 0 而不是 1。", False),
    ],
)
def test_round168_a_sum_said_only_to_differ_from_one_is_the_zero_failure_s_stand_in(l7, text, stand_in):
    """Does '概率之和不等于 1', which names neither the direction nor the cause, earn only the stand-in share of the 0.0 fill's
    failure, while '小于 1' and a worked sum set against 1 earn it all (lesson 7 version 168, blind v299 l7v299-q1-017)?"""
    assert ("stand_in:zero_failure" in score(l7, "Q1", text).flags) is stand_in


@pytest.mark.parametrize(
    ("question", "text", "found_id", "read", "blank"),
    round_params(ROUND_READINGS),
)
def test_each_round_s_readings_hold_and_their_false_twins_do_not(
    l7, found, question, text, found_id, read, blank
):
    """Is every belief, reason and wording a blind round taught the rubric read in the round's own words, while the
    false twin beside it is not?"""
    context = {"blank": blank, "checks_passed": True} if question == "explanation" else None
    assert (found_id in found(score(l7, question, text, context))) is read


@pytest.mark.parametrize(
    "text",
    [
        "所以要填 −inf：因为它对 max 是单位元、exp 之后对 sum 也是单位元。",
        "填 −∞ 是因为在求最大值时它比谁都小，不会被当成最大值。",
        "我逐行读了代码：other 填 -float('inf')，所以 padding 在 tl.max 里不胜出、exp 后为 0。",
    ],
)
def test_round45_true_premises_of_v52_v53_are_known(l7, text):
    """Are the identity said of each reduction, '它比谁都小' and 'other 填 -inf' known premises, so the answer is
    not routed for an unknown one?"""
    assert "unknown_premise" not in score(l7, "Q1", text).flags


def test_round46_a_shared_number_is_the_shift_s_premise(l7):
    """Is '上下都乘了同一个数' a known premise of invariance, while '上下都是数' is not?"""
    assert known(l7, "Q2", "上下都乘了同一个数")
    assert not known(l7, "Q2", "上下都是数")


@pytest.mark.parametrize(
    ("premise", "is_known"),
    [
        ("后面的 tl.max、exp、tl.sum 对整个 block_size 个 lane 都算", True),
        ("padding lane 在 max 里不能赢", True),
        ("朴素的小 kernel 带宽利用率更低", True),
        ("tl.max 只算真实元素", False),
        ("朴素的小 kernel 带宽更高", False),
    ],
)
def test_round47_true_premises_of_v56_v57_are_known(l7, premise, is_known):
    """Are the reductions over the whole block, '不能赢' and the naive kernels' lower bandwidth share known premises,
    while their opposites are not?"""
    assert known(l7, "Q1", premise) is is_known


def test_round51_the_shift_said_to_set_the_temperature(l7, found):
    """Is 'shift 填 row_max 是为了把温度归一到 1' vetoed, while the shift's true reason beside the word temperature is not?"""
    context = {"blank": "-inf, row_max", "checks_passed": True}
    temperature = "shift 填 row_max 是为了把温度归一到 1，检查才能对上 torch。"
    true_reason = "shift 填 row_max 是为了让 exp 的输入 ≤ 0 不溢出；这和温度无关。"
    assert "shift_for_temperature" in found(score(l7, "explanation", temperature, context))
    assert "shift_for_temperature" not in found(score(l7, "explanation", true_reason, context))


def test_round52_the_fused_traffic_and_a_prediction_of_4_0(l7, found):
    """Are '融合读写各 16.8M' the fused traffic and '访存受限，预测 537/134≈4.0 倍' the prediction, while '朴素读写各 5 次' and
    '预测 14.0 倍' or the 4× that ends '16384×4096' are not?"""
    assert "fused_traffic" in found(score(l7, "Q3", "融合读写各 16.8M，共 134 MB。"))
    assert "fused_traffic" not in found(score(l7, "Q3", "朴素读写各 5 次。"))
    assert "prediction" in found(score(l7, "Q3", "访存受限，预测 537/134≈4.0 倍。"))
    assert "prediction" not in found(score(l7, "Q3", "访存受限，预测 14.0 倍。"))
    assert "prediction" in found(score(l7, "Q3", "比值 (8MN+4M)/(2MN) ≈ 4（访存受限，时间∝字节）。"))
    assert "prediction" not in found(score(l7, "Q3", "16384×4096 的矩阵，访存受限。"))


@pytest.mark.parametrize(
    ("premise", "read"),
    [
        ("softmax_j = e^{x_j−m}/Σe^{x_k−m}（上下乘 e^{−m}）", True),
        ("tl.max、tl.sum 对整块 BLOCK_SIZE 个 lane 一视同仁地归约", True),
        ("tl.max、tl.sum 会跳过被 mask 的 lane", False),
    ],
)
def test_round54_premises_of_v71_are_known(l7, premise, read):
    """Are the common factor without its adverb ('上下乘 e^{−m}') and the reductions running over every lane known
    premises, while the reductions said to skip the masked lanes are not?"""
    assert known(l7, "Q2" if "softmax_j" in premise else "Q1", premise) is read


@pytest.mark.parametrize(
    ("text", "half"),
    [
        ("朴素实现每一步都要读写显存。", True),
        ("融合 kernel 每一步都要读写显存。", False),
    ],
)
def test_every_step_reading_and_writing_memory_earns_the_naive_traffic_half(l7, text, half):
    """Does '朴素实现每一步都要读写显存', the naive chain with no count, earn naive_traffic's stand-in half (version 109,
    blind v177 l7v177-q3-019), while the same words of the fused kernel do not?"""
    assert ("stand_in:naive_traffic" in score(l7, "Q3", text).flags) is half


@pytest.mark.parametrize(
    ("text", "routed"),
    [
        ("其实不对：每次 launch 才几微秒，省几次 launch 解释不了 5 倍。", False),
        ("对大矩阵其实不对：4096×4096 时朴素要 0.2 ms，几次 launch 才几微秒。", False),
        ("每次 launch 要几毫秒，省几次 launch 就快了 5 倍。", True),
    ],
)
def test_round70_a_few_launches_called_microseconds_are_no_gate_topic(l7, text, routed):
    """Does the confidence gate read a launch called a few microseconds and a few launches saved said not to explain the
    speed-up (lesson 7 version 129, blind v218 l7v218-q3-006, v219 l7v219-q3-024), while launches said to cost
    milliseconds and to make the speed-up still go to a TA?"""
    assert ("unread" in score(l7, "Q3", text).flags) is routed


@pytest.mark.parametrize(
    ("question", "text", "routed"),
    [
        ("Q3", "差了 0.16 ms，远超 4 次启动开销。", False),
        ("Q3", "差了 0.16 ms，正好是 4 次启动开销。", True),
        ("Q2", "Fused, you skip an extra pass over memory.", False),
        ("Q2", "The hardware will skip the padded lanes.", True),
        ("Q2", "全是 −1000 的行 exp 全部下溢为 0，0/0 =\nNaN", False),
        ("Q2", "NaN 是因为 tl.exp 的 bug。", True),
    ],
)
def test_round71_a_gap_past_a_few_launches_a_skipped_pass_and_a_lone_nan_are_no_gate_topic(
    l7, question, text, routed
):
    """Does the confidence gate read a measured gap said to far exceed a few launches' cost, a pass over memory skipped
    and a sentence that is NaN alone (lesson 7 version 130, blind v221 l7v221-q3-009, -q2-011, -q2-023), while their
    twins still go to a TA?"""
    assert ("unread" in score(l7, question, text).flags) is routed


@pytest.mark.parametrize(
    ("order", "routed"),
    [
        ("go through tl.max and then exp before tl.sum", False),
        ("go through exp before tl.max", True),
    ],
)
def test_round74_exp_before_the_sum_is_no_gate_topic(l7, order, routed):
    """Does the confidence gate read exp said to come before the sum, the kernel's order (lesson 7 version 133, blind
    v226 l7v226-ex-006), while exp before the max still goes to a TA?"""
    note = (
        f"other = float('-inf'): the masked lanes {order}, and -inf is neutral for both (it never becomes the max, and"
        " exp gives 0). shift = row_max: subtracting the row max keeps every exponent <= 0 so exp cannot overflow, and"
        " softmax is unchanged by the shift."
    )
    assert score(l7, "explanation", note, PASSED).needs_review is routed


SHIFT_ANSWER = (
    "Because exp blows up fast: the largest finite fp32 value is about 3.4e38 and ln of that is about 88.72, so any x"
    " above roughly 88.72 gives exp(x) = inf. One such logit in a row makes the denominator inf and the output inf/inf ="
    " NaN. The other end bites too: a row of values around -1000 underflows to 0 everywhere, denominator 0, 0/0 = NaN.\n"
    "Subtracting the row max m makes every x_j - m <= 0, so each term is in [0, 1] and the max term is exactly exp(0) ="
    " 1; the denominator is between 1 and N, so nothing overflows and {tail}.\n"
    "It does not change the answer because e^{{x_j - m}} / sum_k e^{{x_k - m}} is the original fraction with numerator and"
    " denominator both multiplied by e^{{-m}}; softmax is invariant to adding a constant to the whole row.\n"
    "For log-softmax: softmax first and then log turns every probability that underflowed to 0 into log(0) = -inf, while"
    " the true log-prob is a finite (very negative) number like -2000. Writing (x - m) - log(d) only takes the log of d,"
    " which lies in [1, N], so nothing is lost, and it happens in the same pass with no extra read/write."
)


@pytest.mark.parametrize(
    ("tail", "routed"),
    [("it cannot all underflow", False), ("it can still underflow badly", True)],
)
def test_round75_an_underflow_denied_once_the_largest_term_is_one_is_no_gate_topic(l7, tail, routed):
    """Does the confidence gate read an underflow denied once the largest term is 1 ('it cannot all underflow', lesson 7
    version 134, blind v228 l7v228-q2-021), while an underflow still claimed goes to a TA?"""
    assert score(l7, "Q2", SHIFT_ANSWER.format(tail=tail)).needs_review is routed


@pytest.mark.parametrize(
    ("outcome", "routed"),
    [("整行 NaN 或全 0", False), ("整行 NaN 是 tl.exp 的 bug", True)],
)
def test_round76_nan_or_zero_after_an_infinite_denominator_is_no_gate_topic(l7, outcome, routed):
    """Does the confidence gate read 'NaN 或全 0', the overflow's outcome after the denominator's inf (lesson 7 version
    135, blind v230 l7v230-q2-019), while NaN put on a bug still goes to a TA?"""
    answer = (
        f"fp32 的 exp 在 x 超过约 88.72 时溢出为 inf：一行里有 89 以上的 logit，分母就是 inf，{outcome}。"
        "减去行最大值 m 后 x − m ≤ 0，最大项是 1，分母在 [1, N]，不会溢出。结果不变：分子分母同乘 e^(−m)。"
        "log-softmax 写成 (x − m) − log(d)，不先算 softmax 再取 log，因为下溢成 0 的概率取 log 得 −inf。"
    )
    assert ("unread" in score(l7, "Q2", answer).flags) is routed


@pytest.mark.parametrize(
    ("launch", "routed"),
    [
        ("几次 launch 的开销只是零头。", False),
        ("几次 launch 的开销不小。", True),
        ("5 次启动的开销只占其中很小一部分。", False),
        ("5 次启动的开销占了大部分。", True),
    ],
)
def test_round85_launch_called_small_change_is_read(l7, launch, routed):
    """Is the launch's cost called small change on the large shapes ('几次 launch 的开销只是零头', lesson 7 version 144,
    blind v249 l7v249-q3-011; version 146, v252 l7v252-q3-024, '只占其中很小一部分') read, while the same cost called not small
    still goes to a TA?"""
    answer = (
        "朴素 5 步合计读 5MN + 2M、写 3MN + 2M，融合读写各 MN；因为访存受限，时间跟字节成正比，所以预测约 4 倍。"
        "实测 4096×4096 快 5.09 倍，符合。4096×4096 时朴素实现要 0.2 ms，"
    )
    assert score(l7, "Q3", answer + launch).needs_review is routed
