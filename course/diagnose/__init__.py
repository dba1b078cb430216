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

The package holds: words (pass and fail, shapes and values as written), diagnosis (diagnose and
the Diagnosis it returns), readings and padding (the patterns a wrong output is read for), checks
(Checks and CheckFailed). Every name is importable from ``course.diagnose`` as before the split.
"""

from __future__ import annotations

from course.diagnose.checks import CheckFailed, Checks
from course.diagnose.diagnosis import HINT_LEVELS, READINGS, Diagnosis, diagnose
from course.diagnose.readings import EXP_OVERFLOW, Reading
from course.diagnose.words import (
    BEFORE,
    BOLD,
    FAIL_WORD,
    GREEN,
    PASS_WORD,
    RED,
    RESET,
    padding_lanes,
    prediction,
    shape_text,
    verdict,
)

__all__ = [
    "BEFORE",
    "BOLD",
    "EXP_OVERFLOW",
    "FAIL_WORD",
    "GREEN",
    "HINT_LEVELS",
    "PASS_WORD",
    "READINGS",
    "RED",
    "RESET",
    "CheckFailed",
    "Checks",
    "Diagnosis",
    "Reading",
    "diagnose",
    "padding_lanes",
    "prediction",
    "shape_text",
    "verdict",
]
