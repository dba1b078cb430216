"""A wrong output compared with the reference (diagnose) and the account it gives (Diagnosis)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from course.diagnose.padding import _count, _padding_shift, _padding_won
from course.diagnose.readings import _anything, _broken, _last_tile, _normaliser, _Wrong
from course.diagnose.words import BEFORE, FAIL_WORD, _array, shape_text

HINT_LEVELS = {  # which rung of the four-level ladder each kind of failure calls for
    "identity": 2,
    "padding_won": 2,
    "zero_product": 2,
    "overflow": 2,
    "normaliser": 2,
    "count": 2,
    "last_tile": 3,
    "nan": 3,
    "shape": 3,
    "other": 1,
}


@dataclass(frozen=True)
class Diagnosis:
    """What a wrong output looks like and what it usually means, in Chinese."""

    kind: str  # identity / padding_won / zero_product / overflow / nan / last_tile / shape / other
    shape: tuple[int, ...]  # the input's shape (M, N)
    block: int | None
    looks: str  # what the error looks like, read from the numbers
    means: str  # what that pattern usually points to
    hint_level: int
    passed: tuple[str, ...] = field(default=())  # shapes that passed before this one

    def message(
        self,
        exercise: str | Sequence[str] | None = None,
        passed_heading: str = BEFORE,
        output: str | None = None,
        output_passed: Sequence[str] = (),
    ) -> str:
        """The whole account; ``exercise``: the hint name(s) whose level applies (a lesson with two
        blanks names both: which blank is wrong would have to be read from the answer); ``output``: the
        name of the output that failed, when a check compares several (mean, var, rstd), and
        ``output_passed`` those that passed on the same shape before it."""
        where = f"形状 {shape_text(self.shape, self.block)}"
        lines = [
            f"{where}的检查{FAIL_WORD}。" if output is None else f"{where}上，{output} 的检查{FAIL_WORD}。"
        ]
        if output_passed:
            lines.append(f"同一形状上已通过：{'、'.join(output_passed)}。")
        if self.passed:
            lines.append(f"{passed_heading}：{'、'.join(self.passed)}。")
        lines += [f"错误的样子：{self.looks}", f"可能的原因：{self.means}"]
        names = (exercise,) if isinstance(exercise, str) else tuple(exercise or ())
        if names:
            calls = " 或 ".join(f'hint("{name}", {self.hint_level})' for name in names)
            lines.append(f"对应的提示：{calls}（第 {self.hint_level} 级）。")
        return "\n".join(lines)

    def summary(self) -> str:
        """One line: the shape and what the error looks like (a report's list of failed cases)."""
        return f"形状 {shape_text(self.shape, self.block)}：{self.looks}"

    @classmethod
    def from_dict(cls, data: dict) -> Diagnosis:
        """Back from JSON (a grade file), where tuples became lists."""
        return cls(**{**data, "shape": tuple(data["shape"]), "passed": tuple(data.get("passed", ()))})


def _close(got: np.ndarray, expected: np.ndarray, atol: float, rtol: float, scale: np.ndarray) -> np.ndarray:
    both_nan = np.isnan(got) & np.isnan(expected)
    with np.errstate(invalid="ignore"):
        near = np.abs(got - expected) <= atol + rtol * scale
        same_inf = np.isinf(got) & (got == expected)
    return near | both_nan | same_inf


READINGS = (_broken, _last_tile, _normaliser, _padding_won, _padding_shift, _count)  # most telling first


def diagnose(
    got,
    expected,
    *,
    x=None,
    n_cols: int | None = None,
    block: int | None = None,
    atol: float = 1e-5,
    rtol: float = 1.3e-6,
    passed: tuple[str, ...] = (),
    op: str | None = None,
    scale=None,
) -> Diagnosis | None:
    """None when got matches expected within atol + rtol * scale (|expected| unless given); else what went wrong.

    got, expected: the output and the reference (torch tensors, arrays or lists); x: the input the
    kernel read (M rows of N real values), from which the shape, the all-negative rows and the large
    rows are read; block: the kernel's BLOCK (the lanes per tile), so that the padding can be counted;
    op: the reduction ("sum", "max", "min", "prod") when the lesson names it, to tell apart patterns
    that look alike (a min of positive rows and a product, both 0.0 with a zero in the padding);
    scale: what the rounding error grows with (a grader's magnitude, such as sum |x| per row), so that
    a grader and this reading agree on what is wrong.
    """
    g, e = _array(got), _array(expected)
    xs = None if x is None else _array(x)
    shape = tuple(xs.shape) if xs is not None else tuple(e.shape)
    if n_cols is None:
        n_cols = shape[-1] if len(shape) > 1 else (shape[0] if shape else 1)
    where = {"shape": shape, "block": block, "passed": tuple(passed)}
    if g.shape != e.shape:
        reading = (
            "shape",
            f"输出的形状是 {tuple(g.shape)}，应为 {tuple(e.shape)}。",
            "输出张量的大小、grid 的大小或写回的位置不对：每一行应当恰好写一个（或一行）结果。",
        )
    else:
        scale = np.abs(e) if scale is None else np.broadcast_to(np.abs(_array(scale)), e.shape)
        ok = _close(g, e, atol, rtol, scale)
        if ok.all():
            return None
        tolerance = atol + rtol * float(scale.max(initial=0.0))
        wrong = _Wrong(g, e, xs, n_cols, block, ~ok, tolerance, op)
        reading = next(filter(None, (read(wrong) for read in READINGS)), None) or _anything(wrong)
    kind, looks, means = reading
    return Diagnosis(kind, looks=looks, means=means, hint_level=HINT_LEVELS[kind], **where)
