"""A batch: every submission of a folder graded once, resumable, under one lock per grading folder.

A grade file is written atomically as soon as the grade is known, and a resumed
batch skips every student whose grade was made from the same bytes under the same
batch settings. So a batch killed at any point (SIGKILL, a reboot) and started
again loses nothing it wrote and grades each remaining submission once. One
submission that breaks the grader in a way nobody foresaw becomes an error on
that student's grade; the batch goes on.
"""

from __future__ import annotations

import contextlib
import io
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from autograder.config import policy
from autograder.integrity.exchange import exchange_files
from autograder.integrity.submissions import Submission, discover
from autograder.isolation import devices, sandbox
from autograder.lesson.registry import Lesson, lesson
from autograder.pipeline import store, warmup
from autograder.pipeline.grade import Context, Grade, grade_one, zero_parts
from autograder.pipeline.progress import Progress
from autograder.pipeline.shards import Shard
from autograder.report import nbgrader_export


@dataclass
class BatchSummary:
    graded: list[str]  # students graded in this run
    reused: list[str]  # students whose unchanged submission already had a grade
    failed: list[str]  # students whose notebook could not be graded (their grade holds the errors)
    roster: list[str] = field(default_factory=list)  # every student of the folder, in discovery order


def _up_to_date(out: Path, submission: Submission, state: dict) -> bool:
    old = store.read_json(store.grade_path(out, submission.student))
    same = bool(old) and old.get("digest") == submission.digest() and old.get("batch") == state
    # the same notebook submitted again has a new secret: its feedback must be released under that one
    return same and old.get("exchange", {}) == exchange_files(submission)


def _grade_safely(ctx: Context, submission: Submission) -> Grade:
    """grade_one, with a last line of defence: an unforeseen exception is this student's error only."""
    try:
        return grade_one(ctx, submission)
    except Exception as error:  # noqa: BLE001 -- whatever it was, the other students must still be graded
        grade = Grade(submission.student, submission.label, submission.digest())
        grade.parts = zero_parts(ctx.lesson)
        where = traceback.extract_tb(error.__traceback__)[-1]
        grade.errors.append(
            f"internal error while grading ({type(error).__name__}: {str(error)[:200]} "
            f"at {Path(where.filename).name}:{where.lineno}); please report it"
        )
        return grade


def _prepare_export(out: Path, item: Lesson) -> None:
    """Best effort: when it fails here, the reports make it again and report the error there."""
    with contextlib.suppress(Exception):
        nbgrader_export.prepare(out, item)


def grade_batch(
    item: Lesson | str,
    folder: Path,
    out: Path,
    backend: str,
    jobs: int = 1,
    seed: int | None = None,
    shard: Shard | None = None,
    progress: Progress | None = None,
):
    """Grade what is not graded yet (of one shard's slice, when given); each grade file is written
    atomically as soon as it is known.

    The lesson is resolved here, once, and every step of every submission reads that object.
    """
    item = lesson(item) if isinstance(item, str) else item
    assignment = item.assignment
    everyone = discover(folder, assignment)
    submissions = shard.take(everyone) if shard else everyone
    summary = BatchSummary([], [], [], [s.student for s in everyone])
    execute = bool(policy().EXECUTE_NOTEBOOKS)
    with store.exclusive(out), sandbox.scratch_dir("batch") as tmp:
        sandbox.reap_orphans()  # what a grader killed earlier left running
        store.remove_partial_writes(out / "grades")
        state = store.batch_state(out, assignment, backend, seed, execute)
        todo = [s for s in submissions if not _up_to_date(out, s, state)]
        summary.reused = [s.student for s in submissions if s not in todo]
        # the executed run's gradebook is the one the reports keep: generate_assignment runs once per folder
        template = nbgrader_export.prepare(out, item) if todo and execute else None
        ctx = Context(item, backend, state["seed"], template)
        lock = threading.Lock()

        progress = progress or Progress(bar=False, stream=io.StringIO())  # silent unless asked for
        progress.start(len(todo), len(summary.reused))

        def work(submission: Submission) -> None:
            started = time.monotonic()
            grade = _grade_safely(ctx, submission)
            # the seconds are for the instructor's summary (slowest submissions); no report compares them
            record = grade.to_json() | {"batch": state, "seconds": round(time.monotonic() - started, 2)}
            store.write_json(store.grade_path(out, submission.student), record)
            with lock:
                (summary.failed if grade.errors else summary.graded).append(submission.student)
            progress.advance(failed=bool(grade.errors))

        # nbgrader's assignment gradebook for the reports, made while the class is graded (it costs seconds);
        # an executed batch made it already, as its template
        export = None
        if template is None:
            export = threading.Thread(target=_prepare_export, args=(out, item), daemon=True)
            export.start()
        gpus = devices.visible_gpus() if backend == "cuda" else []
        pool = ThreadPoolExecutor(max_workers=max(1, jobs), initializer=devices.worker_initializer(gpus))
        try:
            with warmup.seeded(item, backend if todo else "none", state["seed"], Path(tmp)), pool:
                list(pool.map(work, todo))
        finally:
            progress.close()
            if export is not None:
                export.join()
    summary.failed += [
        s for s in summary.reused if (store.read_json(store.grade_path(out, s)) or {}).get("errors")
    ]
    return submissions, summary
