"""autograder/blanks.py: markers, release blanks and reading the student's answer."""

import pytest

from autograder.blanks import BlankError, clear_blanks, extract_answers, fill_blanks, parse_markers

SOURCE = (
    "def f(x_ptr, cols, mask):\n"
    "    values = tl.load(x_ptr + cols, mask=mask, other=0.0)  # BLANK(other): 0.0 | 加法单位元\n"
    "    return values\n"
)
RELEASE = clear_blanks(SOURCE)


def test_release_shows_a_blank_and_the_todo():
    """Does the release replace only the answer with ______ and keep the hint as a TODO?"""
    assert "other=______)  # TODO: 加法单位元" in RELEASE
    assert "0.0" not in RELEASE and "BLANK" not in RELEASE


def test_fill_puts_the_answer_in_parentheses():
    """Is a filled answer parenthesised, so `-1` or `1 if x else 0` cannot change the surrounding call?"""
    assert "other=(float('-inf')))" in fill_blanks(SOURCE, {"other": "float('-inf')"})
    assert parse_markers(SOURCE)[0].name == "other"


def test_ambiguous_marker_is_refused():
    """Does a marker whose answer appears twice on the line fail the build instead of blanking the wrong spot?"""
    with pytest.raises(BlankError, match="exactly once"):
        clear_blanks("y = f(0.0, other=0.0)  # BLANK(other): 0.0\n")


def test_answer_is_read_whatever_the_spacing_and_comments():
    """Are spaces, line breaks and deleted comments around the blank ignored when reading the answer?"""
    student = RELEASE.replace("other=______)  # TODO: 加法单位元", "other = -0.0 ,\n    )")
    result = extract_answers(RELEASE, student)
    assert result.answers == ["-0.0"] and result.changed_outside == []


def test_code_changed_outside_the_blank_is_reported():
    """Is a changed mask reported with its line, while the answer is still read?"""
    result = extract_answers(RELEASE, RELEASE.replace("______", "0.0").replace("mask=mask", "mask=None"))
    assert result.answers == ["0.0"]
    assert "expected `mask`, found `None`" in result.changed_outside[0]


def test_added_statements_are_reported():
    """Is a line added after the kernel (a monkeypatch, say) reported as added?"""
    student = RELEASE.replace("______", "0.0") + "\ntorch.testing.assert_close = print\n"
    result = extract_answers(RELEASE, student)
    assert result.answers == ["0.0"]
    assert result.changed_outside == ["line 4: added `torch.testing.assert_close = print`"]


def test_syntax_error_is_reported_not_raised():
    """Does a cell that does not parse give a reason rather than an exception?"""
    result = extract_answers(RELEASE, "def f(:\n")
    assert result.syntax_error and result.answers == []
