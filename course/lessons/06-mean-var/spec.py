"""Lesson 6 declares itself: parts and points, the pass rule, its two blanks, hidden inputs and reference.

Never released to students. The exercise returns three outputs per row (mean, var, rstd), so a wrong
fill of the second masking or a wrong divisor shows in the variance even where rstd hides it behind
eps. The cases are chosen so that each mistake of the lesson fails at least one of them:
- widths that are not powers of two leave padding lanes (a wrong fill or dividing by BLOCK_SIZE shows);
- BLOCK_SIZE - 1 / BLOCK_SIZE / BLOCK_SIZE + 1 straddle the edge, N = 1 has 0 or 1 real lane;
- rows whose mean is about 1e4 and whose spread is 0.5..4 make the one-pass formula lose every digit;
- float16 inputs (the kernel must accumulate in float32), views of a wider NaN-filled buffer;
- all-zero rows are compared with no tolerance at all: any non-zero fill whose square survives in
  float32 makes their variance non-zero. (A fill so small that its square underflows to 0, 1e-30 say,
  cannot be told from 0.0 by any output of this kernel: its known-answer entry says so.)
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
    padded,
    seed_parts,
)

EPS = 1e-5


def _options(case: CaseSpec) -> dict:
    return dict(case.options)


def values(case: CaseSpec, gen: torch.Generator) -> torch.Tensor:
    """Rows as ``case.data`` says (float32), with a random offset and scale drawn from gen."""
    shape = (case.n_rows, case.n_cols)
    if case.data == "zeros":
        return torch.zeros(shape)
    scale = 0.5 + 3.5 * torch.rand((), generator=gen).item()
    offset = -3 + 6 * torch.rand((), generator=gen).item()
    noise = torch.randn(shape, generator=gen)
    if case.data == "constant":  # every element of a row equal: variance exactly 0
        return (offset + torch.zeros(shape)).add_(torch.randn((case.n_rows, 1), generator=gen))
    if case.data == "offset":  # mean about +-1e4, spread 0.5..4: one-pass cancellation territory
        sign = 1.0 if offset >= 0 else -1.0
        return noise * scale + sign * 1e4
    if case.data == "negative":
        return -(noise.abs() * scale + 0.5)
    return noise * scale + offset


def inputs(case: CaseSpec, gen: torch.Generator) -> tuple:
    """(x, eps): x a float32 or float16 matrix, a view of a wider NaN-filled buffer when pad > 0."""
    options = _options(case)
    x = values(case, gen).to(options.get("dtype", torch.float32))
    return padded(x, case.pad), options.get("eps", EPS)


def reference(x64: torch.Tensor, eps: float) -> tuple:
    mean = x64.mean(dim=1)
    var = ((x64 - mean[:, None]) ** 2).mean(dim=1)
    return mean, var, 1.0 / torch.sqrt(var + eps)


def magnitude(x64: torch.Tensor, eps: float) -> tuple:
    """The scale each output's float32 rounding grows with (tolerance = rtol * scale, atol = 0).

    mean: the mean of |x|. var: var plus (1e-3 * mean |x|)^2, the room a correct two-pass kernel
    needs when the mean is large (its error is about the square of the mean's rounding), far below
    what the one-pass formula loses there. rstd: rstd, widened by the same room relative to var + eps.
    All-zero rows get a scale of 0: their mean and variance must be exactly 0.
    """
    scale = x64.abs().mean(dim=1)
    mean, var, rstd = reference(x64, eps)
    room = (1e-3 * scale) ** 2
    return scale, var + room, rstd * (1.0 + room / (var + eps))


F16 = (("dtype", torch.float16),)

CASES = (
    CaseSpec("irregular 5x100", "normal", 5, 100),
    CaseSpec("irregular 3x1000", "normal", 3, 1000),
    CaseSpec("irregular 6x33", "normal", 6, 33),
    CaseSpec("irregular 2x2500", "normal", 2, 2500),
    CaseSpec("power of two 4x64", "normal", 4, 64),
    CaseSpec("float16 4x300", "normal", 4, 300, options=F16),
    CaseSpec("large offset (mean 1e4) 4x257", "normal", 4, 257, data="offset"),
    CaseSpec("all zeros 3x100 (exact)", "normal", 3, 100, data="zeros"),
    CaseSpec("BLOCK_SIZE-1 3x127", "boundary", 3, 127),
    CaseSpec("BLOCK_SIZE 3x128", "boundary", 3, 128),
    CaseSpec("BLOCK_SIZE+1 3x129", "boundary", 3, 129),
    CaseSpec("one column 4x1", "boundary", 4, 1),
    CaseSpec("one row 1x300", "boundary", 1, 300),
    CaseSpec("view of a wider NaN buffer 4x100", "boundary", 4, 100, pad=60),
    CaseSpec("float16 view of a NaN buffer 3x200", "boundary", 3, 200, pad=56, options=F16),
    CaseSpec("float16 large offset 3x77", "boundary", 3, 77, data="offset", options=F16),
    CaseSpec("large offset (mean 1e4) 3x1000", "boundary", 3, 1000, data="offset"),
    CaseSpec("constant rows 3x77", "boundary", 3, 77, data="constant"),
    CaseSpec("all negative 3x200", "boundary", 3, 200, data="negative"),
    CaseSpec("all zeros 2x7 (exact)", "boundary", 2, 7, data="zeros", pad=9),
    CaseSpec("eps 0.1 4x50", "boundary", 4, 50, options=(("eps", 0.1),)),
)

# the visible check cell's shapes: the grader reruns them with the student's blanks (autograder/isolation/harness.py)
VISIBLE_CASES = (
    CaseSpec("visible check 1x1", VISIBLE, 1, 1),
    CaseSpec("visible check 4x100", VISIBLE, 4, 100),
    CaseSpec("visible check 7x257", VISIBLE, 7, 257),
    CaseSpec("visible check float16 3x100", VISIBLE, 3, 100, options=F16),
)

SPEC = LessonSpec(
    assignment="lesson06-mean-var",
    # the seed's scoring, as in lesson 5: code 4 (normal 2, boundary 1, explanation 1) + Q1-Q3 2 each = 10
    parts=seed_parts("mean_var"),
    pass_rule=SEED_PASS_RULE,
    exercises=(
        Exercise(
            cell="mean_var_kernel",
            entry="mean_var",
            blanks={
                # the kernel's own names may stand here; only n_cols is right (BLOCK_SIZE is the classic slip)
                "divisor": BlankRule(
                    "expression", names=frozenset({"n_cols", "BLOCK_SIZE", "x_row_stride", "row"})
                ),
                "centered_other": BlankRule("value"),
            },
            cases=CASES,
            reference=reference,
            inputs=inputs,
            comparison=Comparison(atol=0.0, rtol=1e-4, magnitude=magnitude, outputs=("mean", "var", "rstd")),
            visible=VISIBLE_CASES,
        ),
    ),
    visible_checks=("mean_var 可见检查",),
)
