"""图 5-2: tl.sum as levels of pairwise halving, the padding lanes absorbed on the way down."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from course.viz.common import CENTER, COLORS, PAD_INK, RIGHT, cjk_font, label


def reduction_levels(n_cols: int = 100, block: int = 128) -> list[dict[str, int]]:
    """Per level of pairwise halving: lanes left and how many hold only real data, a mix, or only padding.

    Lane j of a level with k lanes holds the sum of the contiguous original lanes
    [j * block / k, (j + 1) * block / k): adjacent lanes are added pairwise.
    """
    levels = []
    lanes = block
    while lanes >= 1:
        span = block // lanes
        starts = np.arange(lanes) * span
        real = int(np.sum(starts + span <= n_cols))
        padding = int(np.sum(starts >= n_cols))
        levels.append({"lanes": lanes, "real": real, "mixed": lanes - real - padding, "padding": padding})
        lanes //= 2
    return levels


def _draw_levels(ax, levels: list[dict[str, int]], block: int) -> None:
    for depth, level in enumerate(levels):
        y, span = -depth, block / level["lanes"]
        kinds = ["real"] * level["real"] + ["mixed"] * level["mixed"] + ["pad"] * level["padding"]
        for j, kind in enumerate(kinds):
            ax.add_patch(Rectangle((j * span, y), span, 0.7, fc=COLORS[kind], ec="white", lw=0.5))
        name = label(f"第 {depth} 级：{level['lanes']} 个 lane", f"level {depth}: {level['lanes']} lanes")
        if depth == 0:
            name = label(f"载入后：{block} 个 lane", f"loaded: {block} lanes")
        ax.text(-2, y + 0.35, name, **RIGHT)
        only_pad = label(f"纯 padding：{level['padding']}", f"padding only: {level['padding']}")
        ax.text(block + 2, y + 0.35, only_pad, **CENTER | {"ha": "left"}, color=PAD_INK)


def reduction_tree_figure(n_cols: int = 100, block: int = 128) -> Figure:
    """图 5-2: the halving levels block -> ... -> 1, padding absorbed, then the store to out[row]."""
    cjk_font()
    levels = reduction_levels(n_cols, block)
    fig, ax = plt.subplots(figsize=(10, 5.2))
    _draw_levels(ax, levels, block)
    bottom = -len(levels)
    ax.annotate("", (block / 2, bottom + 0.15), (block / 2, bottom + 0.95), arrowprops={"arrowstyle": "->"})
    store = f"tl.store(out_ptr + row, ...)  →  out[row] = Σ x[row, 0:{n_cols}]"
    ax.text(
        block / 2,
        bottom - 0.1,
        store,
        **CENTER | {"fontsize": 10},
        bbox={"boxstyle": "round", "fc": "#F2F2F2"},
    )
    legend = {
        "real": label("只含真实数据", "real data only"),
        "mixed": label("真实 + padding（padding 贡献 0）", "real + padding (padding adds 0)"),
        "pad": label("只含 padding（值为 0.0）", "padding only (value 0.0)"),
    }
    handles = [Rectangle((0, 0), 1, 1, color=COLORS[kind]) for kind in legend]
    ax.legend(
        handles,
        legend.values(),
        loc="lower right",
        bbox_to_anchor=(1, -0.16),
        ncols=3,
        fontsize=8,
        frameon=False,
    )
    ax.set_title(
        label(
            f"图 5-2：tl.sum 的 {len(levels) - 1} 级两两折半相加，x + 0.0 = x（N = {n_cols}）",
            f"Fig. 5-2: tl.sum as {len(levels) - 1} levels of pairwise halving, x + 0.0 = x (N = {n_cols})",
        )
    )
    order = label(
        "GPU 上实际的配对顺序由编译器决定；顺序不同，和相同（只差舍入）。",
        "On a GPU the compiler picks the pairing order; the sum is the same up to rounding.",
    )
    fig.text(0.01, 0.01, order, fontsize=8, color="gray")
    ax.set(xlim=(-28, block + 22), ylim=(bottom - 0.6, 0.9))
    ax.axis("off")
    fig.tight_layout()
    return fig
