"""The visible checks of a notebook: Checks runs them shape by shape, CheckFailed shows the diagnosis."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from course.diagnose.diagnosis import HINT_LEVELS, Diagnosis, diagnose
from course.diagnose.readings import Reading
from course.diagnose.words import BOLD, FAIL_WORD, RED, RESET, _array, _fmt, shape_text, verdict


def _form(got, expected) -> Reading | None:
    """A dtype or a device that differs from the reference's: torch.testing.assert_close fails on it
    before it compares a single number."""
    for attribute, word in (("dtype", "类型（dtype）"), ("device", "设备（device）")):
        mine, theirs = getattr(got, attribute, None), getattr(expected, attribute, None)
        if mine != theirs:
            return (
                "shape",
                f"输出张量的{word}是 {mine}，参考值是 {theirs}；数值还没有比较。",
                f"检查分配输出张量的那一行：它的{word}应当和参考值相同。",
            )
    return None


def _unexplained(got, expected, atol: float, rtol: float) -> Reading:
    """What torch.testing.assert_close found and no reading explains: NaN in both, or an error at the very
    edge of the tolerance (torch compares in float32, this module in float64)."""
    g, e = _array(got), _array(expected)
    with np.errstate(invalid="ignore"):
        off = ~(np.abs(g - e) <= atol + rtol * np.abs(e))
    index = tuple(int(i) for i in np.argwhere(off)[0]) if off.any() else None
    tolerance = f"atol = {atol:g}，rtol = {rtol:g}"
    looks = (
        f"位置 {index}：得到 {_fmt(g[index])}，应为 {_fmt(e[index])}（容差 {tolerance}）。"
        if index is not None
        else f"输出与参考值只差在容差（{tolerance}）的边上。"
    )
    means = "误差刚好落在容差边上，或者两边同一位置都是 NaN：逐行对照公式，检查 mask、other 和写回的位置。"
    return "other", looks, means


class CheckFailed(AssertionError):
    """A visible check that failed; in a notebook it shows the Chinese diagnosis, not a traceback."""

    def __init__(
        self,
        diagnosis: Diagnosis,
        exercise: str | Sequence[str] | None = None,
        output: str | None = None,
        output_passed: Sequence[str] = (),
    ):
        self.diagnosis = diagnosis
        super().__init__(diagnosis.message(exercise, output=output, output_passed=output_passed))

    def _render_traceback_(self) -> list[str]:  # IPython prints these lines instead of the traceback
        first, *rest = str(self).splitlines()
        return [f"{BOLD}{RED}【{FAIL_WORD}】{RESET}{first}", *rest]


class Checks:
    """A run of visible checks over several shapes: each failure names the shapes that passed before it.

    checks = Checks(exercise="other")
    for shape in ((1, 1), (4, 100)):
        x = torch.randn(shape)
        checks.close(row_sum(x), x.sum(1), x=x, block=triton.next_power_of_2(shape[1]))

    A check with several outputs per shape names each one, and keeps torch's verdict:
        checks.assert_close(got_mean, want_mean, atol=1e-4, rtol=1e-4, x=x, block=block, what="mean")
    """

    def __init__(
        self,
        exercise: str | Sequence[str] | None = None,
        atol: float = 1e-4,
        rtol: float = 1e-4,
        verbose: bool = True,
    ):
        self.exercise = exercise
        self.verbose = verbose
        self.atol, self.rtol = atol, rtol
        self.passed: list[str] = []
        self._shape: str | None = None  # the shape whose outputs assert_close is checking
        self._outputs: list[str] = []  # the outputs of that shape that passed

    def close(self, got, expected, *, x=None, block: int | None = None, atol=None, rtol=None) -> None:
        """Raise CheckFailed with a diagnosis unless got matches expected within the tolerance."""
        atol = self.atol if atol is None else atol
        rtol = self.rtol if rtol is None else rtol
        found = diagnose(got, expected, x=x, block=block, atol=atol, rtol=rtol, passed=tuple(self.passed))
        if found is not None:
            raise CheckFailed(found, self.exercise)
        shape = tuple((_array(x) if x is not None else _array(expected)).shape)
        self.passed.append(shape_text(shape, block, mark_no_padding=True))
        if self.verbose:
            print(f"形状 {self.passed[-1]}：{verdict(True)}")

    def assert_close(
        self, got, expected, *, atol: float, rtol: float, x=None, block: int | None = None, what: str
    ) -> None:
        """torch.testing.assert_close(got, expected, atol=atol, rtol=rtol) gives the verdict, unchanged
        (its dtype, device, shape, NaN and tolerance rules); a failure is raised as CheckFailed with
        the Chinese diagnosis instead of torch's English message. ``what`` names the output (var)."""
        import torch  # here only: diagnose() itself reads numbers and needs no torch

        shape = tuple((_array(x) if x is not None else _array(expected)).shape)
        name = shape_text(shape, block, mark_no_padding=True)
        if name != self._shape:
            self._shape, self._outputs = name, []
        try:
            torch.testing.assert_close(got, expected, atol=atol, rtol=rtol)
        except AssertionError:
            before = tuple(p for p in self.passed if p != name)
            form = _form(got, expected)
            found = (
                None
                if form
                else diagnose(got, expected, x=x, block=block, atol=atol, rtol=rtol, passed=before)
            )
            if found is None:  # torch's own rules saw what the float64 readings forgive
                kind, looks, means = form or _unexplained(got, expected, atol, rtol)
                found = Diagnosis(kind, shape, block, looks, means, HINT_LEVELS[kind], before)
            raise CheckFailed(found, self.exercise, output=what, output_passed=tuple(self._outputs)) from None
        self._outputs.append(what)
        if name not in self.passed:
            self.passed.append(name)
        if self.verbose:
            print(f"形状 {name}：{what} {verdict(True)}")
