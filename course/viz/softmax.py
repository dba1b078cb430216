"""A long row in tiles, the online softmax's running max and sum, and the memory traffic of softmax."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from course.viz.common import CENTER, COLORS, PAD_INK, WRONG, _as_floats, cjk_font, label, show


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
