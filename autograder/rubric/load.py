"""Read a lesson's rubric.yaml into the classes of model.py, compiling every pattern once."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import yaml

from autograder.rubric import entries
from autograder.rubric.filled import blank_value
from autograder.rubric.model import (
    DEFAULT_ROUTE,
    Limits,
    Misconception,
    Question,
    Rubric,
    RubricError,
    rubric_problems,
)
from autograder.rubric.negation import DEFAULT_LANGUAGE

# libyaml's parser where PyYAML was built with it: a lesson's calibration (15,000 answers) took 24 s to parse in
# pure Python and takes a tenth of that in C; both give the same data (checked on every YAML file of the course).
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_YAML_LOADER)
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
        lesson_wide = [entries.labelled(build, m, terms) for m in data.get("false_claims") or ()]
    except (KeyError, TypeError, ValueError, re.error) as exc:
        problems.append(f"false_claims: {entries.describe(exc)}")
        build, lesson_wide = entries.misconception, []
    for qid, qdata in data["questions"].items():
        try:
            question = _question(str(qid), qdata or {}, terms, build)
            questions[str(qid)] = _with_false_claims(question, lesson_wide)
        except (KeyError, TypeError, ValueError, re.error) as exc:
            problems.append(f"question {qid}: {entries.describe(exc)}")
    _with_inherited(questions, data["questions"], problems)
    _with_borrowed(questions, data["questions"], problems)
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
            vocabulary=entries.patterns(
                {"id": "vocabulary", "patterns": data.get("vocabulary") or ["$^"]}, terms
            ),
            facts=tuple(entries.labelled(entries.premise, p, terms) for p in data.get("facts") or ()),
            outcomes=entries.patterns({"id": "outcomes", "patterns": data.get("outcomes") or ["$^"]}, terms),
            pass_conditions=entries.pass_conditions(data.get("pass_conditions") or {}, terms),
            reductions=tuple(
                entries.reduction(n, r, terms) for n, r in (data.get("reductions") or {}).items()
            ),
            evaluative=entries.optional_patterns("evaluative", data.get("evaluative"), terms),
            claim_topics=entries.optional_patterns("claim_topics", data.get("claim_topics"), terms),
            benign=entries.optional_patterns("benign", data.get("benign"), terms),
        )
    except (KeyError, TypeError, ValueError, re.error) as exc:
        problems.append(f"top level: {entries.describe(exc)}")
        return None


def _question(qid: str, data: dict, terms: dict[str, str], misconception) -> Question:
    """One question; `misconception` builds each entry of its misconception list (a shared one or its own)."""
    return Question(
        id=qid,
        prompt=str(data.get("prompt", "")),
        max_points=float(data["max_points"]),
        concepts=tuple(entries.labelled(entries.concept, c, terms) for c in data["concepts"]),
        misconceptions=tuple(
            entries.labelled(misconception, m, terms) for m in data.get("misconceptions") or ()
        ),
        reference=str(data.get("reference", "")).strip(),
        cap_without_cue=entries.optional_float(data.get("cap_without_cue")),
        cap_without_required=entries.optional_float(data.get("cap_without_required")),
        cap_with_veto=float(data.get("cap_with_veto", 0.0)),
        premises=tuple(entries.expand_terms(p, terms) for p in data.get("premises") or ()),
        valid_premises=tuple(
            entries.labelled(entries.premise, p, terms) for p in data.get("valid_premises") or ()
        ),
        states_value=bool(data.get("states_value", False)),
        right_blank=tuple(blank_value(v) or str(v) for v in data.get("right_blank") or ()),
        claims=entries.optional_patterns("claims", data.get("claims"), terms),
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
    found = [entries.labelled(entries.misconception, m, terms) for m in data["misconceptions"]]
    return {m.id: m for m in found}


def _misconception_or_shared(course_wide: dict[str, Misconception]):
    """Build a misconception entry; `{shared: <id>}` takes the course-wide one of that id as it stands."""

    def build(data: dict, terms: dict[str, str]) -> Misconception:
        if "shared" not in data:
            return entries.misconception(data, terms)
        if set(data) != {"shared"} or str(data["shared"]) not in course_wide:
            raise ValueError(
                f"shared misconception {data['shared']!r}: not in the shared file, or given fields"
            )
        return course_wide[str(data["shared"])]

    return build


def _with_false_claims(q: Question, lesson_wide: list[Misconception]) -> Question:
    """The lesson's false claims hold in every question: one a question does not list itself is added
    as uncertain, so asserting it sends the answer to a TA (the question's own list decides vetoes)."""
    return _with_uncertain(q, lesson_wide)


def _with_uncertain(q: Question, candidates) -> Question:
    """`q` with each candidate entry its own list lacks (first of an id wins), as uncertain: asserting it routes.
    Its unless_concepts keep only the concepts `q` asks for."""
    seen, concepts = {m.id for m in q.misconceptions}, {c.id for c in q.concepts}
    added = []
    for m in candidates:
        if m.id not in seen:
            seen.add(m.id)
            kept = tuple(c for c in m.unless_concepts if c in concepts)  # the others are not asked here
            added.append(replace(m, certain=False, unless_concepts=kept))
    return replace(q, misconceptions=q.misconceptions + tuple(added))


def _with_inherited(questions: dict[str, Question], data: dict, problems: list[str]) -> None:
    """`inherits: [Q1, Q2]`: a question that explains what those ask about (the note explains the blanks)
    is checked for their wrong chains too. Each veto it does not list itself is added as uncertain, so a
    wrong chain told in the note goes to a TA (blind l7v18-ex-024: "被 mask 的 lane 不会参与 tl.max", Q1's
    veto, in a note that listed only some of Q1's entries). The question's own list decides vetoes."""
    for qid, qdata in data.items():
        names = [str(name) for name in (qdata or {}).get("inherits") or ()]
        unknown = [name for name in names if name not in questions or name == str(qid)]
        if unknown:
            problems.append(f"question {qid}: inherits {unknown}: not another question of this rubric")
            continue
        if str(qid) not in questions or not names:
            continue
        vetoes = [m for name in names for m in questions[name].misconceptions if m.severity == "veto"]
        questions[str(qid)] = _with_uncertain(questions[str(qid)], vetoes)


def _with_borrowed(questions: dict[str, Question], data: dict, problems: list[str]) -> None:
    """`reads_as: [Q2.block_wrong_effect]`: a concept that asks for the same idea as another question's (the
    note's reason for its divisor is Q2's effect of the wrong one) also reads that concept's words, so an idea
    the rubric knows in Q2 is not missed in the note (blind v38 l6v38-ex-012: 'BLOCK_SIZE=8 只有 3.125')."""
    # Borrowed words are read from the questions as written, so no concept reads what another borrowed.
    written = dict(questions)
    for qid, qdata in data.items():
        if str(qid) not in questions:
            continue
        borrowed = {
            str(c["id"]): [str(n) for n in c.get("reads_as") or ()] for c in (qdata or {})["concepts"]
        }
        concepts = []
        for concept in questions[str(qid)].concepts:
            extra = []
            for name in borrowed.get(concept.id, ()):
                source, _, cid = name.partition(".")
                found = next((c for c in getattr(written.get(source), "concepts", ()) if c.id == cid), None)
                if found is None or source == str(qid):
                    problems.append(f"question {qid}: reads_as {name!r}: not a concept of another question")
                    continue
                extra += found.patterns
            concepts.append(replace(concept, patterns=concept.patterns + tuple(extra)))
        questions[str(qid)] = replace(questions[str(qid)], concepts=tuple(concepts))
