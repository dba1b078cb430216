"""Hidden inputs for a lesson's exercise, drawn from its spec, and the float64 comparison of any output.

The same cases feed the hidden tests in the notebook (a fixed seed) and the harness
that gives the verdict (a seed drawn per batch), so a fact about what is tested lives
in one place: the lesson's spec.py. An output may be one value per row, a vector, a
matrix, or several of those (a tuple such as (mean, rstd)).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from autograder.lesson.registry import Lesson, lesson
from autograder.lesson.spec import CaseSpec, Exercise, Strided

NOTEBOOK_SEED = 20261129  # the hidden tests inside the notebook; the harness draws its own seed


@dataclass
class Case:
    spec: CaseSpec
    args: tuple  # the kernel's arguments: Strided views, tensors or plain numbers, on the CPU

    def views(self, device: str = "cpu") -> tuple:
        return tuple(_on(arg, device) for arg in self.args)

    def float64(self) -> tuple:
        """What the reference reads: the values the kernel may see, as float64 (numbers as they are)."""
        return tuple(x.double() if isinstance(x, torch.Tensor) else x for x in self.views())

    def packed(self) -> tuple:
        """The arguments as the harness child receives them (no class of ours crosses the boundary)."""
        return tuple(_pack(arg) for arg in self.args)


@dataclass(frozen=True)
class CaseResult:
    name: str
    group: str
    passed: bool
    detail: str  # why it failed, in terms a student can act on; "" when it passed


def _on(arg, device: str):
    if isinstance(arg, Strided):
        return arg.view(device)
    return arg.to(device) if isinstance(arg, torch.Tensor) else arg


def _pack(arg) -> tuple:
    if isinstance(arg, Strided):
        return arg.pack()
    if isinstance(arg, torch.Tensor):
        return ("tensor", arg)
    return ("value", arg)


def make_cases(exercise: Exercise, seed: int) -> list[Case]:
    gen = torch.Generator().manual_seed(seed)
    return [Case(spec, tuple(exercise.inputs(spec, gen))) for spec in exercise.cases]


def _outputs(value) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _where(index: tuple[int, ...]) -> str:
    if len(index) == 1:
        return f"row {index[0]}"
    if len(index) == 2:
        return f"row {index[0]}, column {index[1]}"
    return f"at {index}" if index else "the value"


def _judge(got: torch.Tensor, expected: torch.Tensor, scale, exact: bool, exercise: Exercise) -> str:
    """Why one output is wrong, or "" when it is right."""
    if got.shape != expected.shape:
        return f"shape {tuple(got.shape)}, expected {tuple(expected.shape)}"
    if (torch.isnan(got) & ~torch.isnan(expected)).any():
        return "output holds NaN: lanes past the row were read or kept"
    if exact:
        bad = got != expected
    else:
        # fp32 results may differ from float64 by about n*eps*magnitude; the lesson's rtol covers it
        tol = exercise.comparison
        bad = (got - expected).abs() > tol.atol + tol.rtol * scale
    if not bad.any():
        return ""
    index = tuple(int(i) for i in bad.nonzero()[0])
    return f"{_where(index)}: got {got[index].item():.6g}, expected {expected[index].item():.6g}"


def compare(exercise: Exercise, case: Case, got) -> CaseResult:
    """Judge a case's output(s) against the float64 reference; ``got`` may be an error message."""
    spec = case.spec
    if isinstance(got, str):
        return CaseResult(spec.name, spec.group, False, got)
    inputs = case.float64()
    expected = _outputs(exercise.reference(*inputs))
    got = _outputs(got)
    if len(got) != len(expected):
        return CaseResult(spec.name, spec.group, False, f"{len(got)} outputs, expected {len(expected)}")
    magnitude = exercise.comparison.magnitude
    scales = _outputs(magnitude(*inputs)) if magnitude else tuple(e.abs() for e in expected)
    names = exercise.comparison.outputs or tuple(f"output {i}" for i in range(len(expected)))
    for number, (out, ref, scale) in enumerate(zip(got, expected, scales, strict=True)):
        if not isinstance(out, torch.Tensor):
            return CaseResult(spec.name, spec.group, False, f"returned {type(out).__name__}, not a tensor")
        why = _judge(out.detach().to("cpu", torch.float64), ref, scale, spec.exact, exercise)
        if why:
            detail = why if len(expected) == 1 else f"{names[number]}: {why}"
            return CaseResult(spec.name, spec.group, False, detail)
    return CaseResult(spec.name, spec.group, True, "")


def check_in_notebook(assignment: str | Lesson, group: str, fn, device: str) -> None:
    """Hidden tests inside the notebook: raise AssertionError naming the first failing case."""
    exercise = (lesson(assignment) if isinstance(assignment, str) else assignment).spec.exercise
    for case in make_cases(exercise, NOTEBOOK_SEED):
        if case.spec.group != group:
            continue
        result = compare(exercise, case, fn(*case.views(device)))
        assert result.passed, f"hidden test {case.spec.name!r} failed: {result.detail}"
