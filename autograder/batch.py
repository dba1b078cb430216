"""A batch: every submission of a folder graded once, resumable, under one lock per grading folder."""

from __future__ import annotations

import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from autograder import store
from autograder.config import policy
from autograder.execute import prepare_template
from autograder.grade import Context, grade_one
from autograder.submissions import Submission, discover


@dataclass
class BatchSummary:
    graded: list[str]  # students graded in this run
    reused: list[str]  # students whose unchanged submission already had a grade
    failed: list[str]  # students whose notebook could not be graded (their grade holds the errors)


def _up_to_date(out: Path, submission: Submission, state: dict) -> bool:
    old = store.read_json(store.grade_path(out, submission.student))
    return bool(old) and old.get("digest") == submission.digest() and old.get("batch") == state


def grade_batch(assignment: str, folder: Path, out: Path, backend: str, jobs: int = 1, seed: int | None = None):
    """Grade what is not graded yet; each grade file is written atomically as soon as it is known."""
    submissions = discover(folder, assignment)
    summary = BatchSummary([], [], [])
    with store.exclusive(out), tempfile.TemporaryDirectory(prefix="grade-batch-") as tmp:
        state = store.batch_state(out, assignment, backend, seed)
        todo = [s for s in submissions if not _up_to_date(out, s, state)]
        summary.reused = [s.student for s in submissions if s not in todo]
        template = prepare_template(assignment, Path(tmp)) if todo and policy().EXECUTE_NOTEBOOKS else None
        ctx = Context(assignment, backend, state["seed"], template)
        lock = threading.Lock()

        def work(submission: Submission) -> None:
            grade = grade_one(ctx, submission)
            record = grade.to_json() | {"batch": state}
            store.write_json(store.grade_path(out, submission.student), record)
            with lock:
                (summary.failed if grade.errors else summary.graded).append(submission.student)

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            list(pool.map(work, todo))
    summary.failed += [s for s in summary.reused if (store.read_json(store.grade_path(out, s)) or {}).get("errors")]
    return submissions, summary
