"""Figures for the lessons, drawn with matplotlib and saved as PNG files beside the lesson (never base64).

Labels are Chinese when a CJK font is installed. Where none is (a CI runner, the borrowed GPU
machine) the same figures get English labels, so they never show boxes for missing glyphs.
Regenerate the lesson figures with ``python -m course.viz``.
"""

from __future__ import annotations

import functools
import math
import sys
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
from matplotlib import font_manager
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

LESSON05_IMG = Path(__file__).resolve().parent / "lessons" / "05-row-sum-padding" / "img"
DPI = 110
CJK_FAMILIES = (
    "Noto Sans CJK SC",
    "Noto Sans CJK JP",  # the name matplotlib reads from fonts-noto-cjk's .ttc (it has the SC glyphs too)
    "Source Han Sans SC",
    "WenQuanYi Micro Hei",
    "WenQuanYi Zen Hei",
    "Microsoft YaHei",
    "SimHei",
    "PingFang SC",
    "Heiti SC",
)
CJK_FILE_HINTS = ("notosanscjk", "sourcehansans", "wqy-", "msyh", "simhei", "pingfang")
COLORS = {
    "real": "#4C72B0",
    "pad": "#DD8452",
    "mixed": "#8172B3",
    "off": "#D9D9D9",
    "true": "#55A868",
    "false": "#C44E52",
}
NON_INTERACTIVE = {"agg", "pdf", "ps", "svg", "pgf", "cairo", "template"}


@functools.cache
def cjk_font() -> str | None:
    """The CJK font family matplotlib will use for Chinese text, or None when there is none."""
    known = {entry.name for entry in font_manager.fontManager.ttflist}
    if not known.intersection(CJK_FAMILIES):
        # matplotlib's font cache predates a font installed later: register the files directly
        for path in font_manager.findSystemFonts():
            if any(hint in Path(path).name.lower() for hint in CJK_FILE_HINTS):
                font_manager.fontManager.addfont(path)
        known = {entry.name for entry in font_manager.fontManager.ttflist}
    family = next((name for name in CJK_FAMILIES if name in known), None)
    if family is not None:
        # a fallback after the usual family: Latin text keeps its look, only CJK glyphs come from the new font
        families = [f for f in matplotlib.rcParams["font.family"] if f != family]
        matplotlib.rcParams["font.family"] = [*families, family]
    return family


def label(zh: str, en: str) -> str:
    """The Chinese text when it can be drawn, else its English twin."""
    return zh if cjk_font() else en


def show(fig: Figure) -> Figure:
    """Display a figure where there is somewhere to display it (a notebook, a window); return it."""
    if matplotlib.get_backend().lower() in NON_INTERACTIVE:
        plt.close(fig)  # headless script: nothing to show, and pyplot need not keep it alive
    else:
        plt.show()
    return fig


def _as_floats(lanes) -> np.ndarray:
    values = lanes.tolist() if hasattr(lanes, "tolist") else list(lanes)  # torch (any device), numpy, list
    return np.asarray(values, dtype=float).ravel()


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


CENTER = {"ha": "center", "va": "center", "fontsize": 9}
RIGHT = CENTER | {"ha": "right"}  # row names, left of the strips
PAD_INK = "#8C3B0C"  # dark orange: text about the padding lanes


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


IDENTITIES = {"sum": 0.0, "max": float("-inf"), "min": float("inf"), "prod": 1.0}
_COMBINE = {"sum": np.add, "max": np.maximum, "min": np.minimum, "prod": np.multiply}
WRONG = "#C44E52"


def _check_shape(n_cols: int, block: int) -> None:
    if block < 1 or block & (block - 1):
        raise ValueError(f"BLOCK 必须是 2 的幂，收到 {block}")
    if not 0 < n_cols <= block:
        raise ValueError(f"需要 0 < N <= BLOCK，收到 N = {n_cols}，BLOCK = {block}")


def _default_row(n_cols: int, op: str) -> np.ndarray:
    """A row whose result a wrong identity changes: 1..N for sum/prod-free ops, all negative for max."""
    ramp = np.arange(1, n_cols + 1, dtype=float)
    return {"max": -ramp, "min": ramp, "prod": 1 + 0.01 * np.sin(ramp)}.get(op, ramp)


def reduction_steps(
    values, n_cols: int, block: int, op: str = "sum", other: float | None = None
) -> list[dict]:
    """The halving levels of a reduction over BLOCK lanes whose first n_cols are values, the rest other.

    Per level: "values" (each lane's partial result), "truth" (the same lanes reduced over their real
    values only, the identity where there are none), "real" (how many real lanes each one covers).
    A lane with real data whose value differs from its truth is where a wrong identity has entered.
    """
    _check_shape(n_cols, block)
    if op not in IDENTITIES:
        raise ValueError(f"op 必须是 {', '.join(IDENTITIES)} 之一，收到 {op!r}")
    identity = IDENTITIES[op]
    other = identity if other is None else float(other)
    row = _as_floats(values)[:n_cols] if values is not None else _default_row(n_cols, op)
    if row.size != n_cols:
        raise ValueError(f"一行需要 {n_cols} 个值，收到 {row.size}")
    combine = _COMBINE[op]
    lanes = np.concatenate([row, np.full(block - n_cols, other)])
    truth = np.concatenate([row, np.full(block - n_cols, identity)])
    real = np.concatenate([np.ones(n_cols, int), np.zeros(block - n_cols, int)])
    levels = []
    with np.errstate(all="ignore"):  # inf - inf and the like are what a wrong identity may produce
        while True:
            levels.append({"values": lanes, "truth": truth, "real": real})
            if lanes.size == 1:
                return levels
            lanes = combine(lanes[0::2], lanes[1::2])
            truth = combine(truth[0::2], truth[1::2])
            real = real[0::2] + real[1::2]


def _wrong(level: dict) -> np.ndarray:
    values, truth = level["values"], level["truth"]
    with np.errstate(all="ignore"):
        off = ~np.isclose(values, truth, rtol=1e-6, atol=1e-9, equal_nan=True)
    return off & (level["real"] > 0)


def _draw_steps(ax, levels: list[dict], block: int, n_cols: int, title: str) -> None:
    entered = None
    for depth, level in enumerate(levels):
        count = level["values"].size
        span, y = block / count, -depth
        wrong = _wrong(level)
        for j in range(count):
            real = level["real"][j]
            kind = "real" if real == span else ("pad" if real == 0 else "mixed")
            color = WRONG if wrong[j] else COLORS[kind]
            ax.add_patch(Rectangle((j * span, y), span, 0.7, fc=color, ec="white", lw=0.5))
            if count <= 16:
                ax.text((j + 0.5) * span, y + 0.35, f"{level['values'][j]:.4g}", **CENTER, color="white")
        if entered is None and wrong.any():
            entered = (depth, int(np.nonzero(wrong)[0][0]), count)
        ax.text(-0.02 * block, y + 0.35, label(f"{count} 个 lane", f"{count} lanes"), **RIGHT)
    result, truth = levels[-1]["values"][0], levels[-1]["truth"][0]
    ax.text(
        1.02 * block,
        -len(levels) + 1.35,
        label(f"结果 {result:.6g}\n应为 {truth:.6g}", f"result {result:.6g}\nexpected {truth:.6g}"),
        fontsize=9,
        va="center",
        color=WRONG if _wrong(levels[-1]).any() else "black",
    )
    if entered is not None:
        depth, j, count = entered
        span = block / count
        ax.annotate(
            label("错误从这里进入", "the error enters here"),
            ((j + 0.5) * span, -depth + 0.7),
            (1.02 * block, -depth + 1.2),
            arrowprops={"arrowstyle": "->", "color": WRONG},
            color=WRONG,
            fontsize=9,
        )
    ax.set_title(title, fontsize=10)
    ax.set(xlim=(-0.16 * block, 1.2 * block), ylim=(-len(levels) + 0.6, 1.3))
    ax.axis("off")


def reduction_steps_figure(
    n_cols: int = 100, block: int = 128, op: str = "sum", other: float | None = None, values=None
) -> Figure:
    """The reduction tree step by step with the right identity, and below it with other (when it differs).

    A red lane holds a partial result that differs from the reduction of its real values: the first one
    from the top is where the wrong padding value entered the result.
    """
    levels_right = reduction_steps(values, n_cols, block, op)
    identity = IDENTITIES[op]
    wrong = other is not None and not (float(other) == identity or (np.isnan(other) and np.isnan(identity)))
    cjk_font()
    panels = 2 if wrong else 1
    fig, axes = plt.subplots(panels, 1, figsize=(10, 0.45 * len(levels_right) * panels + 1.2), squeeze=False)
    _draw_steps(
        axes[0][0],
        levels_right,
        block,
        n_cols,
        label(f"{op}，other = {identity!r}（单位元）", f"{op}, other = {identity!r} (the identity)"),
    )
    if wrong:
        levels_wrong = reduction_steps(values, n_cols, block, op, other)
        _draw_steps(
            axes[1][0],
            levels_wrong,
            block,
            n_cols,
            label(
                f"{op}，other = {float(other)!r}（不是单位元）",
                f"{op}, other = {float(other)!r} (not the identity)",
            ),
        )
    fig.suptitle(
        label(
            f"归约树逐级折半：N = {n_cols}，BLOCK = {block}（红色：含真实数据却已算错的部分结果）",
            f"Reduction tree, level by level: N = {n_cols}, BLOCK = {block} (red: a wrong partial result)",
        ),
        fontsize=11,
    )
    fig.tight_layout()
    return show(fig)


def tiles_figure(n_cols: int = 1000, block: int = 256, values=None) -> Figure:
    """A long row read in tiles of BLOCK: each tile's masked load, and the accumulator after each tile."""
    if n_cols < 1 or block < 1 or block & (block - 1):
        raise ValueError(f"需要 N >= 1、BLOCK 为 2 的幂，收到 N = {n_cols}，BLOCK = {block}")
    row = _as_floats(values)[:n_cols] if values is not None else np.ones(n_cols)
    tiles = -(-n_cols // block)
    cjk_font()
    fig, (ax, ax_acc) = plt.subplots(2, 1, figsize=(10, 4.2), height_ratios=[1, 2])
    for k in range(tiles):
        start, stop = k * block, min((k + 1) * block, n_cols)
        ax.add_patch(Rectangle((start, 0), stop - start, 0.8, fc=COLORS["real"], ec="white", lw=1.5))
        if stop < (k + 1) * block:
            ax.add_patch(
                Rectangle((stop, 0), (k + 1) * block - stop, 0.8, fc=COLORS["pad"], ec="white", hatch="//")
            )
            ax.text(
                (stop + (k + 1) * block) / 2,
                -0.35,
                label(
                    f"mask 挡住 {(k + 1) * block - stop} 个 lane", f"{(k + 1) * block - stop} lanes masked"
                ),
                **CENTER,
                color=PAD_INK,
            )
        ax.text(
            (start + min(stop, (k + 1) * block)) / 2,
            0.4,
            label(f"块 {k}", f"tile {k}"),
            **CENTER,
            color="white",
        )
    ax.axvline(n_cols, color="black", lw=1, ls="--")
    ax.text(n_cols, 1.0, f"N = {n_cols}", ha="center", fontsize=9)
    ax.set(xlim=(0, tiles * block), ylim=(-0.7, 1.3))
    ax.axis("off")
    partial = [float(row[k * block : (k + 1) * block].sum()) for k in range(tiles)]
    acc = np.cumsum(partial)
    ax_acc.bar(
        range(tiles),
        partial,
        color=COLORS["mixed"],
        alpha=0.5,
        label=label("本块的 tl.sum", "tl.sum of the tile"),
    )
    ax_acc.step(
        range(tiles), acc, where="mid", color=COLORS["real"], label=label("累加器 acc", "accumulator acc")
    )
    ax_acc.plot(range(tiles), acc, "o", color=COLORS["real"])
    ax_acc.set_xticks(range(tiles))
    ax_acc.set_xlabel(label("循环第 k 次（块 k）", "iteration k (tile k)"))
    ax_acc.set_ylabel(label("acc += tl.sum(块)", "acc += tl.sum(tile)"))
    ax_acc.legend(fontsize=8, frameon=False)
    fig.suptitle(
        label(
            f"长行分块累加：N = {n_cols}，BLOCK = {block}，共 {tiles} 块，最后一块有 {tiles * block - n_cols} 个 padding lane",
            f"A long row in tiles: N = {n_cols}, BLOCK = {block}, {tiles} tiles, {tiles * block - n_cols} padding lanes in the last",
        ),
        fontsize=11,
    )
    fig.tight_layout()
    return show(fig)


def online_softmax_steps(values, block: int) -> list[dict]:
    """Per tile of one row: the running max m, the running sum d rescaled to it, and the tile's own max."""
    row = _as_floats(values)
    m, d, steps = -np.inf, 0.0, []
    for start in range(0, row.size, block):
        tile = row[start : start + block]
        m_new = max(m, float(tile.max()))
        d = d * np.exp(m - m_new) + float(np.exp(tile - m_new).sum())
        steps.append({"tile_max": float(tile.max()), "m": m_new, "d": d, "rescale": float(np.exp(m - m_new))})
        m = m_new
    return steps


def online_softmax_figure(n_cols: int = 1000, block: int = 128, values=None, seed: int = 0) -> Figure:
    """The online softmax of one long row: the running max per tile, and the sum rescaled when it grows."""
    if n_cols < 1 or block < 1 or block & (block - 1):
        raise ValueError(f"需要 N >= 1、BLOCK 为 2 的幂，收到 N = {n_cols}，BLOCK = {block}")
    if values is None:
        values = np.random.default_rng(seed).normal(size=n_cols) * 3 + np.linspace(0, 6, n_cols)
    row = _as_floats(values)[:n_cols]
    steps = online_softmax_steps(row, block)
    k = np.arange(len(steps))
    cjk_font()
    fig, (ax_m, ax_d) = plt.subplots(1, 2, figsize=(10, 3.8))
    ax_m.plot(
        k, [s["tile_max"] for s in steps], "o", color=COLORS["pad"], label=label("本块最大值", "tile max")
    )
    ax_m.step(
        k,
        [s["m"] for s in steps],
        where="mid",
        color=COLORS["real"],
        label=label("运行最大值 m", "running max m"),
    )
    ax_m.axhline(row.max(), color="gray", ls="--", lw=0.8, label=label("整行最大值", "row max"))
    ax_m.set_xlabel(label("块 k", "tile k"))
    ax_m.legend(fontsize=8, frameon=False)
    ax_m.set_title(label("m_k = max(m_{k-1}, max(块 k))", "m_k = max(m_{k-1}, max(tile k))"), fontsize=10)
    ax_d.step(
        k,
        [s["d"] for s in steps],
        where="mid",
        color=COLORS["real"],
        label=label("运行和 d", "running sum d"),
    )
    grew = [i for i, s in enumerate(steps) if 0 < i and s["rescale"] < 1]
    ax_d.plot(
        grew,
        [steps[i]["d"] for i in grew],
        "v",
        color=WRONG,
        label=label("m 变大：d 乘 exp(m_old − m_new)", "m grew: d *= exp(m_old - m_new)"),
    )
    exact = float(np.exp(row - row.max()).sum())
    ax_d.axhline(
        exact,
        color="gray",
        ls="--",
        lw=0.8,
        label=label("Σ exp(x − max)（精确值）", "Σ exp(x - max) (exact)"),
    )
    ax_d.set_xlabel(label("块 k", "tile k"))
    ax_d.legend(fontsize=8, frameon=False)
    ax_d.set_title(
        label(
            "d_k = d_{k-1}·exp(m_{k-1} − m_k) + Σ exp(x − m_k)",
            "d_k = d_{k-1}·exp(m_{k-1} - m_k) + Σ exp(x - m_k)",
        ),
        fontsize=10,
    )
    fig.suptitle(
        label(
            f"在线 softmax：N = {n_cols}，BLOCK = {block}，共 {len(steps)} 块",
            f"Online softmax: N = {n_cols}, BLOCK = {block}, {len(steps)} tiles",
        ),
        fontsize=11,
    )
    fig.tight_layout()
    return show(fig)


def softmax_traffic(n_rows: int, n_cols: int, element_size: int = 4) -> dict[str, list[tuple[str, int, int]]]:
    """Bytes read and written per step: the naive torch composition (8MN + 4M elements) and one fused kernel (2MN)."""
    m, n, b = n_rows, n_cols, element_size
    naive = [
        ("x.max(1)", m * n * b, m * b),
        ("x − max", (m * n + m) * b, m * n * b),
        ("exp", m * n * b, m * n * b),
        ("sum(1)", m * n * b, m * b),
        ("÷ sum", (m * n + m) * b, m * n * b),
    ]
    return {"naive": naive, "fused": [("fused softmax", m * n * b, m * n * b)]}


def traffic_figure(
    n_rows: int = 4096, n_cols: int = 1000, element_size: int = 4, title: str | None = None
) -> Figure:
    """Stacked bars of the memory traffic (MB read and written) of naive against fused softmax."""
    traffic = softmax_traffic(n_rows, n_cols, element_size)
    cjk_font()
    fig, ax = plt.subplots(figsize=(8, 3.8))
    names = [
        label("朴素（5 个 torch 操作）", "naive (5 torch ops)"),
        label("融合（1 个 kernel）", "fused (1 kernel)"),
    ]
    palette = [COLORS["real"], COLORS["pad"], COLORS["mixed"], COLORS["true"], "#937860"]
    totals = []
    for x, key in enumerate(("naive", "fused")):
        bottom = 0.0
        for i, (step, read, write) in enumerate(traffic[key]):
            mb = (read + write) / 1e6
            ax.bar(x, mb, bottom=bottom, color=palette[i % len(palette)], edgecolor="white", width=0.55)
            if mb > 0.06 * sum(r + w for _, r, w in traffic["naive"]) / 1e6:
                ax.text(x, bottom + mb / 2, step, **CENTER, color="white")
            bottom += mb
        totals.append(bottom)
        ax.text(x, bottom, f"{bottom:.1f} MB", ha="center", va="bottom", fontsize=9)
    ax.set_xticks([0, 1], names)
    ax.set_ylabel(label("读 + 写（MB）", "read + written (MB)"))
    ax.set_title(
        title
        or label(
            f"softmax 的显存流量：M = {n_rows}，N = {n_cols}，fp32；比值 {totals[0] / totals[1]:.2f}",
            f"softmax memory traffic: M = {n_rows}, N = {n_cols}, fp32; ratio {totals[0] / totals[1]:.2f}",
        ),
        fontsize=10,
    )
    fig.tight_layout()
    return show(fig)


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


def _save(fig: Figure, path: Path | str) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def draw_padded_lanes(path: Path | str, n_cols: int = 100, block: int = 128) -> Path:
    """Write 图 5-1 to path."""
    return _save(padded_lanes_figure(n_cols, block), path)


def draw_reduction_tree(path: Path | str, n_cols: int = 100, block: int = 128) -> Path:
    """Write 图 5-2 to path."""
    return _save(reduction_tree_figure(n_cols, block), path)


def main(argv: list[str] | None = None) -> int:
    """python -m course.viz [DIR]: regenerate lesson 5's figures (into its img/ folder by default)."""
    matplotlib.use("Agg")  # only files are written
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else LESSON05_IMG
    if cjk_font() is None:
        print("no CJK font found (e.g. apt-get install fonts-wqy-microhei): labels fall back to English")
    written = [draw_padded_lanes(out / "padded-lanes.png"), draw_reduction_tree(out / "reduction-tree.png")]
    for path in written:
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
