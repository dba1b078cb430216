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
# # 第 7 课：融合 Softmax 与 LogSoftmax
#
# ## 1. 目标与通过标准
#
# 学完本课，你应当能够：
#
# - 写出一个**融合**的按行 softmax / log-softmax kernel：每行只从显存读一次、写一次；
# - 说清楚为什么 softmax 的 padding 要填 **−∞**：它让 padding lane 同时从最大值和分母里消失；
#   填 0.0 会在哪两处出错；
# - 说清楚为什么 exp 之前要**减去行最大值**：它防止 exp 溢出，而且 softmax 对这个平移不变；
# - 把 log-softmax 写成 `x − max − log(Σ exp(x − max))`，不先算 softmax 再取对数；
# - 用"读写了多少字节"预测融合带来的加速，并与 GPU 实测对照。
#
# **通过标准**（四条同时满足）：
#
# 1. 独立补齐本课代码中的两个填空，并通过可见检查与隐藏检查；
# 2. Q1～Q3 每题都讲出因果链（"因为……所以……"），而不是堆术语；
# 3. 至少指出一个正确性边界和一个性能取舍；
# 4. 总分 ≥ 8/10，且没有一票否决。
#
# 分值：代码 4 分（正常输入 2、边界输入 1、实现说明 1），Q1～Q3 各 2 分。
# 一票否决：结果碰巧正确但因果链错误；删除或放宽检查；把没有运行的结果说成实测。
#
# **前置知识**：第 5 课（masked load 与归约的单位元：max 的单位元是 −∞）、`tl.max` / `tl.sum`、
# PyTorch 张量与 stride、指数与对数的基本性质。
#
# **本课在路线中的位置**：第 5 课一行只做一次归约；softmax 一行要做两次（先 max，再 sum），
# 中间还有逐元素的 exp。本课把它们融合进一个 kernel。一行长到一个块放不下时怎么办，
# 本课只讲思路（online softmax），第 8 课动手做。

# %% [markdown]
# ### 运行环境
#
# 与第 5 课相同：下一个单元先选择后端，再导入 triton。有 CUDA GPU 时用真正的 JIT 编译；
# 没有时切换到 Triton 的解释器（`TRITON_INTERPRET=1`，在 CPU 上逐个 program 模拟执行）。
# 开关必须在 `import triton` 之前打开；若你先导入了 triton，请重启内核（Kernel → Restart）再从头运行。

# %%
from course import runtime

BACKEND = runtime.select()  # "cuda" 或 "interpret"；必须先于 import triton

import json
import os
import warnings

import torch
import triton
import triton.language as tl

from course import bench, diagnose, record, viz
from course.hints import Hints

DEVICE = runtime.device()
hint = Hints("lesson07-softmax")
print("本次运行：", runtime.describe())

# %% [markdown]
# ## 2. 心智模型
#
# 对矩阵 $X \in \mathbb{R}^{M \times N}$ 的每一行，softmax 与 log-softmax 是
#
# $$\mathrm{softmax}(x)_j = \frac{e^{x_j}}{\sum_k e^{x_k}}, \qquad
#   \mathrm{logsoftmax}(x)_j = x_j - \log \sum_k e^{x_k}.$$
#
# 直接照公式算会出问题（见第 3 节），实际算的是等价的"平移版"：先求行最大值 $m = \max_k x_k$，
#
# $$\mathrm{softmax}(x)_j = \frac{e^{x_j - m}}{\sum_k e^{x_k - m}}, \qquad
#   \mathrm{logsoftmax}(x)_j = (x_j - m) - \log \sum_k e^{x_k - m}.$$
#
# 分子分母同乘 $e^{-m}$，所以两种写法的值完全相同：softmax 对整行加减同一个常数**不变**。
#
# **输入状态 → 中间状态 → 输出状态**（一行，N = 5，`BLOCK_SIZE = 8`）：
#
# 1. **输入**：第 `row` 行的 5 个数从显存读进寄存器；`mask = cols < N` 挡住后 3 个 lane，
#    它们不访存，直接得到 `other`。
# 2. **中间**：第一次归约 `tl.max` 得到 $m$；逐元素算 $x - m$ 与 $e^{x - m}$；第二次归约 `tl.sum`
#    得到分母 $d$。这一切都在寄存器里完成，**中间结果不回显存**。
# 3. **输出**：softmax 写回 $e^{x-m} / d$，log-softmax 写回 $(x - m) - \log d$；
#    store 同样带 mask，只写真实的 5 列。
#
# padding lane 经过了两次归约，所以它的值必须**同时**是 max 的单位元和"exp 之后是 sum 的单位元"：
# −∞ 恰好两样都满足，$\max(x, -\infty) = x$，且 $e^{-\infty - m} = 0$。
#
# ![图 7-1：一行 5 个数、8 个 lane：padding 填 −∞ 时，它们在 max 中不胜出、exp 后为 0；填 0.0 时，全负的行的最大值被顶替为 0，分母多出 3](img/softmax-lanes.png)
#
# ![图 7-2：M = N = 4096（fp32）时的显存流量：朴素实现 5 步，每一步都经过显存（共读 5 次、写 3 次整矩阵），融合 kernel 只读一次、写一次，约少 4 倍](img/softmax-traffic.png)

# %% [markdown]
# ## 3. 正确性条件与性能取舍
#
# ### padding 必须填 −∞
#
# | `other` | 对 `tl.max` | 对 `tl.sum(exp(x − max))` | 结果 |
# | --- | --- | --- | --- |
# | `-float("inf")` | $\max(x, -\infty) = x$：padding 不胜出 | $e^{-\infty} = 0$：padding 不进分母 | 正确 |
# | `0.0` | 一行全是负数时，padding 的 0 成了"最大值" | 每个 padding lane 贡献 $e^{0 - m}$；$m$ 被顶替成 0 时正好贡献 1 | 分母多出 padding lane 的个数，每行之和小于 1 |
#
# 为什么 −∞ 不会产生 NaN：NaN 只来自 $-\infty - (-\infty)$ 或 $0/0$ 这类运算。只要一行里至少有一个
# 真实元素，$m$ 就是有限数，padding lane 算的是 $-\infty - m = -\infty$，$e^{-\infty} = 0$，
# 分母至少含一项 $e^{0} = 1$，不会除以 0。store 带 mask，padding lane 的值也不会被写出去。
#
# ### 减去最大值：防止 exp 溢出
#
# fp32 能表示的最大有限数约为 $3.4 \times 10^{38}$，$\ln(3.4 \times 10^{38}) \approx 88.72$。
# 所以 **x 超过约 88.72 时，fp32 的 exp(x) 溢出为 inf**：在 H200 上逐个 fp32 值实测，`tl.exp` 与 `torch.exp`
# 能算出有限值的最大 x 都是 88.72283172607422，下一个 fp32 数 88.72283935546875 就得到 inf（解释器上相同）。
# 一行里只要有一个这样的数，分母就是 inf，
# 结果变成 inf/inf = NaN 或 0。减去行最大值之后，每个 $x_j - m \le 0$，于是 $0 \le e^{x_j - m} \le 1$，
# 而且最大元素那一项正好是 $e^0 = 1$，分母 $\ge 1$，既不会溢出也不会全部下溢成 0。
# 一行 ±1000 的数：不减最大值时 `exp(1000)` 溢出为 inf；全是 −1000 左右的数时 `exp(−1000)` 下溢为 0，
# 分母为 0，得到 0/0 = NaN。
#
# ### log-softmax：不要先算 softmax 再取对数
#
# $\log(\mathrm{softmax}(x))$ 在 softmax 下溢为 0 的位置得到 −inf，而真实值只是一个很负的有限数
# （例如 −2000）。直接写 $(x - m) - \log d$ 只对分母 $d \in [1, N]$ 取对数，不丢精度，也不多一趟访存。
#
# ### 常见错误
#
# - **padding 填 0.0**：只用 2 的幂宽度测试时没有 padding lane，看不出错；
#   宽度 100（`BLOCK_SIZE = 128`，28 个 padding lane）一测就错。
# - **省略 `other`**：语言不保证被 mask 的 lane 里是什么（第 5 课）；解释器和 H200 上实测都填 0，
#   也就和填 0.0 一样错。
# - **不减最大值**：普通的 `randn` 输入测不出问题，因为 softmax 对平移不变；只有大数值的行才溢出。
# - **store 不带 mask**：会把 padding lane 写到下一行的位置上。
#
# ### 性能：融合省掉了什么
#
# 用 PyTorch 的算子逐步组合（朴素实现），每一步都是一个 kernel，中间结果都要写回显存再读出来：
#
# | 步骤 | 读 | 写 |
# | --- | --- | --- |
# | `m = x.max(dim=1)` | MN | M |
# | `z = x - m[:, None]` | MN + M | MN |
# | `e = torch.exp(z)` | MN | MN |
# | `d = e.sum(dim=1)` | MN | M |
# | `y = e / d[:, None]` | MN + M | MN |
# | **合计** | **5MN + 2M** | **3MN + 2M** |
#
# 融合 kernel 每行读一次、写一次：读 MN，写 MN。行归约是访存受限的运算，时间大致正比于字节数，
# 所以预测的加速约为 $(8MN + 4M) / (2MN) \approx 4$ 倍。下面的条形图把每一步的读写量叠起来；
# `n_rows`、`n_cols` 换成你自己的 M、N 再运行，看比值怎样变。

# %%
figure = viz.traffic_figure(n_rows=4096, n_cols=4096)  # 朴素 5 步各读写多少 MB，对比融合 kernel（fp32）

# %% [markdown]
# 下面是在 GPU 上实测的结果（`triton.testing.do_bench` 中位数，首次 JIT 不计入）。没有 GPU 时，
# 这里显示仓库里提交的实测结果（`benchmarks/results/lesson07-softmax.json`），并注明测量日期与设备。
# 在 NVIDIA H200 上（triton 3.6，fp32）：
#
# - M = N = 4096（每个矩阵 64 MB）时，朴素实现用 0.1997 ms，融合 kernel 用 0.0392 ms，快 5.09 倍；
#   M = 16384、N = 4096（256 MB）时快 4.79 倍。大矩阵上实测与字节数预测的 4 倍同一量级，
#   还略多一些：朴素实现的 5 个小 kernel 各自也跑不满带宽（按它的 8MN + 4M 个元素折算只有 2689 GB/s，
#   融合 kernel 是 3424 GB/s）。
# - M = 4096、N = 128（2 MB）和 N = 1000（16 MB）时只快 2.01 倍和 1.61 倍，**不如预测**。
#   一个合理的解释：矩阵小，朴素实现的中间结果多半留在 L2 缓存里，没有真的往返显存；
#   而我们的 kernel 每个 program 要串行处理约 8 行，行短时每行的延迟占了上风。
#   这两个形状上 `torch.softmax` 分别用 0.0060 ms 和 0.0147 ms，比我们的 kernel 快 3～4 倍。
# - 大矩阵上我们的 kernel 比 `torch.softmax` 快（N = 4096 时 0.0392 ms 对 0.0585 ms）。
#
# 结论：字节数是预测访存受限 kernel 的好起点，但它假设数据真的来自显存、而且每个 kernel 都跑满带宽；
# 矩阵小到放进缓存，或者启动与延迟占主导时，要靠实测。

# %%
RESULTS_FILE = bench.RESULTS_DIR / "lesson07-softmax.json"


def show_measured(path=RESULTS_FILE):
    """GPU 上实测的朴素实现、融合 kernel 与 torch.softmax：打印表格并画图；没有结果文件时说明原因。"""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        rows = doc["results"]
    except (OSError, ValueError, KeyError) as err:
        print(
            f"GPU 实测结果无法读取（{err}）：在有 CUDA GPU 的机器上运行 python benchmarks/lesson07_softmax.py。"
        )
        return None
    print(bench.caption(doc))
    print(f"{'M':>6} {'N':>6} {'朴素 ms':>9} {'融合 ms':>9} {'torch ms':>9} {'实测加速':>8} {'字节预测':>8}")
    for r in rows:
        print(
            f"{r['n_rows']:>6} {r['n_cols']:>6} {r['naive_ms']:>9.4f} {r['fused_ms']:>9.4f} "
            f"{r['torch_ms']:>9.4f} {r['speedup']:>8.2f} {r['traffic_ratio']:>8.2f}"
        )
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4))
    names = [f"{r['n_rows']}×{r['n_cols']}" for r in rows]
    where = range(len(rows))
    measured = viz.label("实测加速（朴素 / 融合）", "measured speed-up (naive / fused)")
    predicted = viz.label("字节数之比 (8MN+4M)/(2MN)", "traffic ratio (8MN+4M)/(2MN)")
    speedups, ratios = [r["speedup"] for r in rows], [r["traffic_ratio"] for r in rows]
    ax.bar([i - 0.2 for i in where], speedups, 0.4, color=viz.COLORS["real"], label=measured)
    ax.bar([i + 0.2 for i in where], ratios, 0.4, color=viz.COLORS["pad"], label=predicted)
    ax.set_xticks(list(where), names)
    ax.set_xlabel(viz.label("矩阵形状 M×N（fp32）", "shape M×N (fp32)"))
    ax.set_ylabel(viz.label("倍数", "ratio"))
    ax.set_title(viz.label("融合 softmax 相对朴素实现的加速", "Fused softmax against the naive composition"))
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    fig.text(0.01, 0.01, bench.caption(doc), fontsize=7, color="gray")
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    return viz.show(fig)


figure = show_measured()

# %% [markdown]
# ### grid-stride：program 个数与行数脱钩
#
# 第 5 课每行启动一个 program。本课的 kernel 只启动 `min(M, 4 × SM 个数)` 个 program，
# 第 `p` 个 program 用 `tl.range(p, M, P)` 依次处理第 p、p + P、p + 2P…… 行（P 是 program 个数）。
# 这样行数再多，program 也只启动一批；每行用到的 `cols`、`mask` 在循环外只算一次。
# 解释器上本课用 4 个 program，所以哪怕只有 5 行，也有 program 要走第二圈循环。
#
# ### 行太长时：online softmax 的思路
#
# 本课假设一整行放得进一个块：`BLOCK_SIZE = next_power_of_2(N)`。整行要在寄存器里留到最后
# 写回，所以块越大寄存器越紧张（第 5 课实测：`BLOCK_SIZE` = 16384 时每线程已用 179 个寄存器，
# 32768 时开始溢出）。更长的行要沿列分块，但 softmax 的分母依赖整行的最大值，分块时最大值还不知道。
# **online softmax** 的做法是：逐块读入时维护"到目前为止的最大值 $m$"和"以 $m$ 为基准的部分和 $d$"；
# 新块带来更大的最大值 $m'$ 时，把旧的和乘以 $e^{m - m'}$ 换到新基准上再累加。一遍扫完得到正确的
# $m$ 与 $d$，第二遍再算输出。第 8 课会动手实现它。
#
# 下图把一行长 1000 的数按 128 一块读入：左边是每块的最大值和运行最大值 $m$，右边是运行和 $d$，
# 红色三角标出 $m$ 变大、旧的和被乘上 $e^{m - m'}$ 的块。换成你自己的 N 和 BLOCK 再运行。

# %%
figure = viz.online_softmax_figure(n_cols=1000, block=128)


# %% [markdown]
# ## 4. 具体演示：一行全是负数，N = 5
#
# - `BLOCK_SIZE = triton.next_power_of_2(5) = 8`，`mask = [True × 5, False × 3]`；
# - 输入行 `[-3, -1, -2, -5, -4]`：真实最大值是 −1。
#
# 下面的小 kernel 不是练习答案的一部分，它把一行在 kernel 内部的每个中间状态原样写出来：
# 载入后的 lane、行最大值、`exp(x − max)` 的 lane 和分母。`OTHER` 与 `SUBTRACT_MAX` 都是参数，
# 你可以亲眼对比两种 padding。


# %%
@triton.jit
def softmax_steps_kernel(
    x_ptr,  # 一行输入的指针
    lanes_ptr,  # 输出：载入后的 BLOCK_SIZE 个 lane
    exps_ptr,  # 输出：exp(x - 平移量) 的 BLOCK_SIZE 个 lane
    stats_ptr,  # 输出：[平移量, 分母]
    n_cols,  # 这一行的真实长度 N
    OTHER: tl.constexpr,  # padding lane 填入的值
    SUBTRACT_MAX: tl.constexpr,  # True：减去行最大值；False：不平移
    BLOCK_SIZE: tl.constexpr,  # 2 的幂，>= n_cols
):
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + cols, mask=cols < n_cols, other=OTHER)
    if SUBTRACT_MAX:
        shift = tl.max(x, axis=0)
    else:
        shift = tl.max(x, axis=0) * 0.0  # 平移量 0（写成张量，便于下面统一 store）
    exps = tl.exp(x - shift)
    tl.store(lanes_ptr + cols, x)
    tl.store(exps_ptr + cols, exps)
    tl.store(stats_ptr, shift)
    tl.store(stats_ptr + 1, tl.sum(exps, axis=0))


def softmax_steps(x_row, other, subtract_max=True):
    block_size = triton.next_power_of_2(x_row.numel())
    lanes = torch.empty(block_size, device=x_row.device)
    exps = torch.empty(block_size, device=x_row.device)
    stats = torch.empty(2, device=x_row.device)
    softmax_steps_kernel[(1,)](
        x_row,
        lanes,
        exps,
        stats,
        x_row.numel(),
        OTHER=other,
        SUBTRACT_MAX=subtract_max,
        BLOCK_SIZE=block_size,
    )
    return lanes.cpu(), exps.cpu(), stats.cpu()


row_example = torch.tensor([-3.0, -1.0, -2.0, -5.0, -4.0], device=DEVICE)
for other in (float("-inf"), 0.0):
    lanes, exps, (shift, denominator) = softmax_steps(row_example, other)
    probs = exps[:5] / denominator
    print(f"other={other}: lanes = {[round(v, 1) for v in lanes.tolist()]}")
    print(f"    max = {shift.item():g}，exp 后 = {[round(v, 4) for v in exps.tolist()]}")
    print(f"    分母 = {denominator.item():.4f}，前 5 个概率之和 = {probs.sum().item():.4f}")
print("torch.softmax 的结果：", [round(v, 4) for v in torch.softmax(row_example, 0).tolist()])

# %% [markdown]
# 对照输出：填 −∞ 时 max 是 −1，padding lane 的 exp 是 0，分母约 1.5 多一点，概率之和为 1；
# 填 0.0 时 max 被顶替成 0，三个 padding lane 各贡献 $e^{0} = 1$，分母多出正好 3，概率之和远小于 1。
#
# 再看溢出。下面把一行 ±1000 的数分别"不平移"和"减去最大值"送进同一个小 kernel：

# %%
big_row = torch.tensor([1000.0, -1000.0, 999.0, 0.5, -3.0], device=DEVICE)
for subtract_max in (False, True):
    with warnings.catch_warnings():  # 解释器用 numpy 计算，溢出时会发 RuntimeWarning；GPU 上只是静默得到 inf
        warnings.simplefilter("ignore", RuntimeWarning)
        _, exps, (shift, denominator) = softmax_steps(big_row, float("-inf"), subtract_max)
    print(
        f"减去最大值={subtract_max}: 平移量 = {shift.item():g}，exp 后前 3 个 = {exps[:3].tolist()}，"
        f"分母 = {denominator.item()}，第一个概率 = {(exps[0] / denominator).item()}"
    )
print("torch.softmax 的第一个概率：", torch.softmax(big_row, 0)[0].item())

# %% [markdown]
# 不平移时 `exp(1000)` 是 inf，inf/inf 得 NaN；减去最大值 1000 后最大一项是 $e^0 = 1$，
# 第二大的 999 得到 $e^{-1} \approx 0.368$，结果与 `torch.softmax` 一致。
#
# ### 先预测，再运行
#
# 一行 5 个数全是 −1000（N = 5，`BLOCK_SIZE = 8`，3 个 padding lane）。填 −∞ 时行最大值是 −1000，
# 每项 $e^{x - \max} = e^0 = 1$，分母是 5。**先别运行下一个单元**：如果 `other` 填 0.0，
# kernel 里的行最大值和分母各是多少？把两个预测写进 `my_max` 和 `my_denominator`，再运行，
# 和 `softmax_steps` 的真实输出对照。

# %% role="practice"
my_max = None  # 把 None 改成你预测的行最大值（一个数）
my_denominator = None  # 把 None 改成你预测的分母 Σ exp(x − max)（一个数）

if my_max is None or my_denominator is None:
    print("先写下预测：把上面两个 None 都改成数，再运行本单元。")
else:
    predict_row = torch.full((5,), -1000.0, device=DEVICE)
    _, exps, (shift, denominator) = softmax_steps(predict_row, other=0.0)
    print(diagnose.prediction("行最大值", my_max, shift.item()))
    print(diagnose.prediction("分母", my_denominator, denominator.item()))
    print(
        f"5 个真实 lane 的 exp(−1000 − {shift.item():g}) = {exps[0].item():g}，"
        f"3 个 padding lane 各是 exp(0 − {shift.item():g}) = {exps[7].item():g}；"
        f"输出的 5 个概率之和 = {(exps[:5] / denominator).sum().item():g}，应为 1。"
    )
    figure = viz.reduction_steps_figure(5, 8, op="max", other=0.0, values=predict_row.cpu())

# %% [markdown]
# ### 自由试验：换一个 `other`
#
# 下面的单元随你改：`OTHER`（例如 `float("-inf")`、`0.0`、`-100.0`）、`SUBTRACT_MAX`、宽度 `N`，
# 以及加在整行上的常数 `SHIFT`，再运行。上图是 `tl.max` 的归约树（红色：含真实数据却已算错的部分结果），
# 下图是 `exp(x − 平移量)` 之后的 lane：padding lane 应为 0，全部 lane 之和就是分母。
# 试试 `SHIFT = 5.0` 让整行都是正数：`OTHER = 0.0` 还会让 max 出错吗？分母呢？

# %% role="practice"
OTHER = 0.0  # padding lane 填入的值：试试 float("-inf")、0.0、-100.0
SUBTRACT_MAX = True  # False：exp 之前不减最大值
N = 5  # 这一行的真实长度；BLOCK = triton.next_power_of_2(N)
SHIFT = -3.0  # 加在整行上的常数：负数让整行都是负数

torch.manual_seed(0)
row_try = torch.randn(N, device=DEVICE) + SHIFT
with warnings.catch_warnings():  # 解释器溢出时发 RuntimeWarning；GPU 上只是静默得到 inf
    warnings.simplefilter("ignore", RuntimeWarning)
    lanes_try, exps_try, (shift_try, denominator_try) = softmax_steps(row_try, OTHER, SUBTRACT_MAX)
probs_try = exps_try[:N] / denominator_try
block = lanes_try.numel()
print(
    f"N = {N}，BLOCK = {block}，other = {OTHER}：平移量 = {shift_try.item():g}"
    f"（行最大值 {row_try.max().item():g}），分母 = {denominator_try.item():.6g}"
)
same = torch.allclose(probs_try, torch.softmax(row_try.cpu(), 0), atol=1e-6, rtol=1e-4)
print("softmax 与 torch.softmax 一致：", diagnose.verdict(same))
figure = viz.reduction_steps_figure(N, block, op="max", other=OTHER, values=row_try.cpu())
figure = viz.plot_lanes(
    exps_try, n_cols=N, identity_label="0.0", value_label=viz.label("exp(x − 平移量)", "exp(x − shift)")
)

# %% [markdown]
# 读完这一节，先合上它，用自己的话复述"输入状态 → 中间状态 → 输出状态"，再做练习。
#
# ## 5. 练习：融合 softmax / log-softmax kernel
#
# 规则：**只修改两个 `______` 所在的位置**；不要删除或修改检查单元，不要放宽容差。
# 每个参数行末的注释说明了它的含义和边界条件。
#
# - 第一个空：masked load 的 `other`，padding lane 在寄存器里得到的值；
# - 第二个空：exp 之前从整行减去的值（`shift_and_exp` 的 `shift` 参数）。
#
# 需要提示时调用 `hint("other", 1)` 或 `hint("shift", 1)`，级别 1～4 依次是：
# 概念区域 → 具体方向 → 关键局部 → 完整答案。你请求过的提示会记录在笔记本里。


# %% role="solution" grade_id="softmax_kernel"
@triton.jit
def shift_and_exp(x, shift):
    """整行减去 shift 再取 exp：返回 (x - shift, exp(x - shift))。"""
    shifted = x - shift
    return shifted, tl.exp(shifted)


@triton.jit
def softmax_kernel(
    x_ptr,  # 输入矩阵 x 的指针，形状 (n_rows, n_cols)，每行内连续
    y_ptr,  # 输出矩阵 y 的指针，形状同 x
    n_rows,  # 行数 M（任意正整数）
    n_cols,  # 每行真实的元素个数 N（任意正整数，不超过 BLOCK_SIZE）
    x_row_stride,  # x 相邻两行起点相隔的元素数；x 是更宽缓冲区的视图时它大于 n_cols
    y_row_stride,  # y 相邻两行起点相隔的元素数
    LOG: tl.constexpr,  # False：写 softmax；True：写 log-softmax
    BLOCK_SIZE: tl.constexpr,  # 一整行放进一个块：>= n_cols 的最小 2 的幂
):
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols  # 只有前 n_cols 个 lane 访问显存
    # grid-stride：program p 依次处理第 p、p + P、p + 2P ... 行（P = 启动的 program 个数）
    for row in tl.range(tl.program_id(0), n_rows, tl.num_programs(0)):
        row_ptr = x_ptr + row * x_row_stride  # 本行第一个元素的地址
        # other：被 mask 挡住的 lane 在寄存器里得到的值，它会进入下面的 tl.max 和 tl.sum
        x = tl.load(row_ptr + cols, mask=mask, other=-float("inf"))  # BLANK(other): -float("inf")
        row_max = tl.max(x, axis=0)
        shifted, numerator = shift_and_exp(x, shift=row_max)  # BLANK(shift): row_max | exp 之前从整行减去的值
        denominator = tl.sum(numerator, axis=0)
        if LOG:
            y = shifted - tl.log(denominator)  # log-softmax：不先算 softmax 再取对数
        else:
            y = numerator / denominator
        tl.store(y_ptr + row * y_row_stride + cols, y, mask=mask)


def _num_programs(n_rows, device):
    """grid-stride 的 program 个数：GPU 上每个 SM 4 个；解释器上 4 个（让循环真的转起来）。"""
    if torch.device(device).type == "cuda":
        return min(n_rows, 4 * torch.cuda.get_device_properties(device).multi_processor_count)
    return min(n_rows, 4)


def _softmax(x, log):
    assert x.ndim == 2 and x.stride(1) == 1, "softmax 需要二维、每行内连续的张量"
    n_rows, n_cols = x.shape
    y = torch.empty((n_rows, n_cols), device=x.device, dtype=x.dtype)
    block_size = triton.next_power_of_2(n_cols)
    num_warps = 4 if block_size <= 2048 else 8 if block_size <= 8192 else 16
    softmax_kernel[(_num_programs(n_rows, x.device),)](
        x, y, n_rows, n_cols, x.stride(0), y.stride(0), LOG=log, BLOCK_SIZE=block_size, num_warps=num_warps
    )
    return y


def softmax(x):
    return _softmax(x, log=False)


def log_softmax(x):
    return _softmax(x, log=True)


def softmax_outputs(x):
    """检查用：softmax、log-softmax，以及 softmax 每行之和（应为 1）。"""
    probs = softmax(x)
    return probs, log_softmax(x), probs.sum(dim=1)


# %% role="test" grade_id="test_softmax_normal" points=2
# 可见检查：1×1、非 2 的幂宽度 100 和 257 的尾块；与 torch 对照，并检查每行之和为 1。
# 不要修改本单元，也不要放宽容差。判定就是 torch.testing.assert_close；
# 没通过时，下面会用中文说明哪个形状、哪个输出错了，错成什么样、该看哪一级提示。
torch.manual_seed(0)
checks = diagnose.Checks(exercise=("other", "shift"))
for shape in ((1, 1), (4, 100), (7, 257)):
    x = 3 * torch.randn(shape, device=DEVICE)
    probs, log_probs, row_sums = softmax_outputs(x)
    want_probs, want_log = torch.softmax(x, dim=1), torch.log_softmax(x, dim=1)
    where = {"x": x, "block": triton.next_power_of_2(shape[1])}
    checks.assert_close(probs, want_probs, atol=1e-6, rtol=1e-4, what="softmax", **where)
    checks.assert_close(log_probs, want_log, atol=1e-5, rtol=1e-4, what="log-softmax", **where)
    ones = torch.ones(shape[0], device=DEVICE)
    checks.assert_close(row_sums, ones, atol=1e-5, rtol=0.0, what="每行之和", **where)
record.passed("softmax 可见检查")
### BEGIN HIDDEN TESTS
from autograder.lesson.cases import check_in_notebook  # noqa: E402

check_in_notebook("lesson07-softmax", "normal", softmax_outputs, DEVICE)
### END HIDDEN TESTS

# %% role="test" grade_id="test_softmax_boundary" points=1
# 边界输入（±1000 的行、全负的行、除一个元素外全是 −∞ 的行、BLOCK_SIZE±1、N = 1、M = 1、
# 更宽缓冲区的视图……）由隐藏测试检查。
### BEGIN HIDDEN TESTS
from autograder.lesson.cases import check_in_notebook  # noqa: E402  (again: this cell may run alone)

check_in_notebook("lesson07-softmax", "boundary", softmax_outputs, DEVICE)
### END HIDDEN TESTS

# %% [markdown]
# ### 想一想：一个不计分的练习
#
# 下面是用 PyTorch 算子逐步组合的朴素 softmax，每一步后面注明它读写了多少个元素。
# 先运行，确认它与你的 kernel 结果一致；再把第二行的 `- row_max[:, None]` 删掉，用 ±1000 的输入试试会怎样。


# %% role="practice"
def naive_softmax(x):
    row_max = x.max(dim=1).values  # 读 MN，写 M
    z = x - row_max[:, None]  # 读 MN + M，写 MN
    numerator = torch.exp(z)  # 读 MN，写 MN
    denominator = numerator.sum(dim=1)  # 读 MN，写 M
    return numerator / denominator[:, None]  # 读 MN + M，写 MN


torch.manual_seed(1)
x = 1000 * (2 * torch.rand(3, 100, device=DEVICE) - 1)  # 每个元素在 (-1000, 1000) 内
print("朴素实现与 torch 一致：", torch.allclose(naive_softmax(x), torch.softmax(x, dim=1), atol=1e-6))
print("你的 kernel 与 torch 一致：", torch.allclose(softmax(x), torch.softmax(x, dim=1), atol=1e-6))
m, n = 4096, 4096
print(f"M = N = 4096 时字节数之比 (8MN + 4M) / (2MN) = {(8 * m * n + 4 * m) / (2 * m * n):.4f}")

# %% [markdown]
# ## 6. 问答
#
# 用自己的话回答，讲清因果链（"因为……所以……"）；只罗列术语不得分。
#
# **Q1**（2 分）不要背定义：从**输入、状态变化、输出**三个阶段解释融合 softmax kernel 中 padding lane
# 经历了什么。为什么 `other` 要填 −∞？如果填 0.0，max 和分母分别会错成什么样？

# %% [markdown] role="answer" grade_id="Q1" points=2
# 输入：每行的列号 `cols` 取到 `BLOCK_SIZE`（N 向上取的 2 的幂），`mask = cols < N` 挡住多出来的 lane，
# 它们不读显存，直接在寄存器里得到 `other = -inf`。
#
# 状态变化：padding lane 要经过两次归约。第一次 `tl.max`：因为 max(x, −inf) = x，它不会胜出，
# 行最大值 m 仍是真实数据的最大值。之后算 exp(x − m)：−inf − m = −inf，exp(−inf) = 0，
# 所以第二次归约 `tl.sum` 的分母里它贡献 0。−inf 同时是两次归约的单位元。
#
# 输出：softmax 写回 exp(x − m) / 分母，store 带 mask，只写真实的 N 列，每行之和为 1。
#
# 如果填 0.0：一行全是负数时 0 比所有真实值都大，max 被顶替成 0；每个 padding lane 又贡献 exp(0 − 0) = 1，
# 分母多出 padding lane 的个数（N = 100 时多 28），每行之和小于 1。即使 max 没被顶替，
# 每个 padding lane 也贡献 exp(−m)，分母照样偏大。

# %% [markdown]
# **Q2**（2 分）为什么 exp 之前要减去行最大值？不减时在 fp32 下会在什么时候出错？减了为什么不改变 softmax
# 的结果？log-softmax 又为什么写成 `x − max − log(Σ exp(x − max))`，而不是先算 softmax 再取对数？

# %% [markdown] role="answer" grade_id="Q2" points=2
# 因为 fp32 的 exp 在 x 超过约 88.7 时就溢出为 inf（ln 3.4e38 ≈ 88.72），一行里有 1000 这样的数时分母是 inf，
# 结果变成 inf/inf = NaN；一行全是 −1000 左右时 exp 又全部下溢为 0，得到 0/0。减去最大值 m 后每项 x − m ≤ 0，
# exp 落在 (0, 1]，最大那一项正好是 1，所以分母在 [1, N] 之间，不溢出也不为 0。
#
# 结果不变，是因为分子分母同乘了 e^{−m}：exp(x_j − m) / Σ exp(x_k − m) = exp(x_j) / Σ exp(x_k)。
#
# log-softmax 直接用 (x − m) − log(分母)：分母在 [1, N]，取对数不会出问题；而先算 softmax 时，
# 很小的概率会下溢成 0，log(0) = −inf，真实值却只是一个很负的有限数。这样写也不用多一趟读写显存。

# %% [markdown]
# **Q3**（2 分）朴素实现（PyTorch 算子逐步组合）和融合 kernel 各读写多少数据？据此预测融合能快多少？
# 对照第 3 节的 GPU 实测，哪里符合预测、哪里不符合，为什么？

# %% [markdown] role="answer" grade_id="Q3" points=2
# 朴素实现有 5 个 kernel：max、减法、exp、sum、除法，中间结果都写回显存再读出来，合计读 5MN + 2M、
# 写 3MN + 2M 个元素；融合 kernel 一行读进寄存器后两次归约和 exp 都在寄存器里做，只读 MN、写 MN。
# 因为行 softmax 是访存受限的，时间大致正比于字节数，所以预测加速约 (8MN + 4M) / (2MN) ≈ 4 倍。
#
# 实测（H200）M = N = 4096 时快 5.09 倍，和预测的 4 倍同一量级，因为这么大的矩阵确实要往返显存；
# 略多于 4 倍，是因为朴素实现的每个小 kernel 自己也跑不满带宽。N = 128、1000 的小矩阵只快 2.0、1.6 倍，
# 不如预测：矩阵只有 2～16 MB，朴素实现的中间结果多半留在 L2 缓存里，没有真的付出显存流量，
# 而我们的 kernel 每个 program 串行处理多行，短行时延迟占主导。所以字节数之比只在数据真的来自显存时才准。

# %% [markdown]
# ### 实现说明（代码分中的 1 分）
#
# 用两三句话说明：你在两个空里各填了什么、为什么正确；如果某个检查曾经失败，它是怎么失败的、为什么。
# 如果你的环境无法运行 kernel，请在这里写明"仅静态审查"，并说明你是如何检查代码的。

# %% [markdown] role="answer" grade_id="explanation" points=1
# other 填 -float("inf")，因为它既是 max 的单位元，exp 之后又是 0，padding lane 不影响最大值也不进分母；
# shift 填 row_max，因为减去最大值后 exp 不会溢出，而 softmax 对平移不变。我试过把 other 填成 0.0，
# 宽度 100 的可见检查失败了：每行之和明显小于 1，因为 28 个 padding lane 都进了分母。

# %% [markdown]
# ## 7. 运行记录
#
# 运行下一个单元，它会打印真正运行的后端（GPU 或解释器）、版本和本次会话通过的检查。
# 提交时保留它的输出；不要手写或修改运行结果。无法运行时，在上面的实现说明里写"仅静态审查"。

# %%
record.show()

# %% [markdown]
# ## 8. 在你的 GPU 上测加速
#
# 有 GPU 时，下面的单元用 `triton.testing.do_bench` 比较朴素实现、你的 `softmax` 和 `torch.softmax`
# （M = 4096，N = 1000 与 4096），首次 JIT 编译不计入。没有 GPU 时它只说明原因，结果见第 3 节。


# %%
def measure_live(shapes=((4096, 1000), (4096, 4096))):
    if BACKEND != "cuda":
        print("这里没有 CUDA GPU，不测速度：解释器的耗时和 GPU 毫无关系。GPU 实测结果见第 3 节。")
        return
    if os.environ.get("NBGRADER_EXECUTION"):  # 评分或验证时不测：它不计分，只会拖慢评分
        print("评分或验证时不测速度。")
        return
    from triton.testing import do_bench

    for line, (m, n) in bench.progress(shapes):  # 每个形状测完打印一行
        x = torch.randn(m, n, device=DEVICE)
        if not torch.allclose(softmax(x), torch.softmax(x, dim=1), atol=1e-6):
            line(f"{m}×{n}：结果不对，先让练习的检查通过，再测速度")
            return
        candidates = (
            ("朴素", naive_softmax),
            ("融合", softmax),
            ("torch", lambda t: torch.softmax(t, dim=1)),
        )
        times = {name: do_bench(lambda f=f, x=x: f(x)) for name, f in candidates}
        predicted = (8 * m * n + 4 * m) / (2 * m * n)
        each = "，".join(f"{k} {v:.4f} ms" for k, v in times.items())
        line(f"{m}×{n}：{each}；实测加速 {times['朴素'] / times['融合']:.2f} 倍，字节预测 {predicted:.2f} 倍")


measure_live()

# %% [markdown]
# ## 9. 提示
#
# `hint("other", 1)` 到 `hint("other", 4)`、`hint("shift", 1)` 到 `hint("shift", 4)` 依次给出：
# 概念区域 → 具体方向 → 关键局部 → 完整答案。先试着自己做；每次请求都会打印在输出里，留在笔记本中。

# %% role="practice"
# hint("other", 1)  # 去掉行首的 "# " 再运行；需要更多帮助时把 1 换成 2、3、4；第二个空用 hint("shift", 1)

# %% [markdown]
# ## 10. 参考资料
#
# - Triton 官方教程「Fused Softmax」：朴素实现的读写量分析、grid-stride 与 `tl.range`：
#   <https://triton-lang.org/main/getting-started/tutorials/02-fused-softmax.html>
# - Triton 语言参考（`triton.language`），`tl.load` 的 `mask`/`other`、`tl.max`、`tl.sum`、`tl.exp`、`tl.range`：
#   <https://triton-lang.org/main/python-api/triton.language.html>
# - Milakov 与 Gimelshein，《Online normalizer calculation for softmax》（2018），online softmax 的出处：
#   <https://arxiv.org/abs/1805.02867>
#
# 这些资料用来核对事实；回答 Q1～Q3 时请用你自己的话讲清因果。
