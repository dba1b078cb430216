"""Helpers the lesson rubric tests share: the per-round tables of blind readings, and whether a premise is known.

Each lesson's tests keep one table per kind of probe, keyed by the tuning round that taught it: ROUND_READINGS
({round: (blank, rows)}, a note's rows scored against the round's blanks) and ROUND_PREMISES ({round: rows}).
"""

import pytest

from autograder.rubric.reasons import stated
from autograder.rubric.textnorm import normalize


def round_params(table: dict) -> list:
    """One pytest.param per row of a {round: rows} or {round: (blank, rows)} table, named round<N>-<i>; a round's
    blank, when it has one, comes after the row's own values."""
    params = []
    for number, entry in table.items():
        extra, rows = ((entry[0],), entry[1]) if isinstance(entry, tuple) else ((), entry)
        params += [pytest.param(*row, *extra, id=f"round{number}-{i}") for i, row in enumerate(rows)]
    return params


def known(rubric, question, premise):
    """Whether a premise, as a causal clause offers it, is one of the question's valid premises or a fact."""
    text = normalize(premise)
    return any(stated(p, text, rubric) for p in rubric.questions[question].valid_premises + rubric.facts)
