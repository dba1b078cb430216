"""autograder/rubric/load.py: a question that `inherits` the wrong chains of the questions it explains."""

import pytest
import yaml

from autograder.lesson.registry import lesson
from autograder.rubric import load_rubric
from autograder.rubric.load import read_yaml
from autograder.rubric.model import RubricError
from autograder.rubric.score import score_answer

CONCEPT = "[{id: c, weight: 1, patterns: [c], feedback: f}]"


def _rubric(tmp_path, inherits: str):
    path = tmp_path / "rubric.yaml"
    path.write_text(
        "assignment: a\nrubric_version: 1\nquestions:\n"
        f"  Q1:\n    max_points: 1\n    concepts: {CONCEPT}\n    misconceptions:\n"
        "      - {id: skips, severity: veto, feedback: f, patterns: [skips], unless_concepts: [c]}\n"
        "      - {id: small, severity: deduct, points_off: 0.5, feedback: f, patterns: [small]}\n"
        "      - {id: mine, severity: veto, feedback: f, patterns: [mine]}\n"
        f"  explanation:\n    max_points: 1\n    inherits: {inherits}\n"
        "    concepts: [{id: n, weight: 1, patterns: [n], feedback: f}]\n"
        "    misconceptions: [{id: mine, severity: deduct, points_off: 0.5, feedback: f, patterns: [mine]}]\n"
    )
    return path


def test_a_note_takes_the_vetoes_it_does_not_list_as_uncertain(tmp_path):
    """Does `inherits` add the other question's vetoes (not its deductions, not an id the note lists) as
    uncertain, dropping concepts the note does not ask for?"""
    note = load_rubric(_rubric(tmp_path, "[Q1]")).question("explanation")
    by_id = {m.id: m for m in note.misconceptions}
    assert sorted(by_id) == ["mine", "skips"]
    assert by_id["mine"].severity == "deduct"  # the note's own entry decides
    assert not by_id["skips"].certain and by_id["skips"].unless_concepts == ()


@pytest.mark.parametrize("inherits", ["[Q9]", "[explanation]"])
def test_inheriting_from_no_other_question_is_a_load_error(tmp_path, inherits):
    """Is a name that is not another question of the rubric refused, naming it?"""
    with pytest.raises(RubricError, match="inherits"):
        load_rubric(_rubric(tmp_path, inherits))


@pytest.mark.parametrize(
    "note",
    [
        "第一个空 float('-inf')，第二个 row_max。被 mask 掉的 lane 根本不参与 tl.max 和 tl.sum，所以 other 填多少都行。检查都过了。",
        "other 用 −inf，shift 用 row_max；其实 tl.sum 会自动忽略被 mask 的 lane，填 −inf 只是保险。全部通过。",
    ],
)
def test_a_lesson_7_note_resting_on_lanes_skipped_by_the_reductions_goes_to_a_ta(l7, note):
    """Does a note with the right blanks whose reason is Q1's 'masked lanes are skipped' go to a TA with
    that veto, not pass at full marks (blind l7v18-ex-024)?"""
    context = {"blank": "float('-inf'), row_max", "checks_passed": True}
    result = score_answer(l7, "explanation", note, context=context)
    assert result.needs_review and "mask_skips_reduction" in [hit["id"] for hit in result.misconceptions]


def test_a_lesson_7_note_with_the_true_reason_is_not_sent_for_the_inherited_veto(l7):
    """Is a note saying −∞ loses in tl.max and adds 0 after exp left without the inherited veto?"""
    note = "other 填 float('-inf')：padding lane 在 tl.max 里输给真实值，exp 之后为 0，不进分母；shift 填 row_max，防止 exp 溢出。检查都通过。"
    context = {"blank": "float('-inf'), row_max", "checks_passed": True}
    result = score_answer(l7, "explanation", note, context=context)
    assert "mask_skips_reduction" not in [hit["id"] for hit in result.misconceptions]
    assert result.points == 1.0 and not result.veto


def test_reads_as_must_name_a_concept_of_another_question(tmp_path):
    """Does `reads_as` naming no concept of another question fail to load with the question named, rather than
    silently reading nothing?"""
    import yaml as _yaml

    from autograder.rubric import RubricError, load_rubric

    data = {
        "assignment": "x",
        "questions": {
            "Q1": {
                "max_points": 2,
                "concepts": [{"id": "a", "weight": 1, "patterns": ["a"], "feedback": "a"}],
            },
            "Q2": {
                "max_points": 2,
                "concepts": [
                    {"id": "b", "weight": 1, "patterns": ["b"], "feedback": "b", "reads_as": ["Q1.nope"]}
                ],
            },
        },
    }
    path = tmp_path / "rubric.yaml"
    path.write_text(_yaml.safe_dump(data, allow_unicode=True))
    with pytest.raises(RubricError, match="reads_as 'Q1.nope'"):
        load_rubric(path)


def test_libyaml_reads_a_rubric_as_the_pure_python_parser_does():
    """Does the faster parser that reads rubrics and calibrations give exactly the data PyYAML's own parser gives?"""
    path = lesson("lesson07-softmax").rubric
    text = path.read_text(encoding="utf-8")
    assert read_yaml(path) == yaml.load(text, Loader=yaml.SafeLoader)
