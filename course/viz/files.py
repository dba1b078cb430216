"""Lesson 5's figures as PNG files in its img/ folder: what ``python -m course.viz`` regenerates."""

from __future__ import annotations

import sys
from pathlib import Path

import matplotlib

from course.viz.common import _save, cjk_font
from course.viz.lanes import padded_lanes_figure
from course.viz.tree import reduction_tree_figure

# this file is course/viz/files.py: the lessons are in course/lessons/, beside viz/
LESSON05_IMG = Path(__file__).resolve().parent.parent / "lessons" / "05-row-sum-padding" / "img"


def draw_padded_lanes(path: Path | str, n_cols: int = 100, block: int = 128) -> Path:
    """Write 图 5-1 to path."""
    return _save(padded_lanes_figure(n_cols, block), path)


def draw_reduction_tree(path: Path | str, n_cols: int = 100, block: int = 128) -> Path:
    """Write 图 5-2 to path."""
    return _save(reduction_tree_figure(n_cols, block), path)


def main(argv: list[str] | None = None) -> int:
    """python -m course.viz [DIR]: regenerate lesson 5's figures (into its img/ folder by default)."""
    matplotlib.use("Agg")  # only files are written
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else LESSON05_IMG
    if cjk_font() is None:
        print("no CJK font found (e.g. apt-get install fonts-wqy-microhei): labels fall back to English")
    written = [draw_padded_lanes(out / "padded-lanes.png"), draw_reduction_tree(out / "reduction-tree.png")]
    for path in written:
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return 0
