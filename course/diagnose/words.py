"""The words and numbers of a diagnosis: pass and fail, a shape as students read it, a value as written."""

from __future__ import annotations

import math

import numpy as np

PASS_WORD, FAIL_WORD = "通过", "未通过"
BEFORE = "在它之前通过的形状"  # a notebook's checks run in order; a report lists what passed its own way
GREEN, RED, BOLD, RESET = "\x1b[32m", "\x1b[31m", "\x1b[1m", "\x1b[0m"


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
