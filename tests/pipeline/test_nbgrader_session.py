"""autograder/pipeline/nbgrader_session.py: one nbgrader process per submission, hidden lines off the disk."""

from __future__ import annotations

import json

import nbformat

from autograder.pipeline.nbgrader_session import cap_outputs, cell_phases, configured, read_secrets


def test_the_hidden_lines_file_is_gone_once_read(tmp_path):
    """Is the file of hidden lines deleted as soon as the session has read it, before any kernel starts?"""
    path = tmp_path / ".hidden-lines.json"
    path.write_text(json.dumps(["assert_close(row_sum(x), x.sum(1))"]), encoding="utf-8")
    assert read_secrets(path) == {"assert_close(row_sum(x), x.sum(1))"}
    assert not path.exists()


def test_the_session_reads_the_course_config(tmp_path):
    """Does the session give nbgrader the course's settings and the cell timeout the grader passes it?"""
    config = configured(tmp_path, 15)
    assert config.OverwriteCells.add_missing_cells is True
    assert config.Execute.timeout == 15  # the grader's policy, not grader_config.py's constant
    assert config.CourseDirectory.root == str(tmp_path)
    assert config.CourseDirectory.db_url == f"sqlite:///{tmp_path}/gradebook.db"


def test_late_output_gets_a_minute_not_four_seconds(tmp_path):
    """Does nbgrader wait a minute (not nbclient's 4 s) for a cell's late output before failing the notebook?"""
    assert configured(tmp_path, 15).Execute.iopub_timeout == 60


def test_one_huge_output_line_is_cut(tmp_path):
    """Is a single 1 MB output line (which nbgrader's line limit lets through) cut to the limit?"""
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("print('x' * 10**6)")
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="x" * 10**6)]
    nb.cells.append(cell)
    path = tmp_path / "executed.ipynb"
    nbformat.write(nb, path)
    assert cap_outputs(path, 1000) == 1
    text = nbformat.read(path, as_version=4).cells[0].outputs[0]["text"]
    assert len(text) < 1200 and "cut by the grader" in text


def test_cell_timing_is_read_from_the_executed_notebook(tmp_path):
    """Does the profile add up the cells' own execution timestamps and name the slowest cell's seconds?"""
    nb = nbformat.v4.new_notebook()
    for start, end in [("10:00:00.000", "10:00:03.500"), ("10:00:04.000", "10:00:04.250")]:
        cell = nbformat.v4.new_code_cell("pass")
        cell.metadata["execution"] = {
            "iopub.execute_input": f"2026-12-01T{start}Z",
            "shell.execute_reply": f"2026-12-01T{end}Z",
        }
        nb.cells.append(cell)
    nb.cells.append(nbformat.v4.new_code_cell("never run"))
    path = tmp_path / "executed.ipynb"
    nbformat.write(nb, path)
    assert cell_phases(path) == {"cells_s": 3.75, "slowest_cell_s": 3.5}


def test_many_large_outputs_keep_only_stubs_past_the_budget(tmp_path):
    """Do fifty 100 000-character outputs shrink to stubs once the notebook's output budget is spent?"""
    nb = nbformat.v4.new_notebook()
    for _ in range(50):
        cell = nbformat.v4.new_code_cell("print('x' * 10**5)")
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="x" * 10**5)]
        nb.cells.append(cell)
    path = tmp_path / "executed.ipynb"
    nbformat.write(nb, path)
    assert cap_outputs(path, 10**5, total=250_000) == 48  # two fit whole, the third takes what is left
    texts = [cell.outputs[0]["text"] for cell in nbformat.read(path, as_version=4).cells]
    assert sum(len(text) for text in texts) < 250_000 + 48 * 300
    assert all(text.startswith("x" * 200) for text in texts)
