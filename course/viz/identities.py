"""A reduction step by step over BLOCK lanes: where a padding value that is not the identity enters."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from course.viz.common import CENTER, COLORS, RIGHT, WRONG, _as_floats, _check_shape, cjk_font, label, show

IDENTITIES = {"sum": 0.0, "max": float("-inf"), "min": float("inf"), "prod": 1.0}
_COMBINE = {"sum": np.add, "max": np.maximum, "min": np.minimum, "prod": np.multiply}


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
