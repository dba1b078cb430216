"""The grading folder (--out): grades written atomically, one lock per folder, resumable batches.

    OUT/batch.json              the batch's assignment, backend, whether notebooks run, and its secret seed
    OUT/grades/<student>.json   one automatic grade per student, replaced atomically
    OUT/reviews/<student>.json  a TA's decisions; grading never writes here
    OUT/results.json ...        reports, rebuilt from the files above

A grade is durable once ``write_json`` returns (the file and its folder are
synced), so a grader killed with SIGKILL, or a machine that loses power, keeps
every grade it reported; a resumed batch sees it and does not grade it again.
"""

from __future__ import annotations

import fcntl
import json
import os
import secrets
import tempfile
from contextlib import contextmanager
from pathlib import Path

TMP_SUFFIX = ".tmp"


class BusyError(RuntimeError):
    """Another grader holds this grading folder."""


def _sync_folder(folder: Path) -> None:
    """A rename is durable only once the folder that holds it is synced."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_json(path: Path, data) -> None:
    """Write then rename: a reader sees the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        _sync_folder(path.parent)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_json(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError, UnicodeDecodeError):
        return None


def remove_partial_writes(folder: Path) -> list[Path]:
    """Temporary files of writes cut short by a kill; the grades they were meant to hold are redone."""
    found = list(folder.glob(f".*{TMP_SUFFIX}")) if folder.is_dir() else []
    for path in found:
        path.unlink(missing_ok=True)
    return found


_held: set[Path] = set()  # folders this process holds: taking one again (grading, then reports) is a no-op


@contextmanager
def exclusive(out: Path):
    """Hold the folder's lock for a whole batch; a second grader on the same folder stops at once.

    flock is released by the kernel when its holder dies, so a killed grader never leaves a stale lock.
    Reentrant within one process, so a caller may hold it across grading and the reports after it.
    """
    out.mkdir(parents=True, exist_ok=True)
    key = out.resolve()
    if key in _held:
        yield
        return
    with open(out / ".grader.lock", "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            raise BusyError(
                f"another grader (pid {holder}) is grading into {out}; wait for it to finish or choose another --out"
            ) from None
        handle.truncate(0)
        handle.write(str(os.getpid()))
        handle.flush()
        _held.add(key)
        try:
            yield
        finally:
            _held.discard(key)


def batch_state(out: Path, assignment: str, backend: str, seed: int | None, execute: bool = True) -> dict:
    """The batch's settings, kept across restarts so a resumed batch grades exactly like the first run.

    A grade is reused only when it was made under the same state: another backend, a new seed or a
    switch between running the notebooks and not running them grades everything again.
    """
    state = read_json(out / "batch.json")
    if state and state.get("assignment") != assignment:
        raise ValueError(f"{out} holds grades of {state.get('assignment')}, not {assignment}")
    if not state or (seed is not None and state.get("seed") != seed):
        state = {"assignment": assignment, "seed": seed if seed is not None else secrets.randbits(31)}
    state["backend"] = backend
    state["execute"] = execute
    write_json(out / "batch.json", state)
    return state


TIMING = ("seconds", "phases")  # fields of a grade record that say how long grading took, not what it gave


def without_timing(record: dict) -> dict:
    """A grade record as a grade: two runs that grade alike give equal records once timing is dropped."""
    return {key: value for key, value in record.items() if key not in TIMING}


def grade_path(out: Path, student: str) -> Path:
    return out / "grades" / f"{student}.json"


def review_path(out: Path, student: str) -> Path:
    return out / "reviews" / f"{student}.json"
