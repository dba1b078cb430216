"""Write the example submissions of lesson 5 from the release notebook, as students would hand them in.

Each student fills the release in their own way and, where they say they ran it,
the notebook is really executed (Triton interpreter on the CPU), so its outputs
are genuine. Run again after the release changes:

    python examples/make_submissions.py
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from autograder.lesson.registry import lesson
from course import runtime

ASSIGNMENT = "lesson05-row-sum"
HERE = Path(__file__).resolve().parent / "submissions"

GOOD = {
    "Q1": "输入阶段：grid=(M,)，每个 program 负责一行，cols = tl.arange(0, BLOCK) 长度取 N 的下一个 2 的幂，"
    "mask = cols < N 标出真实列；tl.load 只为真实列读显存，越界的 lane 不访存，直接填成 other=0.0。"
    "状态变化：tl.sum 在寄存器里做树状折半相加，因为 padding lane 是加法单位元 0，x + 0 = x，所以它们不会改变总和。"
    "输出阶段：得到一个标量，用 tl.store 写回 out[row]，各行互不影响。",
    "Q2": "因为 tl.arange 的长度和块的形状必须是 2 的幂，所以 N=100 时只能取 BLOCK = next_power_of_2(100) = 128，"
    "多出 28 个 lane。这些 lane 被 mask 挡住不读显存，并填入单位元 0.0，所以不改变求和结果；"
    "代价是大约 22% 的寄存器和加法空转，但没有额外的显存流量。",
    "Q3": "应改成负无穷 float('-inf')，因为 max 的单位元是 -inf：max(x, -inf) = x，padding lane 永远不会胜出。"
    "如果还用 0.0，一行全是负数时 0.0 会被当成最大值，结果就错了。",
    "explanation": "我填了 0.0，因为它是加法单位元，padding lane 加进来不改变和。可见检查全部通过；"
    "我还试过 1.0，宽度 100 时每行多了 28（正好是 padding lane 数），而 1×1 没有 padding 所以发现不了。",
}
PARTIAL = {
    "Q1": "每行一个 program，用 mask 处理越界，然后 tl.sum 求和再 store。",
    "Q2": "因为 BLOCK 要是 2 的幂，所以是 128，多出 28 个。",
    "Q3": "改成 -inf。",
    "explanation": "我填的是 1.0，因为乘法单位元是 1，我以为这里也是一样。",
}
STUDENTS = {
    # name: (blank answer, answers, execute?, edit)
    "alice": ("0.0", GOOD, True, None),
    "bob": ("1.0", PARTIAL, True, None),
    "carol": ("______", {}, True, None),
    "dave": ("1.0", PARTIAL, True, "loosen_tolerance"),
    "erin": ("1.0", GOOD, True, "monkeypatch"),
    "grace": (
        "0.0",
        GOOD
        | {
            "explanation": "仅静态审查：我的电脑不能运行 Triton。我填 0.0，因为它是加法单位元，padding lane 不改变和。"
        },
        False,
        None,
    ),
}


def _cell(nb, grade_id):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def fill(release, blank: str, answers: dict, edit: str | None):
    nb = nbformat.from_dict(release)
    code = _cell(nb, "row_sum_kernel")
    code.source = code.source.replace("______", blank)
    if edit == "monkeypatch":
        code.source += "\n\nimport torch\ntorch.testing.assert_close = lambda *args, **kwargs: None\n"
    if edit == "loosen_tolerance":
        test = _cell(nb, "test_row_sum_normal")
        test.source = test.source.replace("atol=1e-4, rtol=1e-4", "atol=100, rtol=100")
    for grade_id, text in answers.items():
        _cell(nb, grade_id).source = text
    return nb


def execute(nb, workdir: Path):
    client = NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(workdir)}},
    )
    client.execute()
    return nb


def main() -> None:
    runtime.select("interpret")  # the kernels below inherit it: examples are made on the CPU
    write_submissions(ASSIGNMENT, STUDENTS, fill)


def write_submissions(assignment: str, students: dict, fill) -> None:
    """Each student's notebook: the release filled by `fill(release, blanks, answers, edit)`, run on the
    interpreter when the student says they ran it; frank's is alice's, truncated (a broken upload)."""
    release = nbformat.read(lesson(assignment).release_notebook, as_version=4)
    for student, (blanks, answers, run, edit) in students.items():
        nb = fill(release, blanks, answers, edit)
        if run:
            with tempfile.TemporaryDirectory() as tmp:
                nb = execute(nb, Path(tmp))
        target = HERE / student / assignment / f"{assignment}.ipynb"
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, target)
        print(f"wrote {target.relative_to(HERE.parent.parent)}")
    corrupt = HERE / "frank" / assignment / f"{assignment}.ipynb"
    corrupt.parent.mkdir(parents=True, exist_ok=True)
    text = (HERE / "alice" / assignment / f"{assignment}.ipynb").read_text(encoding="utf-8")
    corrupt.write_text(text[: len(text) // 3], encoding="utf-8")  # a truncated upload
    print(f"wrote {corrupt.relative_to(HERE.parent.parent)} (truncated on purpose)")


if __name__ == "__main__":
    # Only this lesson's folders: lessons 6 and 7 keep their examples beside these (make_submissions_lesson0N.py).
    for folder in HERE.glob(f"*/{ASSIGNMENT}"):
        shutil.rmtree(folder)
    main()
