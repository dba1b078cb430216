"""autograder/integrity/scrub.py: hidden tests never reach the kernel, and no output of the run leaks one or runs code."""

from __future__ import annotations

import nbformat
from nbformat.v4 import new_code_cell, new_notebook, new_output

from autograder.integrity.scrub import (
    LEAK_NOTICE,
    REPLACEMENT,
    remove_hidden_tests,
    scrub_for_feedback,
    secret_lines,
    split_hidden,
)
from autograder.lesson.registry import lesson

LESSON = lesson("lesson05-row-sum")
HIDDEN_LINE = 'check_in_notebook("lesson05-row-sum", "normal", row_sum, DEVICE)'
TEST_CELL = "assert_close(a, b)\n    ### BEGIN HIDDEN TESTS\n    secret_case(7)\n    ### END HIDDEN TESTS\nprint('ok')"


def test_split_hidden_keeps_the_visible_part():
    """Is each hidden region, markers included, replaced by one comment at its indentation, the rest kept?"""
    public, hidden = split_hidden(TEST_CELL)
    assert public == f"assert_close(a, b)\n    {REPLACEMENT}\nprint('ok')"
    assert hidden == ["    secret_case(7)\n"]


def test_an_unclosed_region_is_hidden_to_the_end():
    """Is a region with no END marker hidden to the end of the cell rather than leaked?"""
    public, hidden = split_hidden("a = 1\n### BEGIN HIDDEN TESTS\nsecret()\nmore()")
    assert "secret" not in public and "more" not in public and len(hidden) == 2


def test_the_gradebook_source_has_no_hidden_tests(tmp_path):
    """Does the source notebook that nbgrader's gradebook is made from keep no line of the hidden tests?"""
    path = tmp_path / "source.ipynb"
    path.write_bytes(LESSON.source_notebook.read_bytes())
    assert remove_hidden_tests(path) == 2
    text = path.read_text(encoding="utf-8")
    assert "HIDDEN TESTS" not in text and "check_in_notebook" not in text and REPLACEMENT in text
    assert "record.passed(" in text  # the visible checks stay


def test_secret_lines_are_the_lessons_hidden_lines_only():
    """Are the lesson's hidden lines secrets, in the forms repr(In) shows them, and public lines not?"""
    secrets = secret_lines(LESSON.source_notebook, LESSON.release_notebook)
    assert HIDDEN_LINE in secrets and HIDDEN_LINE.replace('"', "&quot;") in secrets
    assert not any("record.passed" in secret for secret in secrets)


def _executed(tmp_path, *outputs, grade=False):
    cell = new_code_cell("x = 1", outputs=list(outputs))
    if grade:
        cell.metadata["nbgrader"] = {"grade": True, "grade_id": "t", "points": 1, "locked": True}
    path = tmp_path / "executed.ipynb"
    nbformat.write(new_notebook(cells=[cell]), path)
    return path


def _outputs(path):
    return nbformat.read(path, as_version=4).cells[0].outputs


def test_an_output_quoting_a_hidden_line_is_replaced(tmp_path):
    """Is a later cell's print of In, _ih or the history (which would quote a hidden line) replaced by a notice?"""
    secrets = secret_lines(LESSON.source_notebook, LESSON.release_notebook)
    printed = repr(["", "torch.manual_seed(0)\n" + HIDDEN_LINE])  # what print(In) shows
    path = _executed(
        tmp_path,
        new_output("stream", name="stdout", text=printed),
        new_output("execute_result", data={"text/plain": "harmless"}, execution_count=1),
    )
    assert scrub_for_feedback(path, secrets)["leaks"] == 1
    first, second = _outputs(path)
    assert first.text == LEAK_NOTICE and second.data["text/plain"] == "harmless"


def test_a_test_cells_traceback_is_cut_to_its_error_line(tmp_path):
    """Is a test cell's traceback, which quotes the cell's source, cut down to the error itself?"""
    error = new_output("error", ename="AssertionError", evalue="row 3", traceback=["line 1", "secret()"])
    path = _executed(tmp_path, error, grade=True)
    scrub_for_feedback(path)
    assert _outputs(path)[0].traceback == ["AssertionError: row 3"]


def test_live_outputs_become_text(tmp_path):
    """Do HTML, JavaScript, SVG and a fake image become inert text, while a real text repr and PNG stay?"""
    html = "<script>alert(1)</script><img src=x onerror=alert(2)>"
    path = _executed(
        tmp_path,
        new_output(
            "display_data", data={"text/html": html, "text/plain": "<IPython.core.display.HTML object>"}
        ),
        new_output("display_data", data={"application/javascript": "alert(3)"}),
        new_output("display_data", data={"text/html": "<table/>", "text/plain": "   a\n0  1"}),
        new_output("display_data", data={"image/svg+xml": "<svg onload=alert(4)/>"}),
        new_output("display_data", data={"image/png": "iVBORw0KGgo=", "text/plain": "<Figure>"}),
        new_output("display_data", data={"image/png": '"><script>alert(5)</script>'}),
    )
    assert scrub_for_feedback(path)["live"] == 5
    outputs = [dict(output.data) for output in _outputs(path)]
    assert outputs[0] == {"text/plain": html}  # the markup as text: the TA sees what was tried
    assert list(outputs[1]) == ["text/plain"] and "alert" not in outputs[1]["text/plain"]
    assert outputs[2] == {"text/plain": "   a\n0  1"}
    assert outputs[3] == {"text/plain": "<svg onload=alert(4)/>"}
    assert outputs[4] == {"image/png": "iVBORw0KGgo=", "text/plain": "<Figure>"}
    assert list(outputs[5]) == ["text/plain"] and "script" not in outputs[5]["text/plain"]
