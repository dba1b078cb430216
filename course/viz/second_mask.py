"""Lesson 6's second mask: the padding lanes after x − mean, and the variance they add without it."""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from course.viz.common import (
    CENTER,
    COLORS,
    PAD_INK,
    RIGHT,
    WRONG,
    _as_floats,
    _check_shape,
    cjk_font,
    label,
    show,
)


def second_mask_steps(values, n_cols: int = 5, block: int = 8, fill: float | None = 0.0) -> dict:
    """One row's lanes before and after x − mean, and the variance each stage would give (lesson 6).

    "loaded": x after tl.load(..., other=0.0); "centered": x − mean, whose padding lanes hold −mean;
    "refilled": tl.where(mask, x − mean, fill), or the centered lanes themselves when fill is None (no
    second mask). "var" is Σ refilled² / N, what the kernel stores; "var_true" the row's real variance.
    The default row is 1, 3, …, 2N − 1 (mean N): a mean far from 0, where a missing mask shows.
    """
    _check_shape(n_cols, block)
    row = _as_floats(values)[:n_cols] if values is not None else np.arange(1.0, 2 * n_cols, 2)
    if row.size != n_cols:
        raise ValueError(f"一行需要 {n_cols} 个值，收到 {row.size}")
    mask = np.arange(block) < n_cols
    loaded = np.where(mask, np.resize(row, block), 0.0)
    mean = float(loaded.sum() / n_cols)
    centered = loaded - mean  # every lane, the padding ones too
    refilled = centered if fill is None else np.where(mask, centered, float(fill))
    return {
        "loaded": loaded,
        "centered": centered,
        "refilled": refilled,
        "mean": mean,
        "var": float((refilled * refilled).sum() / n_cols),
        "var_unmasked": float((centered * centered).sum() / n_cols),
        "var_true": float(((row - mean) ** 2).mean()),
    }


def _strip(ax, y: float, lanes: np.ndarray, n_cols: int, name: str, note: str, wrong: bool) -> None:
    """One row of lanes: real ones blue, padding orange while it holds 0.0 (the identity), red otherwise."""
    block = lanes.size
    for lane, value in enumerate(lanes):
        kind = COLORS["real"] if lane < n_cols else (COLORS["pad"] if value == 0 else WRONG)
        ax.add_patch(Rectangle((lane, y), 1, 0.8, fc=kind, ec="white", lw=1.5 if block <= 32 else 0.3))
        if block <= 16:
            ax.text(lane + 0.5, y + 0.4, f"{value + 0.0:.3g}", **CENTER, color="white")  # + 0.0: no "-0"
    ax.text(-0.02 * block, y + 0.4, name, **RIGHT)
    ax.text(1.02 * block, y + 0.4, note, **CENTER | {"ha": "left"}, color=WRONG if wrong else "black")


def _variance_note(var: float, var_true: float, wrong: bool) -> str:
    extra = var - var_true
    if not wrong:
        return label(f"方差 = Σ²/N = {var:.6g}（正确）", f"var = sum sq / N = {var:.6g} (right)")
    return label(
        f"方差 = Σ²/N = {var:.6g}\n应为 {var_true:.6g}，多出 {extra:.4g}",
        f"var = sum sq / N = {var:.6g}\nshould be {var_true:.6g}, {extra:+.4g}",
    )


def second_mask_figure(
    n_cols: int = 5, block: int = 8, values=None, fill: float | None = 0.0, title: str | None = None
) -> Figure:
    """The padded lanes before and after x − mean, then after the second mask with fill (None: no mask).

    A red padding lane no longer holds the sum's identity 0.0: squared, it adds to the variance.
    """
    steps = second_mask_steps(values, n_cols, block, fill)
    mean, pad = steps["mean"] + 0.0, block - n_cols  # + 0.0 turns -0.0 into 0.0: "−mean = 0", not "-0"
    cjk_font()
    fig, ax = plt.subplots(figsize=(10, 3.4))
    mask_code = "x − mean（不再 mask）" if fill is None else f"tl.where(mask, x − mean, {float(fill)!r})"
    _strip(
        ax,
        2,
        steps["loaded"],
        n_cols,
        label("① tl.load(..., other=0.0)", "1. tl.load(..., other=0.0)"),
        label(f"Σx / N = mean = {mean:.4g}", f"sum / N = mean = {mean:.4g}"),
        False,
    )
    _strip(
        ax,
        1,
        steps["centered"],
        n_cols,
        label("② x − mean", "2. x - mean"),
        label(
            f"padding lane = −mean = {0.0 - mean:.4g}\n不再 mask 时方差 = {steps['var_unmasked']:.6g}",
            f"padding lanes = -mean = {0.0 - mean:.4g}\nvar without the mask = {steps['var_unmasked']:.6g}",
        ),
        pad > 0 and mean != 0,
    )
    wrong = not math.isclose(steps["var"], steps["var_true"], rel_tol=1e-6, abs_tol=1e-9)
    _strip(
        ax,
        0,
        steps["refilled"],
        n_cols,
        label(f"③ {mask_code}", "3. " + mask_code.replace("−", "-").replace("（不再 mask）", " (no mask)")),
        _variance_note(steps["var"], steps["var_true"], wrong),
        wrong,
    )
    ax.text(n_cols / 2, -0.35, label(f"{n_cols} 个真实 lane", f"{n_cols} real lanes"), **CENTER)
    if pad:
        padding = label(f"{pad} 个 padding lane", f"{pad} padding lanes")
        ax.text(n_cols + pad / 2, -0.35, padding, **CENTER, color=PAD_INK)
    ax.set_title(
        title
        or label(
            f"x − mean 之前与之后：N = {n_cols}，BLOCK = {block}（红色：padding lane 已不是 0）",
            f"Before and after x - mean: N = {n_cols}, BLOCK = {block} (red: padding no longer 0)",
        ),
        fontsize=10,
    )
    ax.set(xlim=(-0.45 * block, 1.55 * block), ylim=(-0.7, 3.0))
    ax.axis("off")
    fig.tight_layout()
    return show(fig)
