"""Figures of lesson 6, drawn by course.viz: ``python course/lessons/06-mean-var/figures.py``.

图 6-1: one row of N = 5 real lanes in a block of 8, after the masked load (other=0.0), after x - mean,
and after the second masking tl.where(mask, x - mean, 0.0). The lesson lets the student draw the same
picture for their own row, N and BLOCK (viz.second_mask_figure).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))  # the repository root: course.viz

import matplotlib  # noqa: E402

matplotlib.use("Agg")

from course import viz  # noqa: E402

ROW = (1.0, 3.0, 5.0, 7.0, 9.0)  # mean 5, variance 8: small numbers a student can check by hand
BLOCK = 8
TITLE = (
    "图 6-1：第二次 mask。x − mean 把 padding lane 从 0 变成 −mean；不再 mask，方差就从 8 变成 23",
    "Fig. 6-1: the second masking. x - mean turns padding lanes from 0 into -mean; unmasked, var 8 becomes 23",
)


def main() -> int:
    target = HERE / "img" / "second-mask.png"
    fig = viz.second_mask_figure(len(ROW), BLOCK, values=ROW, title=viz.label(*TITLE))
    print(f"wrote {viz._save(fig, target)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
