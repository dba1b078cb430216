"""Draw lesson 7's figures into img/ (run: python course/lessons/07-softmax/figures.py).

Not imported by the lesson: the notebook shows the PNG files. Labels are Chinese when a CJK font is
installed and English otherwise (course.viz.label), like lesson 5's figures.

图 7-1 (one row's lanes, loaded, after exp(x − max) and out, with other = −inf and 0.0) is drawn here:
course.viz has no picture of those three stages side by side. 图 7-2 (memory traffic of naive against
fused softmax) is course.viz.traffic_figure, the picture the lesson lets students redraw for their M, N.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from course import viz  # noqa: E402
from course.viz import COLORS, DPI, cjk_font, label  # noqa: E402

IMG = Path(__file__).resolve().parent / "img"
ROW = [-3.0, -1.0, -2.0, -5.0, -4.0]
BLOCK = 8


def _row(ax, y, values, title, highlight=None):
    ax.text(-0.3, y + 0.4, title, ha="right", va="center", fontsize=8)
    for i, v in enumerate(values):
        pad = i >= len(ROW)
        color = COLORS["pad"] if pad else COLORS["real"]
        if highlight is not None and i == highlight:
            color = COLORS["true"]
        ax.add_patch(Rectangle((i, y), 0.92, 0.8, color=color, alpha=0.85))
        text = "-∞" if v == -math.inf else f"{v:.3g}"
        ax.text(i + 0.46, y + 0.4, text, ha="center", va="center", fontsize=7, color="white")


def lanes_figure():
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.2))
    for ax, other in zip(axes, (-math.inf, 0.0), strict=True):
        lanes = ROW + [other] * (BLOCK - len(ROW))
        m = max(lanes)
        exps = [math.exp(v - m) if v != -math.inf else 0.0 for v in lanes]
        d = sum(exps)
        _row(ax, 2, lanes, label("载入后", "loaded"), highlight=lanes.index(m))
        _row(ax, 1, exps, label("exp(x − max)", "exp(x - max)"))
        _row(ax, 0, [e / d for e in exps[: len(ROW)]] + [0.0] * 3, label("输出", "output"))
        other_text = "-inf" if other == -math.inf else "0.0"
        ax.set_title(
            label(
                f"other = {other_text}：max = {m:g}，分母 = {d:.3f}",
                f"other = {other_text}: max = {m:g}, sum = {d:.3f}",
            ),
            fontsize=9,
        )
        ax.set_xlim(-2.2, BLOCK)
        ax.set_ylim(-0.2, 3)
        ax.axis("off")
    fig.text(
        0.01, 0.01,
        label("蓝：真实的 5 个 lane；橙：被 mask 的 3 个 lane；绿：行最大值所在的 lane",
              "blue: the 5 real lanes; orange: the 3 masked lanes; green: where the row max is"),
        fontsize=7, color="gray",
    )  # fmt: skip
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    return fig


def traffic_figure():
    m = n = 4096  # the shape of the lesson's worked numbers (section 3)
    ratio = (8 * m * n + 4 * m) / (2 * m * n)
    title = label(
        f"图 7-2：softmax 的显存流量，M = N = {n}，fp32：朴素 5 步合计是融合 kernel 的 {ratio:.2f} 倍",
        f"Fig. 7-2: softmax memory traffic, M = N = {n}, fp32: the naive 5 steps move {ratio:.2f}x the fused kernel",
    )
    return viz.traffic_figure(n_rows=m, n_cols=n, title=title)


def main() -> int:
    cjk_font()  # registers the CJK font before any figure exists
    IMG.mkdir(exist_ok=True)
    for name, build in (("softmax-lanes.png", lanes_figure), ("softmax-traffic.png", traffic_figure)):
        fig = build()
        fig.savefig(IMG / name, dpi=DPI)
        plt.close(fig)
        print(f"wrote {IMG / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
