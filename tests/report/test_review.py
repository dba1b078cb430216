"""autograder/report/review.py: answer groups, group decisions, and the checks on a TA's command."""

import json

import pytest

from autograder.lesson.registry import lesson
from autograder.pipeline import store
from autograder.pipeline.grade import Grade
from autograder.pipeline.policy import Part, Veto
from autograder.report import review
from autograder.rubric import ta_labels

LESSON = lesson("lesson05-row-sum")


def _grade(student: str, q1: str, routed: bool, vetoes=()) -> dict:
    grade = Grade(student, student, "digest")
    for name, top in ((part.id, part.points) for part in LESSON.spec.parts):
        grade.parts[name] = Part(float(top), float(top), "rubric", name == "Q1" and routed)
    grade.answers["Q1"] = {"points": 1.0, "max_points": 2, "needs_review": routed, "answer": q1}
    grade.vetoes = [Veto(rule, "evidence") for rule in vetoes]
    return grade.to_json()


@pytest.fixture
def out(tmp_path, monkeypatch):
    monkeypatch.setenv("COURSE_TA_LABELS", str(tmp_path / "labels"))
    out = tmp_path / "out"
    answers = {
        "ann": "因为 0 是加法单位元，所以和不变。",
        "ben": "因为0是加法单位元,所以和不变",
        "cai": "不知道",
    }
    for student, text in answers.items():
        store.write_json(store.grade_path(out, student), _grade(student, text, routed=student != "cai"))
    store.write_json(store.grade_path(out, "dan"), _grade("dan", "x", False, ["wrong_causal_chain"]))
    store.write_json(out / "batch.json", {"assignment": "lesson05-row-sum", "backend": "interpret"})
    return out


def test_routed_answers_are_grouped_and_identical_ones_share_a_group(out):
    """Do two routed answers that differ only in punctuation form one group, leaving the finalized one out?"""
    (group,) = review.build_groups(out, LESSON)
    assert group.id == "Q1-1" and group.members == ["ann", "ben"]


def test_a_group_decision_applies_to_every_member_and_becomes_a_label(out):
    """Does one decision set Q1 for each member, and is it stored as a TA label for later batches?"""
    review.build_groups(out, LESSON)
    review.decide_group(out, LESSON, "Q1-1", "2", "clear", "ta1", "ok")
    for student in ("ann", "ben"):
        assert json.loads(store.review_path(out, student).read_text())["parts"] == {"Q1": 2.0}
    label = ta_labels.lookup(ta_labels.load("lesson05-row-sum"), "Q1", "因为 0 是加法单位元，所以和不变。")
    assert label and label.points == 2.0 and label.reviewer == "ta1"


def test_clearing_a_veto_the_student_does_not_have_is_refused(out):
    """Is `--clear-veto nosuchrule` refused instead of silently dropping the student from review?"""
    with pytest.raises(ValueError, match="no veto 'nosuchrule'"):
        review.decide(out, LESSON, "dan", [], ["nosuchrule"], "ta", "")
    review.decide(out, LESSON, "dan", [], ["wrong_causal_chain"], "ta", "")


@pytest.mark.parametrize(
    ("setting", "message"), [("Q1", "PART=POINTS"), ("Q1=x", "needs points"), ("Q9=1", "unknown part")]
)
def test_bad_set_values_say_what_they_want(out, setting, message):
    """Does `--set Q1` without a value, or a bad part, say what it wants?"""
    with pytest.raises(ValueError, match=message):
        review.decide(out, LESSON, "ann", [setting], [], "ta", "")


def test_review_of_a_missing_grading_folder_is_an_error(tmp_path):
    """Is `review` on a folder that holds no grades an error, not 'nothing needs review'?"""
    args = type("Args", (), {"assignment": "lesson05-row-sum", "out": str(tmp_path / "none")})
    with pytest.raises(ValueError, match="no grading folder"):
        review._out(args)
