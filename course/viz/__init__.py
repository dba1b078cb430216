"""Figures for the lessons, drawn with matplotlib and saved as PNG files beside the lesson (never base64).

Labels are Chinese when a CJK font is installed. Where none is (a CI runner, the borrowed GPU
machine) the same figures get English labels, so they never show boxes for missing glyphs.
Regenerate the lesson figures with ``python -m course.viz``.

The figures live in modules by what they draw (common: fonts, labels, colours, show and save;
lanes: a row's lanes and 图 5-1; tree: 图 5-2; identities: a reduction step by step; softmax:
tiles, online softmax, traffic; second_mask: lesson 6's x − mean; files: the PNGs of lesson 5).
Every name is importable from ``course.viz`` as before the split.
"""

from __future__ import annotations

from course.viz.common import (
    CENTER,
    CJK_FAMILIES,
    CJK_FILE_HINTS,
    COLORS,
    DPI,
    NON_INTERACTIVE,
    PAD_INK,
    RIGHT,
    WRONG,
    cjk_font,
    label,
    show,
)
from course.viz.common import _save as _save  # lessons' figures.py write their PNGs with it
from course.viz.files import LESSON05_IMG, draw_padded_lanes, draw_reduction_tree, main
from course.viz.identities import IDENTITIES, reduction_steps, reduction_steps_figure
from course.viz.identities import _wrong as _wrong  # the tests find where a wrong identity enters
from course.viz.lanes import padded_lanes_figure, plot_lanes
from course.viz.second_mask import second_mask_figure, second_mask_steps
from course.viz.softmax import (
    online_softmax_figure,
    online_softmax_steps,
    softmax_traffic,
    tiles_figure,
    traffic_figure,
)
from course.viz.tree import reduction_levels, reduction_tree_figure

__all__ = [
    "CENTER",
    "CJK_FAMILIES",
    "CJK_FILE_HINTS",
    "COLORS",
    "DPI",
    "IDENTITIES",
    "LESSON05_IMG",
    "NON_INTERACTIVE",
    "PAD_INK",
    "RIGHT",
    "WRONG",
    "cjk_font",
    "draw_padded_lanes",
    "draw_reduction_tree",
    "label",
    "main",
    "online_softmax_figure",
    "online_softmax_steps",
    "padded_lanes_figure",
    "plot_lanes",
    "reduction_levels",
    "reduction_steps",
    "reduction_steps_figure",
    "reduction_tree_figure",
    "second_mask_figure",
    "second_mask_steps",
    "show",
    "softmax_traffic",
    "tiles_figure",
    "traffic_figure",
]
