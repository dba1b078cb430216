"""autograder/build/template.py: the trusted template from the lesson source."""

from autograder.build.template import exercise_source, filled_code, percent_cells, solution_code


def test_exercise_is_the_marked_cell_of_the_lesson():
    """Is the template the lesson's solution cell, marker included, and nothing else?"""
    source = exercise_source("lesson05-row-sum")
    assert "# BLANK(other): 0.0" in source
    assert source.startswith("@triton.jit") and "def row_sum(" in source


def test_solution_and_filled_code_differ_only_in_the_blank():
    """Does filling the blank with the reference answer give exactly the solution code?"""
    assert filled_code("lesson05-row-sum", {"other": "0.0"}) == solution_code("lesson05-row-sum")
    assert "other=(1.0)" in filled_code("lesson05-row-sum", {"other": "1.0"})


def test_percent_cells_split_on_cell_markers():
    """Are py:percent cells split at '# %%' lines with their headers kept?"""
    cells = percent_cells('# %% [markdown]\n# hi\n\n# %% role="test"\nx = 1\n')
    assert cells == [(" [markdown]", "# hi"), (' role="test"', "x = 1")]
