"""autograder/build/blanks.py: markers, release blanks and reading the student's answer."""

import pytest

from autograder.build.blanks import BlankError, clear_blanks, fill_blanks, parse_markers

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
