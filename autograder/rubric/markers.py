"""The words that mark a causal link ("因为", "所以", "否则", "→" …) and the arrows that are no link.

A premise is found where a marker stands, so which words mark one, and which arrows only list steps
("读一行 → 补 0 → tl.sum") or map a value ("padding lane 0 → -mean"), decide what the scorer reads as a
student's reason. autograder.rubric.premises splits the clauses around the markers found here.
"""

from __future__ import annotations

import re

# The premise follows the marker: "因为 B". A purpose is offered the same way ("A 是为了 B", "为了 B，A",
# "tl.where 用来 B", "A so that B", "A，是 B 的缘故"): what A is for is the student's justification of A.
_PURPOSE_MARKERS = r"是为了 为了 目的(?:是|在于|就是) 用来 以便 \bso\sthat\b \bin\sorder\sto\b"
_FORWARD = rf"""
    是因为 因为(?!这样) 由于 既然 鉴于 (?:理由|原因)(?:是|在于|就是)?\s*:? (?:理由|原因)是 \bbecause(?:\sof)?\b \bsince\b
    \bdue\sto\b \bgiven\sthat\b ∵
    {_PURPOSE_MARKERS} 是(?=[^,;:]{{1,30}}?的缘故)
"""
# A link made by one of the purpose markers: its conclusion is the action the purpose justifies.
PURPOSE = re.compile("|".join(_PURPOSE_MARKERS.split()))
# The premise precedes the marker: "B，所以 A", "B → A".
# "舍入导致的小负数" is a noun phrase (the negatives rounding causes), no marker; "…是舍入导致的。" still is one.
# "A 之所以成立，是因为 B" names A as the conclusion: its 所以 is no marker (B after 是因为 is the premise).
# "即使这样 / 就算这样 / 尽管这样 / 虽然这样" concede (even so): no consequence drawn from what came before.
# "大概会这样：…" presents what follows its colon (lesson 7 blind v285 l7v285-q1-011): no consequence either.
_BACKWARD = r"""
    (?<![之])所以 因此 因而 故而 (?<![缘])故(?!意|障) 于是 从而 导致(?!的\s*[^,.;:!?。\s]) 以致 使得 (?<![即假])使(?!用) 这样一来 (?<![是像照按就使算管然])这样(?![的地理说做写看想子]|\s*:) 保证 确保
    才能 → => ⇒ ∴ \bso\b \btherefore\b \bhence\b \bthus\b \bwhich\smeans\b \bthis\smeans\b \bas\sa\sresult\b
    \b(?:that'?s|which\sis|this\sis)\swhy\b \bensures?\b \bthereby\b
"""
# The clause after the marker is what would go wrong otherwise: the student's justification of A.
_COUNTER = r"否则 要不然 不然 \botherwise\b"
_KINDS = {"forward": _FORWARD, "backward": _BACKWARD, "counter": _COUNTER}
MARKER = re.compile(
    "|".join(f"(?P<{kind}>{'|'.join(words.split())})" for kind, words in _KINDS.items()), re.VERBOSE
)
ARROWS = ("→", "=>", "⇒")
# What counts as a clause's own words: letters, digits and CJK, never punctuation.
LETTERS = re.compile(r"[\W_]+")
# A stage heading or label before a colon ("输入：", "- 所以:"): it names the step, it is no premise.
HEADING = re.compile(r"^\W*(?:\w{0,8}|[\w.]{1,16}\([^()]{0,20}\)|\w{1,8}(?:\s\w{1,3})?\s*\(\w{1,12}\))\s*:")
# A short side that states a condition, not a step: "访存受限 → 预测 4×", "平移不变 → 结果不变",
# "exp 全是 0 → 0/0". A bare noun or action ("标量", "读一行", "tl.sum") does not.
_STATE = re.compile(
    r"(?:受限|不变|溢出|上溢|下溢|越界|全是\s*0|为\s*0|\bbound\b|\blimited\b|\b(?:over|under)flows?(?:\s+to\s+0)?)"
    r"\s*$"
)
# One bare name of the code or the prompt ("divisor", "centered_other", "fp16"), perhaps after a bullet: an
# arrow from it maps the name to its value or answer, a label, not a cause.
_LABEL = re.compile(r"\W*[a-z_][a-z0-9_.]*\s*")
# A number alone up to the end of its clause, with its unit ("→ 512 MB"): what a step computes, not what a cause
# brings about.
_BARE_NUMBER = re.compile(
    r"\s*[-+]?\d+(?:\.\d+)?\s*(?:[kmgt]i?b\b|字节|bytes?\b|ms\b|gb/s|倍|×)?\s*(?:[,;。]|$)"
)
_NUMBERS_ONLY = re.compile(r"\s*[\d.,\s×x*+-]*\s*(?:[→,;:]|$)")
# A relation of a formula: a step that holds one claims something.
_FORMULA = re.compile(r"[=<>≤≥]")
# A name given a value ("x=100", "den = +inf"): the input of a worked step.
_ASSIGNED = re.compile(r"\s*[a-z_][\w.]*\s*=\s*[-+]?(?:\d[\d.e+-]*|inf|nan)\s*")


def step_arrow(sentence: str, marker: re.Match) -> bool:
    """'读一行 → 补 0 → tl.sum → store', '输出：标量 → out[row]': an arrow from a bare noun or a short
    step states no cause. One from a claim ('x+0=x → 和不变', '长度只能是 2 的幂 → 取 128') does."""
    if marker.group(0) != "→":
        return False
    left, right = sentence[: marker.start()].split("→")[-1], sentence[marker.end() :]
    if re.search(r"\d\s*$", left) and re.match(
        r"\s*(?:\.\.\.|…)?\s*(?:[a-z_]+\s*=\s*)?(?:-?\s*\d|-\s*(?:mean|μ|mu)\b)", right
    ):
        # "128 → 64 → … → 1", "n=257 → block=512", "padding lane 0 → -mean", "logit −20 → −400" (lesson 7 blind v248
        # l7v248-q2-023): a value mapped to the next one
        return True
    if _ASSIGNED.fullmatch(re.split(r"[,;:]", left)[-1]) and re.match(r"[^→,;。]*=", right):
        return True  # "x=100 → tl.exp(100.) = +inf", "den = inf → inf/inf = nan": a value given, then what it computes
    left = HEADING.sub("", left.split(":")[-1] if left.count(":") else left)
    if _STATE.search(left.split(",")[-1]) and not _NUMBERS_ONLY.match(right):
        return False  # a condition and what follows from it
    if _LABEL.fullmatch(left):
        return True  # "divisor → N：…", "centered_other → 0.0（…）": a name mapped to its value, no cause
    if _BARE_NUMBER.match(right):
        return True  # "tl.sum → 1.571", "mean → 5": a step and the value it gives, no cause
    # Its stage is the last clause before the arrow ("mask 掉多余的 lane，填 0 → tl.sum → store"); a formula in an
    # earlier clause ("max(x, −∞) = x，不影响 → exp …") makes no claim of this stage.
    stage = left.split(",")[-1]
    formula = _FORMULA.search(left)
    if sentence.count("→") >= 3 and not _FORMULA.search(stage) and len(LETTERS.sub("", stage)) <= 12:
        return True  # "输入一行 + mask → 按 mask 读，填 0 → tl.sum → store": a pipeline of short stages
    short = len(LETTERS.sub("", left)) <= 6 and not formula
    step = re.match(r"([^→,;:]*)→", right)  # "… → sum → store": a short step between two arrows
    return short or bool(step and len(LETTERS.sub("", step.group(1))) <= 6)


def without_step_arrows(sentence: str) -> str:
    """The sentence with its step arrows blanked: a list of steps holds no causal connective."""
    steps = [m for m in MARKER.finditer(sentence) if step_arrow(sentence, m)]
    for marker in reversed(steps):
        sentence = sentence[: marker.start()] + "," + sentence[marker.end() :]
    return sentence
