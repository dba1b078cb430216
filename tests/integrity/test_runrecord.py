"""autograder/integrity/runrecord.py: the veto for an unrun result claimed as measured."""

import json

import nbformat

from autograder.integrity.runrecord import gather, record_doubts, unrun_claims
from course.record import RECORD_MARK, blank_hash, code_hash

PASSED = f"{RECORD_MARK} backend=interpret\n{RECORD_MARK} 已通过的检查：row_sum 可见检查\n"
CHECKS = ("row_sum 可见检查",)  # the lesson spec's visible_checks


def _nb(record_count, test_count, record_text=PASSED):
    test = nbformat.v4.new_code_cell("checks", execution_count=test_count)
    test.metadata = {"nbgrader": {"grade_id": "t", "grade": True}}
    record = nbformat.v4.new_code_cell("record.show()", execution_count=record_count)
    if record_text:
        record.outputs = [nbformat.v4.new_output("stream", name="stdout", text=record_text)]
    return nbformat.v4.new_notebook(cells=[test, record])


def test_a_real_run_raises_nothing():
    """Does a notebook whose record and checks both ran get no veto?"""
    assert unrun_claims(gather(_nb(5, 4), "t", "我填了 0.0。", "", CHECKS), check_failed=False) == []


def test_typed_in_record_is_a_veto():
    """Is a run record whose cell never executed (pasted output) a veto?"""
    found = unrun_claims(gather(_nb(None, None), "t", "", "", CHECKS), check_failed=False)
    assert any("never executed" in sentence for sentence in found)


EXERCISE = "def row_sum(x):\n    return tl.load(x, mask=m, other=1.0)\n"


def _hashed(code: str, status: str = "passed", run: int = 4) -> str:
    entry = {"check": "row_sum 可见检查", "status": status, "run": run, "code": code_hash(code)}
    return PASSED + f"{RECORD_MARK} {json.dumps(entry | {'blank': blank_hash(code)}, ensure_ascii=False)}\n"


def test_record_of_the_submitted_code_contradicted_by_the_grader_is_a_veto():
    """Is 'passed' a veto when the record ran on the submitted code and the grader's run of it fails?"""
    evidence = gather(_nb(5, 4, _hashed(EXERCISE)), "t", "", EXERCISE)
    assert any("grader's run" in sentence for sentence in unrun_claims(evidence, check_failed=True))
    assert record_doubts(evidence, check_failed=True) == []


def test_record_of_other_code_goes_to_a_ta_not_a_veto():
    """Is a record made on code edited afterwards a finding for a TA, with both hashes, and no veto?"""
    earlier = EXERCISE.replace("1.0", "0.0")
    evidence = gather(_nb(5, 4, _hashed(earlier)), "t", "", EXERCISE)
    assert unrun_claims(evidence, check_failed=True) == []
    (doubt,) = record_doubts(evidence, check_failed=True)
    assert code_hash(earlier) in doubt and "blank changed too" in doubt


def test_a_failed_last_run_claims_nothing():
    """Does a record whose check failed on its last run claim no pass (the honest student who tried 1.0)?"""
    evidence = gather(_nb(6, 5, _hashed(EXERCISE, status="failed", run=5)), "t", "", EXERCISE)
    assert not evidence.claims_check_passed
    assert unrun_claims(evidence, True) == [] and record_doubts(evidence, True) == []


def test_legacy_record_contradicted_by_the_grader_goes_to_a_ta():
    """Is a record without code hashes that the grader contradicts routed to a TA rather than vetoed?"""
    evidence = gather(_nb(5, 4), "t", "", EXERCISE, CHECKS)
    assert unrun_claims(evidence, check_failed=True) == []
    assert record_doubts(evidence, check_failed=True)


def test_words_claiming_a_measurement_without_record_are_a_veto():
    """Is '实测通过' in an answer a veto when the notebook holds no run record?"""
    evidence = gather(_nb(None, None, record_text=""), "t", "我实测通过了所有检查。")
    assert unrun_claims(evidence, check_failed=False)


def test_static_review_declaration_is_not_vetoed():
    """Is a student who declares 仅静态审查 and has no outputs left unvetoed?"""
    evidence = gather(_nb(None, None, record_text=""), "t", "仅静态审查：我没有 GPU，实测不了。")
    assert unrun_claims(evidence, check_failed=False) == []


def test_negated_claim_is_not_a_claim():
    """Does '没有实测' count as no claim at all?"""
    evidence = gather(_nb(None, None, record_text=""), "t", "我没有实测，只读了代码。")
    assert evidence.text_claim == ""


def test_a_bare_claim_without_code_hashes_goes_to_a_ta():
    """Is a record that claims a passed check but carries no code hash (typed in) routed to a TA?"""
    evidence = gather(_nb(5, 4), "t", "", EXERCISE, CHECKS)
    assert any("no code hash" in doubt for doubt in record_doubts(evidence, check_failed=None))


def test_a_legacy_record_counts_only_checks_the_lesson_declares():
    """Is an old-style record line read by the spec's check names, not by any lesson's display text?"""
    assert gather(_nb(5, 4), "t", "", EXERCISE, CHECKS).claims_check_passed
    assert not gather(_nb(5, 4), "t", "", EXERCISE, ("softmax 可见检查",)).claims_check_passed
