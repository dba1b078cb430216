"""A warm Triton cache for a batch on the GPU, made once from the reference answers, copied to every child.

In the jail every sandboxed child (the harness, the student's kernel) gets a home of its own,
so each one compiled every kernel again: about 3.4 s of a lesson-5 notebook's run on the H200
(benchmarks/results/gpu-run-2026-12-01/). Before the batch starts, the grader runs the
reference answers once, outside the jail, since they are the instructor's code: the harness
on every hidden case, and the release notebook with its blanks filled. Their cache is the
seed. Each child gets its own writable copy of it (autograder/isolation/jail.py
``plant_triton_seed``), so what one student's kernel writes there reaches nobody else. A
student whose kernel is the reference's, byte for byte, compiles nothing; anyone else
compiles their own kernels as before.

Without the jail (not root) every child already shares the grader's own Triton cache, and the
interpreter compiles nothing: no seed then.
"""

from __future__ import annotations

import contextlib
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat

from autograder.build.blanks import BLANK, parse_markers
from autograder.build.template import exercise_source
from autograder.isolation import harness, sandbox
from autograder.isolation.jail import TRITON_SEED_ENV
from autograder.lesson import cases as case_lib
from autograder.lesson.registry import Lesson

SEED_ENV = TRITON_SEED_ENV  # read by the sandbox (a read-only entry of the view) and the jail (the copy)


def reference_answers(item: Lesson) -> dict[str, str]:
    """Each blank's reference answer, in the exercise's reading order."""
    return {spec.name: spec.answer for spec in parse_markers(exercise_source(item))}


def filled_release(item: Lesson, path: Path) -> Path:
    """The release notebook with each blank of the exercise replaced by its reference answer, in order."""
    answers = list(reference_answers(item).values())
    nb = nbformat.read(item.release_notebook, as_version=4)
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == item.spec.exercise.cell:
            for answer in answers:
                cell.source = cell.source.replace(BLANK, answer, 1)
    nbformat.write(nb, path)
    return path


def _harness_run(item: Lesson, seed: int, env: dict) -> None:
    """The harness's own child run on every hidden case, with the reference answers (the same exercise text a
    correct student's answers fill in), outside the jail."""
    answers = reference_answers(item)
    cases = case_lib.make_cases(item.spec.exercise, seed, visible=True)
    harness._run_child(item, answers, cases, "cuda", sandbox.Limits(wall_s=300), env=env, jail="none")


def _notebook_run(item: Lesson, work: Path, env: dict) -> None:
    work.mkdir()
    for path in item.release_notebook.parent.iterdir():  # the figures the notebook opens
        if path.is_file() and path.suffix != ".ipynb":
            (work / path.name).write_bytes(path.read_bytes())
    notebook = filled_release(item, work / "warm.ipynb")
    cmd = [sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute", "--inplace"]
    cmd += ["--ExecutePreprocessor.timeout=300", "--allow-errors", str(notebook)]
    sandbox.run_limited(cmd, work, env, sandbox.Limits(wall_s=600), cuda=True, jail="none")


def make_seed(item: Lesson, seed: int, workdir: Path, env: dict) -> Path:
    """Run the reference answers once with a fresh cache; returns that cache's folder."""
    cache = workdir / "triton-seed"
    cache.mkdir()
    env = {k: v for k, v in env.items() if not k.startswith("TRITON_")}
    env |= {"TRITON_CACHE_DIR": str(cache), "COURSE_BACKEND": "cuda", "NBGRADER_EXECUTION": "autograde"}
    # two processes at once (Triton writes each cache entry atomically): the batch waits for the slower only
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = [pool.submit(_harness_run, item, seed, env)]
        runs.append(pool.submit(_notebook_run, item, workdir / "warm-notebook", env))
        for run in runs:
            run.result()
    return cache


@contextlib.contextmanager
def seeded(item: Lesson, backend: str, seed: int, workdir: Path):
    """For the batch's duration, children find the seed through $COURSE_TRITON_SEED (cuda in the jail only)."""
    if backend != "cuda" or sandbox.jail_support():
        yield None
        return
    from autograder.build.nbgrader_run import nbgrader_env

    cache = make_seed(item, seed, workdir, nbgrader_env())
    old = os.environ.get(SEED_ENV)
    os.environ[SEED_ENV] = str(cache)
    try:
        yield cache
    finally:
        if old is None:
            os.environ.pop(SEED_ENV, None)
        else:
            os.environ[SEED_ENV] = old
