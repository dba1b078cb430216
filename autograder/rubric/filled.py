"""What the implementation note says was filled into the blanks, read against the submitted blanks.

"我填的是 0.0", "other=0.0", "divisor 用 n_cols": the value a note states as its code's. An earlier try,
a described experiment, a counterfactual, a rule or another parameter's number is no such statement,
so a note that tells its own history is not taken to contradict the code it submitted.
"""

from __future__ import annotations

import math
import re

from autograder.rubric.model import Rubric
from autograder.rubric.negation import is_hypothetical, is_negated
from autograder.rubric.premises import Sentence
from autograder.rubric.text import is_reported
from autograder.rubric.textnorm import clause_around, normalize

# ".0" is a float literal as "0." is: a student who writes it filled 0.0 (lesson 6 blind v244 l6v244-ex-004).
_VALUE = r"(?P<value>[+-]inf|none|nan|[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?(?![\d.]))"
# A kernel name filled into an expression blank ("shift 填 row_max", "divisor 用 n_cols"): a name of
# the code (with an underscore), not a word of prose, not one given a number ("n_cols=5") or called.
# A name used to check a result ("我用 softmax_steps 对过数") is a tool, not a fill (lesson 7 blind v134 l7v134-ex-011).
_NAME = (
    r"(?P<name>(?<![\w.])[a-z][a-z0-9]*_[a-z0-9_]*(?![\w.])"
    r"(?!\s*(?:=|\(\s*[a-z0-9_.'\"]|个|次|倍|对(?:过|了)?(?:数|结果|答案)|核对|验证|对照|校验)))"
)
_VERB = (
    r"(?:other\s*(?:=|:|取|为|是|用|设为|设成|填)?\s*|(?:填|设|改|换|用|\bfilled|\bused|\bset|\bswitched|\bput)"
    r"(?:的是|了|成|为|入|的|到|成了|\s+(?:other\s+)?(?:to|with|as|=))?\s*(?:other\s*=?\s*)?)"
)
# "我填的是 0.0", "other=0.0", "I filled other with 0.0", "改成加法单位元 0.0 后": what the student filled. An English
# verb is a word of its own: "output 1" and "offset 1e4" put and set nothing (lesson 7 blind v84 l7v84-ex-012).
# A number inside a list ("用 [1,2,3] 手推") is an input, not a fill.
# A magnitude written with ± ("用 ±1000 的 big_row 手动对了 torch.softmax") is an input, not a fill (l7v134-ex-023).
# A factor of an expression ("用 randn*2+3 让均值不为 0") is no fill either (lesson 6 blind v289 l6v289-ex-014).
_FILLED = re.compile(rf"{_VERB}(?:[^\d\s,;:+\-\[±*×/]{{0,8}}?\s*{_VALUE}|{_NAME})")
# Another parameter in the clause (a tolerance, a width): its number is not the blank's value. So is a
# name given a number ("divisor 用 n_cols=5": the width of an example, not the blank), unless the
# name is a fill's own (other=, centered_other=).
_OTHER_PARAMETER = re.compile(
    r"atol|rtol|tol|容差|误差|block|宽度|列数|\bn\s*=|\bm\s*=|行|\(\s*\d|次|个|第|节|章"
    r"|\b[a-z_]\w*(?<!other)\s*=\s*[+-]?\d"
)
_EARLIER = re.compile(
    r"第一次|一开始|最开始|刚开始|起初|起先|最初|原来|之前|误填|误设|当时|\bat\s+first|initially|originally|first\s+(?:version|try|attempt)"
    # "I first put BLOCK_SIZE as the divisor … changed it to n_cols": an earlier try told in the first person.
    r"|\bi\s+(?:had\s+)?first\b"
)
# A described experiment reports a trial, not the submitted value: "我试过 other 填 0.0，宽度 100 的检查失败了",
# "故意改成 1.0", "I tried other=0.0", "按第 4 节的预测单元把 show_lanes 的 other 换成 1.0" (the lesson's own
# experiment, v12-ex-016), the number put in the lesson's prediction cell ("预测单元我填的 7.0", lesson 6 blind v246
# l6v246-ex-003); a marker before the hit in its clause, or "试试" right after it.
_TRIAL = re.compile(
    r"试过|试了|尝试过|故意|刻意|特意|临时|暂时|预测(?:单元|格|cell)|\bprediction\s+cell\b|\btemporarily\b|做了?(?:个|一个)?实验|试验|实验(?:单元|格|cell)|\bplayground\b|(?:按|照|在)?\s*第\s*\d+\s*节的?\S{0,4}?(?:实验|预测|演示)|\btried\b|\bexperiment\w*|\bdeliberately\b|\bon\s+purpose\b"
)
_TRIAL_AFTER = re.compile(
    r"^\s*(?:试试|试了?一?下|看看|\bto\s+see\b|\bas\s+(?:a|an)\s+(?:test|experiment)\b)"
)
# What a choice would do ("用 BLOCK_SIZE 会把 padding 算进个数", "using 1.0 would ...", "填 0 就等于不平移"): a counterfactual.
_WOULD_AFTER = re.compile(r"^\s*(?:的话|就?会(?!议)|就?(?:等于|相当于)|\bwould\b|\bwill\b)")
# A count with its unit after it ("(4, 100) 用 128 的块": lesson 7 blind v285 l7v285-ex-014): a block's width or a
# number of lanes, not a fill; a fill of 0 or 1 stays one ("填 0 的 lane").
_SIZE_AFTER = re.compile(r"^\s*(?:的)?\s*(?:个|块|block|列|行|lanes?|宽|线程|threads?|warps?)")
_SIZE = re.compile(r"[1-9]\d+|[2-9]")
# What holds when a fill is made, with no blank named ("填 0.0 时 max = 0，分母多出 3": lesson 7 blind v259 l7v259-ex-021): a
# counterfactual too. Named ("centered_other 用 0.0 时三个 padding lane 平方是 0"), it tells the student's own fill.
_WHEN_AFTER = re.compile(r"^\s*(?:时|的时候)")
_NAMED = re.compile(r"[a-z_]{3,}|第[一二]个空")
# A likeness ("省略 other 时拿到的是 0，和填 0.0 一样"): the fill it compares with, not the submitted one.
_LIKENESS_BEFORE = re.compile(r"(?:和|跟|与|同)\s*$")
# A fill right after 先 is the first try ("第一个空先填的 0.0，检查就挂了；改成 -inf 后全过", lesson 7 blind v244
# l7v244-ex-011); "先减掉最大值" in the note's other checks is an order of steps, so this stays with the fills.
_FIRST_TRY_BEFORE = re.compile(r"先\s*$")
# A kernel name as a blank holds it ("n_cols", "row_max").
_IDENTIFIER = re.compile(r"[a-z_][a-z0-9_]*")
_NORMATIVE = re.compile(r"(?:应该?|要|需要|必须|得|should|must|need\s+to|has\s+to)\s*\S{0,3}$")


def told_as_earlier_or_trial(before: str) -> bool:
    """Whether the words before a mention tell of an earlier try or a described experiment."""
    return bool(_EARLIER.search(before) or _TRIAL.search(before))


# Marks a stated kernel name among stated values: no literal starts with it.
NAMED = "name:"


def blank_value(blank) -> str | None:
    """The submitted blank as a comparable value; "" for an unfilled blank, None when it is no literal."""
    text = normalize(str(blank or "")).replace(" ", "")
    text = re.sub(r"^other=", "", text)
    if not text.strip("_"):
        return ""
    match = re.fullmatch(_VALUE, text)
    return _canonical(match.group("value")) if match else None


def blank_values(blank) -> set[str] | None:
    """The literal values of the submitted blanks ("-inf, row_max" has one: -inf); {""} for one unfilled
    blank; None when no blank is a literal the note could be compared with."""
    parts = str(blank or "").split(", ")
    values = {blank_value(part) for part in parts} - {None}
    if len(parts) > 1:
        values -= {""}
    return values or None


def blank_names(blank) -> set[str]:
    """The kernel names among the submitted blanks ("n_cols, 0.0": {"n_cols"})."""
    parts = (normalize(part).replace(" ", "") for part in str(blank or "").split(", "))
    return {part for part in parts if _IDENTIFIER.fullmatch(part)}


# A blank that computes a mean or a sum ("tl.sum(x, axis=0) / n_cols", "tl.mean(x)"), not a max: the row mean
# as the shift. A blank naming the max ("tl.max(x, axis=0)", "row_max", "m") is none.
_MEAN_BLANK = re.compile(r"tl\.sum\s*\(|tl\.mean\s*\(|\bmean\b|\.mean\s*\(|\bsum\s*\([^()]*\)\s*/")


def mean_blank(blank) -> bool:
    """Whether a submitted blank computes a mean or a sum and no blank names a max."""
    parts = [normalize(part) for part in str(blank or "").split(", ")]
    return any(_MEAN_BLANK.search(p) for p in parts) and not any("max" in p for p in parts)


def wrong_blank(q, context: dict | None) -> bool:
    """Whether a submitted blank is a literal the question knows to be wrong (1.0 for a sum). Read
    blank by blank: lesson 6 submits "n_cols, 1.0", whose literal 1.0 is the wrong one."""
    if not q.right_blank or not context or "blank" not in context:
        return False
    values = (blank_values(context["blank"]) or set()) - {""}
    return bool(values - set(q.right_blank))


def unknown_name(q, context: dict | None) -> str | None:
    """A kernel name in a submitted blank that the question does not list as right, when it lists names
    ("n_cols, mean": mean). The scorer cannot tell an equivalent spelling from a wrong expression, so a
    note arguing for the value is read by a TA (lesson 6 blind v88 l6v88-ex-022)."""
    rights = {value for value in q.right_blank if _IDENTIFIER.fullmatch(value)}
    if not rights or not context:
        return None
    odd = blank_names(context.get("blank")) - rights
    return min(odd) if odd else None


def owns_wrong_value(sentences: list[Sentence], context: dict | None, rubric: Rubric) -> bool:
    """Whether the note names a submitted literal as what it filled, in any clause, a past or tried
    one included ("我填了 1.0（当时以为…）"): it gives an account of the code it submitted."""
    blanks = (blank_values((context or {}).get("blank")) or set()) - {""}
    return any(
        _canonical(hit.group("value")) in blanks
        for s in sentences
        for hit in _FILLED.finditer(s.text)
        if hit.group("value") is not None
    )


def _canonical(value: str) -> str:
    try:
        number = float(value)
    except ValueError:
        return value
    return "nan" if math.isnan(number) else repr(number + 0.0)


def stated_values(sentences: list[Sentence], rubric: Rubric, unfilled: bool = False, names=False) -> list:
    """[(value, sentence)]: each sentence that says which value the submitted code holds, once per
    value; with `names`, a kernel name filled into a blank too, as "name:<name>"."""
    found = []
    for s in sentences:
        values = set()
        for hit in _FILLED.finditer(s.text):
            if hit.group("name") is not None:
                value = NAMED + hit.group("name") if names else None
            else:
                value = _canonical(hit.group("value"))
            if value and value not in values and _states(s.text, hit, rubric, unfilled):
                found.append((value, s))
                values.add(value)
                if not names:
                    break
    return found


def _states(text: str, hit: re.Match, rubric: Rubric, unfilled: bool) -> bool:
    """Whether the hit says what the submitted code holds (not an earlier try, a described experiment,
    a hypothetical or a rule)."""
    at = hit.start("value") if hit.group("value") is not None else hit.start("name")
    before = text[max(0, hit.start() - 12) : hit.start()]
    clause = text[max(0, hit.start() - 12) : hit.end() + 4]
    lead = text[clause_around(text, hit.start())[0] : hit.start()]
    if (
        told_as_earlier_or_trial(before)
        or told_as_earlier_or_trial(lead)
        or _FIRST_TRY_BEFORE.search(before)
        # Someone else's fill ("讨论区有人说 other 填 0.0 也能过检查，其实不对", "有人会填 0.0"): not what the submitted code
        # holds. The hit's own verb ends the saying, so it is read with the lead.
        or is_reported(lead + hit.group(0))
        or _LIKENESS_BEFORE.search(before)
        or _TRIAL_AFTER.search(text[hit.end() :])
        or _WOULD_AFTER.search(text[hit.end() :])
        or (_SIZE.fullmatch(hit.group("value") or "") and _SIZE_AFTER.search(text[hit.end() :]))
        or (_WHEN_AFTER.search(text[hit.end() :]) and not _NAMED.search(text[hit.start() : at]))
        or _OTHER_PARAMETER.search(text[hit.start() : at] if hit.group("name") else hit.group(0))
        or re.search(r"atol|rtol|容差", clause)
    ):
        return False
    if is_negated(text, at, hit.end(), rubric.language, refute=False):
        return False
    if is_hypothetical(text, at, rubric.language) or _constant_before(text, hit.start()):
        return False
    return unfilled or not _NORMATIVE.search(text[max(0, hit.start() - 6) : hit.start() + 1])


def _constant_before(text: str, at: int) -> bool:
    """Whether the verb at `at` sets another parameter named right before it ("把 FILL 改成 1.0",
    "BLOCK_SIZE 设成 8"): a name that is no fill's own (other, centered_other) and no blank's."""
    name = re.search(r"(?<![\w.])([a-z][a-z0-9_]*)\s*(?:的值)?\s*$", text[max(0, at - 24) : at])
    return bool(name) and not name.group(1).endswith("other") and name.group(1) in _CONSTANTS


# Parameters of the lessons' experiment cells and launches, never a blank of their own.
_CONSTANTS = frozenset("fill block_size block second_mask num_warps num_stages seed offset scale".split())
