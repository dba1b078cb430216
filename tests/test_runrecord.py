"""autograder/runrecord.py: the veto for an unrun result claimed as measured."""

import nbformat

from autograder.runrecord import gather, unrun_claims
from course.record import RECORD_MARK

PASSED = f"{RECORD_MARK} backend=interpret\n{RECORD_MARK} 已通过的检查：row_sum 可见检查\n"


def _nb(record_count, test_count, record_text=PASSED):
    test = nbformat.v4.new_code_cell("checks", execution_count=test_count)
    test.metadata = {"nbgrader": {"grade_id": "t", "grade": True}}
    record = nbformat.v4.new_code_cell("record.show()", execution_count=record_count)
    if record_text:
        record.outputs = [nbformat.v4.new_output("stream", name="stdout", text=record_text)]
    return nbformat.v4.new_notebook(cells=[test, record])


def test_a_real_run_raises_nothing():
    """Does a notebook whose record and checks both ran get no veto?"""
    assert unrun_claims(gather(_nb(5, 4), "t", "我填了 0.0。"), harness_failed_normal=False) == []


def test_typed_in_record_is_a_veto():
    """Is a run record whose cell never executed (pasted output) a veto?"""
    found = unrun_claims(gather(_nb(None, None), "t", ""), harness_failed_normal=False)
    assert any("never executed" in sentence for sentence in found)


def test_record_contradicted_by_the_grader_is_a_veto():
    """Is 'visible check passed' a veto when the grader's own run of the same code fails it?"""
    found = unrun_claims(gather(_nb(5, 4), "t", ""), harness_failed_normal=True)
    assert any("grader's run" in sentence for sentence in found)


def test_words_claiming_a_measurement_without_record_are_a_veto():
    """Is '实测通过' in an answer a veto when the notebook holds no run record?"""
    evidence = gather(_nb(None, None, record_text=""), "t", "我实测通过了所有检查。")
    assert unrun_claims(evidence, harness_failed_normal=False)


def test_static_review_declaration_is_not_vetoed():
    """Is a student who declares 仅静态审查 and has no outputs left unvetoed?"""
    evidence = gather(_nb(None, None, record_text=""), "t", "仅静态审查：我没有 GPU，实测不了。")
    assert unrun_claims(evidence, harness_failed_normal=False) == []


def test_negated_claim_is_not_a_claim():
    """Does '没有实测' count as no claim at all?"""
    evidence = gather(_nb(None, None, record_text=""), "t", "我没有实测，只读了代码。")
    assert evidence.text_claim == ""
