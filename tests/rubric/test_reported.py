"""Reported beliefs (autograder/rubric/text.py is_reported): a claim the student attributes to someone else
or to its own earlier self is not the student's premise, in any lesson."""

import pytest

from autograder.rubric.text import is_reported
from autograder.rubric.textnorm import normalize


@pytest.mark.parametrize(
    "sentence",
    [
        "我室友说是因为一个 warp 有 32 个线程",
        "常听到的说法是：128 = 4 个 warp",
        "有一种说法是 padding 会多读显存",
        "先纠正我一开始的误解：我以为被 mask 的 lane 会被跳过",
        "助教说 tl.max 会忽略 -inf",
        "My roommate said the extra lanes are skipped by tl.sum.",
        "I first thought the masked lanes were left out of the sum.",
        "A common explanation is that 128 is four warps.",
        "容易有的误解：『融合少读了数据，所以任何形状都快 4 倍』",
        "容易犯的错误是以为被 mask 的 lane 不参与求和",
        "An easy mistake is to think the masked lanes are skipped.",
        "有同事说单遍错是因为 1e8 溢出了 fp32",  # lesson 6 blind v46 l6v46-q3-003
        "组员觉得第二次 mask 多余",
        "另一误解：转 fp32 是为了提速",  # lesson 6 blind v152 l6v152-q2-001
        "第二个常见误区：融合快是因为少启动了 kernel",
        "有人会顺手填 0.0（第 5 课 sum 的单位元）",  # lesson 7 blind v244 l7v244-ex-018
        "有人会填 0.0，觉得 mask 掉的 lane 不算",  # lesson 7 blind v259 l7v259-ex-019
    ],
)
def test_a_belief_attributed_to_someone_else_or_an_earlier_self_is_reported(sentence):
    """Is a belief told as a roommate's, a TA's, a common saying's or the student's own earlier one
    (我以为, I first thought) read as reported, not as the student's present premise?"""
    assert is_reported(normalize(sentence))


@pytest.mark.parametrize(
    "sentence",
    [
        "因为 x + 0 = x，所以和不变",
        "老师的图里 N=1024 和 1025 的带宽几乎一样",
        "我认为 padding 的代价在寄存器",
        "说法不重要，重要的是 max(x, -inf) = x",
        "I think the identity of max is -inf.",
        "这里很容易出错：全负的行 max 会变成 0",
        "It is easy to check that the extra lanes add exp(-inf) = 0.",
    ],
)
def test_the_students_own_claim_is_not_reported(sentence):
    """Is the student's own present claim (我认为, I think, a figure from the lesson) not read as reported?"""
    assert not is_reported(normalize(sentence))


# ── round 9 of lesson 6: a tempting explanation, a bare denial after it, a verdict after a comma ────────


def test_a_tempting_explanation_answered_in_the_next_sentence_is_disowned():
    """Is "A tempting explanation is … . It does not: …" read as a belief the student reports to reject,
    while the student's own sentence before an unrelated "It does not matter" stays its claim?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    def sentences(*texts):
        return [Sentence(t, normalize(t), False) for t in texts]

    told = sentences(
        "A tempting explanation is that the square overflows in fp32.", "It does not: 1e8 is small."
    )
    assert is_reported(told[0].text) and disowned(told, 0)
    own = sentences("The square overflows in fp32.", "It does not: 1e8 is small.")
    assert not disowned(own, 0)
    unanswered = sentences(
        "A popular explanation is that the padding is skipped.", "It does not matter here much."
    )
    assert not disowned(unanswered, 0)


def test_a_worry_someone_has_answered_by_a_bare_denial_is_disowned():
    """Is "有人担心 '减最大值会带来偏差'。不会：…" (lesson 7 blind v10 l7v10-q2-024) a worry the student reports to deny,
    while the student's own worry before "不会" about something else, and a "不会" that goes on with a claim, are not?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    def sentences(*texts):
        return [Sentence(t, normalize(t), False) for t in texts]

    told = sentences("有人担心'减去最大值会让结果有一点偏差'。", "不会：分子分母同乘 e^(−m)。")
    assert is_reported(told[0].text) and disowned(told, 0)
    own = sentences("减去最大值会让结果有一点偏差。", "不会：分子分母同乘 e^(−m)。")
    assert not disowned(own, 0)
    going_on = sentences("有人担心'减去最大值会让结果有一点偏差'。", "不会溢出的地方也要减。")
    assert not disowned(going_on, 0)


@pytest.mark.parametrize(
    ("sentence", "answered"),
    [
        ("常见的说法是 'tl.max 会跳过 padding'，不对：它对每个 lane 都取", True),
        ("有人以为截到 0 就能修好，不行", True),
        ("有人说填 0 也可以，不对的地方在于负数行", False),
        ("有人说填 0 也可以，因为不对称", False),
    ],
)
def test_a_reported_saying_answered_after_a_comma(sentence, answered):
    """Is a reported saying answered by a verdict after a comma ("…，不对：", "…，不行") disowned, while a
    comma followed by words that only contain 不对 is not a verdict?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    assert disowned([Sentence(sentence, normalize(sentence), False)], 0) is answered


@pytest.mark.parametrize(
    ("sentences", "rejected"),
    [
        (["常听到的解释是：融合快是因为少做了几次 launch", "对大矩阵这不是主因：差距主要来自字节数"], True),
        (["有人说 L2 才是关键", "这并不是主要原因，时间跟着字节走"], True),
        (
            ["A common explanation is that fusion wins by saving launches.", "That is not the main reason."],
            True,
        ),
        (["很容易得出『加速来自少启动 kernel』的结论，但不对：时间正比于字节"], True),
        # The student's own claim, or a reported one never answered, stays.
        (["融合快是因为少做了几次 launch", "对大矩阵这不是主因：差距主要来自字节数"], False),
        (["有人说 L2 才是关键", "这也是原因之一"], False),
        # The shapes named with 在…上 as with 对 ("在大矩阵上这不是主因"); the reported saying held there is no rejection.
        (["常见的说法是：融合靠少启动 kernel 取胜", "在大矩阵上这不是主因：省的是显存字节"], True),
        (["常见的说法是：融合靠少启动 kernel 取胜", "在大矩阵上这就是主因"], False),
    ],
)
def test_a_reported_belief_answered_as_not_the_reason_is_disowned(sentences, rejected):
    """Is a reported saying the student answers as not the (main) reason ("这不是主因", "That is not the
    main reason") or rejects after a contrast ("…的结论，但不对") disowned, so the confidence gate does not
    read it as the student's claim, while the student's own claim is not?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    parsed = [Sentence(s, normalize(s), False) for s in sentences]
    assert disowned(parsed, 0) is rejected


# ── round 16 of lesson 5: a classmate's saying, a verdict on both sayings, a coincidence, a counterexample ──


@pytest.mark.parametrize(
    ("sentences", "disowned_first"),
    [
        (
            [
                "A classmate said the extra lanes are skipped by tl.sum.",
                "Both are wrong: every lane is added.",
            ],
            True,
        ),
        (["常见误解是 'tl.sum 会跳过 padding' 或者 '从显存读到 0'。", "两种说法都不对。"], True),
        (["有同学说 128 是 4 个 warp。", "这只是巧合：N=200 时是 256。"], True),
        (["One classmate said 128 = 4 warps.", "That happens to match here, but N = 200 gives 256."], True),
        (["有人说 '0 最小，所以填 0 也行'，反例：全负的行 max 会变成 0。"], True),
        (["A classmate said 0 is small enough.", "It is the smallest value in the row."], False),
        (["有人说填 0 也行。", "两种写法都能过检查。"], False),
        (["The padding lanes are skipped by tl.sum.", "Both are wrong: every lane is added."], False),
    ],
)
def test_a_saying_answered_by_a_verdict_on_both_a_coincidence_or_a_counterexample(sentences, disowned_first):
    """Is a saying reported (a classmate said, 常见误解是) and then answered by a verdict on both sayings
    ('两种说法都不对', 'Both are wrong'), called a coincidence ('这只是巧合', 'That happens to …') or met with a
    counterexample ('，反例：…') disowned, while an agreeing next sentence or the student's own claim is not?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    read = [Sentence(t, normalize(t), False) for t in sentences]
    assert disowned(read, 0) is disowned_first


@pytest.mark.parametrize(
    ("sentence", "reported"),
    [
        ("“填 0 更快所以更好”是错的：两种填法读的字节一样多", True),
        ("「减最大值会改变结果」这种说法不对：分子分母同乘一个数", True),
        ('"the fused kernel does less math" is a myth: both do the same arithmetic', True),
        ("“x + 0 = x”是对的，所以填 0", False),
        ("我用的是“两遍法”，因为它先减均值", False),
    ],
)
def test_a_quoted_saying_called_wrong_at_once_is_reported(sentence, reported):
    """Is a saying the student quotes and calls wrong at once ("“…”是错的：…", '"…" is a myth') read as cited to
    be rejected, while a quote called right, or a quoted name in the student's own claim, is not?"""
    assert is_reported(normalize(sentence)) is reported


@pytest.mark.parametrize(
    ("sentences", "disowned_first"),
    [
        (["有人把融合的提速解释成“少启动了 kernel”。", "都不对：两边的计算一样多。"], True),
        (["有同学把 0.0 的问题归因于 NaN。", "全都错了：问题是 max 被 0 顶替。"], True),
        (["有人把融合的提速解释成少读了数据。", "这是对的：带宽决定时间。"], False),
        (["我把融合的提速解释成少启动了 kernel。", "都不对：两边的计算一样多。"], False),
        (
            ["还有人说：只要数据本身小于 65504，fp16 就够了。", "这也不对：平方和很快超过 65504 变成 inf。"],
            True,
        ),
        (["还有人说：只要数据本身小于 65504，fp16 就够了。", "这也对：数据都小于 65504。"], False),
    ],
)
def test_a_cause_someone_gives_answered_by_a_bare_verdict(sentences, disowned_first):
    """Is a cause someone else gives ('有人把…解释成…') answered by a bare verdict on all of it ('都不对：', '这也不对：')
    disowned, while an agreeing verdict, or the student's own account ('我把…解释成'), is not?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    read = [Sentence(t, normalize(t), False) for t in sentences]
    assert disowned(read, 0) is disowned_first


# ── round of blind v34-v36 (lessons 6 and 7): an earlier view, a forum post, a dash before the verdict ──────


@pytest.mark.parametrize(
    "sentence",
    [
        "先承认，我一开始觉得单遍公式挺好的：读一遍数据，也不用第二次 mask",
        "> @Tony 楼上说的：masked 的 lane 会被 tl.sum 自动跳过，所以填什么都行",
        "常听人说减最大值是为了提高精度，这不是重点",
        "有人会从 FlashAttention 类推：融合加速来自省掉中间矩阵和 FLOPs",
        'A common take is "the fused kernel is faster because it launches 1 kernel instead of 5"',
    ],
)
def test_an_earlier_view_a_post_above_or_a_common_take_is_reported(sentence):
    """Is the student's earlier view with a word of time (我一开始觉得), the post above in a forum, a saying
    heard (听人说), an analogy someone draws (有人会从…类推) and a common take read as reported?"""
    assert is_reported(normalize(sentence))


@pytest.mark.parametrize("sentence", ["我觉得单遍公式挺好的", "楼下的同学也可以看看讲义第 4 节"])
def test_a_present_view_or_another_post_is_not_reported(sentence):
    """Is 我觉得 without a word of time (the student's present view) no report, nor a mention of another post?"""
    assert not is_reported(normalize(sentence))


@pytest.mark.parametrize(
    ("text", "disowns"),
    [
        (
            '看到有人说"除以 BLOCK_SIZE 也行，反正 padding 是 0"——和是对的，个数不对：除以 128 均值只剩 0.78 倍。',
            True,
        ),
        ("也有人说 fp16 转 fp32 只是为了和 torch 的输出 dtype 对齐——也不对。", True),
        (
            "有人以为本课不用单遍是因为它慢——实测单遍 2688 GB/s、两遍 2662 GB/s，几乎一样，不是性能问题。",
            True,
        ),
        ("有人说除以 BLOCK_SIZE 也行——反正 padding 是 0。", False),
        # Lesson 6 blind v90 l6v90-ex-025: the dash opens the student's account of what is actually so.
        (
            "有人说 centered_other 填什么都行，反正 tl.sum 会跳过 masked lane——其实 tl.sum 不看 mask，所以必须填 0.0。",
            True,
        ),
    ],
)
def test_a_dash_before_a_verdict_answers_a_reported_saying(text, disowns):
    """Is a saying answered after a dash ("——也不对", "——…，不是性能问题") disowned, while a dash that only
    goes on with the saying ("——反正 padding 是 0") leaves it the student's to judge?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    sentences = [Sentence(text, normalize(text), False)]
    assert disowned(sentences, 0) is disowns


def test_a_common_saying_with_a_count_word_is_reported():
    """Is '常见的一个说法是 …' (a common saying, with 一个 between) read as reported?"""
    assert is_reported(normalize('常见的一个说法是"被 mask 挡住的 lane 不参与 tl.max"'))


@pytest.mark.parametrize(
    ("text", "disowns"),
    [
        ('还有人说"fp16 够用"：fp16 只有 11 位有效位，平方和很快溢出，所以必须在 fp32 里累加。', True),
        ('有人说"填 0 也行"：因此一定要填 −∞。', True),
        ('有人说"fp16 够用"：我也觉得是这样，fp16 的范围够了。', False),
        ("有人说 fp16 够用：所以必须在 fp32 里累加。", False),
    ],
)
def test_a_reply_ending_in_the_student_s_own_obligation_answers_a_quoted_saying(text, disowns):
    """Is a quoted saying answered after its colon by the student's own '所以必须 …' disowned (lesson 6 blind v64
    l6v64-q2-008), while a reply that agrees, or an unquoted saying the colon only goes on with, is not?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    sentences = [Sentence(text, normalize(text), False)]
    assert disowned(sentences, 0) is disowns


def test_a_dash_and_not_so_answer_a_reported_saying():
    """Is '有人会说 "…constexpr，不能参与浮点除法"——不是这样，…' disowned (lesson 6 blind v8 l6v8-q2-005), while a dash that
    goes on with the saying ('——所以只能除以 N') is not?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    answered = '有人会说"除以 N 是因为 BLOCK_SIZE 是 constexpr，不能参与浮点除法"——不是这样，constexpr 可以参与除法。'
    continued = '有人会说"BLOCK_SIZE 是 constexpr，不能参与浮点除法"——所以只能除以 N。'
    assert disowned([Sentence(answered, normalize(answered), False)], 0)
    assert not disowned([Sentence(continued, normalize(continued), False)], 0)


@pytest.mark.parametrize(
    ("sentence", "reported"),
    [
        ("所以我下意识以为 Triton 里 mask 也是一直跟着数据的", True),
        ("我当时以为 tl.sum 会跳过被 mask 的 lane", True),
        ("R 的 var() 我一直以为就是 mean(x^2) - mean(x)^2 算的", False),
    ],
)
def test_an_earlier_belief_with_a_word_of_that_moment_is_reported(sentence, reported):
    """Is '我下意识以为' or '我当时以为' (lesson 6 blind v130 l6v130-q1-007) the student's earlier belief, while
    '我一直以为', which may still hold (lesson 6 blind v122 l6v122-q3-013), stays the student's claim?"""
    assert is_reported(normalize(sentence)) is reported


@pytest.mark.parametrize(
    ("sentences", "disowned_first"),
    [
        (["常见说法：−∞ 进了运算会产生 NaN，所以 padding 应该填 −1e9。", "我的结论：不对。"], True),
        (["常见说法：−∞ 进了运算会产生 NaN。", "我的结论：要填 −1e9。"], False),
        (["所以我下意识以为 Triton 里 mask 也是一直跟着数据的。", "后来读了第 2 节才明白不是这样。"], True),
        (["所以我下意识以为 Triton 里 mask 也是一直跟着数据的。", "后来读了第 2 节才明白这一点。"], False),
    ],
)
def test_a_labelled_verdict_or_a_belief_seen_through_later_disowns(sentences, disowned_first):
    """Is a saying answered by '我的结论：不对。' (lesson 7 blind v129 l7v129-q1-011) or an earlier belief followed by
    '后来……才明白不是这样' (lesson 6 blind v130 l6v130-q1-007) disowned, while a verdict that agrees is not?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    read = [Sentence(t, normalize(t), False) for t in sentences]
    assert disowned(read, 0) is disowned_first


@pytest.mark.parametrize(
    ("sentences", "disowned_first"),
    [
        (["D4 根因分析：初步怀疑 x² ≈ 1e8 溢出——验证排除，fp32 上限约 3.4e38。", "真正根因是抵消。"], True),
        (["一开始怀疑是 padding 没 mask——排查后否定。", "真正的原因是抵消。"], True),
        (["初步怀疑 x² ≈ 1e8 溢出，验证后确认是溢出。", "所以要换两遍法。"], False),
        (["我怀疑 x² ≈ 1e8 溢出——验证排除。", "真正根因是抵消。"], False),
    ],
)
def test_a_first_suspicion_ruled_out_by_a_check_is_disowned(sentences, disowned_first):
    """Is a root-cause report's '初步怀疑 …——验证排除' (lesson 6 blind v166 l6v166-q3-016) a cause the student rules
    out, while a suspicion the check confirms, or a bare 怀疑 with no word of time, stays the student's claim?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    read = [Sentence(t, normalize(t), False) for t in sentences]
    assert disowned(read, 0) is disowned_first


def test_round85_a_saying_called_half_right_is_disowned():
    """Is '教研组有老师说"融合快就是因为少启动了 4 个 kernel"。这个说法不全对。' (lesson 7 blind v248 l7v248-q3-022) a saying the
    student sets aside, while the same saying before a sentence that agrees with it is still the student's claim?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    def sentences(*texts):
        return [Sentence(t, normalize(t), False) for t in texts]

    saying = '教研组有老师说"融合快就是因为少启动了 4 个 kernel"。'
    assert disowned(sentences(saying, "这个说法不全对。"), 0)
    assert not disowned(sentences(saying, "这个说法很对。"), 0)


def test_round85_sayings_rejected_together_then_quoted_one_by_one_are_disowned():
    """Are '一是 "…"' and '二是 "…"' after '常听到两种说法，都不对。' (lesson 6 blind v148 l6v148-q2-002) sayings the student
    has turned down, while the same quoted items after '常听到两种说法，都对。' are still claims?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    def sentences(*texts):
        return [Sentence(t, normalize(t), False) for t in texts]

    items = ('一是"除以谁差不多"。', '二是"数据只有三位有效数字，fp16 够了"。', "存储也许够，累加不够。")
    rejected = sentences("常听到两种说法，都不对。", *items)
    assert disowned(rejected, 1) and disowned(rejected, 2)
    accepted = sentences("常听到两种说法，都对。", *items)
    assert not disowned(accepted, 1) and not disowned(accepted, 2)


@pytest.mark.parametrize(
    ("sentence", "disowns"),
    [
        ("他说除以 BLOCK_SIZE 也差不多，我不同意", True),
        ("她说填 0 也行，我觉得不对", True),
        ("他说除以 BLOCK_SIZE 也差不多，我同意", False),
        ("其他说法：除以 BLOCK_SIZE 也差不多，我不同意", False),
    ],
)
def test_round88_a_saying_of_him_or_her_answered_by_the_student_s_disagreement_is_disowned(sentence, disowns):
    """Is '他说除以 BLOCK_SIZE 也差不多，我不同意。' (lesson 6 blind v257 l6v257-q2-022: the 他 a 师兄 named a sentence before) a
    saying the student turns down, while agreement, or 其他说法 (no 他 who says), is not?"""
    from autograder.rubric.premises import Sentence
    from autograder.rubric.text import disowned

    assert disowned([Sentence(sentence, normalize(sentence), False)], 0) is disowns
