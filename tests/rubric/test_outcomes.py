"""A claimed wrong chain's own result ("…，所以方差偏小", "否则结果错误") against a verdict on it ("这是错的")."""

import re

import pytest

from autograder.rubric.negation import is_negated
from autograder.rubric.outcomes import claims_own_result
from autograder.rubric.textnorm import normalize


def _hit(sentence: str, word: str) -> tuple[int, int]:
    start = sentence.index(word)
    return start, start + len(word)


@pytest.mark.parametrize(
    ("text", "word", "refuter", "own"),
    [
        ("padding 也被减了 mean，所以方差偏小", "padding 也被减了 mean", "偏小", True),
        ("padding 也被减了 mean，这是错的", "padding 也被减了 mean", "错", False),
    ],
)
def test_a_consequence_marker_makes_a_later_refuter_the_claim_s_own(text, word, refuter, own):
    """Is a refuter in the clause a causal marker opens after the hit ("，所以方差偏小") the claim's own result, while a
    verdict in a clause of its own ("，这是错的") is not?"""
    sentence = normalize(text)
    match = re.compile(refuter).search(sentence, _hit(sentence, word)[1])
    assert claims_own_result(sentence, *_hit(sentence, word), match) is own


@pytest.mark.parametrize(
    ("text", "word", "refuted"),
    [
        ("tl.sum 只吃 fp32，不转的话编译会报错误", "只吃 fp32", False),
        ("tl.sum 只吃 fp32，否则结果错误", "只吃 fp32", False),
        # Lesson 6 blind v263 l6v263-ex-001: the rule's breach opening its clause with 就.
        ("tl.where 的第三个参数必须和 other 一样，不一样就编译失败", "必须和 other 一样", False),
        ("tl.where 的第三个参数必须和 other 一样，这是错误的", "必须和 other 一样", True),
        ("tl.sum only takes fp32, otherwise the kernel fails", "only takes fp32", False),
        ("tl.sum only takes fp32, so the fp16 kernel fails", "only takes fp32", False),
        ("tl.sum 只吃 fp32，这是错误的", "只吃 fp32", True),
        ("tl.sum 只吃 fp32 的说法是错误的", "只吃 fp32", True),
        ("tl.sum only takes fp32, which is wrong", "only takes fp32", True),
    ],
)
def test_what_would_fail_otherwise_is_the_claims_justification(text, word, refuted):
    """Is a wrong result said to follow without the claimed step ("…，不转的话编译会报错误", "否则结果错误", "otherwise it
    fails") or from it ("so … fails", an English consequence: its marker words were once backspace characters) the claim's
    own consequence, not its refutation, while a verdict on the claim ("这是错误的", "which is wrong") still refutes it?"""
    sentence = normalize(text)
    assert is_negated(sentence, *_hit(sentence, word), consequences=True) is refuted


@pytest.mark.parametrize(
    ("text", "word", "refuted"),
    [
        (
            "单遍公式错是因为没有第二次 mask：padding 进了平方和，方差就错了",
            "单遍公式错是因为没有第二次 mask",
            False,
        ),
        (
            "one-pass fails because it lacks a second mask: the padding enters, the variance is wrong",
            "one-pass fails",
            False,
        ),
        ("单遍公式错是因为没有第二次 mask，这就错了", "单遍公式错是因为没有第二次 mask", True),
        ("单遍公式错是因为没有第二次 mask，这种说法完全错误", "单遍公式错是因为没有第二次 mask", True),
        ("one-pass fails because it lacks a second mask, that is wrong", "one-pass fails", True),
        (
            "my first try divided by BLOCK_SIZE: the 1x1 case passed, but (4, 100) failed",
            "divided by block_size",
            True,
        ),
    ],
)
def test_an_outcome_the_claim_predicts_is_not_its_refutation(text, word, refuted):
    """After a claim that something goes wrong, is a later clause's own outcome ("…，方差就错了", "the variance is
    wrong") its consequence, while a verdict on the claim ("这就错了", "这种说法完全错误", "that is wrong") and a failure
    after a claim that something works ("…divided by BLOCK_SIZE: …(4, 100) failed") still refute it?"""
    sentence = normalize(text)
    assert is_negated(sentence, *_hit(sentence, word), consequences=True) is refuted


def test_a_mismatch_claim_keeps_its_error_as_its_outcome():
    """In '类型对不上，会报类型不匹配的错误', is the 错误 the mismatch's own outcome, not a refutation of it?"""
    sentence = normalize("tl.store 时数据类型和指针类型对不上, triton 会报类型不匹配的错误")
    assert not is_negated(sentence, *_hit(sentence, "数据类型和指针类型对不上"), consequences=True)
