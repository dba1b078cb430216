"""Lesson 5's claims about Triton and the GPU, measured: the run behind course/lessons/05-row-sum-padding/claims.yaml.

    python3 benchmarks/lesson05_claims.py                # on a CUDA GPU: writes benchmarks/results/lesson05-claims.json
    python3 benchmarks/lesson05_claims.py --out FILE     # write somewhere else

What it records (each section is one function below):
  registers    n_regs, n_spills and compile time of the lesson's row_sum kernel and of a
               softmax-like kernel that keeps the whole row live, BLOCK_SIZE = 1024 .. 131072
  reduction    what tl.sum compiles to (warp shuffles, shared memory, barriers) in the PTX of row_sum
  masked       what masked lanes hold when `other` is omitted, and what an unmasked load reads past a row
  identities   sum/prod/max/min with the right and a wrong `other` (the lesson's table)
  tolerance    the lesson's visible check: row_sum against x.sum(1), largest difference, bit-equality
  limits       TRITON_MAX_TENSOR_NUMEL, the errors for a too-large block and a non-power-of-two arange
  tl_sum       type(tl.sum) and the error when it is called outside a kernel
  interpreter  the same masked/out-of-bounds loads under TRITON_INTERPRET=1 (a child process)
  late_switch  what breaks when TRITON_INTERPRET=1 is set after `import triton` (a child process)
  bench_sizes  the input size per width of the bandwidth benchmark (course/bench.py's own rule)

The JSON is rewritten after every section, so a run cut short still leaves what it measured.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))  # runnable as a plain script from any directory

# The child modes must choose the interpreter before triton is imported: @triton.jit reads
# TRITON_INTERPRET when it decorates, and tl.sum is decorated while triton.language loads.
MODE = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] in ("interpreter", "late-switch") else "gpu"
if MODE == "interpreter":
    os.environ["TRITON_INTERPRET"] = "1"
else:
    os.environ.pop("TRITON_INTERPRET", None)
# an empty cache: the first call must really compile, or the compile times would be cache hits
os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(prefix="lesson05-claims-cache-"))

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

BLOCKS = tuple(2**k for k in range(10, 18))  # 1024 .. 131072
SENTINEL = 7.0  # written past the row: a masked lane showing 7.0 would have read memory
TIME_BUDGET_S = 240  # stop compiling new softmax blocks after this; the device lease is short
DEFAULT_OUT = REPO_ROOT / "benchmarks" / "results" / "lesson05-claims.json"


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, n_cols, x_row_stride, BLOCK_SIZE: tl.constexpr):
    # the lesson's exercise cell with the blank filled in (other=0.0)
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    row_ptr = x_ptr + row * x_row_stride
    values = tl.load(row_ptr + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row, tl.sum(values, axis=0))


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, x_row_stride, BLOCK_SIZE: tl.constexpr):
    # the whole row stays live from the load to the store: max, exp, sum and divide all need it
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=float("-inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * x_row_stride + cols, e / tl.sum(e, axis=0), mask=mask)


@triton.jit
def lanes_kernel(x_ptr, lanes_ptr, n_cols, USE_MASK: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # the lesson's show_lanes_kernel without `other`: store every lane exactly as loaded
    cols = tl.arange(0, BLOCK_SIZE)
    if USE_MASK:
        values = tl.load(x_ptr + cols, mask=cols < n_cols)
    else:
        values = tl.load(x_ptr + cols)
    tl.store(lanes_ptr + cols, values)


@triton.jit
def row_reduce_kernel(
    x_ptr, out_ptr, n_cols, x_row_stride, OP: tl.constexpr, OTHER: tl.constexpr, BLOCK_SIZE: tl.constexpr
):
    # the lesson's practice cell
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    values = tl.load(x_ptr + row * x_row_stride + cols, mask=cols < n_cols, other=OTHER)
    if OP == "sum":
        result = tl.sum(values, axis=0)
    elif OP == "max":
        result = tl.max(values, axis=0)
    elif OP == "min":
        result = tl.min(values, axis=0)
    else:
        result = tl.reduce(values, 0, _multiply)
    tl.store(out_ptr + row, result)


@triton.jit
def _multiply(a, b):
    return a * b


@triton.jit
def arange_kernel(out_ptr, BLOCK_SIZE: tl.constexpr):
    tl.store(out_ptr + tl.arange(0, BLOCK_SIZE), 1.0)


def error_text(err: BaseException) -> dict:
    """An exception as strings: its type, its text (compile errors quote the source first) and its last line."""
    text = str(err).strip()
    return {
        "type": f"{type(err).__module__}.{type(err).__name__}",
        "message": text[-1000:],
        "last_line": text.splitlines()[-1].strip() if text else "",
    }


def row_with_sentinel(n_cols: int, block: int, device: str) -> torch.Tensor:
    """A row 1..n_cols inside a buffer of 2*block floats whose tail holds SENTINEL."""
    buf = torch.full((2 * block,), SENTINEL, device=device)
    buf[:n_cols] = torch.arange(1, n_cols + 1, dtype=torch.float32, device=device)
    return buf


def compile_stats(kernel, block: int) -> dict:
    """Registers, local-memory spills and compile time of kernel for one row of `block` floats."""
    x = torch.randn(1, block, device="cuda")
    start = time.perf_counter()
    # warmup compiles without launching: the time is the compiler's alone (the cache is empty)
    compiled = kernel.warmup(x, torch.empty_like(x), block, x.stride(0), BLOCK_SIZE=block, grid=(1,))
    seconds = time.perf_counter() - start
    compiled._init_handles()  # loads the binary: n_regs and n_spills are read from the driver here
    return {
        "n_regs": compiled.n_regs,  # registers per thread
        "n_spills": compiled.n_spills,  # Triton's figure: local memory bytes per thread / 4
        "num_warps": compiled.metadata.num_warps,
        "shared_bytes": compiled.metadata.shared,
        "compile_s": round(seconds, 2),
    }


def registers(started: float) -> dict:
    result = {"row_sum": {}, "softmax": {}}
    compile_stats(row_sum_kernel, 512)  # not recorded: the compiler's one-time start-up lands here
    for block in BLOCKS:
        result["row_sum"][str(block)] = compile_stats(row_sum_kernel, block)
        print("row_sum", block, result["row_sum"][str(block)], flush=True)
    for block in BLOCKS:
        if time.perf_counter() - started > TIME_BUDGET_S:
            result["softmax"][str(block)] = {"skipped": f"time budget of {TIME_BUDGET_S} s spent"}
            continue
        result["softmax"][str(block)] = compile_stats(softmax_kernel, block)
        print("softmax", block, result["softmax"][str(block)], flush=True)
    return result


def reduction() -> dict:
    """Count, in row_sum's PTX, the instructions that make up tl.sum across lanes and warps."""
    patterns = {
        "shfl_bfly": r"shfl\.sync\.bfly",  # lanes of one warp exchange registers
        "st_shared": r"st\.shared",  # each warp's partial result goes to shared memory
        "ld_shared": r"ld\.shared",
        "bar_sync": r"\bbar\.sync|\bbarrier\.sync",  # the warps wait for each other
        "add_f32": r"add\.(?:rn\.)?f32",
    }
    result = {}
    for block in (128, 1024):
        x = torch.randn(1, block, device="cuda")
        compiled = row_sum_kernel[(1,)](x, torch.empty(1, device="cuda"), block, block, BLOCK_SIZE=block)
        ptx = compiled.asm["ptx"]
        counts = {name: len(re.findall(pattern, ptx)) for name, pattern in patterns.items()}
        counts.update(num_warps=compiled.metadata.num_warps, shared_bytes=compiled.metadata.shared)
        result[str(block)] = counts
    return result


def lanes(n_cols: int, block: int, use_mask: bool, device: str) -> list[float]:
    buf = row_with_sentinel(n_cols, block, device)
    out = torch.empty(block, device=device)
    lanes_kernel[(1,)](buf, out, n_cols, USE_MASK=use_mask, BLOCK_SIZE=block)
    return out.cpu().tolist()


def masked(device: str) -> dict:
    """Masked lanes without `other`, and an unmasked load that runs past the row into SENTINEL."""
    result = {"sentinel_past_row": SENTINEL, "dtype": "float32"}
    for n_cols, block in ((100, 128), (1025, 2048)):
        masked_lanes = lanes(n_cols, block, True, device)[n_cols:]
        unmasked_lanes = lanes(n_cols, block, False, device)[n_cols:]
        result[f"N{n_cols}_BLOCK{block}"] = {
            "masked_lanes_without_other_distinct": sorted(set(masked_lanes)),
            "unmasked_lanes_past_row_distinct": sorted(set(unmasked_lanes)),
        }
    return result


def identities() -> dict:
    """The lesson's table: each reduction with its identity and with a wrong `other`, N = 100."""
    torch.manual_seed(1)
    inputs = {
        "sum": torch.randn(3, 100, device="cuda"),
        "prod": 1 + 0.01 * torch.randn(3, 100, device="cuda"),
        "max": -1 - torch.rand(3, 100, device="cuda"),  # all negative
        "min": 1 + torch.rand(3, 100, device="cuda"),  # all positive
    }
    references = {
        "sum": lambda x: x.sum(1),
        "prod": lambda x: x.prod(1),
        "max": lambda x: x.max(1).values,
        "min": lambda x: x.min(1).values,
    }
    trials = {"sum": (0.0, 1.0), "prod": (1.0, 0.0), "max": (float("-inf"), 0.0), "min": (float("inf"), 0.0)}
    result = {}
    for op, others in trials.items():
        x = inputs[op]
        want = references[op](x)
        for other in others:
            got = torch.empty(3, device="cuda")
            row_reduce_kernel[(3,)](x, got, 100, x.stride(0), OP=op, OTHER=other, BLOCK_SIZE=128)
            result[f"{op}_other_{other}"] = {
                "row0_got": round(got[0].item(), 4),
                "row0_want": round(want[0].item(), 4),
                "got_minus_want": round((got - want).mean().item(), 4),
                "allclose_1e-4": torch.allclose(got, want, rtol=1e-4, atol=1e-4),
            }
    # a power-of-two width has no padding lane, so the wrong identity goes unnoticed
    x = torch.randn(3, 128, device="cuda")
    got = torch.empty(3, device="cuda")
    row_reduce_kernel[(3,)](x, got, 128, x.stride(0), OP="sum", OTHER=1.0, BLOCK_SIZE=128)
    result["sum_other_1.0_N128"] = {"allclose_1e-4": torch.allclose(got, x.sum(1), rtol=1e-4, atol=1e-4)}
    return result


def tolerance() -> dict:
    """The lesson's visible check (and a longer row): largest |row_sum - x.sum(1)| and bit-equality."""
    torch.manual_seed(0)
    result = {}
    for shape in ((1, 1), (4, 100), (7, 257), (64, 4097)):
        x = torch.randn(shape, device="cuda")
        got = torch.empty(shape[0], device="cuda")
        block = triton.next_power_of_2(shape[1])
        row_sum_kernel[(shape[0],)](x, got, shape[1], x.stride(0), BLOCK_SIZE=block)
        want = x.sum(1)
        result[f"{shape[0]}x{shape[1]}"] = {
            "max_abs_diff": (got - want).abs().max().item(),
            "bitwise_equal": torch.equal(got, want),
            "allclose_1e-4": torch.allclose(got, want, rtol=1e-4, atol=1e-4),
        }
    return result


def limits() -> dict:
    """The block-size ceiling and the power-of-two rule, as triton states and enforces them."""
    # defined in triton/_utils.py in triton 3.x and re-exported by triton.language (and its core module)
    TRITON_MAX_TENSOR_NUMEL = tl.TRITON_MAX_TENSOR_NUMEL

    result = {
        "TRITON_MAX_TENSOR_NUMEL": TRITON_MAX_TENSOR_NUMEL,
        "TRITON_MAX_TENSOR_NUMEL_is_2_pow_20": TRITON_MAX_TENSOR_NUMEL == 2**20,
        "next_power_of_2": {str(n): triton.next_power_of_2(n) for n in (1, 100, 128, 257, 1025, 4097)},
    }
    for name, block in (("arange_2_pow_21", 2**21), ("arange_100", 100)):
        try:
            arange_kernel[(1,)](torch.empty(block, device="cuda"), BLOCK_SIZE=block)
            result[name] = {"compiled": True}
        except Exception as err:  # noqa: BLE001 (any compile error is the measurement)
            result[name] = {"compiled": False, **error_text(err)}
    return result


def tl_sum() -> dict:
    """What tl.sum is, and what calling it from plain Python says."""
    result = {"type": f"{type(tl.sum).__module__}.{type(tl.sum).__name__}"}
    try:
        tl.sum(torch.ones(4))
        result["outside_kernel"] = {"raised": False}
    except Exception as err:  # noqa: BLE001
        result["outside_kernel"] = {"raised": True, **error_text(err)}
    return result


def child(mode: str) -> dict:
    """Run this script in a child mode and return the JSON it prints (or why it printed none)."""
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    done = subprocess.run(
        [sys.executable, __file__, mode], capture_output=True, text=True, env=env, timeout=120
    )
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return {"returncode": done.returncode, "stderr_tail": done.stderr[-500:]}


def interpreter_child() -> dict:
    """Under TRITON_INTERPRET=1 on the CPU: masked lanes without `other`, and a load past a fresh tensor."""
    result = {"type_tl_sum": f"{type(tl.sum).__module__}.{type(tl.sum).__name__}", **masked("cpu")}
    fresh = torch.arange(1, 101, dtype=torch.float32)  # its own allocation: nothing of ours lies past it
    out = torch.empty(128)
    try:
        lanes_kernel[(1,)](fresh, out, 100, USE_MASK=False, BLOCK_SIZE=128)
        result["unmasked_past_fresh_tensor"] = {
            "raised": False,
            "first_lanes_past_end": out[100:104].tolist(),
        }
    except Exception as err:  # noqa: BLE001
        result["unmasked_past_fresh_tensor"] = {"raised": True, **error_text(err)}
    return result


def late_switch_child() -> dict:
    """Import triton with the interpreter off, then turn it on: which kernels still run on the CPU?"""
    result = {"type_tl_sum_at_import": f"{type(tl.sum).__module__}.{type(tl.sum).__name__}"}
    os.environ["TRITON_INTERPRET"] = "1"

    @triton.jit
    def copy_kernel(x_ptr, o_ptr, B: tl.constexpr):
        tl.store(o_ptr + tl.arange(0, B), tl.load(x_ptr + tl.arange(0, B)))

    @triton.jit
    def sum_kernel(x_ptr, o_ptr, B: tl.constexpr):
        tl.store(o_ptr, tl.sum(tl.load(x_ptr + tl.arange(0, B)), axis=0))

    result["type_kernel_defined_after_switch"] = f"{type(sum_kernel).__module__}.{type(sum_kernel).__name__}"
    for name, kernel, out in (("copy", copy_kernel, torch.empty(8)), ("sum", sum_kernel, torch.empty(1))):
        try:
            kernel[(1,)](torch.ones(8), out, B=8)
            result[f"{name}_kernel"] = {"ran": True, "out": out.tolist()}
        except Exception as err:  # noqa: BLE001
            result[f"{name}_kernel"] = {"ran": False, **error_text(err)}
    return result


def bench_sizes() -> dict:
    """Bytes per input of the lesson's bandwidth sweep, from course/bench.py's own sizing rule."""
    from course import bench

    sizes = {}
    for n_cols in bench.WIDTHS:
        n_rows = bench.rows_for(n_cols)
        sizes[str(n_cols)] = {"n_rows": n_rows, "input_MB": round(n_rows * n_cols * 4 / 2**20, 2)}
    return {"rule": bench.ROWS_RULE, "MB": "2**20 bytes", "per_width": sizes}


def main() -> int:
    if MODE == "interpreter":
        print(json.dumps(interpreter_child()))
        return 0
    if MODE == "late-switch":
        print(json.dumps(late_switch_child()))
        return 0
    if not torch.cuda.is_available():
        print(
            "needs a CUDA GPU: registers, spills and masked lanes are properties of the compiled kernel",
            file=sys.stderr,
        )
        return 2
    from course import bench

    out = Path(sys.argv[sys.argv.index("--out") + 1]) if "--out" in sys.argv else DEFAULT_OUT
    started = time.perf_counter()
    doc = {"what": "lesson 5 claims, measured by benchmarks/lesson05_claims.py", **bench.environment()}
    # registers first: the later sections launch row_sum at BLOCK 1024 and 8192, and a kernel already
    # in the in-process cache would be timed without its compile
    sections = [
        ("tl_sum", tl_sum),
        ("limits", limits),
        ("bench_sizes", bench_sizes),
        ("registers", lambda: registers(started)),
        ("masked", lambda: masked("cuda")),
        ("identities", identities),
        ("tolerance", tolerance),
        ("reduction", reduction),
        ("interpreter", lambda: child("interpreter")),
        ("late_switch", lambda: child("late-switch")),
    ]
    for name, measure in sections:
        doc[name] = measure()
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"[{time.perf_counter() - started:6.1f} s] {name} done", flush=True)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
