"""autograder/rubric/gate.py: the confidence gate, content no pattern of the rubric read routes to a TA.

Its rules on tiny rubrics (a missing concept's words, a partly credited answer) stay in test_rubric.py beside
the TINY rubric they share.
"""

import re

import pytest

from autograder.rubric import score_answer
from autograder.rubric.gate import _edge_sensitive


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Q3", "-inf。另外这些 padding lane 会被硬件合并成一次比较。"),  # a hardware claim no pattern reads
        ("Q2", "因为 2 的幂长度的内存访问能合并，所以 BLOCK 取 128，多出 28 个 lane。"),  # a memory claim
        ("Q3", "改成 -inf。因为 max 碰到它时一律挑另外那个。"),  # a reason in words no pattern knows
    ],
)
def test_unread_claims_and_unread_reasons_route(l5, question, answer):
    """Is an answer routed when a clause asserts something about memory or hardware that no pattern
    read, or holds words of a concept it was not given while a point or more is missing?"""
    scored = score_answer(l5, question, answer)
    assert scored.needs_review and "unread" in scored.flags


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Q3", "改成 -inf，因为 max(x,-inf)=x；如果还填 0，全负的行会得到 0。"),
        (
            "Q1",
            "输入：一行一个 program，mask=cols<N。状态：越界 lane 不读显存，填 other=0.0，因为 x+0=x，和不变。输出：标量写回 out[row]。",
        ),
        (
            "Q2",
            "因为块长必须是 2 的幂，所以 128，多 28 个 lane；mask 挡住它们不访存，other=0.0 不改变和，只浪费寄存器。",
        ),
        ("Q3", "float('-inf')"),
    ],
)
def test_fully_read_answers_are_not_gated(l5, question, answer):
    """Is an answer the patterns read (denied memory claims included: "不读显存") left unrouted?"""
    assert "unread" not in score_answer(l5, question, answer).flags


@pytest.mark.parametrize(
    ("answer", "gated"),
    [
        # lesson 6 blind v46 l6v46-q1-024: a lead-in names what follows
        ("分三段说（按寄存器里一个 lane 的生命周期）：", False),
        # lesson 6 blind v46 l6v46-q2-004: hardware words in an analogy
        ("除以 N：padding 就像 DMA 为对齐 burst 补的字节，不是有效数据。", False),
        # false twins: the same hardware words as the student's own claim
        ("分三段说，寄存器里的 lane 会被硬件合并成一次比较。", True),
        ("除以 N：padding 是 DMA 为对齐 burst 多读的字节，会多占带宽。", True),
    ],
)
def test_a_lead_in_or_an_analogy_is_no_claim(l6, answer, gated):
    """Is a lead-in ending in a colon, or the hardware in an analogy ("就像 DMA 补的字节"), left ungated, while the
    same hardware words asserted of the kernel still route?"""
    assert ("unread" in score_answer(l6, "Q2", answer).flags) is gated


@pytest.mark.parametrize(
    ("pattern", "sensitive"),
    [
        (r"padding\s*lane", False),
        (r"(?<=填)\s*0\.0", False),  # a look-behind sees the sentence before the clause either way
        (r"\bmax\b", True),
        (r"0(?![\d.])", True),
        (r"(?=,)", True),
        (r"mask$", True),
        (r"(?>a+)b", True),
        (r"a++", True),
    ],
)
def test_a_pattern_that_can_match_differently_at_a_clause_end_is_run_per_clause(pattern, sensitive):
    """Does the gate keep running, clause by clause, every pattern that may match in a clause though not in its whole
    sentence (an end, a word boundary, a look-ahead, an atomic or possessive part), and skip only the others?"""
    assert _edge_sensitive(pattern) is sensitive


def test_a_look_ahead_can_match_in_a_clause_and_not_in_its_sentence():
    """Is the gate's caution needed: does a look-ahead that sees past the clause in the whole sentence fail there,
    while the same pattern matches inside the clause?"""
    sentence = "填 0.0, 不对"
    pattern = re.compile(r"0\.0(?![^。]*不对)")
    assert pattern.search(sentence) is None
    assert pattern.search(sentence, 0, sentence.index(",")) is not None
