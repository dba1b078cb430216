"""A line break that only wraps a sentence (autograder/rubric/lines.py)."""

import pytest

from autograder.rubric.lines import unwrap
from autograder.rubric.textnorm import split_sentences


def test_a_wrapped_chinese_sentence_is_one_sentence():
    """Is a sentence an editor wrapped in the middle ("…是因为分子分母\\n同乘 e^(−m)") read whole, without a space
    between the Chinese characters?"""
    text = (
        "减去最大值后每项都在 [0, 1]，分母在 [1, N]，所以两头都安全。不改变结果是因为分子分母\n同乘 e^(−m)。"
    )
    assert split_sentences(text)[-1] == "不改变结果是因为分子分母同乘 e^(−m)"


def test_a_prose_line_opening_with_an_assignment_runs_on():
    """Does a prose line that opens with an assignment ("other = -inf，…。另外我把可见检查里的") and ends a sentence
    inside itself still run into its wrapped next line, so the act it states is read whole?"""
    text = "other = -inf，shift = row_max：理由如上。另外我把可见检查里的\n(1, 1) 从形状列表里删了。"
    assert split_sentences(text)[-1] == "另外我把可见检查里的 (1, 1) 从形状列表里删了"


def test_a_line_ending_in_a_comma_goes_on():
    """Does a line ending in a comma continue on the next, however short it is?"""
    assert split_sentences("如果填 0.0，\n全负的行 max 变成 0。") == ["如果填 0.0， 全负的行 max 变成 0"]


@pytest.mark.parametrize(
    "text",
    [
        "1. 分母：有效数据 N 个，padding 不是数据\n2. fp16：有效位 11 位、上限 65504",
        "填 −∞ 时 max 不变，exp 之后为 0，分母不变\n- 填 0.0 时全负的行 max 变成 0",
        "朴素实现每一步都把中间结果写回显存再读出来\n# 融合：读 MN，写 MN",
        "row_max = tl.max(x, axis=0)  # 每行的最大值\nz = x - row_max",
        "输入阶段\n被 mask 的 lane 不读显存，拿到 other",
        "下面是我的推导过程，按照课上的三个阶段来写\n| 阶段 | padding 的值 |",
        "状态：x − 3.5 = [−2.5, −1.5, −3.5, −3.5]，padding 被减成了 −3.5\n输出：不再 mask，平方和 42",
        "输入 → padding lane 被 mask，值是 other\n中间 → tl.max、exp、tl.sum",
    ],
)
def test_a_break_before_a_block_or_after_a_label_or_code_stays(text):
    """Does a break stay a sentence end before a list item, heading, comment, table row or labelled step ("输出：…"),
    beside a line of code and after a short label?"""
    assert unwrap(text) == text


def test_lines_inside_a_code_fence_stay_apart():
    """Are the lines of a fenced code block never joined, however much they look like prose?"""
    text = (
        "```\n朴素实现读 5MN 写 3MN 融合的只读一次写一次所以预测快四倍左右\n大矩阵实测 5.09 倍符合预测\n```"
    )
    assert unwrap(text) == text


def test_a_wrapped_english_clause_before_chinese_goes_on():
    """Does a long line ending in a Latin word continue when the next line opens in Chinese?"""
    text = "the padding lanes hold other and take part in tl.max\n和 tl.sum 两次归约"
    assert unwrap(text) == "the padding lanes hold other and take part in tl.max 和 tl.sum 两次归约"


def test_a_wrapped_english_sentence_goes_on_in_lower_case():
    """Does an English sentence wrapped in the middle ("… are masked\\noff, so tl.load …") read as one sentence,
    while a list item or a capitalised new line after a short one stays apart? (lesson 7 blind v244 l7v244-q1-004)"""
    text = "the lanes with cols >= N are masked\noff, so tl.load never touches memory for them."
    assert split_sentences(text) == [
        "the lanes with cols >= N are masked off, so tl.load never touches memory for them"
    ]
    for kept in (
        "Output: the store is masked\n- the padding lanes are never written",
        "Input stage\nthe lanes get other",
    ):
        assert unwrap(kept) == kept


def test_a_line_wrapped_before_a_negative_value_goes_on():
    """Does a sentence wrapped just before a negative value ("No NaN, since we never compute\\n-inf - (-inf).": lesson 7
    blind v283 l7v283-q1-023) read as one sentence, while a list item's dash still opens a line of its own?"""
    text = "So -inf is the identity for max and, after exp, for sum. No NaN, since we never compute\n-inf - (-inf)."
    assert split_sentences(text)[-1] == "No NaN, since we never compute -inf - (-inf)"
    wrapped = "m 是有限数，因为每行至少有一个真实元素，所以 padding lane 的\n−∞ − m 仍然是 −∞。"
    assert unwrap(wrapped) == wrapped.replace("\n", " ")
    kept = "Output: the padding lanes are never written back\n- the store carries the mask"
    assert unwrap(kept) == kept


def test_round86_a_line_wrapped_after_a_full_width_bracket_goes_on():
    """Does a long line that ends in a full-width bracket go on into the next ("并行度是朴素实现（每个 SM 一个 block）\\n的
    4 倍": lesson 7 blind v251 l7v251-q3-011), while a short heading that ends in one stays apart?"""
    text = "每个 SM 放 4 个 program，所以并行度是朴素实现（每个 SM 一个 block）\n的 4 倍，快 4 倍。"
    assert (
        unwrap(text)
        == "每个 SM 放 4 个 program，所以并行度是朴素实现（每个 SM 一个 block） 的 4 倍，快 4 倍。"
    )
    kept = "输出（store）\n只写真实的 lane"
    assert unwrap(kept) == kept
