"""The harness's own limits: compilation and execution stop separately, and finished cases still count.

A literal in the trusted template cannot hang, so these tests swap the template
for a kernel that does (a future expression blank might): one that never gets
past its import, and one that hangs on the first boundary input.
"""

from __future__ import annotations

import pytest

from autograder.build import template
from autograder.isolation import harness
from autograder.isolation.sandbox import Limits

HANGS_AT_IMPORT = "import time\ntime.sleep(120)\n\ndef row_sum(x):\n    return x.sum(1)\n"
HANGS_ON_BOUNDARY = (
    "import time\n\n"
    "def row_sum(x):\n"
    "    if x.shape[1] == 127:  # the first boundary case, after every normal one\n"
    "        time.sleep(120)\n"
    "    return x.double().sum(1).float()\n"
)


@pytest.fixture
def fake_kernel(monkeypatch):
    def use(code: str) -> None:
        monkeypatch.setattr(template, "filled_code", lambda assignment, answers: code)

    return use


def test_a_kernel_stuck_in_compilation_stops_at_the_compile_limit(fake_kernel):
    """Does a kernel that never finishes importing stop at compile_s, scoring nothing, with that reason?"""
    fake_kernel(HANGS_AT_IMPORT)
    limits = Limits(wall_s=120, compile_s=12, run_s=60)
    result = harness.run_harness("lesson05-row-sum", {"other": "0.0"}, "interpret", 5, limits)
    assert result.points == {"normal": 0.0, "boundary": 0.0}
    assert "compilation time limit of 12 s" in result.error


def test_a_kernel_that_hangs_late_keeps_the_part_that_finished(fake_kernel):
    """Does a kernel that hangs on the boundary inputs keep its normal points, and lose only the boundary part?"""
    fake_kernel(HANGS_ON_BOUNDARY)
    limits = Limits(wall_s=120, compile_s=60, run_s=6)
    result = harness.run_harness("lesson05-row-sum", {"other": "0.0"}, "interpret", 5, limits)
    assert result.points == {"normal": 2.0, "boundary": 0.0}
    assert "execution time limit of 6 s" in result.error and "BLOCK_SIZE-1" in result.error
    unfinished = [case for case in result.cases if not case.passed]
    assert unfinished and all(case.detail.startswith("did not finish") for case in unfinished)
