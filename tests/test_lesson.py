"""The lesson itself: it runs as a script and as a notebook, top to bottom, on each backend."""

import os
import subprocess
import sys
import tempfile

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from autograder.build.blanks import BLANK, parse_markers
from autograder.build.template import exercise_source
from autograder.lesson.registry import REPO_ROOT, assignments, lesson

LESSON = lesson("lesson05-row-sum")
LESSONS = assignments()


def _env(backend: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRITON_")}
    path = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return env | {"COURSE_BACKEND": backend, "PYTHONPATH": path, "MPLBACKEND": "Agg"}


def _run_notebook(nb, backend: str):
    old = dict(os.environ)
    os.environ.update(_env(backend))
    try:
        with tempfile.TemporaryDirectory() as tmp:
            NotebookClient(
                nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": tmp}}
            ).execute()
    finally:
        os.environ.clear()
        os.environ.update(old)
    return nb


def _stderr(nb) -> list[str]:
    return [
        o.get("text", "")
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.outputs
        if o.get("name") == "stderr"
    ]


@pytest.mark.slow
def test_lesson_runs_as_a_plain_script():
    """Does `python lesson.py` run the solution and its checks without a notebook?"""
    done = subprocess.run(
        [sys.executable, str(LESSON.script)], capture_output=True, text=True, env=_env("interpret")
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "row_sum 可见检查：通过" in done.stdout


def _filled_release(item=LESSON, answers=None):
    """The release with each blank of the exercise given its reference answer (or answers), in reading order."""
    nb = nbformat.read(item.release_notebook, as_version=4)
    answers = answers or [blank.answer for blank in parse_markers(exercise_source(item))]
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == item.spec.exercise.cell:
            for answer in answers:
                cell.source = cell.source.replace(BLANK, answer, 1)
    return nb


@pytest.mark.slow
@pytest.mark.parametrize("assignment", LESSONS)
def test_release_runs_top_to_bottom_with_the_blank_filled(assignment):
    """Does each lesson's notebook, blanks filled, run top to bottom on the interpreter with no stderr?"""
    item = lesson(assignment)
    nb = _run_notebook(_filled_release(item), "interpret")
    assert _stderr(nb) == []  # nbgrader scores 0 for any stderr in a graded cell
    record = "".join(
        o.get("text", "") for c in nb.cells for o in c.get("outputs", []) if "[运行记录]" in o.get("text", "")
    )
    assert "backend=interpret" in record
    assert all(check in record for check in item.spec.visible_checks)


WRONG_BLANKS = {  # a typical wrong answer per lesson, and what its diagnosis must say
    "lesson05-row-sum": (["1.0"], "4×100（N = 100，BLOCK = 128）的检查未通过", "28 × 1.0"),
    "lesson06-mean-var": (
        ["n_cols", "1.0"],
        "4×100（N = 100，BLOCK = 128）上，var 的检查未通过",
        "28 × 1.0 / N",
    ),
    "lesson07-softmax": (["0.0", "row_max"], "4×100（N = 100，BLOCK = 128）上，softmax 的检查未通过", "分母"),
}


@pytest.mark.slow
@pytest.mark.parametrize("assignment", sorted(WRONG_BLANKS))
def test_a_wrong_blank_fails_the_visible_check_with_a_chinese_diagnosis(assignment):
    """Does a typical wrong blank still fail the visible check cell, showing the Chinese diagnosis (shape, what
    the error looks like, the hint level) and not torch's English traceback?"""
    item = lesson(assignment)
    answers, where, looks = WRONG_BLANKS[assignment]
    nb = _filled_release(item, answers)
    with pytest.raises(CellExecutionError):
        _run_notebook(nb, "interpret")
    errors = [
        (c, o)
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    assert len(errors) == 1  # the visible check, and nothing before it
    cell, error = errors[0]
    assert cell.metadata["nbgrader"]["grade_id"].endswith("_normal")  # the cell of the visible checks
    shown = "\n".join(error["traceback"])
    assert where in shown and looks in shown and "hint(" in shown and "（第 " in shown, shown
    assert "Traceback" not in shown and "Greatest" not in shown and "torch.testing" not in shown
    assert error["ename"] == "CheckFailed"


@pytest.mark.slow
@pytest.mark.parametrize("assignment", LESSONS)
def test_source_notebook_passes_its_hidden_tests(assignment):
    """Does each lesson's instructor notebook, hidden tests included, run clean on the interpreter?"""
    nb = _run_notebook(nbformat.read(lesson(assignment).source_notebook, as_version=4), "interpret")
    assert _stderr(nb) == []


@pytest.mark.gpu
@pytest.mark.parametrize("assignment", LESSONS)
def test_source_notebook_passes_its_hidden_tests_on_cuda(assignment):
    """Does each lesson's instructor notebook, hidden tests included, run clean with the real JIT?"""
    nb = _run_notebook(nbformat.read(lesson(assignment).source_notebook, as_version=4), "cuda")
    assert _stderr(nb) == []
    assert any("backend=cuda" in o.get("text", "") for c in nb.cells for o in c.get("outputs", []))


@pytest.mark.slow
def test_nbgrader_validate_accepts_a_filled_release(tmp_path):
    """Does nbgrader's Validate (the student's button) pass the release once the blank and answers are filled?"""
    path = tmp_path / "lesson05-row-sum.ipynb"
    nb = _filled_release()
    for cell in nb.cells:
        if cell.cell_type == "markdown" and cell.metadata.get("nbgrader", {}).get("solution"):
            cell.source = "我的回答：因为 padding lane 填的是单位元，所以不改变结果。"
    nbformat.write(nb, path)
    cmd = [sys.executable, "-m", "nbgrader", "validate", str(path)]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT, env=_env("interpret"))
    assert "Success! Your notebook passes all the tests." in done.stdout, (
        done.stdout[-2000:] + done.stderr[-2000:]
    )
