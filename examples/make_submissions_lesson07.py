"""Write the example submissions of lesson 7 beside lesson 5's, as the same students would hand them in.

Each student of examples/submissions/ also hands in lesson07-softmax (nbgrader's layout holds one folder per
assignment), so `python -m autograder grade lesson07-softmax --submissions examples/submissions` grades the
whole roster. Notebooks the student says they ran are really executed on the CPU interpreter. Run again
after the release changes (examples/make_submissions.py rewrites the whole folder: run this one after it):

    python examples/make_submissions_lesson07.py
"""

from __future__ import annotations

import shutil

import nbformat
from make_submissions import HERE, _cell, write_submissions  # examples/ is this script's folder

from course import runtime

ASSIGNMENT = "lesson07-softmax"
RIGHT = ('-float("inf")', "row_max")

GOOD = {
    "Q1": "输入：mask = cols < N 挡住多出来的 lane，它们不读显存，直接填 other = -inf。"
    "状态变化：因为 max(x, -inf) = x，padding lane 不会成为最大值；之后 exp(-inf - m) = 0，所以它们不进分母。"
    "输出：写回 exp(x - m) / 分母，store 带 mask。如果填 0.0，全是负数的行最大值被顶替成 0，"
    "每个 padding lane 又贡献 exp(0) = 1，分母多出 padding lane 的个数，每行之和小于 1。",
    "Q2": "因为 fp32 的 exp 在 x 超过约 88.7 时溢出为 inf，一行里有 1000 时分母是 inf，结果是 NaN。"
    "减去最大值后 x - m <= 0，exp 落在 (0, 1]，最大那一项是 1，所以分母在 [1, N]，不溢出也不为 0。"
    "结果不变，因为分子分母同乘 e^{-m}，约掉了。log-softmax 直接用 (x - m) - log(分母)，"
    "因为先算 softmax 时很小的概率下溢为 0，log(0) = -inf。",
    "Q3": "朴素实现 5 个 kernel，中间结果都写回显存，读 5MN + 2M、写 3MN + 2M；融合 kernel 把中间状态留在寄存器里，"
    "只读 MN、写 MN。因为 softmax 访存受限，时间正比于字节数，所以预测约 4 倍。第 3 节的 H200 实测 4096×4096 快 5.09 倍，"
    "符合；N = 128 只快 2.0 倍，因为矩阵只有 2 MB，中间结果留在 L2 缓存里，而且启动开销占主导。",
    "explanation": '我在 other 填 -float("inf")，因为它是 max 的单位元，exp 之后是 0，不进分母；shift 填 row_max，'
    "因为减去最大值后 exp 不会溢出。我试过 other 填 0.0，宽度 100 的检查失败了，每行之和小于 1。",
}
PARTIAL = {
    "Q1": "padding lane 填 0 也行，因为 exp(0) 很小，可以忽略，对分母几乎没有影响。",
    "Q2": "为了防止 exp 溢出。",
    "Q3": "朴素读 5MN+2M 写 3MN+2M，融合读写各 MN，约 4 倍。",
    "explanation": "我填了 0.0 和 row_max，可见检查没过，不知道为什么。",
}
NO_SHIFT = GOOD | {
    "Q2": "减最大值只是为了好看，让数字小一点，其实不减也一样能算。",
    "explanation": '我在 other 填了 -float("inf")，shift 填 0，可见检查都通过了，所以我觉得不用减最大值。',
}
STUDENTS = {
    # name: ((other, shift), answers, execute?, edit)
    "alice": (RIGHT, GOOD, True, None),
    "bob": (("0.0", "row_max"), PARTIAL, True, None),
    "carol": (('-float("inf")', "0"), NO_SHIFT, True, None),
    "dave": (("0.0", "row_max"), PARTIAL, True, "loosen_tolerance"),
    "erin": (("0.0", "row_max"), GOOD, True, "monkeypatch"),
    "grace": (
        RIGHT,
        GOOD
        | {
            "explanation": '仅静态审查：我的电脑不能运行 Triton。other 填 -float("inf")，shift 填 row_max，'
            "因为 -inf 在 max 中不胜出、exp 后为 0，减最大值防止 exp 溢出。"
        },  # fmt: skip
        False,
        None,
    ),
}


def fill(release, blanks: tuple[str, str], answers: dict, edit: str | None):
    nb = nbformat.from_dict(release)
    code = _cell(nb, "softmax_kernel")
    for value in blanks:  # in reading order: other=, then shift=
        code.source = code.source.replace("______", value, 1)
    if edit == "monkeypatch":
        code.source += "\n\nimport torch\ntorch.testing.assert_close = lambda *args, **kwargs: None\n"
    if edit == "loosen_tolerance":
        test = _cell(nb, "test_softmax_normal")
        test.source = test.source.replace("atol=1e-6, rtol=1e-4", "atol=1.0, rtol=1.0").replace(
            "atol=1e-5, rtol=0.0", "atol=1.0, rtol=0.0"
        )
    for grade_id, text in answers.items():
        _cell(nb, grade_id).source = text
    return nb


def main() -> None:
    runtime.select("interpret")
    write_submissions(ASSIGNMENT, STUDENTS, fill)


if __name__ == "__main__":
    for folder in HERE.glob(f"*/{ASSIGNMENT}"):
        shutil.rmtree(folder)
    main()
