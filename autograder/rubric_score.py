"""Score one written answer against its question's rubric: deterministic, and every credit or veto comes
with the student's own sentence as evidence.

Order of the rules (each a small function below): empty → sentences → concepts → misconceptions →
stuffing → caps and deductions → review routing → feedback.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from autograder.rubric_model import Question, Rubric
from autograder.textnorm import (
    clause_around,
    has_cue,
    is_hypothetical,
    is_negated,
    normalize,
    split_sentences,
)

# Student-facing messages for rule outcomes (concept and misconception messages come from the rubric).
MESSAGES = {
    "empty": "未作答。",
    "too_short": "答案过短，无法判断是否理解，请用完整的句子作答。",
    "stuffing": "答案像是术语罗列或重复，请用完整的句子说明“因为……所以……”的因果关系。",
    "capped_no_cue": "答案没有说明因果（因为/所以/否则……），因此只能得部分分。",
    "capped_missing_required": "缺少本题的核心要点，因此只能得部分分。",
}
# Function words: a real sentence has some outside its technical terms; a list of terms has none.
_GLUE = re.compile(
    r"[是会把被让使用将对在从到时就都也还而并但则即要能可得了着为与给每这那它其所因由故若如否才只再又已然后先首最]"
    r"|\b(?:is|are|was|be|the|a|an|of|to|in|on|for|with|by|that|this|it|its|each|every|one|so|because|"
    r"since|will|would|can|must|should|does?|not|no|and|or|but|uses?|used|using|fills?|filled|adds?)\b"
)


@dataclass(frozen=True)
class Sentence:
    raw: str  # the student's wording, shown as evidence
    text: str  # normalized, what patterns run on
    cue: bool  # holds a causal connective


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

    def to_json(self) -> dict:
        """The fields of the `rubric score` contract (DESIGN.md), in its order."""
        keys = ("question", "points", "max_points", "veto", "needs_review", "matched", "missing")
        return {key: getattr(self, key) for key in keys} | {"misconceptions": self.misconceptions}

    def to_dict(self) -> dict:
        """Everything, including the flags that explain `needs_review` and the student feedback."""
        return self.to_json() | {"flags": self.flags, "feedback": self.feedback}


def score_answer(rubric: Rubric, question: str, answer: str) -> AnswerScore:
    """Score `answer` to `question`; raises RubricError for a question the rubric does not have."""
    q = rubric.question(question)
    result = AnswerScore(question=q.id, points=0.0, max_points=q.max_points)
    sentences = prepare(answer if isinstance(answer, str) else "", rubric)
    if is_empty(sentences, rubric):
        result.flags.append("empty")
        result.feedback.append(MESSAGES["empty"])
        return result
    credited = match_concepts(q, sentences, rubric)
    result.matched = [{"concept": cid, "sentence": s.raw} for cid, s in credited.items()]
    result.missing = [c.id for c in q.concepts if c.id not in credited]
    result.misconceptions, hit_flags, deduction = match_misconceptions(q, sentences, rubric, set(credited))
    result.veto = any(m["veto"] for m in result.misconceptions)
    result.flags += length_flags(sentences, rubric) + stuffing_flags(q, sentences, rubric) + hit_flags
    result.points, cap_flags = tally(q, credited, sentences, deduction)
    result.flags += cap_flags
    lost = sum(c.weight for c in q.concepts if c.id in credited) - deduction - result.points
    if cap_flags and lost >= rubric.review_cap_loss:
        result.flags.append("cap_loss")  # the cap, not the content, took a point or more: a TA decides
    if result.veto or {"stuffing", "too_short"} & set(result.flags):
        result.points = 0.0
    result.flags += ["veto"] if result.veto else []
    result.needs_review = any(_routes(flag, rubric.route) for flag in result.flags)
    result.feedback = feedback(q, result)
    return result


def prepare(answer: str, rubric: Rubric) -> list[Sentence]:
    """Split the raw answer into sentences, then normalize each, so evidence keeps the student's wording."""
    sentences = []
    for raw in split_sentences(answer):
        text = normalize(raw)
        if text:
            sentences.append(Sentence(raw, text, has_cue(text, rubric.language)))
    return sentences


def is_empty(sentences: list[Sentence], rubric: Rubric) -> bool:
    """No answer at all, or the notebook's untouched placeholder."""
    letters = re.sub(r"[\W_]+", "", " ".join(s.text for s in sentences))
    stubs = {re.sub(r"[\W_]+", "", normalize(stub)) for stub in rubric.empty_stubs}
    return not letters or letters in stubs


def match_concepts(q: Question, sentences: list[Sentence], rubric: Rubric) -> dict[str, Sentence]:
    """Concept id -> the first sentence that earns it. Denied mentions earn nothing; reasons need a cue."""
    credited = {}
    for concept in q.concepts:
        for s in sentences:
            if concept.needs_cue and not s.cue:
                continue
            if any(_claimed(s.text, m, rubric) for p in concept.patterns for m in p.finditer(s.text)):
                credited[concept.id] = s
                break
    return credited


def _claimed(text: str, match: re.Match, rubric: Rubric) -> bool:
    return not is_negated(text, match.start(), match.end(), rubric.language, refute=False)


def match_misconceptions(q: Question, sentences: list[Sentence], rubric: Rubric, credited: set[str]):
    """The misconceptions the answer asserts: -> (hits, flags, points to deduct).

    A hit is ignored when it is denied ("不是 0.0") or imagined ("如果用 0.0 …"). A veto whose
    `unless_concepts` are credited becomes a contradiction for a TA to settle instead.
    """
    hits, flags, deduction = [], [], 0.0
    for m in q.misconceptions:
        sentence = next((s for s in sentences if _asserts(m, s.text, q, rubric)), None)
        if sentence is None:
            continue
        contradicted = bool(set(m.unless_concepts) & credited)
        if contradicted and m.severity != "veto":
            continue  # a suspect phrase next to the right concept is no reason to involve a TA
        veto = m.severity == "veto" and not contradicted
        hits.append({"id": m.id, "sentence": sentence.raw, "veto": veto})
        if contradicted:
            flags.append("contradiction")
        elif m.severity == "review":
            flags.append(f"suspect:{m.id}")
        elif m.severity == "deduct":
            flags.append(f"deduct:{m.id}")
            deduction += m.points_off
    return hits, flags, deduction


def _asserts(m, text: str, q: Question, rubric: Rubric) -> bool:
    for pattern in m.patterns:
        for hit in pattern.finditer(text):
            start, end = hit.start(), hit.end()
            if m.ignore_in_clause and m.ignore_in_clause.search(_clause(text, start)):
                continue
            if is_negated(text, start, end, rubric.language):
                continue
            if not is_hypothetical(text, start, rubric.language, q.premises):
                return True
    return False


def _clause(text: str, position: int) -> str:
    start, end = clause_around(text, position)
    return text[start:end]


def length_flags(sentences: list[Sentence], rubric: Rubric) -> list[str]:
    size = len(re.sub(r"\s+", "", "".join(s.text for s in sentences)))
    if size < rubric.limits.min_chars:
        return ["too_short"]
    return ["too_long"] if size > rubric.limits.max_chars else []


def stuffing_flags(q: Question, sentences: list[Sentence], rubric: Rubric) -> list[str]:
    """["stuffing"] for a list of terms, a dense pile of rubric hits, or one item repeated in a row."""
    limits = rubric.limits
    text = " . ".join(s.text for s in sentences)
    patterns = [p for c in q.concepts for p in c.patterns] + [p for m in q.misconceptions for p in m.patterns]
    # A list: many terms (rubric patterns or vocabulary), almost no function words, little else.
    terms = _spans(patterns + list(rubric.vocabulary), text)
    residue = _residue(terms, text)
    glue = len(_GLUE.findall(residue)) + sum(s.cue for s in sentences)
    is_list = (
        len(terms) >= limits.list_min_terms
        and glue <= limits.list_max_glue
        and _letters(residue) < limits.list_max_residue * len(terms)
    )
    # A pile: many scoring hits with little text of the student's own between them.
    hits = _spans(patterns, text)
    covered = _letters("".join(text[a:b] for a, b in hits))
    is_dense = (
        len(hits) >= limits.dense_min_terms
        and _letters(_residue(hits, text)) < limits.dense_max_residue * covered
    )
    repeated = re.search(rf"(\S.{{0,40}}?)(?:[\s,、;/]+\1(?!\w)){{{limits.repeats - 1},}}", text)
    return ["stuffing"] if is_list or is_dense or repeated else []


def _residue(spans: list[tuple[int, int]], text: str) -> str:
    return "".join(text[a:b] for a, b in _gaps(spans, len(text)))


def _letters(text: str) -> int:
    return len(re.sub(r"[\W_]+", "", text))


def _spans(patterns: list[re.Pattern], text: str) -> list[tuple[int, int]]:
    """Merged (start, end) spans of every hit of `patterns` in `text`."""
    raw = sorted((m.start(), m.end()) for p in patterns for m in p.finditer(text) if m.end() > m.start())
    merged: list[tuple[int, int]] = []
    for start, end in raw:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _gaps(spans: list[tuple[int, int]], length: int) -> Iterable[tuple[int, int]]:
    position = 0
    for start, end in spans:
        yield position, start
        position = end
    yield position, length


def tally(
    q: Question, credited: dict, sentences: list[Sentence], deduction: float
) -> tuple[float, list[str]]:
    """Sum the credited weights, apply the caps, subtract deductions."""
    raw = sum(c.weight for c in q.concepts if c.id in credited)
    ceiling, flags = q.max_points, []
    missing_required = any(c.required and c.id not in credited for c in q.concepts)
    if missing_required and q.cap_without_required is not None and raw > q.cap_without_required:
        ceiling = min(ceiling, q.cap_without_required)
        flags.append("capped_missing_required")
    if not any(s.cue for s in sentences) and q.cap_without_cue is not None and raw > q.cap_without_cue:
        ceiling = min(ceiling, q.cap_without_cue)
        flags.append("capped_no_cue")
    return max(0.0, min(raw, ceiling) - deduction), flags


def _routes(flag: str, route: tuple[str, ...]) -> bool:
    return flag.split(":")[0] in route


def feedback(q: Question, result: AnswerScore) -> list[str]:
    """What the student reads: rule messages, then each misconception and each missing concept."""
    if "stuffing" in result.flags or "too_short" in result.flags:
        return [MESSAGES["stuffing" if "stuffing" in result.flags else "too_short"]]
    messages = [MESSAGES[f] for f in result.flags if f.startswith("capped_")]
    ids = {hit["id"] for hit in result.misconceptions}
    messages += [m.feedback for m in q.misconceptions if m.id in ids and m.severity != "review"]
    messages += [q.concept(cid).feedback for cid in result.missing]
    return messages
