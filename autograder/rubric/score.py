"""Score one written answer against its question's rubric: deterministic, and every credit, veto or
routing comes with the student's own sentence as evidence.

Order of the rules: empty → sentences → grandiose praise and enumerations of terms set aside
(stuffing.py) → concepts and reasons (credit.py, reasons.py) → misconceptions and wrong fill values
(beliefs.py) → stuffing and length → the note against the code (note.py) → caps and deductions
(credit.py) → the confidence gate (gate.py) → review routing → feedback. No rule gives credit or
vetoes silently when it is unsure: an unknown premise, an uncertain veto, a cap that decided the
score or content no pattern read sends the answer to a TA.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from autograder.rubric.beliefs import match_misconceptions, without_beliefs
from autograder.rubric.credit import credit_concepts, tally, unearned_reason
from autograder.rubric.enumerations import enumerations
from autograder.rubric.gate import unread
from autograder.rubric.injection import addressed_to_grader
from autograder.rubric.markers import LETTERS
from autograder.rubric.model import Question, Rubric
from autograder.rubric.note import check_state, note_findings, unread_note
from autograder.rubric.premises import Sentence
from autograder.rubric.reading import prepare
from autograder.rubric.stuffing import grandiose, length_flags, stuffing_flags
from autograder.rubric.text import is_romanized
from autograder.rubric.textnorm import normalize

# Student-facing messages for rule outcomes (concept and misconception messages come from the rubric).
MESSAGES = {
    "empty": "未作答。",
    "too_short": "答案过短，无法判断是否理解，请用完整的句子作答。",
    "stuffing": "答案像是术语罗列或重复，请用完整的句子说明“因为……所以……”的因果关系。",
    "stuffing:enumeration": "只罗列术语的句子不计分：请用完整的句子说明每一项为什么成立。",
    "capped_no_cue": "答案没有说明因果（因为/所以/否则……），因此只能得部分分。",
    "capped_missing_required": "缺少本题的核心要点，因此只能得部分分。",
    "unknown_premise": "你给出的理由需要助教核对，核对前只计结论部分的分数。",
    "contradicts_code": "说明与提交的代码或运行记录不一致，本项暂记 0 分，由助教核对。",
    "unrun_claim": "说明里报告了没有运行过的结果，本项暂记 0 分，由助教核对。",
    "addresses_grader": "答案里有写给评分程序的话；分数只看对问题的回答，本题由助教核对。",
    "wrong_value": "填充值必须是这个归约的单位元（求和用 0，max 用 -inf，min 用 +inf，乘积用 1），否则 padding lane 会改变结果。",
}
# Findings that void the answer until a TA looks: it does not describe the student's own work.
_VOIDING = ("stuffing", "too_short", "contradicts_code", "unrun_claim")
# Flags that only question the points, not the verdict.
_POINTS_ONLY = ("cap_loss", "unknown_premise", "veto_unsure", "unread")


@dataclass
class AnswerScore:
    question: str
    points: float
    max_points: float
    veto: bool = False
    needs_review: bool = False
    matched: list[dict] = field(default_factory=list)  # {"concept", "sentence"}
    missing: list[str] = field(default_factory=list)
    misconceptions: list[dict] = field(default_factory=list)  # {"id", "sentence", "veto"}
    flags: list[str] = field(default_factory=list)
    feedback: list[str] = field(default_factory=list)
    evidence: list[dict] = field(default_factory=list)  # {"flag", "sentence"}: why it was routed

    def to_json(self) -> dict:
        """The fields of the `rubric score` contract (DESIGN.md), in its order."""
        keys = ("question", "points", "max_points", "veto", "needs_review", "matched", "missing")
        return {key: getattr(self, key) for key in keys} | {"misconceptions": self.misconceptions}

    def to_dict(self) -> dict:
        """Everything, including the flags and evidence behind `needs_review` and the student feedback."""
        return self.to_json() | {"flags": self.flags, "feedback": self.feedback, "evidence": self.evidence}

    def flag(self, name: str, sentence: str = "") -> None:
        self.flags.append(name)
        if sentence:
            self.evidence.append({"flag": name, "sentence": sentence})


def score_answer(rubric: Rubric, question: str, answer: str, context: dict | None = None) -> AnswerScore:
    """Score `answer` to `question`; raises RubricError for a question the rubric does not have.

    `context` describes the submission the answer belongs to: {"blank": the submitted blank text,
    "checks_passed": True | False | None (could not run)}; without it the note is scored on its own.
    """
    q = rubric.question(question)
    result = AnswerScore(question=q.id, points=0.0, max_points=q.max_points)
    sentences = prepare(answer if isinstance(answer, str) else "", rubric)
    if is_empty(sentences, rubric):
        result.flags.append("empty")
        result.feedback.append(MESSAGES["empty"])
        return result
    asked = [c for c in q.concepts if check_state(context) in c.when]
    hollow = grandiose(sentences, rubric)  # praise in the lesson's terms earns nothing
    for s in hollow:
        result.flag("grandiose", s.raw)
    content = [s for s in sentences if s not in hollow]
    if listed := enumerations(content):  # a clause that only lists terms earns no concept
        whole = credit_concepts(q, asked, content, context, rubric, None)
        blanked = dict((id(s), b) for s, b in listed)
        content = [blanked.get(id(s), s) for s in content]
    credited = credit_concepts(q, asked, content, context, rubric, result)
    if listed and set(whole) - set(credited):  # the list would have scored: a TA reads the answer
        result.flag("stuffing:enumeration", listed[0][0].raw)
    deduction = match_misconceptions(q, sentences, rubric, credited, result)
    if result.veto:  # the parts of the answer that do not assert the misconception keep their credit
        credited = credit_concepts(
            q, asked, without_beliefs(q, content, rubric, result), context, rubric, None
        )
    result.matched = [{"concept": cid, "sentence": s.raw} for cid, s in credited.items()]
    result.missing = [c.id for c in asked if c.id not in credited]
    _flag_form(q, sentences, context, rubric, result)
    result.points = _points(q, asked, credited, sentences, deduction, context, rubric, result)
    _gate(q, asked, credited, content, rubric, result)
    result.needs_review = any(_routes(flag, result, rubric) for flag in result.flags)
    result.feedback = feedback(q, result)
    return result


def _gate(q: Question, asked, credited, sentences, rubric: Rubric, result: AnswerScore) -> None:
    """The confidence gate: flag `unread` each sentence holding content no pattern read. Words of a
    missing concept count only when a point or more is missing: within half a point of full marks no
    missed credit can make a silent error. A voided or certainly vetoed answer is decided already."""
    if {*_VOIDING, "veto_certain"} & set(result.flags):
        return
    missing = [c for c in asked if c.id not in credited] if q.max_points - result.points > 0.5 else []
    for _topic, sentence in unread(q, sentences, rubric, missing):
        result.flag("unread", sentence)
    if "unread" not in result.flags and result.points > 0:
        if sentence := unearned_reason(q, missing, sentences, rubric):
            result.flag("unread", sentence)


def _flag_form(q: Question, sentences, context, rubric: Rubric, result: AnswerScore) -> None:
    """Flags about the form of the answer and its agreement with the submission, not its content."""
    for flag in length_flags(sentences, rubric) + stuffing_flags(q, sentences, rubric):
        result.flag(flag)
    for flag, sentence in note_findings(sentences, context, rubric, q.states_value):
        result.flag(flag, sentence)
    if sentence := addressed_to_grader(sentences):
        result.flag("addresses_grader", sentence)  # words to steer the grade: a TA sees the attempt
    if is_romanized(" ".join(s.text for s in sentences)):
        result.flag("romanized")  # pinyin: the patterns cannot read it, a TA can


def _points(q: Question, asked, credited, sentences, deduction, context, rubric, result) -> float:
    points = tally(q, asked, credited, sentences, deduction, result, rubric)
    if result.veto:
        points = min(points, q.cap_with_veto)
    if set(_VOIDING) & set(result.flags):
        return 0.0
    if q.states_value and points == 0 and not result.veto:
        if sentence := unread_note(sentences, context, rubric):
            result.flag("unread_note", sentence)
    return points


def _routes(flag: str, result: AnswerScore, rubric: Rubric) -> bool:
    """Whether a flag sends the answer to a TA. Once a certain veto or a bare list of terms decides the
    answer, doubts about its points alone (a cap, an unknown premise, a second, uncertain veto) change
    nothing that matters."""
    name = flag.split(":")[0]
    if name in _POINTS_ONLY and "veto_certain" in result.flags:
        return False
    if (
        name in ("cap_loss", "unknown_premise", "unread", "stuffing", "capped_no_cue")
        and "term_list" in result.flags
    ):
        return False  # a bare list of terms earns nothing whatever its caps or premises; a veto still routes
    return name in rubric.route


def is_empty(sentences: list[Sentence], rubric: Rubric) -> bool:
    """No answer at all, or the notebook's untouched placeholder."""
    letters = LETTERS.sub("", " ".join(s.text for s in sentences))
    stubs = {LETTERS.sub("", normalize(stub)) for stub in rubric.empty_stubs}
    return not letters or letters in stubs


def feedback(q: Question, result: AnswerScore) -> list[str]:
    """What the student reads: rule messages, then each misconception and each missing concept."""
    for rule in _VOIDING:
        if rule in result.flags:
            return [MESSAGES[rule]]
    messages = [MESSAGES[f] for f in dict.fromkeys(result.flags) if f in MESSAGES and f != "empty"]
    ids = {hit["id"] for hit in result.misconceptions}
    messages += [MESSAGES["wrong_value"]] if "wrong_value" in ids else []
    messages += [m.feedback for m in q.misconceptions if m.id in ids and m.severity != "review"]
    messages += [q.concept(cid).feedback for cid in result.missing]
    return messages
