"""autograder/lesson/cases.py: hidden inputs and the float64 comparison."""

import math

import pytest
import torch

from autograder.lesson.cases import (
    CaseSpec,
    build,
    check_in_notebook,
    compare,
    load_grading,
    make_cases,
    view,
)

GRADING = load_grading("lesson05-row-sum")


def test_views_of_a_wider_buffer_hold_nan_past_the_row():
    """Does a padded case put NaN right after each row, so an unmasked load reads NaN on any backend?"""
    case = build(CaseSpec("v", "boundary", 3, 100, pad=28), torch.Generator().manual_seed(0))
    x = view(case, "cpu")
    assert x.shape == (3, 100) and x.stride(0) == 128
    assert torch.isnan(case.buffer[:, 100:]).all() and not torch.isnan(x).any()


def test_cases_cover_the_design_list():
    """Do the hidden cases include BLOCK-1/BLOCK/BLOCK+1, N = 1, M = 1, NaN views, negatives and large values?"""
    specs = GRADING.CASES
    widths = {s.n_cols for s in specs}
    assert {127, 128, 129, 1} <= widths
    assert any(s.n_rows == 1 for s in specs) and any(s.pad for s in specs)
    assert {"negative", "large", "zeros"} <= {s.data for s in specs}
    assert any(s.n_cols & (s.n_cols - 1) for s in specs if s.group == "normal")


def test_seeds_change_the_inputs():
    """Does the harness seed give inputs different from the notebook's hidden tests?"""
    a, b = make_cases("lesson05-row-sum", 1), make_cases("lesson05-row-sum", 2)
    assert not torch.equal(a[0].buffer, b[0].buffer)


@pytest.mark.parametrize("offset", [28.0, 0.5])
def test_compare_rejects_a_wrong_sum(offset):
    """Is a result off by the padding count (or by a little) a failure with the row named?"""
    case = build(CaseSpec("c", "normal", 4, 100), torch.Generator().manual_seed(0))
    got = case.buffer.double().sum(1) + offset
    result = compare(GRADING, case, got.float())
    assert not result.passed and result.detail.startswith("row 0")


def test_exact_cases_catch_a_tiny_identity():
    """Does an all-zero row compared bit for bit catch 1e-30 padding that any tolerance would forgive?"""
    case = build(CaseSpec("z", "boundary", 2, 77, data="zeros", exact=True), torch.Generator())
    assert compare(GRADING, case, torch.zeros(2)).passed
    assert not compare(GRADING, case, torch.full((2,), 51 * 1e-30)).passed


def test_nan_and_errors_fail_with_a_reason():
    """Are NaN outputs and exceptions failures that say what happened?"""
    case = build(CaseSpec("n", "normal", 2, 10), torch.Generator())
    assert "NaN" in compare(GRADING, case, torch.tensor([math.nan, 0.0])).detail
    assert compare(GRADING, case, "RuntimeError: boom").detail == "RuntimeError: boom"


def test_notebook_hidden_tests_pass_the_reference_and_fail_a_wrong_sum():
    """Do the notebook's hidden tests accept x.sum(1) and name the first case a biased sum fails?"""
    check_in_notebook("lesson05-row-sum", "boundary", lambda x: x.sum(1), "cpu")
    with pytest.raises(AssertionError, match="hidden test"):
        check_in_notebook("lesson05-row-sum", "normal", lambda x: x.sum(1) + 28, "cpu")
