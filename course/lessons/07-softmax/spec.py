"""Lesson 7 declares itself: parts and points, the pass rule, its two blanks, hidden inputs and reference.

Never released to students. What each hidden input is there to catch:
- irregular widths leave padding lanes: other=0.0 adds exp(0 - max) per lane to the denominator;
- all-negative rows: other=0.0 replaces the max by 0 and adds exactly one per padding lane;
- rows of +-1000 overflow exp without the max subtraction (exp(x) is inf past about 88.72 in fp32),
  rows near -1000 underflow it to 0/0;
- rows that are -inf except one element (the answer is exactly one-hot), and rows below -1e30, where a
  "very small" stand-in for -inf wins the max;
- views of a wider NaN-filled buffer: an unmasked load reads NaN on both backends;
- more rows than the interpreter's four programs: the grid-stride loop really turns.
Every case is checked three ways against a float64 reference: softmax, log-softmax, and each row of the
softmax summing to 1 (the host function softmax_outputs returns the row sums as a third output).
"""

import math

import torch

from autograder.lesson.spec import (
    SEED_PASS_RULE,
    VISIBLE,
    BlankRule,
    CaseSpec,
    Comparison,
    Exercise,
    LessonSpec,
    padded,
    row_values,
    seed_parts,
)


def reference(x64: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    probs = torch.softmax(x64, dim=1)
    return probs, torch.log_softmax(x64, dim=1), torch.ones(x64.shape[0], dtype=torch.float64)


def magnitude(x64: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Rounding error grows with each output's own size; a row sum is compared with 1."""
    probs, log_probs, ones = reference(x64)
    return probs, log_probs.abs(), ones


def softmax_values(case: CaseSpec, gen: torch.Generator) -> torch.Tensor:
    """Rows drawn as case.data says: the row reductions' kinds, and softmax's own hard cases."""
    shape = (case.n_rows, case.n_cols)
    if case.data == "plus_minus_1000":  # exp(x) overflows for any x past ~88.72
        return 1000 * (2 * torch.rand(shape, generator=gen) - 1)
    if case.data == "near_minus_1000":  # exp(x) underflows to 0 everywhere: 0/0 without the shift
        return -1000 - 50 * torch.rand(shape, generator=gen)
    if case.data == "one_finite":  # -inf everywhere but one element per row: exactly one-hot
        values = torch.full(shape, -math.inf)
        cols = torch.randint(0, case.n_cols, (case.n_rows,), generator=gen)
        values[torch.arange(case.n_rows), cols] = 3 * torch.randn(case.n_rows, generator=gen)
        return values
    if case.data == "below_minus_1e30":  # finite, but below any "very small" stand-in for -inf
        return -3e38 + 1e38 * torch.rand(shape, generator=gen)
    return row_values(case, gen)


def softmax_inputs(case: CaseSpec, gen: torch.Generator) -> tuple:
    return (padded(softmax_values(case, gen), case.pad),)


CASES = (
    CaseSpec("irregular 5x100", "normal", 5, 100, pad=11),
    CaseSpec("irregular 3x1000", "normal", 3, 1000),
    CaseSpec("irregular 6x33", "normal", 6, 33, pad=5),
    CaseSpec("irregular 4x777", "normal", 4, 777),
    CaseSpec("irregular 2x2500", "normal", 2, 2500),
    CaseSpec("power of two 8x64", "normal", 8, 64),
    CaseSpec("more rows than programs 37x50", "normal", 37, 50, pad=3),
    CaseSpec("BLOCK_SIZE-1 3x127", "boundary", 3, 127),
    CaseSpec("BLOCK_SIZE 3x128", "boundary", 3, 128),
    CaseSpec("BLOCK_SIZE+1 3x129", "boundary", 3, 129),
    CaseSpec("one column 4x1 (exact)", "boundary", 4, 1, pad=7, exact=True),
    CaseSpec("one row 1x300", "boundary", 1, 300),
    CaseSpec("view of a wider NaN buffer 4x100", "boundary", 4, 100, pad=60),
    CaseSpec("view of a wider NaN buffer 3x200", "boundary", 3, 200, pad=56, data="negative"),
    CaseSpec("all negative 3x200", "boundary", 3, 200, data="negative"),
    CaseSpec("plus-minus 1000 3x100", "boundary", 3, 100, pad=28, data="plus_minus_1000"),
    CaseSpec("all near -1000 3x77", "boundary", 3, 77, data="near_minus_1000"),
    CaseSpec(
        "-inf except one element 3x50 (exact)", "boundary", 3, 50, pad=14, data="one_finite", exact=True
    ),
    CaseSpec("all below -1e30 2x100", "boundary", 2, 100, data="below_minus_1e30"),
    CaseSpec("large magnitude 2x300", "boundary", 2, 300, data="large"),
)

# the visible check cell's shapes: the grader reruns them with the student's blanks (autograder/isolation/harness.py)
VISIBLE_CASES = (
    CaseSpec("visible check 1x1", VISIBLE, 1, 1),
    CaseSpec("visible check 4x100", VISIBLE, 4, 100),
    CaseSpec("visible check 7x257", VISIBLE, 7, 257),
)

SPEC = LessonSpec(
    assignment="lesson07-softmax",
    parts=seed_parts("softmax"),
    pass_rule=SEED_PASS_RULE,
    exercises=(
        Exercise(
            cell="softmax_kernel",
            entry="softmax_outputs",
            # in reading order: the load's other=, then shift_and_exp's shift=
            blanks={
                "other": BlankRule("value"),
                "shift": BlankRule(
                    "expression",
                    names=frozenset({"row_max", "x", "cols", "mask", "n_cols", "row"}),
                    tl_functions=frozenset({"max"}),
                ),
            },
            cases=CASES,
            reference=reference,
            inputs=softmax_inputs,
            comparison=Comparison(
                atol=1e-5, rtol=1e-4, magnitude=magnitude, outputs=("softmax", "log_softmax", "row sums")
            ),
            visible=VISIBLE_CASES,
        ),
    ),
    visible_checks=("softmax 可见检查",),
)
