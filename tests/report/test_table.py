"""autograder/report/table.py (and safe.terminal): the score table never sends a control character to the terminal."""

from __future__ import annotations

import re

import pytest

from autograder.lesson.registry import lesson
from autograder.report.safe import terminal
from autograder.report.table import print_table

SPEC = lesson("lesson05-row-sum").spec
# C0 except none, DEL, C1, and the bidirectional overrides
RAW_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _results(student: str, error: str) -> tuple[dict, dict]:
    parts = {name: {"needs_review": False, "detail": []} for name in (part.id for part in SPEC.parts)}
    entry = {
        "student": student,
        "total": 1.0,
        "max": 10,
        "passed": False,
        "parts": {name: 0.0 for name in (part.id for part in SPEC.parts)},
        "vetoes": [{"rule": "loosened\x07checks", "evidence": ""}],
        "errors": [error],
        "reviewed_by": "",
    }
    return {"students": [entry]}, {student: {"parts": parts}}


def test_control_characters_in_a_row_are_shown_escaped(capsys):
    """Are ESC, BEL, CR, a newline and a bidi override in a name, rule or error printed as visible escapes?"""
    results, grades = _results("eve\x1b[2J\x1b]0;owned\x07", "bad\rname\n\u202eevil\x9b31m")
    print_table(results, grades, SPEC)
    out = capsys.readouterr().out
    assert RAW_CONTROL.search(out) is None
    assert len(out.splitlines()) == 3  # header, rule, one row: the newline did not break the row
    assert "eve\\x1b[2J" in out and "\\x07" in out and "bad\\x0dname\\x0a\\u202eevil" in out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a\x1bb", "a\\x1bb"),
        ("tab\there", "tab\\x09here"),
        ("\x7f\x85", "\\x7f\\x85"),
        ("中文 ok", "中文 ok"),
    ],
)
def test_terminal_escapes_only_control_characters(text, expected):
    """Does safe.terminal escape C0, DEL and C1 characters and leave ordinary text (Chinese included) alone?"""
    assert terminal(text) == expected


def test_terminal_can_keep_newlines():
    """Are newlines kept where a multi-line message wants them, and a CR still escaped?"""
    assert terminal("line 1\nline 2\r", keep_newlines=True) == "line 1\nline 2\\x0d"
