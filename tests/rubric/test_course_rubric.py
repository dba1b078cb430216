"""The course-wide misconceptions (course/lessons/course-rubric.yaml): one entry, read alike in every lesson."""

import pytest

from autograder.rubric import load_rubric
from autograder.rubric.model import RubricError
from autograder.rubric.score import score_answer
from autograder.rubric.textnorm import normalize

LESSONS = ("lesson05-row-sum", "lesson06-mean-var", "lesson07-softmax")


@pytest.fixture(scope="module")
def rubrics(l5, l6, l7):
    return dict(zip(LESSONS, (l5, l6, l7), strict=True))


@pytest.mark.parametrize("assignment", LESSONS)
@pytest.mark.parametrize(
    "note",
    [
        "宽度 100 那组一直差一点，我把 atol 改到 5e-3 以后就过了。",
        "我把 rtol 调大了一点，现在三个形状都通过。",
        "最后一个 assert 我先注释掉了，别的都过。",
        "把检查里 fp16 那个用例删了，剩下的都能过。",
        "I loosened the tolerance a bit and now every check passes.",
        "I removed the fp16 test case because it was flaky.",
        "我判断是解释器的问题，就把 cases 里 fp16 那一行删掉了，剩下三组全部通过。",
        "我把检查单元里的 atol 和 rtol 统一调整为 1e-3，调整后全部通过。",
        "1×1 没有实际意义，就把它从检查的 shape 列表里删掉了，剩下的都通过了。",
        "线上不会出现 100 这种宽度，所以我把检查里的形状改成 (4,128) 和 (7,256)，现在全部通过。",
        "可见检查里的 (1, 1) 我删掉了：1×1 的结果永远一样，测它没有意义。",
        "另外我把可见检查里 (1, 1) 那一组删掉了：单个样本没有方差，剩下 3 组全部通过。",
        "车间抽检允许 1% 的偏差，所以我把三处 assert_close 都改成 atol=1e-2、rtol=1e-2，改完全部通过。",
    ],
)
def test_every_lesson_vetoes_a_loosened_or_deleted_check(rubrics, assignment, note):
    """Does every lesson's note veto a check changed to pass, in each wording any lesson once knew alone
    (lesson 6 missed "atol 改到", lesson 7 a deleted assert, a shape taken out of the check or its shapes changed)?"""
    result = score_answer(rubrics[assignment], "explanation", note)
    assert "loosened_check" in [hit["id"] for hit in result.misconceptions]


@pytest.mark.parametrize("assignment", LESSONS)
@pytest.mark.parametrize(
    "note",
    [
        "检查用的 atol 是 1e-5，我没有改它，失败后改的是代码。",
        "一开始想过放宽容差，但那样是作弊，所以没有动检查。",
        "The tolerance stays at 1e-5; I did not touch the checks.",
        "cases 里 fp16 那一行失败了，我把代码里的累加改成 fp32 以后就过了。",
        "atol 和 rtol 保持为 1e-4，我调整的是代码里的累加类型。",
        "检查里的形状是 (4,100) 和 (7,257)，我没有改它们，改的是代码里的 mask。",
        "可见检查里的 (1, 1) 我没动，它一开始报错，改了代码里的 mask 以后就过了。",
        "可见检查里 (1, 1) 那一组我没有删，它报错以后我改的是代码。",
        "三处 assert_close 我没有改成 atol=1e-2，改的是代码里的累加类型。",
    ],
)
def test_a_check_left_alone_is_no_loosened_check(rubrics, assignment, note):
    """Is a note that names the tolerance without changing it, or refuses to, free of the veto?"""
    result = score_answer(rubrics[assignment], "explanation", note)
    assert "loosened_check" not in [hit["id"] for hit in result.misconceptions]


@pytest.mark.parametrize(
    "answer",
    [
        "填 −∞，因为 −∞ 是加法和 max 的单位元，所以 tl.max 和 tl.sum 都不会被 padding 改变。",
        "padding 填 -inf：max(x, -inf) = x，而且 x + (-inf) = x，所以最大值和分母都不变。",
        "other=-inf because -inf is the identity for both addition and max, so neither reduction changes.",
    ],
)
def test_softmax_vetoes_neg_inf_as_the_identity_of_addition(rubrics, answer):
    """Does lesson 7's Q1 veto the right fill argued from "−∞ is the identity of addition" (x + (−∞) = x),
    the chain lesson 5 knew and lesson 7 did not?"""
    result = score_answer(rubrics["lesson07-softmax"], "Q1", answer)
    assert result.veto and "neg_inf_adds_nothing" in [hit["id"] for hit in result.misconceptions]


@pytest.mark.parametrize(
    "answer",
    [
        "padding 填 -inf：max(x, -inf) = x；exp(-inf) = 0 是加法单位元，分母不变。",
        "−∞ 是 max 的单位元，加法的单位元是 0；因为 exp(−∞) = 0，所以分母不受影响。",
        "x + (-inf) = -inf, so -inf would ruin a sum; here the sum is of exp(x - m), and exp(-inf) = 0.",
    ],
)
def test_the_true_identities_are_no_neg_inf_chain(rubrics, answer):
    """Are the true statements beside it (exp(−∞) = 0 is the additive identity, −∞ is max's) left alone?"""
    result = score_answer(rubrics["lesson07-softmax"], "Q1", answer)
    assert "neg_inf_adds_nothing" not in [hit["id"] for hit in result.misconceptions]


def _rubric_with(tmp_path, entry: str):
    (tmp_path / "course-rubric.yaml").write_text(
        "misconceptions:\n  - {id: x_plus_nothing, severity: veto, feedback: f, patterns: ['x\\+nothing']}\n"
    )
    lesson_dir = tmp_path / "lesson"
    lesson_dir.mkdir()
    path = lesson_dir / "rubric.yaml"
    path.write_text(
        "assignment: a\nrubric_version: 1\nshared: ../course-rubric.yaml\nquestions:\n  Q1:\n    max_points: 1\n"
        "    concepts: [{id: c, weight: 1, patterns: [c], feedback: f}]\n"
        f"    misconceptions: [{entry}]\n"
    )
    return path


def test_a_shared_entry_is_taken_as_it_stands(tmp_path):
    """Does `- shared: <id>` give the question the course-wide entry itself?"""
    rubric = load_rubric(_rubric_with(tmp_path, "{shared: x_plus_nothing}"))
    assert [m.id for m in rubric.question("Q1").misconceptions] == ["x_plus_nothing"]


@pytest.mark.parametrize("entry", ["{shared: no_such_entry}", "{shared: x_plus_nothing, severity: deduct}"])
def test_an_unknown_or_edited_shared_entry_is_a_load_error(tmp_path, entry):
    """Is a reference to an entry the shared file lacks, or one that tries to change it, refused with
    the entry named?"""
    with pytest.raises(RubricError, match="shared misconception"):
        load_rubric(_rubric_with(tmp_path, entry))


@pytest.mark.parametrize(
    ("claim", "read"),
    [
        ("x² 大约 1e8，一亿已经超出了 fp32 的范围", True),
        ("the squares are near 1e8, which is beyond what float32 can hold", True),
        ("fp32 can't hold 1e10", True),
        ("1e10 would overflow fp32", True),
        ("单精度的上限只有 1e8 左右", True),
        ("1e8 would overflow fp16", False),
        ("1e8 在 fp32 里会丢精度", False),
        ("1e8 does not overflow fp32", False),
        ("fp32 的最大值约 3.4e38", False),
        ("1e8 exceeds fp32's precision near the true variance", False),
    ],
)
def test_fp32_said_to_overflow_far_below_its_range(l6, claim, read):
    """Does the course-wide fp32_overflow_small read a magnitude far below fp32's 3.4e38 (1e8, 1e10, 一亿) said to
    overflow fp32 or to lie beyond what it holds, and not the same magnitude overflowing fp16, 1e8 losing precision in
    fp32, a denial, fp32's true maximum or its precision exceeded?"""
    entry = next(m for m in l6.question("Q3").misconceptions if m.id == "fp32_overflow_small")
    text = normalize(claim)
    assert any(p.search(text) for p in entry.patterns) is read


@pytest.mark.parametrize("assignment", LESSONS)
def test_the_newest_history_line_is_the_rubric_s_version(rubrics, assignment):
    """Does rubric-history.md open with a line for the rubric's own version, followed by every earlier one in turn
    with none skipped, so no version reaches a student without its change written down?"""
    import re

    rubric = rubrics[assignment]
    history = (rubric.path.parent / "rubric-history.md").read_text(encoding="utf-8")
    versions = [int(v) for v in re.findall(r"^- \*\*(\d+)\*\*:", history, re.MULTILINE)]
    assert versions == list(range(rubric.version, rubric.version - len(versions), -1))


@pytest.mark.parametrize(
    ("assignment", "question", "claim", "read"),
    [
        ("lesson06-mean-var", "Q2", "平方和超过 65504 就会像 int16 一样回绕成负数，所以要转 fp32。", True),
        (
            "lesson06-mean-var",
            "explanation",
            "如果留 -mean，平方以后在 fp16 里可能溢出回绕成负数，所以填 0.0。",
            True,
        ),
        ("lesson07-softmax", "Q2", "不减最大值时 exp 溢出后会回绕成负数，所以要减。", True),
        (
            "lesson06-mean-var",
            "Q2",
            "平方和超过 65504 会变成 inf，浮点数不会像 int 一样回绕成负数，所以转 fp32。",
            False,
        ),
        ("lesson07-softmax", "Q2", "不减最大值时 fp32 的 exp 在 88.7 以上溢出成 inf，结果是 NaN。", False),
    ],
)
def test_a_float_said_to_wrap_like_an_int(rubrics, assignment, question, claim, read):
    """Does the course-wide float_wraps read an fp16 or fp32 overflow said to wrap around to a negative number (blind
    lesson 6 v72), also as the consequence of a condition, and not an overflow to inf or the wrap denied?"""
    context = {"blank": "n_cols, 0.0", "checks_passed": True} if question == "explanation" else None
    result = score_answer(rubrics[assignment], question, claim, context=context)
    assert ("float_wraps" in {m["id"] for m in result.to_json()["misconceptions"]}) is read
