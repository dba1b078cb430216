"""One entry of a rubric file built from its YAML: a concept, a misconception, a premise, a pass condition,
a reduction, with every pattern compiled once and its `%term%` references expanded."""

from __future__ import annotations

import re

from autograder.rubric.model import CHECK_STATES, Concept, Misconception, PassCondition, Premise, Reduction
from autograder.rubric.values import canonical_value

_TERM_REF = re.compile(r"%([a-z_][a-z0-9_]*)%")


def reduction(name, data: dict, terms: dict[str, str]) -> Reduction:
    identity = canonical_value(str(data["identity"]))
    if identity is None:
        raise ValueError(f"reduction {name}: identity {data['identity']!r} is not a value")
    return Reduction(str(name), identity, patterns({"id": name, "patterns": [data["names"]]}, terms)[0])


def labelled(build, data: dict, terms: dict[str, str]):
    """Build one entry, naming its id in any error so the author can find it."""
    try:
        return build(data, terms)
    except KeyError as exc:
        raise ValueError(f"{data.get('id', '?')}: {describe(exc)}") from None


def concept(data: dict, terms: dict[str, str]) -> Concept:
    return Concept(
        id=str(data["id"]),
        weight=float(data["weight"]),
        patterns=patterns(data, terms),
        feedback=str(data["feedback"]),
        required=bool(data.get("required", False)),
        needs_cue=bool(data.get("needs_cue", False)),
        when=tuple(str(s) for s in data.get("when", CHECK_STATES)),
        about_value=bool(data.get("about_value", False)),
        topic=optional_patterns(f"{data['id']}.topic", data.get("topic"), terms),
        stand_in=optional_patterns(
            f"{data['id']}.stand_in", (data.get("stand_in") or {}).get("patterns"), terms
        ),
        stand_in_share=float((data.get("stand_in") or {}).get("share", 0.0)),
    )


def misconception(data: dict, terms: dict[str, str]) -> Misconception:
    ignore = data.get("ignore_in_clause")
    return Misconception(
        id=str(data["id"]),
        severity=str(data["severity"]),
        patterns=patterns(data, terms),
        feedback=str(data["feedback"]),
        points_off=float(data.get("points_off", 0.0)),
        unless_concepts=tuple(str(c) for c in data.get("unless_concepts") or ()),
        ignore_in_clause=re.compile(expand_terms(ignore, terms)) if ignore else None,
        certain=str(data.get("confidence", "high")) != "low",
        conclusion=bool(data.get("conclusion", False)),
        counterfactual=bool(data.get("counterfactual", False)),
    )


def premise(data: dict, terms: dict[str, str]) -> Premise:
    earns = data.get("earns")
    return Premise(id=str(data["id"]), patterns=patterns(data, terms), earns=str(earns) if earns else None)


def pass_conditions(data: dict, terms: dict[str, str]) -> dict[str, PassCondition]:
    conditions = {}
    for name, entry in data.items():
        false_claims = entry.get("false_claims")
        conditions[str(name)] = PassCondition(
            id=str(name),
            patterns=patterns({"id": name, **entry}, terms),
            false_claims=patterns({"id": name, "patterns": false_claims}, terms) if false_claims else (),
        )
    return conditions


def optional_patterns(name: str, raw, terms: dict[str, str]) -> tuple[re.Pattern, ...]:
    return patterns({"id": name, "patterns": raw}, terms) if raw else ()


def patterns(data: dict, terms: dict[str, str]) -> tuple[re.Pattern, ...]:
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


def optional_float(value) -> float | None:
    return None if value is None else float(value)


def describe(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing field {exc.args[0]!r}"
    return str(exc)
