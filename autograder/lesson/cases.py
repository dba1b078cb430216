"""Hidden inputs for a lesson's exercise, drawn from its spec, and the float64 comparison of any output.

The same cases feed the hidden tests in the notebook (a fixed seed) and the harness
that gives the verdict (a seed drawn per batch), so a fact about what is tested lives
in one place: the lesson's spec.py. An output may be one value per row, a vector, a
matrix, or several of those (a tuple such as (mean, rstd)).

The verdict is the lesson's tolerance alone. A failure is then described by course/diagnose/,
the one reading the notebook's visible checks use too (the student package cannot import the
grader, so the reading lives on the student's side and the grader imports it): the shape, what
the error looks like, what it points to and the hint level, read from the outputs and never from
the answer. The grade keeps that reading; the feedback page shows it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import torch

from autograder.lesson.registry import Lesson, lesson
from autograder.lesson.spec import CaseSpec, Exercise, Strided
from course.diagnose import HINT_LEVELS, Diagnosis, diagnose

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
    name: str  # the case's id, for TAs (English, stable); students read shape and detail
    group: str
    passed: bool
    detail: str  # why it failed: the diagnosis in one Chinese line, or the run's own message; "" if passed
    shape: tuple[int, ...] = ()  # the input's (M, N): what a feedback page names, passed or failed
    block: int | None = None  # the kernel's BLOCK for that width
    diagnosis: dict | None = None  # course.diagnose.Diagnosis (asdict) when the failure has a reading


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


def make_cases(exercise: Exercise, seed: int, visible: bool = False) -> list[Case]:
    """The hidden cases; with ``visible``, the visible check's shapes after them (drawn last, so the hidden
    inputs of a seed are the same either way)."""
    gen = torch.Generator().manual_seed(seed)
    specs = exercise.cases + (exercise.visible if visible else ())
    return [Case(spec, tuple(exercise.inputs(spec, gen))) for spec in specs]


def _outputs(value) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _wrong(got: torch.Tensor, expected: torch.Tensor, scale, exact: bool, exercise: Exercise) -> bool:
    """The verdict on one output: NaN where the reference has none, or any element beyond tolerance."""
    if got.shape != expected.shape or (torch.isnan(got) & ~torch.isnan(expected)).any():
        return True
    if exact:
        return bool((got != expected).any())
    # fp32 results may differ from float64 by about n*eps*magnitude; the lesson's rtol covers it
    tol = exercise.comparison
    return bool(((got - expected).abs() > tol.atol + tol.rtol * scale).any())


def _matrix(inputs: tuple) -> torch.Tensor | None:
    """The rows the kernel reduced: the first matrix among a case's inputs (x, before eps and the like)."""
    return next((a for a in inputs if isinstance(a, torch.Tensor) and a.ndim == 2), None)


def block_for(n_cols: int) -> int:
    """The BLOCK the lessons' host functions launch with: one program per row, next_power_of_2(N) lanes.

    A lesson that tiles a long row with a fixed BLOCK would need its spec to say so.
    """
    return 1 << max(n_cols - 1, 0).bit_length()


def _reading(got, expected, scale, exact: bool, exercise: Exercise, x) -> Diagnosis:
    """What the failed output looks like, read from the numbers only (course/diagnose/)."""
    tol = exercise.comparison
    atol, rtol = (0.0, 0.0) if exact else (tol.atol, tol.rtol)
    block = block_for(x.shape[1]) if x is not None else None
    found = diagnose(got, expected, x=x, block=block, atol=atol, rtol=rtol, scale=scale)
    if found is not None:
        return found
    # the verdict and the reading disagree only at NaN in the reference: say where, plainly
    index = tuple(int(i) for i in (got != expected).nonzero()[0])
    shape = tuple(x.shape) if x is not None else tuple(expected.shape)
    looks = f"位置 {index}：得到 {got[index].item():.6g}，应为 {expected[index].item():.6g}。"
    return Diagnosis(
        "other", shape, block, looks, "逐个核对 mask、other 和写回的位置。", HINT_LEVELS["other"]
    )


def _failed(spec: CaseSpec, detail: str, x, diagnosis: Diagnosis | None = None) -> CaseResult:
    return CaseResult(
        spec.name, spec.group, False, detail, *_where(x), asdict(diagnosis) if diagnosis else None
    )


def _where(x) -> tuple[tuple[int, ...], int | None]:
    return (tuple(x.shape), block_for(x.shape[1])) if x is not None else ((), None)


def compare(exercise: Exercise, case: Case, got) -> CaseResult:
    """Judge a case's output(s) against the float64 reference; ``got`` may be an error message.

    The verdict is the tolerance test alone; the diagnosis only describes a failure it already found.
    """
    spec = case.spec
    inputs = case.float64()
    x = _matrix(inputs)
    if isinstance(got, str):  # the run's own message (an exception, a limit): kept as it came
        return _failed(spec, got, x)
    expected = _outputs(exercise.reference(*inputs))
    got = _outputs(got)
    if len(got) != len(expected):
        return _failed(spec, f"返回了 {len(got)} 个输出，应为 {len(expected)} 个", x)
    magnitude = exercise.comparison.magnitude
    scales = _outputs(magnitude(*inputs)) if magnitude else tuple(e.abs() for e in expected)
    names = exercise.comparison.outputs or tuple(f"第 {i + 1} 个输出" for i in range(len(expected)))
    for number, (out, ref, scale) in enumerate(zip(got, expected, scales, strict=True)):
        if not isinstance(out, torch.Tensor):
            return _failed(spec, f"返回了 `{type(out).__name__}`，不是张量", x)
        out = out.detach().to("cpu", torch.float64)
        if _wrong(out, ref, scale, spec.exact, exercise):
            found = _reading(out, ref, scale, spec.exact, exercise, x)
            detail = found.summary() if len(expected) == 1 else f"输出 {names[number]}：{found.summary()}"
            return _failed(spec, detail, x, found)
    return CaseResult(spec.name, spec.group, True, "", *_where(x))


def check_in_notebook(assignment: str | Lesson, group: str, fn, device: str) -> None:
    """Hidden tests inside the notebook: raise AssertionError naming the first failing case."""
    exercise = (lesson(assignment) if isinstance(assignment, str) else assignment).spec.exercise
    for case in make_cases(exercise, NOTEBOOK_SEED):
        if case.spec.group != group:
            continue
        result = compare(exercise, case, fn(*case.views(device)))
        assert result.passed, f"hidden test {case.spec.name!r} failed: {result.detail}"
