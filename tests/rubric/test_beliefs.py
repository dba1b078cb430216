"""Asserted beliefs (autograder/rubric/beliefs.py assertion): a misconception's hit counts only when the sentence claims it."""

import re

import pytest

from autograder.rubric.beliefs import assertion
from autograder.rubric.model import Misconception
from autograder.rubric.textnorm import normalize

# A belief read only where the sentence has not first said why it holds: the look back is the pattern's, the claim
# starts at the group `at` (lesson 7 blind v259 l7v259-ex-001: '第一次我把 shift 写成了 x，… −∞ − (−∞) = NaN' is true there).
_PAIR_NAN = Misconception(
    id="pair_nan",
    severity="veto",
    patterns=(re.compile(r"^(?:(?!shift\s*写成了?\s*x\b).)*?(?P<at>-inf\s*-\s*\(?\s*-inf\s*\)?\s*=\s*nan)"),),
    feedback="",
)


@pytest.mark.parametrize(
    ("sentence", "asserted"),
    [
        ("padding lane 是 −∞ − (−∞) = NaN", True),
        ("我把 shift 写成了 x，padding lane 是 −∞ − (−∞) = NaN", False),
        ("m 有限，就不会出现 −∞ − (−∞) = NaN", False),
    ],
)
def test_a_claim_that_starts_at_its_group_is_denied_or_asserted_there(l7, sentence, asserted):
    """Is a hit whose pattern looks back over the sentence judged from its group `at`: asserted as it stands, left alone
    after the sentence's own reason for it, and denied by the '不会出现' right before the group (not before the sentence)?"""
    question = next(iter(l7.questions.values()))
    assert (assertion(_PAIR_NAN, normalize(sentence), question, l7) is not None) is asserted
