# ---
# jupyter:
#   jupytext:
#     cell_metadata_filter: role,grade_id,points,-all
#     formats: py:percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 第 5 课：行归约与 Padding 单位元
#
# ## 1. 目标与通过标准
#
# 学完本课，你应当能够：
#
# - 用 Triton 写出**任意列数**（不必是 2 的幂）的按行求和 kernel；
# - 说清楚为什么被 mask 掉的 lane 必须填入该归约运算的**单位元**：求和填 0，乘积填 1，
#   最大值填 −∞，最小值填 +∞，以及填错时会错成什么样。
#
# **通过标准**（四条同时满足）：
#
# 1. 独立补齐本课唯一的代码填空，并通过可见检查与隐藏检查；
# 2. Q1～Q3 每题都讲出因果链（"因为……所以……"），而不是堆术语；
# 3. 至少指出一个正确性边界和一个性能取舍；
# 4. 总分 ≥ 8/10，且没有一票否决。
#
# 分值：代码 4 分（正常输入 2、边界输入 1、实现说明 1），Q1～Q3 各 2 分。
# 一票否决：结果碰巧正确但因果链错误；删除或放宽检查；把没有运行的结果说成实测。
#
# **前置知识**：Python、PyTorch 张量与 stride、CUDA 的线程/内存基本概念、
# 第 4 课的二维 grid 与 stride。
#
# **本课在路线中的位置**：`tl.sum` 在一个 program 内部把一个块张量归约成标量；
# 块的长度通常取列数的下一个 2 的幂。之后的均值方差（第 6 课）、softmax（第 7 课）、
# 长行分块（第 8 课）都建立在这一步之上。

# %% [markdown]
# ### 运行环境
#
# 下一个单元选择后端：有 CUDA GPU 时用真正的 JIT 编译；没有时自动切换到 Triton 自带的解释器
# （`TRITON_INTERPRET=1`，在 CPU 上逐个 program 模拟执行）。这个开关**必须在 `import triton`
# 之前**打开：`@triton.jit` 在装饰函数的那一刻读取 `TRITON_INTERPRET`，据此把函数包装成 GPU 编译用的
# `JITFunction` 或解释器用的 `InterpretedFunction`；而 `tl.sum` 本身就是一个 `@triton.jit` 函数，
# 在导入 triton 时就已经包装成了 `JITFunction`。之后再打开开关，你的 kernel 交给了解释器，kernel 里的
# `tl.sum` 却还是 GPU 版本，解释器一调用它就报错："Cannot call @triton.jit'd outside of the scope of a kernel"。
# 若你先导入了 triton，请重启内核（Kernel → Restart）再从头运行。

# %%
from course import runtime

BACKEND = runtime.select()  # "cuda" 或 "interpret"；必须先于 import triton

import torch
import triton
import triton.language as tl

from course import bench, diagnose, record, viz
from course.hints import Hints

DEVICE = runtime.device()
hint = Hints("lesson05-row-sum")
print("本次运行：", runtime.describe())

# %% [markdown]
# ## 2. 心智模型
#
# 对矩阵 $X \in \mathbb{R}^{M \times N}$，行求和输出长度为 $M$ 的向量：
# $y_i = \sum_{j=0}^{N-1} X_{i,j}$。
#
# 在 CUDA C 里，一行的归约要由一个线程块协作完成：手动管理共享内存、多次 `__syncthreads()`、
# 再用 warp shuffle 折半相加。Triton 把这些都藏进了 `tl.sum`：你在 program 里拿到一个块张量，
# 调用 `tl.sum(values, axis=0)`，编译器负责生成线程内累加、warp 内 shuffle、warp 间经共享内存合并。
#
# 代价是一条形状约束：`tl.arange(0, BLOCK_SIZE)` 的长度必须是 2 的幂。列数 $N$ 是任意的，
# 所以块几乎总比一行长，多出来的 lane 必须既**不读越界内存**，又**不改变归约结果**。
#
# **输入状态 → 中间状态 → 输出状态**：
#
# 1. **输入**：grid = `(M,)`，第 `row` 个 program 负责第 `row` 行；
#    `cols = tl.arange(0, BLOCK_SIZE)`，`BLOCK_SIZE = triton.next_power_of_2(N)`；
#    `mask = cols < N` 标出真实的列。
# 2. **中间**：`tl.load(..., mask=mask, other=单位元)` 把真实列从显存读进寄存器，
#    被 mask 掉的 lane 不访问显存，直接在寄存器里置为单位元；`tl.sum` 做树状折半相加：每个线程先在
#    寄存器里加自己持有的 lane，同一 warp 的线程再用 shuffle 交换寄存器两两相加，各 warp 的部分和最后
#    经共享内存汇合。因为 $x + 0 = x$，padding lane 在每一层相加里都不改变结果。
# 3. **输出**：归约得到一个标量，`tl.store(out_ptr + row, ...)` 写回第 `row` 个位置。各行互不干扰。
#
# ![图 5-1：一行数据载入寄存器：前 N 个 lane 来自显存，其余 lane 由 mask 挡住并填入单位元](img/padded-lanes.png)
#
# ![图 5-2：128 个 lane 经 7 级折半相加归约成 1 个标量，padding lane 贡献 0](img/reduction-tree.png)

# %% [markdown]
# ## 3. 正确性条件与性能取舍
#
# ### 单位元必须与运算配对
#
# | 归约 | 单位元（`other`） | 填错时会怎样 |
# | --- | --- | --- |
# | sum | `0.0` | 填 `1.0`：每行多出 `BLOCK_SIZE − N`，例如 N = 100 时每行大 28 |
# | prod | `1.0` | 填 `0.0`：只要有一个 padding lane，整行乘积变成 0 |
# | max | `float("-inf")` | 填 `0.0`：一行全是负数时，padding 的 0 反而成了"最大值" |
# | min | `float("inf")` | 填 `0.0`：一行全是正数时，结果被压成 0 |
#
# 单位元 $e$ 的定义是：对任意 $x$，$x \oplus e = x$。只有它能让 padding lane 参与任意层级的两两合并
# 而不污染结果。
#
# ### 常见错误
#
# - **省略 `other`**：Triton 文档只规定"mask 为假的 lane 返回 `other`"，没有说省略 `other` 时返回什么，
#   所以这些 lane 里是什么不受语言保证。实测 fp32 时，H200 上（triton 3.6）和解释器里都填了 0，
#   于是求和"碰巧对了"。不要依赖这个巧合：它只是当前实现的行为，而且 0 不是 max、min、prod 的单位元，
#   求最大值时它一样会错。
# - **只用 2 的幂宽度测试**：N = 128 时 `BLOCK_SIZE − N = 0`，填错的单位元也看不出来。
#   测试要包含 100、257 这样的非 2 的幂宽度。
# - **不加 mask**：GPU 上可能越界读到下一行甚至非法地址；解释器不检查越界，会静默读到垃圾。
#
# ### 块大小的上限与两种补救
#
# Triton 限制单个块张量的元素数不超过 `TRITON_MAX_TENSOR_NUMEL`（$2^{20}$），但块能开多大，
# 还要看 kernel 要让多少数据同时留在寄存器里。在 H200 上（triton 3.6，fp32，默认 4 个 warp）实测：
# 本课的 `row_sum` 从 `BLOCK_SIZE` = 1024 到 131072 都没有寄存器溢出（spill），每线程至多用 32 个寄存器，
# 因为读进来的值加完就不再需要；而像 softmax 那样要把整行留到最后写回的 kernel，`BLOCK_SIZE` = 16384 时
# 每线程已用 179 个寄存器，32768 时用满 255 个并开始溢出到本地内存，131072 时单是编译就要 8 秒多。
# 一行很长（例如 N = 65536）时有两种办法：
#
# 1. **单 program 沿列循环**：用较小的 `BLOCK_SIZE` 分块读、在寄存器里累加（第 8 课）；
# 2. **两阶段归约**（two-pass）：第一遍多个 program 各算一段的部分和，第二遍再把部分和加起来。
#
# ### 性能：padding 浪费的是什么
#
# N = 1025 时 `BLOCK_SIZE = 2048`，有 1023 个 lane（近一半）只装着单位元。它们占寄存器、做无用的加法，
# 但**不访问显存**，所以不浪费带宽。行归约是访存受限的运算，只要寄存器不溢出，这点算术浪费几乎看不出来；
# 浪费太大时，改用较小的 `BLOCK_SIZE` 沿列循环。
#
# 下面是在 GPU 上实测的带宽（GB/s，`triton.testing.do_bench`，首次 JIT 不计入）。没有 GPU 时，
# 这里显示仓库里提交的实测结果（`benchmarks/results/lesson05-row-sum.json`），并注明测量日期与设备。
# 在 NVIDIA H200 上（triton 3.6，fp32；N ≥ 4 时每个输入约 64 MB，N = 1、2 时行数封顶在 $2^{22}$，
# 输入只有 16 MB、32 MB）：
#
# - N = 1024 时 2702 GB/s，N = 1025（`BLOCK_SIZE` 跳到 2048，近一半 lane 是 padding）时 2671 GB/s：
#   padding 几乎不花带宽，印证了"浪费的是寄存器和算术，不是显存流量"；
# - N = 100 时只有 639 GB/s（`torch.sum` 为 1154 GB/s），N = 1 时 13 GB/s：行太短时每个 program
#   的工作量太小，启动和调度的开销占了上风。"一行一个 program"适合中等长度的行；很短的行应让一个
#   program 处理多行。

# %%
figure = bench.show_committed("lesson05-row-sum")

# %% [markdown]
# ## 4. 具体演示：N = 100
#
# - `BLOCK_SIZE = triton.next_power_of_2(100) = 128`；
# - `cols = [0, 1, …, 127]`，`mask = [True × 100, False × 28]`；
# - 载入后，寄存器里前 100 个 lane 是真实数据，后 28 个 lane 是单位元；
# - 7 级折半相加（128 → 64 → 32 → 16 → 8 → 4 → 2 → 1）得到 $\sum_{j=0}^{99} X_{i,j}$。
#
# 求和顺序与 `x.sum(1)` 不同，浮点舍入也就不同，所以结果"在容差内一致"而非逐位相同：检查用
# `atol = rtol = 1e-4`。
#
# 下面这个小 kernel 不做归约，只把载入后的整块寄存器原样写出来，让你亲眼看到 padding lane 里是什么。


# %%
@triton.jit
def show_lanes_kernel(
    x_ptr,  # 一行输入的指针
    lanes_ptr,  # 输出：BLOCK_SIZE 个 lane 载入后的值
    n_cols,  # 这一行的真实长度 N
    OTHER: tl.constexpr,  # 被 mask 掉的 lane 填入的值
    BLOCK_SIZE: tl.constexpr,  # 2 的幂，>= n_cols
):
    cols = tl.arange(0, BLOCK_SIZE)
    values = tl.load(x_ptr + cols, mask=cols < n_cols, other=OTHER)
    tl.store(lanes_ptr + cols, values)


def show_lanes(x_row, other):
    block_size = triton.next_power_of_2(x_row.numel())
    lanes = torch.empty(block_size, device=x_row.device, dtype=x_row.dtype)
    show_lanes_kernel[(1,)](x_row, lanes, x_row.numel(), OTHER=other, BLOCK_SIZE=block_size)
    return lanes


row_example = torch.arange(1, 101, dtype=torch.float32, device=DEVICE)
lanes = show_lanes(row_example, other=0.0)
print("BLOCK_SIZE =", lanes.numel(), "| 真实 lane 96..99:", lanes[96:100].tolist())
print("padding lane 100..127 全为 0:", bool((lanes[100:] == 0).all()), "| lane 总和 =", lanes.sum().item())
figure = viz.plot_lanes(lanes.cpu(), n_cols=100)

# %% [markdown]
# ### 先预测，再运行
#
# 上面的 `show_lanes` 接受任意 `other`。**先别运行下一个单元**：如果把 `other` 换成 `1.0`，
# 同一行 `[1, 2, …, 100]` 载入后 128 个 lane 的总和是多少？（`other=0.0` 时是 5050.0。）
# 把你的预测写进 `my_prediction`，再运行，对照结果想一想差在哪里。

# %% role="practice"
my_prediction = None  # 把 None 改成你预测的总和（一个数），再运行本单元

if my_prediction is None:
    print("先写下预测：把上面的 None 改成一个数，再运行本单元。")
else:
    lanes_one = show_lanes(row_example, other=1.0)
    actual = lanes_one.sum().item()
    same = abs(actual - float(my_prediction)) < 1e-3
    print(f"你的预测：{my_prediction}；实际：{actual}；{'预测正确' if same else '和预测不同，想想差在哪里'}")
    print(f"比 5050.0 多出 {actual - 5050.0}：{lanes_one.numel() - 100} 个 padding lane，每个都装着 1.0。")
    figure = viz.plot_lanes(lanes_one.cpu(), n_cols=100, identity_label="0.0")

# %% [markdown]
# ### 自由试验：换一个单位元
#
# 下面的单元随你改：换 `OTHER`（例如 `1.0`、`-1.0`、`float("-inf")`）、换运算 `OP`（`"sum"` 或 `"max"`）、
# 换宽度 `N`，再运行，看两张图怎样变：上图是载入后的 lane，下图是归约树逐级折半，红色的格子是
# "含真实数据、却已经算错"的部分结果，第一个红格就是错误进入的地方。
# 这一行取全为负数的 `[-1, -2, …, -N]`：求 max 时 `OTHER = 0.0` 会怎样？

# %% role="practice"
OTHER = 1.0  # padding lane 填入的值：试试 0.0、1.0、float("-inf")
OP = "sum"  # "sum" 或 "max"
N = 100  # 这一行的真实长度；BLOCK = triton.next_power_of_2(N)

row_try = -torch.arange(1, N + 1, dtype=torch.float32, device=DEVICE)
lanes_try = show_lanes(row_try, other=OTHER)
want = row_try.sum().item() if OP == "sum" else row_try.max().item()
got = lanes_try.sum().item() if OP == "sum" else lanes_try.max().item()
print(f"{OP}，N = {N}，BLOCK = {lanes_try.numel()}，other = {OTHER}：得到 {got}，应为 {want}")
print("结果：", diagnose.verdict(abs(got - want) <= 1e-4 * max(1.0, abs(want))))
identity = {"sum": "0.0", "max": "-inf"}[OP]
figure = viz.plot_lanes(lanes_try.cpu(), n_cols=N, identity_label=identity)
figure = viz.reduction_steps_figure(N, lanes_try.numel(), op=OP, other=OTHER, values=row_try.cpu())

# %% [markdown]
# 读完这一节，先合上它，用自己的话复述"输入状态 → 中间状态 → 输出状态"，再做练习。
#
# ## 5. 练习：补齐 masked load 的 `other`
#
# 规则：**只修改 `______` 所在的位置**；不要删除或修改检查单元，不要放宽容差。
# 每个参数行末的注释说明了它的含义和边界条件。
#
# 需要提示时调用 `hint("other", 1)`、`hint("other", 2)`……四级依次是：
# 概念区域 → 具体方向 → 关键局部 → 完整答案。你请求过的提示会记录在笔记本里。


# %% role="solution" grade_id="row_sum_kernel"
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
    values = tl.load(row_ptr + cols, mask=mask, other=0.0)  # BLANK(other): 0.0 | 加法单位元
    tl.store(out_ptr + row, tl.sum(values, axis=0))


def row_sum(x):
    assert x.ndim == 2 and x.stride(1) == 1, "row_sum 需要二维、每行内连续的张量"
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows,), device=x.device, dtype=x.dtype)
    row_sum_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK_SIZE=triton.next_power_of_2(n_cols))
    return out


# %% role="test" grade_id="test_row_sum_normal" points=2
# 可见检查：1×1、非 2 的幂宽度 100 和 257 的尾块。不要修改本单元，也不要放宽容差。
# 没通过时，下面会用中文说明哪个形状错了、错成什么样、该看哪一级提示。
torch.manual_seed(0)
checks = diagnose.Checks(exercise="other", atol=1e-4, rtol=1e-4)
for shape in ((1, 1), (4, 100), (7, 257)):
    x = torch.randn(shape, device=DEVICE)
    checks.close(row_sum(x), x.sum(1), x=x, block=triton.next_power_of_2(shape[1]))
record.passed("row_sum 可见检查")
### BEGIN HIDDEN TESTS
from autograder.lesson.cases import check_in_notebook  # noqa: E402

check_in_notebook("lesson05-row-sum", "normal", row_sum, DEVICE)
### END HIDDEN TESTS

# %% role="test" grade_id="test_row_sum_boundary" points=1
# 边界输入（BLOCK_SIZE−1 / BLOCK_SIZE / BLOCK_SIZE+1、N = 1、M = 1、更宽缓冲区的视图……）由隐藏测试检查。
### BEGIN HIDDEN TESTS
from autograder.lesson.cases import check_in_notebook  # noqa: E402  (again: this cell may run alone)

check_in_notebook("lesson05-row-sum", "boundary", row_sum, DEVICE)
### END HIDDEN TESTS

# %% [markdown]
# ### 想一想：一个不计分的练习
#
# 同一个 kernel 换成 max、min、prod，单位元也要跟着换。下面的 `row_reduce` 把运算和 `other`
# 都作为参数。先运行，看看每种运算在"错误的单位元"下会错成什么样；再随意修改输入试试。


# %% role="practice"
@triton.jit
def row_reduce_kernel(
    x_ptr,  # 输入矩阵的指针，每行内连续
    out_ptr,  # 每行一个结果
    n_cols,  # 每行真实的元素个数
    x_row_stride,  # 相邻两行起点相隔的元素数
    OP: tl.constexpr,  # "sum" / "max" / "min" / "prod"
    OTHER: tl.constexpr,  # padding lane 填入的值
    BLOCK_SIZE: tl.constexpr,  # >= n_cols 的 2 的幂
):
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


def row_reduce(x, op, other):
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows,), device=x.device, dtype=x.dtype)
    block_size = triton.next_power_of_2(n_cols)
    row_reduce_kernel[(n_rows,)](x, out, n_cols, x.stride(0), OP=op, OTHER=other, BLOCK_SIZE=block_size)
    return out


torch.manual_seed(1)
all_negative = -1 - torch.rand(3, 100, device=DEVICE)  # 每个元素都在 [-2, -1) 内
all_positive = 1 + torch.rand(3, 100, device=DEVICE)
near_one = 1 + 0.01 * torch.randn(3, 100, device=DEVICE)
trials = [
    ("max", all_negative, (0.0, float("-inf")), all_negative.max(1).values),
    ("min", all_positive, (0.0, float("inf")), all_positive.min(1).values),
    ("prod", near_one, (0.0, 1.0), near_one.prod(1)),
]
for op, x, others, x_ref in trials:
    for other in others:
        got = row_reduce(x, op, other)
        verdict = diagnose.verdict(torch.allclose(got, x_ref, rtol=1e-4, atol=1e-4))
        print(
            f"{op:4s} other={other!s:5s} {verdict} 第一行结果 {got[0].item():+.4f}，应为 {x_ref[0].item():+.4f}"
        )

# %% [markdown]
# ## 6. 问答
#
# 用自己的话回答，讲清因果链（"因为……所以……"）；只罗列术语不得分。
#
# **Q1**（2 分）不要背定义：从**输入、状态变化、输出**三个阶段解释"行归约与 Padding 单位元"的工作机制。

# %% [markdown] role="answer" grade_id="Q1" points=2
# 输入阶段：包装函数用 grid = (M,) 为每一行启动一个 program；kernel 里 `cols = tl.arange(0, BLOCK_SIZE)`
# 生成向上取到 2 的幂的列号，`mask = cols < N` 标出真实列。`tl.load` 只为 mask 为真的 lane 读显存，
# 其余 lane 不访存，直接在寄存器里置为 `other=0.0`。
#
# 状态变化：`tl.sum` 先在线程内累加，再经 warp shuffle 与共享内存按二叉树折半相加。因为 padding lane
# 装的是加法单位元 0，而 x + 0 = x，所以它们参与任何一层相加都不改变真实数据的和。
#
# 输出阶段：归约得到一个标量，`tl.store(out_ptr + row, ...)` 把它写回输出向量的第 row 个位置；
# 各行由不同的 program 处理，彼此之间没有数据依赖。

# %% [markdown]
# **Q2**（2 分）N = 100 时，为什么有 28 个 padding lane，而不是"只处理 100 个 lane"？

# %% [markdown] role="answer" grade_id="Q2" points=2
# 因为 Triton 要求 `tl.arange(0, BLOCK_SIZE)` 和块张量的每一维都是 2 的幂，所以声明不了长度 100 的块，
# 只能取 `BLOCK_SIZE = triton.next_power_of_2(100) = 128`；编译器按这个固定形状把元素分给各线程，
# 归约树也按 2 的幂折半。于是多出 128 − 100 = 28 个 lane。
#
# 这 28 个 lane 被 mask 挡住不访存，并填入加法单位元 0.0，所以它们参与归约却不改变结果。
# 代价是约 22% 的寄存器和加法空转，但不产生额外的显存流量。

# %% [markdown]
# **Q3**（2 分）如果归约换成 max，`other` 应改成什么？为什么？

# %% [markdown] role="answer" grade_id="Q3" points=2
# 应改成负无穷 `float("-inf")`。因为 max 的单位元是 −∞：对任意实数 x 都有 max(x, −∞) = x，
# 所以 padding lane 永远不会胜出。
#
# 如果仍用 0.0，一行数据全为负数时（例如 [−3.5, −7.2, −1.8]），padding 的 0.0 会在比较中胜出，
# kernel 会输出错误的最大值 0.0。

# %% [markdown]
# ### 实现说明（代码分中的 1 分）
#
# 用两三句话说明：你填的值为什么正确；如果某个检查曾经失败，它是怎么失败的、为什么。
# 如果你的环境无法运行 kernel，请在这里写明"仅静态审查"，并说明你是如何检查代码的。

# %% [markdown] role="answer" grade_id="explanation" points=1
# 我填的是 0.0，因为它是加法的单位元：padding lane 加进总和不改变结果。我试过填 1.0，
# 宽度 100 的检查失败了，每行多出 128 − 100 = 28，正好是 padding lane 的个数；
# 而 1×1 这种宽度恰为 2 的幂的情况没有 padding，所以填错也不会暴露。

# %% [markdown]
# ## 7. 运行记录
#
# 运行下一个单元，它会打印真正运行的后端（GPU 或解释器）、版本和本次会话通过的检查。
# 提交时保留它的输出；不要手写或修改运行结果。无法运行时，在上面的实现说明里写"仅静态审查"。

# %%
record.show()

# %% [markdown]
# ## 8. 在你的 GPU 上测带宽
#
# 有 GPU 时，下面的单元用 `triton.testing.do_bench` 对比你的 `row_sum` 与 `torch.sum`（宽度 1～16384），
# 首次 JIT 编译不计入。没有 GPU 时它只说明原因，结果见第 3 节的实测图。

# %%
figure = bench.run_live(row_sum)

# %% [markdown]
# ## 9. 提示
#
# `hint("other", 1)` 到 `hint("other", 4)` 依次给出：概念区域 → 具体方向 → 关键局部 → 完整答案。
# 先试着自己做；每次请求都会打印在输出里，留在笔记本中。

# %% role="practice"
# hint("other", 1)  # 去掉行首的 "# " 再运行；需要更多帮助时把 1 换成 2、3、4

# %% [markdown]
# ## 10. 参考资料
#
# - Triton 官方教程（Tutorials），其中「Fused Softmax」与「Layer Normalization」两篇都是按行归约：
#   <https://triton-lang.org/main/getting-started/tutorials/index.html>
# - Triton 语言参考（`triton.language`），`tl.load` 的 `mask`/`other`、`tl.sum`、`tl.max`、`tl.arange` 的说明：
#   <https://triton-lang.org/main/python-api/triton.language.html>
#
# 这些资料用来核对事实；回答 Q1～Q3 时请用你自己的话讲清因果。
