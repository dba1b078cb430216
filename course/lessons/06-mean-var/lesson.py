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
# # 第 6 课：均值、方差与 Mask 的二次传播
#
# ## 1. 目标与通过标准
#
# 学完本课，你应当能够：
#
# - 用 Triton 写出任意列数的按行均值、方差（以及 `rstd = 1/sqrt(var + eps)`）kernel；
# - 说清楚为什么 masked load 填 `other=0.0` 之后均值是对的，但 `x - mean` 会把每个 padding lane
#   变成 `−mean`，于是方差必须**再 mask 一次**：只要某一步运算破坏了 padding lane 的单位元，mask 就要跟着传播到这一步；
# - 说清楚除数为什么是真实列数 N 而不是 `BLOCK_SIZE`，fp16/bf16 输入为什么要在 fp32 里累加，
#   方差为什么要截到不小于 0、`eps` 为什么加在开方之前；
# - 比较单遍（和与平方和）、两遍、Welford 三种算法，并用实测数字说明单遍公式在大偏移时为什么会错。
#
# **通过标准**（四条同时满足）：
#
# 1. 独立补齐本课的两个代码填空，并通过可见检查与隐藏检查；
# 2. Q1～Q3 每题都讲出因果链（"因为……所以……"），而不是堆术语；
# 3. 至少指出一个正确性边界和一个性能或数值上的取舍；
# 4. 总分 ≥ 8/10，且没有一票否决。
#
# 分值：代码 4 分（正常输入 2、边界输入 1、实现说明 1），Q1～Q3 各 2 分。
# 一票否决：结果碰巧正确但因果链错误；删除或放宽检查；把没有运行的结果说成实测。
#
# **前置知识**：第 5 课（masked load、单位元、`tl.sum`、`BLOCK_SIZE = triton.next_power_of_2(N)`），
# 浮点数的有效位数（fp32 约 7 位十进制有效数字，fp16 约 3 位）。
#
# **本课在路线中的位置**：LayerNorm、RMSNorm、BatchNorm 的核心都是"按行求均值和方差"；
# 第 9 课的归一化层直接建立在本课的 kernel 上，第 8 课会把它推广到一行放不进一个块的情况。

# %% [markdown]
# ### 运行环境
#
# 和第 5 课一样，下一个单元先选择后端：有 CUDA GPU 时用真正的 JIT，没有时切换到 Triton 解释器
# （`TRITON_INTERPRET=1`）。这一步**必须在 `import triton` 之前**；如果你已经导入过 triton，
# 请重启内核（Kernel → Restart）再从头运行。

# %%
from course import runtime

BACKEND = runtime.select()  # "cuda" 或 "interpret"；必须先于 import triton

import json
import os

import torch
import triton
import triton.language as tl

from course import bench, diagnose, record, viz
from course.hints import Hints

DEVICE = runtime.device()
hint = Hints("lesson06-mean-var")
print("本次运行：", runtime.describe())

# %% [markdown]
# ## 2. 心智模型
#
# 对矩阵 $X \in \mathbb{R}^{M \times N}$ 的每一行：
#
# $$\mu_i = \frac{1}{N}\sum_{j=0}^{N-1} X_{i,j},\qquad
# \sigma_i^2 = \frac{1}{N}\sum_{j=0}^{N-1} (X_{i,j}-\mu_i)^2,\qquad
# \mathrm{rstd}_i = \frac{1}{\sqrt{\sigma_i^2 + \varepsilon}}$$
#
# 这里的方差是**总体方差**（除以 N，即 `torch.var(..., unbiased=False)`），LayerNorm 用的就是它；
# 标准差 std 是 $\sqrt{\sigma^2}$，rstd 是 LayerNorm 真正要乘的"标准差的倒数"。
#
# 和第 5 课一样，一行由一个 program 处理，块长 `BLOCK_SIZE` 是不小于 N 的 2 的幂，多出的 lane 被 mask 挡住。
# 区别在于：这一行要经过**两次**归约，中间还夹着一次逐元素运算。
#
# **输入状态 → 中间状态 → 输出状态**：
#
# 1. **输入**：`tl.load(..., mask=mask, other=0.0)`。真实 lane 读显存，padding lane 在寄存器里得到 0.0。
#    0 是加法的单位元，所以第一次归约 `tl.sum(x)` 得到的正是真实元素之和，除以 N 就是均值。
# 2. **中间**：`x - mean` 是逐元素运算，它**对每个 lane 都做**，也包括 padding lane：它们从 0 变成了 `0 − mean = −mean`。
#    此刻 padding lane 里已经不是单位元了。若直接平方求和，每个 padding lane 会多贡献 $\mu^2$，
#    方差多出 $(\mathrm{BLOCK\_SIZE}-N)\,\mu^2/N$。所以在第二次归约之前要再 mask 一次：
#    `tl.where(mask, x - mean, 0.0)`，把 padding lane 重新放回加法单位元。
# 3. **输出**：`tl.sum(centered * centered) / N` 是方差；截到不小于 0，加上 `eps` 再开方取倒数，
#    得到 rstd。每行写回 mean、var、rstd 三个标量。
#
# 一句话：**mask 不会自己跟着数据走**。`tl.load` 的 `other` 只决定载入那一刻 padding lane 的值；
# 之后每一步逐元素运算都可能把它改掉。规则是：在每一次归约之前问一句"padding lane 里现在还是这个归约的单位元吗？"，
# 不是就再 mask 一次。
#
# ![图 6-1：第二次 mask。x − mean 把 padding lane 从 0 变成 −mean；不再 mask，方差就从 8 变成 23](img/second-mask.png)

# %% [markdown]
# ## 3. 正确性条件与性能取舍
#
# ### 正确性条件
#
# | 条件 | 为什么 | 做错时会怎样 |
# | --- | --- | --- |
# | 第二次 mask：`tl.where(mask, x - mean, 0.0)` | `x - mean` 把 padding lane 从 0 变成 `−mean` | 方差多出 `(BLOCK_SIZE − N)·mean²/N`；N = 100、均值 3 时多出 2.52 |
# | 除以 N，不是 `BLOCK_SIZE` | 只有 N 个真实元素 | N = 100 时均值被缩小到 100/128 ≈ 0.78 倍，方差也跟着错 |
# | fp16/bf16 输入先 `.to(tl.float32)` 再累加 | fp16 只有 11 位有效位，最大约 65504 | 平方和很容易溢出成 inf，累加也会丢掉小的项 |
# | `var = tl.maximum(var, 0.0)` | 数学上方差 ≥ 0，但浮点舍入可能算出很小的负数 | 负数开方得到 NaN，整行 LayerNorm 输出 NaN |
# | `rstd = 1 / sqrt(var + eps)`，eps 加在开方**之前** | 方差可以恰好为 0（常数行、N = 1） | 没有 eps 时得到 inf；eps 加在开方之后则与 PyTorch 的 LayerNorm 定义不一致 |
#
# 注意第一行的"做错时会怎样"依赖于均值：均值为 0 的数据（例如 `torch.randn` 生成的行）上，漏掉第二次 mask
# 几乎看不出来，因为 `−mean` 接近 0。测试要用均值明显不为 0 的行，而且宽度不能是 2 的幂。
#
# ### 三种算法：单遍、两遍、Welford
#
# - **单遍**（one-pass）：同时累加 $\sum x$ 与 $\sum x^2$，再用 $\sigma^2 = \overline{x^2} - \mu^2$。
#   只要读一遍数据，也不需要第二次 mask（两个和的 padding 都是 0）。但当均值远大于标准差时，
#   $\overline{x^2}$ 和 $\mu^2$ 是两个几乎相等的大数，相减后有效数字全部抵消（灾难性抵消，catastrophic cancellation）：
#   均值约 $10^4$ 时 $\mu^2 \approx 10^8$，而 fp32 在 $10^8$ 附近相邻两个数相差 8，标准差为 1 的方差直接被舍入误差淹没。
#   结果还可能是负数，这就是"截到 0"那一条的来历。
# - **两遍**（two-pass）：先求均值，再求 $\sum (x-\mu)^2$。减法发生在平方**之前**，相减的是两个接近的 fp32 数，
#   这一步本身是精确的，所以误差很小。本课的练习就是这种算法。代价是均值要先算出来：一行放得进一个块时，
#   两遍都在寄存器里完成，只读一次显存；一行放不进一个块（第 8 课）时，第二遍要再从显存读一次整行。
# - **Welford**：一边读一边更新（计数、均值、偏差平方和）三元组，合并两段时用 Chan 等人的公式
#   $M_2 = M_{2,a} + M_{2,b} + \delta^2 \cdot n_a n_b / n$。它只需一遍，又没有单遍公式的抵消问题，
#   所以长行、流式数据常用它。在 Triton 里它是一个自定义合并函数的 `tl.reduce`；注意它的 padding lane
#   要把**计数**设为 0，这又是一次 mask 的传播。
#
# ### 实测：单遍公式在大偏移时错多少
#
# 下面的数字在 NVIDIA H200 上测得（triton 3.6，fp32，每行 N = 1024 个 `offset + randn` 元素、64 行；
# 相对误差 = |计算值 − float64 参考值| / 参考值，取各行最大）。没有 GPU 时，下一个单元从仓库里提交的结果文件
# （`benchmarks/results/lesson06-mean-var.json`）读出并显示它们，并注明测量日期与设备：
#
# - 偏移 0 时四种做法的相对误差都在 2.2e-7 以内；
# - 偏移 1e4 时单遍公式的相对误差是 19.4（即 1944%）：第 0 行真实方差约 1.069，单遍算出 −6.63，
#   64 行里有 29 行算出了负方差；本课的两遍 kernel 是 7.5e-7，Welford 是 1.6e-4；
# - 偏移 1e3 时单遍已经错了 16%，偏移 1e5 时错到 2073 倍；两遍算法在 1e5 时仍是 6.7e-5；
# - `torch.var_mean` 在偏移 1e4 的同一批数据上是 2.1e-4（与 Welford 同一量级）。
#
# ### 性能：第二次 mask 和两遍算法花多少时间
#
# 均值方差和行求和一样是访存受限的：每个元素读一次，每行只写三个数。`tl.where` 和多一次 `tl.sum`
# 都在寄存器里完成，不产生额外的显存流量。在 H200 上（每个 fp32 输入约 64 MB，fp16 输入约 32 MB；GB/s = 读 + 写的字节数 / 时间）：
#
# - N = 1024 时本课的两遍 kernel 为 2662 GB/s，单遍 kernel 为 2688 GB/s，Welford 为 2405 GB/s，
#   `torch.var_mean` 为 1813 GB/s；
# - N = 4096 时两遍 kernel 为 2597 GB/s，单遍 2679 GB/s，`torch.var_mean` 为 1492 GB/s；
# - fp16 输入、N = 4096 时两遍 kernel 为 2109 GB/s，`torch.var_mean` 为 820 GB/s。
#
# fp32 时两遍与单遍相差在 4% 以内，fp16 时约 5%，都接近测量噪声。
# 所以在一行放得进一个块时，两遍算法几乎不比单遍慢：放弃单遍公式，换来的是大偏移下仍然正确的方差。

# %%
MEASURED = bench.RESULTS_DIR / "lesson06-mean-var.json"


def show_measured(path=MEASURED):
    """Print the committed GPU measurement: the cancellation table and the bandwidth table."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        print(
            f"GPU 实测结果文件无法读取（{err}）。在有 CUDA GPU 的机器上运行 python benchmarks/lesson06_mean_var.py。"
        )
        return None
    print(f"测量于 {doc['date']}，{doc['device']}，triton {doc['triton']}，torch {doc['torch']}")
    cancel = doc["cancellation"]
    print(f"\n方差的相对误差（fp32，N = {cancel['n_cols']}，{cancel['n_rows']} 行，各行最大值）")
    print(f"{'offset':>8} {'单遍':>10} {'两遍':>10} {'Welford':>10} {'torch':>10} {'负方差行数':>8}")
    for row in cancel["rows"]:
        print(
            f"{row['offset']:>8g} {row['one_pass']:>10.2e} {row['two_pass']:>10.2e} "
            f"{row['welford']:>10.2e} {row['torch']:>10.2e} {row['one_pass_negative_rows']:>8d}"
        )
    print("\n带宽 GB/s（do_bench 中位数，首次 JIT 不计入）")
    print(f"{'dtype':>8} {'N':>6} {'两遍(本课)':>10} {'单遍':>8} {'Welford':>8} {'torch':>8}")
    for row in doc["results"]:
        print(
            f"{row['dtype']:>8} {row['n_cols']:>6} {row['triton_gbps']['median']:>10.0f} "
            f"{row['one_pass_gbps']['median']:>8.0f} {row['welford_gbps']['median']:>8.0f} "
            f"{row['torch_gbps']['median']:>8.0f}"
        )
    return doc


measured = show_measured()

# %% [markdown]
# ## 4. 具体演示：N = 5，BLOCK_SIZE = 8
#
# 取一行 `[1, 3, 5, 7, 9]`：均值 5，方差 $(16+4+0+4+16)/5 = 8$。`BLOCK_SIZE = 8`，有 3 个 padding lane。
#
# - 载入后：`[1, 3, 5, 7, 9, 0, 0, 0]`，`tl.sum` = 25，除以 N = 5 得均值 5（除以 8 会得到 3.125）；
# - `x - mean`：`[−4, −2, 0, 2, 4, −5, −5, −5]`，padding lane 变成了 −5；
# - 不再 mask：平方和 = 40 + 3 × 25 = 115，除以 5 得 23，而不是 8；
# - 再 mask 一次：`[−4, −2, 0, 2, 4, 0, 0, 0]`，平方和 40，方差 8。
#
# 下面的 kernel 把第二次归约之前的全部 lane 和它算出的方差原样写出来，让你在自己的后端上看到它们。
# `SECOND_MASK` 决定要不要再 mask 一次，`FILL` 是再 mask 时 padding lane 放的值；图由 `viz.second_mask_figure`
# 画出，你也可以用自己的一行、N 和 BLOCK 调用它，例如 `viz.second_mask_figure(n_cols=100, block=128)`。


# %%
@triton.jit
def centered_lanes_kernel(
    x_ptr,  # 一行输入的指针
    centered_ptr,  # 输出：第二次归约之前的全部 BLOCK_SIZE 个 lane
    var_ptr,  # 输出：这些 lane 的平方和 / N，即 kernel 算出的方差
    n_cols,  # 这一行的真实长度 N
    SECOND_MASK: tl.constexpr,  # True：tl.where(mask, x - mean, FILL)；False：直接用 x - mean
    FILL: tl.constexpr,  # 第二次 mask 时 padding lane 放的值
    BLOCK_SIZE: tl.constexpr,  # 2 的幂，>= n_cols
):
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    centered = x - mean  # 每个 lane 都做，padding lane 也不例外
    if SECOND_MASK:
        centered = tl.where(mask, centered, FILL)
    tl.store(centered_ptr + cols, centered)
    tl.store(var_ptr, tl.sum(centered * centered, axis=0) / n_cols)


def centered_lanes(x_row, second_mask=True, fill=0.0):
    """第二次归约之前的全部 lane，以及 kernel 由它们算出的方差。"""
    block_size = triton.next_power_of_2(x_row.numel())
    centered = torch.empty(block_size, device=x_row.device, dtype=torch.float32)
    var = torch.empty(1, device=x_row.device, dtype=torch.float32)
    centered_lanes_kernel[(1,)](
        x_row, centered, var, x_row.numel(), SECOND_MASK=second_mask, FILL=fill, BLOCK_SIZE=block_size
    )
    return centered, var.item()


example_row = torch.tensor([1.0, 3.0, 5.0, 7.0, 9.0], device=DEVICE)
raw, raw_var = centered_lanes(example_row, second_mask=False)
masked, masked_var = centered_lanes(example_row)
print("x - mean                   :", raw.tolist(), "→ 平方和 / N =", raw_var)
print("tl.where(mask, x - mean, 0):", masked.tolist(), "→ 平方和 / N =", masked_var)
print("torch.var(unbiased=False)  :", example_row.var(unbiased=False).item())
figure = viz.second_mask_figure(n_cols=5, block=8, values=example_row.cpu())

# %% [markdown]
# ### 先预测，再运行
#
# 换一行 `[1, 2, 3, 4, 5, 6]`：N = 6，`BLOCK_SIZE = 8`，有 2 个 padding lane；均值 3.5，真实方差 17.5 / 6 ≈ 2.917。
# **先别运行下一个单元**：如果 kernel 漏掉了第二次 mask（`x - mean` 之后直接平方求和、再除以 N），
# 它算出的方差是多少？把你的预测写进 `my_prediction`，再运行，和上面那个 kernel 的真实输出对照。

# %% role="practice"
my_prediction = None  # 把 None 改成你预测的方差（一个数），再运行本单元

if my_prediction is None:
    print("先写下预测：把上面的 None 改成一个数，再运行本单元。")
else:
    predict_row = torch.arange(1.0, 7.0, device=DEVICE)
    lanes_missing, var_missing = centered_lanes(predict_row, second_mask=False)
    print(diagnose.prediction("漏掉第二次 mask 时的方差", my_prediction, var_missing))
    pad, mean = lanes_missing.numel() - 6, predict_row.mean().item()
    print(
        f"{pad} 个 padding lane 在 x - mean 之后都是 −mean = {-mean:g}，平方后各多出 {mean**2:g}："
        f"方差多出 {pad} × {mean**2:g} / 6 = {pad * mean**2 / 6:.4g}。"
    )
    figure = viz.second_mask_figure(n_cols=6, block=8, values=predict_row.cpu(), fill=None)

# %% [markdown]
# ### 自由试验：第二次 mask 填什么
#
# 下面的单元随你改：`FILL` 是第二次 mask 时 padding lane 放的值（`None` 表示不再 mask），`N` 是这一行的长度，
# `SHIFT` 加在整行 `[1, 3, …, 2N − 1]` 上，把均值从 N 挪到 N + SHIFT。再运行，看图怎样变：
# 红色的 padding lane 已经不是加法单位元 0，平方后会进入方差。
# 试试 `FILL = None` 再把 `SHIFT` 设成 `-N`，让均值为 0：漏掉第二次 mask 还看得出来吗？换成 `FILL = 1.0` 呢？

# %% role="practice"
FILL = 1.0  # 第二次 mask 时 padding lane 放的值：试试 0.0、1.0；None 表示不再 mask
N = 5  # 这一行的真实长度；BLOCK = triton.next_power_of_2(N)
SHIFT = 0.0  # 加在整行上的常数：均值 = N + SHIFT

row_try = torch.arange(1, 2 * N, 2, dtype=torch.float32, device=DEVICE) + SHIFT
_, var_try = centered_lanes(row_try, second_mask=FILL is not None, fill=0.0 if FILL is None else FILL)
want = row_try.double().var(unbiased=False).item()
block = triton.next_power_of_2(N)
print(
    f"N = {N}，BLOCK = {block}，均值 {row_try.mean().item():g}，FILL = {FILL}："
    f"kernel 算出方差 {var_try:.6g}，应为 {want:.6g}"
)
print("结果：", diagnose.verdict(abs(var_try - want) <= 1e-4 * max(1.0, want)))
figure = viz.second_mask_figure(n_cols=N, block=block, values=row_try.cpu(), fill=FILL)

# %% [markdown]
# 读完这一节，先合上它，用自己的话复述"输入状态 → 中间状态 → 输出状态"，再做练习。
#
# ## 5. 练习：补齐第二次 mask 与除数
#
# 规则：**只修改 `______` 所在的位置**（共两处）；不要删除或修改检查单元，不要放宽容差。
# 每个参数行末的注释说明了它的含义和边界条件。
#
# - `divisor`：均值和方差都要除以的"元素个数"，写 kernel 里已有的一个名字；
# - `centered_other`：第二次 mask 时 padding lane 放的值，写一个数值字面量。
#
# 需要提示时调用 `hint("divisor", 1)` 或 `hint("centered_other", 1)`，把 1 换成 2、3、4 得到更多帮助。
# 四级依次是：概念区域 → 具体方向 → 关键局部 → 完整答案。你请求过的提示会记录在笔记本里。


# %% role="solution" grade_id="mean_var_kernel"
@triton.jit
def mean_var_kernel(
    x_ptr,  # 输入矩阵 x 的指针，形状 (n_rows, n_cols)，每行内连续；fp32、fp16 或 bf16
    mean_ptr,  # 输出：每行的均值，fp32，形状 (n_rows,)
    var_ptr,  # 输出：每行的总体方差（除以 N），fp32
    rstd_ptr,  # 输出：每行的 1 / sqrt(var + eps)，fp32
    n_cols,  # 每行真实的元素个数 N（任意正整数，可以是 1）
    x_row_stride,  # 相邻两行起点相隔的元素数；x 是更宽缓冲区的视图时它大于 n_cols
    eps,  # 加在方差上、开方之前的小正数，防止方差为 0 时除以 0
    BLOCK_SIZE: tl.constexpr,  # 每个 program 载入的 lane 数：>= n_cols 的最小 2 的幂
):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols  # 只有前 n_cols 个 lane 是真实元素
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=0.0).to(tl.float32)  # 在 fp32 里累加
    count = tl.cast(n_cols, tl.float32)  # BLANK(divisor): n_cols | 均值和方差除以的元素个数
    mean = tl.sum(x, axis=0) / count  # padding lane 是 0，不影响这次求和
    centered = tl.where(mask, x - mean, 0.0)  # BLANK(centered_other): 0.0 | 第二次 mask：padding lane 放什么
    var = tl.sum(centered * centered, axis=0) / count
    var = tl.maximum(var, 0.0)  # 数学上 >= 0；截掉舍入可能带来的负数
    rstd = 1.0 / tl.sqrt(var + eps)  # eps 加在开方之前
    tl.store(mean_ptr + row, mean)
    tl.store(var_ptr + row, var)
    tl.store(rstd_ptr + row, rstd)


def mean_var(x, eps=1e-5):
    assert x.ndim == 2 and x.stride(1) == 1, "mean_var 需要二维、每行内连续的张量"
    n_rows, n_cols = x.shape
    mean, var, rstd = (torch.empty((n_rows,), device=x.device, dtype=torch.float32) for _ in range(3))
    block_size = triton.next_power_of_2(n_cols)
    mean_var_kernel[(n_rows,)](x, mean, var, rstd, n_cols, x.stride(0), eps, BLOCK_SIZE=block_size)
    return mean, var, rstd


# %% role="test" grade_id="test_mean_var_normal" points=2
# 可见检查：1×1、非 2 的幂宽度 100 和 257、均值不为 0 的行、fp16 输入。不要修改本单元，也不要放宽容差。
# 判定就是 torch.testing.assert_close；没通过时，下面会用中文说明哪个形状、哪个输出错了，错成什么样、该看哪一级提示。
torch.manual_seed(0)
checks = diagnose.Checks(exercise=("divisor", "centered_other"))
cases = (
    ((1, 1), torch.float32),
    ((4, 100), torch.float32),
    ((7, 257), torch.float32),
    ((3, 100), torch.float16),
)
for shape, dtype in cases:
    x = (torch.randn(shape) * 2 + 3).to(device=DEVICE, dtype=dtype)
    want_var, want_mean = torch.var_mean(x.float(), dim=1, unbiased=False)
    got_mean, got_var, got_rstd = mean_var(x)
    where = {"x": x, "block": triton.next_power_of_2(shape[1])}
    checks.assert_close(got_mean, want_mean, atol=1e-4, rtol=1e-4, what="mean", **where)
    checks.assert_close(got_var, want_var, atol=1e-4, rtol=1e-4, what="var", **where)
    checks.assert_close(got_rstd, torch.rsqrt(want_var + 1e-5), atol=1e-4, rtol=1e-4, what="rstd", **where)
record.passed("mean_var 可见检查")
### BEGIN HIDDEN TESTS
from autograder.lesson.cases import check_in_notebook  # noqa: E402

check_in_notebook("lesson06-mean-var", "normal", mean_var, DEVICE)
### END HIDDEN TESTS

# %% role="test" grade_id="test_mean_var_boundary" points=1
# 边界输入（BLOCK_SIZE−1 / BLOCK_SIZE / BLOCK_SIZE+1、N = 1、M = 1、大偏移、fp16、更宽缓冲区的视图……）由隐藏测试检查。
### BEGIN HIDDEN TESTS
from autograder.lesson.cases import check_in_notebook  # noqa: E402  (again: this cell may run alone)

check_in_notebook("lesson06-mean-var", "boundary", mean_var, DEVICE)
### END HIDDEN TESTS

# %% [markdown]
# ### 想一想：一个不计分的练习
#
# 下面把单遍公式和 Welford 也写成 kernel，和你的 `mean_var` 在同一批"大偏移"数据上比较。
# 先运行，看看偏移越来越大时谁先失去精度、单遍公式会不会算出负方差；再随意改 `offsets` 或标准差试试。


# %% role="practice"
@triton.jit
def one_pass_var_kernel(
    x_ptr,  # 输入矩阵的指针，每行内连续
    var_ptr,  # 每行一个方差（未截断：可能为负）
    n_cols,  # 每行真实的元素个数
    x_row_stride,  # 相邻两行起点相隔的元素数
    BLOCK_SIZE: tl.constexpr,  # >= n_cols 的 2 的幂
):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    mean_of_squares = tl.sum(x * x, axis=0) / n_cols  # padding 的 0 平方后还是 0：不需要第二次 mask
    tl.store(var_ptr + row, mean_of_squares - mean * mean)


@triton.jit
def _welford_combine(mean_a, m2_a, n_a, mean_b, m2_b, n_b):
    n = n_a + n_b
    delta = mean_b - mean_a
    share_b = n_b / tl.maximum(n, 1.0)  # 两段都是 padding（n = 0）时 share_b = 0，避免 0/0
    return mean_a + delta * share_b, m2_a + m2_b + delta * delta * n_a * share_b, n


@triton.jit
def welford_var_kernel(
    x_ptr,  # 输入矩阵的指针，每行内连续
    var_ptr,  # 每行一个方差
    n_cols,  # 每行真实的元素个数
    x_row_stride,  # 相邻两行起点相隔的元素数
    BLOCK_SIZE: tl.constexpr,  # >= n_cols 的 2 的幂
):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=0.0).to(tl.float32)
    count = tl.where(mask, 1.0, 0.0)  # 每个 lane 起初是一段长度为 1（padding 为 0）的数据
    mean, m2, n = tl.reduce((x, tl.zeros_like(x), count), 0, _welford_combine)
    tl.store(var_ptr + row, m2 / n)


def row_var(kernel, x):
    n_rows, n_cols = x.shape
    out = torch.empty((n_rows,), device=x.device, dtype=torch.float32)
    kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK_SIZE=triton.next_power_of_2(n_cols))
    return out


torch.manual_seed(2)
offsets = (0.0, 1e2, 1e3, 1e4)
print(
    f"{'offset':>8} {'单遍':>10} {'两遍':>10} {'Welford':>10}  单遍负方差行数（共 4 行，N = 1000，标准差 1）"
)
for line, offset in bench.progress(offsets):  # 每组算完打印一行，慢的后端上也看得到进度
    x = torch.randn(4, 1000, device=DEVICE) + offset
    want = x.double().var(dim=1, unbiased=False)
    errors = []
    for var in (row_var(one_pass_var_kernel, x), mean_var(x)[1], row_var(welford_var_kernel, x)):
        errors.append(((var.double() - want).abs() / want).max().item())
    negative = int((row_var(one_pass_var_kernel, x) < 0).sum().item())
    line(f"{offset:>8g} {errors[0]:>10.2e} {errors[1]:>10.2e} {errors[2]:>10.2e}  {negative}")

# %% [markdown]
# ## 6. 问答
#
# 用自己的话回答，讲清因果链（"因为……所以……"）；只罗列术语不得分。
#
# **Q1**（2 分）从**输入、状态变化、输出**三个阶段解释：为什么 masked load 填了 `other=0.0` 之后均值是对的，
# 方差却还需要 `tl.where(mask, x - mean, 0.0)` 再 mask 一次？

# %% [markdown] role="answer" grade_id="Q1" points=2
# 输入：每个 program 处理一行，`BLOCK_SIZE` 取 N 的下一个 2 的幂，`mask = cols < N`；masked load 让真实列读显存，
# padding lane 在寄存器里得到 `other=0.0`。因为 0 是加法单位元，所以 `tl.sum(x)` 等于真实元素之和，除以 N 就是正确的均值。
#
# 状态变化：`x - mean` 是对所有 lane 都做的逐元素运算，padding lane 从 0 变成了 `−mean`，不再是单位元。
# 如果直接平方求和，每个 padding lane 会多加 mean²，方差多出 (BLOCK_SIZE − N)·mean²/N。
# 所以要用 `tl.where(mask, x - mean, 0.0)` 把 padding lane 重新置为 0，mask 必须传播到这一步。
#
# 输出：`tl.sum(centered * centered) / N` 得到方差，截到不小于 0，加 eps 后开方取倒数得到 rstd，每行写回三个标量。

# %% [markdown]
# **Q2**（2 分）`mean` 和 `var` 为什么要除以 N 而不是 `BLOCK_SIZE`？另外，为什么输入是 fp16 时要先转成 fp32 再累加？

# %% [markdown] role="answer" grade_id="Q2" points=2
# 因为一行只有 N 个真实元素，padding lane 只是为了凑够 2 的幂的块长，它们填的是 0、对和没有贡献，
# 不是数据的一部分。除以 BLOCK_SIZE 等于把 BLOCK_SIZE − N 个 0 也算进了平均：N = 100、BLOCK_SIZE = 128 时
# 均值会被缩小到 100/128 倍，方差也跟着错。只有 N 是 2 的幂时两者才碰巧相等，所以只用 2 的幂宽度测试发现不了这个错误。
#
# fp16 只有 11 位有效位，最大约 65504：在 fp16 里累加平方和很容易溢出成 inf，大数加小数时小数也会被舍掉。
# 所以载入后先 `.to(tl.float32)`，在 fp32 里求和与平方和，结果也以 fp32 写出。

# %% [markdown]
# **Q3**（2 分）单遍公式 var = mean(x²) − mean(x)² 只读一遍数据、也不需要第二次 mask，为什么本课不用它？
# 请结合"均值约 1e4、标准差约 1"的行说明它错在哪里，以及 `tl.maximum(var, 0.0)` 和 `eps` 各防的是什么。

# %% [markdown] role="answer" grade_id="Q3" points=2
# 因为它在均值远大于标准差时发生灾难性抵消：均值约 1e4 时 mean(x²) 和 mean(x)² 都约为 1e8，
# fp32 在 1e8 附近的间隔是 8，两个几乎相等的大数相减后，真正的方差（约 1）被舍入误差淹没，
# H200 上实测相对误差达到 19.4 倍，64 行里有 29 行算出了负方差。两遍算法先减去均值再平方，相减的两个数接近，这一步没有舍入，所以仍然准确；
# 一行放得进一个块时两遍都在寄存器里完成，带宽几乎一样，没有理由用单遍公式。
#
# `tl.maximum(var, 0.0)` 防的是舍入带来的负方差：负数开方会得到 NaN。
# `eps` 防的是方差恰好为 0（常数行、N = 1）时 1/sqrt(0) = inf，所以 eps 要加在开方之前。

# %% [markdown]
# ### 实现说明（代码分中的 1 分）
#
# 用两三句话说明：你填的两个值为什么正确；如果某个检查曾经失败，它是怎么失败的、为什么。
# 如果你的环境无法运行 kernel，请在这里写明"仅静态审查"，并说明你是如何检查代码的。

# %% [markdown] role="answer" grade_id="explanation" points=1
# 除数填 n_cols，因为只有 N 个真实元素；第二次 mask 填 0.0，因为 `x - mean` 把 padding lane 变成了 −mean，
# 要放回加法单位元 0，平方和才不被污染。我试过把第二次 mask 的值填成 1.0，宽度 100 的检查失败了，
# 方差每行多出 28/100 = 0.28；1×1 的检查没有发现，因为 N = 1 时 BLOCK_SIZE 也是 1，没有 padding lane。

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
# 有 GPU 时，下面的单元用 `triton.testing.do_bench` 对比你的 `mean_var` 与 `torch.var_mean`，首次 JIT 编译不计入；
# GB/s = （读入 x 的字节数 + 写出三个输出的字节数）/ 时间。没有 GPU 时它只说明原因，实测结果见第 3 节。


# %%
def measure_live(widths=(1000, 1024, 4096)):
    if runtime.selected() != "cuda":
        print(
            "这里没有 CUDA GPU，不测带宽：解释器在 CPU 上逐个 program 模拟执行，耗时与 GPU 带宽无关。GPU 实测结果见第 3 节。"
        )
        return None
    if os.environ.get("NBGRADER_EXECUTION"):  # set by nbgrader autograde/validate: timing is not graded
        print("评分或验证时不测带宽：它不计分，只会拖慢评分。")
        return None
    from triton.testing import do_bench

    for line, n_cols in bench.progress(widths):
        x = torch.randn(bench.rows_for(n_cols), n_cols, device=DEVICE)
        moved = x.numel() * 4 + 3 * x.shape[0] * 4
        mine = bench.gbps(moved, do_bench(lambda x=x: mean_var(x)))
        theirs = do_bench(lambda x=x: torch.var_mean(x, dim=1, unbiased=False))
        theirs = bench.gbps(moved - x.shape[0] * 4, theirs)  # torch.var_mean writes two outputs, not three
        line(f"N = {n_cols:>5}: mean_var {mine:7.0f} GB/s | torch.var_mean {theirs:7.0f} GB/s")
    return None


measure_live()

# %% [markdown]
# ## 9. 提示
#
# `hint("divisor", 1)`～`hint("divisor", 4)` 与 `hint("centered_other", 1)`～`hint("centered_other", 4)` 依次给出：
# 概念区域 → 具体方向 → 关键局部 → 完整答案。先试着自己做；每次请求都会打印在输出里，留在笔记本中。

# %% role="practice"
# hint("centered_other", 1)  # 去掉行首的 "# " 再运行；需要更多帮助时把 1 换成 2、3、4

# %% [markdown]
# ## 10. 参考资料
#
# - Triton 官方教程「Layer Normalization」：按行求均值、方差并保存 mean 与 rstd，`tl.where(cols < N, x - mean, 0.)` 就在其中：
#   <https://triton-lang.org/main/getting-started/tutorials/05-layer-norm.html>
# - Triton 语言参考（`triton.language`）：`tl.load` 的 `mask`/`other`、`tl.where`、`tl.sum`、`tl.reduce`、`tl.sqrt`：
#   <https://triton-lang.org/main/python-api/triton.language.html>
# - PyTorch `torch.var_mean` 与 `torch.nn.LayerNorm`（eps 加在方差上、开方之前）：
#   <https://pytorch.org/docs/stable/generated/torch.nn.LayerNorm.html>
# - 方差的几种算法（单遍、两遍、Welford、Chan 等人的并行合并公式）及其数值稳定性：
#   <https://en.wikipedia.org/wiki/Algorithms_for_calculating_variance>
#
# 这些资料用来核对事实；回答 Q1～Q3 时请用你自己的话讲清因果。
