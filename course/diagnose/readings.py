"""Readings of a wrong output: NaN or inf, the last tile only, a whole row scaled, or no pattern.

Each reading looks at a ``_Wrong`` one way and returns (kind, looks, means), or None when the
output does not look like that; the readings of what the padding lanes carried are in padding.py.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from course.diagnose.words import _fmt, padding_lanes

# exp(x) overflows float32 just above 88.72: a row holding such values needs the max subtracted
EXP_OVERFLOW = 88.0


def _rows(values: np.ndarray) -> np.ndarray:
    """A per-element boolean array reduced to one value per row (any)."""
    return values if values.ndim <= 1 else values.reshape(values.shape[0], -1).any(axis=1)


@dataclass
class _Wrong:
    """A wrong output and what is known around it; each reading below looks at it one way."""

    g: np.ndarray  # what the kernel wrote
    e: np.ndarray  # the reference
    xs: np.ndarray | None  # the input rows
    n_cols: int
    block: int | None
    bad: np.ndarray  # per element: outside the tolerance
    tolerance: float  # the largest absolute error the comparison forgives
    op: str | None

    @property
    def bad_rows(self) -> np.ndarray:
        return _rows(self.bad)

    @property
    def rows_text(self) -> str:
        rows = self.bad_rows
        return f"全部 {rows.size} 行" if rows.all() else f"{int(rows.sum())}/{rows.size} 行"

    @property
    def pad(self) -> int | None:
        return padding_lanes(self.n_cols, self.block) if self.block else None


Reading = tuple[str, str, str]  # (kind, looks, means)


def _broken(w: _Wrong) -> Reading | None:
    """NaN or inf where the reference is finite: exp overflowed, or lanes past the row got in."""
    broken = ~np.isfinite(w.g) & np.isfinite(w.e)
    if not broken.any():
        return None
    xs = w.xs
    if xs is not None and xs.ndim > 1 and np.isfinite(xs).all():
        large = np.abs(xs).reshape(xs.shape[0], -1).max(axis=1) > EXP_OVERFLOW
        broken_rows = _rows(broken)
        # rows of ±1000 overflow exp (or underflow it to 0/0) only when the max was not subtracted
        if large.any() and not (broken_rows & ~large).any():
            looks = (
                f"只有输入很大的行（绝对值超过 {EXP_OVERFLOW:g}）输出 NaN/inf，数值小的行都对。"
                if not large.all()
                else f"输出 NaN/inf 的行，输入的绝对值都超过 {EXP_OVERFLOW:g}。"
            )
            return (
                "overflow",
                looks,
                "exp 溢出了：exp(88.7) 已超出 float32 的范围（很负的输入则全部下溢成 0，得到 0/0）。"
                "先减去这一行的最大值再取 exp，指数就都 ≤ 0，结果不变（分子分母同乘 exp(−max)）。",
            )
    return (
        "nan",
        f"输入里没有 NaN/inf，输出里却有（{w.rows_text}中有）。",
        "有 lane 读到了行尾之外的内存，或 padding lane 带着 NaN/inf 进入了计算："
        "检查 mask（cols < N）和 other 是否都写对了。",
    )


def _last_tile(w: _Wrong) -> Reading | None:
    """A long row in tiles: errors only in the columns of the last tile."""
    n_cols, block = w.n_cols, w.block
    if not (block and block < n_cols and w.g.ndim == 2 and w.g.shape[1] == n_cols):
        return None
    last_start = (n_cols - 1) // block * block
    bad_cols = np.nonzero(w.bad.any(axis=0))[0]
    if not (bad_cols.size and bad_cols.min() >= last_start):
        return None
    return (
        "last_tile",
        f"只有最后一个块（第 {last_start}～{n_cols - 1} 列，共 {n_cols - last_start} 列）有错，前面的块都对。",
        "循环的最后一次迭代越过了行尾：最后一个块也要用 mask（cols < N）挡住多出来的 lane，"
        "并填入运算的单位元。",
    )


def _normaliser(w: _Wrong) -> Reading | None:
    """A row of a normalised output (softmax) scaled as a whole: its denominator counted something extra."""
    if w.g.ndim != 2:
        return None
    g, e = w.g[w.bad_rows], w.e[w.bad_rows]
    real = e > 0  # where the reference is 0 (a one-hot row) the kernel must write 0 too
    if not (np.isfinite(g).all() and real.any(axis=1).all() and np.all(np.abs(g[~real]) <= w.tolerance)):
        return None
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(real, g / e, np.nan)
    factor = np.nanmedian(ratio, axis=1, keepdims=True)
    # one factor per row, steady to well within its distance from 1 (float32 rounding aside)
    off = np.abs(factor - 1)
    same = (np.abs(ratio - factor) <= 0.05 * off + 1e-6) | ~real
    if not same.all() or np.any(off < 1e-5):
        return None
    f = float(factor[0, 0])
    if np.all(factor == 0):
        looks = f"{w.rows_text}的真实元素全部变成了 0.0：整行的概率都落到了 padding lane 上。"
    else:
        looks = f"{w.rows_text}里，每一行的所有元素都乘上了同一个系数（例如第一行是正确值的 {_fmt(f)} 倍）。"
    return (
        "normaliser",
        looks,
        "整行按同一比例偏了，说明归一化的分母算错了：分母只应是真实元素的 exp 之和。"
        "padding lane 的值减去行最大值再取 exp 之后必须是 0（加法的单位元），"
        "它又不能在 max 中胜出，所以它要是 max 的单位元 −∞；任何有限的“很小的数”都可能比真实元素还大。",
    )


def _anything(w: _Wrong) -> Reading:
    if w.g.ndim != 1:
        index = tuple(int(i) for i in np.argwhere(w.bad)[0])
        return (
            "other",
            f"{w.rows_text}有错；例如位置 {index}：得到 {_fmt(w.g[index])}，应为 {_fmt(w.e[index])}。",
            "对照示例和第 2 节的图，逐个核对 mask、other 和写回的位置。",
        )
    index = int(np.nonzero(w.bad_rows)[0][0])
    return (
        "other",
        f"{w.rows_text}有错；例如第 {index} 行：得到 {_fmt(w.g[index])}，应为 {_fmt(w.e[index])}"
        f"（差 {_fmt(w.g[index] - w.e[index])}）。",
        "误差不是 padding lane 个数的整数倍，也不只出现在特殊的行：逐行对照公式，"
        "检查 mask、other 和写回的位置。",
    )
