"""What nbgrader's exchange leaves beside a submitted notebook: when it was submitted, and its secret.

``nbgrader submit`` writes timestamp.txt and submission_secret.txt into the submission, and
``nbgrader collect`` keeps them in DIR/<student>/<assignment>/. The secret names the feedback file
that ``release_feedback`` puts in the exchange and ``fetch_feedback`` looks for from the student's
side, so the grader keeps both with the grade: the nbgrader export (autograder/report/nbgrader_export.py)
gives them back, and feedback released from the grading folder reaches the student who submitted.

Both files are the student's: read with no link followed, a few bytes at most, and kept only when
they look like what nbgrader writes.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from autograder.integrity.submissions import Submission
from autograder.report import safe

MOST_BYTES = 512
SECRET = re.compile(r"[0-9a-f]{16,256}")  # secrets.token_hex(64) in nbgrader's submit
TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?( ?[A-Z]{3}|[+-]\d\d:?\d\d)?")


def exchange_files(submission: Submission) -> dict[str, str]:
    """{"timestamp", "secret"} as far as the submission's folder holds them; {} for a flat download."""
    if submission.path is None or submission.problem or submission.path.parent == submission.base:
        return {}  # a flat DIR/<student>.ipynb: the folder beside it is the class's, not the student's
    found = {}
    for key, name, pattern in (
        ("timestamp", "timestamp.txt", TIMESTAMP),
        ("secret", "submission_secret.txt", SECRET),
    ):
        text = _small_text(submission.path.parent / name, submission.base)
        if text is not None and pattern.fullmatch(text):
            found[key] = text
    return found


def _small_text(path: Path, root: Path) -> str | None:
    try:
        with os.fdopen(safe.open_beneath(path, root), "rb") as file:
            data = file.read(MOST_BYTES + 1)
    except OSError:  # absent, a link, unreadable: nbgrader's exchange did not leave it
        return None
    if len(data) > MOST_BYTES:
        return None
    try:
        return data.decode("ascii").strip()
    except UnicodeDecodeError:
        return None
