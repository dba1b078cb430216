"""Lesson 6 on a CUDA GPU: cancellation of the one-pass variance, bandwidth, and CUDA against the interpreter.

    python benchmarks/lesson06_mean_var.py            # writes benchmarks/results/lesson06-mean-var.json
    python benchmarks/lesson06_mean_var.py --out DIR  # writes DIR/lesson06-mean-var.json
    python benchmarks/lesson06_mean_var.py --smoke    # small sizes, prints, writes nothing

Three measurements, all with the lesson's own code (the exercise cell with its reference answers, and
the practice cell's one-pass and Welford kernels, read from lesson.py), needing only torch and triton:
(a) cancellation: the relative error of the variance of offset + randn rows (float32) for the one-pass
    formula, the lesson's two-pass kernel, Welford and torch.var_mean, against float64;
(b) bandwidth: GB/s of those kernels and of torch.var_mean (do_bench median, p20, p80; JIT excluded);
(c) differential: every hidden case of the lesson's spec, and every answer of its known-answer table,
    run with the real JIT here and with the interpreter in a child process: outputs and verdicts compared.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))  # runnable as a plain script from any directory

from benchmarks.kernel_file import import_code  # noqa: E402
from course import bench, runtime  # noqa: E402  (neither imports triton)

ASSIGNMENT = "lesson06-mean-var"
LESSON_DIR = REPO_ROOT / "course" / "lessons" / "06-mean-var"
OFFSETS = (0.0, 1e2, 1e3, 1e4, 1e5)
CANCEL_ROWS, CANCEL_COLS = 64, 1024
SHAPES = (("float32", 1000), ("float32", 1024), ("float32", 4096), ("float32", 8192), ("float16", 4096))
SMOKE_SHAPES = (("float32", 1024),)
# (divisor, centered_other) -> (normal points, boundary points): the known-answer table of the tests
KNOWN = {
    ("n_cols", "0.0"): (2, 1),
    ("n_cols", "0"): (2, 1),
    ("BLOCK_SIZE", "0.0"): (0, 0),
    ("n_cols", "1.0"): (0, 0),
    ("n_cols", "float('nan')"): (0, 0),
    ("n_cols - 1", "0.0"): (0, 0),
    ("n_cols", "1e-30"): (2, 1),  # its square underflows to 0 in float32: no output can tell it from 0.0
}


def lesson_code(lesson_dir: Path, answers: dict | None = None) -> str:
    """The exercise cell (reference answers, or ``answers``) and the practice kernels, as one module."""
    from autograder.build.blanks import fill_blanks, strip_markers
    from autograder.build.template import PREAMBLE, percent_cells

    cells = percent_cells((lesson_dir / "lesson.py").read_text(encoding="utf-8"))
    exercise = next(body for header, body in cells if 'grade_id="mean_var_kernel"' in header)
    exercise = fill_blanks(exercise, answers) if answers else strip_markers(exercise)
    practice = next(body for header, body in cells if "one_pass_var_kernel" in body)
    practice = practice.split("\n\n\ntorch.manual_seed", 1)[0]  # the kernels, not the printed table
    return PREAMBLE + exercise + "\n\n\n" + practice + "\n"


def cancellation(mod, rows: int, cols: int) -> dict:
    import torch

    gen = torch.Generator(device="cuda").manual_seed(6)
    table = []
    for offset in OFFSETS:
        x = torch.randn(rows, cols, device="cuda", generator=gen) + offset
        want = x.double().var(dim=1, unbiased=False)
        one_pass = mod.row_var(mod.one_pass_var_kernel, x)
        variants = {
            "one_pass": one_pass,
            "two_pass": mod.mean_var(x)[1],
            "welford": mod.row_var(mod.welford_var_kernel, x),
            "torch": torch.var_mean(x, dim=1, unbiased=False)[0],
        }
        row = {"offset": offset}
        row |= {k: float(((v.double() - want).abs() / want).max()) for k, v in variants.items()}
        row["one_pass_negative_rows"] = int((one_pass < 0).sum())
        row["one_pass_row0"] = float(one_pass[0])
        row["want_row0"] = float(want[0])
        table.append(row)
        print(
            f"offset {offset:>8g}: one-pass {row['one_pass']:.2e} ({row['one_pass_negative_rows']} negative), "
            f"two-pass {row['two_pass']:.2e}, welford {row['welford']:.2e}, torch {row['torch']:.2e}"
        )
    return {"n_rows": rows, "n_cols": cols, "std": 1.0, "error": "max over rows of |got - float64| / float64",
            "rows": table}  # fmt: skip


def bandwidth(mod, shapes) -> list[dict]:
    import torch
    import triton

    results = []
    for dtype_name, n_cols in shapes:
        dtype = getattr(torch, dtype_name)
        x = torch.randn(bench.rows_for(n_cols, 4), n_cols, device="cuda").to(dtype)
        rows = x.shape[0]
        read = x.numel() * x.element_size()

        out_bytes = rows * 4  # one float32 per row and output
        timings = {
            "triton_gbps": (lambda x=x: mod.mean_var(x), read + 3 * out_bytes),
            "one_pass_gbps": (lambda x=x: mod.row_var(mod.one_pass_var_kernel, x), read + out_bytes),
            "welford_gbps": (lambda x=x: mod.row_var(mod.welford_var_kernel, x), read + out_bytes),
            # torch.var_mean writes var and mean in the input's dtype
            "torch_gbps": (
                lambda x=x: torch.var_mean(x, dim=1, unbiased=False),
                read + 2 * rows * x.element_size(),
            ),
        }
        result = {"dtype": dtype_name, "n_cols": n_cols, "n_rows": rows}
        result["block_size"] = triton.next_power_of_2(n_cols)
        result |= {key: _gbps(fn, moved) for key, (fn, moved) in timings.items()}
        results.append(result)
        print(
            f"{dtype_name} N={n_cols}: two-pass {result['triton_gbps']['median']:.0f}, one-pass "
            f"{result['one_pass_gbps']['median']:.0f}, welford {result['welford_gbps']['median']:.0f}, "
            f"torch.var_mean {result['torch_gbps']['median']:.0f} GB/s"
        )
        del x
    return results


def _gbps(fn, bytes_moved: int) -> dict:
    from triton.testing import do_bench

    fn()  # the first call compiles: keep the JIT out of the estimate
    median, p20, p80 = do_bench(fn, quantiles=list(bench.QUANTILES))
    bands = {"median": median, "p20": p80, "p80": p20}  # the slowest time is the lowest GB/s
    return {name: round(bench.gbps(bytes_moved, ms), 1) for name, ms in bands.items()}


# ── (c) the differential: the same cases on the JIT here and on the interpreter in a child ─────────────


def run_cases(lesson_dir: Path, answers_list: list[dict | None], workdir: Path, device: str) -> list[dict]:
    """For each set of answers: every hidden case's outputs (CPU tensors) from the filled exercise."""
    import torch

    from autograder.lesson.cases import make_cases
    from autograder.lesson.registry import load_spec

    exercise = load_spec(lesson_dir / "spec.py").exercise
    cases = make_cases(exercise, seed=11)
    runs = []
    for number, answers in enumerate(answers_list):
        mod = import_code(lesson_code(lesson_dir, answers), workdir, f"filled_{device}_{number}")
        outputs = {}
        for case in cases:
            try:
                got = mod.mean_var(*case.views(device))
                outputs[case.spec.name] = [t.detach().cpu() for t in got]
            except Exception as error:  # a wrong answer may crash a case: that is a verdict
                outputs[case.spec.name] = f"{type(error).__name__}: {error}"[:200]
        if device == "cuda":
            torch.cuda.synchronize()
        runs.append(outputs)
    return runs


def differential(lesson_dir: Path, workdir: Path) -> dict:
    import torch

    from autograder.lesson.cases import compare, make_cases
    from autograder.lesson.registry import load_spec

    answers_list = [None] + [{"divisor": d, "centered_other": c} for d, c in KNOWN]
    cuda_runs = run_cases(lesson_dir, answers_list, workdir, "cuda")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRITON_")} | {
        "COURSE_BACKEND": "interpret"
    }
    child = [sys.executable, __file__, "--interpreter-child", str(workdir), "--lesson-dir", str(lesson_dir)]
    done = subprocess.run(child, env=env, capture_output=True, text=True, timeout=400)
    if done.returncode != 0:
        return {"error": done.stderr[-2000:]}
    interp_runs = torch.load(workdir / "interpreter.pt", weights_only=True)
    exercise = load_spec(lesson_dir / "spec.py").exercise
    cases = make_cases(exercise, seed=11)
    doc = {"seed": 11, "cases": len(cases), "solution": {}, "known_answers": []}
    for number in range(len(answers_list)):
        points = {}
        for name, runs in (("cuda", cuda_runs), ("interpret", interp_runs)):
            results = [compare(exercise, case, runs[number][case.spec.name]) for case in cases]
            points[name] = {g: all(r.passed for r in results if r.group == g) for g in ("normal", "boundary")}
            if number == 0:
                doc["solution"][f"{name}_failed_cases"] = [r.name for r in results if not r.passed]
        if number == 0:
            worst = 0.0
            for case in cases:
                a, b = cuda_runs[0][case.spec.name], interp_runs[0][case.spec.name]
                for x, y in zip(a, b, strict=True):
                    scale = y.double().abs().clamp_min(1e-30)
                    worst = max(worst, float(((x.double() - y.double()).abs() / scale).max()))
            doc["solution"]["max_relative_difference_cuda_vs_interpret"] = worst
            doc["solution"]["verdicts_agree"] = points["cuda"] == points["interpret"]
        else:
            key = answers_list[number]
            expected = KNOWN[(key["divisor"], key["centered_other"])]
            doc["known_answers"].append(
                {
                    "divisor": key["divisor"],
                    "centered_other": key["centered_other"],
                    "expected_points": list(expected),
                    "cuda_passes": points["cuda"],
                    "interpret_passes": points["interpret"],
                    "agree": points["cuda"] == points["interpret"],
                }
            )
    doc["all_agree"] = doc["solution"]["verdicts_agree"] and all(k["agree"] for k in doc["known_answers"])
    print(json.dumps(doc, indent=1))
    return doc


def interpreter_child(workdir: Path, lesson_dir: Path) -> int:
    runtime.select("interpret")
    import torch

    answers_list = [None] + [{"divisor": d, "centered_other": c} for d, c in KNOWN]
    runs = run_cases(lesson_dir, answers_list, workdir, "cpu")
    torch.save(runs, workdir / "interpreter.pt")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="small sizes; write nothing")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "benchmarks" / "results")
    parser.add_argument("--lesson-dir", type=Path, default=LESSON_DIR)
    parser.add_argument("--interpreter-child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.interpreter_child:
        return interpreter_child(args.interpreter_child, args.lesson_dir)
    try:
        backend = runtime.select()
    except runtime.BackendError as err:
        backend = f"none ({err})"
    if backend != "cuda":
        print(f"这个基准只在 CUDA GPU 上运行（当前后端：{backend}）。", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        mod = import_code(lesson_code(args.lesson_dir), workdir, "lesson06_solution")
        rows, cols = (8, 256) if args.smoke else (CANCEL_ROWS, CANCEL_COLS)
        doc = {"assignment": ASSIGNMENT, **bench.environment()}
        doc["cancellation"] = cancellation(mod, rows, cols)
        doc["timing"] = (
            f"triton.testing.do_bench, quantiles {list(bench.QUANTILES)}, first call (JIT) excluded"
        )
        doc["gbps"] = (
            "(bytes of x read + bytes of the outputs written) / time; p20/p80 are percentiles of GB/s"
        )
        doc["rows"] = bench.ROWS_RULE + " (float32 sizes; float16 inputs are half as many bytes)"
        doc["results"] = bandwidth(mod, SMOKE_SHAPES if args.smoke else SHAPES)
        doc["differential"] = differential(args.lesson_dir, workdir)
    if args.smoke:
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{ASSIGNMENT}.json"
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
