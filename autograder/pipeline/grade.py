"""The grading pipeline for one submission, as a list of small steps, and the batch around it.

read -> integrity -> nbgrader run (feedback) -> harness (the code verdict) ->
rubric (written answers) -> run-record claims -> policy. Each step adds to one
``Grade`` record; a step that cannot run records why and the next one goes on.
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
from autograder.integrity import runrecord
from autograder.integrity.blank_reader import Reading
from autograder.integrity.exchange import exchange_files
from autograder.integrity.submissions import Submission, SubmissionError, read_notebook
from autograder.isolation.harness import run_harness
from autograder.lesson.registry import Lesson
from autograder.pipeline.execute import execute
from autograder.pipeline.policy import Part, Veto
from autograder.rubric import load_rubric, pass_condition, score_answer, ta_labels
from course.hints import parse_hint_records

EMPTY_ANSWERS = {"", "YOUR ANSWER HERE"}


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


def answer_text(cell) -> str:
    text = (cell.source if cell is not None else "").strip()
    return "" if text in EMPTY_ANSWERS else text


def _context(ctx: Context, grade: Grade, nb) -> dict:
    """What the note is checked against: the submitted blank, and whether the student's checks passed."""
    record = runrecord.gather(nb, "", "", visible_checks=ctx.lesson.spec.visible_checks)
    passed = record.claims_check_passed if record.record_lines else None
    return {"blank": ", ".join(b["answer"] for b in grade.blanks), "checks_passed": passed}


def step_rubric(ctx: Context, grade: Grade, nb) -> str:
    """Score each written answer; returns all answer text (for the run-claim check).

    An answer a TA already decided (identical after normalization) takes the TA's points.
    A veto on an answer that is also routed is uncertain: a TA confirms it first.
    """
    cells, texts, context = _cells(nb), [], _context(ctx, grade, nb)
    for grade_id, part_name in ctx.lesson.spec.answer_parts().items():
        text = answer_text(cells.get(grade_id))
        texts.append(text)
        label = ta_labels.lookup(ctx.labels, grade_id, text) if text else None
        if label:
            grade.answers[grade_id] = {"points": label.points, "answer": text, "ta_label": label.reviewer}
            grade.parts[part_name] = Part(label.points, _max(ctx, part_name), "ta", False, [label.note])
            grade.vetoes += [Veto("wrong_causal_chain", f"{grade_id}: TA label")] if label.veto else []
            continue
        score = score_answer(ctx.rubric, grade_id, text, context=context)
        grade.answers[grade_id] = score.to_dict() | {"answer": text}
        detail = score.feedback + [f"未答到：{m}" for m in score.missing]
        grade.parts[part_name] = Part(
            score.points, _max(ctx, part_name), "rubric", score.needs_review, detail
        )
        for mis in (m for m in score.misconceptions if m.get("veto")):
            evidence = f"{grade_id}: {mis['id']}: “{mis['sentence']}”"
            grade.vetoes.append(Veto("wrong_causal_chain", evidence, certain=not score.needs_review))
    return "\n".join(texts)


def _max(ctx: Context, part: str) -> float:
    """A part's maximum as the spec declares it (the build refuses a rubric.yaml that disagrees)."""
    return float(ctx.lesson.spec.part(part).points)


def step_run_record(ctx: Context, grade: Grade, nb, answers_text: str) -> None:
    """Claims of a run against the evidence: the record's code hash, and the grader's run of the check.

    The record speaks of the visible check, so it is held against nbgrader's run of that same
    check on the submitted code, never against the hidden inputs (a student whose `None` passed
    the visible check on the interpreter did see it pass).
    """
    graded = [
        g for g, c in _cells(ctx.release).items() if c.cell_type == "code" and c.metadata["nbgrader"]["grade"]
    ]
    test_cell = graded[0]
    exercise = _cells(nb).get(ctx.lesson.spec.exercise.cell)
    source, checks = exercise.source if exercise else "", ctx.lesson.spec.visible_checks
    evidence = runrecord.gather(nb, test_cell, answers_text, source, visible_checks=checks)
    grade.run_record = evidence.record_lines
    check_failed = _check_failed(grade, test_cell)
    for sentence in runrecord.unrun_claims(evidence, check_failed):
        grade.vetoes.append(Veto(runrecord.VETO_UNRUN, sentence))
    for sentence in runrecord.record_doubts(evidence, check_failed):
        grade.findings.append(integrity.Finding("run-record-mismatch", sentence, "", "record", review=True))


def _check_failed(grade: Grade, test_cell: str) -> bool | None:
    """Whether the grader's run of the visible check fails this code: nbgrader's run of the notebook when it
    ran; else the harness's rerun of the same shapes, which needs no executed notebook (``--no-execute``)."""
    scores = grade.nbgrader.get("test_scores") or {}
    if grade.nbgrader.get("ran") and test_cell in scores:
        return scores[test_cell] == 0
    return grade.visible_check_failed


def step_pass_condition(ctx: Context, grade: Grade) -> None:
    """The seed's third condition: a correctness boundary and a performance trade-off named somewhere.

    Read by patterns, so it is never a silent fail: a condition not found for sure goes to a TA.
    """
    answers = {question: answer.get("answer", "") for question, answer in grade.answers.items()}
    grade.pass_conditions = pass_condition(ctx.rubric, answers)
    words = {"boundary": "一个正确性边界", "tradeoff": "一个性能取舍"}
    for name, found in grade.pass_conditions.items():
        if name in words and found is not True:
            state = "没有找到" if found is False else "无法确定是否指出了"
            grade.findings.append(
                integrity.Finding(
                    "pass-condition", f"书面回答中{state}{words[name]}", "", "answers", review=True
                )
            )


def step_hints(grade: Grade, nb) -> None:
    text = "".join(runrecord.outputs_text(cell) for cell in nb.cells if cell.cell_type == "code")
    grade.hints = [list(record) for record in parse_hint_records(text)]


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
