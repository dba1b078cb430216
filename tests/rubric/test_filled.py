"""Which value the implementation note says was filled: read against the submitted blanks, never from an
experiment, an earlier try or an input."""

from types import SimpleNamespace

import pytest

from autograder.rubric.filled import blank_value, stated_values, unknown_name, wrong_blank
from autograder.rubric.reading import prepare


@pytest.mark.parametrize(
    ("blank", "wrong"),
    [
        ("n_cols, 1.0", True),
        ("n_cols, 0.0", False),
        ("1.0", True),
        ("0.0", False),
        ("n_cols, ", False),
        ("n_cols, .0", False),
        ("n_cols, .5", True),
    ],
)
def test_wrong_blank_reads_every_blank(blank, wrong):
    """Is a wrong literal found among several blanks ("n_cols, 1.0": 1.0), and an expression or an
    unfilled blank beside a right one never taken for a wrong value, and ".0" read as the literal 0.0 it is? (lesson 6,
    l6v2-ex-003; l6v244-ex-004)"""
    question = SimpleNamespace(right_blank=("0.0",))
    assert wrong_blank(question, {"blank": blank}) is wrong


def test_a_name_given_a_number_is_no_filled_value(l6):
    """Is "divisor 用 n_cols=5" read as an example's width, not as the value 5 filled into a blank,
    while "centered_other 用 0.0" in the same sentence still is the fill? (l6v2-ex-009)"""
    note = "divisor 用 n_cols=5 得均值 5，centered_other 用 0.0 时三个 padding lane 平方是 0"
    assert [value for value, _ in stated_values(prepare(note, l6), l6)] == ["0.0"]


def test_a_fill_parameter_given_a_value_is_still_the_fill(l6):
    """Does "centered_other=1.0" still state the fill (its name is a fill's own)?"""
    note = "我在 tl.where 里写的是 centered_other=1.0"
    assert [value for value, _ in stated_values(prepare(note, l6), l6)] == ["1.0"]


@pytest.mark.parametrize(
    "trial",
    [
        "我试过 other 填 0.0，宽度 100 的检查失败了，每行之和小于 1",
        "试了一下把 other 改成 0.0，全负的行就错了",
        "我把 other 改成 0.0 试试，结果宽度 100 失败",
        "我故意改成 0.0，检查立刻失败",
        "I tried other=0.0 and the width-100 check failed",
    ],
)
def test_a_described_experiment_is_no_submitted_value(l7, trial):
    """Does a note that reports a trial ("我试过 other 填 0.0…", "故意改成…", "I tried …") keep its
    value out of the submitted ones, so alice's correct lesson 7 note does not contradict her code?"""
    assert stated_values(prepare(trial, l7), l7) == []


@pytest.mark.parametrize(
    ("note", "value"),
    [("我填的是 0.0，检查失败了", "0.0"), ("我试过 -inf 和 0.0，最后填的是 0.0", "0.0")],
)
def test_the_submitted_value_is_still_stated_beside_a_trial(l7, note, value):
    """Is "我填的是 0.0" still the submitted value, alone or in a clause after a described trial?"""
    assert [v for v, _ in stated_values(prepare(note, l7), l7)] == [value]


@pytest.mark.parametrize(
    "note",
    [
        "在第 3 节的试验单元里把 FILL 改成 1.0，方差明显变大。",
        "我把 SECOND_MASK 设成 0 看了一下图。",
        "用 [2,4,6,8,10] 手算了一遍，均值 6，方差 8。",
        "预测单元我填的 7.0，kernel 实际输出也是 7.0。",  # lesson 6 blind v246 l6v246-ex-003
    ],
)
def test_a_described_experiment_or_input_is_no_filled_value(l6, note):
    """Is a lesson experiment's parameter ("把 FILL 改成 1.0"), a hand-worked input list ("用 [2,4,…]") or the number
    put in the lesson's prediction cell ("预测单元我填的 7.0") kept out of the values the note says the submitted code
    holds?"""
    assert stated_values(prepare(note, l6), l6, names=True) == []


@pytest.mark.parametrize(
    "note",
    [
        "最开始我填了 0.0，可见检查在 (4, 100) 上失败。",
        "讨论区有人说 other 填 0.0 也能过检查，其实不对。",
        "第一个空先填的 0.0，(4, 100) 的检查就挂了。",  # lesson 7 blind v244 l7v244-ex-011
        "有人会顺手填 0.0（第 5 课 sum 的单位元），但这里要先过 max。",  # lesson 7 blind v244 l7v244-ex-018
        "I hand-traced the 1×1 case (exp(0) = 1, output 1).",
        "the row has an offset 1e4 and a spread of 1.",
    ],
)
def test_a_first_try_a_reported_fill_or_an_english_word_holding_a_verb_is_no_filled_value(l7, note):
    """Is a first try ('最开始我填了 0.0', '先填的 0.0'), someone else's fill or habit ('讨论区有人说 other 填 0.0',
    '有人会顺手填 0.0') or a verb inside another English word ('output 1', 'offset 1e4') kept out of the values the
    note says the submitted code holds? (lesson 7 blind v84 l7v84-ex-012, v85 l7v85-ex-005, -012, v244 -011, -018)"""
    assert stated_values(prepare(note, l7), l7) == []


def test_a_plain_english_put_still_states_the_value(l7):
    """Is 'I put 0.0 as other' still the submitted value once the verbs are words of their own?"""
    assert [v for v, _ in stated_values(prepare("I put 0.0 as other", l7), l7)] == ["0.0"]


@pytest.mark.parametrize(
    "note",
    [
        "填 0 就等于不平移，±1000 的行会溢出。",
        "原因是省略 other 时这些 lane 实际拿到的是 0（解释器上就是 0），和填 0.0 一样，分母多了 e^(−max)。",
    ],
)
def test_what_a_fill_amounts_to_or_a_likeness_to_it_is_no_filled_value(l7, note):
    """Is '填 0 就等于不平移' (what a fill would amount to) or '和填 0.0 一样' (a likeness) kept out of the submitted values?
    (lesson 7 blind v86 l7v86-ex-003, -025)"""
    assert stated_values(prepare(note, l7), l7) == []


@pytest.mark.parametrize(
    ("blank", "odd"),
    [
        ("n_cols, mean", "mean"),
        ("x_row_stride, 0.0", "x_row_stride"),
        ("n_cols, 0.0", None),
        ("(n_cols), 0.", None),
    ],
)
def test_a_name_the_question_does_not_list_as_right_is_found(blank, odd):
    """Is a kernel name in a blank that the question does not list as right ('mean', 'x_row_stride') found, while
    n_cols and literals, however spelled, are not? (lesson 6 blind v88 l6v88-ex-022)"""
    question = SimpleNamespace(right_blank=("0.0", "n_cols"))
    assert unknown_name(question, {"blank": blank}) == odd


@pytest.mark.parametrize(
    "note",
    [
        "分母 1.5713，我用 softmax_steps 对过数。",
        "我另外用 ±1000 的 big_row 和全 −1000 的行手动对了 torch.softmax，一致。",
    ],
)
def test_a_checking_tool_or_an_input_magnitude_is_no_filled_value(l7, note):
    """Is a helper used to check a result ('我用 softmax_steps 对过数') or an input written with ± ('用 ±1000 的
    big_row') kept out of the values the note says its code holds, while 'shift 用 row_max' still is one? (lesson 7
    blind v134 l7v134-ex-011, -023)"""
    assert stated_values(prepare(note, l7), l7, names=True) == []
    assert [v for v, _ in stated_values(prepare("shift 用 row_max", l7), l7, names=True)] == ["name:row_max"]


@pytest.mark.parametrize(
    ("blank", "value"), [(".0", "0.0"), ("0.", "0.0"), ("-.5", "-0.5"), ("0e0", "0.0"), ("n_cols", None)]
)
def test_a_blank_in_any_float_spelling_is_its_value(blank, value):
    """Is a blank written ".0" or "-.5" read as the float it spells, as "0." and "0e0" are, and a name as no literal (lesson 6
    blind v244 l6v244-ex-004: a note for ".0" was zeroed without a route, as if its blank were no value)?"""
    assert blank_value(blank) == value


@pytest.mark.parametrize(
    ("note", "held"),
    [
        ("验证：填 −∞ 时 max = −1；填 0.0 时 max = 0，分母多出 3。", []),
        ("有人会填 0.0，觉得 mask 掉的 lane 不算——上面说了为什么不行。", []),
        ("other 填 0.0，checks 都过了。", ["0.0"]),
    ],
)
def test_round89_what_holds_when_a_fill_is_made_or_a_fill_someone_would_make_is_no_filled_value(
    l7, note, held
):
    """Is '填 0.0 时 max = 0' (what holds when the fill is made: lesson 7 blind v259 l7v259-ex-021) and '有人会填 0.0' (a fill
    someone would make: -ex-019) kept out of the values the note says its code holds, while 'other 填 0.0' still is one?"""
    assert [v for v, _ in stated_values(prepare(note, l7), l7)] == held


@pytest.mark.parametrize(
    ("note", "held"),
    [
        (
            "other = float('-inf')：(4, 100) 用 128 的块，28 个 padding lane，填 −∞ 后它们在 max 里不胜出。",
            ["-inf"],
        ),
        ("我用 8 个 lane 的块手推了一遍，other 填 0.0。", ["0.0"]),
        ("padding 的位置我填 0 的 lane 都不进和。", ["0.0"]),
    ],
)
def test_a_count_with_its_unit_is_no_filled_value(l7, note, held):
    """Is '用 128 的块' (the block of an example: lesson 7 blind v285 l7v285-ex-014) kept out of the values the note says its
    code holds, while a fill of 0 before 的 lane still is one?"""
    assert [v for v, _ in stated_values(prepare(note, l7), l7, names=True)] == held


def test_a_factor_of_an_expression_is_no_filled_value(l7):
    """Is '用 randn*2+3 让均值不为 0' (an input's expression: lesson 6 blind v289 l6v289-ex-014) kept out of the values the note
    says its code holds, while '用 0.0' still is one?"""
    assert stated_values(prepare("所以可见检查用 randn*2+3 让均值不为 0 是必要的。", l7), l7) == []
    assert [v for v, _ in stated_values(prepare("第二个空用 0.0。", l7), l7)] == ["0.0"]
