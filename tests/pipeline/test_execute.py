"""autograder/pipeline/execute.py: nbgrader's run never sees the hidden tests, and its feedback page runs nothing."""

from __future__ import annotations

import os
import re

import nbformat
import pytest
from report.test_reports import _live  # tests/ is on sys.path (conftest.py)

from autograder.config import notebook_limits
from autograder.integrity.scrub import REPLACEMENT, secret_lines
from autograder.lesson.registry import lesson
from autograder.pipeline.execute import execute, prepare_template

ASSIGNMENT = "lesson05-row-sum"
LESSON = lesson(ASSIGNMENT)
ANSWER = (
    "答：单位元 $x \\oplus e = x$ **粗体**\n\n<script>alert('md')</script><img src=x onerror=alert('img')>"
    "<iframe src='https://evil.example'></iframe><a href='javascript:alert(1)'>clk</a>"
    "<object data=x></object><embed src=x><div onclick='alert(2)'>d</div>"
)
SNOOP = """from IPython.display import HTML, Javascript, display
display(HTML('<script>alert("html")</script><b onmouseover=alert(3)>bold</b>'))
display(Javascript('alert("js")'))
print('IN-DUMP', In)
print('IH-DUMP', _ih)
print('HISTORY', list(get_ipython().history_manager.get_range()))
"""


def _payload_notebook(path):
    nb = nbformat.read(LESSON.release_notebook, as_version=4)
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("grade_id") == "row_sum_kernel":
            cell.source = cell.source.replace("______", "0.0")
        elif cell.cell_type == "markdown" and meta.get("solution"):
            cell.source = ANSWER
    nb.cells.append(nbformat.v4.new_code_cell(SNOOP))
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    work = tmp_path_factory.mktemp("execute")
    template = prepare_template(ASSIGNMENT, work)
    notebook = _payload_notebook(work / "mallory.ipynb")
    return template, execute(ASSIGNMENT, "mallory", notebook, template, notebook_limits(), "interpret")


@pytest.mark.slow
def test_the_gradebook_holds_no_hidden_test(run):
    """Does the gradebook that autograde restores test cells from hold the visible checks but no hidden test?"""
    from nbgrader.api import Gradebook

    template, _ = run
    with Gradebook(f"sqlite:///{template / 'gradebook.db'}") as gradebook:
        for grade_id in ("test_row_sum_normal", "test_row_sum_boundary"):
            source = gradebook.find_source_cell(grade_id, ASSIGNMENT, ASSIGNMENT).source
            assert REPLACEMENT in source and "check_in_notebook" not in source and "HIDDEN" not in source


@pytest.mark.slow
def test_printing_in_from_a_later_cell_shows_no_hidden_test(run):
    """Do In, _ih and the history, printed by a later cell, reach the page with no line of the hidden tests?"""
    _, result = run
    assert result.ran, result.error
    assert "IN-DUMP" in result.feedback_html and "HISTORY" in result.feedback_html  # the snooping cell ran
    assert REPLACEMENT in result.feedback_html  # the test cells ran, without their hidden part
    secrets = secret_lines(LESSON.source_notebook, LESSON.release_notebook)
    for text in (result.feedback_html, result.executed_notebook):
        assert "check_in_notebook" not in text and "HIDDEN TESTS" not in text
        assert [secret for secret in secrets if secret in text] == []


@pytest.mark.slow
def test_nbgrader_page_runs_nothing_a_student_wrote(run):
    """Has nbgrader's page no script, handler, javascript: URL or frame, from markdown or HTML/JS outputs?"""
    _, result = run
    page = result.feedback_html
    assert _live(page) == [] and "<script" not in page
    assert "粗体" in page and "$x \\oplus e = x$" in page  # the answer stays readable, math as TeX
    assert "&lt;script&gt;alert(&quot;html&quot;)" in page or '&lt;script&gt;alert("html")' in page
    assert re.search(r"<style[^>]*>", page)  # the template's style sheets stay


def test_a_link_on_the_path_is_refused_before_nbgrader_runs(tmp_path):
    """Is a notebook path through a symbolic link refused by execute itself, with no nbgrader run?"""
    template = tmp_path / "template"
    (template / "source").mkdir(parents=True)
    (template / "gradebook.db").write_bytes(b"")
    _payload_notebook(tmp_path / "victim.ipynb")
    os.symlink(tmp_path, tmp_path / "linked")
    result = execute(
        ASSIGNMENT, "mallory", tmp_path / "linked" / "victim.ipynb", template, notebook_limits(), "interpret"
    )
    assert not result.ran and "symbolic link" in result.error


@pytest.mark.slow
def test_the_run_says_where_its_time_went(run):
    """Does nbgrader's run report its phases (nbgrader's import, autograde, the cells, the feedback)?"""
    _, result = run
    assert {"nbgrader_import_s", "autograde_s", "scrub_and_feedback_s", "cells_s", "sandbox_run_s"} <= set(
        result.phases
    )
    assert 0 < result.phases["cells_s"] <= result.phases["autograde_s"] <= result.phases["sandbox_run_s"]


@pytest.mark.parametrize(
    ("log", "reason"),
    [
        ("Timeout waiting for execute reply (15s).\nInterrupting kernel\n", "past the 15 s cell timeout"),
        ("CellTimeoutError: Timeout waiting for IOPub output", "still arriving 60 s after the cell ended"),
        (
            "Timeout waiting for execute reply (15s).\nCellTimeoutError: Timeout waiting for IOPub output",
            "did not stop within 60 s of the interrupt",
        ),
    ],
)
def test_a_timeout_reads_as_what_happened(monkeypatch, log, reason):
    """Does nbgrader's giving up name its cause: a late flood of output, or a cell that ignored the interrupt?"""
    from autograder.config import policy
    from autograder.pipeline.execute import _last_error

    monkeypatch.setattr(policy(), "CELL_TIMEOUT_S", 15)
    assert reason in _last_error(log)
