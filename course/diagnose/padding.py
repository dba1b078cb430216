"""Readings of what the padding lanes carried into a result: a value beyond every real element, a
shift of pad × v, a product of 0.0, or a mean divided by BLOCK instead of N."""

from __future__ import annotations

import math

import numpy as np

from course.diagnose.readings import Reading, _Wrong
from course.diagnose.words import _fmt, _round_value, _value


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
