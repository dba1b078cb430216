"""The implementation note against the submission: the values it says were filled, run and measured."""

import pytest

from autograder.rubric.score import score_answer


def test_alice_lesson07_note_agrees_with_her_code(l7):
    """Is alice's note (other=-inf, and a trial of 0.0 that failed) free of contradicts_code?"""
    note = (
        '我在 other 填 -float("inf")，因为它是 max 的单位元，exp 之后是 0，不进分母；shift 填 row_max，'
        "因为减去最大值后 exp 不会溢出。我试过 other 填 0.0，宽度 100 的检查失败了，每行之和小于 1。"
    )
    context = {"blank": '-float("inf"), row_max', "checks_passed": True}
    assert "contradicts_code" not in score_answer(l7, "explanation", note, context).flags


# ── names filled into expression blanks, and descriptions that fill nothing ──────────────────────────


@pytest.mark.parametrize(
    ("note", "blank", "contradicts"),
    [
        ("除数我用的 n_cols，因为只有 N 个真实元素。", "BLOCK_SIZE, 0.0", True),
        ("除数我用的 n_cols，因为只有 N 个真实元素。", "n_cols, 0.0", False),
        ("shift 填 row_max，减完指数不会溢出。", "-float('inf'), row_max", False),
        ("shift 填 row_max，减完指数不会溢出。", "-float('inf'), x", True),
        ("第一个空 divisor 写成 BLOCK_SIZE 会把 padding 也数进个数，所以用 n_cols。", "n_cols, 0.0", False),
        ("My first attempt used block_size as the divisor; now it is n_cols.", "n_cols, 0.0", False),
    ],
)
def test_a_kernel_name_stated_as_filled_is_compared_with_the_blanks(l6, note, blank, contradicts):
    """Does the note's filled-value reader read a kernel name ("divisor 用 n_cols", "shift 填 row_max") and
    compare it with the submitted blanks, while a counterfactual ("写成 BLOCK_SIZE 会…") or a first attempt
    states nothing about the submitted code?"""
    scored = score_answer(l6, "explanation", note, {"blank": blank, "checks_passed": True})
    assert ("contradicts_code" in scored.flags) is contradicts


def test_a_note_arguing_for_the_right_value_over_a_wrong_blank_routes(l6):
    """When the blank holds a wrong value (1.0) and the note argues for 0.0 as if it were its own, is the
    note flagged contradicts_code with its sentence as evidence (its about_value credit removed), while a
    note that says it filled 1.0 and analyses why it failed is an honest account, not a contradiction?"""
    context = {"blank": "n_cols, 1.0", "checks_passed": False}
    arguing = "除数是 n_cols；第二个空放回加法单位元，因为 x - mean 之后 padding 变成了 -mean。"
    scored = score_answer(l6, "explanation", arguing, context)
    assert "contradicts_code" in scored.flags and scored.needs_review
    assert any(e["flag"] == "contradicts_code" and "单位元" in e["sentence"] for e in scored.evidence)
    honest = "第二个空我填了 1.0，宽度 100 的方差大了 0.28；应该放回加法单位元 0，因为 padding 变成了 -mean。"
    assert "contradicts_code" not in score_answer(l6, "explanation", honest, context).flags


# ── a claim's own consequence, and a wrong chain after a denied one ──────────────────────────────────


@pytest.mark.parametrize(
    ("text", "asserted"),
    [
        ("x - mean 之后 padding lane 里就是未初始化的垃圾值，所以方差偏大。", True),
        ("x - mean 之后 padding lane 里就是未初始化的垃圾值，因此结果出错。", True),
        ("有人以为 padding lane 里是垃圾值，这是错的。", False),
        ("padding lane 里是垃圾值的说法是错误的。", False),
    ],
)
def test_a_claims_own_consequence_is_no_refutation(l6, text, asserted):
    """Is "…，所以方差偏大" read as what the claimed wrong chain causes (still asserted), while a verdict on
    the claim ("…，这是错的", "…的说法是错误的") still refutes it?"""
    scored = score_answer(l6, "Q1", text)
    assert ("padding_garbage" in {m["id"] for m in scored.misconceptions}) is asserted


@pytest.mark.parametrize(
    ("text", "asserted"),
    [
        (
            "load 之后 padding lane 不是垃圾值，是 0.0，但 x - mean 算完以后那些 lane 又变成了随机的垃圾值。",
            True,
        ),
        ("padding lane 不是垃圾值：垃圾值会让结果每次都不一样，而 padding 是确定的 -mean。", False),
    ],
)
def test_a_denied_hit_does_not_end_the_search(l6, text, asserted):
    """After a denied hit ("不是垃圾值"), is a later wrong chain of the same misconception in the sentence
    (after a contrast, "但 …又变成了垃圾值") still found, while the denial's own explanation (the clause
    after "：") is not taken for a claim?"""
    scored = score_answer(l6, "Q1", text)
    assert ("padding_garbage" in {m["id"] for m in scored.misconceptions}) is asserted


@pytest.mark.parametrize(
    ("question", "answer", "unrun"),
    [
        # A bandwidth or time figure with no GPU to measure it: the interpreter runs on the CPU.
        (
            "explanation",
            "两个值都对。我用 TRITON_INTERPRET=1 在 CPU 上测了带宽，我的 kernel 有 1800 GB/s。",
            True,
        ),
        (
            "explanation",
            "Both blanks are right. No GPU here, so I ran it in the interpreter: 0.12 ms per call.",
            True,
        ),
        (
            "Q3",
            "单遍相减会抵消 fp32 的有效位，所以不用。我没有显卡，用解释器跑了一下两遍比单遍快了 30%。",
            True,
        ),
        # Correctness checks on the interpreter are a real run; figures cited from the lesson are no claim.
        (
            "explanation",
            "divisor 填 n_cols，因为只有 N 个真实元素。我用 TRITON_INTERPRET=1 跑了检查，全部通过。",
            False,
        ),
        (
            "Q3",
            "解释器上测不了带宽；讲义里 H200 上两遍是 2662 GB/s。单遍公式大数相减会抵消，所以不用。",
            False,
        ),
        # A figure measured on a GPU says nothing about the interpreter.
        ("explanation", "两个值都对，检查通过了。我在 H200 上测了一下，mean_var 大约 2600 GB/s。", False),
    ],
)
def test_a_speed_figure_without_a_gpu_is_an_unrun_claim(l6, question, answer, unrun):
    """Is a speed or bandwidth figure (GB/s, ms, 快了 30%) that the student says it got with no GPU (the
    interpreter, a CPU) an unrun claim sent to a TA, in any answer, while a correctness run on the
    interpreter or a figure quoted from the lesson is not? (l6v6-ex-003)"""
    scored = score_answer(l6, question, answer, context={"blank": "n_cols, 0.0", "checks_passed": True})
    assert ("unrun_claim" in scored.flags) is unrun
    if unrun:
        assert scored.needs_review and scored.points == 0


@pytest.mark.parametrize(
    ("answer", "unrun"),
    [
        # The lesson's section quoted, its 的实测 the lesson's own measurement.
        (
            "两遍读 2MN、单遍读 MN。我这里没有 GPU，引用第 3 节提交的实测：两遍 2662 GB/s、单遍 2710 GB/s。",
            False,
        ),
        ("No GPU on my laptop; section 3 reports 2662 GB/s for the two-pass kernel.", False),
        # The student's own figure still is a claim, even beside a section number.
        ("我没有 GPU，用解释器跑了第 3 节的代码，我的实测是 1.2 ms。", True),
        ("我没有 GPU，在 CPU 上实测单遍比两遍快了 30%，和第 3 节不一样。", True),
        # A section followed as the procedure of the student's own run (lesson 7 blind v84 l7v84-ex-005).
        (
            "仅静态审查，我这台机器没有 GPU。按第 3 节测了一下，单遍比两遍快 1.5 倍，带宽大约 2600 GB/s。",
            True,
        ),
        # The student's own fused kernel timed and set against a section's figure (lesson 7 blind v264 l7v264-ex-018).
        (
            "仅静态审查，没有 GPU。第 8 节测速：我的融合 softmax 在 4096×1000 上 0.021 ms，比第 3 节的结果还好。",
            True,
        ),
        (
            "仅静态审查，没有 GPU。第 3 节的融合 softmax 在 4096×1000 上是 0.021 ms，比朴素实现快 4 倍。",
            False,
        ),
        # A run's outcome set beside the lesson's account (lesson 7 blind v274 l7v274-ex-013).
        ("仅静态审查，没有 GPU。跑下来检查全部通过，融合版快 5.09 倍，跟课上讲的一致。", True),
        ("仅静态审查，没有 GPU。课上说融合版快 5.09 倍，检查都在课上演示过。", False),
    ],
)
def test_figures_quoted_from_a_section_of_the_lesson_are_no_run(l6, answer, unrun):
    """Is a figure quoted from a section of the lesson ("第 3 节提交的实测", "section 3 reports") no claim of
    a run by a student without a GPU, while its own measurement ("我的实测", "在 CPU 上实测") still is?"""
    scored = score_answer(l6, "Q3", answer, context={"blank": "n_cols, 0.0", "checks_passed": True})
    assert ("unrun_claim" in scored.flags) is unrun


@pytest.mark.parametrize(
    "note",
    [
        "I had first used BLOCK_SIZE as the divisor, then switched to n_cols.",
        "I first put BLOCK_SIZE there; later n_cols.",
        "为了验证，我临时把 centered_other 改成 1.0 跑了一次，之后改回 0.0。",
        "I temporarily set centered_other to 1.0 and the width-100 check failed.",
    ],
)
def test_an_earlier_or_temporary_value_is_no_submitted_value(l6, note):
    """Is a value the student says it put first ("I first put …") or only temporarily ("临时改成 1.0")
    kept out of the values the submitted code holds, so it does not contradict the blanks?"""
    context = {"blank": "n_cols, 0.0", "checks_passed": True}
    assert "contradicts_code" not in score_answer(l6, "explanation", note, context).flags


def test_a_plain_first_person_value_still_contradicts_the_blank(l6):
    """Is "I put BLOCK_SIZE as the divisor" (no earlier or temporary marker) still compared with the blank?"""
    context = {"blank": "n_cols, 0.0", "checks_passed": True}
    note = "I put block_size as the divisor because the block is what tl.sum adds over."
    assert "contradicts_code" in score_answer(l6, "explanation", note, context).flags


@pytest.mark.parametrize(
    ("note", "contradicts"),
    [
        ("两个空都写了，测试都过。", True),
        ("填完了，检查全过了", True),
        ("填完了，检查全过程我都看了一遍", False),
        ("每个 lane 都过一遍 tl.sum，填完了", False),
        ("n_cols 和 0.0，可见的三个检查都已经通过。", True),
        ("填完了，检查已全部通过", True),
        ("所有可见检查一次通过。", True),
        ("三个测试顺利通过了。", True),
        ("检查一次没通过，改了 divisor 之后还是没过。", False),
        ("检查没有一次通过。", False),
        ("Both blanks done; all the checks have passed.", True),
        ("n_cols 和 0.0，(1,1) 已通过，宽度 100 的没过。", False),
        ("Two of the three checks have passed, the fp16 one has not.", False),
    ],
)
def test_a_bare_all_passed_against_a_failed_run_contradicts_the_record(l6, note, contradicts):
    """Does a short "全过" / "都过" ("检查全过", no 通过) claimed against a failed run contradict the record,
    while 全过程 or 都过一遍 claims no run?"""
    context = {"blank": "n_cols, 0.0", "checks_passed": False}
    assert ("contradicts_code" in score_answer(l6, "explanation", note, context).flags) is contradicts


@pytest.mark.parametrize(
    ("passed", "routed"),
    [(False, True), (None, False)],
)
def test_a_note_saying_nothing_ran_against_a_failed_record_routes(l6, passed, routed):
    """Does a note that says it only reviewed the code by hand ("只做了静态审查，一个检查都没跑") go to a TA when
    the record says the checks ran and failed (its failed-state concepts would under-credit it silently), and
    stay with the not-run state's concepts when the record says nothing ran? (lesson 6 l6v9-ex-019, l6v10-ex-023)"""
    note = "只做了静态审查，这台电脑装不上 triton，一个检查都没跑。我拿 N=3、BLOCK=4 手推：除以 n_cols 得到均值 2，padding 平方为 0。"
    result = score_answer(l6, "explanation", note, context={"blank": "n_cols, 0.0", "checks_passed": passed})
    assert ("contradicts_code" in result.flags) is routed
    assert result.needs_review is routed or result.needs_review


def test_a_failed_run_told_as_failed_is_no_contradiction(l6):
    """Is a note that reports its failed check ("fp16 那组没过") left free of the contradiction flag?"""
    note = "n_cols 和 0.0。fp16 那组没过，因为我删了 .to(tl.float32)，平方和溢出了。"
    result = score_answer(l6, "explanation", note, context={"blank": "n_cols, 0.0", "checks_passed": False})
    assert "contradicts_code" not in result.flags


# ── round 18 (blind l7v16-ex-005): a note naming the max over code that subtracts the row mean ───────


@pytest.mark.parametrize(
    ("note", "blank", "contradicts"),
    [
        (
            "第二格我写的 row_max，减完以后每个指数都不大于 0。",
            "float('-inf'), tl.sum(x, axis=0) / n_cols",
            True,
        ),
        (
            "The shift is tl.max(x, axis=0), so exp never overflows.",
            "-float('inf'), tl.sum(x, axis=0) / N",
            True,
        ),
        ("先减掉整行的最大值，exp 就不会上溢。", "float('-inf'), tl.sum(x, axis=0) / n_cols", True),
        ("I subtract the row max first so the exponents stay at or below zero.", "float('-inf'), mean", True),
        # False twins: the max in the code, or a note that tells of the mean itself, or of the max only as a road not taken.
        ("第二格我写的 row_max，减完以后每个指数都不大于 0。", "float('-inf'), tl.max(x, axis=0)", False),
        ("先减掉整行的最大值，exp 就不会上溢。", "float('-inf'), row_max", False),
        ("先减掉整行的最大值，exp 就不会上溢。", "float('-inf'), m", False),
        (
            "我减的是均值 tl.sum(x)/n_cols，不是 row_max，平移不变所以结果一样。",
            "float('-inf'), tl.sum(x, axis=0) / n_cols",
            False,
        ),
        ("我没有减最大值，减的是平均数。", "float('-inf'), tl.sum(x, axis=0) / n_cols", False),
    ],
)
def test_a_note_naming_the_max_over_a_mean_shift_contradicts_the_code(l7, note, blank, contradicts):
    """Does a note that names the row max as its shift (row_max, tl.max, 减去最大值, subtract the row max)
    contradict code whose shift blank computes the row mean or a sum, in any wording, while the same note over
    code that subtracts the max (tl.max(x, axis=0), row_max, m) does not, nor a note that tells of the mean?"""
    scored = score_answer(l7, "explanation", note, {"blank": blank, "checks_passed": True})
    assert ("contradicts_code" in scored.flags) is contradicts


@pytest.mark.parametrize(
    ("note", "blank", "routed"),
    [
        # Lesson 6 blind v88 l6v88-ex-016: two blanks, the note names one of them and argues in words the patterns miss.
        (
            "divisor=n_cols，centered_other=0.0。理由是我们店铺的规矩，空格子按惯例不记账，大家都这么做。",
            "n_cols, 0.0",
            True,
        ),
        ("divisor=n_cols，centered_other=0.0。", "n_cols, 0.0", False),
    ],
)
def test_a_zero_note_naming_one_of_two_blanks_and_saying_more_routes(l6, note, blank, routed):
    """Does a note that names a submitted blank of a two-blank lesson and says more, yet earns nothing, go to a TA
    (unread_note), while the bare fills alone do not?"""
    scored = score_answer(l6, "explanation", note, {"blank": blank, "checks_passed": True})
    assert ("unread_note" in scored.flags) is routed


@pytest.mark.parametrize(
    ("note", "contradicts"),
    [
        ("shift 我填的是行均值。结果全是 NaN。应该改成 row_max，还没来得及改。", False),
        ("shift 我填的是行均值。结果全是 NaN。", False),
        ("第二个空是 row_max，所以指数都不大于 0。", True),
    ],
)
def test_the_max_named_as_a_fix_still_to_make_is_no_contradiction(l7, note, contradicts):
    """Is '应该改成 row_max，还没来得及改' (a fix still to make) no contradiction of code whose shift is the row mean, while the
    max said to be in the code still is? (lesson 7 blind v86 l7v86-ex-001)"""
    context = {"blank": "-inf, tl.sum(x, axis=0) / n_cols", "checks_passed": False}
    assert ("contradicts_code" in score_answer(l7, "explanation", note, context).flags) is contradicts
