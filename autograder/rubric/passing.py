"""The seed's third pass condition: the written answers name at least one correctness boundary and one
performance trade-off. Read from the answers as a whole (any question may name them), with evidence.

A statement counts when the student makes it: not denied, not in a sentence vetoed for a misconception,
not in an answer that is keyword stuffing (a bare "寄存器" in a list names no trade-off). In a note that
contradicts the student's code or run, or in a hedged sentence, it is left to a TA (None).
A boundary may be stated as a hypothetical ("如果 N 是 2 的幂，就测不出来"): that is how boundaries are
usually put. A wrong claim of the same kind (padding wastes bandwidth) is never credited; next to a right
one it leaves the verdict to a TA (None).
"""

from __future__ import annotations

from autograder.rubric.model import PassCondition, Rubric
from autograder.rubric.negation import is_hypothetical, is_negated
from autograder.rubric.reading import prepare
from autograder.rubric.reasons import claimed
from autograder.rubric.score import score_answer
from autograder.rubric.text import is_unsure

# Notes that contradict the student's own code or run: what they state is for a TA to weigh.
_DOUBTFUL = {"unrun_claim", "contradicts_code"}


def pass_condition(rubric: Rubric, answers: dict[str, str]) -> dict:
    """{"boundary": bool | None, "tradeoff": bool | None, "evidence": {name: [sentences]}}.

    `answers` maps question id -> answer text. None means unsure: a TA decides.
    """
    verdict: dict = {"evidence": {}}
    for name, condition in rubric.pass_conditions.items():
        found, wrong, unsure = [], [], []
        for question, text in answers.items():
            scored = score_answer(rubric, question, text or "")
            if "stuffing" in scored.flags:
                continue
            vetoed = {hit["sentence"] for hit in scored.misconceptions if hit["veto"]}
            doubtful = bool(_DOUBTFUL & set(scored.flags))
            for s in prepare(text or "", rubric):
                if _claims_false(condition, s.text, rubric):
                    wrong.append(s.raw)
                elif s.raw in vetoed:
                    continue  # a sentence built on a wrong belief names no boundary
                elif _states(condition, s.text, rubric):
                    (unsure if doubtful or is_unsure(s.text) else found).append(s.raw)
        verdict[name] = None if (found and wrong) or (unsure and not found) else bool(found)
        verdict["evidence"][name] = found + unsure + [f"(wrong) {w}" for w in wrong]
    return verdict


def _states(condition: PassCondition, text: str, rubric: Rubric) -> bool:
    return any(claimed(text, m, rubric) for p in condition.patterns for m in p.finditer(text))


def _claims_false(condition: PassCondition, text: str, rubric: Rubric) -> bool:
    return any(
        not is_negated(text, m.start(), m.end(), rubric.language)
        and not is_hypothetical(text, m.start(), rubric.language)
        for p in condition.false_claims
        for m in p.finditer(text)
    )
