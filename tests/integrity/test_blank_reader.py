"""autograder/integrity/blank_reader.py: the blank found by the call that holds it, and how sure the reading is."""

import pytest

from autograder.build.blanks import clear_blanks
from autograder.integrity.blank_reader import find_sites, read_blanks

SOURCE = """@triton.jit
def row_sum_kernel(x_ptr, out_ptr, n_cols, x_row_stride, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    row_ptr = x_ptr + row * x_row_stride
    values = tl.load(row_ptr + cols, mask=mask, other=0.0)  # BLANK(other): 0.0 | 加法单位元
    tl.store(out_ptr + row, tl.sum(values, axis=0))


def row_sum(x):
    out = torch.empty(x.shape[0], device=x.device, dtype=x.dtype)
    row_sum_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK_SIZE=triton.next_power_of_2(x.shape[1]))
    return out
"""
RELEASE = clear_blanks(SOURCE)
LOAD = "values = tl.load(row_ptr + cols, mask=mask, other=______)  # TODO: 加法单位元"


def _read(student: str):
    return read_blanks(RELEASE, student, ["other"])


def test_the_blank_site_is_the_load_in_the_kernel():
    """Does the release say which call holds the blank and by which argument?"""
    (site,) = find_sites(RELEASE)
    assert (site.function, site.call, site.slot, site.nth) == ("row_sum_kernel", "tl.load", "other", 0)


HARMLESS = {
    "docstring": RELEASE.replace(
        "    row = tl.program_id(0)", '    """行求和。"""\n    row = tl.program_id(0)'
    ),
    "import above the kernel": "import math\n" + RELEASE,
    "a magic line": "%matplotlib inline\n" + RELEASE,
    "keywords swapped": RELEASE.replace(LOAD, "values = tl.load(row_ptr + cols, other=______, mask=mask)"),
    "positional arguments": RELEASE.replace(LOAD, "values = tl.load(row_ptr + cols, mask, ______)"),
    "line break inside the call": RELEASE.replace(
        LOAD, "values = tl.load(\n        row_ptr + cols,\n        mask=mask,\n        other=______,\n    )"
    ),
    "local renamed": RELEASE.replace("values", "vals"),
    "comments removed": RELEASE.replace("  # TODO: 加法单位元", ""),
    "a print after the cell": RELEASE + "\nprint(row_sum(torch.ones(2, 3)))\n",
}


@pytest.mark.parametrize("edit", HARMLESS)
def test_harmless_edits_keep_the_reading_certain(edit):
    """Is the blank read, with certainty, whatever harmless edit surrounds it?"""
    reading = _read(HARMLESS[edit].replace("______", "0.0"))
    assert reading.answers() == {"other": "0.0"} and reading.certain, reading.evidence


def test_a_minus_sign_on_its_own_line_is_one_value():
    """Is `other=-` with `0.0)` on the next line read as -0.0?"""
    reading = _read(RELEASE.replace("other=______)", "other=-\n        0.0)"))
    assert reading.answers() == {"other": "-0.0"} and reading.certain


def test_left_out_other_reads_as_none():
    """Is a load without `other` read as None, for certain (the value Triton then uses)?"""
    reading = _read(RELEASE.replace(", other=______", ""))
    assert reading.answers() == {"other": "None"} and reading.certain


UNCERTAIN = {
    "load repeated, 1.0 last": (
        RELEASE.replace(LOAD, LOAD.replace("______", "0.0") + "\n    " + LOAD.replace("______", "1.0")),
        "1.0",
        "2",
    ),
    "load reassigned": (
        RELEASE.replace(LOAD, LOAD.replace("______", "0.0") + "\n    values = tl.where(mask, values, 1.0)"),
        "0.0",
        "tl.where",
    ),
    "host replaced by torch": (
        RELEASE.replace("______", "0.0").replace("    return out", "    return x.sum(1)"),
        "0.0",
        "x.sum(1)",
    ),
    "tl rebound": ("tl = None\n" + RELEASE.replace("______", "0.0"), "0.0", "rebinds `tl`"),
    "kernel defined twice": (
        RELEASE.replace("______", "0.0")
        + "\n"
        + RELEASE.split("\n\n\ndef row_sum")[0].replace("______", "1.0"),
        "1.0",
        "defined 2 times",
    ),
}


@pytest.mark.parametrize("case", UNCERTAIN)
def test_what_cannot_be_known_goes_to_review_with_evidence(case):
    """When what runs is not certain, is the reading marked so, with the evidence that shows why?"""
    student, provisional, evidence = UNCERTAIN[case]
    reading = _read(student)
    assert not reading.certain and reading.answers() == {"other": provisional}
    assert any(evidence in line for line in reading.evidence), reading.evidence


def test_syntax_error_is_reported_not_raised():
    """Does a cell that does not parse give a reason rather than an exception?"""
    reading = _read("def f(:\n")
    assert reading.syntax_error and reading.answers() == {"other": ""}


CAST_RELEASE = """@triton.jit
def k(x_ptr, n_cols, BLOCK_SIZE: tl.constexpr):
    count = tl.cast(______, tl.float32)
    centered = tl.where(mask, x - mean, ______)
"""


def test_a_positional_blank_of_an_unknown_signature_is_certain():
    """Is `tl.cast(______, tl.float32)` filled with `n_cols` (lesson 6) read as certain, not as an edit beyond the blank?"""
    student = CAST_RELEASE.replace("______", "n_cols", 1).replace("______", "0.0")
    reading = read_blanks(CAST_RELEASE, student, ["divisor", "centered_other"])
    assert reading.certain, reading.evidence
    assert [b.answer for b in reading.blanks] == ["n_cols", "0.0"]


def test_an_edit_beside_a_positional_blank_is_still_doubted():
    """Is a changed second argument of `tl.cast` (float32 to float16) still an edit beyond the blank?"""
    student = (
        CAST_RELEASE.replace("______", "n_cols", 1).replace("______", "0.0").replace("float32", "float16")
    )
    assert not read_blanks(CAST_RELEASE, student, ["divisor", "centered_other"]).certain
