"""The written-answer rubric: loading, each scoring rule, the JSONL contract, and the calibration gate."""

import io
import json

import pytest

from autograder import rubric as rubric_module
from autograder.lesson.registry import Lesson, assignments, lesson
from autograder.rubric import (
    RubricError,
    cmd_rubric_check,
    cmd_rubric_score,
    load_rubric,
    pass_condition,
    score_answer,
    score_jsonl,
)
from autograder.rubric.check import calibration_files, load_calibration

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
    valid_premises:
      - {id: knows_identity, earns: reason, patterns: ['identity of max']}
    misconceptions:
      - {id: minor, severity: deduct, points_off: 0.5, feedback: minor slip, patterns: ['sloppy']}
"""


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


def test_premise_earning_an_unknown_concept(tmp_path):
    """Is a valid premise that earns a concept the question does not have rejected?"""
    with pytest.raises(RubricError, match=r"earns unknown concept 'ghost'"):
        load_rubric(write(tmp_path, TINY.replace("earns: reason", "earns: ghost")))


def test_unknown_check_state(tmp_path):
    """Is a concept asked in a check state that does not exist rejected?"""
    text = TINY.replace(
        "needs_cue: true, feedback: why,", "needs_cue: true, when: [sometimes], feedback: why,"
    )
    with pytest.raises(RubricError, match=r"unknown check state 'sometimes'"):
        load_rubric(write(tmp_path, text))


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


def test_certain_misconception_vetoes_and_a_ta_confirms(l5):
    """Does a misconception asserted plainly, with a reason, zero the question and veto it with its sentence,
    routed so a TA confirms it (lesson 5 routes even certain vetoes: the blind set v4 found wrong ones)?"""
    scored = score_answer(l5, "Q3", "other 用 0.0 或 -inf 都可以，因为 padding 被 mask 了。")
    assert (scored.points, scored.veto, scored.needs_review) == (0.0, True, True)
    assert "veto_certain" in scored.flags
    assert scored.misconceptions[0] == {
        "id": "zero_still_ok",
        "sentence": "other 用 0.0 或 -inf 都可以，因为 padding 被 mask 了",
        "veto": True,
    }


@pytest.mark.parametrize(
    "answer", ["other 用 0.0 或 -inf 都可以。", "把 tl.sum 换成 tl.max 就行了，other 不用改。"]
)
def test_bare_wrong_conclusion_goes_to_a_ta(l5, answer):
    """Is a wrong conclusion in an answer that gives no reason at all ("other 不用改") vetoed only
    through a TA? A veto is for a wrong causal chain; with no chain, whether there is one is a call."""
    scored = score_answer(l5, "Q3", answer)
    assert scored.veto and scored.needs_review
    assert "veto_unsure:zero_still_ok" in scored.flags


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Q2", "因为块长必须是 2 的幂，所以取 128；多出来的 28 个 lane 会多读显存带宽。"),  # confidence: low
        ("Q3", "我觉得 0.0 也可以吧。"),  # hedged
        ("Q3", "有人说 0.0 也可以，因为 padding 被 mask 了。"),  # reported
    ],
)
def test_uncertain_veto_is_routed_with_evidence(l5, question, answer):
    """Is a veto from a low-confidence pattern, a hedge or a reported claim sent to a TA, not final?"""
    scored = score_answer(l5, question, answer)
    assert scored.veto and scored.needs_review
    assert any(e["flag"].startswith("veto_unsure") for e in scored.evidence)


def test_reported_belief_turned_down_by_the_next_sentence_is_no_misconception(l5):
    """Is a belief reported as someone else's ("有人会觉得…") and rejected by the next sentence ("但…")
    no misconception at all, while the same report left standing still goes to a TA?"""
    refuted = (
        "有人会觉得 0 已经很小了，不用改。但一行全是负数时 0 会胜出，所以必须填 -inf，因为 max(x,-inf)=x。"
    )
    scored = score_answer(l5, "Q3", refuted)
    assert not scored.veto and scored.misconceptions == []
    standing = score_answer(l5, "Q3", "有人会觉得 0 已经很小了，不用改。")
    assert standing.veto and standing.needs_review


@pytest.mark.parametrize(
    "answer",
    ["填 0.0 是为了防止越界访问，不填的话会去读非法地址。", "other=0.0 prevents out-of-bounds reads."],
)
def test_other_credited_with_the_masks_job_goes_to_a_ta(l5, answer):
    """Is the belief that other (not the mask) prevents out-of-bounds access a veto a TA confirms?"""
    scored = score_answer(l5, "explanation", answer, context={"blank": "0.0", "checks_passed": True})
    assert scored.veto and scored.needs_review
    assert "veto_unsure:other_guards_bounds" in scored.flags


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Q2", "多出来的 28 个 lane 其实在预取下一行，所以开到 128。"),  # hardware story no pattern reads
        ("Q3", "填 -inf。因为 other=0.0 时被 mask 的 lane 在 GPU 上是没初始化的垃圾值，max 会选到垃圾。"),
    ],
)
def test_claims_about_prefetch_or_garbage_are_routed(l5, question, answer):
    """Does a claim about prefetching, caches or uninitialized garbage, which no pattern judges, go to a
    TA instead of being finalized on its right-looking words?"""
    assert score_answer(l5, question, answer).needs_review


def test_vetoed_answer_keeps_its_other_sentences(l5):
    """Does a vetoed answer keep the credit of sentences that do not assert the misconception (capped)?"""
    answer = "max 时填 -inf，因为 max(x,-inf)=x。其实 sum 也可以直接用 -inf，这样就能共用。"
    scored = score_answer(l5, "Q3", answer)
    assert scored.veto and scored.points == 0.5


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


def test_small_cap_loss_is_routed(l5):
    """Is an answer whose cap removed half a point sent to review too ('cap_loss'), not only a point?"""
    scored = score_answer(
        l5, "Q2", "BLOCK must be a power of two. next_power_of_2(100) is 128. The 28 extra lanes are masked."
    )
    assert scored.points == 1.0 and "cap_loss" in scored.flags and scored.needs_review


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
        "因为 -inf、单位元、max、全负、padding，所以 other 要改。",
        "负无穷 单位元 max 全负 0 胜出，所以填负无穷。",
        "Power of two. Mask. Identity element. Padding lanes. Therefore correct.",
    ],
)
def test_keyword_stuffing_scores_zero(l5, answer):
    """Does a list of terms or a repeated term score 0 with flag 'stuffing', routed to review?"""
    scored = score_answer(l5, "Q3" if "inf" in answer else "Q1", answer)
    assert (scored.points, "stuffing" in scored.flags, scored.needs_review) == (0.0, True, True)


def test_a_list_framed_by_connectives_is_finalized_at_zero(l5):
    """Is a list of six bare terms that connectives only frame ("因为 mask、单位元、…，所以行归约正确") a bare
    term list, scored 0 without a TA, as the same list without the connectives is?"""
    scored = score_answer(l5, "Q1", "因为 mask、单位元、padding、tl.sum、折半，所以行归约正确。")
    assert (scored.points, "term_list" in scored.flags, scored.needs_review) == (0.0, True, False)


def test_terse_genuine_answer_is_not_stuffing(l5):
    """Is a short but genuine sentence ('用 -inf，因为 max(x,-inf)=x，不会改变结果') kept out of stuffing?"""
    scored = score_answer(l5, "Q3", "用 -inf，因为 max(x,-inf)=x，不会改变结果")
    assert "stuffing" not in scored.flags and scored.points == 1.5


@pytest.mark.parametrize("value", ["负无穷（-inf）", "负无穷"])
def test_value_in_brackets_is_not_stuffing(l5, value):
    """Does a full answer that writes its value with a bracketed spelling ('负无穷（-inf）') get 2/2?"""
    answer = f"应改为{value}。因为 -inf 是 max 的单位元；要是仍然用 0，整行都是负数时结果会变成 0。"
    scored = score_answer(l5, "Q3", answer)
    assert (scored.points, scored.needs_review, "stuffing" in scored.flags) == (2.0, False, False)


# ── reasons: premises the rubric knows, premises it does not ────────────────────────────────────────


def test_valid_premise_earns_the_reason(l5):
    """Does a causal clause resting on a valid premise ('-inf 比任何数都小') earn the reason, unrouted?"""
    scored = score_answer(l5, "Q3", "用 -inf，因为 -inf 比任何数都小，不会被 max 选中。")
    assert (scored.points, scored.needs_review) == (1.5, False)
    assert "identity_reason" not in scored.missing


@pytest.mark.parametrize(
    ("question", "answer", "points"),
    [
        ("Q3", "改成 -inf，因为 Triton 的编译器会特殊照顾 -inf。", 1.0),
        ("Q1", "每行一个 program，越界 lane 填 0，因为 Triton 会按 warp 重新排列数据，所以和不变。", 1.0),
        ("Q2", "因为 GPU 的 SM 一次只能调度 128 个线程，所以取 128，多出 28 个 lane 用 mask 挡住。", 1.0),
    ],
)
def test_unknown_premise_routes_with_conclusion_share(l5, question, answer, points):
    """Is a right conclusion on a premise the rubric does not know routed, with the clause as evidence,
    earning only the conclusion's share meanwhile (never the reason)?"""
    scored = score_answer(l5, question, answer)
    assert scored.needs_review and "unknown_premise" in scored.flags
    assert scored.points <= points and not scored.veto
    assert any(e["flag"] == "unknown_premise" for e in scored.evidence)


@pytest.mark.parametrize(
    ("question", "answer", "misconception"),
    [
        (
            "Q1",
            "tl.sum 求和的时候 GPU 会自动忽略 mask 为 False 的 lane，所以结果不变。",
            "mask_skips_reduction",
        ),
        (
            "Q1",
            "masked lanes are 0 since GPU registers are zero-initialized by the hardware.",
            "hardware_zeroes",
        ),
        ("Q1", "padding 填 0，因为 0 是中性值，不管是 sum、max 还是 min 都不会影响结果。", "zero_universal"),
        (
            "Q3",
            "other 依旧等于零。理由：max 括号 x 逗号 零 括号 等于 x，零 不改变 x 的大小。",
            "zero_still_ok",
        ),
        ("Q3", "other=-inf，因为 max 指令遇到 -inf 会直接跳过这个 lane。", "max_skips_inf"),
        ("Q3", "max 用 -inf，因为 max(x,-inf)=x。min 也用 -inf 就行。", "neg_inf_for_sum"),
        ("Q3", "填 1.0 就行，因为 1 是单位元。", "one_for_max"),
        ("explanation", "填 0.0。其实填不填都行，因为 GPU 会把 mask 掉的寄存器清零。", "hardware_zeroes"),
    ],
)
def test_wrong_beliefs_in_other_words_veto(l5, question, answer, misconception):
    """Is a wrong belief vetoed in other words too: other word order, a formula spelled in words,
    another false premise?"""
    scored = score_answer(l5, question, answer)
    assert scored.veto and misconception in {m["id"] for m in scored.misconceptions}


def test_known_wrong_premise_beats_a_right_one(l5):
    """Does a premise that holds a misconception veto even when it also names a valid fact?"""
    answer = "每行一个 program，越界 lane 会读到下一行的数据，但 0 是加法单位元，所以和不变。"
    assert score_answer(l5, "Q1", answer).veto


def test_romanized_answer_is_routed(l5):
    """Is an answer typed in toneless pinyin, which no pattern reads, sent to a TA?"""
    answer = (
        "shu ru: mei ge program chu li yi hang. zhuang tai bian hua: tian 0, yin wei x+0=x suo yi bu bian."
    )
    assert "romanized" in score_answer(l5, "Q1", answer).flags


def test_reported_misconception_with_refutation_is_no_veto(l5):
    """Is '很多人以为 X，其实不是' a refutation, not the student's belief?"""
    answer = (
        "很多人以为 tl.sum 会跳过被 mask 掉的 lane，其实不是：它把全部 lane 加起来，因为 x+0=x，所以和不变。"
    )
    assert not score_answer(l5, "Q1", answer).veto


# ── general rules: stated values, lesson facts, praise, the confidence gate ───────────────────────────


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "Q1",
            "输入：一行一个 program。状态变化：这些 lane 填上单位元 1.0，所以 tl.sum 加完不变。输出：写回。",
        ),
        ("Q2", "因为块长必须是 2 的幂，取 128。多出的 28 个 lane 要填单位元 1.0，这样它们就不会影响结果。"),
        ("Q3", "max 用 -inf，因为 max(x,-inf)=x。另外 sum 的话也可以用 -inf，所以两者能共用。"),
        ("Q3", "other 改成 +inf，因为它是 max 的单位元。"),
        ("explanation", "填 1.0，因为 1 是单位元，加进去不影响结果。"),
    ],
)
def test_wrong_value_stated_as_the_reason_vetoes(l5, question, answer):
    """Is a fill or identity value that is not the identity of the reduction it is stated for (1.0 for
    a sum, -inf for a sum, +inf for max) vetoed, in whatever words, when the answer rests a reason on it?"""
    scored = score_answer(l5, question, answer)
    assert scored.veto and "wrong_value" in {m["id"] for m in scored.misconceptions}


def test_vetoed_clause_loses_its_credit_not_the_whole_sentence(l5):
    """Does the clause that asserts the wrong reason lose its credit while the value stated in another
    clause of the same sentence keeps it (capped), as a right conclusion on a wrong reason should?"""
    scored = score_answer(l5, "Q3", "-inf，因为 -inf 乘以 0 还是 0，不会影响 max。")
    assert scored.veto and scored.points == 0.5
    assert [m["concept"] for m in scored.matched] == ["neg_inf_value"]


def test_wrong_value_without_a_reason_goes_to_a_ta(l5):
    """Is a wrong fill stated with no reason ("other=1.0") routed as an uncertain veto, not final?"""
    scored = score_answer(l5, "Q1", "输入一行，越界 lane 的 other=1.0，输出写回 out[row]")
    assert scored.veto and scored.needs_review and "veto_unsure:wrong_value" in scored.flags


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Q3", "改成 -inf，因为 max(x,-inf)=x。同理 min 用 +inf，prod 用 1.0，sum 用 0。"),
        ("Q3", "改成 -inf，因为 max(x,-inf)=x；如果还填 0，全负的行会得到 0。"),
        ("Q1", "越界 lane 填 0.0，因为 0 是加法单位元；换成 max 就要填 -inf。"),
        ("Q1", "越界 lane 填 0.0，x+0=x，所以和不变；若误填 1.0，每行多 28。"),
        ("explanation", "填 0.0。第一次我以为单位元是 1，(4,100) 每行多了 28；1 是乘法的单位元。"),
        ("Q2", "因为 tl.arange 必须是 2 的幂，所以取 128；N 设为 1 时 BLOCK=1，没有 padding。"),
    ],
)
def test_right_values_and_other_reductions_are_no_wrong_value(l5, question, answer):
    """Is a value stated for another reduction (min +inf, prod 1.0), a hypothetical, a belief the
    student says it held before, or another parameter (N 设为 1) left alone by the value check?"""
    scored = score_answer(l5, question, answer)
    assert "wrong_value" not in {m["id"] for m in scored.misconceptions}


@pytest.mark.parametrize(
    "answer",
    [
        "改成 -inf。当 other=0 时，因为 0 比所有负数大，所以全负行会返回 0。",
        "With other=0.0, an all-negative row returns 0 because 0 beats every value, so use -inf.",
        "max 的单位元是 -inf，sum 的单位元是 0，所以这里要改成 -inf。",
        "要改成 -inf。注意不能是 +inf：+inf 会在每次比较中胜出。-inf 是 max 的单位元，max(x,-inf)=x。",
    ],
)
def test_scenes_and_explained_denials_are_no_final_veto(l5, answer):
    """Is no final veto given for a value that sets a scene ("当 other=0 时…"), a value whose reduction
    another clause names, or a misconception the sentence first denies and then explains ("不能是
    +inf：+inf 会胜出")?"""
    scored = score_answer(l5, "Q3", answer)
    assert not scored.veto or scored.needs_review


def test_lesson_false_claim_routes_in_a_question_that_does_not_list_it(l5):
    """Does a false claim of the lesson (padding lanes read memory) send a Q3 answer to a TA, though
    Q3's own list has no such misconception, while the Q1 list keeps it a certain veto?"""
    q3 = score_answer(l5, "Q3", "-inf。不过这样 padding lane 要先从显存读进来再比较，会慢一点。")
    assert q3.veto and q3.needs_review
    q1 = score_answer(l5, "Q1", "输入一行，padding lane 也要从显存读进来，所以用 other=0.0 覆盖，和不变。")
    assert q1.veto and "veto_certain" in q1.flags


@pytest.mark.parametrize(
    "answer",
    [
        "我把 other=______ 整个删了，在解释器上跑检查全过，说明默认就是 0，不需要写。",
        "填 0.0。这样 padding lane 从显存里读进来的垃圾数据会被替换成 0，求和就对了。",
    ],
)
def test_lesson_false_claims_in_the_note(l5, answer):
    """Are "默认就是 0" and "读进来的垃圾数据被替换成 0" caught in the note as wrong mechanisms?"""
    scored = score_answer(l5, "explanation", answer, context={"blank": "0.0", "checks_passed": True})
    assert scored.veto and scored.needs_review


def test_counterfactual_claim_is_asserted_inside_its_condition(l5):
    """Is a wrong failure case ("如果还填 0，一行全是正数的时候 0 会被当成最大值") caught although it is
    stated inside a conditional: a failure case is always a claim about what would happen?"""
    scored = score_answer(l5, "Q3", "-inf。因为如果还填 0，一行全是正数的时候，0 会被当成最大值。")
    assert scored.veto and scored.needs_review
    right = score_answer(l5, "Q3", "-inf，因为 max(x,-inf)=x。如果还填 0，全负的行会得到 0。")
    assert not right.veto


def test_grandiose_praise_earns_nothing_and_routes(l5):
    """Does a sentence of praise and terms ("充分体现了…保证了正确性与高性能") earn nothing and go to a
    TA, where the same terms in a sentence with a formula keep their credit?"""
    praise = "本实现综合运用了 masked load、代数单位元、SIMD 折半树、warp shuffle，充分体现了 Triton 的范式，保证了正确性与高性能。"
    scored = score_answer(l5, "explanation", praise, context={"blank": "0.0", "checks_passed": True})
    assert (scored.points, scored.needs_review) == (0.0, True) and "grandiose" in scored.flags
    plain = "填 0.0，因为 0 是加法单位元，x+0=x，padding 不改变和，高效又正确。"
    assert "grandiose" not in score_answer(l5, "explanation", plain).flags


def test_unread_words_of_a_missing_concept_route_only_when_a_point_is_lost(tmp_path):
    """With a concept missing, do its words left unread route the answer only when a point or more is
    missing (within half a point of full marks no missed credit can make a silent error)?"""
    text = TINY.replace(
        "needs_cue: true, feedback: why,", "needs_cue: true, feedback: why, topic: ['identity|单位元'],"
    )
    answer = "-inf，因为它是 max 的单位元"  # the reason in words TINY's patterns do not know
    tiny = load_rubric(write(tmp_path, text))
    assert "unread" in score_answer(tiny, "Q", answer).flags  # 1 of 2 points
    text = text.replace("id: value, weight: 1.0", "id: value, weight: 1.5")
    tiny = load_rubric(write(tmp_path, text.replace("id: reason, weight: 1.0", "id: reason, weight: 0.5")))
    assert "unread" not in score_answer(tiny, "Q", answer).flags  # 1.5 of 2


def test_words_of_an_unearned_reason_route_a_partly_credited_answer(tmp_path):
    """Does an answer that states a missing reason's words outside any sound chain go to a TA rather
    than silently lose the reason's points, while one that earned the reason, or earned nothing at
    all, is left alone?"""
    tiny = load_rubric(write(tmp_path, TINY))
    scored = score_answer(tiny, "Q", "-inf。它是 identity of max")  # the reason's words, no chain
    assert scored.points == 1.0 and "unread" in scored.flags and scored.needs_review
    assert {"flag": "unread", "sentence": "它是 identity of max"} in scored.evidence
    earned = score_answer(tiny, "Q", "-inf，因为 identity of max")
    assert earned.points == 2.0 and "unread" not in earned.flags
    assert "unread" not in score_answer(tiny, "Q", "+inf").flags  # nothing credited: no reason to save


def test_reason_words_that_only_conclude_a_sound_clause_route_nothing(tmp_path):
    """Are a missing reason's words that only conclude a causal clause resting on a known fact ("-inf。the lanes are
    padding, so we mask again": the fact earns nothing more, as the rubric decided) left unrouted, while the same
    words after a premise no fact reads, or with no chain, still send a partly credited answer to a TA?"""
    text = TINY.replace(
        "patterns: ['identity of max']}\n    valid", "patterns: ['identity of max', 'mask again']}\n    valid"
    )
    tiny = load_rubric(
        write(tmp_path, text + "facts:\n  - {id: padded, patterns: ['the lanes are padding']}\n")
    )
    read = score_answer(tiny, "Q", "-inf。the lanes are padding, so we mask again")
    assert read.points == 1.0 and "unread" not in read.flags and not read.needs_review
    unknown = score_answer(tiny, "Q", "-inf。the lanes are purple, so we mask again")
    assert unknown.needs_review
    bare = score_answer(tiny, "Q", "-inf。the lanes are padding. we mask again")
    assert "unread" in bare.flags and bare.needs_review


def test_lesson_numbers_quoted_are_no_unrun_claim(l5):
    """Is a number quoted from the lesson ("按笔记里提交的测量，639 GB/s") in a static review no claim of
    a run, while "我实测了 2671 GB/s" still is?"""
    context = {"blank": "0.0", "checks_passed": None}
    cited = "仅静态审查。填 0.0 是加法单位元；按笔记里提交的测量，N=100 只有 639 GB/s。"
    assert "unrun_claim" not in score_answer(l5, "explanation", cited, context=context).flags
    measured = "仅静态审查。填 0.0 是加法单位元；我实测了一下，N=1025 时带宽 2671 GB/s。"
    assert "unrun_claim" in score_answer(l5, "explanation", measured, context=context).flags


@pytest.mark.parametrize(
    ("question", "answer", "points"),
    [
        (
            "Q3",
            r"$e_{\max}=-\infty$，因为 $\max(x,-\infty)=x,\ \forall x$。若 $e=0$，对 $x=[-5,-10,-3]$ 得 $0\neq-3$。",
            2.0,
        ),
        (
            "Q3",
            "改成负无穷 -inf 。因为max跟负无穷比 永远取另一个 ，不然填0的话 如果一行全是负数 max就变0了 错",
            2.0,
        ),
        (
            "Q2",
            "因为triton的arange只能是2的密次 （幂）长度，100不行，所以取128 多出来28个。这28个mask=false 不会去读内存，other填0 加起来跟没加一样。",
            2.0,
        ),
    ],
)
def test_latex_typos_and_phone_typing_score_like_plain_text(l5, question, answer, points):
    """Do a LaTeX answer, a phone-typed answer with spaces for commas and an IME typo (密次) score like
    the same content in plain text?"""
    assert score_answer(l5, question, answer).points == points


# ── the implementation note against the submission ─────────────────────────────────────────────────

NOTE_REASON = "填 0.0，因为 0 是加法单位元，padding lane 加进去不改变和。"


def test_note_with_passing_checks_needs_no_failure(l5):
    """Does a note whose checks passed earn the full point for the reason alone (no failure asked)?"""
    scored = score_answer(l5, "explanation", NOTE_REASON, context={"blank": "0.0", "checks_passed": True})
    assert (scored.points, scored.needs_review, scored.missing) == (1.0, False, [])


def test_note_with_failing_checks_is_asked_for_the_failure(l5):
    """Does a note whose checks failed still owe the failure and its cause?"""
    scored = score_answer(l5, "explanation", NOTE_REASON, context={"blank": "0.0", "checks_passed": False})
    assert scored.points == 0.5 and scored.missing == ["boundary_case"]


def test_static_review_note_is_asked_how_the_code_was_checked(l5):
    """Does a note from a student who could not run owe the checking method instead of a failure?"""
    context = {"blank": "0.0", "checks_passed": None}
    bare = score_answer(l5, "explanation", "仅静态审查。" + NOTE_REASON, context=context)
    method = score_answer(
        l5, "explanation", "仅静态审查：手推 N=100 时后 28 个 lane 填 0。" + NOTE_REASON, context=context
    )
    assert (bare.points, bare.missing, method.points) == (0.5, ["check_method"], 1.0)


def test_note_without_context_keeps_the_old_rule(l5):
    """Without a context, is the failure-or-boundary concept still asked (the note is scored on its own)?"""
    assert score_answer(l5, "explanation", NOTE_REASON).missing == ["boundary_case"]


@pytest.mark.parametrize(
    ("answer", "blank", "passed"),
    [
        ("我填的是 0.0（加法单位元），三个检查全部通过。", "1.0", False),
        ("我填的是 float('-inf')，因为它是单位元。", "0.0", True),
        ("other 应该填 0.0，因为 0 是加法单位元。", "______", False),
        ("填 0.0，加法单位元，三个检查全部通过。", "0.0", False),
    ],
)
def test_note_that_contradicts_the_code_scores_zero_and_routes(l5, answer, blank, passed):
    """Does a note naming another value than the blank, or a pass the record lacks, score 0, routed
    with the sentence as evidence?"""
    scored = score_answer(l5, "explanation", answer, context={"blank": blank, "checks_passed": passed})
    assert (scored.points, scored.needs_review) == (0.0, True)
    assert any(e["flag"] == "contradicts_code" for e in scored.evidence)


def test_earlier_value_is_no_contradiction(l5):
    """Is an earlier try ('第一次我误填了 1.0') told apart from the value finally submitted?"""
    answer = "最后填的是 0.0。第一次我误填了 1.0，(4,100) 失败：每行大 28。改成加法单位元 0.0 后都通过。"
    scored = score_answer(l5, "explanation", answer, context={"blank": "0.0", "checks_passed": True})
    assert (scored.points, scored.needs_review) == (1.0, False)


@pytest.mark.parametrize(
    "answer",
    [
        "仅静态审查，没有 GPU。填 0.0 是加法单位元。实测带宽 2702 GB/s。",
        "我没装 triton，跑不了，不过三个检查都通过了。",
    ],
)
def test_unrun_results_are_routed(l5, answer):
    """Is a note that reports measurements or passes while saying it could not run routed, at 0?"""
    scored = score_answer(l5, "explanation", answer, context={"blank": "0.0", "checks_passed": None})
    assert ("unrun_claim" in scored.flags, scored.points, scored.needs_review) == (True, 0.0, True)


def test_honest_static_review_is_no_unrun_claim(l5):
    """Is '…应该正确，但未实测' an honest static review, not a claim of a measurement?"""
    answer = (
        "仅静态审查：手推 N=100，后 28 个 lane 由 other=0.0 填 0，和不变。所以填 0.0 应该正确，但未实测。"
    )
    scored = score_answer(l5, "explanation", answer, context={"blank": "0.0", "checks_passed": None})
    assert "unrun_claim" not in scored.flags and scored.points == 1.0


def test_wrong_value_cannot_earn_why_it_is_right(l5):
    """With a wrong blank (1.0) honestly analysed, is only the failure analysis credited?"""
    answer = "我填了 1.0（当时以为单位元就是 1）。(4,100) 失败了：每行大 28，说明加法要填 0。"
    scored = score_answer(l5, "explanation", answer, context={"blank": "1.0", "checks_passed": False})
    assert (scored.points, scored.veto, scored.missing) == (0.5, False, ["impl_reason"])


# ── the third pass condition ───────────────────────────────────────────────────────────────────────


def test_pass_condition_finds_boundary_and_tradeoff(l5):
    """Are a boundary (a power-of-two width hides the bug) and a trade-off (idle registers, no memory
    traffic) found across the answers, each with its sentence?"""
    verdict = pass_condition(
        l5,
        {
            "explanation": "填 0.0 是加法单位元。如果 N 恰好是 2 的幂，就没有 padding，填错也测不出来。",
            "Q2": "因为块长必须是 2 的幂，所以取 128；代价是约 22% 的寄存器空转，不产生额外的显存流量。",
        },
    )
    assert (verdict["boundary"], verdict["tradeoff"]) == (True, True)
    assert verdict["evidence"]["boundary"] and verdict["evidence"]["tradeoff"]


def test_pass_condition_ignores_bare_terms_and_mechanism(l5):
    """Do a term list ('寄存器' in a list) and a plain description of the mechanism name neither?"""
    verdict = pass_condition(
        l5,
        {
            "Q1": "因为 mask、单位元、padding、tl.sum、寄存器，所以正确。",
            "Q2": "因为块长必须是 2 的幂，所以取 128，多出的 28 个 lane 被 mask 挡住并填 0。",
        },
    )
    assert (verdict["boundary"], verdict["tradeoff"]) == (False, False)


def test_pass_condition_unsure_on_a_wrong_cost_beside_a_right_one(l5):
    """Is a right trade-off next to a wrong one (padding wastes bandwidth) left to a TA (None)?"""
    answer = "多出的 lane 浪费寄存器和计算。另外也会多读 28 个元素的显存带宽。"
    assert pass_condition(l5, {"Q2": answer})["tradeoff"] is None


def test_pass_condition_agrees_with_blind_v1_labels(calibration, l5):
    """On blind-v1, does the pass condition agree with the labels on at least 95% of the answers and
    contradict them on at most 3 (None counts as neither)?"""
    entries = [e for _, part in calibration_files(lesson(ASSIGNMENT).calibration) for e in part]
    rows = [e for e in entries if e.get("split") == "blind-v1"]
    agree = wrong = 0
    for entry in rows:
        verdict = pass_condition(l5, {entry["question"]: entry["answer"]})
        for name, label in (("boundary", "correctness_boundary"), ("tradeoff", "performance_tradeoff")):
            agree += verdict[name] == entry[label]
            wrong += verdict[name] is not None and verdict[name] != entry[label]
    assert agree >= 0.95 * 2 * len(rows) and wrong <= 3


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


def test_score_jsonl_reads_the_submission_context():
    """Does a JSONL line carrying "blank" and "checks_passed" score the note against them?"""
    line = {
        "id": "n",
        "question": "explanation",
        "answer": "我填的是 1.0。",
        "blank": "0.0",
        "checks_passed": True,
    }
    (result,) = score_jsonl(ASSIGNMENT, [json.dumps(line, ensure_ascii=False)])
    assert list(result) == ["id", *CONTRACT_KEYS]
    assert (result["points"], result["needs_review"]) == (0.0, True)


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
    """Does `rubric check` exit 0 for lesson 5 and print the agreement per split, blind-v1 included?"""
    assert cmd_rubric_check(ASSIGNMENT) == 0
    out = capsys.readouterr().out
    assert "holdout-v2" in out and "blind-v1" in out and "below target" not in out


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
def calibration(calibrated):
    return calibrated(ASSIGNMENT)


def test_calibration_is_valid(calibration):
    """Does the calibration file parse, with at least 60 answers covering every question?"""
    assert calibration.errors == []
    assert len(calibration.results) >= 60
    assert {r.item.question for r in calibration.results} == {"Q1", "Q2", "Q3", "explanation"}


@pytest.fixture(scope="module", params=assignments())
def any_calibration(request, calibrated):
    """Every discovered lesson's calibration set, checked against its own rubric."""
    return calibrated(request.param)


def test_calibration_has_no_false_final_veto(any_calibration):
    """Is no calibration answer labelled without a veto vetoed without a TA seeing it first?"""
    assert [r.item.id for r in any_calibration.results if r.false_final_veto] == []


def test_calibration_vetoes_are_caught_or_routed(any_calibration):
    """Is every veto-worthy calibration answer vetoed or sent to a TA?"""
    assert [r.item.id for r in any_calibration.results if r.item.veto and not r.veto_handled] == []


def _splits(assignment: str) -> list[str]:
    """The calibration file's splits (its parts' too), read from it, so a split appended later is checked too."""
    answers = [e for _, part in calibration_files(lesson(assignment).calibration) for e in part]
    return list(dict.fromkeys(str(answer.get("split", "dev")) for answer in answers))


@pytest.mark.parametrize("split", [None, *_splits(ASSIGNMENT)])
def test_calibration_silent_errors(calibration, split):
    """Per split, are at most the target share of answers finalized with a score off by more than half
    a point or a wrong veto (issue 8's silent errors)?"""
    silent = [r.item.id for r in calibration.results if r.silent_error and split in (None, r.item.split)]
    assert calibration.summary(split)["silent_error_rate"] <= calibration.targets["max_silent_errors"], silent


@pytest.mark.parametrize(
    "split", [s for s in _splits(ASSIGNMENT) if s == "holdout-v2" or s.startswith("blind")]
)
def test_routing_share(calibration, split):
    """On the class-like samples (holdout-v2 and every blind split), is at most the target share routed to
    review?

    The dev and holdout-v1 sets are adversarial on purpose (a third of them must be routed by rule:
    vetoes and stuffing), so the routing budget is checked on the samples that look like a class.
    """
    assert calibration.summary(split)["routed_share"] <= calibration.targets["max_routed"]


def test_calibration_meets_issue_8_targets(calibration):
    """Does the whole calibration set meet every target `rubric check` reports?"""
    assert calibration.target_failures() == []


def test_a_bare_list_of_terms_scores_zero_without_a_ta(l5):
    """Is a list of short fragments with no connective decided as stuffing (0) without review?"""
    answer = "mask；other=0.0；单位元；tl.sum；寄存器；warp；树状归约；tl.store"
    scored = score_answer(l5, "Q1", answer)
    assert (scored.points, "term_list" in scored.flags, scored.needs_review) == (0.0, True, False)


def test_stuffing_in_sentences_still_goes_to_a_ta(l5):
    """Does an answer that frames terms in sentences stay routed when flagged as stuffing?"""
    answer = "因为单位元所以 mask，因为 mask 所以 tl.sum，因为 tl.sum 所以寄存器，因为寄存器所以 warp。"
    scored = score_answer(l5, "Q1", answer)
    assert "term_list" not in scored.flags


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Q1", "每行一个 program，越界 lane 填 0，因为 0 是最小的数，加进去不会影响结果，最后 store 标量。"),
        ("Q3", "用 -inf，因为 x + (-inf) = x，所以 padding 不影响最大值。"),
    ],
)
def test_a_wrong_premise_behind_a_right_value_is_caught(l5, question, answer):
    """Is '0 is the smallest number' (sum) or 'x + (-inf) = x' (max) vetoed or routed, never credited?"""
    scored = score_answer(l5, question, answer)
    assert scored.veto or scored.needs_review
    assert scored.points <= 1.0


def test_a_finite_stand_in_for_minus_inf_earns_half_the_value(l5):
    """Does a very negative finite fill (finfo.min) with a right reason earn partial credit, decided?"""
    answer = "填 torch.finfo(torch.float32).min，因为它比所有真实数据都小，所以 padding 不会被选为最大值。"
    scored = score_answer(l5, "Q3", answer)
    assert (scored.points, scored.veto, "stand_in:neg_inf_value" in scored.flags) == (1.0, False, True)


def test_a_worked_counterfactual_counts_as_a_connective(l5):
    """Is '若 other 还是 0.0，max 就成了 0' a causal statement, so the no-connective cap does not apply?"""
    answer = "改成 -inf。一行全是 -2 时，若 other 还是 0.0，max 就成了 0；填 -inf 则 max(-2, -inf) = -2。"
    scored = score_answer(l5, "Q3", answer)
    assert "capped_no_cue" not in scored.flags and scored.points >= 1.5


@pytest.mark.parametrize(
    "answer",
    [
        "应该是 -inf。试的时候我故意用 other=0.0 跑 max，全负的行就输出 0。max(x, -inf) = x。",
        "-inf，因为 max(x, -inf) = x。反例：other=0.0，行 [-4, -8] → 输出 0 ≠ -4。",
        "我本来以为 tl.max 会跳过 padding lane，后来发现不会；所以填 -inf，因为 max(x, -inf) = x。",
    ],
)
def test_an_experiment_a_counterexample_or_a_dropped_belief_is_no_veto(l5, answer):
    """Is a wrong value the student tried on purpose, shows as a counterexample, or gave up, not vetoed?"""
    assert not score_answer(l5, "Q3", answer).veto


def test_a_note_naming_a_value_for_an_omitted_blank_contradicts_the_code(l5):
    """Does a note saying 'other=0.0' for code whose other= was deleted (blank "") route as a contradiction?"""
    scored = score_answer(
        l5,
        "explanation",
        "我填的 other=0.0，0 是加法单位元，所以都过了。",
        context={"blank": "", "checks_passed": True},
    )
    assert "contradicts_code" in scored.flags and scored.needs_review


def test_a_term_list_that_names_a_wrong_value_still_goes_to_a_ta(l5):
    """Does a bare list of terms that happens to name +inf route its veto instead of finalizing it?"""
    answer = "单位元；幺半群；0.0 / float('inf')；tl.max；全负数行；IEEE 754；数值稳定性"
    scored = score_answer(l5, "Q3", answer)
    assert scored.points == 0.0 and (not scored.veto or scored.needs_review)


def test_expected_value_of_the_data_is_no_reason_for_zero(l5):
    """Is '0 because randn has mean 0' caught as a wrong reason for the identity?"""
    answer = "每行一个 program，后 28 个 lane 填 0.0，因为 randn 的均值是 0，填 0 相当于填了期望值，所以和不变，最后写回。"
    scored = score_answer(l5, "Q1", answer)
    assert scored.veto or scored.needs_review


def test_a_not_run_note_that_says_all_green_is_an_unrun_claim(l5):
    """Does '跑过了，全绿' in a note whose checks never ran route as an unrun claim?"""
    scored = score_answer(
        l5,
        "explanation",
        "other=0.0，加法单位元。跑过了，全绿。",
        context={"blank": "0.0", "checks_passed": None},
    )
    assert "unrun_claim" in scored.flags and scored.needs_review


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "Q1",
            "一个容易错的理解是“被 mask 的 lane 不参与求和”。其实不是：tl.sum 会加全部 lane，所以要填 0，x+0=x。",
        ),
        ("Q3", "-inf，因为 max(x, -inf) = x。课上实验里 all_negative 那组 other=0.0 就是 ❌，输出 0。"),
        ("Q3", "填 -inf，因为 max(x,-inf)=x；用 0 则全负行 [-4, -9] 输出 0。"),
        (
            "Q1",
            "每行一个 program，tl.load 只对 mask 为真的 lane 读显存，其余填 0.0；x+0=x，所以和不变；写回 out[row]。",
        ),
    ],
)
def test_mentions_that_are_no_belief_are_not_vetoed(l5, question, answer):
    """Is a quoted common mistake, a failed experiment marked ❌, a '则' consequence or a remark about the
    load (not the sum) free of any veto?"""
    assert not score_answer(l5, question, answer).veto


def test_a_note_is_compared_with_every_literal_of_a_two_blank_lesson(l5):
    """With blanks '-float('inf'), row_max', is 'other=0.0' a contradiction and 'other=-inf' not?"""
    context = {"blank": "-float('inf'), row_max", "checks_passed": True}
    wrong = score_answer(l5, "explanation", "我填的 other=0.0，所以都过了。", context=context)
    right = score_answer(l5, "explanation", "我填的 other=-inf，加法单位元，所以都过了。", context=context)
    assert "contradicts_code" in wrong.flags and "contradicts_code" not in right.flags


def test_someone_elses_reason_is_no_unknown_premise(l5):
    """Is "有人的理由是 'x + (-inf) = x'，这是错的" someone else's reason the student rejects, not an unknown
    premise the student offers?"""
    answer = (
        "改成 -inf。有人的理由是 x + (-inf) = x，这是错的，x + (-inf) = -inf。真正的理由是 max(x, -inf) = x。"
    )
    assert "unknown_premise" not in score_answer(l5, "Q3", answer).flags


@pytest.mark.parametrize(
    "refuted",
    [
        "常见的误解是：被 mask 的 lane 会被 tl.max 跳过，所以填 0 也行。这是错的。它们照样参与比较，所以必须填 -inf，因为 max(x,-inf)=x。",
        "第一种说法是 0 已经很小了，不用改：不对，一行全是负数时 0 会胜出，所以必须填 -inf，因为 max(x,-inf)=x。",
        "Some people say 0 is small enough, so other can stay 0. That is wrong: in an all-negative row 0 wins, "
        "so other must be -inf, because max(x, -inf) = x.",
    ],
)
def test_reported_belief_answered_by_a_verdict_is_no_claim(l5, refuted):
    """Is a belief reported as a misconception or a saying and answered by a verdict (the next sentence "这是
    错的。", "That is wrong", or "：不对" in its own sentence) neither a veto nor an unread claim sent to a TA?"""
    scored = score_answer(l5, "Q3", refuted)
    assert not scored.veto and scored.misconceptions == []
    assert "unread" not in scored.flags


@pytest.mark.parametrize(
    "saying",
    [
        "People often say 0 is small enough, so other can stay 0.",
        "Students usually think 0 is small enough, so other can stay 0.",
        "Many tend to believe 0 is small enough, so other can stay 0.",
    ],
)
def test_a_saying_with_an_adverb_is_reported(l5, saying):
    """Is "people often say / students usually think / many tend to believe" a reported saying like "people say"
    (answered by "It doesn't:" or "That is wrong." in the next sentence, no claim; standing alone, only a TA
    decides), while the same belief in the student's own words still vetoes?"""
    answered = score_answer(
        l5, "Q3", saying + " That is wrong: in an all-negative row 0 wins, so other must be -inf."
    )
    assert not answered.veto and answered.misconceptions == []
    standing = score_answer(l5, "Q3", saying)
    assert standing.needs_review
    own = score_answer(l5, "Q3", "0 is small enough, so other can stay 0.")
    assert own.veto


def test_a_verdict_on_something_else_disowns_nothing(l5):
    """Does the same belief stated as the student's own (no report) still veto, though a verdict follows?"""
    scored = score_answer(l5, "Q3", "0 已经很小了，不用改，填 0 也行。这是错的吗？不是。")
    assert scored.veto


# ── a premise's consequence after a condition must be read (round 14, lesson 6 blind v12) ─────────────────

_CONDITION_CHAINS = [
    # (assignment, question, answer, unknown): a fact stands between the condition and the consequence.
    (
        "lesson06-mean-var",
        "Q2",
        "除以 N 是因为如果除以 BLOCK_SIZE，BLOCK_SIZE 是 2 的幂，大的时候分母会变成 0。",
        True,
    ),
    (
        "lesson06-mean-var",
        "Q2",
        "除以 N 是因为如果除以 BLOCK_SIZE，BLOCK_SIZE 是 2 的幂，padding 也会被算进个数。",
        False,
    ),
    ("lesson05-row-sum", "Q1", "和不变，因为如果 padding 填 0，0 是加法单位元，最后的和会变成整数。", True),
    ("lesson05-row-sum", "Q1", "和不变，因为如果 padding 填 0，0 是加法单位元，x + 0 = x。", False),
    (
        "lesson05-row-sum",
        "Q1",
        "The sum is unchanged because, if the padded lanes hold 0, 0 is the additive identity, and the sum would "
        "come out as an integer.",
        True,
    ),
    (
        "lesson05-row-sum",
        "Q1",
        "The sum is unchanged because, if the padded lanes hold 0, 0 is the additive identity, and x + 0 = x.",
        False,
    ),
    ("lesson07-softmax", "Q2", "减去最大值，因为如果不减，分子分母同乘 e^{-m}，exp 会变成整数运算。", True),
    ("lesson07-softmax", "Q2", "减去最大值，因为如果不减，exp(1000) 在 fp32 里会变成 inf。", False),
]


@pytest.mark.parametrize(("assignment", "question", "answer", "unknown"), _CONDITION_CHAINS)
def test_a_consequence_after_a_condition_needs_a_known_premise(assignment, question, answer, unknown):
    """In a premise of several clauses ("因为如果 A，B，C"), is a consequence C that no fact reads an unknown
    premise routed to a TA, however true the fact B beside it, in every lesson; and is the same chain with a
    consequence the facts read (or none) still sound? The condition A itself claims nothing."""
    scored = score_answer(load_rubric(lesson(assignment).rubric), question, answer)
    assert ("unknown_premise" in scored.flags) is unknown
    assert scored.needs_review or not unknown


def test_a_premise_saying_what_a_size_must_be_is_no_condition(l5):
    """Is "BLOCK 要是 2 的幂" (what the size must be) no condition: the clause after it is not held to the
    stricter reading of a consequence?"""
    answer = "多出 28 个 lane，是因为 BLOCK 要是 2 的幂，会多出几个位置。"
    assert "unknown_premise" not in score_answer(l5, "Q2", answer).flags


@pytest.mark.parametrize(
    ("answer", "unknown"),
    [
        ("和不变，因为 0 是加法单位元，行很长的时候最后的和会变成整数。", True),
        ("和不变，因为 0 是加法单位元，行很长的时候 x + 0 = x 也成立。", False),
        (
            "The sum is unchanged because 0 is the additive identity, and when the row is long the sum would come "
            "out as an integer.",
            True,
        ),
    ],
)
def test_a_consequence_in_its_own_scene_after_a_fact_needs_a_known_premise(l5, answer, unknown):
    """Is "B，X 的时候会 C" (a true fact B, then a consequence C in a scene of its own) routed as an unknown premise
    when no fact reads C, and still sound when one does?"""
    assert ("unknown_premise" in score_answer(l5, "Q1", answer).flags) is unknown


def _calibration(tmp_path, main: dict, **parts: dict):
    for name, data in {"calibration.yaml": main, **parts}.items():
        (tmp_path / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return tmp_path / "calibration.yaml"


def _entry(answer_id: str) -> dict:
    return {
        "id": answer_id,
        "question": "Q1",
        "points": 1.0,
        "veto": False,
        "split": "blind-v1",
        "answer": "x",
    }


def test_calibration_reads_its_parts_in_order_as_one_set(tmp_path, l5):
    """Are the answers of the files a calibration's `parts:` names read after its own, in order, and is an id
    repeated in a part refused with the part named?"""
    main = {"parts": ["calibration-b.yaml"], "answers": [_entry("a1")]}
    path = _calibration(tmp_path, main, **{"calibration-b.yaml": {"answers": [_entry("b1"), _entry("b2")]}})
    assert [item.id for item in load_calibration(path, l5)] == ["a1", "b1", "b2"]
    again = _calibration(tmp_path, main, **{"calibration-b.yaml": {"answers": [_entry("a1")]}})
    with pytest.raises(RubricError, match="calibration-b.yaml entry 1: duplicate id 'a1'"):
        load_calibration(again, l5)


def test_a_calibration_part_naming_parts_or_missing_is_refused(tmp_path, l5):
    """Is a part that names parts of its own, or a part that is not there, refused rather than read silently?"""
    nested = {"parts": ["calibration-c.yaml"], "answers": []}
    path = _calibration(
        tmp_path, {"parts": ["calibration-b.yaml"], "answers": []}, **{"calibration-b.yaml": nested}
    )
    with pytest.raises(RubricError, match="names no parts of its own"):
        load_calibration(path, l5)
    missing = _calibration(tmp_path, {"parts": ["calibration-x.yaml"], "answers": []})
    with pytest.raises(RubricError, match="calibration-x.yaml: cannot read"):
        load_calibration(missing, l5)


@pytest.mark.parametrize("assignment", assignments())
def test_every_calibration_file_stays_small(assignment):
    """Does every calibration file (calibration.yaml and each of its parts) stay under 2 MiB, so the sets that grow
    with every blind round never make a large file in the repository?"""
    for path, _ in calibration_files(lesson(assignment).calibration):
        assert path.stat().st_size < 2 * 1024 * 1024, path
