"""Write the example submissions of lesson 6 from its release notebook, as students would hand them in.

The same students as lesson 5 (examples/make_submissions.py), each with a lesson06-mean-var/ folder
beside their lesson05-row-sum/ one, so that grading either assignment over examples/submissions finds
every student. Notebooks are really executed on the Triton interpreter where the student says they ran.

    python examples/make_submissions_lesson06.py

It rewrites only the lesson06-mean-var/ folders (make_submissions.py likewise touches only lesson 5's).
"""

from __future__ import annotations

import nbformat
from make_submissions import _cell, write_submissions  # examples/ is this script's folder

from course import runtime

ASSIGNMENT = "lesson06-mean-var"
EXERCISE = "mean_var_kernel"

GOOD = {
    "Q1": "输入：每行一个 program，mask = cols < N，padding lane 通过 other=0.0 得到 0；因为 0 是加法单位元，"
    "所以 tl.sum(x) 是真实元素之和，除以 N 的均值是对的。状态变化：x - mean 对每个 lane 都做，padding lane 从 0 "
    "变成了 -mean，不再是单位元；因为平方后每个 padding lane 多加 mean²，方差会偏大，所以要 "
    "tl.where(mask, x - mean, 0.0) 再 mask 一次。输出：平方和除以 N 得方差，加 eps 开方取倒数得到 rstd，写回。",
    "Q2": "因为一行只有 N 个真实元素，padding 只是凑 2 的幂的块长，填的 0 不是数据；除以 BLOCK_SIZE 会把这些 0 "
    "算进平均，N = 100 时均值缩小到 100/128，只有 N 是 2 的幂时才碰巧相等。fp16 最大 65504、只有 11 位有效位，"
    "平方和会溢出成 inf，所以先转 fp32 再累加。",
    "Q3": "因为均值约 1e4 时 mean(x²) 和 mean(x)² 都约 1e8，fp32 在 1e8 附近相邻数相差 8，两个几乎相等的大数相减，"
    "约为 1 的方差被舍入误差淹没（灾难性抵消），甚至算出负方差。tl.maximum(var, 0.0) 防负方差，否则开方得 NaN；"
    "eps 防方差为 0 时 1/sqrt(0) = inf，所以加在开方之前。取舍在于：单遍只读一遍数据、省带宽；两遍法要多读一次，"
    "但因为先减均值再平方，没有抵消。",
    "explanation": "除数填 n_cols，因为只有 N 个真实元素；第二次 mask 填 0.0，因为 x - mean 把 padding 变成 -mean，"
    "要放回 0。可见检查都通过了；我试过填 1.0，宽度 100 时方差每行多了 0.28。",
}
PARTIAL = {
    "Q1": "padding 填 0，所以均值对。方差要再用 tl.where。",
    "Q2": "因为 BLOCK_SIZE 里有 padding，所以要除以 N。",
    "Q3": "单遍公式精度不好。eps 防止除以 0。",
    "explanation": "我把除数填成 BLOCK_SIZE，第二次 mask 填 1.0，宽度 100 的检查没有通过。",
}
STUDENTS = {
    # name: ((divisor, centered_other), answers, execute?, edit)
    "alice": (("n_cols", "0.0"), GOOD, True, None),
    "bob": (("BLOCK_SIZE", "1.0"), PARTIAL, True, None),
    "carol": (("______", "______"), {}, True, None),
    "dave": (("BLOCK_SIZE", "1.0"), PARTIAL, True, "loosen_tolerance"),
    "erin": (("BLOCK_SIZE", "0.0"), GOOD, True, "monkeypatch"),
    "grace": (
        ("n_cols", "0.0"),
        GOOD
        | {
            "explanation": "仅静态审查：我的电脑不能运行 Triton。我手推了 [1, 3, 5, 7, 9]、BLOCK_SIZE = 8："
            "x - mean 后 padding 是 -5，所以第二次 mask 填 0.0；只有 5 个真实元素，所以除以 n_cols。"
        },
        False,
        None,
    ),
}


def fill(release, blanks: tuple[str, str], answers: dict, edit: str | None):
    nb = nbformat.from_dict(release)
    code = _cell(nb, EXERCISE)
    for value in blanks:
        code.source = code.source.replace("______", value, 1)
    if edit == "monkeypatch":
        code.source += "\n\nimport torch\ntorch.testing.assert_close = lambda *args, **kwargs: None\n"
    if edit == "loosen_tolerance":
        test = _cell(nb, "test_mean_var_normal")
        test.source = test.source.replace("atol=1e-4, rtol=1e-4", "atol=10, rtol=10")
    for grade_id, text in answers.items():
        _cell(nb, grade_id).source = text
    return nb


def main() -> None:
    runtime.select("interpret")  # the kernels below inherit it: examples are made on the CPU
    write_submissions(ASSIGNMENT, STUDENTS, fill)


if __name__ == "__main__":
    main()
