"""Figures for the lessons, drawn with matplotlib and saved as PNG files beside the lesson (never base64).

Labels are Chinese when a CJK font is installed. Where none is (a CI runner, the borrowed GPU
machine) the same figures get English labels, so they never show boxes for missing glyphs.
Regenerate the lesson figures with ``python -m course.viz``.
"""

from __future__ import annotations

import functools
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


def plot_lanes(lanes, n_cols: int, identity_label: str = "0.0") -> Figure:
    """Bars of the BLOCK_SIZE lanes of one loaded row: the first n_cols are real, the rest padding."""
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
    ax.set_ylabel(label("载入后的值", "loaded value"))
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


def padded_lanes_figure(n_cols: int = 100, block: int = 128) -> Figure:
    """图 5-1: the mask, a row in HBM, and the registers after the masked load with other=0.0."""
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
    _tag(ax, pad_mid, regs + 0.4, "other = 0.0", COLORS["pad"])
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
        f"{block - n_cols} 个 padding lane = 加法单位元", f"{block - n_cols} padding lanes = identity"
    )
    ax.text(pad_mid, -0.4, pad_text, **CENTER, color=PAD_INK)
    ax.set_title(
        label(
            f"图 5-1：tl.load(..., mask=cols < N, other=0.0)，N = {n_cols}，BLOCK_SIZE = {block}",
            f"Fig. 5-1: tl.load(..., mask=cols < N, other=0.0), N = {n_cols}, BLOCK_SIZE = {block}",
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
