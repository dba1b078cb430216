"""Lesson 5 declares itself: its parts and points, the pass rule, its blank, hidden inputs and reference.

Never released to students. The widths are chosen so that a wrong identity shows:
non-powers of two leave padding lanes, BLOCK_SIZE - 1 / BLOCK_SIZE / BLOCK_SIZE + 1
straddle the edge, NaN past the row catches an unmasked load on both backends, and
all-zero rows compared bit for bit catch an identity that is merely small.
"""

import torch

from autograder.lesson.spec import (
    SEED_PASS_RULE,
    VISIBLE,
    BlankRule,
    CaseSpec,
    Comparison,
    Exercise,
    LessonSpec,
    seed_parts,
)


def reference(x64: torch.Tensor) -> torch.Tensor:
    return x64.sum(dim=1)


def magnitude(x64: torch.Tensor) -> torch.Tensor:
    """The scale that rounding error grows with: sum |x| per row."""
    return x64.abs().sum(dim=1)


CASES = (
    CaseSpec("irregular 5x100", "normal", 5, 100),
    CaseSpec("irregular 3x1000", "normal", 3, 1000),
    CaseSpec("irregular 6x33", "normal", 6, 33),
    CaseSpec("irregular 4x777", "normal", 4, 777),
    CaseSpec("irregular 2x2500", "normal", 2, 2500),
    CaseSpec("power of two 8x64", "normal", 8, 64),
    # an identity that is merely small (1e-30, 1e-7) is not the identity: exact zeros show it
    CaseSpec("irregular zeros 3x100 (exact)", "normal", 3, 100, data="zeros", exact=True),
    CaseSpec("BLOCK_SIZE-1 3x127", "boundary", 3, 127),
    CaseSpec("BLOCK_SIZE 3x128", "boundary", 3, 128),
    CaseSpec("BLOCK_SIZE+1 3x129", "boundary", 3, 129),
    CaseSpec("one column 4x1", "boundary", 4, 1),
    CaseSpec("one row 1x300", "boundary", 1, 300),
    CaseSpec("view of a wider NaN buffer 4x100", "boundary", 4, 100, pad=60),
    CaseSpec("view of a wider NaN buffer 3x200", "boundary", 3, 200, pad=56, data="negative"),
    CaseSpec("all negative 3x200", "boundary", 3, 200, data="negative"),
    CaseSpec("large magnitude 2x300", "boundary", 2, 300, data="large"),
    CaseSpec("all zeros 2x77 (exact)", "boundary", 2, 77, data="zeros", exact=True),
    CaseSpec("small integers 3x99 (exact)", "boundary", 3, 99, data="integers", exact=True),
)

# the visible check cell's shapes: the grader reruns them with the student's blanks (autograder/isolation/harness.py)
VISIBLE_CASES = (
    CaseSpec("visible check 1x1", VISIBLE, 1, 1),
    CaseSpec("visible check 4x100", VISIBLE, 4, 100),
    CaseSpec("visible check 7x257", VISIBLE, 7, 257),
)

SPEC = LessonSpec(
    assignment="lesson05-row-sum",
    parts=seed_parts("row_sum"),
    pass_rule=SEED_PASS_RULE,
    exercises=(
        Exercise(
            cell="row_sum_kernel",
            entry="row_sum",
            blanks={"other": BlankRule("value")},
            cases=CASES,
            reference=reference,
            comparison=Comparison(atol=1e-4, rtol=1e-4, magnitude=magnitude),
            visible=VISIBLE_CASES,
        ),
    ),
    visible_checks=("row_sum 可见检查",),
)
