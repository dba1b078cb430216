"""The lanes of one row and its padding: the bars of a masked load (plot_lanes) and 图 5-1."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from course.viz.common import CENTER, COLORS, PAD_INK, RIGHT, _as_floats, cjk_font, label, show


def _describe_values(values: np.ndarray) -> str:
    if values.size == 0:
        return "-"
    if np.all(values == values[0]) or np.all(np.isnan(values)):
        return repr(float(values[0]))
    return f"{float(np.nanmin(values))!r} … {float(np.nanmax(values))!r}"


def plot_lanes(lanes, n_cols: int, identity_label: str = "0.0", value_label: str | None = None) -> Figure:
    """Bars of the BLOCK_SIZE lanes of one row: the first n_cols are real, the rest padding.

    The lanes are those of a masked load unless value_label names another stage (say, exp(x - max)).
    """
    values = _as_floats(lanes)
    block = values.size
    if not 0 <= n_cols <= block:
        raise ValueError(f"n_cols 必须在 0 到 {block}（lane 数）之间，收到 {n_cols}")
    cjk_font()
    lane = np.arange(block)
    shown = np.where(np.isfinite(values), values, np.nan)  # an -inf identity would stretch the axis forever
    fig, (ax, ax_mask) = plt.subplots(2, 1, figsize=(10, 3.6), height_ratios=[5, 1], sharex=True)
    ax.bar(
        lane[:n_cols], shown[:n_cols], width=0.8, color=COLORS["real"], label=label("真实 lane", "real lanes")
    )
    if n_cols < block:
        ax.axvspan(n_cols - 0.5, block - 0.5, color=COLORS["pad"], alpha=0.15)
        ax.plot(lane[n_cols:], np.nan_to_num(shown[n_cols:]), "o", ms=3, color=COLORS["pad"])
        seen = _describe_values(values[n_cols:])
        ax.text(
            (n_cols + block) / 2,
            0.9,
            label(
                f"padding：{block - n_cols} 个 lane\n应为单位元 {identity_label}，实际 {seen}",
                f"padding: {block - n_cols} lanes\nidentity {identity_label}, loaded {seen}",
            ),
            transform=ax.get_xaxis_transform(),
            ha="center",
            va="top",
            fontsize=9,
            color="#8C3B0C",
        )
    ax.axhline(0, color="black", lw=0.6)
    ax.set_ylabel(value_label or label("载入后的值", "loaded value"))
    ax.set_title(
        label(
            f"BLOCK_SIZE = {block}：{n_cols} 个真实 lane + {block - n_cols} 个 padding lane",
            f"BLOCK_SIZE = {block}: {n_cols} real lanes + {block - n_cols} padding lanes",
        )
    )
    ax_mask.bar(lane, 1, width=1.0, color=np.where(lane < n_cols, COLORS["true"], COLORS["false"]))
    ax_mask.set_yticks([0.5], ["mask"])
    ax_mask.set_ylim(0, 1)
    ax_mask.set_xlabel(label(f"lane（cols）；mask = cols < {n_cols}", f"lane (cols); mask = cols < {n_cols}"))
    ax_mask.set_xlim(-0.5, block - 0.5)
    fig.tight_layout()
    return show(fig)


def _cells(ax, y: float, start: int, stop: int, color: str, height: float = 0.8, hatch=None) -> None:
    for lane in range(start, stop):
        ax.add_patch(Rectangle((lane, y), 1, height, fc=color, ec="white", lw=0.4, hatch=hatch))


def _tag(ax, x: float, y: float, text: str, color: str) -> None:
    """White text on a patch of its strip's color, readable across the cell borders."""
    ax.text(
        x, y, text, **{**CENTER, "fontsize": 8}, color="white", bbox={"fc": color, "ec": "none", "pad": 1.5}
    )


def padded_lanes_figure(n_cols: int = 100, block: int = 128, other: float = 0.0) -> Figure:
    """图 5-1: the mask, a row in HBM, and the registers after the masked load with other (0.0 by default)."""
    if not 0 < n_cols <= block:
        raise ValueError(f"需要 0 < N <= BLOCK，收到 N = {n_cols}，BLOCK = {block}")
    cjk_font()
    fig, ax = plt.subplots(figsize=(10, 3.9))
    mask_y, hbm, regs = 4.5, 3.2, 0.6
    strips = [
        (mask_y, "true", "false", 0.5, None),
        (hbm, "real", "off", 0.8, "///"),
        (regs, "real", "pad", 0.8, None),
    ]
    for y, real, pad, height, hatch in strips:
        _cells(ax, y, 0, n_cols, COLORS[real], height)
        _cells(ax, y, n_cols, block, COLORS[pad], height, hatch)
    # arrows only for real lanes: a masked lane never touches memory; a sample keeps the figure readable
    for lane in [*range(0, n_cols - 1, 9), n_cols - 1]:
        arrow = {"arrowstyle": "->", "lw": 0.7, "color": COLORS["real"]}
        ax.annotate("", (lane + 0.5, regs + 0.85), (lane + 0.5, hbm - 0.05), arrowprops=arrow)
    real_mid, pad_mid, gap = n_cols / 2, (n_cols + block) / 2, (hbm + regs) / 2 + 0.4
    _tag(ax, real_mid, mask_y + 0.25, f"True × {n_cols}", COLORS["true"])
    _tag(ax, pad_mid, mask_y + 0.25, f"False × {block - n_cols}", COLORS["false"])
    if n_cols < block:
        _tag(ax, pad_mid, regs + 0.4, f"other = {other!r}", COLORS["pad"])
    ax.text(
        real_mid,
        gap,
        label("tl.load：读入寄存器", "tl.load: into registers"),
        **CENTER,
        backgroundcolor="white",
    )
    ax.text(pad_mid, gap, label("✕ 不访问显存", "✕ no memory access"), **CENTER, color=COLORS["false"])
    ax.text(-2, mask_y + 0.25, f"mask = cols < {n_cols}", **RIGHT)
    ax.text(
        -2,
        hbm + 0.4,
        label("显存 (HBM)\nx[row, cols]", "memory (HBM)\nx[row, cols]"),
        **RIGHT,
    )
    ax.text(-2, regs + 0.4, label("寄存器\nvalues", "registers\nvalues"), **RIGHT)
    ticks = [(0, 0, "left"), (n_cols - 0.4, n_cols - 1, "right"), (n_cols + 0.4, n_cols, "left")]
    for x, lane, align in [*ticks, (block, block - 1, "right")]:
        ax.text(x, regs - 0.3, str(lane), ha=align, fontsize=7)
    ax.text(real_mid, -0.4, label(f"{n_cols} 个真实 lane", f"{n_cols} real lanes"), **CENTER)
    pad_text = label(
        f"{block - n_cols} 个 padding lane = {other!r}", f"{block - n_cols} padding lanes = {other!r}"
    )
    if other == 0.0:
        pad_text = label(
            f"{block - n_cols} 个 padding lane = 加法单位元", f"{block - n_cols} padding lanes = identity"
        )
    ax.text(pad_mid, -0.4, pad_text, **CENTER, color=PAD_INK)
    ax.set_title(
        label(
            f"图 5-1：tl.load(..., mask=cols < N, other={other!r})，N = {n_cols}，BLOCK_SIZE = {block}",
            f"Fig. 5-1: tl.load(..., mask=cols < N, other={other!r}), N = {n_cols}, BLOCK_SIZE = {block}",
        )
    )
    ax.set(xlim=(-26, block + 1), ylim=(-0.8, mask_y + 0.7))
    ax.axis("off")
    fig.tight_layout()
    return fig
