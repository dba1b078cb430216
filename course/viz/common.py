"""What every figure shares: the CJK font and its English fallback, the colours, showing and saving.

A label is Chinese only when a CJK font can draw it (``label``); a figure is shown where there is
somewhere to show it (``show``) and written as a PNG at DPI (``_save``).
"""

from __future__ import annotations

import functools
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
from matplotlib import font_manager
from matplotlib.figure import Figure

DPI = 110
CJK_FAMILIES = (
    "Noto Sans CJK SC",
    "Noto Sans CJK JP",  # the name matplotlib reads from fonts-noto-cjk's .ttc (it has the SC glyphs too)
    "Source Han Sans SC",
    "WenQuanYi Micro Hei",
    "WenQuanYi Zen Hei",
    "Microsoft YaHei",
    "SimHei",
    "PingFang SC",
    "Heiti SC",
)
CJK_FILE_HINTS = ("notosanscjk", "sourcehansans", "wqy-", "msyh", "simhei", "pingfang")
COLORS = {
    "real": "#4C72B0",
    "pad": "#DD8452",
    "mixed": "#8172B3",
    "off": "#D9D9D9",
    "true": "#55A868",
    "false": "#C44E52",
}
WRONG = "#C44E52"
CENTER = {"ha": "center", "va": "center", "fontsize": 9}
RIGHT = CENTER | {"ha": "right"}  # row names, left of the strips
PAD_INK = "#8C3B0C"  # dark orange: text about the padding lanes
NON_INTERACTIVE = {"agg", "pdf", "ps", "svg", "pgf", "cairo", "template"}


@functools.cache
def cjk_font() -> str | None:
    """The CJK font family matplotlib will use for Chinese text, or None when there is none."""
    known = {entry.name for entry in font_manager.fontManager.ttflist}
    if not known.intersection(CJK_FAMILIES):
        # matplotlib's font cache predates a font installed later: register the files directly
        for path in font_manager.findSystemFonts():
            if any(hint in Path(path).name.lower() for hint in CJK_FILE_HINTS):
                font_manager.fontManager.addfont(path)
        known = {entry.name for entry in font_manager.fontManager.ttflist}
    family = next((name for name in CJK_FAMILIES if name in known), None)
    if family is not None:
        # a fallback after the usual family: Latin text keeps its look, only CJK glyphs come from the new font
        families = [f for f in matplotlib.rcParams["font.family"] if f != family]
        matplotlib.rcParams["font.family"] = [*families, family]
    return family


def label(zh: str, en: str) -> str:
    """The Chinese text when it can be drawn, else its English twin."""
    return zh if cjk_font() else en


def show(fig: Figure) -> Figure:
    """Display a figure where there is somewhere to display it (a notebook, a window); return it."""
    if matplotlib.get_backend().lower() in NON_INTERACTIVE:
        plt.close(fig)  # headless script: nothing to show, and pyplot need not keep it alive
    else:
        plt.show()
    return fig


def _as_floats(lanes) -> np.ndarray:
    values = lanes.tolist() if hasattr(lanes, "tolist") else list(lanes)  # torch (any device), numpy, list
    return np.asarray(values, dtype=float).ravel()


def _check_shape(n_cols: int, block: int) -> None:
    if block < 1 or block & (block - 1):
        raise ValueError(f"BLOCK 必须是 2 的幂，收到 {block}")
    if not 0 < n_cols <= block:
        raise ValueError(f"需要 0 < N <= BLOCK，收到 N = {n_cols}，BLOCK = {block}")


def _save(fig: Figure, path: Path | str) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path
