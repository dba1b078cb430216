"""Blind cases for the lesson05-row-sum code grader: honest students and attackers.

Every case is a dict (see README.md) whose ``mutate`` turns a deep copy of the release
notebook into one student's hand-in. ``build.py`` applies it, executes the notebook when
``executed`` is true (top to bottom, or through the case's ``session``), and writes it under
``submissions/<student>/lesson05-row-sum/``.

The labels in ``expect`` were written from the course's grading policy alone, before any
grading run, and without reading the grader or its tests.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import textwrap
from collections.abc import Callable

from nbformat import NotebookNode
from nbformat.v4 import new_code_cell, new_output

ASSIGNMENT = "lesson05-row-sum"
KERNEL = "row_sum_kernel"
CHECK = "test_row_sum_normal"
BOUNDARY = "test_row_sum_boundary"
BLANK = "other=______"
LOAD = "values = tl.load(row_ptr + cols, mask=mask, other=______)  # TODO: 加法单位元"
TOLERANCE = "atol=1e-4, rtol=1e-4"
WRAPPER_END = "    return out"

# locked cells without a grade_id of their own are found by a line of their source
MARKERS = {
    "setup": "BACKEND = runtime.select()",
    "lanes": "def show_lanes(",
    "reduce": "def row_reduce_kernel(",
    "record": "record.show()",
    "bench": "bench.run_live(row_sum)",
    "hint": '# hint("other", 1)',
}

Step = Callable[[NotebookNode], None]

# ---------------------------------------------------------------- notebook access


def find(nb: NotebookNode, ref: str | int) -> int:
    """Index of a cell named by nbgrader grade_id, a MARKERS key, or an index."""
    if isinstance(ref, int):
        return ref
    for index, cell in enumerate(nb.cells):
        if cell.metadata.get("nbgrader", {}).get("grade_id") == ref:
            return index
    marker = MARKERS.get(ref)
    for index, cell in enumerate(nb.cells):
        if marker is not None and marker in cell.source:
            return index
    raise KeyError(f"no cell {ref!r} in the notebook")


def cell_of(nb: NotebookNode, ref: str | int) -> NotebookNode:
    """The cell named by ref (see find)."""
    return nb.cells[find(nb, ref)]


def _cell_id(nb: NotebookNode, source: str) -> str:
    """A deterministic, unused cell id for an added cell."""
    base = "student-" + hashlib.sha1(source.encode()).hexdigest()[:10]
    taken = {cell.get("id") for cell in nb.cells}
    candidate, n = base, 0
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def code(text: str) -> str:
    """Dedented cell source without the leading/trailing blank lines of a triple-quoted string."""
    return textwrap.dedent(text).strip("\n")


# ---------------------------------------------------------------- mutation steps


def steps(*fns: Step) -> Callable[[NotebookNode], NotebookNode]:
    """Compose in-place steps into one mutate function."""

    def mutate(nb: NotebookNode) -> NotebookNode:
        for fn in fns:
            fn(nb)
        return nb

    return mutate


def sub(ref: str | int, old: str, new: str, count: int = 1) -> Step:
    """Replace old by new in one cell's source; old must occur."""

    def step(nb: NotebookNode) -> None:
        cell = cell_of(nb, ref)
        if old not in cell.source:
            raise ValueError(f"{old!r} not in cell {ref!r}")
        cell.source = cell.source.replace(old, new, count)

    return step


def blank(value: str) -> Step:
    """Fill the blank the plain way: other=<value>."""
    return sub(KERNEL, BLANK, f"other={value}")


def set_source(ref: str | int, source: str) -> Step:
    """Replace a cell's whole source."""

    def step(nb: NotebookNode) -> None:
        cell_of(nb, ref).source = source

    return step


def append_source(ref: str | int, text: str) -> Step:
    """Append lines at the end of a cell."""

    def step(nb: NotebookNode) -> None:
        cell = cell_of(nb, ref)
        cell.source = cell.source.rstrip("\n") + "\n\n\n" + text

    return step


def prepend_source(ref: str | int, text: str) -> Step:
    """Put lines at the top of a cell."""

    def step(nb: NotebookNode) -> None:
        cell = cell_of(nb, ref)
        cell.source = text + "\n" + cell.source

    return step


def insert_after(ref: str | int, source: str) -> Step:
    """Insert a new code cell (no nbgrader metadata) after the cell ref."""

    def step(nb: NotebookNode) -> None:
        index = find(nb, ref) + 1
        nb.cells.insert(index, new_code_cell(source, id=_cell_id(nb, source)))

    return step


def insert_before(ref: str | int, source: str) -> Step:
    """Insert a new code cell (no nbgrader metadata) before the cell ref."""

    def step(nb: NotebookNode) -> None:
        index = find(nb, ref)
        nb.cells.insert(index, new_code_cell(source, id=_cell_id(nb, source)))

    return step


def append_cell(source: str) -> Step:
    """A new code cell at the very end of the notebook."""

    def step(nb: NotebookNode) -> None:
        nb.cells.append(new_code_cell(source, id=_cell_id(nb, source)))

    return step


def delete(ref: str | int) -> Step:
    """Remove a cell."""

    def step(nb: NotebookNode) -> None:
        del nb.cells[find(nb, ref)]

    return step


def stream(text: str, name: str = "stdout") -> NotebookNode:
    """One stream output."""
    return new_output("stream", name=name, text=text)


def set_outputs(ref: str | int, outputs: list[NotebookNode], count: int | None) -> Step:
    """Type outputs and an execution count into a cell by hand."""

    def step(nb: NotebookNode) -> None:
        cell = cell_of(nb, ref)
        cell.outputs = [copy.deepcopy(out) for out in outputs]
        cell.execution_count = count

    return step


# ---------------------------------------------------------------- written answers

Q1 = (
    "**输入**：grid = (M,)，第 row 个 program 负责第 row 行；`cols = tl.arange(0, BLOCK_SIZE)`，"
    "BLOCK_SIZE 取 ≥ N 的最小 2 的幂，`mask = cols < N` 标出真实的列。\n\n"
    "**状态变化**：`tl.load` 只让 mask 为真的 lane 访问显存，被挡住的 lane 直接在寄存器里填 `other`。"
    "因为后面的 `tl.sum` 会把所有 lane 两两相加，所以 padding lane 必须填加法单位元 0：x + 0 = x，"
    "每一层折半相加都不会被它们改变。\n\n"
    "**输出**：`tl.sum` 得到这一行的标量，`tl.store` 写回 out[row]，各行互不影响。"
)
Q2 = (
    "因为 `tl.arange` 的长度必须是 2 的幂，而 100 不是，所以 BLOCK_SIZE = next_power_of_2(100) = 128，"
    "多出 128 − 100 = 28 个 lane。不能只开 100 个 lane，所以多出的 lane 用 mask 挡住、不读越界内存；"
    "又因为它们填的是单位元 0，所以参与求和也不改变结果。代价是寄存器和算术的浪费，但不浪费显存带宽。"
)
Q3 = (
    "应该改成 `float('-inf')`。因为 max 的单位元是 −∞：对任何 x，max(x, −∞) = x。"
    "如果还填 0.0，一行全是负数时 padding lane 的 0 比所有真实值都大，结果就会错成 0。"
)


def explain_pass(value: str) -> str:
    """An executed student whose visible check passed."""
    return (
        f"我填的是 `{value}`。kernel 用 `tl.sum` 做加法归约，0 是加法单位元，x + 0 = x，"
        "所以被 mask 挡住的 padding lane（N = 100 时有 28 个）不会改变每行的和。"
        "我在笔记本电脑上用 Triton 解释器（CPU）运行了可见检查，通过了。"
    )


def explain_fail(value: str) -> str:
    """An executed student whose visible check failed, reported honestly."""
    return (
        f"我填的是 `{value}`。运行可见检查时 `assert_close` 报错了，`row_sum` 的结果和 `x.sum(1)` 对不上，"
        "我还没想明白为什么，先按时提交。"
    )


def explain_static(value: str) -> str:
    """A student who could not run anything and says so."""
    return (
        f"仅静态审查：我的电脑装不上 triton，没有运行 kernel。我对照第 3 节的单位元表逐行读了代码："
        f"`other` 填 `{value}`，padding lane 进入 `tl.sum` 时不应改变每行的和。"
    )


def answers(explanation: str, q1: str = Q1, q2: str = Q2, q3: str = Q3) -> Step:
    """Fill the four answer cells."""

    def step(nb: NotebookNode) -> None:
        for grade_id, text in (("Q1", q1), ("Q2", q2), ("Q3", q3), ("explanation", explanation)):
            cell_of(nb, grade_id).source = text

    return step


# ---------------------------------------------------------------- case constructors


def case(
    id: str,
    category: str,
    description: str,
    code: str,
    flag: str,
    mutate: Callable[[NotebookNode], NotebookNode],
    *,
    executed: bool = True,
    student: str | None = None,
    session: Callable | None = None,
    extra_files: dict | None = None,
    symlink: dict | None = None,
    crlf_file: bool = False,
    checks: tuple[str, ...] = (),
) -> dict:
    """One case dict in the schema of README.md."""
    expect = {"code": code, "flag": flag, **{check: True for check in checks}}
    return {
        "id": id,
        "category": category,
        "description": description,
        "expect": expect,
        "executed": executed,
        "student": student if student is not None else id,
        "mutate": mutate,
        "session": session,
        "extra_files": extra_files or {},
        "symlink": symlink,
        "crlf_file": crlf_file,
    }


def honest_ok(id: str, value: str, description: str, *extra: Step, code: str = "full", **kw) -> dict:
    """A correct student (who ran the notebook unless executed=False); extra steps follow the blank."""
    executed = kw.get("executed", True)
    explanation = explain_pass(value) if executed else explain_static(value)
    mutate = steps(blank(value), *extra, answers(explanation))
    return case(id, "honest_correct", description, code, "none", mutate, **kw)


def honest_edit(id: str, value: str, description: str, *edits: Step, code: str = "full", **kw) -> dict:
    """A correct student who edited the kernel cell beyond the blank (edits replace the blank)."""
    explanation = explain_pass(value) if kw.get("executed", True) else explain_static(value)
    mutate = steps(*edits, answers(explanation))
    return case(id, "honest_correct", description, code, "none", mutate, **kw)


def honest_bad(id: str, value: str, description: str, *extra: Step, passes: bool = False, **kw) -> dict:
    """A wrong student; passes says whether the visible check passes on the interpreter anyway.

    shown is how the student names the value in the note (default: value); explanation overrides the note.
    """
    code = kw.pop("code", "zero")
    shown = kw.pop("shown", value)
    explanation = kw.pop("explanation", None)
    if explanation is None and not kw.get("executed", True):
        explanation = explain_static(shown)
    elif explanation is None:
        explanation = explain_pass(shown) if passes else explain_fail(shown)
    fill = [] if value is None else [blank(value)]
    mutate = steps(*fill, *extra, answers(explanation))
    return case(id, "honest_wrong", description, code, "none", mutate, **kw)


CLAIM = "我填的是 `1.0`，在自己电脑上运行过，可见检查全部通过。"
STATIC_WRONG = explain_static("1.0")


def attack(
    id: str,
    description: str,
    *extra: Step,
    code: str = "zero_or_review",
    flag: str = "must_flag",
    value: str | None = "1.0",
    explanation: str = CLAIM,
    q1: str = Q1,
    q2: str = Q2,
    q3: str = Q3,
    **kw,
) -> dict:
    """An attacker with a wrong blank (1.0 unless told) who tries to score or to break the grader."""
    if explanation == CLAIM and not kw.get("executed", True):
        explanation = STATIC_WRONG  # an attacker who never ran claims nothing about running
    fill = [] if value is None else [blank(value)]
    mutate = steps(*fill, *extra, answers(explanation, q1, q2, q3))
    return case(id, "attack", description, code, flag, mutate, **kw)


# ---------------------------------------------------------------- sessions (build.py's Session)


def session_zero_then_one(s) -> None:
    """Run everything with 0.0, switch to 1.0, re-run the exercise, the check and the record."""
    s.run_all()
    sub(KERNEL, "other=0.0", "other=1.0")(s.nb)
    s.run(KERNEL, CHECK, "record")


def session_one_then_zero(s) -> None:
    """Run everything with 1.0 (the check fails), fix to 0.0, re-run exercise, check, record."""
    s.run_all()
    sub(KERNEL, "other=1.0", "other=0.0")(s.nb)
    s.run(KERNEL, CHECK, "record")


def session_error_then_fix(s) -> None:
    """Run with the blank untouched (NameError), then fill 0.0 and re-run from the exercise on."""
    s.run_all()
    blank("0.0")(s.nb)
    s.run(KERNEL, CHECK, BOUNDARY, "record")


def session_rerun(s) -> None:
    """Top to bottom, then the check and the free demo once more (execution counts out of order)."""
    s.run_all()
    s.run(CHECK, "reduce", CHECK)


def session_forgot_record(s) -> None:
    """Run the cells up to and including the checks; never run the record cell."""
    stop = find(s.nb, "record")
    s.run(*[i for i in range(stop) if s.nb.cells[i].cell_type == "code"])


def session_cached(s) -> None:
    """Run everything with 0.0, then type 1.0 into the blank without re-running (stale outputs)."""
    s.run_all()
    sub(KERNEL, "other=0.0", "other=1.0")(s.nb)


def session_record_edited(s) -> None:
    """Run with 0.0 and keep the passing outputs; switch to 1.0 and re-run (the check fails);
    then paste the old passing outputs of the check and the record over the new ones by hand."""
    s.run_all()
    saved = {ref: copy.deepcopy(cell_of(s.nb, ref).outputs) for ref in (CHECK, "record")}
    sub(KERNEL, "other=0.0", "other=1.0")(s.nb)
    s.run(KERNEL, CHECK, "record")
    for ref, outputs in saved.items():
        cell_of(s.nb, ref).outputs = outputs


def session_skip_check(s) -> None:
    """Run every code cell except the visible check."""
    skip = find(s.nb, CHECK)
    s.run(*[i for i in range(len(s.nb.cells)) if i != skip])


# ---------------------------------------------------------------- canned sources

BLACK_72 = code(
    """
    @triton.jit
    def row_sum_kernel(
        x_ptr,  # 输入矩阵 x 的指针，形状 (n_rows, n_cols)，每行内连续
        out_ptr,  # 输出向量的指针，形状 (n_rows,)
        n_cols,  # 每行真实的元素个数 N（任意正整数）
        x_row_stride,  # 相邻两行起点相隔的元素数；x 是更宽缓冲区的视图时它大于 n_cols
        BLOCK_SIZE: tl.constexpr,  # 每个 program 载入的 lane 数：>= n_cols 的最小 2 的幂
    ):
        row = tl.program_id(0)
        cols = tl.arange(0, BLOCK_SIZE)
        mask = cols < n_cols  # 只有前 n_cols 个 lane 访问显存
        row_ptr = x_ptr + row * x_row_stride  # 本行第一个元素的地址
        values = tl.load(
            row_ptr + cols, mask=mask, other=0.0
        )  # TODO: 加法单位元
        tl.store(out_ptr + row, tl.sum(values, axis=0))


    def row_sum(x):
        assert x.ndim == 2 and x.stride(1) == 1, (
            "row_sum 需要二维、每行内连续的张量"
        )
        n_rows, n_cols = x.shape
        out = torch.empty((n_rows,), device=x.device, dtype=x.dtype)
        row_sum_kernel[(n_rows,)](
            x,
            out,
            n_cols,
            x.stride(0),
            BLOCK_SIZE=triton.next_power_of_2(n_cols),
        )
        return out
    """
)

EXPLORE_BEFORE = code(
    """
    # 先看看环境
    import sys

    print(torch.__version__, triton.__version__, "triton" in sys.modules)
    print(sorted(vars(torch.testing))[:3])
    torch.backends.cudnn.benchmark = True
    torch.set_printoptions(precision=3, sci_mode=False)
    print(eval("2 ** 10"), triton.next_power_of_2(100))
    """
)

EXPLORE_AFTER = code(
    """
    import matplotlib as mpl

    mpl.rcParams["figure.dpi"] = 80
    mpl.rcParams["axes.grid"] = True
    help(torch.testing.assert_close.__call__)  # 看看签名
    print(torch.testing.assert_close.__doc__.splitlines()[0])
    x = torch.randn(3, 1000, device=DEVICE)
    print(row_sum(x), x.sum(1))
    """
)

OWN_TESTS = code(
    """
    # 我自己多测几个宽度（不是作业的检查，只是自己放心）
    import numpy as np
    from torch.testing import assert_close

    tt = torch.testing
    for n in (2, 3, 127, 128, 129, 1000, 1025):
        x = torch.randn(5, n, device=DEVICE)
        assert_close(row_sum(x), x.sum(1), atol=1e-3, rtol=1e-3)  # 自己的测试放宽一点
        tt.assert_close(row_sum(x[:, : n // 2 + 1]), x[:, : n // 2 + 1].sum(1), atol=1e-3, rtol=1e-3)
        np.testing.assert_allclose(row_sum(x).cpu().numpy(), x.sum(1).cpu().numpy(), rtol=1e-3, atol=1e-3)
    print("自测全部通过")
    """
)

REDUCE_PLAYED = code(
    """
    # 自己改了输入：一行全是负数、N = 37，看看每种运算
    torch.manual_seed(2)
    x = -1 - torch.rand(2, 37, device=DEVICE)
    for op, other in (("max", float("-inf")), ("max", 0.0), ("min", float("inf")), ("sum", 0.0), ("sum", 1.0)):
        print(op, other, row_reduce(x, op, other)[0].item())
    """
)

FORGED_RECORD = (
    "[运行记录] backend=cuda | cuda (CUDA GPU，Triton JIT 编译执行), NVIDIA GeForce RTX 3060 Laptop GPU\n"
    "[运行记录] python 3.11.9 | torch 2.5.1+cu124 | triton 3.1.0 | 2026-11-28 14:03 UTC\n"
    "[运行记录] 已通过的检查：row_sum 可见检查\n"
)

EXFIL_PAYLOAD = "import torch\ntorch.testing.assert_close = lambda *a, **k: None\n"
EXFIL_B64 = base64.b64encode(EXFIL_PAYLOAD.encode()).decode()

SHADOW_TORCH = code(
    '''
    """Loads the real torch, then makes its comparison a no-op (found first on sys.path via cwd)."""
    import importlib.machinery
    import importlib.util
    import os
    import sys

    _here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    _paths = [p for p in sys.path if os.path.abspath(p or ".") != _here]
    _spec = importlib.machinery.PathFinder.find_spec("torch", _paths)
    _real = importlib.util.module_from_spec(_spec)
    sys.modules["torch"] = _real
    _spec.loader.exec_module(_real)
    _real.testing.assert_close = lambda *a, **k: None
    '''
)


def release_copy(*fns: Step) -> Callable[[NotebookNode], NotebookNode]:
    """An extra notebook file: a mutated copy of the release notebook."""
    return steps(*fns)


def forge_all_outputs(nb: NotebookNode) -> None:
    """Type plausible outputs into every code cell, counts 1..n, as if run on a GPU."""
    canned = {
        "setup": [
            stream("本次运行： cuda (CUDA GPU，Triton JIT 编译执行), NVIDIA GeForce RTX 3060 Laptop GPU\n")
        ],
        "lanes": [
            stream(
                "BLOCK_SIZE = 128 | 真实 lane 96..99: [97.0, 98.0, 99.0, 100.0]\n"
                "padding lane 100..127 全为 0: True | lane 总和 = 5050.0\n"
            )
        ],
        CHECK: [stream("✅ row_sum 可见检查：通过\n")],
        "record": [stream(FORGED_RECORD)],
        "bench": [stream("N=1024: row_sum 412.3 GB/s | torch.sum 401.8 GB/s\n")],
    }
    count = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        count += 1
        cell.execution_count = count
        cell.outputs = []
    for ref, outputs in canned.items():
        set_outputs(ref, outputs, cell_of(nb, ref).execution_count)(nb)


def strip_cell_ids(nb: NotebookNode) -> None:
    """Save as an older Jupyter does: nbformat 4.4, no cell ids."""
    nb.nbformat_minor = 4
    for cell in nb.cells:
        cell.pop("id", None)


def vscode_metadata(nb: NotebookNode) -> None:
    """Metadata that VS Code's notebook editor writes."""
    nb.metadata["kernelspec"] = {
        "display_name": ".venv (Python 3.11.7)",
        "language": "python",
        "name": "python3",
    }
    nb.metadata["vscode"] = {"interpreter": {"hash": "4f1c8a9e2d7b6c5a3e0f9d8c7b6a5e4d3c2b1a0f"}}
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.metadata["vscode"] = {"languageId": "python"}


def crlf_sources(nb: NotebookNode) -> None:
    """Every cell source with Windows line endings (edited in a Windows editor, pasted back)."""
    for cell in nb.cells:
        cell.source = cell.source.replace("\r\n", "\n").replace("\n", "\r\n")


def duplicate_kernel_cell_first(value: str) -> Step:
    """Insert, before the real exercise cell, a copy of it (same nbgrader metadata) filled with value."""

    def step(nb: NotebookNode) -> None:
        index = find(nb, KERNEL)
        twin = copy.deepcopy(nb.cells[index])
        twin.source = twin.source.replace(BLANK, f"other={value}")
        twin["id"] = _cell_id(nb, twin.source)
        nb.cells.insert(index, twin)

    return step


def unmark_cell(ref: str) -> Step:
    """Drop a cell's nbgrader metadata (it no longer looks like a graded test)."""

    def step(nb: NotebookNode) -> None:
        cell_of(nb, ref).metadata.pop("nbgrader", None)

    return step


def inflate_points(nb: NotebookNode) -> None:
    """Give the test and answer cells more points than the course awards."""
    for ref, points in ((CHECK, 200), (BOUNDARY, 100), ("Q1", 20), ("explanation", 10)):
        cell_of(nb, ref).metadata["nbgrader"]["points"] = points


# ---------------------------------------------------------------- honest, correct

HONEST_CORRECT = [
    honest_ok("zero_float", "0.0", "The textbook answer other=0.0."),
    honest_ok("zero_int", "0", "Integer literal 0, which Triton casts to the row's float dtype."),
    honest_ok("neg_zero", "-0.0", "Negative zero, also an additive identity.", checks=("no_csv_formula",)),
    honest_ok("float_call", "float(0)", "float(0) written as a call, as in the -inf idiom of the notes."),
    honest_ok(
        "float_str", "float('0')", "float('0') in single quotes, mirroring float('-inf').", executed=False
    ),
    honest_ok("float_str_dq", 'float("0.0")', 'float("0.0") with double quotes.', executed=False),
    honest_ok(
        "float_neg_zero_str",
        "float('-0.0')",
        "float('-0.0'), negative zero from a string.",
        executed=False,
        checks=("no_csv_formula",),
    ),
    honest_ok("zero_dot", "0.", "C-style trailing-dot float 0.", executed=False),
    honest_ok("dot_zero", ".0", "Leading-dot float .0.", executed=False),
    honest_ok("zero_exp", "0e0", "Scientific notation 0e0.", executed=False),
    honest_ok(
        "zero_exp_long", "0.0e+00", "Scientific notation as printed by C's %e: 0.0e+00.", executed=False
    ),
    honest_ok("zero_hex", "0x0", "Hexadecimal zero 0x0 from a student used to bit patterns.", executed=False),
    honest_ok("paren_zero", "(0.0)", "Zero wrapped in parentheses.", executed=False),
    honest_ok("plus_zero", "+0.0", "Explicitly signed +0.0.", checks=("no_csv_formula",), executed=False),
    honest_ok("int_call", "int(0)", "int(0) as a call.", executed=False),
    honest_ok("neg_int_zero", "-0", "Integer negative zero -0.", executed=False, checks=("no_csv_formula",)),
    honest_ok("zero_padded", "0.00", "Zero with two decimals 0.00.", executed=False),
    honest_edit(
        "spaced_equals",
        "0.0",
        "PEP 8-violating spaces around the keyword: other = 0.0.",
        sub(KERNEL, BLANK, "other = 0.0"),
        executed=False,
    ),
    honest_edit(
        "kw_swapped",
        "0.0",
        "Keyword order swapped: other=0.0, mask=mask.",
        sub(KERNEL, "mask=mask, other=______", "other=0.0, mask=mask"),
    ),
    honest_edit(
        "positional",
        "0.0",
        "Mask and other passed positionally: tl.load(ptr, mask, 0.0).",
        sub(KERNEL, "mask=mask, other=______", "mask, 0.0"),
    ),
    honest_edit(
        "all_keywords",
        "0.0",
        "Every argument by keyword, pointer= first and other= in the middle.",
        sub(
            KERNEL,
            "tl.load(row_ptr + cols, mask=mask, other=______)",
            "tl.load(pointer=row_ptr + cols, other=0.0, mask=mask)",
        ),
        executed=False,
    ),
    honest_edit(
        "multiline_call",
        "0.0",
        "The load call split over several lines with a trailing comma and a comment per argument.",
        sub(
            KERNEL,
            LOAD,
            "values = tl.load(\n        row_ptr + cols,\n        mask=mask,\n        other=0.0,  # 加法单位元\n    )",
        ),
    ),
    honest_edit(
        "trailing_comma",
        "0.0",
        "A trailing comma inside the call: other=0.0,).",
        sub(KERNEL, BLANK + ")", "other=0.0,)"),
        executed=False,
    ),
    honest_edit(
        "docstring_comments",
        "0.0",
        "A Chinese docstring in the kernel and extra comments around the filled line.",
        sub(
            KERNEL,
            "):\n    row = tl.program_id(0)",
            '):\n    """每个 program 对一行求和；padding lane 填加法单位元 0。"""\n    row = tl.program_id(0)',
        ),
        sub(
            KERNEL,
            LOAD,
            "# 被 mask 挡住的 lane 填 0，不改变和\n    values = tl.load(row_ptr + cols, mask=mask, other=0.0)  # 加法单位元：x + 0 = x",
        ),
    ),
    honest_ok(
        "import_math_top",
        "0.0",
        "`import math` added at the top of the exercise cell.",
        prepend_source(KERNEL, "import math\n"),
    ),
    honest_ok(
        "magic_matplotlib",
        "0.0",
        "IPython magics %matplotlib inline and %load_ext at the top of the exercise cell.",
        prepend_source(KERNEL, "%matplotlib inline\n%config InlineBackend.figure_format = 'retina'"),
    ),
    honest_edit(
        "black_reformatted",
        "0.0",
        "The whole exercise cell reformatted by black at line length 72.",
        set_source(KERNEL, BLACK_72),
    ),
    honest_edit(
        "renamed_vars",
        "0.0",
        "Local variables renamed (values->vals, row_ptr->p, mask->in_row) consistently.",
        sub(KERNEL, LOAD, "vals = tl.load(p + cols, mask=in_row, other=0.0)  # 加法单位元"),
        sub(KERNEL, "mask = cols < n_cols", "in_row = cols < n_cols"),
        sub(KERNEL, "row_ptr = x_ptr", "p = x_ptr"),
        sub(KERNEL, "tl.sum(values, axis=0)", "tl.sum(vals, axis=0)"),
    ),
    honest_edit(
        "comment_rewritten",
        "0.0",
        "The TODO comment on the load line replaced by the student's own Chinese note.",
        sub(
            KERNEL,
            LOAD,
            "values = tl.load(row_ptr + cols, mask=mask, other=0.0)  # 填 0.0：加法单位元，x + 0 = x",
        ),
        executed=False,
    ),
    honest_edit(
        "crlf_sources",
        "0.0",
        "Cell sources and the file itself with Windows CRLF line endings.",
        blank("0.0"),
        crlf_sources,
        crlf_file=True,
    ),
    honest_ok(
        "print_in_kernel",
        "0.0",
        "A debugging print of the program id left inside the kernel.",
        sub(KERNEL, "    row_ptr = x_ptr", '    print("row", row)\n    row_ptr = x_ptr'),
    ),
    honest_edit(
        "commented_old_attempt",
        "0.0",
        "An earlier wrong attempt with other=1.0 kept as a comment above the live 0.0 line.",
        sub(
            KERNEL,
            LOAD,
            "# values = tl.load(row_ptr + cols, mask=mask, other=1.0)  # 第一次填错了，每行多 28\n"
            "    values = tl.load(row_ptr + cols, mask=mask, other=0.0)  # 加法单位元",
        ),
    ),
    honest_ok(
        "explore_free_cells",
        "0.0",
        "Harmless exploration cells: vars(torch.testing), cudnn.benchmark, eval, versions, printoptions, rcParams.",
        insert_after("setup", EXPLORE_BEFORE),
        insert_after(BOUNDARY, EXPLORE_AFTER),
    ),
    honest_ok(
        "own_test_cell",
        "0.0",
        "The student's own extra test cell using assert_close aliases and a looser tolerance of its own.",
        insert_after(BOUNDARY, OWN_TESTS),
    ),
    honest_ok(
        "rerun_out_of_order",
        "0.0",
        "Ran top to bottom, then re-ran the check and the demo (counts out of order).",
        session=session_rerun,
    ),
    honest_ok(
        "hint_level4",
        "0.0",
        "Asked for all four hint levels before filling the blank.",
        set_source("hint", 'hint("other", 4)'),
    ),
    honest_ok(
        "static_only", "0.0", "Never ran the notebook and declared 仅静态审查 honestly.", executed=False
    ),
    case(
        "unrun_no_claim",
        "honest_correct",
        "Never ran the notebook and claims nothing about running it.",
        "full",
        "none",
        steps(
            blank("0.0"),
            answers(
                "我填的是 `0.0`。因为 0 是加法单位元，x + 0 = x，所以 padding lane 参与 `tl.sum` 也不改变每行的和；填 1.0 的话 N = 100 时每行会多 28。"
            ),
        ),
        executed=False,
    ),
    honest_ok(
        "forgot_record",
        "0.0",
        "Ran up to the checks but never ran the run-record cell.",
        session=session_forgot_record,
    ),
    case(
        "one_then_zero",
        "honest_correct",
        "First ran with 1.0 (check failed), fixed to 0.0 and re-ran the exercise, check and record.",
        "full",
        "none",
        steps(
            blank("1.0"),
            answers(
                "第一次我填了 `1.0`，可见检查失败：N = 100 时每行多出 28（128 − 100 个 padding lane 各加 1）。"
                "改成 `0.0` 后重新运行练习、检查和运行记录，通过了，因为 0 是加法单位元。"
            ),
        ),
        session=session_one_then_zero,
    ),
    case(
        "error_then_fix",
        "honest_correct",
        "First ran with the blank untouched (NameError), then filled 0.0 and re-ran from the exercise on.",
        "full",
        "none",
        steps(
            answers(
                "第一次忘了填空直接运行，报 NameError: name '______' is not defined。填 `0.0` 后重跑通过：0 是加法单位元。"
            )
        ),
        session=session_error_then_fix,
    ),
    honest_ok(
        "old_nbformat_no_ids",
        "0.0",
        "Saved by an older Jupyter as nbformat 4.4 without cell ids.",
        strip_cell_ids,
    ),
    honest_ok(
        "vscode_metadata",
        "0.0",
        "Edited and run in VS Code, which adds its own notebook and cell metadata.",
        vscode_metadata,
    ),
    case(
        "answers_with_markup",
        "honest_correct",
        "Answers with a markdown table, LaTeX, a code fence, <br> and comparisons like cols < n_cols.",
        "full",
        "none",
        steps(
            blank("0.0"),
            answers(
                explain_pass("0.0")
                + "\n\n```python\nvalues = tl.load(row_ptr + cols, mask=mask, other=0.0)\n```",
                q1=Q1
                + "\n\n| 阶段 | 内容 |\n| --- | --- |\n| 输入 | `mask = cols < n_cols` |\n| 输出 | $y_i = \\sum_j X_{i,j}$ |",
                q2=Q2 + "<br>即 $128 - 100 = 28$，且 28 < 128。",
            ),
        ),
    ),
    case(
        "mentions_tolerance",
        "honest_correct",
        "The note says the student was tempted to loosen atol but did not; nothing was changed.",
        "full",
        "none",
        steps(
            blank("0.0"),
            answers(
                explain_pass("0.0")
                + "一开始我以为是浮点误差，想把 atol 从 1e-4 放宽，但课上说不能修改检查和容差，所以没改，"
                "后来发现是 other 填错了。"
            ),
        ),
    ),
    honest_ok("victim", "0.0", "An ordinary correct student whose folder another student symlinks to."),
    honest_ok(
        "checkpoint_leftover",
        "0.0",
        "Jupyter's .ipynb_checkpoints copy (blank untouched) is handed in beside the correct notebook.",
        extra_files={".ipynb_checkpoints/lesson05-row-sum-checkpoint.ipynb": release_copy()},
        executed=False,
    ),
    honest_ok(
        "copy_notebook_extra",
        "0.0",
        "A 'Make a copy' notebook with a wrong experiment lies beside the correct notebook.",
        extra_files={"lesson05-row-sum-Copy1.ipynb": release_copy(blank("1.0"))},
        executed=False,
    ),
    honest_ok(
        "reduce_cell_played",
        "0.0",
        "The student edited the ungraded max/min/prod demo cell to try other inputs.",
        append_source("reduce", REDUCE_PLAYED),
    ),
    honest_ok(
        "debug_show_lanes",
        "0.0",
        "An added cell calls show_lanes(row_example, other=1.0) to see wrong padding (text other=1.0 outside the kernel).",
        insert_after(
            "lanes",
            "lanes_bad = show_lanes(row_example, other=1.0)\nprint(lanes_bad[98:102].tolist(), lanes_bad.sum().item())",
        ),
    ),
]

HONEST_REVIEW = [
    honest_edit(
        "pad_constant",
        "0.0",
        "A module-level constant PAD = 0.0 used as other=PAD (the value comes from a variable).",
        prepend_source(KERNEL, "PAD = 0.0  # 加法单位元\n\n"),
        blank("PAD"),
        code="review",
    ),
    honest_edit(
        "load_dup_reverse",
        "0.0",
        "The load line duplicated: first other=1.0, then other=0.0, so the second (correct) one wins.",
        sub(
            KERNEL,
            LOAD,
            "values = tl.load(row_ptr + cols, mask=mask, other=1.0)\n"
            "    values = tl.load(row_ptr + cols, mask=mask, other=0.0)  # 改成 0 之后通过",
        ),
        code="review",
    ),
    honest_edit(
        "values_cast",
        "0.0",
        "values reassigned after the load with a float32 cast.",
        blank("0.0"),
        sub(KERNEL, "    tl.store(", "    values = values.to(tl.float32)  # 保证 fp32 累加\n    tl.store("),
        code="review",
    ),
    honest_edit(
        "tl_zeros_other",
        "0.0",
        "other given as a zero block tensor tl.zeros((BLOCK_SIZE,), dtype=tl.float32).",
        blank("tl.zeros((BLOCK_SIZE,), dtype=tl.float32)"),
        code="review",
        executed=False,
    ),
]

# ---------------------------------------------------------------- honest, wrong

HONEST_WRONG = [
    honest_bad("one", "1.0", "The classic wrong identity 1.0 (the product's identity)."),
    honest_bad("one_int", "1", "Integer 1.", executed=False),
    honest_bad("neg_inf", "float('-inf')", "The max identity float('-inf') by confusion with Q3."),
    honest_bad(
        "neg_inf_minus",
        "-float('inf')",
        "-float('inf') as in Triton's softmax tutorial.",
        executed=False,
        checks=("no_csv_formula",),
    ),
    honest_bad("pos_inf", "float('inf')", "The min identity float('inf').", executed=False),
    honest_bad(
        "none_value",
        "None",
        "other=None, which the interpreter fills with 0 but a GPU leaves undefined.",
        passes=True,
    ),
    honest_bad(
        "omitted",
        None,
        "The other= argument deleted altogether; passes on the interpreter only by accident.",
        sub(KERNEL, ", other=______", ""),
        passes=True,
        shown="不写 other（删掉了）",
    ),
    honest_bad(
        "tiny_1e30",
        "1e-30",
        "A 'tiny' 1e-30 that hides inside every tolerance but is not the identity.",
        passes=True,
    ),
    honest_bad(
        "eps_1e7",
        "1e-7",
        "An 'epsilon' 1e-7 chosen to be harmless; within tolerance but not the identity.",
        passes=True,
    ),
    honest_bad("nan_value", "float('nan')", "float('nan') to 'mark' padding lanes.", executed=False),
    honest_bad("minus_one", "-1", "Integer -1.", checks=("no_csv_formula",), executed=False),
    honest_bad("half", "0.5", "0.5, a guess.", executed=False),
    honest_bad(
        "blank_untouched",
        None,
        "Ran the notebook without filling the blank (NameError).",
        explanation="我还没做出来：运行练习单元后检查报 NameError: name '______' is not defined，不知道该填什么。",
    ),
    honest_bad(
        "blank_emptied",
        None,
        "Deleted the underscores and left other= empty (SyntaxError).",
        sub(KERNEL, BLANK, "other="),
    ),
    honest_bad("c_suffix", "0.0f", "C habit 0.0f (SyntaxError) though 0 was meant.", code="zero_or_review"),
    honest_bad(
        "fullwidth_digits",
        "０.０",
        "Full-width digits typed with a Chinese IME (SyntaxError).",
        code="zero_or_review",
    ),
    honest_bad(
        "nbsp_paste",
        "\u00a00.0",
        "0.0 pasted from a web page with a no-break space before it (SyntaxError).",
        code="zero_or_review",
    ),
    honest_bad(
        "string_zero", "'0.0'", "The string '0.0' instead of a number.", code="zero_or_review", executed=False
    ),
    case(
        "zero_then_one",
        "honest_wrong",
        "Ran with 0.0, changed to 1.0, re-ran exercise and check (fails) and the record; hands in 1.0.",
        "zero",
        "none",
        steps(
            blank("0.0"),
            answers(
                "先填 `0.0` 时可见检查通过了。后来想验证一下讲义的说法，改成 `1.0` 重新运行练习和检查，"
                "检查失败（N = 100 时每行多 28），然后运行了运行记录，没来得及改回去。"
            ),
        ),
        session=session_zero_then_one,
    ),
    case(
        "load_dup_zero_then_one",
        "honest_wrong",
        "The load line duplicated: first other=0.0, then other=1.0, so the wrong one wins.",
        "zero_or_review",
        "none",
        steps(
            sub(
                KERNEL,
                LOAD,
                "values = tl.load(row_ptr + cols, mask=mask, other=0.0)  # TODO: 加法单位元\n"
                "    values = tl.load(row_ptr + cols, mask=mask, other=1.0)  # 试试 1.0",
            ),
            answers(explain_fail("1.0")),
        ),
    ),
    honest_bad(
        "values_reassigned_wrong",
        "0.0",
        "Loads with other=0.0 but then overwrites padding lanes with 1.0 via tl.where.",
        sub(KERNEL, "    tl.store(", "    values = tl.where(mask, values, 1.0)  # 试验\n    tl.store("),
        code="zero_or_review",
    ),
    honest_bad(
        "wrong_static_only", "1.0", "Wrote 1.0, never ran, declared 仅静态审查 honestly.", executed=False
    ),
    honest_bad(
        "commented_correct_live_wrong",
        None,
        "A correct 0.0 line is commented out above the live, wrong 1.0 line.",
        sub(
            KERNEL,
            LOAD,
            "# values = tl.load(row_ptr + cols, mask=mask, other=0.0)\n"
            "    values = tl.load(row_ptr + cols, mask=mask, other=1.0)  # TODO: 加法单位元",
        ),
        shown="1.0",
    ),
    case(
        "worked_in_copy",
        "honest_wrong",
        "All work is in lesson05-row-sum-Copy1.ipynb; the graded notebook is the untouched release.",
        "zero_or_review",
        "none",
        steps(),
        executed=False,
        extra_files={
            "lesson05-row-sum-Copy1.ipynb": release_copy(blank("0.0"), answers(explain_static("0.0")))
        },
    ),
    honest_bad(
        "checkpoint_has_correct",
        "1.0",
        "The notebook has 1.0 while its .ipynb_checkpoints copy has 0.0.",
        extra_files={".ipynb_checkpoints/lesson05-row-sum-checkpoint.ipynb": release_copy(blank("0.0"))},
        executed=False,
    ),
]

# ---------------------------------------------------------------- attacks: tampering with checks

PATCHES = [
    attack(
        "patch_alias_tt",
        "Makes assert_close a no-op through an alias, inside the exercise cell.",
        append_source(
            KERNEL, "import torch.testing as tt\n\ntt.assert_close = lambda *args, **kwargs: None  # 调试用"
        ),
    ),
    attack(
        "patch_importlib",
        "Patches importlib.import_module('torch').testing.assert_close in an added cell after setup.",
        insert_after(
            "setup",
            'import importlib\n\nimportlib.import_module("torch").testing.assert_close = lambda *a, **k: None',
        ),
    ),
    attack(
        "patch_sys_modules",
        "Patches sys.modules['torch'].testing.assert_close in an added cell before the check.",
        insert_before(
            CHECK, 'import sys\n\nsys.modules["torch"].testing.assert_close = lambda *a, **k: None'
        ),
        executed=False,
    ),
    attack(
        "patch_setattr_getattr",
        "setattr(getattr(torch, 'test'+'ing'), 'assert_'+'close', ...) with split strings.",
        append_source(
            KERNEL, 'setattr(getattr(torch, "test" + "ing"), "assert_" + "close", lambda *a, **k: None)'
        ),
        executed=False,
    ),
    attack(
        "patch_vars",
        "vars(torch.testing)['assert_close'] = no-op in an added cell.",
        insert_after(KERNEL, 'vars(torch.testing)["assert_close"] = lambda *a, **k: None'),
        executed=False,
    ),
    attack(
        "patch_dunder_dict",
        "torch.testing.__dict__.update(assert_close=no-op) inside the exercise cell.",
        append_source(KERNEL, "torch.testing.__dict__.update(assert_close=lambda *a, **k: None)"),
        executed=False,
    ),
    attack(
        "patch_code_object",
        "Replaces assert_close.__code__ so the function object (and its identity) stays the same.",
        append_source(
            KERNEL, "torch.testing.assert_close.__code__ = (lambda *args, **kwargs: None).__code__"
        ),
    ),
    attack(
        "patch_wraps_tolerance",
        "A functools.wraps wrapper with the original's name that forces atol=rtol=1e3.",
        insert_after(
            KERNEL,
            code(
                """
                import functools

                _strict = torch.testing.assert_close


                @functools.wraps(_strict)
                def assert_close(actual, expected, **kwargs):
                    kwargs.update(atol=1e3, rtol=1e3)
                    _strict(actual, expected, **kwargs)


                torch.testing.assert_close = assert_close
                """
            ),
        ),
    ),
    attack(
        "patch_exec_base64",
        "exec(base64.b64decode(...)) hides the assert_close patch from plain-text search.",
        insert_after("setup", f'import base64\n\nexec(base64.b64decode("{EXFIL_B64}").decode())'),
    ),
    attack(
        "patch_builtins_import",
        "Wraps builtins.__import__ so any later import (hidden tests' too) re-applies a no-op assert_close.",
        insert_after(
            "setup",
            code(
                """
                import builtins
                import sys

                _real_import = builtins.__import__


                def _no_check(*args, **kwargs):
                    return None


                def _quiet_import(name, *args, **kwargs):
                    module = _real_import(name, *args, **kwargs)
                    testing = sys.modules.get("torch.testing")
                    if testing is not None and testing.__dict__.get("assert_close") is not _no_check:
                        testing.assert_close = _no_check
                    return module


                builtins.__import__ = _quiet_import
                """
            ),
        ),
        executed=False,
    ),
    attack(
        "patch_showtraceback",
        "Silences IPython's showtraceback so failing checks leave no error output.",
        append_source(KERNEL, "get_ipython().showtraceback = lambda *a, **k: None"),
    ),
    attack(
        "patch_custom_exc",
        "set_custom_exc swallows AssertionError and prints the check's success line instead.",
        insert_after(
            "setup",
            code(
                """
                def _swallow(shell, etype, evalue, tb, tb_offset=None):
                    print("✅ row_sum 可见检查：通过")


                get_ipython().set_custom_exc((AssertionError,), _swallow)
                """
            ),
        ),
    ),
    attack(
        "patch_numpy_testing",
        "Neutralises numpy.testing.assert_allclose and torch.allclose for hidden tests.",
        insert_before(
            CHECK,
            code(
                """
                import numpy as np

                np.testing.assert_allclose = lambda *a, **k: None
                np.testing.assert_array_almost_equal = lambda *a, **k: None
                torch.allclose = lambda *a, **k: True
                """
            ),
        ),
        executed=False,
    ),
    attack(
        "patch_tensor_sum",
        "Rebinds torch.Tensor.sum so the reference x.sum(1) is computed by the wrong kernel.",
        append_source(
            KERNEL,
            code(
                """
                _torch_sum = torch.Tensor.sum


                def _sum(self, *args, **kwargs):
                    if args == (1,) and self.ndim == 2:
                        return row_sum(self)
                    return _torch_sum(self, *args, **kwargs)


                torch.Tensor.sum = _sum
                """
            ),
        ),
    ),
    attack(
        "shadow_torch_name",
        "Rebinds the global name torch to a namespace copy whose testing.assert_close does nothing.",
        insert_after(
            KERNEL,
            code(
                """
                import types

                _real_torch = torch
                torch = types.SimpleNamespace(**vars(_real_torch))
                torch.testing = types.SimpleNamespace(assert_close=lambda *a, **k: None)
                """
            ),
        ),
    ),
    attack(
        "input_transformer",
        "An IPython input transformer rewrites every later cell (hidden tests too) to drop assertions.",
        insert_after(
            "setup",
            code(
                r"""
                import re


                def _no_checks(lines):
                    out = []
                    for line in lines:
                        line = re.sub(r"\b(?:torch\.testing\.)?assert_close\(", "(lambda *a, **k: None)(", line)
                        out.append(re.sub(r"^(\s*)assert\b", r"\1pass  #", line))
                    return out


                get_ipython().input_transformers_cleanup.append(_no_checks)
                """
            ),
        ),
    ),
    attack(
        "ast_transformer",
        "An IPython AST transformer turns assert statements and assert_close calls into no-ops.",
        insert_after(
            "setup",
            code(
                """
                import ast


                class _DropChecks(ast.NodeTransformer):
                    def visit_Assert(self, node):
                        return ast.copy_location(ast.Pass(), node)

                    def visit_Call(self, node):
                        self.generic_visit(node)
                        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                        if name in ("assert_close", "assert_allclose"):
                            return ast.copy_location(ast.Constant(None), node)
                        return node


                get_ipython().ast_transformers.append(_DropChecks())
                """
            ),
        ),
    ),
    attack(
        "blank_side_effect",
        "The blank itself patches torch.testing while evaluating to 1.0, so running it in a trusted copy runs the patch.",
        value='(torch.testing.__dict__.__setitem__("assert_close", lambda *a, **k: None), 1.0)[1]',
    ),
    attack(
        "patch_tl_load",
        "Replaces triton.language.load with a Triton builtin that forces other=0.0 whatever the blank says.",
        prepend_source(
            KERNEL,
            code(
                """
                import triton.language as _tl_module

                _original_load = _tl_module.load


                @_tl_module.core.builtin
                def _padded_load(pointer, mask=None, other=None, *args, _semantic=None, **kwargs):
                    return _original_load(pointer, mask, 0.0, *args, _semantic=_semantic, **kwargs)


                _tl_module.load = _padded_load
                """
            )
            + "\n\n",
        ),
    ),
]

TEST_TAMPERING = [
    attack("delete_test_cell", "Deletes the visible check cell.", delete(CHECK)),
    attack(
        "edit_tolerance",
        "Loosens the visible check to atol=1e3.",
        sub(CHECK, TOLERANCE, "atol=1e3, rtol=1e-4"),
    ),
    attack(
        "gut_test_cell",
        "Replaces the check's body by a bare record.passed call.",
        set_source(
            CHECK,
            '# 可见检查：1×1、非 2 的幂宽度 100 和 257 的尾块。不要修改本单元，也不要放宽容差。\nrecord.passed("row_sum 可见检查")',
        ),
    ),
    attack(
        "boundary_cell_injection",
        "Puts an assert_close patch into the hidden-test placeholder cell ahead of the hidden tests.",
        append_source(BOUNDARY, "torch.testing.assert_close = lambda *a, **k: None"),
        executed=False,
    ),
    attack(
        "test_cell_unmarked",
        "Strips the check cell's nbgrader metadata and loosens its tolerance, so it no longer looks graded.",
        sub(CHECK, TOLERANCE, "atol=1e3, rtol=1e3"),
        unmark_cell(CHECK),
    ),
    attack(
        "duplicate_grade_id",
        "A copy of the exercise cell with other=0.0 and the same grade_id sits before the real one with 1.0.",
        duplicate_kernel_cell_first("0.0"),
        flag="any",
        executed=False,
    ),
    attack(
        "points_inflated",
        "Raises the points in the nbgrader metadata of test and answer cells.",
        inflate_points,
        flag="any",
        executed=False,
        explanation=STATIC_WRONG,
    ),
    attack(
        "row_sum_via_torch",
        "The wrapper launches the kernel but returns x.sum(1) computed by torch.",
        sub(KERNEL, WRAPPER_END, "    return x.sum(1)  # 保险起见"),
        flag="any",
    ),
    attack(
        "row_sum_redefined_cell",
        "An added cell after the exercise redefines row_sum as torch's sum.",
        insert_after(KERNEL, "def row_sum(x):\n    return x.sum(1)"),
        flag="any",
        executed=False,
    ),
    attack(
        "tl_where_rewrite",
        "Kernel rewritten with tl.where instead of other (no other= at all); correct but off the blank.",
        sub(KERNEL, LOAD, "values = tl.where(mask, tl.load(row_ptr + cols, mask=mask), 0.0)"),
        value=None,
        code="review",
        flag="any",
        explanation=explain_pass("tl.where(mask, ..., 0.0)"),
    ),
    attack(
        "docstring_decoy",
        "A kernel docstring quotes the correct other=0.0 line while the live line uses 1.0.",
        sub(
            KERNEL,
            "):\n    row = tl.program_id(0)",
            '):\n    """答案：values = tl.load(row_ptr + cols, mask=mask, other=0.0)"""\n    row = tl.program_id(0)',
        ),
        flag="any",
        executed=False,
        explanation=explain_static("0.0"),
    ),
    attack(
        "blank_or_decoy",
        "other=0.0 or 1.0 reads like 0.0 but evaluates to 1.0.",
        value="0.0 or 1.0",
        flag="any",
        executed=False,
        explanation=explain_static("0.0"),
    ),
    attack(
        "blank_conditional_decoy",
        "other=0.0 if BLOCK_SIZE < 0 else 1.0 starts with 0.0 but is always 1.0.",
        value="0.0 if BLOCK_SIZE < 0 else 1.0",
        flag="any",
        executed=False,
        explanation=explain_static("0.0"),
    ),
    attack(
        "shadow_float",
        "float is rebound at the top of the cell so other=float(0) evaluates to 1.0 in the student's kernel.",
        prepend_source(KERNEL, "float = lambda _value: 1.0  # noqa: A001\n"),
        value="float(0)",
        flag="any",
        executed=False,
    ),
    attack(
        "bidi_trojan",
        "A right-to-left override in the load line's comment makes other=1.0 render like 0.0.",
        value="1.0)  # \u202e 0.0=rehto \u2066",
        flag="any",
        executed=False,
        explanation=explain_static("0.0"),
    ),
    attack(
        "shadow_torch_module",
        "A torch/ package handed in beside the notebook shadows torch from the working directory.",
        executed=False,
        flag="any",
        explanation=explain_static("1.0"),
        extra_files={"torch/__init__.py": SHADOW_TORCH},
    ),
    attack(
        "sleep_forever",
        "The exercise cell sleeps for an hour after defining row_sum (denial of service on the grader).",
        append_source(KERNEL, "import time\n\ntime.sleep(3600)"),
        executed=False,
        flag="any",
        explanation=explain_static("1.0"),
    ),
]

# ---------------------------------------------------------------- attacks: run-record forgery

FORGERY = [
    attack(
        "forged_record_typed",
        "Never ran; the run-record output (a GPU run with the check passed) is typed in with a count.",
        set_outputs("record", [stream(FORGED_RECORD)], 8),
        executed=False,
        explanation="我填的是 `1.0`，在我的 RTX 3060 笔记本上实测运行，可见检查通过，运行记录见下方。",
    ),
    attack(
        "forged_all_outputs",
        "Never ran; plausible outputs with execution counts 1..n are typed into every code cell.",
        forge_all_outputs,
        executed=False,
        explanation="我填的是 `1.0`，在 RTX 3060 上从头到尾运行了一遍，可见检查通过，带宽也测了。",
    ),
    attack(
        "forged_record_markdown",
        "Never ran; a fake run record is pasted into the implementation note.",
        executed=False,
        explanation="我填的是 `1.0`，实测结果：\n\n```\n" + FORGED_RECORD + "```",
    ),
    attack(
        "record_edited",
        "Ran with 0.0, switched to 1.0 and re-ran (check fails), then pasted the old passing check and record outputs back.",
        value="0.0",
        session=session_record_edited,
    ),
    attack(
        "cached_outputs",
        "Ran with 0.0, then typed 1.0 into the blank without re-running; the stale outputs claim a pass.",
        value="0.0",
        session=session_cached,
    ),
    attack(
        "record_passed_direct",
        "An added cell calls record.passed('row_sum 可见检查') directly and the real check is never run.",
        insert_after(KERNEL, 'record.passed("row_sum 可见检查")'),
        session=session_skip_check,
    ),
    attack(
        "patch_runtime_describe",
        "Rebinds runtime.describe and _selected so the record claims a CUDA GPU run.",
        insert_before(
            "record",
            code(
                """
                from course import runtime as _rt

                _rt._selected = "cuda"
                _rt.describe = lambda: "cuda (CUDA GPU，Triton JIT 编译执行), NVIDIA GeForce RTX 4060 Laptop GPU"
                """
            ),
        ),
    ),
    attack(
        "record_cell_print",
        "The locked record cell's source is replaced by a print of a fake record, then really executed.",
        set_source("record", "print(" + repr(FORGED_RECORD) + ", end='')"),
    ),
]

# ---------------------------------------------------------------- attacks: hidden-test exfiltration

NO_LEAK = ("no_hidden_test_text",)

EXFIL = [
    attack(
        "exfil_ih_print",
        "The last cell prints IPython's In, _ih and Out, which hold the hidden tests after a grading run.",
        set_source("hint", "print(In)\nprint(_ih)\nprint(Out)"),
        flag="any",
        checks=NO_LEAK,
    ),
    attack(
        "exfil_history_manager",
        "An added last cell prints the session history from get_ipython().history_manager.",
        append_cell(
            code(
                """
                for _session, _line, _source in get_ipython().history_manager.get_range(output=False):
                    print(_line, _source)
                """
            )
        ),
        flag="any",
        checks=NO_LEAK,
    ),
    attack(
        "exfil_post_run_hook",
        "A post_run_cell hook registered in the exercise cell echoes each later cell's source into its output.",
        append_source(
            KERNEL,
            'get_ipython().events.register("post_run_cell", lambda result: print(result.info.raw_cell))',
        ),
        flag="any",
        checks=NO_LEAK,
    ),
    attack(
        "exfil_pre_run_stderr",
        "A pre_run_cell hook writes each cell's source to stderr before it runs.",
        insert_after(
            "setup",
            'import sys\n\nget_ipython().events.register("pre_run_cell", lambda info: sys.stderr.write(info.raw_cell))',
        ),
        flag="any",
        checks=NO_LEAK,
        executed=False,
    ),
    attack(
        "exfil_traceback",
        "An added last cell raises an exception whose message is the whole input history.",
        append_cell('raise RuntimeError("\\n".join(In))'),
        flag="any",
        checks=NO_LEAK,
    ),
    attack(
        "exfil_globals_source",
        "An added last cell prints inspect.getsource of every function in globals (hidden helpers too).",
        append_cell(
            code(
                """
                import inspect

                for _name, _obj in list(globals().items()):
                    if inspect.isfunction(_obj):
                        try:
                            print(inspect.getsource(_obj))
                        except (OSError, TypeError):
                            pass
                """
            )
        ),
        flag="any",
        checks=NO_LEAK,
        executed=False,
    ),
    attack(
        "exfil_display_markdown",
        "An added last cell renders the input history as Markdown output.",
        append_cell(
            'from IPython.display import Markdown, display\n\ndisplay(Markdown("```\\n" + "\\n".join(In) + "\\n```"))'
        ),
        flag="any",
        checks=NO_LEAK,
        executed=False,
    ),
]

# ---------------------------------------------------------------- attacks: markup, CSV, terminal, paths

MARKUP = ("no_live_markup",)

Q1_SCRIPT = Q1 + (
    "\n\n<script>alert('xss-q1')</script>\n<ScRiPt>alert(1)</sCrIpT>\n<scr<script>ipt>alert(2)</scr</script>ipt>"
)
Q2_HANDLERS = Q2 + (
    "\n\n<img src=x onerror=\"alert('xss-q2')\">\n<svg onload=alert(1)></svg>\n"
    "<details open ontoggle=alert(2)><summary>x</summary></details>\n<body onload=alert(3)>"
)
Q3_LINKS = Q3 + (
    "\n\n[点这里看推导](javascript:alert('xss-q3'))\n"
    '<a href="JaVaScRiPt:alert(1)">证明</a>\n'
    '<a href="jav&#x09;ascript:alert(2)">证明二</a>\n'
    '<iframe src="javascript:alert(3)"></iframe>\n'
    '<a href="data:text/html,<script>alert(4)</script>">数据</a>'
)

INJECTION = [
    attack(
        "html_script_answer",
        "Q1 answer carries <script> elements, one mixed-case and one split to dodge naive filters.",
        executed=False,
        flag="any",
        explanation=STATIC_WRONG,
        q1=Q1_SCRIPT,
        checks=MARKUP,
    ),
    attack(
        "html_event_handlers",
        "Q2 answer carries <img onerror>, <svg onload>, <details ontoggle> and <body onload>.",
        executed=False,
        flag="any",
        explanation=STATIC_WRONG,
        q2=Q2_HANDLERS,
        checks=MARKUP,
    ),
    attack(
        "html_js_links",
        "Q3 answer carries javascript: links in markdown, mixed case, entity-split, in an iframe and a data: URL.",
        executed=False,
        flag="any",
        explanation=STATIC_WRONG,
        q3=Q3_LINKS,
        checks=MARKUP,
    ),
    attack(
        "display_html_output",
        "A cell displays HTML with <script> and onerror, and a last cell raises an exception whose message is HTML.",
        insert_after(
            CHECK,
            code(
                """
                from IPython.display import HTML, display

                display(HTML("<script>alert('xss-out')</script><img src=x onerror=alert('xss-img')>"))
                """
            ),
        ),
        append_cell("raise ValueError(\"<script>alert('xss-err')</script><img src=x onerror=alert(3)>\")"),
        flag="any",
        checks=MARKUP,
    ),
    attack(
        "display_javascript",
        "A cell displays a Javascript object and an SVG with onload (application/javascript, image/svg+xml).",
        insert_after(
            CHECK,
            code(
                """
                from IPython.display import SVG, Javascript, display

                display(Javascript("alert('xss-js')"))
                display(SVG('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'))
                """
            ),
        ),
        flag="any",
        checks=MARKUP,
    ),
    attack(
        "html_in_code_and_stream",
        "Closing tags and a <script> in the load line's comment, and an <img onerror> in printed output.",
        sub(KERNEL, "# TODO: 加法单位元", "# </pre></code></textarea><script>alert('xss-code')</script>"),
        set_source("hint", "print(\"<img src=x onerror=alert('xss-stream')>\")"),
        flag="any",
        checks=MARKUP,
    ),
    attack(
        "html_folder_name",
        "The student folder name is itself an <img onerror> tag.",
        executed=False,
        flag="any",
        student="<img src=x onerror=alert('xss-name')>",
        explanation=STATIC_WRONG,
        checks=MARKUP,
    ),
    attack(
        "csv_answer",
        "Answers that start with spreadsheet formulas (=HYPERLINK, =, +, @, -).",
        executed=False,
        flag="any",
        explanation='=HYPERLINK("http://evil.example/","点我")',
        q1="=1+2*3",
        q2="+cmd|' /C calc'!A0",
        q3="@SUM(1+1)",
        checks=("no_csv_formula",),
    ),
]

CSV = ("no_csv_formula",)
NAMES = [
    attack(
        "csv_name_equals",
        "Student folder named =1+2.",
        executed=False,
        flag="any",
        student="=1+2",
        explanation=STATIC_WRONG,
        checks=CSV,
    ),
    attack(
        "csv_name_plus",
        "Student folder named +1+2.",
        executed=False,
        flag="any",
        student="+1+2",
        explanation=STATIC_WRONG,
        checks=CSV,
    ),
    attack(
        "csv_name_minus",
        "Student folder named -1+2.",
        executed=False,
        flag="any",
        student="-1+2",
        explanation=STATIC_WRONG,
        checks=CSV,
    ),
    attack(
        "csv_name_at",
        "Student folder named @SUM(1+1).",
        executed=False,
        flag="any",
        student="@SUM(1+1)",
        explanation=STATIC_WRONG,
        checks=CSV,
    ),
    attack(
        "csv_name_tab",
        "Student folder name starting with a tab then =1+2.",
        executed=False,
        flag="any",
        student="\t=1+2",
        explanation=STATIC_WRONG,
        checks=CSV,
    ),
    attack(
        "csv_name_cr",
        "Student folder name starting with a carriage return then =1+2.",
        executed=False,
        flag="any",
        student="\r=1+2",
        explanation=STATIC_WRONG,
        checks=CSV + ("no_raw_control_chars",),
    ),
    attack(
        "esc_title_name",
        "Student folder named with an OSC escape that retitles the terminal.",
        executed=False,
        flag="any",
        student="\x1b]0;pwned\x07",
        explanation=STATIC_WRONG,
        checks=("no_raw_control_chars",),
    ),
    attack(
        "esc_clear_name",
        "Student folder named with CSI escapes that clear the screen and home the cursor.",
        executed=False,
        flag="any",
        student="\x1b[2J\x1b[Hstudent",
        explanation=STATIC_WRONG,
        checks=("no_raw_control_chars",),
    ),
    attack(
        "ansi_in_notebook",
        "ESC sequences in answers, in the load line's comment and in printed output.",
        sub(KERNEL, "# TODO: 加法单位元", "# \x1b[2J\x1b[31m已通过\x1b[0m"),
        set_source("hint", 'print("\\x1b[2J\\x1b[H\\x1b]0;graded 10/10\\x07")'),
        flag="any",
        explanation="我填的是 `1.0`。\x1b[1A\x1b[2K\x1b[32m满分\x1b[0m \x1b]8;;http://evil.example/\x07link\x1b]8;;\x07",
        checks=("no_raw_control_chars",),
    ),
    case(
        "sym_dir",
        "attack",
        "The assignment folder is a relative symlink to the correct victim's folder.",
        "zero_or_review",
        "any",
        steps(),
        executed=False,
        symlink={"path": ASSIGNMENT, "target": f"../victim/{ASSIGNMENT}"},
        checks=("not_graded_from_elsewhere",),
    ),
    case(
        "sym_file",
        "attack",
        "The notebook file is a relative symlink to the correct victim's notebook.",
        "zero_or_review",
        "any",
        steps(),
        executed=False,
        symlink={
            "path": f"{ASSIGNMENT}/{ASSIGNMENT}.ipynb",
            "target": f"../../victim/{ASSIGNMENT}/{ASSIGNMENT}.ipynb",
        },
        checks=("not_graded_from_elsewhere",),
    ),
]

CASES = (
    HONEST_CORRECT
    + HONEST_REVIEW
    + HONEST_WRONG
    + PATCHES
    + TEST_TAMPERING
    + FORGERY
    + EXFIL
    + INJECTION
    + NAMES
)


def _validate(cases: list[dict]) -> None:
    """Unique ids and students, known labels."""
    ids = [item["id"] for item in cases]
    students = [item["student"] for item in cases]
    assert len(set(ids)) == len(ids), "duplicate case id"
    assert len(set(students)) == len(students), "duplicate student folder"
    for item in cases:
        assert item["category"] in ("honest_correct", "honest_wrong", "attack"), item["id"]
        assert item["expect"]["code"] in ("full", "zero", "review", "zero_or_review"), item["id"]
        assert item["expect"]["flag"] in ("none", "must_flag", "any"), item["id"]


_validate(CASES)
