"""Failures that explain themselves: a wrong output, compared with the reference, described in Chinese.

A lesson's visible check calls ``Checks.close`` instead of ``torch.testing.assert_close``. When the
output is wrong, the student does not get torch's traceback ("Greatest absolute difference: 28.0…")
but a short Chinese account: which shape failed (M, N, BLOCK), which shapes passed before it, what
the error looks like, what that pattern usually means, and which hint level applies:

- every row off by the same amount, a multiple of the padding lanes' count → the identity (``other``);
- only the rows whose real values are all negative (all positive) wrong, holding the padding's value
  → that value won the max (min): 0.0 stands where −inf (+inf) belongs;
- NaN or inf only on rows with large inputs → exp overflowed: the row's max was not subtracted;
- NaN or inf where the input has none → lanes past the row were read or kept (the mask);
- errors only in the last tile of a long row → the loop tail's mask;
- every row exactly N/BLOCK of the right value → a mean divided by BLOCK instead of N;
- every row of a normalised output (softmax) scaled as a whole → its denominator counted the padding.

Everything is read from the outputs, the inputs the student passed and the shape; nothing from the
answer, so it serves every lesson and may be handed out. The failure stays a failure: ``CheckFailed``
is an AssertionError, and in IPython it prints only the Chinese account (``_render_traceback_``).
Pass and fail are words with a colour (ANSI), never an emoji that needs a font.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

PASS_WORD, FAIL_WORD = "通过", "未通过"
BEFORE = "在它之前通过的形状"  # a notebook's checks run in order; a report lists what passed its own way
GREEN, RED, BOLD, RESET = "\x1b[32m", "\x1b[31m", "\x1b[1m", "\x1b[0m"
EXP_OVERFLOW = (
    88.0  # exp(x) overflows float32 just above 88.72: a row holding such values needs the max subtracted
)
HINT_LEVELS = {  # which rung of the four-level ladder each kind of failure calls for
    "identity": 2,
    "padding_won": 2,
    "zero_product": 2,
    "overflow": 2,
    "normaliser": 2,
    "count": 2,
    "last_tile": 3,
    "nan": 3,
    "shape": 3,
    "other": 1,
}


def verdict(ok: bool) -> str:
    """A pass or fail mark as a coloured word: readable without an emoji font, and without colour too."""
    return f"{BOLD}{GREEN}{PASS_WORD}{RESET}" if ok else f"{BOLD}{RED}{FAIL_WORD}{RESET}"


def prediction(what: str, mine, actual: float, rel: float = 1e-3) -> str:
    """One Chinese line setting a student's predicted number beside what the kernel really output."""
    try:
        guess = float(mine)
    except (TypeError, ValueError):
        return f'{what}：预测要写成一个数（例如 3.0 或 float("-inf")），收到的是 {mine!r}'
    # isclose takes inf == inf; two NaNs are the same outcome too, though NaN != NaN
    same = math.isclose(guess, actual, rel_tol=rel, abs_tol=rel) or (math.isnan(guess) and math.isnan(actual))
    outcome = "预测正确" if same else "和预测不同，想想差在哪里"
    return f"{what}：你的预测 {_fmt(guess)}，kernel 实际输出 {_fmt(actual)}，{outcome}"


def padding_lanes(n_cols: int, block: int) -> int:
    """Padding lanes in a row's last (or only) tile: ceil(N / BLOCK) * BLOCK − N."""
    return -(-n_cols // block) * block - n_cols


def _array(value) -> np.ndarray:
    if hasattr(value, "detach"):  # a torch tensor on any device
        value = value.detach().to("cpu").double().numpy()
    return np.asarray(value, dtype=float)


def _fmt(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    text = f"{value:.6g}"
    return "0.0" if text in ("0", "-0") else text


def _round_value(value: float) -> float | None:
    """value when it is a plain number a student would write (1.0, -1.0, 0.5, 1e-30 ...), else None."""
    if not math.isfinite(value) or value == 0:
        return None
    exponent = math.floor(math.log10(abs(value)))
    mantissa = value / 10**exponent
    for digits in (0, 1):
        rounded = round(mantissa, digits)
        if abs(rounded - mantissa) <= 1e-3 * abs(mantissa):
            return rounded * 10**exponent
    return None


def _value(value: float) -> str:
    """A value the student could have written: 1.0, -1.0, 0.5, 1e-05."""
    return repr(float(value))


def shape_text(shape: tuple[int, ...], block: int | None, mark_no_padding: bool = False) -> str:
    """A shape as students read it: 4×100（N = 100，BLOCK = 128）."""
    text = "×".join(str(n) for n in shape)
    n_cols = shape[-1] if shape else 1
    if block is None:
        return f"{text}（N = {n_cols}）"
    if mark_no_padding and padding_lanes(n_cols, block) == 0:
        return f"{text}（N = BLOCK = {block}，没有 padding lane）"
    return f"{text}（N = {n_cols}，BLOCK = {block}）"


@dataclass(frozen=True)
class Diagnosis:
    """What a wrong output looks like and what it usually means, in Chinese."""

    kind: str  # identity / padding_won / zero_product / overflow / nan / last_tile / shape / other
    shape: tuple[int, ...]  # the input's shape (M, N)
    block: int | None
    looks: str  # what the error looks like, read from the numbers
    means: str  # what that pattern usually points to
    hint_level: int
    passed: tuple[str, ...] = field(default=())  # shapes that passed before this one

    def message(
        self,
        exercise: str | Sequence[str] | None = None,
        passed_heading: str = BEFORE,
        output: str | None = None,
        output_passed: Sequence[str] = (),
    ) -> str:
        """The whole account; ``exercise``: the hint name(s) whose level applies (a lesson with two
        blanks names both: which blank is wrong would have to be read from the answer); ``output``: the
        name of the output that failed, when a check compares several (mean, var, rstd), and
        ``output_passed`` those that passed on the same shape before it."""
        where = f"形状 {shape_text(self.shape, self.block)}"
        lines = [
            f"{where}的检查{FAIL_WORD}。" if output is None else f"{where}上，{output} 的检查{FAIL_WORD}。"
        ]
        if output_passed:
            lines.append(f"同一形状上已通过：{'、'.join(output_passed)}。")
        if self.passed:
            lines.append(f"{passed_heading}：{'、'.join(self.passed)}。")
        lines += [f"错误的样子：{self.looks}", f"可能的原因：{self.means}"]
        names = (exercise,) if isinstance(exercise, str) else tuple(exercise or ())
        if names:
            calls = " 或 ".join(f'hint("{name}", {self.hint_level})' for name in names)
            lines.append(f"对应的提示：{calls}（第 {self.hint_level} 级）。")
        return "\n".join(lines)

    def summary(self) -> str:
        """One line: the shape and what the error looks like (a report's list of failed cases)."""
        return f"形状 {shape_text(self.shape, self.block)}：{self.looks}"

    @classmethod
    def from_dict(cls, data: dict) -> Diagnosis:
        """Back from JSON (a grade file), where tuples became lists."""
        return cls(**{**data, "shape": tuple(data["shape"]), "passed": tuple(data.get("passed", ()))})


def _close(got: np.ndarray, expected: np.ndarray, atol: float, rtol: float, scale: np.ndarray) -> np.ndarray:
    both_nan = np.isnan(got) & np.isnan(expected)
    with np.errstate(invalid="ignore"):
        near = np.abs(got - expected) <= atol + rtol * scale
        same_inf = np.isinf(got) & (got == expected)
    return near | both_nan | same_inf


def _rows(values: np.ndarray) -> np.ndarray:
    """A per-element boolean array reduced to one value per row (any)."""
    return values if values.ndim <= 1 else values.reshape(values.shape[0], -1).any(axis=1)


@dataclass
class _Wrong:
    """A wrong output and what is known around it; each reading below looks at it one way."""

    g: np.ndarray  # what the kernel wrote
    e: np.ndarray  # the reference
    xs: np.ndarray | None  # the input rows
    n_cols: int
    block: int | None
    bad: np.ndarray  # per element: outside the tolerance
    tolerance: float  # the largest absolute error the comparison forgives
    op: str | None

    @property
    def bad_rows(self) -> np.ndarray:
        return _rows(self.bad)

    @property
    def rows_text(self) -> str:
        rows = self.bad_rows
        return f"全部 {rows.size} 行" if rows.all() else f"{int(rows.sum())}/{rows.size} 行"

    @property
    def pad(self) -> int | None:
        return padding_lanes(self.n_cols, self.block) if self.block else None


Reading = tuple[str, str, str]  # (kind, looks, means)


def _broken(w: _Wrong) -> Reading | None:
    """NaN or inf where the reference is finite: exp overflowed, or lanes past the row got in."""
    broken = ~np.isfinite(w.g) & np.isfinite(w.e)
    if not broken.any():
        return None
    xs = w.xs
    if xs is not None and xs.ndim > 1 and np.isfinite(xs).all():
        large = np.abs(xs).reshape(xs.shape[0], -1).max(axis=1) > EXP_OVERFLOW
        broken_rows = _rows(broken)
        # rows of ±1000 overflow exp (or underflow it to 0/0) only when the max was not subtracted
        if large.any() and not (broken_rows & ~large).any():
            looks = (
                f"只有输入很大的行（绝对值超过 {EXP_OVERFLOW:g}）输出 NaN/inf，数值小的行都对。"
                if not large.all()
                else f"输出 NaN/inf 的行，输入的绝对值都超过 {EXP_OVERFLOW:g}。"
            )
            return (
                "overflow",
                looks,
                "exp 溢出了：exp(88.7) 已超出 float32 的范围（很负的输入则全部下溢成 0，得到 0/0）。"
                "先减去这一行的最大值再取 exp，指数就都 ≤ 0，结果不变（分子分母同乘 exp(−max)）。",
            )
    return (
        "nan",
        f"输入里没有 NaN/inf，输出里却有（{w.rows_text}中有）。",
        "有 lane 读到了行尾之外的内存，或 padding lane 带着 NaN/inf 进入了计算："
        "检查 mask（cols < N）和 other 是否都写对了。",
    )


def _last_tile(w: _Wrong) -> Reading | None:
    """A long row in tiles: errors only in the columns of the last tile."""
    n_cols, block = w.n_cols, w.block
    if not (block and block < n_cols and w.g.ndim == 2 and w.g.shape[1] == n_cols):
        return None
    last_start = (n_cols - 1) // block * block
    bad_cols = np.nonzero(w.bad.any(axis=0))[0]
    if not (bad_cols.size and bad_cols.min() >= last_start):
        return None
    return (
        "last_tile",
        f"只有最后一个块（第 {last_start}～{n_cols - 1} 列，共 {n_cols - last_start} 列）有错，前面的块都对。",
        "循环的最后一次迭代越过了行尾：最后一个块也要用 mask（cols < N）挡住多出来的 lane，"
        "并填入运算的单位元。",
    )


def _normaliser(w: _Wrong) -> Reading | None:
    """A row of a normalised output (softmax) scaled as a whole: its denominator counted something extra."""
    if w.g.ndim != 2:
        return None
    g, e = w.g[w.bad_rows], w.e[w.bad_rows]
    real = e > 0  # where the reference is 0 (a one-hot row) the kernel must write 0 too
    if not (np.isfinite(g).all() and real.any(axis=1).all() and np.all(np.abs(g[~real]) <= w.tolerance)):
        return None
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(real, g / e, np.nan)
    factor = np.nanmedian(ratio, axis=1, keepdims=True)
    # one factor per row, steady to well within its distance from 1 (float32 rounding aside)
    off = np.abs(factor - 1)
    same = (np.abs(ratio - factor) <= 0.05 * off + 1e-6) | ~real
    if not same.all() or np.any(off < 1e-5):
        return None
    f = float(factor[0, 0])
    if np.all(factor == 0):
        looks = f"{w.rows_text}的真实元素全部变成了 0.0：整行的概率都落到了 padding lane 上。"
    else:
        looks = f"{w.rows_text}里，每一行的所有元素都乘上了同一个系数（例如第一行是正确值的 {_fmt(f)} 倍）。"
    return (
        "normaliser",
        looks,
        "整行按同一比例偏了，说明归一化的分母算错了：分母只应是真实元素的 exp 之和。"
        "padding lane 的值减去行最大值再取 exp 之后必须是 0（加法的单位元），"
        "它又不能在 max 中胜出，所以它要是 max 的单位元 −∞；任何有限的“很小的数”都可能比真实元素还大。",
    )


def _padding_won(w: _Wrong) -> Reading | None:
    """Only the all-negative (all-positive) rows wrong, holding one value beyond every real element."""
    if w.g.ndim != 1 or w.xs is None or w.xs.ndim != 2:
        return None
    g, bad_rows = w.g, w.bad_rows
    real_max, real_min = w.xs.max(axis=1), w.xs.min(axis=1)
    for rows, beats, word, identity in (
        (real_max < 0, g >= real_max, "负数", '−∞（float("-inf")）'),
        (real_min > 0, g <= real_min, "正数", '+∞（float("inf")）'),
    ):
        value = g[bad_rows]
        reduce = "max" if word == "负数" else "min"
        if (
            w.op in (None, reduce)
            and rows.any()
            and np.array_equal(bad_rows, rows)
            and (beats[bad_rows]).all()
            and np.allclose(value, value[0])
        ):
            return (
                "padding_won",
                f"只有真实元素全为{word}的行错了，这些行的结果都是 {_fmt(value[0])}，"
                f"比行内任何真实元素都{'大' if reduce == 'max' else '小'}；其余行都对。",
                f"padding lane 里的 {_fmt(value[0])} 在 {reduce} 中胜出了：它不是 {reduce} 的单位元。"
                f"{reduce} 的单位元是 {identity}，对任何 x 都有 {reduce}(x, e) = x。",
            )
    return None


def _padding_shift(w: _Wrong) -> Reading | None:
    """Every row off by what the padding lanes carried in: a product of 0.0, or pad × v (/ N)."""
    pad, block, n_cols = w.pad, w.block, w.n_cols
    if w.g.ndim != 1 or not pad or not w.bad_rows.all():
        return None
    if w.op in (None, "prod") and np.all(w.g == 0) and np.any(w.e != 0):
        return (
            "zero_product",
            f"{w.rows_text}的结果都恰好是 0.0。",
            "一个 0 进了乘积：padding lane 里装的 0.0 不是乘法的单位元（1.0）。",
        )
    diff = np.where(w.bad, w.g - w.e, 0.0)
    shift = float(np.median(diff))
    if not np.allclose(diff, shift, rtol=1e-3, atol=w.tolerance):
        return None
    readings = [  # (v, how): a sum gains pad * v, a mean pad * v / N; the plainer v is the likelier
        (_round_value(shift / lanes), how)
        for lanes, how in ((pad, "{pad} × {v}"), (pad / n_cols, "{pad} × {v} / N（N = {n}）"))
    ]
    readings = sorted((r for r in readings if r[0] is not None), key=lambda r: abs(math.log10(abs(r[0]))))
    for v, how in readings[:1]:
        count = f"⌈N/BLOCK⌉·BLOCK − N = {pad}，都在最后一个块里" if block < n_cols else f"{block} − {n_cols}"
        product = how.format(pad=pad, v=_value(v), n=n_cols)
        return (
            "identity",
            f"{w.rows_text}都偏了同一个量 {_fmt(shift)}，正好是 {product}：{pad} 是 padding lane 的个数（{count}）。",
            f"每个 padding lane 都带进了 {_value(v)}：other（或再次 mask 时 tl.where 填的值）不是这个运算的单位元"
            "（求和是 0.0，乘积 1.0，max 是 −∞，min 是 +∞）。"
            "只用 2 的幂宽度测试时 padding lane 为 0 个，这个错误看不出来。",
        )
    return None


def _count(w: _Wrong) -> Reading | None:
    """Every row scaled by N / BLOCK: a mean divided by the lanes instead of the real elements."""
    pad, block, n_cols = w.pad, w.block, w.n_cols
    if w.g.ndim != 1 or not pad or not w.bad_rows.all() or np.any(w.e == 0):
        return None
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = w.g / w.e
    if not np.allclose(ratio, n_cols / block, rtol=1e-3):
        return None
    return (
        "count",
        f"{w.rows_text}的结果都正好是正确值的 {n_cols}/{block} = {_fmt(n_cols / block)} 倍。",
        f"除数数的是一个块的 lane 数（BLOCK = {block}），而不是一行真实元素的个数（N = {n_cols}）："
        "padding lane 不算元素，只用 2 的幂宽度测试时两者相等，看不出来。",
    )


def _anything(w: _Wrong) -> Reading:
    if w.g.ndim != 1:
        index = tuple(int(i) for i in np.argwhere(w.bad)[0])
        return (
            "other",
            f"{w.rows_text}有错；例如位置 {index}：得到 {_fmt(w.g[index])}，应为 {_fmt(w.e[index])}。",
            "对照示例和第 2 节的图，逐个核对 mask、other 和写回的位置。",
        )
    index = int(np.nonzero(w.bad_rows)[0][0])
    return (
        "other",
        f"{w.rows_text}有错；例如第 {index} 行：得到 {_fmt(w.g[index])}，应为 {_fmt(w.e[index])}"
        f"（差 {_fmt(w.g[index] - w.e[index])}）。",
        "误差不是 padding lane 个数的整数倍，也不只出现在特殊的行：逐行对照公式，"
        "检查 mask、other 和写回的位置。",
    )


READINGS = (_broken, _last_tile, _normaliser, _padding_won, _padding_shift, _count)  # most telling first


def diagnose(
    got,
    expected,
    *,
    x=None,
    n_cols: int | None = None,
    block: int | None = None,
    atol: float = 1e-5,
    rtol: float = 1.3e-6,
    passed: tuple[str, ...] = (),
    op: str | None = None,
    scale=None,
) -> Diagnosis | None:
    """None when got matches expected within atol + rtol * scale (|expected| unless given); else what went wrong.

    got, expected: the output and the reference (torch tensors, arrays or lists); x: the input the
    kernel read (M rows of N real values), from which the shape, the all-negative rows and the large
    rows are read; block: the kernel's BLOCK (the lanes per tile), so that the padding can be counted;
    op: the reduction ("sum", "max", "min", "prod") when the lesson names it, to tell apart patterns
    that look alike (a min of positive rows and a product, both 0.0 with a zero in the padding);
    scale: what the rounding error grows with (a grader's magnitude, such as sum |x| per row), so that
    a grader and this reading agree on what is wrong.
    """
    g, e = _array(got), _array(expected)
    xs = None if x is None else _array(x)
    shape = tuple(xs.shape) if xs is not None else tuple(e.shape)
    if n_cols is None:
        n_cols = shape[-1] if len(shape) > 1 else (shape[0] if shape else 1)
    where = {"shape": shape, "block": block, "passed": tuple(passed)}
    if g.shape != e.shape:
        reading = (
            "shape",
            f"输出的形状是 {tuple(g.shape)}，应为 {tuple(e.shape)}。",
            "输出张量的大小、grid 的大小或写回的位置不对：每一行应当恰好写一个（或一行）结果。",
        )
    else:
        scale = np.abs(e) if scale is None else np.broadcast_to(np.abs(_array(scale)), e.shape)
        ok = _close(g, e, atol, rtol, scale)
        if ok.all():
            return None
        tolerance = atol + rtol * float(scale.max(initial=0.0))
        wrong = _Wrong(g, e, xs, n_cols, block, ~ok, tolerance, op)
        reading = next(filter(None, (read(wrong) for read in READINGS)), None) or _anything(wrong)
    kind, looks, means = reading
    return Diagnosis(kind, looks=looks, means=means, hint_level=HINT_LEVELS[kind], **where)


def _form(got, expected) -> Reading | None:
    """A dtype or a device that differs from the reference's: torch.testing.assert_close fails on it
    before it compares a single number."""
    for attribute, word in (("dtype", "类型（dtype）"), ("device", "设备（device）")):
        mine, theirs = getattr(got, attribute, None), getattr(expected, attribute, None)
        if mine != theirs:
            return (
                "shape",
                f"输出张量的{word}是 {mine}，参考值是 {theirs}；数值还没有比较。",
                f"检查分配输出张量的那一行：它的{word}应当和参考值相同。",
            )
    return None


def _unexplained(got, expected, atol: float, rtol: float) -> Reading:
    """What torch.testing.assert_close found and no reading explains: NaN in both, or an error at the very
    edge of the tolerance (torch compares in float32, this module in float64)."""
    g, e = _array(got), _array(expected)
    with np.errstate(invalid="ignore"):
        off = ~(np.abs(g - e) <= atol + rtol * np.abs(e))
    index = tuple(int(i) for i in np.argwhere(off)[0]) if off.any() else None
    tolerance = f"atol = {atol:g}，rtol = {rtol:g}"
    looks = (
        f"位置 {index}：得到 {_fmt(g[index])}，应为 {_fmt(e[index])}（容差 {tolerance}）。"
        if index is not None
        else f"输出与参考值只差在容差（{tolerance}）的边上。"
    )
    means = "误差刚好落在容差边上，或者两边同一位置都是 NaN：逐行对照公式，检查 mask、other 和写回的位置。"
    return "other", looks, means


class CheckFailed(AssertionError):
    """A visible check that failed; in a notebook it shows the Chinese diagnosis, not a traceback."""

    def __init__(
        self,
        diagnosis: Diagnosis,
        exercise: str | Sequence[str] | None = None,
        output: str | None = None,
        output_passed: Sequence[str] = (),
    ):
        self.diagnosis = diagnosis
        super().__init__(diagnosis.message(exercise, output=output, output_passed=output_passed))

    def _render_traceback_(self) -> list[str]:  # IPython prints these lines instead of the traceback
        first, *rest = str(self).splitlines()
        return [f"{BOLD}{RED}【{FAIL_WORD}】{RESET}{first}", *rest]


class Checks:
    """A run of visible checks over several shapes: each failure names the shapes that passed before it.

    checks = Checks(exercise="other")
    for shape in ((1, 1), (4, 100)):
        x = torch.randn(shape)
        checks.close(row_sum(x), x.sum(1), x=x, block=triton.next_power_of_2(shape[1]))

    A check with several outputs per shape names each one, and keeps torch's verdict:
        checks.assert_close(got_mean, want_mean, atol=1e-4, rtol=1e-4, x=x, block=block, what="mean")
    """

    def __init__(
        self,
        exercise: str | Sequence[str] | None = None,
        atol: float = 1e-4,
        rtol: float = 1e-4,
        verbose: bool = True,
    ):
        self.exercise = exercise
        self.verbose = verbose
        self.atol, self.rtol = atol, rtol
        self.passed: list[str] = []
        self._shape: str | None = None  # the shape whose outputs assert_close is checking
        self._outputs: list[str] = []  # the outputs of that shape that passed

    def close(self, got, expected, *, x=None, block: int | None = None, atol=None, rtol=None) -> None:
        """Raise CheckFailed with a diagnosis unless got matches expected within the tolerance."""
        atol = self.atol if atol is None else atol
        rtol = self.rtol if rtol is None else rtol
        found = diagnose(got, expected, x=x, block=block, atol=atol, rtol=rtol, passed=tuple(self.passed))
        if found is not None:
            raise CheckFailed(found, self.exercise)
        shape = tuple((_array(x) if x is not None else _array(expected)).shape)
        self.passed.append(shape_text(shape, block, mark_no_padding=True))
        if self.verbose:
            print(f"形状 {self.passed[-1]}：{verdict(True)}")

    def assert_close(
        self, got, expected, *, atol: float, rtol: float, x=None, block: int | None = None, what: str
    ) -> None:
        """torch.testing.assert_close(got, expected, atol=atol, rtol=rtol) gives the verdict, unchanged
        (its dtype, device, shape, NaN and tolerance rules); a failure is raised as CheckFailed with
        the Chinese diagnosis instead of torch's English message. ``what`` names the output (var)."""
        import torch  # here only: diagnose() itself reads numbers and needs no torch

        shape = tuple((_array(x) if x is not None else _array(expected)).shape)
        name = shape_text(shape, block, mark_no_padding=True)
        if name != self._shape:
            self._shape, self._outputs = name, []
        try:
            torch.testing.assert_close(got, expected, atol=atol, rtol=rtol)
        except AssertionError:
            before = tuple(p for p in self.passed if p != name)
            form = _form(got, expected)
            found = (
                None
                if form
                else diagnose(got, expected, x=x, block=block, atol=atol, rtol=rtol, passed=before)
            )
            if found is None:  # torch's own rules saw what the float64 readings forgive
                kind, looks, means = form or _unexplained(got, expected, atol, rtol)
                found = Diagnosis(kind, shape, block, looks, means, HINT_LEVELS[kind], before)
            raise CheckFailed(found, self.exercise, output=what, output_passed=tuple(self._outputs)) from None
        self._outputs.append(what)
        if name not in self.passed:
            self.passed.append(name)
        if self.verbose:
            print(f"形状 {name}：{what} {verdict(True)}")
