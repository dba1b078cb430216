"""The grading folder (--out): grades written atomically, one lock per folder, resumable batches.

    OUT/batch.json              the batch's assignment, backend and secret input seed
    OUT/grades/<student>.json   one automatic grade per student, replaced atomically
    OUT/reviews/<student>.json  a TA's decisions; grading never writes here
    OUT/results.json ...        reports, rebuilt from the files above
"""

from __future__ import annotations

import fcntl
import json
import os
import secrets
import tempfile
from contextlib import contextmanager
from pathlib import Path


class BusyError(RuntimeError):
    """Another grader holds this grading folder."""


def write_json(path: Path, data) -> None:
    """Write then rename: a reader sees the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_json(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError):
        return None


@contextmanager
def exclusive(out: Path):
    """Hold the folder's lock for a whole batch; a second grader on the same folder stops at once."""
    out.mkdir(parents=True, exist_ok=True)
    with open(out / ".grader.lock", "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BusyError(f"another grader is running on {out}; wait for it or choose another --out") from None
        yield


def batch_state(out: Path, assignment: str, backend: str, seed: int | None) -> dict:
    """The batch's settings, kept across restarts so a resumed batch grades exactly like the first run."""
    state = read_json(out / "batch.json")
    if state and state.get("assignment") != assignment:
        raise ValueError(f"{out} holds grades of {state.get('assignment')}, not {assignment}")
    if not state or (seed is not None and state.get("seed") != seed):
        state = {"assignment": assignment, "seed": seed if seed is not None else secrets.randbits(31)}
    state["backend"] = backend
    write_json(out / "batch.json", state)
    return state


def grade_path(out: Path, student: str) -> Path:
    return out / "grades" / f"{student}.json"


def review_path(out: Path, student: str) -> Path:
    return out / "reviews" / f"{student}.json"
