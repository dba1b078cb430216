"""The answer-by-answer calibration diff (benchmarks/rubric_diff.py): does it name what a rubric change did?"""

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import rubric_diff  # noqa: E402


def answer(
    points: float, veto: bool = False, routed: bool = False, label: float = 1.0, label_veto: bool = False
):
    row = {"question": "Q1", "split": "blind-v1", "label_points": label, "label_veto": label_veto}
    return rubric_diff.from_row("a", row | {"points": points, "veto": veto, "routed": routed, "flags": []})


def test_a_finalized_score_off_by_more_than_half_a_point_is_a_silent_error():
    """Is a score 0.75 from its label and not routed a silent error, while 0.5 off, or routed, is not?"""
    assert answer(1.75).silent_error
    assert not answer(1.5).silent_error
    assert not answer(1.75, routed=True).silent_error


def test_vetoes_missed_and_false_are_wrong_only_when_finalized():
    """Is a veto-worthy answer neither vetoed nor routed a missed veto, and a veto on an honest answer a final false
    veto only when no TA sees it?"""
    assert rubric_diff.missed_veto(answer(0.0, label=0.0, label_veto=True))
    assert not rubric_diff.missed_veto(answer(0.0, routed=True, label=0.0, label_veto=True))
    assert answer(0.0, veto=True, label=0.0).false_final_veto
    assert not answer(0.0, veto=True, routed=True, label=0.0).false_final_veto


def test_compare_names_each_kind_of_change():
    """Does the diff name the answer that became wrong, the one fixed, the one no longer routed, the one newly routed
    and the one whose points moved, and leave an unchanged one and one new to the second run out of every list?"""
    before = {
        "lesson": {
            "a": answer(1.0, routed=True, label=0.0),  # routed, so not wrong
            "b": answer(2.0, label=1.0),  # a silent error
            "c": answer(1.0, routed=True),
            "d": answer(1.0),
            "e": answer(1.0),
            "f": answer(1.0),
        }
    }
    after = {
        "lesson": {
            "a": answer(1.0, label=0.0),  # no longer routed: now a silent error
            "b": answer(1.0, label=1.0),
            "c": answer(1.0),
            "d": answer(1.0, routed=True),
            "e": answer(0.5),
            "f": answer(1.0),
            "g": answer(2.0),
        }
    }
    report = rubric_diff.compare(before, after)["lesson"]
    assert report["became_wrong"] == ["a"]
    assert report["became_right"] == ["b"]
    assert report["unrouted"] == ["c"]
    assert report["now_routed"] == ["d"]
    assert report["moved"] == ["e"]
    assert report["before"]["silent_errors"] == 1 and report["after"]["silent_errors"] == 1
    assert report["answers_new_in_after"]["answers"] == 1


def test_a_dump_round_trips(tmp_path):
    """Does a dump written as `score` writes it load back into the same answers?"""
    rows = {"lesson": {"a": answer(1.25, routed=True)}}
    dump = {
        "revision": "abc",
        "seconds": 0.1,
        "lessons": {"lesson": {"a": rubric_diff.as_row(rows["lesson"]["a"])}},
    }
    path = tmp_path / "dump.json"
    path.write_text(json.dumps(dump), encoding="utf-8")
    assert rubric_diff.load_dump(path) == ("abc", rows)


def test_gate_topics_counts_each_topic_by_what_its_routes_did():
    """Does the gate-topic table count, per topic, the routes a TA only confirms and the ones that caught an error,
    an answer with two topics under both, most routes first?"""
    import gate_topics

    routes = [
        {"id": "a", "question": "Q2", "topics": ["nan"], "confirm_only": True},
        {"id": "b", "question": "Q2", "topics": ["nan", "precision"], "confirm_only": True},
        {"id": "c", "question": "Q3", "topics": ["precision"], "confirm_only": False},
        {"id": "d", "question": "Q3", "topics": ["launch"], "confirm_only": False},
    ]
    assert gate_topics.by_topic(routes) == [
        {"topic": "nan", "confirm_only": 2, "caught": 0},
        {"topic": "precision", "confirm_only": 1, "caught": 1},
        {"topic": "launch", "confirm_only": 0, "caught": 1},
    ]


def test_gate_topics_sees_the_gate_on_a_real_answer():
    """Does the spy see the topic an unread clause names in a lesson 7 answer routed by the gate alone ('NaN 让 max
    变小', a NaN doing something in its clause), skip an answer the gate does not route, and give the scorer its gate
    back?"""
    from types import SimpleNamespace

    import gate_topics

    import autograder.rubric.score as scoring
    from autograder.lesson.registry import lesson
    from autograder.rubric import load_rubric

    def q2(answer_id: str, text: str, points: float) -> SimpleNamespace:
        return SimpleNamespace(
            id=answer_id, question="Q2", answer=text, context=None, points=points, veto=False
        )

    rubric = load_rubric(lesson("lesson07-softmax").rubric)
    gate = scoring.unread
    items = [
        q2("a", "exp 溢出成 inf，NaN 让 max 变小。", 0.0),
        q2("b", "x 很大时 exp 溢出成 inf，整行就 NaN 了。", 0.5),
    ]
    routes = gate_topics.gate_routes(rubric, items)
    assert [r["id"] for r in routes] == ["a"]
    assert any("nan" in topic for topic in routes[0]["topics"])
    assert scoring.unread is gate
