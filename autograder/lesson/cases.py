"""Test inputs for an exercise, built from the lesson's grading.py, and the float64 comparison.

The same case specs feed the hidden tests in the notebook (a fixed seed) and the
harness that gives the verdict (a seed drawn per batch), so a fact about what is
tested lives in one place: the lesson's grading.py.
"""

from __future__ import annotations

import importlib.util
import math
from dataclasses import dataclass
from types import ModuleType

import torch

from autograder.lesson.registry import lesson

NOTEBOOK_SEED = 20261129  # the hidden tests inside the notebook; the harness draws its own seed


@dataclass(frozen=True)
class CaseSpec:
    """One hidden input: a shape, how its values are drawn, and how strictly it is compared."""

    name: str
    group: str  # "normal" or "boundary": the part of the code score it counts for
    n_rows: int
    n_cols: int
    data: str = "randn"  # randn | negative | large | zeros | integers
    pad: int = 0  # extra NaN columns after each row: the input is a view of a wider buffer
    exact: bool = False  # values whose sum is exact in fp32, compared bit for bit


@dataclass
class Case:
    spec: CaseSpec
    buffer: torch.Tensor  # (n_rows, n_cols + pad) float32 on the CPU; columns past n_cols are NaN


@dataclass(frozen=True)
class CaseResult:
    name: str
    group: str
    passed: bool
    detail: str  # why it failed, in terms a student can act on; "" when it passed


def load_grading(assignment: str) -> ModuleType:
    """The lesson's grading.py as a module (lesson folders are not importable packages)."""
    path = lesson(assignment).grading
    spec = importlib.util.spec_from_file_location(f"grading_{assignment.replace('-', '_')}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _values(spec: CaseSpec, gen: torch.Generator) -> torch.Tensor:
    shape = (spec.n_rows, spec.n_cols)
    if spec.data == "zeros":
        return torch.zeros(shape)
    if spec.data == "integers":
        return torch.randint(-8, 9, shape, generator=gen).float()
    scale = 0.5 + 3.5 * torch.rand((), generator=gen).item()
    offset = -3 + 6 * torch.rand((), generator=gen).item()
    values = torch.randn(shape, generator=gen)
    if spec.data == "negative":
        return -(values.abs() * scale + 0.5)
    if spec.data == "large":
        return values * 1e4 * scale + 1e3 * offset
    return values * scale + offset


def build(spec: CaseSpec, gen: torch.Generator) -> Case:
    buffer = torch.full((spec.n_rows, spec.n_cols + spec.pad), math.nan)
    buffer[:, : spec.n_cols] = _values(spec, gen)
    return Case(spec, buffer)


def make_cases(assignment: str, seed: int) -> list[Case]:
    gen = torch.Generator().manual_seed(seed)
    return [build(spec, gen) for spec in load_grading(assignment).CASES]


def view(case: Case, device: str) -> torch.Tensor:
    """The kernel's input: rows of n_cols values whose stride may be wider (NaN beyond the row)."""
    return case.buffer.to(device)[:, : case.spec.n_cols]


def compare(grading: ModuleType, case: Case, got) -> CaseResult:
    """Judge one output against the float64 reference; ``got`` is a tensor or an error message."""
    spec = case.spec
    if isinstance(got, str):
        return CaseResult(spec.name, spec.group, False, got)
    x64 = case.buffer[:, : spec.n_cols].double()
    expected = grading.reference(x64)
    got = got.detach().to("cpu", torch.float64)
    if got.shape != expected.shape:
        return CaseResult(
            spec.name, spec.group, False, f"shape {tuple(got.shape)}, expected {tuple(expected.shape)}"
        )
    if torch.isnan(got).any():
        return CaseResult(
            spec.name, spec.group, False, "output holds NaN: lanes past the row were read or kept"
        )
    if spec.exact:
        bad = got != expected
    else:
        # fp32 sums of n terms may differ from float64 by about n*eps*sum|x|; the lesson's rtol covers it
        bad = (got - expected).abs() > grading.ATOL + grading.RTOL * grading.magnitude(x64)
    if bad.any():
        row = int(bad.nonzero()[0, 0])
        detail = f"row {row}: got {got[row].item():.6g}, expected {expected[row].item():.6g}"
        return CaseResult(spec.name, spec.group, False, detail)
    return CaseResult(spec.name, spec.group, True, "")


def check_in_notebook(assignment: str, group: str, fn, device: str) -> None:
    """Hidden tests inside the notebook: raise AssertionError naming the first failing case."""
    grading = load_grading(assignment)
    for case in make_cases(assignment, NOTEBOOK_SEED):
        if case.spec.group != group:
            continue
        result = compare(grading, case, fn(view(case, device)))
        assert result.passed, f"hidden test {case.spec.name!r} failed: {result.detail}"
