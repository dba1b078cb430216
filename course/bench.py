"""Bandwidth of row reductions: one GB/s formula, one width sweep, one plot.

Lessons show the GPU measurement committed under benchmarks/results/ (show_committed) and, on a
GPU, measure the student's own kernel (run_live). The benchmark scripts under benchmarks/ write
the committed files with the same functions, so a lesson's plot and its script cannot disagree.
triton and matplotlib are imported inside the functions: course.runtime.select() must run before
triton is imported, and the GPU machine must be able to write its JSON without matplotlib.
"""

from __future__ import annotations

import json
import math
import os
import time
from pathlib import Path

from course import runtime

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent
# The student package (release/<assignment>/course/) carries the committed results it shows in
# data/results/; the instructor's repository reads them where the benchmark scripts write them.
PACKAGED_RESULTS = HERE / "data" / "results"
RESULTS_DIR = PACKAGED_RESULTS if PACKAGED_RESULTS.is_dir() else REPO_ROOT / "benchmarks" / "results"
POWERS_OF_TWO = tuple(2**k for k in range(15))  # 1 .. 16384
IRREGULAR = (100, 257, 1025, 4097)  # not powers of two: BLOCK_SIZE is up to twice N, padding shows
WIDTHS = tuple(sorted(POWERS_OF_TWO + IRREGULAR))
TARGET_BYTES = 64 * 2**20  # per input: far past the L2 cache, so HBM bandwidth is what gets measured
MAX_ROWS = 2**22  # narrow rows would otherwise need tens of millions of programs
QUANTILES = (0.5, 0.2, 0.8)  # do_bench's time quantiles, as in the Triton tutorials
ROWS_RULE = f"n_rows = min({MAX_ROWS}, {TARGET_BYTES} // (4 * n_cols))"
NO_GPU = (
    "这里没有 CUDA GPU，不测带宽：Triton 解释器在 CPU 上逐个 program 模拟执行，"
    "它的耗时和 GPU 上的带宽毫无关系。GPU 实测结果见第 3 节的图（bench.show_committed）。"
)


class WrongResult(ValueError):
    """The function under test does not compute the row sums: its speed would mean nothing."""


def rows_for(n_cols: int, element_size: int = 4) -> int:
    """Rows for a width so that one input is about TARGET_BYTES, capped at MAX_ROWS."""
    return max(1, min(MAX_ROWS, TARGET_BYTES // (n_cols * element_size)))


def gbps(bytes_moved: int, ms: float) -> float:
    """Bandwidth in GB/s (10^9 bytes per second) of moving bytes_moved in ms milliseconds."""
    return bytes_moved / (ms * 1e-3) / 1e9


def progress(items, log=print):
    """Yield (line, item) per item; line(text) prints text and "（第 k/n 组，已用 s 秒）" as the case ends.

    A notebook cell that takes more than a few seconds (a benchmark, a comparison over many inputs) shows
    where it is, one line per case as it goes. The count comes last so that the cases' columns still line
    up. It goes to stdout: nbgrader scores a graded cell 0 for any stderr, which is where tqdm writes.
    """
    items = list(items)
    start = time.perf_counter()
    for k, item in enumerate(items, 1):

        def line(text: str, k: int = k) -> None:
            log(f"{text}  （第 {k}/{len(items)} 组，已用 {time.perf_counter() - start:.1f} 秒）")

        yield line, item


def measure(fn, x) -> dict[str, float]:
    """GB/s of out = fn(x): (bytes of x read + bytes of out written) / time, at the median, p20 and p80."""
    from triton.testing import do_bench

    out = fn(x)  # the first call compiles the kernel: keep the JIT out of do_bench's estimate
    bytes_moved = x.numel() * x.element_size() + out.numel() * out.element_size()
    ms_median, ms_p20, ms_p80 = do_bench(lambda: fn(x), quantiles=list(QUANTILES))
    # the fastest times are the highest bandwidths: the 80th percentile of time is the 20th of GB/s
    bands = {"median": ms_median, "p20": ms_p80, "p80": ms_p20}
    # rounded to 0.1 GB/s, far below the run-to-run noise, so the committed JSON stays readable
    return {name: round(gbps(bytes_moved, ms), 1) for name, ms in bands.items()}


def _check(row_sum_fn, x) -> None:
    import torch

    got = row_sum_fn(x).double()
    want = x.double().sum(dim=1)
    if not torch.allclose(got, want, rtol=1e-4, atol=1e-4 * math.sqrt(x.shape[1])):
        worst = (got - want).abs().max().item()
        raise WrongResult(
            f"宽度 {x.shape[1]} 上结果不对（最大误差 {worst:.3g}）：先让练习的检查通过，再测速度"
        )


def sweep(row_sum_fn, widths=WIDTHS, device: str = "cuda", log=print) -> list[dict]:
    """Check, then time row_sum_fn against torch.sum at every width; one result dict per width."""
    import torch
    import triton

    log(f"{'N':>6} {'BLOCK':>6} {'Triton GB/s':>12} {'torch GB/s':>11}")
    results = []
    for line, n_cols in progress(widths, log):
        x = torch.randn(rows_for(n_cols), n_cols, device=device)
        _check(row_sum_fn, x)
        result = {
            "n_cols": n_cols,
            "n_rows": x.shape[0],
            "block_size": triton.next_power_of_2(n_cols),
            "triton_gbps": measure(row_sum_fn, x),
            "torch_gbps": measure(lambda t: t.sum(dim=1), x),
        }
        results.append(result)
        line(
            f"{n_cols:>6} {result['block_size']:>6} {result['triton_gbps']['median']:>12.1f} "
            f"{result['torch_gbps']['median']:>11.1f}"
        )
        del x  # up to 64 MB per width: free it before the next one is drawn
    return results


def environment() -> dict[str, str]:
    """When and on what a measurement ran: the header of a results document."""
    import platform
    from datetime import datetime, timezone

    import torch
    import triton

    cuda = torch.cuda.is_available()
    return {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "device": torch.cuda.get_device_name(0) if cuda else "cpu",
        "python": platform.python_version(),
        "torch": torch.__version__,
        "triton": triton.__version__,
        "cuda": torch.version.cuda if cuda else None,
    }


def caption(doc: dict) -> str:
    """Where the numbers come from: date, device and versions from a results document."""
    from course.viz import label

    zh = "测量于 {date}，{device}，triton {triton}，torch {torch}；do_bench 中位数，阴影为 p20–p80，首次 JIT 不计入"
    en = "measured {date} on {device}, triton {triton}, torch {torch}; do_bench median, band p20-p80, JIT excluded"
    return label(zh, en).format(**{key: doc.get(key, "?") for key in ("date", "device", "triton", "torch")})


def plot_results(results: list[dict], caption_text: str):
    """GB/s against columns per row (log x) for the Triton kernel and torch.sum."""
    import matplotlib.pyplot as plt

    from course.viz import COLORS, label

    fig, ax = plt.subplots(figsize=(8, 4.4))
    # lines join the powers of two; an irregular width sits just past one, so joining it would draw a cliff
    regular = [r for r in results if not r["n_cols"] & (r["n_cols"] - 1)]
    irregular = [r for r in results if r["n_cols"] & (r["n_cols"] - 1)]
    for key, name, color in (
        ("triton_gbps", "Triton row_sum", COLORS["real"]),
        ("torch_gbps", "torch.sum", COLORS["pad"]),
    ):
        x = [r["n_cols"] for r in regular]
        ax.plot(x, [r[key]["median"] for r in regular], "o-", ms=4, color=color, label=name)
        ax.fill_between(
            x, [r[key]["p20"] for r in regular], [r[key]["p80"] for r in regular], color=color, alpha=0.2
        )
        ax.plot(
            [r["n_cols"] for r in irregular],
            [r[key]["median"] for r in irregular],
            "D",
            ms=6,
            mfc="white",
            color=color,
            label=label(f"{name}，N 不是 2 的幂", f"{name}, N not a power of two"),
        )
    for r in irregular:
        ax.annotate(
            str(r["n_cols"]),
            (r["n_cols"], r["triton_gbps"]["median"]),
            textcoords="offset points",
            xytext=(0, -13),
            ha="center",
            fontsize=7,
            color=COLORS["real"],
        )
    ax.set_xscale("log", base=2)
    widths = [r["n_cols"] for r in results]
    ax.set_xticks([n for n in POWERS_OF_TWO if min(widths) <= n <= max(widths)] or widths)
    ax.get_xaxis().set_major_formatter(lambda value, _pos: f"{value:g}")
    ax.set_xlabel(label("每行列数 N（对数坐标）", "columns per row N (log scale)"))
    ax.set_ylabel("GB/s")
    ax.set_title(
        label(
            "行求和的有效带宽：(读 + 写的字节数) / 时间", "Row sum bandwidth: (bytes read + written) / time"
        )
    )
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.text(0.01, 0.01, caption_text, fontsize=7, color="gray")
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    return fig


def _plottable(row) -> bool:
    bands = ("triton_gbps", "torch_gbps")
    return (
        isinstance(row, dict)
        and isinstance(row.get("n_cols"), int)
        and all(isinstance(row.get(b), dict) and {"median", "p20", "p80"} <= row[b].keys() for b in bands)
    )


def load_results(path: Path) -> dict:
    """A results document, checked to have what the plot needs (ValueError otherwise)."""
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    rows = doc.get("results") if isinstance(doc, dict) else None
    if not rows or not isinstance(rows, list) or not all(_plottable(row) for row in rows):
        raise ValueError(f"{path} 缺少 results，或其中某个宽度缺少 n_cols / triton_gbps / torch_gbps")
    return doc


def show_committed(assignment: str):
    """Plot the committed GPU measurement of an assignment; explain, never raise, when there is none."""
    path = RESULTS_DIR / f"{assignment}.json"
    script = f"benchmarks/{assignment.replace('-', '_')}.py"
    try:
        doc = load_results(path)
    except FileNotFoundError:
        print(
            f"还没有提交 GPU 实测结果（缺少 {os.path.relpath(path, REPO_ROOT)}）。"
            f"在有 CUDA GPU 的机器上运行 python {script} 生成它。"
        )
        return None
    except (OSError, ValueError) as err:  # json.JSONDecodeError is a ValueError
        print(f"GPU 实测结果文件无法读取：{err}。请在 GPU 上重新运行 python {script}。")
        return None
    from course import viz

    text = caption(doc)
    print(text)
    return viz.show(plot_results(doc["results"], text))


def run_live(row_sum_fn, widths=WIDTHS):
    """On a CUDA GPU: check and time row_sum_fn against torch.sum over widths, plot GB/s; else explain why not."""
    try:
        backend = runtime.selected()
    except runtime.BackendError:
        print("还没有选择后端：请先运行笔记本开头的环境单元（runtime.select()）。")
        return None
    if backend != "cuda":
        print(NO_GPU)
        return None
    if os.environ.get("NBGRADER_EXECUTION"):  # set by nbgrader autograde/validate: timing is not graded
        print("评分或验证时不测带宽：它不计分，只会拖慢评分。")
        return None
    info = environment()
    print(f"在 {info['device']} 上测量 {len(widths)} 个宽度（每个输入约 {TARGET_BYTES >> 20} MB）……")
    try:
        results = sweep(row_sum_fn, widths)
    except WrongResult as err:
        print(err)
        return None
    from course import viz

    return viz.show(plot_results(results, caption(info)))
