"""Read a lesson's rubric.yaml into the classes of model.py, compiling every pattern once."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import yaml

from autograder.rubric.filled import blank_value
from autograder.rubric.model import (
    CHECK_STATES,
    DEFAULT_ROUTE,
    Concept,
    Limits,
    Misconception,
    PassCondition,
    Premise,
    Question,
    Reduction,
    Rubric,
    RubricError,
    rubric_problems,
)
from autograder.rubric.negation import DEFAULT_LANGUAGE
from autograder.rubric.text import canonical_value

_TERM_REF = re.compile(r"%([a-z_][a-z0-9_]*)%")


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


def _build(data: dict, path: Path, problems: list[str]) -> Rubric | None:
    terms = {str(k): str(v) for k, v in (data.get("terms") or {}).items()}
    review = data.get("review") or {}
    questions = {}
    try:
        course_wide = _course_wide(path, data.get("shared"))
        build = _misconception_or_shared(course_wide)
        lesson_wide = [_labelled(build, m, terms) for m in data.get("false_claims") or ()]
    except (KeyError, TypeError, ValueError, re.error) as exc:
        problems.append(f"false_claims: {_describe(exc)}")
        build, lesson_wide = _misconception, []
    for qid, qdata in data["questions"].items():
        try:
            question = _question(str(qid), qdata or {}, terms, build)
            questions[str(qid)] = _with_false_claims(question, lesson_wide)
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
            facts=tuple(_labelled(_premise, p, terms) for p in data.get("facts") or ()),
            outcomes=_patterns({"id": "outcomes", "patterns": data.get("outcomes") or ["$^"]}, terms),
            pass_conditions=_pass_conditions(data.get("pass_conditions") or {}, terms),
            reductions=tuple(_reduction(n, r, terms) for n, r in (data.get("reductions") or {}).items()),
            evaluative=_optional_patterns("evaluative", data.get("evaluative"), terms),
            claim_topics=_optional_patterns("claim_topics", data.get("claim_topics"), terms),
            benign=_optional_patterns("benign", data.get("benign"), terms),
        )
    except (KeyError, TypeError, ValueError, re.error) as exc:
        problems.append(f"top level: {_describe(exc)}")
        return None


def _question(qid: str, data: dict, terms: dict[str, str], misconception=None) -> Question:
    misconception = misconception or _misconception
    return Question(
        id=qid,
        prompt=str(data.get("prompt", "")),
        max_points=float(data["max_points"]),
        concepts=tuple(_labelled(_concept, c, terms) for c in data["concepts"]),
        misconceptions=tuple(_labelled(misconception, m, terms) for m in data.get("misconceptions") or ()),
        reference=str(data.get("reference", "")).strip(),
        cap_without_cue=_optional_float(data.get("cap_without_cue")),
        cap_without_required=_optional_float(data.get("cap_without_required")),
        cap_with_veto=float(data.get("cap_with_veto", 0.0)),
        premises=tuple(expand_terms(p, terms) for p in data.get("premises") or ()),
        valid_premises=tuple(_labelled(_premise, p, terms) for p in data.get("valid_premises") or ()),
        states_value=bool(data.get("states_value", False)),
        right_blank=tuple(blank_value(v) for v in data.get("right_blank") or ()),
        claims=_optional_patterns("claims", data.get("claims"), terms),
        reduction=str(data["reduction"]) if data.get("reduction") else None,
    )


def _course_wide(path: Path, shared) -> dict[str, Misconception]:
    """The course-wide misconceptions of the file named by `shared` (relative to the rubric): wrong beliefs
    no lesson owns (a loosened check, x + (-inf) = x), written once with their own terms so that every
    lesson reading them catches the same wordings."""
    if not shared:
        return {}
    data = read_yaml(path.parent / str(shared))
    if not isinstance(data, dict) or not isinstance(data.get("misconceptions"), list):
        raise ValueError(f"shared file {shared}: expected a mapping with a 'misconceptions' list")
    terms = {str(k): str(v) for k, v in (data.get("terms") or {}).items()}
    entries = [_labelled(_misconception, m, terms) for m in data["misconceptions"]]
    return {m.id: m for m in entries}


def _misconception_or_shared(course_wide: dict[str, Misconception]):
    """Build a misconception entry; `{shared: <id>}` takes the course-wide one of that id as it stands."""

    def build(data: dict, terms: dict[str, str]) -> Misconception:
        if "shared" not in data:
            return _misconception(data, terms)
        if set(data) != {"shared"} or str(data["shared"]) not in course_wide:
            raise ValueError(
                f"shared misconception {data['shared']!r}: not in the shared file, or given fields"
            )
        return course_wide[str(data["shared"])]

    return build


def _with_false_claims(q: Question, lesson_wide: list[Misconception]) -> Question:
    """The lesson's false claims hold in every question: one a question does not list itself is added
    as uncertain, so asserting it sends the answer to a TA (the question's own list decides vetoes)."""
    own = {m.id for m in q.misconceptions}
    added = tuple(replace(m, certain=False) for m in lesson_wide if m.id not in own)
    return replace(q, misconceptions=q.misconceptions + added)


def _reduction(name, data: dict, terms: dict[str, str]) -> Reduction:
    identity = canonical_value(str(data["identity"]))
    if identity is None:
        raise ValueError(f"reduction {name}: identity {data['identity']!r} is not a value")
    return Reduction(str(name), identity, _patterns({"id": name, "patterns": [data["names"]]}, terms)[0])


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
        when=tuple(str(s) for s in data.get("when", CHECK_STATES)),
        about_value=bool(data.get("about_value", False)),
        topic=_optional_patterns(f"{data['id']}.topic", data.get("topic"), terms),
        stand_in=_optional_patterns(
            f"{data['id']}.stand_in", (data.get("stand_in") or {}).get("patterns"), terms
        ),
        stand_in_share=float((data.get("stand_in") or {}).get("share", 0.0)),
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
        certain=str(data.get("confidence", "high")) != "low",
        conclusion=bool(data.get("conclusion", False)),
        counterfactual=bool(data.get("counterfactual", False)),
    )


def _premise(data: dict, terms: dict[str, str]) -> Premise:
    earns = data.get("earns")
    return Premise(id=str(data["id"]), patterns=_patterns(data, terms), earns=str(earns) if earns else None)


def _pass_conditions(data: dict, terms: dict[str, str]) -> dict[str, PassCondition]:
    conditions = {}
    for name, entry in data.items():
        false_claims = entry.get("false_claims")
        conditions[str(name)] = PassCondition(
            id=str(name),
            patterns=_patterns({"id": name, **entry}, terms),
            false_claims=_patterns({"id": name, "patterns": false_claims}, terms) if false_claims else (),
        )
    return conditions


def _optional_patterns(name: str, raw, terms: dict[str, str]) -> tuple[re.Pattern, ...]:
    return _patterns({"id": name, "patterns": raw}, terms) if raw else ()


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
