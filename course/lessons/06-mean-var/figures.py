"""Figures of lesson 6, drawn with course.viz's colours and fonts: ``python course/lessons/06-mean-var/figures.py``.

图 6-1: one row of N = 5 real lanes in a block of 8, after the masked load (other=0.0), after x - mean,
and after the second masking tl.where(mask, x - mean, 0.0).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))  # the repository root: course.viz

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from course.viz import COLORS, DPI, cjk_font, label  # noqa: E402

ROW = (1.0, 3.0, 5.0, 7.0, 9.0)  # mean 5, variance 8: small numbers a student can check by hand
BLOCK = 8


def lanes_figure():
    cjk_font()
    n = len(ROW)
    mean = sum(ROW) / n
    pad = BLOCK - n
    rows = [
        (label("① 载入后 x（other=0.0）", "1. x after the load (other=0.0)"), [*ROW, *[0.0] * pad], "pad"),
        (label("② x − mean", "2. x - mean"), [v - mean for v in ROW] + [-mean] * pad, "false"),
        (
            label("③ tl.where(mask, x − mean, 0.0)", "3. tl.where(mask, x - mean, 0.0)"),
            [v - mean for v in ROW] + [0.0] * pad,
            "pad",
        ),
    ]
    fig, ax = plt.subplots(figsize=(10, 3.6))
    for level, (title, values, pad_color) in enumerate(rows):
        y = 2 - level
        for lane, value in enumerate(values):
            color = COLORS["real"] if lane < n else COLORS[pad_color]
            ax.add_patch(Rectangle((lane, y), 1, 0.8, fc=color, ec="white", lw=1.5))
            ax.text(lane + 0.5, y + 0.4, f"{value:g}", ha="center", va="center", color="white", fontsize=11)
        squares = sum(v * v for v in values)
        note = label(
            f"平方和 {squares:g} → ÷N = {squares / n:g}",
            f"sum of squares {squares:g} -> /N = {squares / n:g}",
        )
        ax.text(-0.2, y + 0.4, title, ha="right", va="center", fontsize=10)
        if level:
            ax.text(BLOCK + 0.2, y + 0.4, note, ha="left", va="center", fontsize=9)
    ax.text(
        n / 2,
        -0.45,
        label(f"{n} 个真实 lane（mean = {mean:g}）", f"{n} real lanes (mean = {mean:g})"),
        ha="center",
        fontsize=9,
    )
    ax.text(
        n + pad / 2,
        -0.45,
        label(f"{pad} 个 padding lane", f"{pad} padding lanes"),
        ha="center",
        fontsize=9,
        color=COLORS["false"],
    )
    ax.set_title(
        label(
            "图 6-1：第二次 mask。x − mean 把 padding lane 从 0 变成 −mean；不再 mask，方差就从 8 变成 23",
            "Fig. 6-1: the second masking. x - mean turns padding lanes from 0 into -mean; unmasked, var 8 becomes 23",
        ),
        fontsize=10,
    )
    ax.set(xlim=(-5.2, BLOCK + 4.2), ylim=(-0.8, 3.0))
    ax.axis("off")
    fig.tight_layout()
    return fig


def main() -> int:
    target = HERE / "img" / "second-mask.png"
    target.parent.mkdir(exist_ok=True)
    lanes_figure().savefig(target, dpi=DPI)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
