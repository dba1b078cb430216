"""Tests for course.bench and benchmarks/lesson05_row_sum.py on the CPU: do_bench is replaced where timing is needed."""

import importlib.util
import json

import matplotlib

matplotlib.use("Agg")

from course import runtime  # noqa: E402

try:
    BACKEND = runtime.selected()  # the suite already chose (a GPU run, say): keep its choice
except runtime.BackendError:
    BACKEND = runtime.select("interpret")  # before triton is imported, here and in the modules under test
DEVICE = runtime.device()

import pytest  # noqa: E402
import torch  # noqa: E402
import triton.testing  # noqa: E402

from course import bench  # noqa: E402

SCRIPT = bench.REPO_ROOT / "benchmarks" / "lesson05_row_sum.py"
SMALL_KERNEL = """
import torch
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    values = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(values, axis=0))


def row_sum(x):
    out = torch.empty(x.shape[0], dtype=x.dtype, device=x.device)
    row_sum_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK_SIZE=triton.next_power_of_2(x.shape[1]))
    return out
"""


def load_script():
    spec = importlib.util.spec_from_file_location("lesson05_row_sum_bench", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fake_results():
    def band(median):
        return {"median": median, "p20": median * 0.9, "p80": median * 1.1}

    return [
        {
            "n_cols": n,
            "n_rows": bench.rows_for(n),
            "block_size": 128,
            "triton_gbps": band(n),
            "torch_gbps": band(2 * n),
        }
        for n in (64, 100, 128)
    ]


@pytest.fixture
def fake_do_bench(monkeypatch):
    """do_bench stand-in: median 2 ms, p20 1 ms, p80 4 ms; records the calls it times."""
    calls = []

    def do_bench(fn, quantiles=None, **kwargs):
        calls.append(fn())
        assert quantiles == [0.5, 0.2, 0.8]
        return [2.0, 1.0, 4.0]

    monkeypatch.setattr(triton.testing, "do_bench", do_bench)
    return calls


def test_sweep_covers_powers_of_two_and_irregular_widths():
    """Does the sweep run 1..16384 in powers of two plus irregular widths, with inputs of tens of MB?"""
    assert {2**k for k in range(15)} <= set(bench.WIDTHS)
    assert {100, 257, 1025, 4097} <= set(bench.WIDTHS)
    assert all(10 * 2**20 <= bench.rows_for(n) * n * 4 <= 64 * 2**20 for n in bench.WIDTHS if n >= 4)
    assert bench.rows_for(1) == bench.MAX_ROWS


def test_gbps_formula():
    """Is 2 GB moved in 1 ms reported as 2000 GB/s?"""
    assert bench.gbps(2 * 10**9, 1.0) == pytest.approx(2000.0)


def test_measure_counts_read_and_written_bytes(fake_do_bench):
    """Does measure count bytes read plus written, compile before timing, and map slow times to p20?"""
    x = torch.ones(1000, 250)
    result = bench.measure(lambda t: t.sum(dim=1), x)
    moved = 1000 * 250 * 4 + 1000 * 4
    assert result == pytest.approx({"median": moved / 2e6, "p20": moved / 4e6, "p80": moved / 1e6}, abs=0.05)
    assert len(fake_do_bench) == 1


def test_sweep_refuses_a_wrong_kernel(fake_do_bench):
    """Does the sweep stop with WrongResult, before any timing, when the function is not a row sum?"""
    with pytest.raises(bench.WrongResult, match="1000"):
        bench.sweep(lambda x: x.sum(dim=1) + 28.0, widths=(1000,), device="cpu", log=lambda line: None)
    assert fake_do_bench == []


def test_sweep_records_what_the_json_needs(fake_do_bench):
    """Does each sweep result carry n_cols, block_size and both GB/s bands?"""
    (result,) = bench.sweep(lambda x: x.sum(dim=1), widths=(1000,), device="cpu", log=lambda line: None)
    assert (
        result["n_cols"] == 1000 and result["block_size"] == 1024 and result["n_rows"] == bench.rows_for(1000)
    )
    assert set(result["triton_gbps"]) == set(result["torch_gbps"]) == {"median", "p20", "p80"}


def test_progress_prints_one_counted_line_per_case_as_it_goes():
    """Does progress print each case's line with "第 k/n 组" when that case ends, before the next one starts?"""
    lines, seen = [], []
    for line, item in bench.progress(["a", "b", "c"], log=lines.append):
        seen.append((item, len(lines)))  # the lines printed before this case started
        line(f"case {item}")
    assert seen == [("a", 0), ("b", 1), ("c", 2)]
    assert [text.split("  ")[0] for text in lines] == ["case a", "case b", "case c"]
    assert "（第 1/3 组，已用" in lines[0] and "（第 3/3 组，已用" in lines[2] and "秒）" in lines[2]


def test_sweep_counts_its_widths(fake_do_bench):
    """Does the benchmark sweep print a header and then one counted line per width (第 k/n 组)?"""
    lines = []
    bench.sweep(lambda x: x.sum(dim=1), widths=(100, 128), device="cpu", log=lines.append)
    assert len(lines) == 3 and "BLOCK" in lines[0]
    assert "第 1/2 组" in lines[1] and lines[1].split()[0] == "100" and "第 2/2 组" in lines[2]


def test_show_committed_explains_a_missing_file(tmp_path, monkeypatch, capsys):
    """Does show_committed explain, rather than raise, when no GPU result was committed?"""
    monkeypatch.setattr(bench, "RESULTS_DIR", tmp_path)
    assert bench.show_committed("lesson05-row-sum") is None
    out = capsys.readouterr().out
    assert "还没有提交 GPU 实测结果" in out and "lesson05-row-sum.json" in out
    assert "python benchmarks/lesson05_row_sum.py" in out


def test_show_committed_explains_a_corrupt_file(tmp_path, monkeypatch, capsys):
    """Does show_committed explain, rather than raise, when the committed JSON is broken or incomplete?"""
    monkeypatch.setattr(bench, "RESULTS_DIR", tmp_path)
    broken = [
        "{not json",
        "[1, 2]",
        json.dumps({"date": "2026-01-01", "results": [{"n_cols": 1}]}),
        json.dumps({"results": [{"n_cols": 1, "triton_gbps": {"median": 1}, "torch_gbps": {"median": 1}}]}),
    ]
    for text in broken:
        (tmp_path / "lesson05-row-sum.json").write_text(text, encoding="utf-8")
        assert bench.show_committed("lesson05-row-sum") is None
        assert "无法读取" in capsys.readouterr().out


def test_show_committed_plots_with_its_provenance(tmp_path, monkeypatch, capsys):
    """Does show_committed plot a committed file and state its date, device and versions?"""
    doc = {"date": "2026-01-02 03:04 UTC", "device": "NVIDIA H200", "triton": "3.6.0", "torch": "2.11.0"}
    (tmp_path / "lesson05-row-sum.json").write_text(
        json.dumps({**doc, "results": fake_results()}), encoding="utf-8"
    )
    monkeypatch.setattr(bench, "RESULTS_DIR", tmp_path)
    fig = bench.show_committed("lesson05-row-sum")
    assert fig is not None and fig.axes[0].get_xscale() == "log"
    out = capsys.readouterr().out
    assert all(value in out for value in doc.values())


def test_run_live_explains_instead_of_timing_the_interpreter(monkeypatch, capsys):
    """On the interpreter, does run_live say why nothing runs, without calling the kernel?"""
    monkeypatch.setattr(runtime, "_selected", "interpret")

    def must_not_run(x):
        raise AssertionError("run_live called the kernel on the interpreter")

    assert bench.run_live(must_not_run) is None
    assert "没有 CUDA GPU" in capsys.readouterr().out


def test_run_live_skips_timing_under_nbgrader(monkeypatch, capsys):
    """On a GPU but inside nbgrader autograde, does run_live skip the sweep (ungraded, over the cell timeout)?"""
    monkeypatch.setattr(runtime, "_selected", "cuda")
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert bench.run_live(lambda x: pytest.fail("run_live timed the kernel during grading")) is None
    assert "评分或验证时不测带宽" in capsys.readouterr().out


def test_run_live_before_select_points_to_the_setup_cell(monkeypatch, capsys):
    """When no backend was chosen yet, does run_live point to the setup cell instead of raising?"""
    monkeypatch.setattr(runtime, "_selected", None)
    assert bench.run_live(lambda x: pytest.fail("called the kernel")) is None
    assert "runtime.select()" in capsys.readouterr().out


def test_script_loads_a_jit_kernel_from_code(tmp_path):
    """Does the benchmark script turn solution code into a working row_sum (through a file, for triton.jit)?"""
    row_sum = load_script().load_row_sum(SMALL_KERNEL, tmp_path)
    x = torch.randn(3, 100, device=DEVICE)
    torch.testing.assert_close(row_sum(x), x.sum(dim=1), atol=1e-4, rtol=1e-4)


def test_script_runs_the_lesson_reference(tmp_path):
    """Does the lesson's own reference solution, as autograder.build.template gives it, load and sum correctly?"""
    template = pytest.importorskip("autograder.build.template")
    row_sum = load_script().load_row_sum(template.solution_code("lesson05-row-sum"), tmp_path)
    x = torch.randn(4, 257, device=DEVICE)
    torch.testing.assert_close(row_sum(x), x.sum(dim=1), atol=1e-4, rtol=1e-4)


def test_script_refuses_the_cpu_and_writes_nothing(tmp_path, monkeypatch, capsys):
    """Without a GPU, does the script exit non-zero with a message and leave no results behind?"""
    monkeypatch.setattr(runtime, "select", lambda requested=None: "interpret")
    assert load_script().main(["--out", str(tmp_path)]) == 2
    assert "只在 CUDA GPU 上运行" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_script_plot_only_redraws_the_png(tmp_path):
    """Does --plot-only redraw the PNG from an existing JSON without a GPU?"""
    doc = {
        "date": "2026-01-02",
        "device": "test",
        "triton": "3.6.0",
        "torch": "2.11.0",
        "results": fake_results(),
    }
    (tmp_path / "lesson05-row-sum.json").write_text(json.dumps(doc), encoding="utf-8")
    assert load_script().main(["--plot-only", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "lesson05-row-sum.png").read_bytes()[:4] == b"\x89PNG"
