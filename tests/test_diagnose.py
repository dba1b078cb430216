"""course.diagnose: a wrong output described in Chinese from the outputs alone, and the check that raises it."""

import dataclasses
import json
import math
from pathlib import Path

import pytest
import torch

from course.diagnose import (
    FAIL_WORD,
    PASS_WORD,
    CheckFailed,
    Checks,
    Diagnosis,
    diagnose,
    padding_lanes,
    prediction,
    verdict,
)


def _rows(m, n, seed=0, low=None):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(m, n, generator=gen)
    return x if low is None else low - torch.rand(m, n, generator=gen)


def test_right_output_has_no_diagnosis():
    """Is an output within the tolerance left alone (None), NaN against NaN included?"""
    x = _rows(4, 100)
    assert diagnose(x.sum(1) + 1e-6, x.sum(1), x=x, block=128, atol=1e-4, rtol=1e-4) is None
    assert diagnose([math.nan, 1.0], [math.nan, 1.0]) is None


@pytest.mark.parametrize("other", [1.0, -1.0, 0.5, 2.0])
def test_every_row_off_by_the_padding_count_names_the_identity(other):
    """Is every row off by (BLOCK - N) * v reported as the identity, with v, the shape and hint level 2?"""
    x = _rows(4, 100)
    found = diagnose(x.sum(1) + 28 * other, x.sum(1), x=x, block=128)
    assert found.kind == "identity" and found.hint_level == 2
    assert found.shape == (4, 100) and found.block == 128
    assert f"28 × {other!r}" in found.looks and "128 − 100" in found.looks and "单位元" in found.means
    text = found.message("other")
    assert "4×100" in text and "BLOCK = 128" in text and 'hint("other", 2)' in text


def test_mean_off_by_padding_over_n_names_the_identity():
    """A mean is off by (BLOCK - N) * v / N: is that the identity too?"""
    x = _rows(3, 100)
    found = diagnose(x.mean(1) + 28 * 1.0 / 100, x.mean(1), x=x, block=128)
    assert found.kind == "identity" and "28 × 1.0 / N" in found.looks


def test_only_all_negative_rows_wrong_means_zero_where_minus_inf_belongs():
    """Max with other=0.0: only all-negative rows are wrong, and they hold 0.0: is -inf named?"""
    x = torch.cat([_rows(3, 100, low=-1.0), _rows(2, 100, seed=1)])
    want = x.max(1).values
    got = torch.maximum(want, torch.zeros(()))  # what the padding's 0.0 does to a max
    found = diagnose(got, want, x=x, block=128)
    assert found.kind == "padding_won" and "负数" in found.looks and "0.0" in found.looks
    assert "−∞" in found.means and "max" in found.means


def test_only_all_positive_rows_wrong_in_a_min():
    """Min with other=0.0: only the all-positive rows are wrong: is +inf named?"""
    x = torch.cat([1 + torch.rand(2, 50), _rows(2, 50)])
    want = x.min(1).values
    found = diagnose(torch.minimum(want, torch.zeros(())), want, x=x, block=64)
    assert found.kind == "padding_won" and "+∞" in found.means


def test_nan_only_on_large_inputs_means_the_max_was_not_subtracted():
    """Softmax without subtracting the max: NaN only where inputs exceed exp's range: is that said?"""
    x = _rows(4, 50)
    x[1] *= 300
    naive = torch.exp(x) / torch.exp(x).sum(1, keepdim=True)
    found = diagnose(naive, torch.softmax(x, 1), x=x, block=64)
    assert found.kind == "overflow" and "最大值" in found.means


def test_nan_on_rows_that_are_all_large_still_means_the_max_was_not_subtracted():
    """Rows of ±1000 only (no small row to compare with): is NaN there still read as exp's overflow, not the mask?"""
    x = 1000 * (2 * torch.rand(3, 100, generator=torch.Generator().manual_seed(0)) - 1)
    naive = torch.exp(x) / torch.exp(x).sum(1, keepdim=True)
    found = diagnose(naive, torch.softmax(x.double(), 1), x=x, block=128)
    assert found.kind == "overflow" and "88" in found.looks and "最大值" in found.means


def test_a_mean_divided_by_block_names_the_divisor():
    """Every row exactly N/BLOCK of the right mean: is dividing by BLOCK instead of N named?"""
    x = _rows(3, 100)
    found = diagnose(x.sum(1) / 128, x.mean(1), x=x, block=128)
    assert found.kind == "count" and "100/128" in found.looks and "N = 100" in found.means


def test_a_softmax_row_scaled_as_a_whole_names_the_denominator():
    """Softmax whose denominator also counted 28 padding lanes (other=0.0): is the row-wise factor read as the denominator?"""
    x = _rows(4, 100)
    exp = torch.exp(x - x.max(1, keepdim=True).values)
    got = exp / (exp.sum(1, keepdim=True) + 28 * torch.exp(-x.max(1, keepdim=True).values))
    found = diagnose(got, torch.softmax(x.double(), 1), x=x, block=128, atol=1e-5, rtol=1e-4)
    assert found.kind == "normaliser" and "同一个系数" in found.looks and "−∞" in found.means
    zero = diagnose(torch.zeros(2, 100), torch.softmax(_rows(2, 100).double(), 1), block=128)
    assert zero.kind == "normaliser" and "0.0" in zero.looks


def test_the_grader_s_scale_sets_the_tolerance():
    """With a scale given (a grader's magnitude), is an error within rtol * scale no failure, and beyond it one?"""
    got, want, scale = torch.tensor([100.5]), torch.tensor([100.0]), torch.tensor([10000.0])
    assert diagnose(got, want, atol=0.0, rtol=1e-4, scale=scale) is None
    assert diagnose(got, want, atol=0.0, rtol=1e-4) is not None


def test_a_diagnosis_survives_json_and_names_every_hint():
    """Does a diagnosis read back from JSON give the same message, naming each blank's hint of a two-blank lesson?"""
    x = _rows(2, 100)
    found = diagnose(x.sum(1) + 28, x.sum(1), x=x, block=128)
    back = Diagnosis.from_dict(json.loads(json.dumps(dataclasses.asdict(found))))
    assert back == found and back.summary().startswith("形状 2×100（N = 100，BLOCK = 128）：")
    text = back.message(("divisor", "centered_other"), passed_heading="通过的形状")
    assert 'hint("divisor", 2) 或 hint("centered_other", 2)' in text


def test_nan_without_nan_in_the_input_points_at_the_mask():
    """NaN in the output of a finite input (an unmasked read): is the mask named?"""
    x = _rows(3, 100)
    got = x.sum(1).clone()
    got[1] = math.nan
    found = diagnose(got, x.sum(1), x=x, block=128)
    assert found.kind == "nan" and "mask" in found.means and found.hint_level == 3


def test_error_only_in_the_last_tile_points_at_the_loop_tail():
    """A long row in tiles of 128 with only columns 256..299 wrong: is the last tile's mask named?"""
    x = _rows(3, 300)
    want = torch.softmax(x, 1)
    got = want.clone()
    got[:, 290:] += 0.1
    found = diagnose(got, want, x=x, block=128)
    assert found.kind == "last_tile" and "256" in found.looks and "mask" in found.means


def test_tiled_sum_off_by_the_last_tiles_padding():
    """A tiled row sum (BLOCK 128, N 300) off by 84 * v: the identity, counted in the last tile."""
    x = _rows(2, 300)
    found = diagnose(x.sum(1) + 84.0, x.sum(1), x=x, block=128)
    assert padding_lanes(300, 128) == 84
    assert found.kind == "identity" and "最后一个块" in found.looks


def test_product_of_zeros():
    """A product that came out 0.0 on every row: is the multiplicative identity named?"""
    x = 1 + 0.01 * _rows(3, 100)
    found = diagnose(torch.zeros(3), x.prod(1), x=x, block=128, op="prod")
    assert found.kind == "zero_product" and "1.0" in found.means


def test_wrong_shape_and_unexplained_errors():
    """A wrong output shape, and an error with no pattern, are still described (hint levels 3 and 1)."""
    x = _rows(4, 100)
    assert diagnose(torch.zeros(3), x.sum(1), x=x, block=128).kind == "shape"
    other = diagnose(x.sum(1) * 1.5, x.sum(1), x=x, block=128)
    assert other.kind == "other" and other.hint_level == 1 and "第 0 行" in other.looks


def test_diagnosis_reads_no_answer():
    """Is the diagnosis built from numbers only: the same for any tensor, on any input, with no lesson named?"""
    import course.diagnose as package

    modules = sorted(Path(package.__file__).parent.glob("*.py"))
    assert len(modules) > 1  # every module of the package, not only its __init__.py
    for path in modules:
        source = path.read_text(encoding="utf-8")
        assert "lessons" not in source and "autograder" not in source.replace("never", ""), path


def test_checks_name_the_shapes_that_passed_and_keep_failing(capsys):
    """Does Checks raise an AssertionError (the cell still fails) that names the shapes that passed?"""
    checks = Checks(exercise="other")
    x = _rows(1, 1)
    checks.close(x.sum(1), x.sum(1), x=x, block=1)
    assert "没有 padding lane" in capsys.readouterr().out
    x = _rows(4, 100)
    with pytest.raises(AssertionError) as raised:
        checks.close(x.sum(1) + 28, x.sum(1), x=x, block=128)
    assert isinstance(raised.value, CheckFailed)
    text = str(raised.value)
    assert "1×1" in text and "4×100" in text and 'hint("other", 2)' in text
    rendered = raised.value._render_traceback_()
    assert FAIL_WORD in rendered[0] and "Traceback" not in "\n".join(rendered)


def test_assert_close_names_the_output_and_what_passed_on_its_shape(capsys):
    """With several outputs per shape (mean, var, rstd), does a failure name the output, the outputs that
    passed on that shape, and only the shapes that passed whole, as an AssertionError with no torch text?"""
    checks = Checks(exercise=("divisor", "centered_other"))
    for shape in ((1, 1), (4, 100)):
        x = _rows(*shape) + 3
        block = 1 << (shape[1] - 1).bit_length()
        want_var, want_mean = torch.var_mean(x, dim=1, unbiased=False)
        checks.assert_close(want_mean.clone(), want_mean, atol=1e-4, rtol=1e-4, x=x, block=block, what="mean")
        got_var = want_var + (block - shape[1]) * 1.0 / shape[1]  # a second mask that filled 1.0
        if shape == (4, 100):
            with pytest.raises(AssertionError) as raised:
                checks.assert_close(got_var, want_var, atol=1e-4, rtol=1e-4, x=x, block=block, what="var")
        else:
            checks.assert_close(got_var, want_var, atol=1e-4, rtol=1e-4, x=x, block=block, what="var")
    assert "：var " in capsys.readouterr().out
    text = str(raised.value)
    assert text.startswith("形状 4×100（N = 100，BLOCK = 128）上，var 的检查未通过。")
    assert "同一形状上已通过：mean。" in text and "在它之前通过的形状：1×1" in text
    assert "4×100" not in text.split("在它之前通过的形状")[1].splitlines()[0]
    assert "28 × 1.0 / N" in text and 'hint("centered_other", 2)' in text
    assert raised.value.__suppress_context__ and "Greatest" not in text


def test_assert_close_keeps_torch_s_verdict():
    """Is torch.testing.assert_close still the judge: a dtype it refuses fails, in Chinese, though the numbers
    agree; NaN against NaN fails as in torch; and what it accepts passes?"""
    checks = Checks(verbose=False)
    ones = torch.ones(3)
    with pytest.raises(CheckFailed) as raised:
        checks.assert_close(ones.double(), ones, atol=1e-4, rtol=1e-4, what="mean")
    assert raised.value.diagnosis.kind == "shape" and "dtype" in str(raised.value)
    nan = torch.tensor([1.0, math.nan])
    with pytest.raises(CheckFailed) as raised:
        checks.assert_close(nan, nan.clone(), atol=1e-4, rtol=1e-4, what="var")
    assert "NaN" in str(raised.value) and raised.value.diagnosis.kind == "other"
    checks.assert_close(ones + 5e-5, ones, atol=1e-4, rtol=0.0, what="rstd")


def test_verdict_is_a_word_with_a_colour():
    """Are pass and fail marks words (no emoji) with an ANSI colour?"""
    assert PASS_WORD in verdict(True) and "\x1b[32m" in verdict(True)
    assert FAIL_WORD in verdict(False) and "\x1b[31m" in verdict(False)
    assert all(ord(ch) < 0x2000 or "\u4e00" <= ch <= "\u9fff" for ch in verdict(True) + verdict(False))


@pytest.mark.parametrize(
    ("mine", "actual", "outcome"),
    [
        (7, 7.0000001, "预测正确"),
        ("7.0", 7.0, "预测正确"),
        (8.0, 7.0, "和预测不同"),
        (0.0, -math.inf, "和预测不同"),
    ],
)
def test_prediction_sets_the_guess_beside_the_kernel_output(mine, actual, outcome):
    """Is a predicted number compared with the kernel's output within a small tolerance, in Chinese?"""
    line = prediction("方差", mine, actual)
    assert line.startswith("方差：你的预测") and "kernel 实际输出" in line and outcome in line


def test_prediction_that_is_not_a_number_is_explained():
    """Is a prediction that is not a number (a list, a word) answered with how to write one, not a traceback?"""
    assert "要写成一个数" in prediction("max", [1, 2], 0.0)
    assert "预测正确" in prediction("max", float("-inf"), -math.inf)
