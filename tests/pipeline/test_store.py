"""autograder/pipeline/store.py: atomic grade files, one grader per folder, a batch state that survives restarts."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from autograder.pipeline import store


def test_a_write_cut_short_leaves_the_old_grade(tmp_path, monkeypatch):
    """Does a write that fails half-way leave the previous grade intact and no temporary file behind?"""
    path = tmp_path / "grades" / "alice.json"
    store.write_json(path, {"total": 7})

    def half_then_crash(data, handle, **kwargs):
        handle.write('{"total": ')
        raise KeyboardInterrupt

    monkeypatch.setattr(store.json, "dump", half_then_crash)
    with pytest.raises(KeyboardInterrupt):
        store.write_json(path, {"total": 9})
    assert json.loads(path.read_text()) == {"total": 7}
    assert list(path.parent.iterdir()) == [path]


def test_partial_writes_of_a_killed_grader_are_swept(tmp_path):
    """Are temporary files left by a grader killed mid-write removed, and only those?"""
    grades = tmp_path / "grades"
    store.write_json(grades / "bob.json", {"total": 1})
    (grades / ".alice.json.x1y2.tmp").write_text('{"tot')
    assert [p.name for p in store.remove_partial_writes(grades)] == [".alice.json.x1y2.tmp"]
    assert [p.name for p in grades.iterdir()] == ["bob.json"]


def test_unreadable_grades_read_as_missing(tmp_path):
    """Is a truncated or non-UTF-8 grade file read as no grade (so it is graded again), not a crash?"""
    (tmp_path / "a.json").write_text('{"tot')
    (tmp_path / "b.json").write_bytes(b"\xff\xfe")
    assert store.read_json(tmp_path / "a.json") is None and store.read_json(tmp_path / "b.json") is None


def test_a_second_grader_on_the_same_folder_stops_at_once(tmp_path):
    """Does a second grader (another process) stop with a clear error while the first holds the folder?"""
    with store.exclusive(tmp_path):
        code = f"from autograder.pipeline import store\nwith store.exclusive(__import__('pathlib').Path({str(tmp_path)!r})): pass"
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert done.returncode != 0 and "another grader" in done.stderr and "BusyError" in done.stderr
    with store.exclusive(tmp_path):  # released when the first is done
        pass


def test_the_lock_can_be_held_across_grading_and_reports(tmp_path):
    """Can one grader take its own folder's lock again (grading inside reports), while others still cannot?"""
    with store.exclusive(tmp_path), store.exclusive(tmp_path):
        code = f"from autograder.pipeline import store\nwith store.exclusive(__import__('pathlib').Path({str(tmp_path)!r})): pass"
        assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode != 0


def test_the_lock_dies_with_its_holder(tmp_path):
    """Is the folder free again once a grader holding it is killed with SIGKILL?"""
    code = f"from autograder.pipeline import store\nimport time\nwith store.exclusive(__import__('pathlib').Path({str(tmp_path)!r})):\n    print('held', flush=True); time.sleep(60)"
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    with pytest.raises(store.BusyError, match=f"pid {holder.pid}"):
        with store.exclusive(tmp_path):
            pass
    holder.kill()
    holder.wait()
    with store.exclusive(tmp_path):
        pass


def test_the_batch_state_survives_restarts(tmp_path):
    """Is the seed drawn once and kept, replaced only by an explicit new seed, and assignment mixing refused?"""
    first = store.batch_state(tmp_path, "lesson05-row-sum", "interpret", None)
    again = store.batch_state(tmp_path, "lesson05-row-sum", "interpret", None)
    assert first == again and isinstance(first["seed"], int)
    assert store.batch_state(tmp_path, "lesson05-row-sum", "interpret", 3)["seed"] == 3
    assert (
        store.batch_state(tmp_path, "lesson05-row-sum", "interpret", None, execute=False)["execute"] is False
    )
    with pytest.raises(ValueError, match="holds grades of lesson05-row-sum"):
        store.batch_state(tmp_path, "lesson06-mean-var", "interpret", None)
