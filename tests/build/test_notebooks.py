"""autograder/build/notebooks.py: course/ -> source/ -> release/, and the staleness check."""

import nbformat
import pytest

from autograder.build.notebooks import BuildError, _nbgrader_metadata, stale_files
from autograder.lesson.registry import assignments, lesson

LESSON = lesson("lesson05-row-sum")


def _read(path):
    return nbformat.read(path, as_version=4)


@pytest.mark.slow
@pytest.mark.parametrize("assignment", assignments())
def test_generated_notebooks_are_current(assignment):
    """Are each lesson's source/ and release/ exactly what a fresh build of course/ produces?"""
    assert stale_files([assignment]) == []


@pytest.mark.parametrize("assignment", assignments())
def test_generated_notebooks_say_so_out_of_the_students_way(assignment):
    """Do source and release say in their metadata (not in a cell the student reads) that they are generated?"""
    item = lesson(assignment)
    for path in (item.source_notebook, item.release_notebook):
        nb = _read(path)
        notice = nb.metadata["course"]["generated"]
        assert "生成文件" in notice and "lesson.py" in notice
        assert not [cell for cell in nb.cells if "生成文件" in cell.source]


@pytest.mark.parametrize("assignment", assignments())
def test_student_cells_carry_no_lint_comments_or_emoji_marks(assignment):
    """No `# noqa` or `# fmt: skip` in the cells a student sees, and no ✅/❌ (an empty box without an emoji font)."""
    for cell in _read(lesson(assignment).release_notebook).cells:
        for mark in ("noqa", "fmt: skip", "fmt: off", "✅", "❌"):
            assert mark not in cell.source, (mark, cell.source[:200])


def test_release_holds_no_reference_answer():
    """Is every reference answer (code, Q1-Q3, explanation, hidden tests) absent from release/?"""
    source, release = _read(LESSON.source_notebook), _read(LESSON.release_notebook)
    text = "\n".join(cell.source for cell in release.cells)
    written = [
        c for c in source.cells if c.cell_type == "markdown" and c.metadata["nbgrader"].get("solution")
    ]
    assert len(written) == 4
    for cell in written:
        for line in filter(None, (line.strip() for line in cell.source.splitlines())):
            assert line not in text, line
    exercise = next(
        c for c in release.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "row_sum_kernel"
    )
    assert "other=______" in exercise.source and "other=0.0" not in exercise.source
    assert "BLANK(" not in text
    assert "HIDDEN TESTS" not in text and "check_in_notebook" not in text


def test_source_keeps_the_answers():
    """Does source/ still hold the solution and the hidden tests an instructor needs?"""
    text = "\n".join(cell.source for cell in _read(LESSON.source_notebook).cells)
    assert "other=0.0)" in text and "BEGIN HIDDEN TESTS" in text


def test_unknown_role_is_a_build_error():
    """Does a typo in a cell's role stop the build with the cell named?"""
    cell = nbformat.v4.new_code_cell("x = 1", metadata={"role": "tset"})
    with pytest.raises(BuildError, match="unknown role 'tset'"):
        _nbgrader_metadata(cell, 3)


def test_graded_cell_needs_points():
    """Does a test cell without points= stop the build?"""
    cell = nbformat.v4.new_code_cell("x = 1", metadata={"role": "test", "grade_id": "t"})
    with pytest.raises(BuildError, match="points"):
        _nbgrader_metadata(cell, 3)
