"""The blind code suite (tests/blind/code_v1): is every submission graded as its frozen label says?

The cases and their labels were written from the release notebook alone, before any
grading run, and are never edited after (benchmarks/blind_code.py holds the checks).
"""

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SUITE = REPO / "tests" / "blind" / "code_v1"
sys.path.insert(0, str(REPO / "benchmarks"))

import blind_code  # noqa: E402

CASES = json.loads((SUITE / "labels.json").read_text(encoding="utf-8"))
CASES = CASES["cases"] if isinstance(CASES, dict) else CASES


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    return blind_code.run(SUITE, "interpret", tmp_path_factory.mktemp("blind-code"))


@pytest.mark.parametrize("case", [c["id"] for c in CASES])
def test_each_blind_case_is_graded_as_labelled(graded, case):
    """Does this student get what the label written before grading says (code points, flags, pages)?"""
    assert graded[case]["problems"] == [], graded[case]["got"]


def test_no_csv_cell_is_a_formula_and_no_control_character_reaches_the_terminal(graded):
    """Are grades.csv and the printed table safe from the suite's hostile folder names?"""
    assert graded.get("_csv", {"problems": []})["problems"] == []
    assert graded.get("_terminal", {"problems": []})["problems"] == []
