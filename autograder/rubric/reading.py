"""Reading an answer: its sentences, normalized, each knowing whether it gives a reason.

A reason is what a cap without one (cap_without_cue) asks for: a cue word (因为, 所以, so that …), and three
forms that give one without a cue word, each met in blind sets: the answer to a why-question, a fill before its
colon, and an action or threshold followed by its consequence.
"""

from __future__ import annotations

import re

from autograder.rubric.markers import without_step_arrows
from autograder.rubric.model import Rubric
from autograder.rubric.negation import Language, has_cue
from autograder.rubric.premises import Sentence
from autograder.rubric.textnorm import normalize, split_sentences


def prepare(answer: str, rubric: Rubric) -> list[Sentence]:
    """Split the raw answer into sentences, then normalize each, so evidence keeps the student's wording."""
    sentences = []
    for raw in split_sentences(answer):
        text = normalize(raw)
        if text:
            previous = sentences[-1].text if sentences else ""
            sentences.append(Sentence(raw, text, _gives_reason(text, previous, rubric.language)))
    return sentences


def _gives_reason(text: str, previous: str, language: Language) -> bool:
    """Whether a sentence gives a reason: a cue word (因为, 所以 …), the answer to the why-question before it,
    a fill before its colon, or an action or threshold followed by its consequence."""
    return (
        has_cue(without_step_arrows(text), language)
        or bool(_WHY.search(previous) and _ANSWER.match(text))
        or bool(_FILL_COLON.search(text) or _CONDITION.search(text))
    )


# "问：为什么除以 N？答：只有 N 个真实元素": the answer to a why-question gives its reason, with or without 因为.
_WHY = re.compile(r"为什么|为何|\bwhy\b")
_ANSWER = re.compile(r"^\W*(?:答|回答|\ba|\banswer)\s*:")
# "填 −∞：max(x, −∞) = x 不会胜出", "如果填 0.0：全负的行 max 被顶成 0": a fill, then after its colon what it does,
# is the reason for that fill or its failure, as "填 −∞，因为 …" is.
_FILL_COLON = re.compile(
    r"(?:^|[,;(]|如果|若|假如)\s*(?:填|用|改成|换成|other\s*=)\s*[^\s,;:]{1,12}\s*(?:时|的话|的时候)?\s*:\s*\S"
)

# "填 −∞ 时 max(x, −∞) = x，不胜出", "减去行最大值后 x − m ≤ 0", "x 超过 88.72 时 exp 溢出": an action or a threshold, then
# what follows from it, is a condition and its consequence, the reasoning "因为 …，所以 …" spells out.
_CONDITION = re.compile(
    r"(?:填|用|减去?|不减|超过|大于|小于|>|<)[^,;:。]{1,20}?(?:时|之后|以后|后)\s*,?\s*[^,;:。\s]"
)
