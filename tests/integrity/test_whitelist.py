"""autograder/integrity/whitelist.py: what a blank may hold."""

import pytest

from autograder.integrity.whitelist import BlankRule, check

VALUE = BlankRule("value")


@pytest.mark.parametrize(
    "answer",
    ["0.0", "0", "-0.0", "1e-30", "float('-inf')", 'float("inf")', "-math.inf", "torch.inf", "(1.0)", "+2"],
)
def test_literal_forms_are_allowed(answer):
    """Are numbers and the usual spellings of infinity accepted for a value blank?"""
    assert check(answer, VALUE).allowed


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("None", "未定义"),
        ("______", "没有填写"),
        ("", "没有填写"),
        ("True", "不是数值"),
        ("'0.0'", "不是数值"),
        ("0.0; import os", "不是一个 Python 表达式"),
    ],
)
def test_other_forms_are_refused_with_a_reason(answer, reason):
    """Is anything but a literal refused, with a reason a student can read?"""
    verdict = check(answer, VALUE)
    assert not verdict.allowed and not verdict.review and reason in verdict.reason


@pytest.mark.parametrize(
    "answer",
    [
        "-inf",
        "PAD",
        "__import__('os').system('id')",
        "torch.zeros(1).sum().item()",
        "float(open('/x').read())",
    ],
)
def test_values_that_depend_on_unrun_code_go_to_a_ta(answer):
    """Is a name, call or attribute never substituted, and routed to a TA instead of silently zeroed?"""
    verdict = check(answer, VALUE)
    assert not verdict.allowed and verdict.review and "助教" in verdict.reason


@pytest.mark.parametrize(
    "answer", ["float(0)", "float('0')", "int(0)", "0.", "0e0", "0x0", "0.0 * 1", "(-0.0)"]
)
def test_careful_instructor_forms_of_zero_are_allowed(answer):
    """Are the spellings of zero a careful instructor accepts all allowed, `float(0)` like `float('0')`?"""
    assert check(answer, VALUE).allowed


def test_expression_blank_allows_only_the_kernels_names_and_tl_functions():
    """Does an expression blank take `cols < n_cols` and `tl.sum(x, axis=0)` but not other calls?"""
    rule = BlankRule("expression", frozenset({"cols", "n_cols", "x"}), frozenset({"sum"}))
    assert check("cols < n_cols", rule).allowed
    assert check("tl.sum(x, axis=0) / n_cols", rule).allowed
    assert not check("tl.load(x)", rule).allowed
    assert not check("x.sum()", rule).allowed
    assert not check("secret", rule).allowed
