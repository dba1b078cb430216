"""Lesson 5 on a CUDA GPU: the reference row_sum against torch.sum, widths 1..16384.

    python benchmarks/lesson05_row_sum.py              # writes benchmarks/results/lesson05-row-sum.{json,png}
    python benchmarks/lesson05_row_sum.py --smoke      # 3 widths, prints the table, writes nothing
    python benchmarks/lesson05_row_sum.py --plot-only  # redraws the PNG from the JSON (no GPU needed)

The kernel is the lesson's own exercise cell with the reference answer filled in
(autograder.build.template.solution_code), so the benchmark always measures what the lesson teaches.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))  # runnable as a plain script from any directory

from benchmarks.kernel_file import import_code  # noqa: E402
from course import bench, runtime  # noqa: E402  (neither imports triton)

ASSIGNMENT = "lesson05-row-sum"
SMOKE_WIDTHS = (100, 1024, 4097)


def load_row_sum(code: str, workdir: Path):
    """row_sum from the solution code, imported from a file in workdir (benchmarks/kernel_file.py)."""
    return import_code(code, workdir, "lesson05_solution").row_sum


def write_plot(doc: dict, png: Path) -> None:
    try:
        fig = bench.plot_results(doc["results"], bench.caption(doc))
    except ImportError as err:  # the GPU machine may lack matplotlib: the JSON is what matters
        print(f"没有生成 {png.name}（{err}）；在有 matplotlib 的机器上运行 --plot-only 补上。")
        return
    fig.savefig(png, dpi=110)
    print(f"wrote {png}")


def measure_all(widths) -> list[dict]:
    from autograder.build.template import solution_code

    with tempfile.TemporaryDirectory() as workdir:
        row_sum = load_row_sum(solution_code(ASSIGNMENT), Path(workdir))
        return bench.sweep(row_sum, widths)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help=f"only widths {SMOKE_WIDTHS}; write nothing")
    parser.add_argument("--plot-only", action="store_true", help="redraw the PNG from the existing JSON")
    parser.add_argument("--out", type=Path, default=bench.RESULTS_DIR, help="folder for the JSON and PNG")
    args = parser.parse_args(argv)
    json_path, png_path = args.out / f"{ASSIGNMENT}.json", args.out / f"{ASSIGNMENT}.png"
    if args.plot_only:
        write_plot(bench.load_results(json_path), png_path)
        return 0
    try:
        backend = runtime.select()
    except runtime.BackendError as err:
        backend = f"none ({err})"
    if backend != "cuda":
        print(f"这个基准只在 CUDA GPU 上运行（当前后端：{backend}）：解释器的耗时不是带宽。", file=sys.stderr)
        return 2
    results = measure_all(SMOKE_WIDTHS if args.smoke else bench.WIDTHS)
    if args.smoke:
        print("smoke：只测了 3 个宽度，未写入结果文件。")
        return 0
    doc = {
        "assignment": ASSIGNMENT,
        **bench.environment(),
        "dtype": "float32",
        "rows": bench.ROWS_RULE,
        "timing": f"triton.testing.do_bench, quantiles {list(bench.QUANTILES)}, first call (JIT) excluded",
        "gbps": "(bytes of x read + bytes of out written) / time; p20/p80 are percentiles of GB/s",
        "results": results,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {json_path}")
    write_plot(doc, png_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
