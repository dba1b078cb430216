"""The typed spec a lesson folder declares: the one module lesson folders import from the grader.

A lesson's ``spec.py`` builds one ``LessonSpec`` named ``SPEC``: its assignment id,
its parts and where each is scored, the pass rule, and its exercise (blanks, hidden
cases, input generator, float64 reference, comparison). The engine reads everything
lesson-specific from here (autograder/lesson/registry.py finds the folders), so a new
lesson is a new folder and no engine edit.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import torch

from autograder.integrity.whitelist import BlankRule

__all__ = [
    "VISIBLE", "BlankRule", "CaseSpec", "Comparison", "Exercise", "LessonSpec", "Part", "PassRule", "Strided",
    "SEED_PASS_RULE", "padded", "row_inputs", "row_values", "seed_parts",
]  # fmt: skip

SCORED_BY = ("cases", "rubric", "note")
VISIBLE = "visible"  # the group of an exercise's visible-check cases: rerun by the harness, worth no points


@dataclass(frozen=True)
class Part:
    """One line of the grade: ``cases`` (a harness case group), ``rubric`` (a question) or ``note``.

    ``cell`` is the notebook cell whose ``points=`` carries this part (the visible test cell of a
    case group; the answer cell, whose grade_id is also the rubric's question id, otherwise).
    """

    id: str
    points: float
    scored_by: str
    cell: str
    group: str = ""  # scored_by == "cases": the case group

    @property
    def written(self) -> bool:
        """A written answer (a column of its own in the score table); the note counts with the code."""
        return self.scored_by == "rubric"


@dataclass(frozen=True)
class PassRule:
    min_total: float = 8
    no_veto: bool = True  # any veto fails, whatever the total

    def passes(self, total: float, vetoes: list) -> bool:
        return total >= self.min_total and not (self.no_veto and vetoes)


@dataclass(frozen=True)
class CaseSpec:
    """One hidden input: a shape, how its values are drawn, and how strictly it is compared."""

    name: str
    group: str  # the case group: the part of the code score it counts for
    n_rows: int
    n_cols: int
    data: str = "randn"  # randn | negative | large | zeros | integers
    pad: int = 0  # extra NaN columns after each row: the input is a view of a wider buffer
    exact: bool = False  # values whose result is exact in fp32, compared bit for bit
    options: tuple = ()  # anything else a lesson's generator reads, as (key, value) pairs


@dataclass(frozen=True)
class Strided:
    """A tensor argument as a view of a NaN-filled storage: an unmasked load past the view reads NaN."""

    storage: torch.Tensor  # 1-D
    size: tuple[int, ...]
    stride: tuple[int, ...]
    offset: int = 0

    def view(self, device: str = "cpu") -> torch.Tensor:
        return torch.as_strided(self.storage.to(device), self.size, self.stride, self.offset)

    def pack(self) -> tuple:
        """What the harness child receives (plain tensors and tuples: torch.load with weights_only)."""
        return ("strided", self.storage, self.size, self.stride, self.offset)


def padded(values: torch.Tensor, pad: int = 0) -> Strided:
    """``values`` laid out with ``pad`` NaN elements after each run of its last dimension."""
    size = tuple(values.shape)
    width = (size[-1] if size else 1) + pad
    rows = math.prod(size[:-1]) if len(size) > 1 else 1
    storage = torch.full((rows * width,), math.nan, dtype=values.dtype)
    stride = tuple(math.prod(size[i + 1 : -1]) * width for i in range(len(size) - 1)) + (1,) * bool(size)
    torch.as_strided(storage, size, stride).copy_(values)
    return Strided(storage, size, stride)


def row_values(case: CaseSpec, gen: torch.Generator) -> torch.Tensor:
    """Rows drawn as ``case.data`` says, with a random offset and scale (unseen, seeded inputs)."""
    shape = (case.n_rows, case.n_cols)
    if case.data == "zeros":
        return torch.zeros(shape)
    if case.data == "integers":
        return torch.randint(-8, 9, shape, generator=gen).float()
    scale = 0.5 + 3.5 * torch.rand((), generator=gen).item()
    offset = -3 + 6 * torch.rand((), generator=gen).item()
    values = torch.randn(shape, generator=gen)
    if case.data == "negative":
        return -(values.abs() * scale + 0.5)
    if case.data == "large":
        return values * 1e4 * scale + 1e3 * offset
    return values * scale + offset


def row_inputs(case: CaseSpec, gen: torch.Generator) -> tuple:
    """The usual input of a row reduction: one float32 matrix, a view of a wider NaN buffer."""
    return (padded(row_values(case, gen), case.pad),)


@dataclass(frozen=True)
class Comparison:
    """Outputs against the float64 reference: |got - expected| <= atol + rtol * magnitude.

    ``magnitude`` (float64 inputs -> one tensor per output, broadcastable to it) is the scale the
    rounding error grows with; without it, |expected|. Cases marked ``exact`` compare bit for bit.
    """

    atol: float = 1e-4
    rtol: float = 1e-4
    magnitude: Callable | None = None
    outputs: tuple[str, ...] = ()  # names of several outputs, for messages ("mean", "rstd")


@dataclass(frozen=True, eq=False)
class Exercise:
    """One fill-in cell: its blanks, the function the harness calls, and how it is tested."""

    cell: str  # grade_id of the solution cell in lesson.py
    entry: str  # the host function called on each case's inputs
    blanks: dict[str, BlankRule]
    cases: tuple[CaseSpec, ...]
    reference: Callable  # float64 inputs -> one output or a tuple of outputs
    inputs: Callable = row_inputs  # (case, generator) -> the kernel's arguments (Strided, tensors, numbers)
    comparison: Comparison = field(default_factory=Comparison)
    # the visible check cell's shapes (group VISIBLE): the harness reruns them on the trusted template, so a
    # run record's "the check passed" is tested without executing the student's notebook
    visible: tuple[CaseSpec, ...] = ()


def seed_parts(exercise: str) -> tuple[Part, ...]:
    """The seed's scoring, which every lesson so far keeps: code 4 (normal inputs 2, boundary inputs 1, the
    implementation note 1) and Q1-Q3 2 each, 10 in all. ``exercise`` names the visible test cells that carry
    the case groups' points: test_<exercise>_normal and test_<exercise>_boundary."""
    return (
        Part("code_normal", 2, "cases", cell=f"test_{exercise}_normal", group="normal"),
        Part("code_boundary", 1, "cases", cell=f"test_{exercise}_boundary", group="boundary"),
        Part("code_explanation", 1, "note", cell="explanation"),
        Part("Q1", 2, "rubric", cell="Q1"),
        Part("Q2", 2, "rubric", cell="Q2"),
        Part("Q3", 2, "rubric", cell="Q3"),
    )


SEED_PASS_RULE = PassRule(min_total=8, no_veto=True)  # the seed's pass rule: total >= 8/10 and no veto


@dataclass(frozen=True, eq=False)
class LessonSpec:
    assignment: str
    parts: tuple[Part, ...]
    exercises: tuple[Exercise, ...]
    pass_rule: PassRule = field(default_factory=PassRule)
    visible_checks: tuple[str, ...] = ()  # names the visible test cells pass to course.record.passed

    def __post_init__(self):
        problems = _problems(self)
        if problems:
            raise ValueError(f"lesson spec {self.assignment!r}: " + "; ".join(problems))

    @property
    def exercise(self) -> Exercise:
        return self.exercises[0]

    def part(self, part_id: str) -> Part:
        return next(part for part in self.parts if part.id == part_id)

    def max_total(self) -> float:
        return float(sum(part.points for part in self.parts))

    def answer_parts(self) -> dict[str, str]:
        """Answer cell grade_id -> part id, for every part the rubric scores."""
        return {part.cell: part.id for part in self.parts if part.scored_by != "cases"}

    def group_points(self) -> dict[str, float]:
        return {part.group: part.points for part in self.parts if part.scored_by == "cases"}


def _problems(spec: LessonSpec) -> list[str]:
    ids = [part.id for part in spec.parts]
    problems = [f"part {i!r} declared twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    problems += [
        f"part {p.id!r}: scored_by must be one of {SCORED_BY}"
        for p in spec.parts
        if p.scored_by not in SCORED_BY
    ]
    if len(spec.exercises) != 1:
        problems.append(f"the engine grades one exercise per lesson, not {len(spec.exercises)}")
    groups = {case.group for exercise in spec.exercises for case in exercise.cases}
    scored = set(spec.group_points())
    problems += [f"case group {g!r} has no part" for g in sorted(groups - scored)]
    problems += [f"part for case group {g!r} has no cases" for g in sorted(scored - groups)]
    problems += [
        f"visible case {case.name!r} must be in group {VISIBLE!r}"
        for exercise in spec.exercises
        for case in exercise.visible
        if case.group != VISIBLE
    ]
    if spec.pass_rule.min_total > spec.max_total():
        problems.append(f"pass rule needs {spec.pass_rule.min_total:g} of {spec.max_total():g} points")
    return problems
