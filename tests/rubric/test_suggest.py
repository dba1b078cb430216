"""autograder/rubric/suggest.py: the premises the rubric does not know, and agreement with TA labels."""

from autograder.pipeline import store
from autograder.rubric import suggest as rubric_suggest
from autograder.rubric import ta_labels


def test_the_most_common_unrecognized_premise_comes_first(tmp_path):
    """Are routed answers' unknown premises counted across students, the commonest first?"""
    premise = {"flag": "unknown_premise", "sentence": "因为 GPU 会自动忽略这些 lane"}
    for number in range(3):
        evidence = [premise] if number < 2 else [{"flag": "unknown_premise", "sentence": "因为寄存器清零"}]
        store.write_json(tmp_path / "grades" / f"s{number}.json", {"answers": {"Q1": {"evidence": evidence}}})
    (top, count), *_ = rubric_suggest.unrecognized(tmp_path).most_common()
    assert count == 2 and top == ("Q1", "因为 gpu 会自动忽略这些 lane")


def test_ta_labels_are_held_against_the_rubric(tmp_path, monkeypatch):
    """Does `rubric check` count how many TA-labelled answers the rubric agrees with?"""
    monkeypatch.setenv("COURSE_TA_LABELS", str(tmp_path))
    ta_labels.record("lesson05-row-sum", "Q3", ["YOUR ANSWER HERE"], 0.0, False, "ta", "")
    ta_labels.record("lesson05-row-sum", "Q2", ["YOUR ANSWER HERE"], 2.0, False, "ta", "")
    report = rubric_suggest.ta_agreement("lesson05-row-sum")
    assert report["labels"] == 2 and report["agree"] == 1 and report["differ"][0].startswith("Q2: TA 2")
