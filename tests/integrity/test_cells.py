"""autograder/integrity/cells.py: the submission against its release."""

import nbformat
import pytest

from autograder.integrity import cells as integrity
from autograder.lesson.registry import lesson


@pytest.fixture
def release():
    return nbformat.read(lesson("lesson05-row-sum").release_notebook, as_version=4)


def _copy(nb):
    return nbformat.from_dict(nbformat.from_dict(nb))


def _cell(nb, grade_id):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def test_untouched_release_has_no_findings(release):
    """Does the release itself pass every integrity check?"""
    student = _copy(release)
    assert integrity.locked_cells(release, student) == []
    assert integrity.cell_order(release, student) == []
    assert integrity.monkeypatches(student) == []


def test_loosened_tolerance_is_a_veto_with_the_diff(release):
    """Is a changed tolerance in the test cell a loosened_checks veto showing the changed line?"""
    student = _copy(release)
    test = _cell(student, "test_row_sum_normal")
    test.source = test.source.replace("atol=1e-4", "atol=1e-1")
    [finding] = integrity.locked_cells(release, student)
    assert finding.rule == "test-cell-changed" and finding.veto == integrity.VETO_LOOSENED
    assert "+" in finding.evidence and "atol=1e-1" in finding.evidence


def test_deleted_test_cell_is_a_veto(release):
    """Is a deleted test cell a veto even though nbgrader would put it back?"""
    student = _copy(release)
    student.cells.remove(_cell(student, "test_row_sum_boundary"))
    [finding] = integrity.locked_cells(release, student)
    assert finding.rule == "test-cell-missing" and finding.veto


def test_stripped_metadata_is_named_as_such(release):
    """Is a test cell whose nbgrader metadata was removed recognised, not just called missing?"""
    student = _copy(release)
    _cell(student, "test_row_sum_normal").metadata = {}
    [finding] = integrity.locked_cells(release, student)
    assert finding.rule == "test-cell-metadata-removed" and finding.veto


def test_changed_prose_asks_for_review_without_veto(release):
    """Is an edited locked prose cell a finding for review rather than a veto?"""
    student = _copy(release)
    prose = next(c for c in student.cells if c.cell_type == "markdown" and c.metadata["nbgrader"]["locked"])
    prose.source += "\n(edited)"
    [finding] = integrity.locked_cells(release, student)
    assert finding.rule == "locked-cell-changed" and not finding.veto


def test_reordered_cells_are_reported(release):
    """Are graded cells moved out of order reported?"""
    student = _copy(release)
    q1, q2 = _cell(student, "Q1"), _cell(student, "Q2")
    i, j = student.cells.index(q1), student.cells.index(q2)
    student.cells[i], student.cells[j] = q2, q1
    assert integrity.cell_order(release, student)[0].rule == "cells-reordered"


@pytest.mark.parametrize(
    "patch",
    [
        "torch.testing.assert_close = lambda *a, **k: None",
        "import numpy as np\nnp.testing.assert_allclose = print",
        "torch.allclose = lambda *a, **k: True",
        "setattr(torch.testing, 'assert_close', print)",
        "get_ipython().showtraceback = lambda *a, **k: None",
        "import builtins\nbuiltins.AssertionError = Exception",
    ],
)
def test_monkeypatches_anywhere_are_vetoes(release, patch):
    """Is rebinding a library or check function a veto, in the solution cell or a new cell?"""
    student = _copy(release)
    student.cells.append(nbformat.v4.new_code_cell(patch))
    findings = integrity.monkeypatches(student)
    assert findings and findings[0].veto == integrity.VETO_LOOSENED


def test_solution_cell_answers_and_outside_changes(release):
    """Is the blank read, and an edit elsewhere in the kernel routed to a TA with its evidence?"""
    student = _copy(release)
    cell = _cell(student, "row_sum_kernel")
    cell.source = cell.source.replace("______", "0.0").replace("mask=mask, other", "mask=None, other")
    reading, findings = integrity.solution_cell(_cell(release, "row_sum_kernel"), cell, ["other"])
    assert reading.answers() == {"other": "0.0"} and not reading.certain
    assert findings[0].rule == "code-uncertain" and findings[0].review and "mask=None" in findings[0].evidence


def test_harmless_exploration_in_a_free_cell_is_not_a_veto(release):
    """Do reading torch.testing, a cudnn setting and eval of arithmetic go unflagged (issue 7)?"""
    student = _copy(release)
    code = "print(sorted(vars(torch.testing))[:3])\ntorch.backends.cudnn.benchmark = True\neval('2 ** 10')"
    student.cells.append(nbformat.v4.new_code_cell(code))
    assert integrity.monkeypatches(student) == []
