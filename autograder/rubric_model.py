"""The written-answer rubric as data: what a lesson's rubric.yaml holds, read and checked for consistency.

The format is documented at the top of course/lessons/05-row-sum-padding/rubric.yaml; every lesson's
rubric uses it. Loading compiles every pattern once, so a broken regex is a load error, not a surprise
in the middle of grading a class.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from autograder.textnorm import DEFAULT_LANGUAGE, Language

SEVERITIES = ("veto", "deduct", "review")
# Flags that send an answer to a TA unless the rubric names its own list under `review.route`.
DEFAULT_ROUTE = ("veto", "stuffing", "too_short", "too_long", "contradiction", "suspect", "cap_loss")
_TERM_REF = re.compile(r"%([a-z_][a-z0-9_]*)%")


class RubricError(ValueError):
    """A rubric or calibration file that cannot be used; the message names the file and every problem."""


@dataclass(frozen=True)
class Concept:
    """One idea an answer earns `weight` points for, recognised by any of its patterns."""

    id: str
    weight: float
    patterns: tuple[re.Pattern, ...]
    feedback: str  # shown to the student when the concept is missing; never reveals a pattern
    required: bool = False  # missing it caps the question at `cap_without_required`
    needs_cue: bool = False  # a causal reason: counts only in a sentence with a causal connective


@dataclass(frozen=True)
class Misconception:
    """A wrong belief. `veto` zeroes the question and vetoes the lesson; `deduct` takes points off;
    `review` only routes the answer to a TA (a phrase that often, but not always, signals the error)."""

    id: str
    severity: str
    patterns: tuple[re.Pattern, ...]
    feedback: str
    points_off: float = 0.0
    unless_concepts: tuple[str, ...] = ()  # if one is credited, the hit is a contradiction for review
    ignore_in_clause: re.Pattern | None = None  # a clause about something else ("min 用 +inf")


@dataclass(frozen=True)
class Question:
    id: str
    prompt: str
    max_points: float
    concepts: tuple[Concept, ...]
    misconceptions: tuple[Misconception, ...] = ()
    reference: str = ""  # the model answer, for the TA's screen
    cap_without_cue: float | None = None  # ceiling when no sentence has a causal connective
    cap_without_required: float | None = None
    premises: tuple[str, ...] = ()  # the question's own condition, not a hypothetical when restated

    def concept(self, concept_id: str) -> Concept:
        return next(c for c in self.concepts if c.id == concept_id)


@dataclass(frozen=True)
class Limits:
    """Length bounds and the keyword-stuffing thresholds (see rubric_score.stuffing)."""

    min_chars: int = 2
    max_chars: int = 1000
    list_min_terms: int = 3  # this many rubric terms with at most `list_max_glue` function words: a list
    list_max_glue: int = 1
    list_max_residue: float = 2.0  # letters outside the terms per term, at most, for a list
    dense_min_terms: int = 6  # this many rubric terms with little text between them: stuffing
    dense_max_residue: float = 0.5  # letters outside the terms per letter inside them
    repeats: int = 3  # the same item this many times in a row: stuffing


@dataclass(frozen=True)
class Rubric:
    assignment: str
    version: int
    questions: dict[str, Question]
    path: Path | None = None
    limits: Limits = field(default_factory=Limits)
    language: Language = DEFAULT_LANGUAGE
    route: tuple[str, ...] = DEFAULT_ROUTE
    review_cap_loss: float = 1.0  # a cap that removes this many points flags the answer `cap_loss`
    empty_stubs: tuple[str, ...] = ("your answer here", "你的答案", "todo")
    targets: dict = field(default_factory=dict)
    vocabulary: tuple[re.Pattern, ...] = ()  # domain terms: only the stuffing rule looks at them

    def question(self, question_id: str) -> Question:
        """The question by id, case-insensitively ("q1" finds "Q1")."""
        for key, question in self.questions.items():
            if key.lower() == str(question_id).strip().lower():
                return question
        raise RubricError(f"unknown question {question_id!r}; this rubric has {', '.join(self.questions)}")


def load_rubric(path: str | Path) -> Rubric:
    """Read and validate a rubric.yaml; RubricError lists every problem found."""
    path = Path(path)
    data = read_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("questions"), dict):
        raise RubricError(f"{path}: expected a mapping with a 'questions' mapping at the top")
    problems: list[str] = []
    rubric = _build(data, path, problems)
    problems += rubric_problems(rubric) if rubric else []
    if problems:
        raise RubricError(f"{path}: " + "; ".join(problems))
    return rubric


def read_yaml(path: Path):
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RubricError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        raise RubricError(f"{path}: not valid YAML: {exc}") from None


def rubric_problems(rubric: Rubric) -> list[str]:
    """Consistency errors: weights that do not add up, references to concepts that do not exist."""
    problems = []
    for q in rubric.questions.values():
        total = sum(c.weight for c in q.concepts)
        if abs(total - q.max_points) > 1e-9:
            problems.append(f"{q.id}: concept weights add up to {total:g}, max_points is {q.max_points:g}")
        ids = [c.id for c in q.concepts]
        problems += [f"{q.id}: concept id {i!r} appears twice" for i in set(ids) if ids.count(i) > 1]
        for m in q.misconceptions:
            problems += [
                f"{q.id}.{m.id}: unless_concepts names unknown concept {ref!r}"
                for ref in m.unless_concepts
                if ref not in ids
            ]
            if m.severity not in SEVERITIES:
                problems.append(f"{q.id}.{m.id}: severity {m.severity!r} is not one of {SEVERITIES}")
    return problems


def _build(data: dict, path: Path, problems: list[str]) -> Rubric | None:
    terms = {str(k): str(v) for k, v in (data.get("terms") or {}).items()}
    review = data.get("review") or {}
    questions = {}
    for qid, qdata in data["questions"].items():
        try:
            questions[str(qid)] = _question(str(qid), qdata or {}, terms)
        except (KeyError, TypeError, ValueError, re.error) as exc:
            problems.append(f"question {qid}: {_describe(exc)}")
    try:
        return Rubric(
            assignment=str(data.get("assignment", "")),
            version=int(data.get("rubric_version", 0)),
            questions=questions,
            path=path,
            limits=Limits(**(data.get("limits") or {})),
            language=DEFAULT_LANGUAGE.extended(**(data.get("language") or {})),
            route=tuple(review.get("route", DEFAULT_ROUTE)),
            review_cap_loss=float(review.get("cap_loss", Rubric.review_cap_loss)),
            empty_stubs=tuple(data.get("empty_stubs", Rubric.empty_stubs)),
            targets=dict(data.get("calibration_targets") or {}),
            vocabulary=_patterns({"id": "vocabulary", "patterns": data.get("vocabulary") or ["$^"]}, terms),
        )
    except (TypeError, ValueError, re.error) as exc:
        problems.append(f"top level: {_describe(exc)}")
        return None


def _question(qid: str, data: dict, terms: dict[str, str]) -> Question:
    concepts = tuple(_labelled(_concept, c, terms) for c in data["concepts"])
    misconceptions = tuple(_labelled(_misconception, m, terms) for m in data.get("misconceptions") or ())
    return Question(
        id=qid,
        prompt=str(data.get("prompt", "")),
        max_points=float(data["max_points"]),
        concepts=concepts,
        misconceptions=misconceptions,
        reference=str(data.get("reference", "")).strip(),
        cap_without_cue=_optional_float(data.get("cap_without_cue")),
        cap_without_required=_optional_float(data.get("cap_without_required")),
        premises=tuple(expand_terms(p, terms) for p in data.get("premises") or ()),
    )


def _labelled(build, data: dict, terms: dict[str, str]):
    """Build one entry, naming its id in any error so the author can find it."""
    try:
        return build(data, terms)
    except KeyError as exc:
        raise ValueError(f"{data.get('id', '?')}: {_describe(exc)}") from None


def _concept(data: dict, terms: dict[str, str]) -> Concept:
    return Concept(
        id=str(data["id"]),
        weight=float(data["weight"]),
        patterns=_patterns(data, terms),
        feedback=str(data["feedback"]),
        required=bool(data.get("required", False)),
        needs_cue=bool(data.get("needs_cue", False)),
    )


def _misconception(data: dict, terms: dict[str, str]) -> Misconception:
    ignore = data.get("ignore_in_clause")
    return Misconception(
        id=str(data["id"]),
        severity=str(data["severity"]),
        patterns=_patterns(data, terms),
        feedback=str(data["feedback"]),
        points_off=float(data.get("points_off", 0.0)),
        unless_concepts=tuple(str(c) for c in data.get("unless_concepts") or ()),
        ignore_in_clause=re.compile(expand_terms(ignore, terms)) if ignore else None,
    )


def _patterns(data: dict, terms: dict[str, str]) -> tuple[re.Pattern, ...]:
    raw = data["patterns"]
    if not isinstance(raw, list) or not raw:
        raise ValueError(f"{data.get('id', '?')}: 'patterns' must be a non-empty list")
    compiled = []
    for pattern in raw:
        try:
            compiled.append(re.compile(expand_terms(str(pattern), terms)))
        except re.error as exc:
            raise ValueError(f"{data.get('id', '?')}: pattern {pattern!r} does not compile: {exc}") from None
    return tuple(compiled)


def expand_terms(pattern: str, terms: dict[str, str], depth: int = 0) -> str:
    """Replace `%name%` with the rubric's shared regex fragment `terms[name]`, wrapped in a group."""
    if depth > 8:
        raise ValueError(f"terms refer to each other in a loop near {pattern!r}")

    def substitute(match: re.Match) -> str:
        name = match.group(1)
        if name not in terms:
            raise ValueError(f"pattern {pattern!r} uses undefined term %{name}%")
        return f"(?:{expand_terms(terms[name], terms, depth + 1)})"

    return _TERM_REF.sub(substitute, pattern)


def _optional_float(value) -> float | None:
    return None if value is None else float(value)


def _describe(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing field {exc.args[0]!r}"
    return str(exc)
