"""Lesson 7 on a CUDA GPU: naive (torch ops composed) vs the lesson's fused softmax vs torch.softmax.

    python benchmarks/lesson07_softmax.py --dump-interpret /tmp/l7.pt   # CPU interpreter: outputs to compare
    python benchmarks/lesson07_softmax.py --interpret-outputs /tmp/l7.pt  # on the GPU: writes
                                                               # benchmarks/results/lesson07-softmax.json
    python benchmarks/lesson07_softmax.py --smoke              # two shapes, prints, writes nothing

What it measures, all with the lesson's own exercise cell (blanks filled with the reference answers,
or with the wrong answers the lesson discusses), so the numbers are the lesson's:
- time and GB/s of the naive composition, the fused kernel and torch.softmax for several shapes, and the
  measured speed-up against the traffic ratio (5MN + 2M + 3MN + 2M) / (2MN);
- the largest fp32 x whose exp is finite, for torch.exp and tl.exp on each backend;
- the kernel's outputs on CUDA against the interpreter's (the same inputs), and the verdict of each
  answer variant (reference, other=0.0, no max subtraction, other=-1e30) on each backend.
Needs only torch and triton (the GPU machine has no notebook packages); it reads lesson.py as text.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))  # runnable as a plain script from any directory

from benchmarks.kernel_file import import_code  # noqa: E402
from course import bench, runtime  # noqa: E402  (neither imports triton)

ASSIGNMENT = "lesson07-softmax"
LESSON = REPO_ROOT / "course" / "lessons" / "07-softmax" / "lesson.py"
EXERCISE_CELL = "softmax_kernel"
SHAPES = ((4096, 128), (4096, 1000), (4096, 4096), (4096, 8192), (16384, 4096))
SMOKE_SHAPES = ((4096, 1000), (4096, 4096))
VARIANTS = {
    "reference": {},
    "other_0.0": {"other": "0.0"},
    "other_-1e30": {"other": "-1e30"},
    "shift_0": {"shift": "0.0"},
}


def exercise_code(answers: dict[str, str]) -> str:
    """The lesson's exercise cell, each blank given the reference answer unless answers names another."""
    from autograder.build.blanks import fill_blanks, parse_markers
    from autograder.build.template import PREAMBLE, percent_cells

    for header, body in percent_cells(LESSON.read_text(encoding="utf-8")):
        if f'grade_id="{EXERCISE_CELL}"' in header:
            values = {blank.name: blank.answer for blank in parse_markers(body)} | answers
            return PREAMBLE + fill_blanks(body, values) + "\n"
    raise LookupError(f"no cell {EXERCISE_CELL} in {LESSON}")


def test_inputs():
    """Fixed inputs like the hidden tests': each (name, storage, size, stride) of a NaN-padded view."""
    import torch

    gen = torch.Generator().manual_seed(7)
    cases = {
        "irregular 5x100": 2 * torch.randn(5, 100, generator=gen) + 1,
        "power of two 4x128": torch.randn(4, 128, generator=gen),
        "all negative 3x200": -(torch.rand(3, 200, generator=gen) * 4 + 0.5),
        "plus-minus 1000 3x100": 1000 * (2 * torch.rand(3, 100, generator=gen) - 1),
        "all near -1000 3x77": -1000 - 50 * torch.rand(3, 77, generator=gen),
        "one finite, rest -inf 3x50": torch.full((3, 50), -math.inf),
        "below -1e30 2x100": -3e38 + 1e38 * torch.rand(2, 100, generator=gen),
        "one column 4x1": torch.randn(4, 1, generator=gen),
        "wide 2x2500": torch.randn(2, 2500, generator=gen),
    }
    cases["one finite, rest -inf 3x50"][torch.arange(3), torch.tensor([0, 17, 49])] = torch.tensor(
        [-5.0, 3.0, 0.0]
    )
    out = {}
    for name, values in cases.items():
        rows, cols = values.shape
        storage = torch.full((rows * (cols + 13),), math.nan)
        torch.as_strided(storage, (rows, cols), (cols + 13, 1)).copy_(values)
        out[name] = (storage, (rows, cols), (cols + 13, 1))
    return out


def run_variants(device: str) -> dict:
    """Every variant's (softmax, log_softmax) on every test input, on this backend, as CPU tensors."""
    import torch

    outputs = {}
    with tempfile.TemporaryDirectory() as workdir:
        for variant, answers in VARIANTS.items():
            module = import_code(
                exercise_code(answers), Path(workdir), f"lesson07_{variant.replace('.', '_')}"
            )
            for name, (storage, size, stride) in test_inputs().items():
                x = torch.as_strided(storage.to(device), size, stride)
                outputs[(variant, name)] = (module.softmax(x).cpu(), module.log_softmax(x).cpu())
    return outputs


def verdict(storage, size, stride, probs, log_probs) -> bool:
    """Against float64 torch: softmax and log-softmax within tolerance, rows summing to 1."""
    import torch

    x64 = torch.as_strided(storage, size, stride).double()
    want, want_log = torch.softmax(x64, 1), torch.log_softmax(x64, 1)
    ok = torch.allclose(probs.double(), want, atol=1e-5, rtol=1e-4, equal_nan=False)
    finite = torch.isfinite(want_log)
    ok &= bool((probs.isnan() == want.isnan()).all())
    ok &= bool((log_probs.double()[~finite] == want_log[~finite]).all())
    ok &= torch.allclose(log_probs.double()[finite], want_log[finite], atol=1e-5, rtol=1e-4)
    ok &= torch.allclose(probs.double().sum(1), torch.ones(size[0], dtype=torch.float64), atol=1e-4, rtol=0)
    return bool(ok)


def verdicts(outputs: dict) -> dict:
    inputs = test_inputs()
    table = {}
    for (variant, name), (probs, log_probs) in outputs.items():
        table.setdefault(variant, {})[name] = verdict(*inputs[name], probs, log_probs)
    return table


def exp_threshold(device: str, use_triton: bool) -> dict:
    """The largest fp32 x with finite exp(x), scanning every fp32 value in [88.70, 88.75]."""
    import numpy as np
    import torch

    start = np.float32(88.70)
    values = [start]
    while values[-1] < np.float32(88.75):
        values.append(np.nextafter(values[-1], np.float32(np.inf), dtype=np.float32))
    x = torch.tensor(np.array(values, dtype=np.float32), device=device)
    if use_triton:
        import triton
        import triton.language as tl

        @triton.jit
        def exp_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            tl.store(y_ptr + offs, tl.exp(tl.load(x_ptr + offs, mask=offs < n)), mask=offs < n)

        y = torch.empty_like(x)
        exp_kernel[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), BLOCK=1024)
    else:
        y = torch.exp(x)
    finite = torch.isfinite(y).cpu()
    last = int(finite.nonzero().max())
    return {
        "largest_finite_x": float(x[last]),
        "exp_of_it": float(y[last]),
        "smallest_overflowing_x": float(x[last + 1]),
        "exp_of_that": str(float(y[last + 1])),
        "monotone": bool(finite[: last + 1].all() and not finite[last + 1 :].any()),
    }


def naive_softmax(x):
    row_max = x.max(dim=1).values
    z = x - row_max[:, None]
    numerator = __import__("torch").exp(z)
    denominator = numerator.sum(dim=1)
    return numerator / denominator[:, None]


def time_shapes(module, shapes) -> list[dict]:
    import torch
    from triton.testing import do_bench

    results = []
    print(f"{'M':>6} {'N':>6} {'naive ms':>9} {'fused ms':>9} {'torch ms':>9} {'speed-up':>8} {'traffic':>8}")
    for m, n in shapes:
        x = torch.randn(m, n, device="cuda")
        want = torch.softmax(x, dim=1)
        for fn in (naive_softmax, module.softmax):
            assert torch.allclose(fn(x), want, atol=1e-6, rtol=1e-4), fn
        times = {}
        for key, fn in (
            ("naive", naive_softmax),
            ("fused", module.softmax),
            ("torch", lambda t: torch.softmax(t, dim=1)),
            ("fused_log", module.log_softmax),
            ("torch_log", lambda t: torch.log_softmax(t, dim=1)),
        ):
            fn(x)
            times[key] = do_bench(lambda fn=fn, x=x: fn(x), quantiles=list(bench.QUANTILES))
        elem = x.element_size()
        fused_bytes, naive_bytes = 2 * m * n * elem, (8 * m * n + 4 * m) * elem
        row = {
            "n_rows": m,
            "n_cols": n,
            "block_size": 1 << (n - 1).bit_length(),
            "naive_ms": round(times["naive"][0], 5),
            "fused_ms": round(times["fused"][0], 5),
            "torch_ms": round(times["torch"][0], 5),
            "fused_log_ms": round(times["fused_log"][0], 5),
            "torch_log_ms": round(times["torch_log"][0], 5),
            "ms_p20_p80": {k: [round(v[1], 5), round(v[2], 5)] for k, v in times.items()},
            "naive_gbps": round(bench.gbps(naive_bytes, times["naive"][0]), 1),
            "fused_gbps": round(bench.gbps(fused_bytes, times["fused"][0]), 1),
            "torch_gbps": round(bench.gbps(fused_bytes, times["torch"][0]), 1),
            "speedup": round(times["naive"][0] / times["fused"][0], 3),
            "traffic_ratio": round((8 * m * n + 4 * m) / (2 * m * n), 4),
            "megabytes_per_matrix": round(m * n * elem / 2**20, 2),
        }
        results.append(row)
        print(
            f"{m:>6} {n:>6} {row['naive_ms']:>9.4f} {row['fused_ms']:>9.4f} {row['torch_ms']:>9.4f} "
            f"{row['speedup']:>8.2f} {row['traffic_ratio']:>8.2f}"
        )
        del x, want
    return results


def agreement(cuda_outputs: dict, interpret_outputs: dict) -> dict:
    """Largest |cuda - interpreter| per variant and input (NaN where both are NaN counts as equal)."""

    table = {}
    for key, (probs, log_probs) in cuda_outputs.items():
        other = interpret_outputs[key]
        worst = 0.0
        for a, b in zip((probs, log_probs), other, strict=True):
            same = (a == b) | (a.isnan() & b.isnan())
            diff = (a.double() - b.double()).abs()
            diff[same] = 0.0
            worst = max(worst, float(diff.max()))
        table.setdefault(key[0], {})[key[1]] = worst
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump-interpret", type=Path, help="run on the interpreter, save outputs here, stop")
    parser.add_argument("--interpret-outputs", type=Path, help="the interpreter's outputs to compare with")
    parser.add_argument("--smoke", action="store_true", help=f"only {SMOKE_SHAPES}; write nothing")
    parser.add_argument("--out", type=Path, default=bench.RESULTS_DIR, help="folder for the JSON")
    args = parser.parse_args(argv)
    if args.dump_interpret:
        runtime.select("interpret")
        import torch

        outputs = run_variants("cpu")
        torch.save(
            {
                "outputs": outputs,
                "verdicts": verdicts(outputs),
                "tl_exp": exp_threshold("cpu", use_triton=True),
                "torch_exp_cpu": exp_threshold("cpu", use_triton=False),
                "versions": bench.environment() | {"numpy": __import__("numpy").__version__},
            },
            args.dump_interpret,
        )
        print(json.dumps(verdicts(outputs), indent=1))
        return 0
    if runtime.select() != "cuda":
        print("这个基准只在 CUDA GPU 上运行：解释器的耗时不是带宽。", file=sys.stderr)
        return 2
    import torch

    doc = bench.environment() | {"numpy": __import__("numpy").__version__, "assignment": ASSIGNMENT}
    doc["num_sms"] = torch.cuda.get_device_properties(0).multi_processor_count
    doc["exp_overflow"] = {
        "ln_float32_max": math.log(torch.finfo(torch.float32).max),
        "tl_exp_cuda": exp_threshold("cuda", use_triton=True),
        "torch_exp_cuda": exp_threshold("cuda", use_triton=False),
    }
    cuda_outputs = run_variants("cuda")
    doc["verdicts_cuda"] = verdicts(cuda_outputs)
    if args.interpret_outputs:
        dumped = torch.load(args.interpret_outputs, weights_only=False)
        doc["exp_overflow"]["tl_exp_interpret"] = dumped["tl_exp"]
        doc["exp_overflow"]["torch_exp_cpu"] = dumped["torch_exp_cpu"]
        doc["verdicts_interpret"] = dumped["verdicts"]
        doc["verdicts_agree"] = dumped["verdicts"] == doc["verdicts_cuda"]
        doc["max_abs_diff_cuda_vs_interpret"] = agreement(cuda_outputs, dumped["outputs"])
        doc["interpret_versions"] = dumped["versions"]
    with tempfile.TemporaryDirectory() as workdir:
        module = import_code(exercise_code({}), Path(workdir), "lesson07_timed")
        doc["results"] = time_shapes(module, SMOKE_SHAPES if args.smoke else SHAPES)
    print(json.dumps({k: v for k, v in doc.items() if k != "results"}, indent=1))
    if args.smoke:
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for path, part in split(doc, args.out).items():
        path.write_text(json.dumps(part, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    return 0


# What the student package may carry (the lesson shows it) and what stays with the instructor: the
# differential names inputs like the hidden tests' and the wrong answers, so it is never handed out.
PRIVATE = ("verdicts_cuda", "verdicts_interpret", "verdicts_agree", "max_abs_diff_cuda_vs_interpret")


def split(doc: dict, out: Path) -> dict[Path, dict]:
    header = {k: v for k, v in doc.items() if k not in PRIVATE and k not in ("results", "exp_overflow")}
    public = {k: v for k, v in doc.items() if k not in PRIVATE and k != "interpret_versions"}
    private = header | {k: v for k, v in doc.items() if k in PRIVATE}
    return {out / f"{ASSIGNMENT}.json": public, out / "lesson07-differential.json": private}


if __name__ == "__main__":
    sys.exit(main())
