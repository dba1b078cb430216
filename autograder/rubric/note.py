"""The implementation note against the submission: what it says was filled, run and measured.

The note is the one answer that describes the student's own code and run, so it can be checked
against them (the `context` of score_answer: the submitted blank and whether the checks passed). A
note that names another value than the blank, reports a full pass the record does not show, or
reports results while saying nothing could run, contradicts the submission: it earns nothing and a
TA sees the evidence. Only a TA can tell a slip of the pen from a note written for other code.
Which value a sentence says was filled is filled.py's question.
"""

from __future__ import annotations

import re

from autograder.rubric.filled import (
    NAMED,
    blank_names,
    blank_values,
    mean_blank,
    stated_values,
    told_as_earlier_or_trial,
)
from autograder.rubric.markers import LETTERS
from autograder.rubric.model import Rubric
from autograder.rubric.negation import is_hypothetical, is_negated
from autograder.rubric.premises import Sentence

_NO_RUN = re.compile(
    r"仅?静态审查|没有?运行|未运行|跑不了|无法运行|不能运行|没法运行|没法跑|没(?:有)?装|装不上|static\s+review|"
    r"(?:could\s*not|couldn't|can't|cannot|did\s*not|didn't)\s+run"
)
_RESULT = re.compile(
    r"实测|测得|测出|测到|测了|跑出|跑过了|跑通了?|全绿|all\s+green|measured|benchmark|\d\s*[gt]b/s|(?:检查|测试|用例|checks?|tests?)\S{0,10}?(?:都|全部|均|全)?\s*(?:通过|passed|pass)"
    r"|误差\S{0,6}(?:以内|为|是)"
)
# Numbers quoted from the lesson ("按笔记里提交的测量，N=100 只有 639 GB/s") are no claim of a run,
# unless the student also says it measured them.
# A section of the lesson ("第 3 节提交的实测", "section 3's numbers") is cited the same way; its 的实测 is the
# lesson's measurement, not the student's ("我的实测" still is).
_CITED = re.compile(
    r"笔记(?!本)|讲义|课上|课程|文档|教材|\blesson\b|\bcommitted\b|\bthe\s+notes\b|第\s*\d+\s*(?:节|章|部分)|\bsection\s*\d"
)
_OWN_RUN = re.compile(
    # The student's own (fused) kernel or softmax, or a figure set against the lesson's as better (lesson 7 blind v264
    # l7v264-ex-018, '第 8 节测速：我的融合 softmax … 0.021 ms … 比第 3 节 H200 的结果还好'): the section is the comparison, not the source.
    # A run's outcome (跑下来, 跑完) set beside the lesson ('跑下来…快 5.09 倍，跟课上讲的一致', lesson 7 blind v274 l7v274-ex-013) is the student's.
    r"我(?:自己)?的实测|(?<!的)实测|我测|我跑|我自己|测得|测出|测了一?下|跑出|跑了|跑下来|跑完|运行了"
    r"|我的\s*(?:(?:融合|fused)\s*)?(?:kernel|softmax)|我的\s*(?:mean|实现|代码|程序|结果|版本)"
    r"|比\s*(?:第\s*\d+\s*节|讲义|笔记(?!本)|课上)[^。]{0,16}?(?:还|更)\s*(?:好|快|高)"
    r"|\bi\s+(?:measured|ran|got)\b|\bmy\s+(?:run|kernel)"
)
# A speed or bandwidth figure (GB/s, ms, "快了 70%", "2 倍加速"): the interpreter runs the kernel on the CPU
# and measures nothing of the GPU, so such a figure from a run on it, or with no GPU at all, was never measured.
_PERF_FIGURE = re.compile(
    r"\d(?:\.\d+)?\s*(?:[gtm]i?b/s|ms\b|us\b|μs|毫秒|微秒)"
    r"|(?:快|慢)了?\s*(?:约|大约|将近|近)?\s*\d+(?:\.\d+)?\s*(?:%|倍)"
    r"|\d+(?:\.\d+)?\s*(?:%|倍|x)\s*(?:的)?\s*(?:加速|更快|更慢|\bfaster\b|\bslower\b|\bspeed-?up\b)|加速比\s*(?:是|为|=)?\s*\d"
)
_NO_DEVICE = re.compile(
    r"triton_interpret|解释器|\binterpreter\b|\binterpret(?:ed)?\s+mode|(?:没有|没|无|不带)\s*(?:独立)?\s*(?:gpu|显卡|cuda)"
    r"|\bno\s+(?:gpu|cuda)\b|\bwithout\s+(?:a\s+)?(?:gpu|cuda)\b|(?:纯\s*)?\bcpu\s*(?:上|模式)|\bon\s+(?:the\s+|my\s+|a\s+)?cpu\b"
)
_PREDICTED = re.compile(r"应该|应当|预计|估计|预期|会通过|能通过|可以通过|\b(?:should|would|will|expect)")
_FULL_PASS = re.compile(
    r"(?:全部|都|全|均)\s*(?:已经?)?\s*(?:通过|过了|过(?=\s*(?:了|啦|[,.;:!?✓、。)]|$)))|已经?(?:全部|都)通过|全绿|跑过了|all\s+green"
    r"|(?:三个|所有|所有的)?(?:检查|测试|用例)\s*(?:都|全部|均)?\s*(?:已经?)?\s*(?:一次|一次性|直接|顺利|一下子)?\s*(?:就)?\s*通过"
    r"|all\s+(?:the\s+)?(?:visible\s+)?(?:checks|tests)\s+(?:have\s+)?pass|everything\s+pass|passed\s+all"
)


def check_state(context: dict | None) -> str:
    """passed | failed | not_run (the student could not run: checks_passed is null) | unknown."""
    if not context or "checks_passed" not in context:
        return "unknown"
    passed = context["checks_passed"]
    return "not_run" if passed is None else ("passed" if passed else "failed")


def note_findings(sentences: list[Sentence], context: dict | None, rubric: Rubric, states_value: bool):
    """[(flag, evidence)] for every way the answer contradicts the submitted code or run."""
    findings = []
    state = check_state(context)
    if states_value and context and "blank" in context:
        findings += _value_findings(sentences, context["blank"], rubric)
    no_run = state == "not_run" or any(_NO_RUN.search(t.text) for t in sentences)
    no_device = any(_NO_DEVICE.search(t.text) for t in sentences)
    for s in sentences:
        cited = _CITED.search(s.text) and not _OWN_RUN.search(s.text)
        claims_result = _asserted(_RESULT, s.text, rubric) and not cited
        # A speed or bandwidth figure of the student's own, with no GPU to measure it (the interpreter,
        # a CPU): in any answer, not only the note.
        figure = _asserted(_PERF_FIGURE, s.text, rubric) and not cited
        if (claims_result and no_run) or (figure and (no_run or no_device)):
            findings.append(("unrun_claim", s.raw))
        elif (
            states_value
            and state == "failed"
            and any(_asserted(p, s.text, rubric) for p in (_FULL_PASS, _NO_RUN))
        ):
            # A full pass, or "仅静态审查：没有运行任何检查", against a record of checks that ran and failed:
            # the note and the record disagree on the state its concepts are asked in, so a TA reads it
            # (the failed state's concepts would have under-credited a hand check silently).
            findings.append(("contradicts_code", s.raw))
    return findings


def _value_findings(sentences: list[Sentence], blank, rubric: Rubric):
    """A stated literal that no blank holds; a stated kernel name that no blank holds, when some
    blank is a name ("divisor 用 n_cols" for code dividing by BLOCK_SIZE)."""
    blanks, names = blank_values(blank), blank_names(blank)
    unfilled = blanks == {""}
    found = []
    for value, s in stated_values(sentences, rubric, unfilled=unfilled, names=bool(names)):
        if value.startswith(NAMED):
            wrong = value[len(NAMED) :] not in names
        else:
            wrong = blanks is not None and (unfilled or value not in blanks)
        if wrong:
            found.append(("contradicts_code", s.raw))
    if not found and mean_blank(blank):
        found += [("contradicts_code", s.raw) for s in sentences if _names_max_shift(s.text, rubric)]
    return found


# The max named as what the code subtracts ("第二个空 row_max", "shift = tl.max(x)", "减去行最大值后…",
# "subtract the row max"): against code whose shift blank is the row mean (blind l7v16-ex-005).
_MAX_SHIFT = re.compile(
    r"(?<![\w.])(?:row_max|tl\.max)(?!\w)|(?:减|减去|减掉)\s*(?:了)?\s*(?:每行|行|整行|这一行|该行)?\s*(?:的)?\s*(?:最大值|\bmax\b)"
    r"|\bsubtract\w*\s+(?:the\s+)?(?:row(?:'s)?\s+|row_)?max(?:imum)?\b|\b(?:the\s+)?row\s+max(?:imum)?\s+as\s+the\s+shift"
)
# A sentence that tells of the mean itself ("我减的是均值而不是 row_max") is an honest account, not a contradiction.
_MEAN_WORD = re.compile(r"均值|平均|\bmean\b|\baverage\b|tl\.sum|除以\s*n|/\s*n")
# The max named as the fix still to make ("应该改成 row_max，还没来得及改"): a plan, not what the code holds
# (lesson 7 blind v86 l7v86-ex-001).
_PLANNED = re.compile(
    r"(?:应该|应当|要|需要|必须|打算|\bshould\b|\bmust\b)\s*(?:改成|改为|换成|改用|填|用|\bbe\b|\buse\b)?\s*$"
)


def _names_max_shift(text: str, rubric: Rubric) -> bool:
    if _MEAN_WORD.search(text):
        return False
    for m in _MAX_SHIFT.finditer(text):
        before = text[max(0, m.start() - 24) : m.start()]
        if told_as_earlier_or_trial(before) or _PLANNED.search(before):
            continue
        if is_negated(text, m.start(), m.end(), rubric.language, refute=False):
            continue
        if is_hypothetical(text, m.start(), rubric.language):
            continue
        return True
    return False


def unread_note(sentences: list[Sentence], context: dict | None, rubric: Rubric) -> str | None:
    """The note's sentence naming the submitted value, when the note says more than that: a note
    about the student's own, consistent code that earned nothing is one the patterns failed to read."""
    # Every literal blank, so a lesson with two ("n_cols, 0.0") is read too (lesson 6 blind v88 l6v88-ex-016).
    blanks = (blank_values((context or {}).get("blank")) or set()) - {""}
    named = [s for value, s in stated_values(sentences, rubric) if value in blanks]
    rest = "".join(s.text for s in sentences if not named or s is not named[0])
    return named[0].raw if named and len(LETTERS.sub("", rest)) >= 10 else None


def _asserted(pattern: re.Pattern, text: str, rubric: Rubric) -> bool:
    """A result the note reports as happened: not denied, imagined or only predicted ("应该能通过")."""
    return any(
        not is_negated(text, m.start(), m.end(), rubric.language, refute=False)
        and not is_hypothetical(text, m.start(), rubric.language)
        and not _PREDICTED.search(text[max(0, m.start() - 6) : m.end()])
        for m in pattern.finditer(text)
    )
