"""autograder/lesson/registry.py: lessons are found by scanning for specs, and a new folder needs no engine edit.

The throwaway lesson below lives in a temporary lessons folder ($COURSE_LESSONS_DIR): a row
max that returns two outputs, a vector and a matrix (each row minus its max, softmax's first
step), from strided inputs. Nothing under autograder/ names it.
"""

import textwrap

import pytest

from autograder.build import points
from autograder.isolation.harness import run_harness
from autograder.isolation.sandbox import Limits
from autograder.lesson import registry

SPEC = """
import torch

from autograder.lesson.spec import BlankRule, CaseSpec, Comparison, Exercise, LessonSpec, Part


def reference(x):
    top = x.amax(dim=1)
    return top, x - top[:, None]


SPEC = LessonSpec(
    assignment="lesson01-row-max",
    parts=(
        Part("code_normal", 3, "cases", cell="test_normal", group="normal"),
        Part("code_boundary", 2, "cases", cell="test_boundary", group="boundary"),
        Part("Q1", 5, "rubric", cell="Q1"),
    ),
    exercises=(
        Exercise(
            cell="row_max_kernel",
            entry="row_max",
            blanks={"other": BlankRule("value")},
            cases=(
                CaseSpec("small integers 3x100", "normal", 3, 100, data="integers", exact=True),
                CaseSpec("all negative view 2x77", "boundary", 2, 77, data="negative", pad=51),
            ),
            reference=reference,
            comparison=Comparison(atol=1e-5, rtol=1e-6, outputs=("max", "shifted")),
        ),
    ),
)
"""

LESSON = """
# %% role="solution" grade_id="row_max_kernel"
@triton.jit
def row_max_kernel(x_ptr, top_ptr, out_ptr, n_cols, x_stride, out_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_stride + cols, mask=mask, other=-float("inf"))  # BLANK(other): -float("inf") | max
    top = tl.max(x, axis=0)
    tl.store(top_ptr + row, top)
    tl.store(out_ptr + row * out_stride + cols, x - top, mask=mask)


def row_max(x):
    n_rows, n_cols = x.shape
    top = torch.empty(n_rows, device=x.device, dtype=x.dtype)
    out = torch.empty((n_rows, n_cols), device=x.device, dtype=x.dtype)
    grid = (n_rows,)
    row_max_kernel[grid](x, top, out, n_cols, x.stride(0), out.stride(0), BLOCK=triton.next_power_of_2(n_cols))
    return top, out

# %% role="test" grade_id="test_normal" points=3
# %% role="test" grade_id="test_boundary" points=2
# %% [markdown] role="answer" grade_id="Q1" points=5
"""

RUBRIC = "questions:\n  Q1:\n    max_points: 5\n"


@pytest.fixture
def lessons(tmp_path, monkeypatch):
    """A lessons folder holding only the throwaway lesson, scanned instead of course/lessons."""
    folder = tmp_path / "lessons" / "01-row-max"
    folder.mkdir(parents=True)
    (folder / "spec.py").write_text(textwrap.dedent(SPEC), encoding="utf-8")
    (folder / "lesson.py").write_text(textwrap.dedent(LESSON), encoding="utf-8")
    (folder / "rubric.yaml").write_text(RUBRIC, encoding="utf-8")
    monkeypatch.setenv(registry.LESSONS_ENV, str(tmp_path / "lessons"))
    registry.forget()
    yield folder
    registry.forget()


def test_a_new_folder_is_discovered(lessons):
    """Is a folder with a spec.py found under its assignment id, with its parts, and no table edited?"""
    assert registry.assignments() == ["lesson01-row-max"]
    item = registry.lesson("lesson01-row-max")
    assert item.folder == lessons and item.spec.max_total() == 10
    assert item.spec.answer_parts() == {"Q1": "Q1"} and points.disagreements(item) == []


def test_an_unknown_id_lists_the_known_ones(lessons):
    """Does an unknown assignment id raise UnknownAssignment naming every id that exists?"""
    with pytest.raises(registry.UnknownAssignment, match="known: lesson01-row-max"):
        registry.lesson("lesson05-row-sum")


def test_a_folder_without_a_spec_object_is_a_clear_error(lessons):
    """Is a spec.py that builds no LessonSpec refused with the file named, not skipped in silence?"""
    (lessons.parent / "02-empty").mkdir()
    (lessons.parent / "02-empty" / "spec.py").write_text("X = 1\n", encoding="utf-8")
    with pytest.raises(registry.LessonError, match="02-empty/spec.py: defines no SPEC"):
        registry.assignments()


@pytest.mark.parametrize(
    ("answer", "expected"),
    [('-float("inf")', {"normal": 3.0, "boundary": 2.0}), ("0.0", {"normal": 3.0, "boundary": 0.0})],
)
def test_the_throwaway_lesson_is_graded_by_the_harness(lessons, answer, expected):
    """Does the harness grade the new lesson's two outputs (a vector and a matrix) per its own case groups?

    0.0 is the identity of max only while some value is positive: the all-negative rows catch it.
    """
    result = run_harness(
        "lesson01-row-max", {"other": answer}, "interpret", seed=3, limits=Limits(wall_s=120)
    )
    assert result.error == "" and result.points == expected
    failed = result.failed_cases()
    assert all(case.detail.startswith("输出 max：形状 ") for case in failed)
