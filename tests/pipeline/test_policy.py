"""autograder/pipeline/policy.py: the pass rule and the TA's final word."""

from autograder.lesson.spec import PassRule
from autograder.pipeline.policy import Override, Part, Veto, apply, max_total

RULE = PassRule(min_total=8, no_veto=True)  # lesson 5's rule, as its spec declares it


def _parts(points):
    names = ["code_normal", "code_boundary", "code_explanation", "Q1", "Q2", "Q3"]
    maxima = [2, 1, 1, 2, 2, 2]
    return {n: Part(p, m, "auto") for n, p, m in zip(names, points, maxima, strict=True)}


def test_eight_points_and_no_veto_pass():
    """Does a total of exactly 8 with no veto pass, and 7.5 fail?"""
    assert apply(_parts([2, 1, 1, 2, 2, 0]), [], None, RULE)[3] is True
    assert apply(_parts([2, 1, 0.5, 2, 2, 0]), [], None, RULE)[3] is False
    assert max_total(_parts([0] * 6)) == 10


def test_a_veto_fails_a_full_score():
    """Does a veto fail a 10/10 submission?"""
    _, vetoes, total, passed = apply(_parts([2, 1, 1, 2, 2, 2]), [Veto("loosened_checks", "e")], None, RULE)
    assert total == 10 and not passed and vetoes


def test_ta_scores_and_cleared_vetoes_win():
    """Do a TA's part score and cleared veto override the automatic ones?"""
    override = Override(parts={"Q3": 2.0}, cleared_vetoes=["wrong_causal_chain"], reviewer="ta", note="ok")
    parts, vetoes, total, passed = apply(
        _parts([2, 1, 1, 2, 2, 0]), [Veto("wrong_causal_chain", "e")], override, RULE
    )
    assert parts["Q3"].source == "ta" and total == 10 and passed and vetoes == []


def _split(review: bool = False, code: float = 4, note: float = 2) -> dict:
    from autograder.pipeline.policy import Part

    return {
        "code": Part(code, 4, "harness"),
        "written": Part(4, 4, "rubric"),
        "note": Part(note, 2, "rubric", review),
    }


def test_outcome_waits_for_a_review_that_could_change_it():
    """Is a student whose routed answer decides pass or fail 'pending_review', not pass or fail?"""
    from autograder.pipeline.policy import outcome

    assert outcome(_split(review=True, code=3), [], False, RULE) == "pending_review"
    assert outcome(_split(review=True, code=4), [], False, RULE) == "pass"
    assert outcome(_split(review=True, code=1), [], False, RULE) == "fail"


def test_uncertain_vetoes_and_open_findings_pend_and_certain_ones_fail():
    """Does an uncertain veto or an open finding pend, while a certain veto fails at once?"""
    from autograder.pipeline.policy import Veto, outcome

    assert outcome(_split(), [Veto("loosened_checks", "x", certain=False)], False, RULE) == "pending_review"
    assert outcome(_split(), [], True, RULE) == "pending_review"
    assert outcome(_split(review=True), [Veto("loosened_checks", "x")], False, RULE) == "fail"
