"""Tests for course.hints: the four-level ladder, its record lines, and the lesson 5 hint texts."""

import json
import re

import pytest
import yaml

from autograder.lesson.registry import assignments, lesson
from course import hints as course_hints
from course.hints import HINT_MARK, LEVELS, Hints, encode_hints, hints_files, parse_hint_records

ASSIGNMENT = "lesson05-row-sum"


@pytest.fixture
def hint():
    return Hints(ASSIGNMENT)


def test_level_prints_its_record_line(hint, capsys):
    """Does asking for level 1 print one record line the grader can parse, then the hint?"""
    hint("other", 1)
    out = capsys.readouterr().out
    assert f"{HINT_MARK} {ASSIGNMENT}/other 第 1 级" in out
    assert parse_hint_records(out) == [(ASSIGNMENT, "other", 1)]


def test_higher_level_prints_the_lower_ones_first(hint, capsys):
    """Does asking for level 3 first print levels 1, 2, 3 in order, each recorded?"""
    hint("other", 3)
    out = capsys.readouterr().out
    assert parse_hint_records(out) == [(ASSIGNMENT, "other", level) for level in (1, 2, 3)]
    assert "第 4 级" not in out and "hint('other', 4)" in out


def test_only_level_four_gives_the_answer(hint, capsys):
    """Do levels 1-3 keep the answer back, and does level 4 give the full line with other=0.0?"""
    hint("other", 3)
    assert "other=0.0" not in capsys.readouterr().out
    hint("other", 4)
    assert "other=0.0" in capsys.readouterr().out


def test_level_four_matches_the_lesson_exercise(hint, capsys):
    """Is level 4's line exactly the exercise line of lesson.py with the blank filled, so the two cannot drift?"""
    source = lesson(ASSIGNMENT).script.read_text(encoding="utf-8")
    (line,) = [text for text in source.splitlines() if "# BLANK(other)" in text]
    expected = line.split("  # BLANK")[0].strip()
    hint("other", 4)
    assert expected in capsys.readouterr().out


@pytest.mark.parametrize("level", [0, 5, True, 2.0, "2"])
def test_bad_level_names_the_valid_ones(hint, level):
    """Is a level outside 1-4 (or not an int) refused with a Chinese message listing the ladder?"""
    with pytest.raises(ValueError, match="1～4.*概念区域"):
        hint("other", level)


def test_unknown_exercise_names_the_valid_ones(hint):
    """Is an unknown exercise refused with a message naming the lesson's exercises?"""
    with pytest.raises(ValueError, match="'other'"):
        hint("others", 1)


def test_unknown_assignment_names_the_known_ones():
    """Is an assignment without hints refused with a message naming those that have them?"""
    with pytest.raises(ValueError, match=ASSIGNMENT):
        Hints("lesson99-nothing")


def test_parse_ignores_other_output():
    """Does parse_hint_records pick record lines out of mixed notebook output, in order, repeats kept?"""
    text = (
        "本次运行： interpret\n[提示记录] lesson05-row-sum/other 第 2 级（具体方向）\n...\n"
        "[运行记录] backend=cuda\n[提示记录] lesson07-softmax/max_other 第 1 级\n"
        "[提示记录] lesson05-row-sum/other 第 2 级（具体方向）\n提示记录 lesson05-row-sum/other 第 4 级\n"
    )
    assert parse_hint_records(text) == [
        ("lesson05-row-sum", "other", 2),
        ("lesson07-softmax", "max_other", 1),
        ("lesson05-row-sum", "other", 2),
    ]


def test_hints_files_agree_with_the_lesson_table():
    """Does every hints.yaml sit in the folder that autograder.lesson.registry gives for the assignment it names?"""
    found = hints_files()
    assert ASSIGNMENT in found
    for assignment, path in found.items():
        assert assignment in assignments() and path == lesson(assignment).hints


def test_every_exercise_has_four_nonempty_levels():
    """Does each exercise in each hints.yaml have exactly the levels 1-4, none empty?"""
    for path in hints_files().values():
        for name, exercise in yaml.safe_load(path.read_text(encoding="utf-8"))["exercises"].items():
            assert sorted(exercise["levels"]) == sorted(LEVELS), (path, name)
            assert all(re.search(r"\S", text) for text in exercise["levels"].values()), (path, name)


@pytest.fixture(autouse=True)
def hint_log(tmp_path, monkeypatch):
    """Every request is logged: into a scratch file here, never beside the repository's files."""
    path = tmp_path / "hint-log.jsonl"
    monkeypatch.setenv("COURSE_HINT_LOG", str(path))
    return path


def test_each_request_is_appended_to_the_log(hint, hint_log, capsys):
    """Is each request appended to the hint log beside the notebook, and does the notebook say so?"""
    hint("other", 2)
    hint("other", 4)
    entries = [json.loads(line) for line in hint_log.read_text(encoding="utf-8").splitlines()]
    assert [(e["assignment"], e["exercise"], e["level"]) for e in entries] == [
        (ASSIGNMENT, "other", 2),
        (ASSIGNMENT, "other", 4),
    ]
    assert "hint-log.jsonl" in capsys.readouterr().out


def test_an_unwritable_log_does_not_fail_the_cell(hint, tmp_path, monkeypatch, capsys):
    """Does a log that cannot be written (a read-only folder) still print the hint, without an error?"""
    monkeypatch.setenv("COURSE_HINT_LOG", str(tmp_path / "missing" / "log.jsonl"))
    hint("other", 1)
    assert parse_hint_records(capsys.readouterr().out) == [(ASSIGNMENT, "other", 1)]


def test_packaged_hints_are_read_without_the_lessons(tmp_path, monkeypatch, capsys):
    """In the student package (data/ and no lessons/), are the encoded hints found and decoded?"""
    exercises = {"other": {"title": "t", "levels": {n: f"level {n} text" for n in LEVELS}}}
    (tmp_path / "data").mkdir()
    doc = {"exercises": encode_hints(exercises)}
    (tmp_path / "data" / f"hints-{ASSIGNMENT}.json").write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(course_hints, "DATA_DIR", tmp_path / "data")
    monkeypatch.setattr(course_hints, "LESSONS_DIR", tmp_path / "lessons")
    Hints(ASSIGNMENT)("other", 4)
    assert "level 4 text" in capsys.readouterr().out
    assert "level 4 text" not in (tmp_path / "data" / f"hints-{ASSIGNMENT}.json").read_text()
    with pytest.raises(ValueError, match=ASSIGNMENT):
        Hints("lesson99-nothing")
