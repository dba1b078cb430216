"""autograder/pipeline/written.py: the steps that read what the student wrote."""

import nbformat

from autograder.pipeline.grade import Grade
from autograder.pipeline.written import _check_failed, answer_text


def _grade(ran: bool, score: float | None, harness: bool | None) -> Grade:
    grade = Grade("s", "s", "d")
    grade.nbgrader = {"ran": ran, "test_scores": {} if score is None else {"t": score}}
    grade.visible_check_failed = harness
    return grade


def test_nbgrader_run_of_the_check_decides_when_it_ran():
    """When nbgrader ran the notebook, is its run of the visible check the one a claim is held against?"""
    assert _check_failed(_grade(True, 0.0, False), "t") is True
    assert _check_failed(_grade(True, 1.0, True), "t") is False


def test_harness_rerun_decides_without_an_executed_notebook():
    """With --no-execute, is the harness's rerun of the visible check used, and unknown stays unknown?"""
    assert _check_failed(_grade(False, None, True), "t") is True
    assert _check_failed(_grade(False, None, False), "t") is False
    assert _check_failed(_grade(False, None, None), "t") is None


def test_an_untouched_answer_stub_is_no_answer():
    """Is the release's stub (or nothing) read as an empty answer?"""
    assert answer_text(nbformat.v4.new_markdown_cell("YOUR ANSWER HERE")) == ""
    assert answer_text(None) == ""
    assert answer_text(nbformat.v4.new_markdown_cell(" 因为 0 是加法单位元。 ")) == "因为 0 是加法单位元。"
