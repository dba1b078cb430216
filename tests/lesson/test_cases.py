"""autograder/lesson/cases.py: hidden inputs drawn from a spec, and the float64 comparison of any output."""

import json
import math
import subprocess
import sys

import pytest
import torch

from autograder.lesson.cases import Case, block_for, check_in_notebook, compare, make_cases
from autograder.lesson.registry import REPO_ROOT, lesson
from autograder.lesson.spec import CaseSpec, Comparison, Exercise, padded, row_inputs
from course.diagnose import Diagnosis

EXERCISE = lesson("lesson05-row-sum").spec.exercise
EXAMPLES = REPO_ROOT / "examples" / "submissions"
EXAMPLE_GRADES = REPO_ROOT / "tests" / "lesson" / "example_code_grades.json"  # see the last test


def _case(spec: CaseSpec, seed: int = 0) -> Case:
    return Case(spec, row_inputs(spec, torch.Generator().manual_seed(seed)))


def _exercise(reference, **comparison) -> Exercise:
    return Exercise("cell", "f", {}, (), reference, comparison=Comparison(**comparison))


def test_views_of_a_wider_buffer_hold_nan_past_the_row():
    """Does a padded case put NaN right after each row, so an unmasked load reads NaN on any backend?"""
    case = _case(CaseSpec("v", "boundary", 3, 100, pad=28))
    (x,) = case.views("cpu")
    assert x.shape == (3, 100) and x.stride(0) == 128
    storage = case.args[0].storage.view(3, 128)
    assert torch.isnan(storage[:, 100:]).all() and not torch.isnan(x).any()


def test_padded_generalises_to_vectors_and_three_dimensions():
    """Does padded() keep the values and leave NaN after each last-dimension run, for 1-D and 3-D inputs?"""
    for shape in [(5,), (2, 3, 4)]:
        values = torch.arange(math.prod(shape), dtype=torch.float32).reshape(shape)
        strided = padded(values, pad=3)
        assert torch.equal(strided.view(), values) and strided.stride[-1] == 1
        assert int(torch.isnan(strided.storage).sum()) == 3 * math.prod(shape[:-1])


def test_cases_cover_the_design_list():
    """Do the hidden cases include BLOCK-1/BLOCK/BLOCK+1, N = 1, M = 1, NaN views, negatives and large values?"""
    specs = EXERCISE.cases
    widths = {s.n_cols for s in specs}
    assert {127, 128, 129, 1} <= widths
    assert any(s.n_rows == 1 for s in specs) and any(s.pad for s in specs)
    assert {"negative", "large", "zeros"} <= {s.data for s in specs}
    assert any(s.n_cols & (s.n_cols - 1) for s in specs if s.group == "normal")


def test_seeds_change_the_inputs():
    """Does the harness seed give inputs different from the notebook's hidden tests?"""
    a, b = make_cases(EXERCISE, 1), make_cases(EXERCISE, 2)
    assert not torch.equal(a[0].views()[0], b[0].views()[0])


@pytest.mark.parametrize(("offset", "kind"), [(28.0, "identity"), (0.5, "other")])
def test_compare_rejects_a_wrong_sum(offset, kind):
    """Is a result off by the padding count (or by a little) a failure that names the shape and reads the error?"""
    case = _case(CaseSpec("c", "normal", 4, 100))
    got = case.float64()[0].sum(1) + offset
    result = compare(EXERCISE, case, got.float())
    assert not result.passed and result.detail.startswith("形状 4×100（N = 100，BLOCK = 128）：")
    assert result.diagnosis["kind"] == kind and (kind != "identity" or "28 × 1.0" in result.detail)


def test_exact_cases_catch_a_tiny_identity():
    """Does an all-zero row compared bit for bit catch 1e-30 padding that any tolerance would forgive?"""
    case = _case(CaseSpec("z", "boundary", 2, 77, data="zeros", exact=True))
    assert compare(EXERCISE, case, torch.zeros(2)).passed
    assert not compare(EXERCISE, case, torch.full((2,), 51 * 1e-30)).passed


def test_nan_and_errors_fail_with_a_reason():
    """Are NaN outputs and exceptions failures that say what happened?"""
    case = _case(CaseSpec("n", "normal", 2, 10))
    assert "NaN" in compare(EXERCISE, case, torch.tensor([math.nan, 0.0])).detail
    assert compare(EXERCISE, case, "RuntimeError: boom").detail == "RuntimeError: boom"


def test_a_matrix_output_is_compared_and_the_cell_named():
    """Does a softmax-like matrix output pass when right, and name the row and column when one entry is off?"""
    exercise = _exercise(lambda x: torch.softmax(x, dim=1), atol=1e-6, rtol=1e-5)
    case = _case(CaseSpec("m", "normal", 3, 50, pad=14))
    good = torch.softmax(case.views()[0], dim=1)
    assert compare(exercise, case, good).passed
    bad = good.clone()
    bad[2, 7] += 1e-3
    assert "1/3 行有错；例如位置 (2, 7)" in compare(exercise, case, bad).detail


def test_several_outputs_are_compared_each_by_name():
    """Does a (mean, rstd) pair pass when both are right, and name the output that is wrong or missing?"""

    def reference(x):
        return x.mean(dim=1), 1 / (x.var(dim=1, unbiased=False) + 1e-5).sqrt()

    exercise = _exercise(reference, outputs=("mean", "rstd"))
    case = _case(CaseSpec("mv", "normal", 4, 33))
    mean, rstd = (t.float() for t in reference(case.float64()[0]))
    assert compare(exercise, case, (mean, rstd)).passed
    assert compare(exercise, case, (mean, rstd * 2)).detail.startswith("输出 rstd：形状 4×33")
    assert compare(exercise, case, mean).detail == "返回了 1 个输出，应为 2 个"


def test_notebook_hidden_tests_pass_the_reference_and_fail_a_wrong_sum():
    """Do the notebook's hidden tests accept x.sum(1) and name the first case a biased sum fails?"""
    check_in_notebook("lesson05-row-sum", "boundary", lambda x: x.sum(1), "cpu")
    with pytest.raises(AssertionError, match="hidden test"):
        check_in_notebook("lesson05-row-sum", "normal", lambda x: x.sum(1) + 28, "cpu")


def test_the_verdict_is_the_lesson_s_tolerance_not_the_diagnosis_s():
    """Does an error within rtol * sum|x| (a large-magnitude row) still pass, though |expected| alone would fail it?"""
    case = _case(CaseSpec("large", "boundary", 2, 300, data="large"))
    x = case.float64()[0]
    room = 0.5 * 1e-4 * x.abs().sum(1)  # half the lesson's tolerance, far beyond rtol * |sum|
    assert compare(EXERCISE, case, (x.sum(1) + room).float()).passed
    assert not compare(EXERCISE, case, (x.sum(1) + 3 * room).float()).passed


def test_every_result_names_its_shape_and_a_failure_keeps_its_reading():
    """Do passed and failed cases both carry (M, N) and BLOCK, and a failure a JSON-ready diagnosis with its hint level?"""
    case = _case(CaseSpec("c", "normal", 5, 100))
    right = compare(EXERCISE, case, case.float64()[0].sum(1).float())
    wrong = compare(EXERCISE, case, (case.float64()[0].sum(1) + 28).float())
    assert (right.shape, right.block, right.diagnosis) == ((5, 100), 128, None)
    assert (wrong.shape, wrong.block) == ((5, 100), 128)
    back = Diagnosis.from_dict(json.loads(json.dumps(wrong.diagnosis)))
    assert back == Diagnosis.from_dict(wrong.diagnosis) and back.kind == "identity" and back.hint_level == 2


@pytest.mark.parametrize(("n_cols", "block"), [(1, 1), (33, 64), (128, 128), (129, 256), (2500, 4096)])
def test_block_is_the_next_power_of_two(n_cols, block):
    """Is BLOCK read as the lessons' hosts launch it, next_power_of_2(N)?"""
    assert block_for(n_cols) == block


@pytest.mark.slow
@pytest.mark.parametrize("assignment", sorted(json.loads(EXAMPLE_GRADES.read_text())))
def test_the_examples_keep_their_code_grades(tmp_path, assignment):
    """Do the example submissions get the code points and per-case verdicts they got before compare() diagnosed?

    Recorded from the grader as it was before (seed 11, interpreter); the written parts are the rubric's
    business and are left out, so that a rubric change does not read as a change of compare().
    """
    recorded = json.loads(EXAMPLE_GRADES.read_text())[assignment]
    cmd = [sys.executable, "-m", "autograder", "grade", assignment, "--submissions", str(EXAMPLES)]
    cmd += ["--out", str(tmp_path), "--backend", "interpret", "--seed", "11", "--no-execute"]
    subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT, check=False)
    results = {e["student"]: e for e in json.loads((tmp_path / "results.json").read_text())["students"]}
    for student, want in recorded.items():
        grade = json.loads((tmp_path / "grades" / f"{student}.json").read_text())
        assert {part: results[student]["parts"][part] for part in want["parts"]} == want["parts"], student
        hidden = [case for case in grade["cases"] if case["group"] != "visible"]  # the visible check is newer
        assert {case["name"]: case["passed"] for case in hidden} == want["cases"], student
