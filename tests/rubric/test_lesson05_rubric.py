"""Lesson 5's rubric (course/lessons/05-row-sum-padding/rubric.yaml, versions 12 and 13): the premises,
mechanism descriptions and wrong beliefs that blind sets v9 and v10 showed it could not read."""

import pytest

from autograder.rubric import score_answer

CONTEXT = {"blank": "0.0", "checks_passed": True}


def _score(rubric, question, answer):
    return score_answer(rubric, question, answer, context=CONTEXT)


@pytest.mark.parametrize(
    "question, answer",
    [
        (
            "Q3",
            "other 改成 -inf。因为 padding lane 同样要参加每一级比较，所以它的值必须比谁都小：max(x, -inf) = x。",
        ),
        (
            "Q3",
            "-inf。因為 padding lane 一樣會參與 max 的兩兩比較，必須保證它永遠比不過任何真實值，也就是 max(x, −∞) = x。",
        ),
        ("Q3", "other = -inf。要求：∀x, max(x, e) = x ⇒ e ≤ x 对所有 x 成立 ⇒ e = −∞。"),
        ("Q2", "100 不是 2 的幂，所以 BLOCK_SIZE 只能取 next_power_of_2(100)=128，比 100 多 28 个位置。"),
        ("Q2", "这 28 个 lane 由 mask 保证不访存，由 other = 0 保证 Σ 不变。"),
    ],
)
def test_a_true_premise_in_new_words_is_no_unknown_premise(l5, question, answer):
    """Does a causal clause resting on a true premise the lesson teaches (padded lanes take part in every
    comparison, the requirement max(x, e) = x, 100 is no power of two, the mask guards the load) stay
    off the TA's queue as an unknown premise?"""
    scored = _score(l5, question, answer)
    assert "unknown_premise" not in scored.flags, scored.evidence


@pytest.mark.parametrize(
    "answer",
    [
        "State change: the masked load pulls the real N values from global memory into registers.",
        "Change: masked lanes skip the memory read and get other=0.0 in registers.",
        "tl.sum then reduces the block in a tree (per-thread adds, warp shuffles, then a shared-memory combine).",
        "前 100 个 lane 从显存读，后 28 个 lane 不访存，寄存器里直接是 0.0。",
    ],
)
def test_a_true_description_of_the_load_or_the_tree_is_read(l5, answer):
    """Is a true account of which lanes touch memory, or of the tree across warps, read by the confidence
    gate instead of routing the answer as an unread claim about memory?"""
    assert "unread" not in _score(l5, "Q1", answer).flags


def test_a_false_claim_about_memory_is_still_unread(l5):
    """Does a wrong side claim (partial sums written back to global memory) still route the answer?"""
    answer = "tl.sum 先线程内加，再 warp 内 shuffle，最后各 warp 的部分和写回全局显存，再由一个线程加总。"
    assert "unread" in _score(l5, "Q1", answer).flags


def test_other_as_an_address_is_a_veto(l5):
    """Is 'other=0 redirects the padded lanes to a safe address' caught as a wrong causal chain?"""
    answer = "中间：other=0 的作用是把多出来的lane的地址改成偏移0，也就是让它们去读安全的地址，这样就不会越界访问显存了。"
    scored = _score(l5, "Q1", answer)
    assert scored.veto and scored.needs_review


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Q1", "这些 0.0 参与浮点加法会带来一点点舍入误差，所以结果和 torch 的 x.sum(1) 不完全一样。"),
        (
            "Q2",
            "多 28 个 0 参与求和可以让树状归约每一层都两两配对，避免出现落单的数被单独舍入，这样精度更高。",
        ),
    ],
)
def test_padding_zeros_and_rounding_go_to_a_ta(l5, question, answer):
    """Is a claim that the padded zeros add or remove rounding error (x + 0 is exact) sent to a TA?"""
    assert _score(l5, question, answer).needs_review


def test_a_counterexample_max_of_minus_one_and_zero_is_no_belief(l5):
    """Is 'max(−1, 0) = 0 ⇒ 输出 0', a counterexample against 0, kept apart from the belief max(x, 0) = x?"""
    answer = (
        "other = float('-inf')。反例 e = 0：行 = [−1, −2, −3]，真实最大值 −1，但 max(−1, 0) = 0 ⇒ 输出 0。"
    )
    scored = _score(l5, "Q3", answer)
    assert not scored.veto, scored.misconceptions


# ── rubric_version 13 (built on blind v10) ──────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Q1", "正因为这些 padding lane 确实会被加进去，所以 other 只能是加法单位元 0：x + 0 = x，和不变。"),
        ("Q2", "One block has to hold the whole row, so B >= N and B = next_power_of_2(100) = 128."),
        ("Q2", "Block sizes are powers of two. 100 isn't one, so the block covering the row is 128."),
        ("Q3", "保持 0 的话全是负数的一行会输出 0，因为 padding 的 0 比这些负数都大。"),
        (
            "Q3",
            "If the fill stayed 0.0, an all-negative row would give 0, because padding zeros beat every real element.",
        ),
    ],
)
def test_round13_true_premises_are_no_unknown_premise(l5, question, answer):
    """Are the true premises blind v10 used (the padded lanes really are added, one block holds the row:
    B >= N, "100 isn't one", 0 beats a row of negatives) read as known, not sent to a TA as unknown?"""
    scored = _score(l5, question, answer)
    assert "unknown_premise" not in scored.flags, scored.evidence


@pytest.mark.parametrize(
    "answer",
    [
        "Cost: 28/128 of the lanes idle, zero extra bandwidth, since masked lanes never load.",
        "有人说多出来的 28 个 lane 会多读 28 个数、浪费带宽，其实不会：被 mask 的 lane 不发访存。",
    ],
)
def test_no_memory_cost_stated_or_refuted_is_no_veto(l5, answer):
    """Is "zero extra bandwidth", or a reported memory-cost belief followed by "其实不会：", kept apart from
    the memory-cost misconception?"""
    scored = _score(l5, "Q2", answer)
    assert not scored.veto, scored.misconceptions


def test_the_belief_itself_saying_it_never_touches_them_is_still_seen(l5):
    """Is "kernel 里其实不会碰它们" inside a wrong belief no refutation of it (only "其实不会：" is)?"""
    answer = "Triton 会自动只处理 100 个 lane，那 28 个 padding 是 PyTorch 为了对齐多分配的，kernel 里其实不会碰它们。"
    assert _score(l5, "Q2", answer).needs_review


def test_restating_the_question_earns_only_the_conclusion_without_a_ta(l5):
    """Is "填负无穷，因为是求 max" (the question's own condition as the reason), or "因为数据可能是负的" (true of
    randn, and no reason for -inf), scored at the conclusion's share without review, and no more?"""
    for answer in ("填负无穷，因为是求 max。", "改成 -inf，因为数据可能是负的。"):
        scored = _score(l5, "Q3", answer)
        assert not scored.needs_review and scored.points < scored.max_points, (answer, scored.flags)


def test_loses_to_every_number_and_all_below_zero_are_read(l5):
    """Are "-inf 跟任何数比较都输" (the identity in words) and "一行的数都小于 0" (the all-negative row) read,
    so an answer made of them is not sent to a TA as unread? (blind v10, v10-q3-002)"""
    answer = "改成 -inf。max 里 -inf 跟任何数比较都输；填 0 的话，如果一行的数都小于 0，结果会被 0 顶替。"
    scored = _score(l5, "Q3", answer)
    assert "unread" not in scored.flags and "all_negative_failure" in [m["concept"] for m in scored.matched]


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Q3", "要是还用 0.0，整行全是负数 → max 的结果被 0 顶替，所以要改成 -inf。"),
        (
            "explanation",
            "填 0.0；-0.0 更严格，因为 (-0.0) + (+0.0) = +0.0，所以用 +0.0 时 x=-0.0 的符号会变。",
        ),
        ("explanation", "检查失败时每行多了 28，说明 padding lane 里的 1 被加进去了，所以应该填 0.0。"),
    ],
)
def test_round13_scenarios_and_facts_are_known_premises(l5, question, answer):
    """Are a 0 fill on an all-negative row (the counterfactual's condition), IEEE's signed zero and the
    padded 1s being added read as true premises, not sent to a TA as unknown? (v8-q3-007, v5-ex-020,
    v10-ex-025)"""
    scored = _score(l5, question, answer)
    assert "unknown_premise" not in scored.flags, scored.evidence


def test_a_refuted_common_saying_is_no_contradiction(l5):
    """Is '常见说法是"凑成 32 的倍数"，这是巧合' a refuted belief, not a warp claim beside the right rule?"""
    answer = (
        "常见说法是“一个 warp 32 线程，100 向上取整到 32 的倍数就是 128”，这是巧合。"
        "真正原因是 tl.arange 的长度必须是 2 的幂，所以 N=100 只能开 128，多出 28 个 lane 被 mask 住、填 0。"
    )
    scored = _score(l5, "Q2", answer)
    assert "contradiction" not in scored.flags and not scored.veto


@pytest.mark.parametrize(
    "question, answer",
    [
        (
            "Q2",
            "The mask keeps the extra lanes from reading out-of-bounds memory, and other=0.0 makes them add nothing.",
        ),
        ("explanation", "我对照了代码：mask = cols < n_cols 保证只有前 N 个 lane 去访存，other 填 0.0。"),
        (
            "explanation",
            "我把 other 删掉试过，删掉也能过，但那只是当前实现恰好给了 0，文档并没有保证，所以提交的是 0.0。",
        ),
    ],
)
def test_round13_true_descriptions_are_read(l5, question, answer):
    """Are true descriptions of the mask ("keeps them from reading … memory", "保证只有前 N 个 lane 访存")
    and of an omitted other that works by accident read by the gate, not sent to a TA as unread?
    (v7-q2-008, v9-ex-021, v10-ex-001)"""
    assert "unread" not in _score(l5, question, answer).flags


@pytest.mark.parametrize(
    "question, answer, points",
    [
        # IME homophones: 密 for 幂, 单位员 for 单位元 (v11-q2-011, v11-ex-010).
        (
            "Q2",
            "因为Triton的块长度必须是2的密，tl.arange(0,100)是不行的，所以只能取128，多出128-100=28个lane。",
            None,
        ),
        ("explanation", "一开始填 1.0，每行大了 28。改成0.0之后就过了，因为加法的单位员是0。", None),
        # What a wrong fill does, in new words (v11-ex-017, v11-ex-004).
        (
            "explanation",
            "other=0.0。求和的 padding 必须是加法单位元，否则（比如 1.0）每行会多出 BLOCK − N。",
            1.0,
        ),
        # The max fill must not exceed any real value (v11-q3-002).
        (
            "Q3",
            "应改为 -inf。因为求最大值时 padding 的值不能比任何真实值大，只有 -inf 满足 max(x, -inf) = x。",
            None,
        ),
    ],
)
def test_round14_true_premises_are_no_unknown_premise(l5, question, answer, points):
    """Are round 14's true premises ('2的密', '单位员', '每行会多出 BLOCK − N', 'padding 的值不能比任何真实值大')
    read as known, so the answer is decided without a TA?"""
    scored = _score(l5, question, answer)
    assert "unknown_premise" not in scored.flags and not scored.veto
    assert points is None or scored.points == points


@pytest.mark.parametrize(
    "answer",
    [
        "输入：program 通过 tl.program_id(0) 知道自己负责哪一行，再通过 x_row_stride 找到这一行在显存里的起始位置。",
        "中间：mask=True 的 lane ← HBM 里的真实值；mask=False 的 lane ← other = 0，不访存。",
    ],
)
def test_round14_true_descriptions_are_read(l5, answer):
    """Are a row's start address in memory and 'mask=True 的 lane ← HBM' read as true descriptions,
    not unread memory claims? (v11-q1-022, v11-q1-013)"""
    assert "unread" not in _score(l5, "Q1", answer).flags


def test_a_false_memory_claim_beside_a_row_start_is_still_unread(l5):
    """Does a false claim ('padding lane 也会读显存里下一行的数') still go to a TA?"""
    scored = _score(l5, "Q1", "中间：padding lane 也会去读显存里下一行的数，只是结果被 other 换成 0。")
    assert scored.needs_review


@pytest.mark.parametrize(
    "question, blank, answer",
    [
        # v12-ex-009: a deleted other justified by "mask=False 的 lane 本来就不参与求和".
        (
            "explanation",
            "",
            "我把 other 删掉了，因为 mask=False 的 lane 本来就不参与求和，不需要什么单位元。检查都通过了。",
        ),
        ("explanation", "", "other 没写，因为超出 N 的 lane 会被 tl.sum 跳过。"),
        ("explanation", "0.0", "填 0.0，其实填什么都行，多出来的 lane 不会算进去。"),
        ("explanation", "0.0", "填 0.0，因为被 mask 掉的 lane 不参加求和。"),
        (
            "explanation",
            "",
            "I removed other: masked lanes are ignored by tl.sum anyway, and the checks passed.",
        ),
        ("Q1", "0.0", "中间：被 mask 的 lane 被跳过，tl.sum 只加真实值。"),
        ("Q2", "0.0", "BLOCK 取 128，多出来的 28 个 lane 被忽略，不会影响结果。"),
    ],
)
def test_round15_masked_lanes_left_out_of_the_sum_is_the_wrong_chain(l5, question, blank, answer):
    """Is "masked lanes are skipped / don't take part in the sum", in any wording and for any fill or a
    deleted other, read as the wrong chain mask_skips_reduction (a veto a TA sees), in the note too?"""
    scored = score_answer(l5, question, answer, context={"blank": blank, "checks_passed": True})
    assert scored.veto and "mask_skips_reduction" in {m["id"] for m in scored.misconceptions}


@pytest.mark.parametrize(
    "question, answer",
    [
        ("explanation", "填 0.0，因为是加法单位元，被 mask 的 lane 也参与 tl.sum，加 0 不改变和。检查通过。"),
        ("Q1", "很多人以为被 mask 的 lane 不参与计算——不对，它们仍然参与 tl.sum，值是 other=0。"),
        ("Q1", "中间：masked lanes skip the memory read and get other=0.0 in registers."),
        ("Q1", "前 100 个 lane 从显存读，后 28 个 lane 不访存，寄存器里直接是 0.0。"),
        (
            "Q3",
            "other must become float('-inf'). A common mistake is to think the masked lanes are simply left out"
            " of tl.max, so any filler works. They are not: they take part in every comparison.",
        ),
    ],
)
def test_round15_lanes_taking_part_or_skipping_memory_is_no_veto(l5, question, answer):
    """Do a true account (masked lanes take part in the sum, skip only the memory read) and a refuted
    belief ("很多人以为…——不对", "A common mistake is to think…") stay free of that veto?"""
    scored = _score(l5, question, answer)
    assert not scored.veto, scored.misconceptions


def test_round15_a_masked_load_is_no_masked_lane(l5):
    """Is "masked load 只從記憶體讀前 N 個元素" (v12-q1-012) the true account of the load, not a padding
    lane said to read memory?"""
    answer = "中間狀態：masked load 只從記憶體讀前 N 個元素，其餘 lane 不存取記憶體，直接在暫存器裡填成 other = 0.0。"
    scored = _score(l5, "Q1", answer)
    assert not scored.veto and not scored.needs_review


@pytest.mark.parametrize(
    "question, answer",
    [
        (
            "Q1",
            "输入：row = program_id(0) → cols = arange(0, BLOCK)（BLOCK = next_pow2(N)）→ mask = cols < N",
        ),
        ("Q3", "原因：单位元 e 要满足 op(x, e) = x。"),
        ("Q3", "保留 0.0、行全是负数时，结果是 0 而不是 −1，因为 padding 的 0 在比较里胜出。"),
    ],
)
def test_round15_true_premises_are_no_unknown_premise(l5, question, answer):
    """Are the kernel's own definitions, an identity's definition (op(x, e) = x) and the padding 0 winning
    an all-negative row read as known premises (v12-q1-003, v12-q3-003)?"""
    assert "unknown_premise" not in _score(l5, question, answer).flags


def test_round15_the_lessons_own_experiment_is_no_submitted_value(l5):
    """Does a note that reports the lesson's section-4 experiment with other=1.0 (v12-ex-016), while its
    kernel holds 0.0, stay consistent with the submitted blank?"""
    answer = (
        "other 填 0.0，加法单位元，三个检查都通过了。另外按第 4 节的预测单元把 show_lanes 的 other 换成 1.0 跑了一次，"
        "总和多 28，确认 padding 确实进了求和，练习里的 kernel 仍然是 0.0。"
    )
    assert "contradicts_code" not in _score(l5, "explanation", answer).flags


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Q1", "中间：mask 范围内的 lane 读显存，范围外的 lane 不读，寄存器里直接是 0。"),
        ("Q1", "状态：w_k = x[r, k]（mask_k 为真，从显存读）；其余 lane 不访存。"),
        ("Q2", "多出来的 28 个 lane 由 mask 屏蔽访存，填 0，不改变和。"),
        ("Q2", "代价：28 个 lane 的寄存器和加法空转，bandwidth 不浪费，显存流量不变。"),
        ("Q1", "State: tl.load leaves the masked lanes untouched in memory and gives them 0.0."),
    ],
)
def test_round16_a_true_account_of_which_lanes_touch_memory_is_read(l5, question, answer):
    """Is a true account of which lanes read memory ("mask_k 为真，从显存读", "用 mask 屏蔽访存", "bandwidth
    不浪费", "leaves the masked lanes untouched in memory") read by the confidence gate, not routed?"""
    assert "unread" not in _score(l5, question, answer).flags


@pytest.mark.parametrize(
    "answer",
    [
        "有人以为是凑 32 的倍数——这不对：N=200 时 32 的倍数是 224，而 BLOCK 是 256；真正的原因是 tl.arange 的长度必须是 2 的幂。",
        "100 向上凑到 32 的倍数碰巧也是 128，只是巧合；真正原因是 tl.arange 只接受 2 的幂。",
        "向上取 32 的倍数正好也是 128，容易让人误会；但块长必须是 2 的幂，所以是 128。",
    ],
)
def test_round16_a_warp_multiple_computed_as_a_counterexample_is_no_belief(l5, answer):
    """Does a warp multiple computed as a counterexample ("N=200 时 32 的倍数是 224") or named a coincidence
    ("只是巧合", "容易让人误会") stay free of warp_multiple, so the right account is not routed?"""
    scored = _score(l5, "Q2", answer)
    assert "warp_multiple" not in {m["id"] for m in scored.misconceptions}, scored.evidence
    assert not scored.veto


@pytest.mark.parametrize(
    "answer",
    [
        "BLOCK 取 128，因为要凑成 32 的倍数，这样正好 4 个 warp。",
        "因为 warp 是 32 个线程，所以补到 32 的倍数 128。",
    ],
)
def test_round16_a_warp_multiple_as_the_reason_is_still_vetoed(l5, answer):
    """Is "凑成 32 的倍数" given as the reason still the veto warp_multiple?"""
    scored = _score(l5, "Q2", answer)
    assert scored.veto and "warp_multiple" in {m["id"] for m in scored.misconceptions}


def test_round16_a_refuted_saying_is_no_veto(l5):
    """Is "有人说 … 不参与 tl.sum——不是这样" a saying the student rejects, not the veto mask_skips_reduction?"""
    answer = "有同学说被 mask 的 lane 不参加求和——不是这样，tl.sum 会把 BLOCK 个 lane 全部相加，所以要填 0。"
    assert "mask_skips_reduction" not in {m["id"] for m in _score(l5, "Q1", answer).misconceptions}


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Q2", "因为 BLOCK_SIZE 就是 128，所以多出 128 - 100 = 28 个 lane。"),
        ("Q2", "块长要大于等于 N，而且必须是 2 的幂，所以取 128。"),
        ("Q2", "N 不一定是 2 的幂，所以要用 mask 挡住多出来的 lane。"),
        ("Q3", "用 -inf，因为是求最大值。"),
        ("Q3", "-inf, because nothing is smaller than it."),
        ("Q3", "改成 -inf，因为 max 要用最小的填充值。"),
        ("explanation", "填 0.0，因为是求和。"),
        ("explanation", "第一次 (4,100) 没过，是因为我把 other 写成了 1.0，改回 0.0 后通过。"),
    ],
)
def test_round16_true_premises_are_no_unknown_premise(l5, question, answer):
    """Are BLOCK = 128, B >= N, 'N 不一定是 2 的幂', the question's own reduction, 'nothing is smaller than
    -inf' and the student's own slip as a failure's cause read as known premises?"""
    assert "unknown_premise" not in _score(l5, question, answer).flags


def test_round16_a_hedged_hardware_guess_is_read(l5):
    """Is "可能和硬件有关" (a guess the student marks as one) read, not routed as an unread hardware claim?"""
    answer = "块长要是 2 的幂，所以用 128，至于为什么要 2 的幂，可能和硬件有关。"
    assert "unread" not in _score(l5, "Q2", answer).flags


def test_round16_an_unhedged_hardware_claim_is_still_unread(l5):
    """Does a plain claim about the hardware ("GPU 硬件会自动跳过这些 lane") still go to a TA?"""
    assert _score(l5, "Q2", "多出来的 28 个 lane，GPU 硬件会直接跳过它们的计算。").needs_review


@pytest.mark.parametrize(
    "answer",
    [
        "我删过 other，后来才知道解释器会把 masked lane 填 0，GPU 上是未定义的，所以写回 other=0.0，加法单位元。",
        "一开始我想不写 other，因为解释器上 masked lane 也是 0；最后还是写了 other=0.0，加法单位元。",
    ],
)
def test_round16_a_named_interpreter_accident_is_no_suspect(l5, answer):
    """Is an interpreter accident the student names as one ("后来才知道", "一开始我想") no suspect?"""
    assert "interpreter_accident" not in {m["id"] for m in _score(l5, "explanation", answer).misconceptions}


def test_round16_relying_on_the_interpreter_is_still_a_suspect(l5):
    """Does a note relying on the interpreter's 0 ("解释器会自动填 0，所以不用写") still go to a TA?"""
    scored = score_answer(
        l5,
        "explanation",
        "other 没写，解释器会给 masked lane 填 0，检查也过了。",
        context={"blank": "", "checks_passed": True},
    )
    assert scored.needs_review


def test_round16_the_input_padded_to_128_is_a_suspect(l5):
    """Is padding the input matrix itself to 128 columns sent to a TA as padding_rows?"""
    answer = "100 不是 2 的幂，所以要先把输入矩阵 pad 到 128 列，多的 28 列用 0 填。"
    scored = _score(l5, "Q2", answer)
    assert "padding_rows" in {m["id"] for m in scored.misconceptions} and scored.needs_review


@pytest.mark.parametrize(
    "question, answer",
    [
        (
            "Q1",
            "中间：只有 mask 为真的 lane 发起访存，其余 lane 不碰显存（所以不会读出界），直接拿到 other 的 0。",
        ),
        ("Q2", "Because Triton cannot make a tensor of 100 lanes, BLOCK = next_power_of_2(100) = 128."),
        ("Q1", "Output: the result is the sum of the N real values -> written to out[row]."),
        (
            "explanation",
            "填 0.0，加法单位元，检查通过。另外解释器里就算删掉 other 也会补 0，所以我确认过自己写了 other=0.0。",
        ),
    ],
)
def test_round16_more_true_premises_are_known(l5, question, answer):
    """Are 'other lanes 不碰显存', 'cannot make a tensor of 100 lanes', 'the result is the sum of the N real
    values' and 'the interpreter fills 0 without other' read as true premises, not unknown ones?"""
    scored = _score(l5, question, answer)
    assert "unknown_premise" not in scored.flags, scored.evidence


def test_round16_relying_on_the_interpreters_zero_is_still_caught(l5):
    """Does 'the interpreter fills 0, so other need not be written' still reach a TA as a veto?"""
    scored = score_answer(
        l5,
        "explanation",
        "解释器就算不写 other 也会补 0，所以 other 不用写。",
        context={"blank": "", "checks_passed": True},
    )
    assert scored.veto and scored.needs_review


def test_round16_the_output_buffer_named_is_read(l5):
    """Is "输出 out" (the output buffer named, no row) read as a description worth nothing, so a terse answer
    is not routed for it, while "写回 out[row]" still earns the store stage?"""
    terse = _score(l5, "Q1", "输入一行，用 mask 挡住多出来的列，other 填 0，tl.sum 求和，输出 out。")
    assert "unread" not in terse.flags and "store_scalar" not in {m["concept"] for m in terse.matched}
    full = _score(l5, "Q1", "输出：一个标量写回 out[row]。")
    assert "store_scalar" in {m["concept"] for m in full.matched}


@pytest.mark.parametrize(
    "answer, suspect",
    [
        (
            "用 -inf，因为 max(x, -inf) = x。一整行都是 -inf 时结果也是 -inf，再做 softmax 会出现 nan，那是另一回事。",
            False,
        ),
        ("other 改成 nan，这样 max 会忽略它。", True),
        ("other = None 也可以。", True),
    ],
)
def test_round16_a_nan_remark_is_no_odd_value(l5, answer, suspect):
    """Is a side remark about NaN (softmax over an all -inf row) no `odd_value`, while NaN or None given as
    the fill still is?"""
    scored = _score(l5, "Q3", answer)
    assert ("odd_value" in {m["id"] for m in scored.misconceptions}) == suspect
    if not suspect:
        assert "unread" not in scored.flags


def test_round16_padding_lanes_really_take_part_in_max_is_known(l5):
    """Is "padding 的 lane 是会真的参与 max 比较的" a true premise (the lanes take part in the reduction)?"""
    answer = "padding 的 lane 是会真的参与 max 比较的，所以 other 必须满足 max(x, e) = x，只能是 -inf。"
    assert "unknown_premise" not in _score(l5, "Q3", answer).flags


# ── rubric_version 17 (built on blind v14) ──────────────────────────────────────────────────────────


def _ids(scored):
    return {m["id"] for m in scored.misconceptions}


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Q1", "masked lane 填 0：零乘上任意一个数都得零，所以这些 lane 对和没有贡献。"),
        (
            "Q1",
            "Padding holds 0 because anything times zero is zero, so the extra lanes vanish from the total.",
        ),
        ("explanation", "other 填 0.0，因为 0 × x = 0，padding 在求和时等于不存在。"),
        ("Q2", "28 个 lane 填 0 就行，0 是吸收元，它们会把自己吸收掉，tl.sum 的结果不受影响。"),
    ],
)
def test_round17_zero_annihilating_is_vetoed(l5, question, answer):
    """Does the rubric veto 'the sum's padding is 0 because 0 times anything is 0 (0 absorbs)' in any
    wording? The reason is x + 0 = x; annihilation would wipe the sum out."""
    scored = _score(l5, question, answer)
    assert scored.veto and "zero_annihilates" in _ids(scored), scored.to_dict()


@pytest.mark.parametrize(
    "answer",
    [
        "乘积归约不能填 0，因为乘积里 0 乘任何数都是 0；求和填 0 是因为 x + 0 = x。",
        "-inf 是加法的吸收元：x + (-inf) = -inf，所以 sum 不能用 -inf，要用 0.0。",
    ],
)
def test_round17_annihilation_said_of_a_product_or_of_inf_is_no_veto(l5, answer):
    """Is 'zero annihilates' said of a product reduction, or -inf called the absorbing element of a sum
    (both true), left unvetoed?"""
    scored = _score(l5, "explanation", answer)
    assert "zero_annihilates" not in _ids(scored), scored.to_dict()


@pytest.mark.parametrize("premise", ["0 乘以任何数都等于 0", "零乘任意数还是零", "x * 0 = 0"])
def test_round17_annihilation_is_no_additive_identity_fact(l5, premise):
    """Does a false premise in the additive identity's words ('0 乘以任何数都等于 0') stay unread as the
    fact '0 加任何数都等于原数' (a false premise read as a known fact would earn silent credit)?"""
    from autograder.rubric.reasons import stated

    question = l5.question("Q1")
    assert not [p.id for p in question.valid_premises + l5.facts if stated(p, premise, l5)]


@pytest.mark.parametrize(
    "answer",
    [
        "多出来的 28 个位置是为了防止读到下一行，所以 BLOCK 要比 100 大。",
        "BLOCK 取 128，多开的 lane 充当一个缓冲区，越界的读都落在它们身上。",
        "只处理 100 个 lane 的话，最后一个 warp 会读越界，所以 Triton 补到 128。",
        "The extra lanes are there to prevent out-of-bounds reads past the row.",
    ],
)
def test_round17_padding_said_to_keep_the_load_in_bounds_is_vetoed(l5, answer):
    """Does the rubric veto 'the padding lanes exist to keep the load in bounds (a buffer)' in any wording?
    The lanes come from the power-of-two block; the mask keeps them out of memory."""
    scored = _score(l5, "Q2", answer)
    assert scored.veto and "padding_guards_bounds" in _ids(scored), scored.to_dict()


@pytest.mark.parametrize(
    "answer",
    [
        "块长必须是 2 的幂，所以是 128；多出来的 28 个 lane 要 mask 是为了防止越界读到下一行。",
        "mask 是为了防越界，other 填 0 是为了不改变和。",
        "只处理 100 个 lane 会越界吗？不会，原因是 arange 的长度必须是 2 的幂。",
        "x 可能是更宽缓冲区的视图，所以用 stride 算行首。",
    ],
)
def test_round17_the_mask_guarding_the_load_is_no_padding_veto(l5, answer):
    """Is the mask's own purpose (it keeps the padded lanes in bounds), a question the student answers 'no',
    or a wider buffer the row is a view of, never read as the padding-as-buffer chain?"""
    assert "padding_guards_bounds" not in _ids(_score(l5, "Q2", answer))


def test_round17_a_result_of_the_real_values_needs_a_known_premise(l5):
    """Does a clause concluding 'the result is just the sum of the N real values' from an unknown premise go
    to a TA, while one resting on x + 0 = x does not?"""
    unknown = _score(l5, "Q1", "padding lane 会自己消失，所以 tl.sum 的结果只剩真实的 N 个数之和。")
    assert unknown.needs_review and "unknown_premise" in unknown.flags
    known = _score(l5, "Q1", "因为 x + 0 = x，所以 tl.sum 的结果只剩真实的 N 个数之和。")
    assert "unknown_premise" not in known.flags


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Q1", "行首用 stride 算，因为 x 可能是一个更宽张量的视图。"),
        ("Q1", "Each program only writes its own slot, so the rows never interfere."),
        ("Q1", "BLOCK 是 2 的幂，块的长度往往比一行长，于是需要 mask = cols < N。"),
        ("Q2", "tl.arange(0, 257) → 编译不过，只能取 512。"),
        ("Q2", "多出的 lane 必须 mask，不然就会读越界。"),
        ("Q3", "不能用 -1e30 这种有限的小数，因为输入里也许有更小的值。"),
        ("Q3", "Keeping 0.0 breaks an all-negative row, because a padded lane wins the comparison."),
        ("Q1", "每一层两两相加，其中一个是 0，那加完还是另一个数，所以 padding 不改变和。"),
    ],
)
def test_round17_true_premises_are_known(l5, question, answer):
    """Does a causal clause resting on a true premise blind v14 showed routed (a row that is a view of a
    wider tensor, each program writing its own slot, a block longer than the row, a non-power-of-two
    arange alone, the load reading out of bounds without the mask, smaller inputs than a finite fill, a
    padded lane winning the comparison, 0 added leaving the other number) stay off the TA's queue?"""
    scored = _score(l5, question, answer)
    assert "unknown_premise" not in scored.flags, scored.evidence


@pytest.mark.parametrize(
    "premise",
    [
        "tl.arange(0, 100) 就能处理 100 个 lane",  # a claim about the arange, not the arange alone
        "块比一行短",
        "每个 program 都写所有行",
        "1 加完还是另一个数",
        "输入里没有更小的值",
        "a padded lane loses the comparison",
        "mask 作用在 tl.sum 上",
        "读不会越界",
    ],
)
def test_round17_new_facts_read_no_false_claim(l5, premise):
    """Do the round-17 facts stay unread on a false claim in the same words (a fact must match only a true
    statement: a false premise read as known would earn silent credit)?"""
    from autograder.rubric.reasons import stated

    new = {"row_is_a_view", "own_slot", "block_longer_than_row", "non_pow2_arange", "smaller_inputs_exist"}
    new |= {"padding_wins_comparison", "mask_acts_on_load", "out_of_bounds_read", "additive_identity"}
    hits = [p.id for p in l5.question("Q1").valid_premises + l5.facts if stated(p, premise, l5)]
    assert not set(hits) & new, hits


@pytest.mark.parametrize(
    "answer",
    [
        "State change: the masked load pulls the first N lanes from global memory into registers.",
        "mid: lanes[<N] 来自显存，lanes[>=N] 不访存。",
        "中间：tl.load 读一行，被 mask 掉的位置用 other 的值代替。",
    ],
)
def test_round17_a_true_account_of_the_load_is_read(l5, answer):
    """Is a true account of the load (the first N lanes come from memory, the masked positions take other's
    value) read by the confidence gate, not routed as unread?"""
    assert "unread" not in _score(l5, "Q1", answer).flags


@pytest.mark.parametrize(
    "question, answer",
    [
        (
            "Q2",
            "块必须是 2 的幂，所以 128，多 28 个 lane，mask 掉填 0，代价是寄存器。我自己跑了一下，N=100 和 N=128 一样快。",
        ),
        (
            "Q2",
            "Blocks are powers of two, so 128 and 28 masked lanes filled with 0. I timed both widths: 0.02 ms each.",
        ),
        (
            "Q1",
            "一行一个 program，mask 掉的 lane 填 0，x + 0 = x 所以和不变，写回 out[row]。实测比 torch.sum 快 3 倍。",
        ),
        ("Q3", "改成 -inf，因为 max(x, -inf) = x；全负行用 0 会错。N=1025 时带宽 2600 GB/s。"),
    ],
)
def test_round17_a_claimed_run_or_measurement_routes(l5, question, answer):
    """Does a run or measurement the student claims as its own (我跑了, 实测, I timed, a GB/s or ms figure)
    go to a TA with its sentence as evidence, never credited silently?"""
    scored = _score(l5, question, answer)
    assert scored.needs_review and "suspect:measured_claim" in scored.flags, scored.to_dict()


@pytest.mark.parametrize(
    "answer",
    [
        "块必须是 2 的幂，所以 128；代价在寄存器，课里给的 N=1024 和 1025 带宽几乎一样（2702 vs 2671 GB/s）。",
        "块必须是 2 的幂，所以 128；代价是寄存器，从 notebook 的图里看 N=1 时只有 13 GB/s。",
        "块必须是 2 的幂，所以 128；这个 bug 用 2 的幂宽度测不出来。",
    ],
)
def test_round17_a_figure_quoted_from_the_lesson_is_no_measured_claim(l5, answer):
    """Is a figure the answer quotes from the lesson's committed plot, or 'a power-of-two width cannot show
    the bug', no claimed measurement?"""
    assert "measured_claim" not in _ids(_score(l5, "Q2", answer))


def test_round17_a_fill_said_to_cancel_what_was_read_routes(l5):
    """Is a fill said to cancel or neutralize data the masked lanes read ('填 0 用来抵消越界读到的数据') the
    wrong chain 'masked lanes read memory', never credited silently?"""
    answer = "一行一个 program；mask 掉的 lane 填 0，用来抵消越界读到的数据，所以结果正确；写回 out[row]。"
    scored = _score(l5, "Q1", answer)
    assert scored.needs_review and "masked_lanes_read" in _ids(scored)
    honest = _score(
        l5, "Q3", "randn 的正负值会互相抵消，但这和 max 的填充值无关：用 -inf，因为 max(x, -inf) = x。"
    )
    assert "masked_lanes_read" not in _ids(honest)


@pytest.mark.parametrize(
    "answer",
    [
        "改成 -inf，因为 max(x, -inf) = x。填 +inf 更糟：每一行都会返回 +inf。",
        "other = -inf，max(x, -inf) = x。\n- 仍填 0 → 全负行：max(-2.5, 0) = 0 → 结果 0，错",
    ],
)
def test_round17_a_worked_failure_of_a_wrong_fill_is_no_belief(l5, answer):
    """Is a wrong fill the answer judges worse ('填 +inf 更糟：每一行都返回 +inf') or works through to a
    bare verdict ('→ 结果 0，错') no wrong-value veto?"""
    scored = _score(l5, "Q3", answer)
    assert not scored.veto, scored.to_dict()


def test_round17_a_fill_of_plus_inf_is_still_vetoed(l5):
    """Is +inf given as the fill still vetoed, with or without its failure named after it?"""
    assert _score(l5, "Q3", "改成 +inf，因为求最大值就填最大的。").veto


def test_round17_an_english_conditional_is_a_cause(l5):
    """Does 'if you keep 0 then an all-negative row gives 0' count as a causal connective (no cap for a
    missing 因为/所以), like '如果还填 0，全负的行就返回 0'?"""
    scored = _score(
        l5, "Q3", "-inf. if you leave 0 there then an all-negative row returns 0, which is wrong."
    )
    assert "capped_no_cue" not in scored.flags


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Q1", "每行一个 program。padding lane 被挡住以后就消失了，所以填 0 和不变。写回 out[row]。"),
        ("Q1", "每行一个 program。padding 填 0，因为树形归约会先把 0 剔出去，所以和不变。写回 out[row]。"),
        ("Q1", "每行一个 program。被屏蔽的 lane 在 tl.sum 里变成空的，所以和不变。写回 out[row]。"),
        ("Q3", "改成 -inf，因为 -inf 在比较树里第一轮就被淘汰，所以全负的行也对。"),
        (
            "Q1",
            "One program per row; masked lanes get 0 and are pruned from the tree, so the sum is unchanged.",
        ),
    ],
)
def test_round17_a_true_word_beside_a_wrong_fate_of_the_lanes_routes(l5, question, answer):
    """Does a premise that pairs a true word (挡住, 树形归约, 屏蔽) with a wrong fate of the padded lanes
    (消失, 剔出去, 变成空的, 被淘汰, pruned) go to a TA instead of earning the reason silently?"""
    scored = _score(l5, question, answer)
    assert scored.needs_review, scored.to_dict()


def test_round17_a_sum_over_the_first_n_lanes_only_is_vetoed(l5):
    """Is 'tl.sum 只对前 N 个 lane 求和' the wrong chain 'the reduction skips the masked lanes', while 'the
    result equals adding only the first 100' (a comparison) is not?"""
    wrong = _score(
        l5, "Q1", "一行一个 program；因为 tl.sum 只对前 N 个 lane 相加，所以填 0 不影响。写回 out[row]。"
    )
    assert wrong.veto
    right = "一行一个 program；padding 填 0，x + 0 = x，所以结果和只加前 100 个一样。写回 out[row]。"
    assert not _score(l5, "Q1", right).veto


def test_round17_minus_inf_always_losing_is_known(l5):
    """Is '-inf 在比较中永远输' (it always loses) the known premise that -inf never wins, also in a purpose
    clause, while 'padding 永远输给 0' (a loss to a value) is not read as it?"""
    scored = _score(l5, "Q3", "改成 -inf，为了让 padding lane 在每次比较中都输，所以 max(x, -inf) = x。")
    assert "unknown_premise" not in scored.flags, scored.evidence
    from autograder.rubric.reasons import stated

    fact = next(p for p in l5.facts if p.id == "max_identity")
    assert not stated(fact, "padding 永远输给 0", l5)


def _fact(l5, fact_id):
    return next(p for p in l5.facts if p.id == fact_id)


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Q2", "因为 arange 的长度得是 2 的 power，所以 N=100 取到 128，多出 28 个 lane。"),
        ("Q1", "每行一个 program；因为 x 加上 0 还是 x，所以 padding lane 填 0 和不变。写回 out[row]。"),
        ("Q1", "每行一个 program；因为 0 加 x 等于 x，所以 padding 填 0 不改变和。写回 out[row]。"),
        (
            "Q1",
            "每行一个 program，填 0。由于 padding lane 终究会与真实的部分和两两相加，所以 other 必须是 0。写回 out[row]。",
        ),
        (
            "Q1",
            "每行一个 program，填 0。因为多出来的 lane 真的参与运算，所以 other 必须是加法单位元 0。写回 out[row]。",
        ),
    ],
)
def test_round18_true_premises_in_new_words_are_no_unknown_premise(l5, question, answer):
    """Are '2 的 power', 'x 加上 0 还是 x' / '0 加 x 等于 x', and the padded lanes meeting the real
    partial sums ('终究会与部分和两两相加', '真的参与运算') read as the true premises they are?"""
    scored = _score(l5, question, answer)
    assert "unknown_premise" not in scored.flags, scored.evidence


@pytest.mark.parametrize(
    "fact_id, text",
    [
        ("identity_fill", "x 加 0 等于 0"),
        ("identity_fill", "x 加上零还是零"),
        ("identity_fill", "x 乘 0 等于 x"),
        ("sum_takes_all_lanes", "padding lane 不会和真实的部分和相加"),
        ("sum_takes_all_lanes", "多出来的 lane 不参与运算"),
        ("pow2_rule", "2 的 powerful 硬件"),
    ],
)
def test_round18_false_twins_of_the_new_premises_are_not_read(l5, fact_id, text):
    """Do the same words with a false claim ('x 加 0 等于 0', 'lanes 不参与运算') stay unread as those facts?"""
    from autograder.rubric.reasons import stated

    assert not stated(_fact(l5, fact_id), text, l5)


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Q1", "狀態：tl.load 依 mask 只從顯存讀前 N 個元素，被遮住的 lane 不存取記憶體。"),
        ("Q2", "多出 28 个 lane，它们 mask=False，不 touch memory，值是 other=0。"),
        ("Q3", "改成 -inf，填 0 不对。"),
    ],
)
def test_round18_true_descriptions_and_bare_verdicts_are_read(l5, question, answer):
    """Are '只从显存读前 N 个', '不存取记忆体', '不 touch memory' and a bare verdict rejecting a value
    ('填 0 不对') read, instead of routing as unread claims?"""
    scored = _score(l5, question, answer)
    assert not [f for f in scored.flags if f.startswith("unread")], scored.evidence


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Q1", "tl.load 只从显存读前 N 个元素，其余 lane 也从显存读进 0。"),
        ("Q3", "改成 -inf，负数就行。"),
    ],
)
def test_round18_a_claim_beside_the_new_readings_still_routes(l5, question, answer):
    """Does a claim beside them (the other lanes read 0 from memory, any negative will do) still go to a TA?"""
    assert _score(l5, question, answer).needs_review


def test_round18_a_dismissed_alignment_is_no_suspect(l5):
    """Is '和 128 字节对齐没关系' (the alignment dismissed) no alignment suspect, while '要按 128 字节对齐' is?"""
    right = "原因是 arange 长度必须是 2 的幂，所以取 128，多出 28 个 lane；这和 128 字节对齐没关系。"
    assert not [f for f in _score(l5, "Q2", right).flags if "align" in f]
    wrong = "因为显存要按 128 字节对齐，所以取 128，多出 28 个 lane。"
    assert _score(l5, "Q2", wrong).needs_review


def test_round18_a_padding_lane_adding_its_fill_is_known(l5):
    """Is 'each padding lane adds 1' (the note's failure explained) a known premise, and 'has no padding'
    (N = 1) a known boundary?"""
    scored = _score(
        l5, "explanation", "I used 1.0. Every row was 28 too big because each padding lane adds 1."
    )
    assert "unknown_premise" not in scored.flags, scored.evidence


def test_round18_a_warp_multiple_computed_in_english_as_a_counterexample_is_no_belief(l5):
    """Is 'for N = 200 a multiple of 32 would be 224' (a counterexample computed) no warp_multiple, while
    'we round 100 up to a multiple of 32' still is?"""
    answer = "Because arange needs a power of two, BLOCK = 128; for N = 200 a multiple of 32 would be 224, not 256."
    assert not [m for m in _score(l5, "Q2", answer).misconceptions if m["id"] == "warp_multiple"]
    wrong = "We round 100 up to a multiple of 32 because a warp has 32 threads, so 128 and 28 extra lanes."
    assert _score(l5, "Q2", wrong).veto


def test_round18_an_alignment_asked_about_is_still_a_suspect(l5):
    """Is '和 128 字节对齐没关系吗？' (asked, not dismissed) still an alignment suspect?"""
    scored = _score(l5, "Q2", "因为块必须是 2 的幂，所以取 128，和 128 字节对齐没关系吗？")
    assert any(f.startswith("suspect:") for f in scored.flags)


def test_round18_a_purpose_earns_no_reason_for_the_action_it_justifies(l5):
    """Does '填 0 是为了不影响结果' (the goal of the fill, not why 0 reaches it) earn no reason, while
    '填 0，因为 x + 0 = x' does?"""
    goal = _score(l5, "Q1", "每行一个 program，mask 掉多余的 lane。填 0 是为了不影响结果。写回 out[row]。")
    assert "sum_unchanged" not in {m["concept"] for m in goal.matched}
    reason = _score(
        l5, "Q1", "每行一个 program，mask 掉多余的 lane。填 0，因为 x + 0 = x，所以和不变。写回 out[row]。"
    )
    assert "sum_unchanged" in {m["concept"] for m in reason.matched}
