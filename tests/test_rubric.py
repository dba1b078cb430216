"""The written-answer rubric: loading, each scoring rule, the JSONL contract, and the calibration gate."""

import io
import json

import pytest

from autograder import rubric as rubric_module
from autograder.lessons import Lesson, lesson
from autograder.rubric import (
    RubricError,
    check_rubric,
    cmd_rubric_check,
    cmd_rubric_score,
    load_rubric,
    score_answer,
    score_jsonl,
)

ASSIGNMENT = "lesson05-row-sum"
CONTRACT_KEYS = [
    "question",
    "points",
    "max_points",
    "veto",
    "needs_review",
    "matched",
    "missing",
    "misconceptions",
]

# A small rubric in the lesson format, for the rules that do not depend on lesson 5's wording.
TINY = """
assignment: tiny
rubric_version: 1
terms:
  zero: '(?<![\\d.])0(?:\\.0)?(?![\\d.])'
questions:
  Q:
    max_points: 2
    cap_without_cue: 1.0
    cap_without_required: 0.5
    concepts:
      - {id: value, weight: 1.0, required: true, feedback: which value, patterns: ['-inf']}
      - {id: reason, weight: 1.0, needs_cue: true, feedback: why, patterns: ['identity of max']}
    misconceptions:
      - {id: minor, severity: deduct, points_off: 0.5, feedback: minor slip, patterns: ['sloppy']}
"""


@pytest.fixture(scope="module")
def l5():
    return load_rubric(lesson(ASSIGNMENT).rubric)


def write(tmp_path, text, name="rubric.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ── loading ──────────────────────────────────────────────────────────────────────────────────────────


def test_lesson_rubric_loads(l5):
    """Does the lesson-5 rubric load with its four questions and the weights adding up?"""
    assert list(l5.questions) == ["Q1", "Q2", "Q3", "explanation"]
    assert [q.max_points for q in l5.questions.values()] == [2, 2, 2, 1]


def test_bad_regex_is_a_load_error(tmp_path):
    """Does a pattern that does not compile fail the load, naming the pattern?"""
    with pytest.raises(RubricError, match=r"does not compile"):
        load_rubric(write(tmp_path, TINY.replace("patterns: ['sloppy']", "patterns: ['(unclosed']")))


def test_weights_must_add_up(tmp_path):
    """Is a question whose concept weights do not add up to max_points rejected?"""
    with pytest.raises(RubricError, match=r"add up to 1.5, max_points is 2"):
        load_rubric(write(tmp_path, TINY.replace("id: reason, weight: 1.0", "id: reason, weight: 0.5")))


def test_unknown_concept_reference(tmp_path):
    """Is an unless_concepts entry that names no concept of the question rejected?"""
    text = TINY.replace("points_off: 0.5,", "points_off: 0.5, unless_concepts: [ghost],")
    with pytest.raises(RubricError, match=r"unknown concept 'ghost'"):
        load_rubric(write(tmp_path, text))


def test_undefined_term(tmp_path):
    """Is a pattern that uses an undefined %term% rejected?"""
    with pytest.raises(RubricError, match=r"undefined term %nope%"):
        load_rubric(write(tmp_path, TINY.replace("patterns: ['sloppy']", "patterns: ['%nope%']")))


def test_missing_field_names_the_entry(tmp_path):
    """Does a concept without feedback fail with the concept id and the missing field?"""
    with pytest.raises(RubricError, match=r"reason: missing field 'feedback'"):
        load_rubric(write(tmp_path, TINY.replace("needs_cue: true, feedback: why,", "needs_cue: true,")))


@pytest.mark.parametrize("text", ["questions: [unclosed", "just a string"])
def test_broken_file(tmp_path, text):
    """Do invalid YAML and a file without a questions mapping fail with a RubricError?"""
    with pytest.raises(RubricError):
        load_rubric(write(tmp_path, text))


def test_missing_file(tmp_path):
    """Does a missing rubric file fail with a RubricError rather than an OSError?"""
    with pytest.raises(RubricError, match="cannot read"):
        load_rubric(tmp_path / "absent.yaml")


# ── scoring rules ────────────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("answer", ["", "   ", "YOUR ANSWER HERE", "你的答案："])
def test_empty_answer(l5, answer):
    """Does an empty answer or the notebook placeholder score 0 with flag 'empty' and no review?"""
    scored = score_answer(l5, "Q3", answer)
    assert (scored.points, scored.flags, scored.needs_review) == (0.0, ["empty"], False)


def test_full_answer_gets_full_points(l5):
    """Does a complete, causal answer get full points, with each concept's evidence sentence?"""
    scored = score_answer(
        l5, "Q3", "other 改成 -inf。因为 max(x, -inf) = x；如果还用 0.0，全负的行会得到 0。"
    )
    assert (scored.points, scored.veto, scored.needs_review, scored.missing) == (2.0, False, False, [])
    assert {m["concept"] for m in scored.matched} == {
        "neg_inf_value",
        "identity_reason",
        "all_negative_failure",
    }


def test_misconception_vetoes_and_routes(l5):
    """Does an asserted misconception zero the question, veto it and send it to review?"""
    scored = score_answer(l5, "Q3", "other 用 0.0 或 -inf 都可以。")
    assert (scored.points, scored.veto, scored.needs_review) == (0.0, True, True)
    assert scored.misconceptions == [
        {"id": "zero_still_ok", "sentence": "other 用 0.0 或 -inf 都可以", "veto": True}
    ]


@pytest.mark.parametrize(
    "answer",
    [
        "不是 0.0，而是 -inf，因为 max(x, -inf) = x。",
        "Not +inf but -inf, because max(x, -inf) = x.",
        "不是+inf也不是0.0而是-inf，因为max(x,-inf)=x",
    ],
)
def test_negated_misconception_does_not_veto(l5, answer):
    """Does a negated misconception ('不是 0.0', 'Not +inf') leave the answer unvetoed?"""
    scored = score_answer(l5, "Q3", answer)
    assert (scored.veto, scored.points) == (False, 1.5)


def test_hypothetical_misconception_does_not_veto(l5):
    """Does a hypothetical ('如果误设 other=1.0 …') leave the answer unvetoed?"""
    answer = "每行一个 program，越界 lane 用 other=0.0 填充；如果误设 other=1.0，结果会多出 BLOCK - N。"
    assert not score_answer(l5, "Q1", answer).veto


def test_restated_premise_still_vetoes(l5):
    """Is '若归约是 max，other 还是 0.0' vetoed, though it starts with a conditional word?"""
    assert score_answer(l5, "Q3", "若归约是 max，other 还是用 0.0 就行").veto


def test_reason_needs_a_causal_sentence(l5):
    """Does a reason concept (needs_cue) earn nothing in a sentence without a causal connective?"""
    without = score_answer(l5, "Q3", "用 -inf。max(x, -inf) = x。")
    with_cue = score_answer(l5, "Q3", "用 -inf，因为 max(x, -inf) = x。")
    assert "identity_reason" in without.missing and "identity_reason" not in with_cue.missing


def test_no_connective_caps_the_score(l5):
    """Is an answer with no causal connective anywhere capped at cap_without_cue?"""
    scored = score_answer(
        l5, "Q2", "BLOCK must be a power of two. next_power_of_2(100) is 128. The 28 extra lanes are masked."
    )
    assert scored.points == 1.0 and "capped_no_cue" in scored.flags


def test_missing_required_concept_caps_the_score(tmp_path):
    """Is an answer that misses a required concept capped at cap_without_required?"""
    tiny = load_rubric(write(tmp_path, TINY))
    scored = score_answer(tiny, "Q", "因为 identity of max")
    assert scored.points == 0.5 and "capped_missing_required" in scored.flags


def test_large_cap_loss_is_routed(l5):
    """Is a partial answer whose cap removed a point or more sent to review ('cap_loss')?"""
    answer = "块长度必须是 2 的幂，只能取 128。多出的 28 个位置靠 mask 不去访存，填 0 也不影响求和，代价是 22% 的计算白做。"
    scored = score_answer(l5, "Q2", answer)
    assert scored.points == 1.0 and "cap_loss" in scored.flags and scored.needs_review


def test_deduct_misconception_takes_points_off(tmp_path):
    """Does a 'deduct' misconception subtract points_off without a veto?"""
    tiny = load_rubric(write(tmp_path, TINY))
    scored = score_answer(tiny, "Q", "-inf，因为 identity of max，虽然写得 sloppy")
    assert (scored.points, scored.veto) == (1.5, False)


@pytest.mark.parametrize(
    "answer",
    [
        "mask、other=0.0、tl.sum、tl.store、2的幂",
        "-inf -inf -inf，负无穷 负无穷 负无穷",
        "-inf、单位元、max(x, -inf) = x、全负、identity",
        "identity identity identity. tl.sum tl.sum tl.sum.",
    ],
)
def test_keyword_stuffing_scores_zero(l5, answer):
    """Does a list of terms or a repeated term score 0 with flag 'stuffing', routed to review?"""
    scored = score_answer(l5, "Q3" if "inf" in answer else "Q1", answer)
    assert (scored.points, "stuffing" in scored.flags, scored.needs_review) == (0.0, True, True)


def test_terse_genuine_answer_is_not_stuffing(l5):
    """Is a short but genuine sentence ('用 -inf，因为 max(x,-inf)=x，不会改变结果') kept out of stuffing?"""
    scored = score_answer(l5, "Q3", "用 -inf，因为 max(x,-inf)=x，不会改变结果")
    assert "stuffing" not in scored.flags and scored.points == 1.5


def test_off_topic_scores_zero(l5):
    """Does a fluent answer about something else score 0 without a veto?"""
    scored = score_answer(l5, "Q1", "Triton 是 OpenAI 开发的 GPU 编程语言，可以用 Python 写核函数。")
    assert (scored.points, scored.veto) == (0.0, False)


def test_contradiction_is_routed_not_vetoed(l5):
    """Is a veto misconception next to the concept in its unless_concepts a contradiction for review?"""
    answer = "因为 tl.arange 的长度必须是 2 的幂，所以 BLOCK = 128；128 也正好是 32 的倍数。"
    scored = score_answer(l5, "Q2", answer)
    assert (scored.veto, scored.needs_review, "contradiction" in scored.flags) == (False, True, True)


def test_ignore_in_clause(l5):
    """Does '+inf 是 min 的单位元' (a clause about min) leave a max answer unvetoed?"""
    scored = score_answer(
        l5, "Q3", "For max use -inf, because max(x, -inf) = x; +inf is the identity for min, not max."
    )
    assert not scored.veto


def test_review_misconception_only_routes(l5):
    """Does a 'review' misconception route the answer without changing its points?"""
    scored = score_answer(l5, "Q2", "因为块必须是 2 的幂，所以取 128，和 128 字节对齐没关系吗？")
    assert scored.needs_review and not scored.veto and any(f.startswith("suspect:") for f in scored.flags)


def test_traditional_chinese_scores_like_simplified(l5):
    """Does a Traditional-Chinese answer score like its Simplified twin, with the original as evidence?"""
    traditional = score_answer(
        l5, "Q3", "應改成負無窮，因為 max(x, -∞) = x；若仍用 0.0，全為負數的列會得到 0。"
    )
    simplified = score_answer(
        l5, "Q3", "应改成负无穷，因为 max(x, -∞) = x；若仍用 0.0，全为负数的列会得到 0。"
    )
    assert traditional.points == simplified.points == 2.0
    assert traditional.matched[0]["sentence"].startswith("應改成負無窮")


def test_feedback_names_ideas_not_patterns(l5):
    """Is the student feedback free of regex text, one message per missing concept?"""
    scored = score_answer(l5, "Q3", "-inf")
    assert len(scored.feedback) >= 2
    assert not any(ch in message for message in scored.feedback for ch in "\\[]()|?")


def test_question_ids_are_case_insensitive(l5):
    """Is 'q3' the same question as 'Q3'?"""
    assert score_answer(l5, "q3", "-inf").question == "Q3"


def test_unknown_question(l5):
    """Does an unknown question id raise a RubricError listing the known ones?"""
    with pytest.raises(RubricError, match="Q1, Q2, Q3, explanation"):
        score_answer(l5, "Q9", "-inf")


def test_to_json_is_the_contract(l5):
    """Does to_json() hold exactly the contract's fields, in order?"""
    assert list(score_answer(l5, "Q3", "-inf").to_json()) == CONTRACT_KEYS


# ── JSONL and CLI ────────────────────────────────────────────────────────────────────────────────────


def test_score_jsonl_keeps_going_after_a_bad_line():
    """Does a malformed line yield an error object while the lines after it are still scored?"""
    lines = [
        '{"id": "a", "question": "Q3", "answer": "-inf"}',
        "not json",
        "",
        '{"id": "c", "question": "Q3"}',
    ]
    results = list(score_jsonl(ASSIGNMENT, lines))
    assert [r["id"] for r in results] == ["a", None, "c"]
    assert list(results[0]) == ["id", *CONTRACT_KEYS]
    assert "error" in results[1] and results[2]["error"] == "missing field 'answer'"


def test_cmd_rubric_score_prints_json_lines(tmp_path, capsys):
    """Does `rubric score` print one JSON object per line and exit 1 when a line failed?"""
    path = write(tmp_path, '{"id": 1, "question": "Q1", "answer": ""}\n{"id": 2}\n', "answers.jsonl")
    assert cmd_rubric_score(ASSIGNMENT, str(path)) == 1
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert printed[0]["points"] == 0.0 and "error" in printed[1]


def test_cmd_rubric_score_reads_stdin(monkeypatch, capsys):
    """Does FILE '-' read the answers from standard input?"""
    monkeypatch.setattr("sys.stdin", io.StringIO('{"id": "x", "question": "Q3", "answer": "-inf"}\n'))
    assert cmd_rubric_score(ASSIGNMENT, "-") == 0
    assert json.loads(capsys.readouterr().out)["points"] == 1.0


def test_cmd_rubric_score_missing_file(tmp_path):
    """Does a missing answers file exit 2 instead of raising?"""
    assert cmd_rubric_score(ASSIGNMENT, str(tmp_path / "absent.jsonl")) == 2


def test_cmd_rubric_check_passes_on_the_lesson(capsys):
    """Does `rubric check` exit 0 for lesson 5 and print the agreement per split?"""
    assert cmd_rubric_check(ASSIGNMENT) == 0
    assert "holdout-v2" in capsys.readouterr().out


def test_cmd_rubric_check_fails_on_a_false_veto(tmp_path, monkeypatch, capsys):
    """Does `rubric check` exit 1 when a calibration answer labelled without veto is vetoed?"""
    write(tmp_path, TINY.replace("severity: deduct, points_off: 0.5", "severity: veto"))
    write(
        tmp_path,
        "answers:\n  - {id: a, question: Q, points: 1.5, veto: false, answer: '-inf, because identity of max, sloppy'}\n",
        "calibration.yaml",
    )
    monkeypatch.setattr(rubric_module, "lesson", lambda assignment: Lesson(assignment, tmp_path))
    assert cmd_rubric_check("tiny") == 1
    assert "false vetoes 1" in capsys.readouterr().out


def test_cmd_rubric_check_fails_on_an_invalid_rubric(tmp_path, monkeypatch, capsys):
    """Does `rubric check` exit 1 and say why when the rubric does not load?"""
    write(tmp_path, TINY.replace("weight: 1.0, needs_cue", "weight: 0.25, needs_cue"))
    monkeypatch.setattr(rubric_module, "lesson", lambda assignment: Lesson(assignment, tmp_path))
    assert cmd_rubric_check("tiny") == 1
    assert "INVALID" in capsys.readouterr().out


# ── the calibration set ──────────────────────────────────────────────────────────────────────────────


@pytest.fixture(scope="module")
def calibration(l5):
    return check_rubric(l5, lesson(ASSIGNMENT).calibration)


def test_calibration_is_valid(calibration):
    """Does the calibration file parse, with at least 60 answers covering every question?"""
    assert calibration.errors == []
    assert len(calibration.results) >= 60
    assert {r.item.question for r in calibration.results} == {"Q1", "Q2", "Q3", "explanation"}


def test_calibration_has_no_false_veto(calibration):
    """Is no calibration answer labelled without a veto vetoed by the scorer?"""
    assert [r.item.id for r in calibration.results if r.false_veto] == []


def test_calibration_vetoes_are_caught_or_routed(calibration):
    """Is every veto-worthy calibration answer vetoed or sent to a TA?"""
    assert [r.item.id for r in calibration.results if r.item.veto and not r.veto_handled] == []


@pytest.mark.parametrize("split", [None, "dev", "holdout-v1", "holdout-v2"])
def test_calibration_agreement_on_auto_finalized(calibration, split):
    """Do auto-finalized answers match their labels (points and veto) at the target rate, per split?"""
    summary = calibration.summary(split)
    assert summary["exact_auto_rate"] >= calibration.targets["exact_auto"], calibration.disagreements()


def test_class_sample_routing_share(calibration):
    """On the plain class sample (holdout-v2), is at most the target share routed to review?

    The dev and holdout-v1 sets are adversarial on purpose (a third of them must be routed by rule:
    vetoes and stuffing), so the routing budget is checked on the sample that looks like a class.
    """
    assert calibration.summary("holdout-v2")["routed_share"] <= calibration.targets["max_routed"]
