"""Lesson 5's rubric (course/lessons/05-row-sum-padding/rubric.yaml, version 12): the premises, mechanism
descriptions and wrong beliefs that blind set v9 showed it could not read."""

import pytest

from autograder.lesson.registry import lesson
from autograder.rubric import load_rubric, score_answer

CONTEXT = {"blank": "0.0", "checks_passed": True}


@pytest.fixture(scope="module")
def l5():
    return load_rubric(lesson("lesson05-row-sum").rubric)


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
