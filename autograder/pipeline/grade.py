"""The grading pipeline for one submission, as a list of small steps, and the batch around it.

read -> integrity -> nbgrader run (feedback) -> harness (the code verdict) ->
rubric (written answers) -> run-record claims -> policy. Each step adds to one
``Grade`` record; a step that cannot run records why and the next one goes on. The steps that read
what the student wrote are in autograder/pipeline/written.py.
"""

from __future__ import annotations

import dataclasses
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from autograder.config import harness_limits, notebook_limits, policy
from autograder.integrity import cells as integrity
from autograder.integrity.blank_reader import Reading
from autograder.integrity.exchange import exchange_files
from autograder.integrity.submissions import Submission, SubmissionError, read_notebook
from autograder.isolation.harness import run_harness
from autograder.lesson.registry import Lesson
from autograder.pipeline.execute import execute
from autograder.pipeline.policy import Part, Veto
from autograder.pipeline.written import step_hints, step_pass_condition, step_rubric, step_run_record
from autograder.rubric import load_rubric, ta_labels


@dataclass
class Context:
    """What every submission of a batch shares, the lesson (loaded once for the batch) first."""

    lesson: Lesson
    backend: str
    seed: int
    template: Path | None  # nbgrader's template course folder; None when notebooks are not executed
    release: nbformat.NotebookNode = field(init=False)
    rubric: object = field(init=False)
    # answers -> Future of their HarnessResult: workers that meet the same answers wait for one run of them
    harness_cache: dict = field(default_factory=dict)
    harness_lock: threading.Lock = field(default_factory=threading.Lock)
    labels: dict = field(init=False)  # TA decisions on earlier answers (autograder/rubric/ta_labels.py)

    def __post_init__(self):
        self.release = nbformat.read(self.lesson.release_notebook, as_version=4)
        self.rubric = load_rubric(self.lesson.rubric)
        self.labels = ta_labels.load(self.assignment)

    @property
    def assignment(self) -> str:
        return self.lesson.assignment


@dataclass
class Grade:
    student: str
    label: str
    digest: str
    parts: dict[str, Part] = field(default_factory=dict)
    vetoes: list[Veto] = field(default_factory=list)
    findings: list[integrity.Finding] = field(default_factory=list)
    answers: dict[str, dict] = field(default_factory=dict)
    blanks: list[dict] = field(default_factory=list)
    cases: list[dict] = field(default_factory=list)
    harness_error: str = ""
    harness_isolation: list[str] = field(default_factory=list)  # what protected the harness run
    # the harness's rerun of the visible check with the student's blanks: True failed, None not known
    # (no visible cases, the run failed, or the cell differs from the release beyond its blanks)
    visible_check_failed: bool | None = None
    nbgrader: dict = field(default_factory=dict)
    exchange: dict = field(default_factory=dict)  # nbgrader exchange's timestamp and secret, for its feedback
    hints: list[list] = field(default_factory=list)
    run_record: list[str] = field(default_factory=list)
    pass_conditions: dict = field(default_factory=dict)  # the seed's third condition, with evidence
    errors: list[str] = field(default_factory=list)
    phases: dict[str, float] = field(default_factory=dict)  # where nbgrader's run spent its seconds (timing)

    def to_json(self) -> dict:
        return dataclasses.asdict(self)


def _cells(nb) -> dict:
    return {c.metadata.get("nbgrader", {}).get("grade_id"): c for c in nb.cells if c.metadata.get("nbgrader")}


def zero_parts(item: Lesson) -> dict[str, Part]:
    """Every part of the lesson at 0: what a grade holds before (or instead of) any scoring."""
    return {part.id: Part(0.0, float(part.points), "auto") for part in item.spec.parts}


def step_integrity(ctx: Context, grade: Grade, nb) -> Reading | None:
    """Findings against the release; returns what the student's blanks hold."""
    release_cells = _cells(ctx.release)
    exercise = ctx.lesson.spec.exercise
    if not set(release_cells) & set(_cells(nb)) - {"generated-notice"}:
        raise SubmissionError(f"this notebook is not {ctx.assignment}: none of its graded cells are here")
    grade.findings += integrity.locked_cells(ctx.release, nb) + integrity.cell_order(ctx.release, nb)
    reading, findings = integrity.solution_cell(
        release_cells[exercise.cell], _cells(nb).get(exercise.cell), list(exercise.blanks)
    )
    grade.findings += findings + integrity.monkeypatches(nb)
    grade.vetoes += [Veto(f.veto, f"{f.rule}: {f.evidence}") for f in grade.findings if f.veto]
    return reading


def step_execute(ctx: Context, grade: Grade, submission: Submission) -> None:
    if ctx.template is None:
        grade.nbgrader = {"ran": False, "skipped": True}
        return
    result = execute(
        ctx.assignment, grade.student, submission.path, ctx.template, notebook_limits(), ctx.backend
    )
    grade.nbgrader = {"ran": result.ran, "test_scores": result.test_scores, "error": result.error}
    grade.nbgrader["feedback_html"] = result.feedback_html
    grade.nbgrader |= {"isolation": result.isolation, "limits_hit": result.limits_hit}
    grade.phases = result.phases


def step_harness(ctx: Context, grade: Grade, reading: Reading | None) -> None:
    """The code verdict from the trusted template.

    When what runs is not known for certain, the points the blank earns in the trusted
    template stand provisionally and the part goes to a TA with the evidence.
    """
    answers = reading.answers() if reading else {}
    key = tuple(sorted(answers.items()))
    result = _harness_once(ctx, key, answers)
    grade.blanks = [dataclasses.asdict(blank) for blank in result.blanks]
    grade.cases = [dataclasses.asdict(case) for case in result.cases]
    grade.harness_error = result.error
    grade.harness_isolation = result.isolation
    exact = reading is not None and reading.certain and not reading.syntax_error
    grade.visible_check_failed = result.visible_check_failed() if exact else None
    for spec_part in (p for p in ctx.lesson.spec.parts if p.scored_by == "cases"):
        group, points = spec_part.group, result.points[spec_part.group]
        detail = [f"{b.name} = {b.answer or '（空）'}：{b.reason}" for b in result.blanks if not b.allowed]
        # the hidden case's name describes its input: students read what failed, TAs find the name in "cases"
        detail += [f"隐藏用例失败：{c.detail}" for c in result.failed_cases() if c.group == group]
        detail += [result.error] if result.error else []
        doubts = [f"需要助教核对：{e}" for e in (reading.evidence if reading else [])]
        review = bool(result.error or doubts) or any(b.review for b in result.blanks)
        part = grade.parts[spec_part.id]
        grade.parts[spec_part.id] = Part(points, part.max_points, "harness", review, detail + doubts)


def _harness_once(ctx: Context, key: tuple, answers: dict):
    """The verdict depends only on the answers: each set runs once per batch, also when several workers
    meet it at the same moment (at a batch's start, every worker holds the most common answer)."""
    with ctx.harness_lock:
        future, mine = ctx.harness_cache.get(key), key not in ctx.harness_cache
        if mine:
            future = ctx.harness_cache[key] = Future()
    if mine:
        try:
            future.set_result(run_harness(ctx.lesson, answers, ctx.backend, ctx.seed, harness_limits()))
        except BaseException as error:  # the waiting workers get the same error as this one
            future.set_exception(error)
            raise
    return future.result()


def grade_one(ctx: Context, submission: Submission) -> Grade:
    """Every step for one student; a bad notebook becomes an error on this grade, never an exception."""
    grade = Grade(submission.student, submission.label, submission.digest())
    grade.parts = zero_parts(ctx.lesson)
    grade.exchange = exchange_files(submission)  # an ungradable notebook still gets its feedback back
    try:
        nb = read_notebook(submission, ctx.assignment, policy().MAX_NOTEBOOK_BYTES)
        reading = step_integrity(ctx, grade, nb)
    except SubmissionError as error:
        grade.errors.append(str(error))
        return grade
    step_execute(ctx, grade, submission)
    step_harness(ctx, grade, reading)
    answers_text = step_rubric(ctx, grade, nb)
    step_run_record(ctx, grade, nb, answers_text)
    step_pass_condition(ctx, grade)
    step_hints(grade, nb)
    return grade
