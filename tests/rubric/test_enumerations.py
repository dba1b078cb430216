"""autograder/rubric/enumerations.py: a sentence that only lists short items earns nothing; a short list inside
a real explanation, or quantities with their verbs, keep their credit."""

import pytest

from autograder.lesson.registry import lesson
from autograder.rubric import load_rubric, score_answer
from autograder.rubric.enumerations import chained_links, enumerations, list_by_form, spaced_terms
from autograder.rubric.reading import prepare


@pytest.mark.parametrize(
    ("assignment", "question", "answer", "concept"),
    [
        (
            "lesson06-mean-var",
            "Q3",
            "要点：灾难性抵消、舍入误差、有效位、Welford、Kahan 求和、负方差、NaN、epsilon、clamp、数值稳定。我选两遍。",
            "cancellation",
        ),
        (
            "lesson06-mean-var",
            "Q3",
            "Keywords: catastrophic cancellation, mantissa bits, Welford, Kahan summation, negative variance, NaN, "
            "epsilon, clamp. Two-pass it is.",
            "cancellation",
        ),
        (
            "lesson06-mean-var",
            "Q2",
            "fp16 / fp32 累加 / 65504 / 溢出 / 11 位有效位 / inf / 精度 / .to(tl.float32)",
            "fp32_accumulate",
        ),
    ],
)
def test_round21_a_sentence_that_only_enumerates_terms_earns_no_concept(
    assignment, question, answer, concept
):
    """Does a sentence that is only an enumeration of six or more short items (joined by 、, commas or slashes,
    with no verb or relation), whatever its words and whether or not the rubric knows them, earn no concept,
    and go to a TA when it would otherwise have scored (or earn 0 as the scorer's bare term list)?"""
    rubric = load_rubric(lesson(assignment).rubric)
    result = score_answer(rubric, question, answer)
    assert concept not in {m["concept"] for m in result.matched}
    assert "stuffing:enumeration" in result.flags
    assert result.needs_review or ("term_list" in result.flags and result.points == 0)


@pytest.mark.parametrize(
    ("assignment", "question", "answer", "concept"),
    [
        (
            "lesson06-mean-var",
            "Q2",
            "对 fp16、bf16 输入都先转 fp32 再累加，因为 fp16 只有 11 位有效位，平方和超过 65504 就溢出成 inf。",
            "fp32_accumulate",
        ),
        (
            "lesson06-mean-var",
            "Q3",
            "单遍公式里 E[x²]、mean² 都约 1e8，相减时两个几乎相等的大数互相抵消，有效位全丢，所以结果可能为负。",
            "cancellation",
        ),
    ],
)
def test_round21_a_short_list_inside_an_explanation_keeps_its_credit(assignment, question, answer, concept):
    """Does an honest sentence with a short list inside a real explanation keep its credit, with no
    enumeration flag?"""
    rubric = load_rubric(lesson(assignment).rubric)
    result = score_answer(rubric, question, answer)
    assert concept in {m["concept"] for m in result.matched}
    assert "stuffing:enumeration" not in result.flags


def test_round21_quantities_with_their_verbs_are_no_enumeration():
    """Is a list of quantities each with its verb ('读 5MN+2M、写 3MN+2M、…') prose, not an enumeration?"""
    rubric = load_rubric(lesson("lesson07-softmax").rubric)
    text = "朴素版读 6MN、写 4MN，融合版读 MN、写 MN，总字节比约 5，访存受限，所以预测快 5 倍左右。"
    assert enumerations(prepare(text, rubric)) == []


def test_a_list_split_at_every_semicolon_is_a_list_by_form(l6):
    """Is a glossary split into one-item sentences ("单遍 one-pass；两遍 two-pass；Welford；…") a list by its form, while
    as many short clauses with verbs, and a numbered answer whose step numbers are no units, are not?"""
    glossary = (
        "单遍 one-pass；两遍 two-pass；Welford；Chan 合并公式；1e4；1e8；负方差；NaN；tl.maximum；eps；rstd。"
    )
    clauses = "单遍会抵消；两遍更稳；Welford 也稳；偏移大时出错；方差会变负；负数开方得 NaN；要截断；eps 防止除以 0。"
    numbered = "1. 除以 N：真实元素是 N 个。\n2. fp16 → fp32：范围小，会溢出。"
    assert list_by_form(prepare(glossary, l6))
    assert not list_by_form(prepare(clauses, l6))
    assert not list_by_form(prepare(numbered, l6))


def test_ticks_separate_the_terms_of_a_list(l6):
    """Is a checklist of ticked terms ("n_cols ✓ 0.0 ✓ 单位元 ✓ mask ✓ …") an enumeration, while a tick after a reason
    stated in words leaves the reason read?"""
    ticks = "n_cols ✓ 0.0 ✓ 单位元 ✓ mask ✓ 真实列数 ✓ 检查通过 ✓"
    reasons = "n_cols ✓ 因为只有 N 个真实元素；0.0 ✓ 因为 x - mean 把 padding 变成 -mean，要放回 0。"
    assert enumerations(prepare(ticks, l6))
    assert enumerations(prepare(reasons, l6)) == []


def test_spaced_terms_counts_a_spaced_dump_and_a_checklist_but_not_prose():
    """Does spaced_terms count the terms of a space-separated dump and of a ticked checklist, and give 0 for a sentence
    whose tokens hold glue words?"""
    dump = "融合 fused memory-bound 带宽 bandwidth hbm register kernel launch 归约 reduction 指数"
    ticks = "mask ✔ other ✔ 单位元 ✔ identity ✔ 归约 ✔ padding ✔ exp ✔ 分母 ✔"
    prose = "the fused kernel reads the row once and writes it once so it moves a quarter of the bytes"
    assert spaced_terms(dump) == 12
    assert spaced_terms(ticks) == 8
    assert spaced_terms(prose) == 0


def test_an_english_clause_with_few_of_the_oldest_glue_words_is_still_prose():
    """Is an English clause whose glue is mostly 'as', 'since', 'either' and "don't" still prose, not 21 spaced terms
    (lesson 7 blind v223 l7v223-q3-008, read as stuffing once its wrapped lines were joined)?"""
    clause = "same order as 4x (a bit above, since the naive small kernels don't reach full bandwidth either: 2689 vs 3424 gb"
    assert spaced_terms(clause) == 0


def test_a_run_of_short_because_so_links_is_a_chained_list(l6):
    """Is a run of six short '因为 A，所以 B' links (lesson 6 blind v66 l6v66-q2-012) a list in the form of a chain, while
    two such links beside a mechanism, and one long reasoned chain, are not?"""
    chain = (
        "因为 N 是真实列数，所以除以 N；因为 BLOCK_SIZE 是 2 的幂，所以不能除以 BLOCK_SIZE；因为 fp16 是半精度，所以要 fp32；"
        "因为 fp32 是单精度，所以累加更稳定；因为数值稳定性，所以 .to(tl.float32)；因为 LayerNorm，所以总体方差。"
    )
    two = "因为 N 是真实列数，所以除以 N；因为 fp16 最大 65504，所以要 fp32。x² 约 1e8 会溢出成 inf，大数还会吃掉小数。"
    long = (
        "因为 padding lane 在 x − mean 之后变成 −mean，平方后每个多出 mean²，所以第二次求和前要再 mask 回 0。"
    )
    assert chained_links(prepare(chain, l6))
    assert not chained_links(prepare(two, l6))
    assert not chained_links(prepare(long, l6))
