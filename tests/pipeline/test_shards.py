"""autograder/pipeline/shards.py: N shards of one class merge into exactly the unsharded grades, or are refused."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from autograder.errors import UsageError
from autograder.lesson.registry import REPO_ROOT
from autograder.pipeline import shards, store

ASSIGNMENT = "lesson05-row-sum"
STATE = {"assignment": ASSIGNMENT, "seed": 5, "backend": "interpret", "execute": False}
ROSTER = ["ann", "ben", "cat", "dan", "eve"]


def test_slices_are_a_balanced_partition_in_roster_order():
    """Do the N slices cover every student exactly once, sizes differing by at most one?"""
    parts = [shards.Shard(k, 3).take(ROSTER) for k in (1, 2, 3)]
    assert parts == [["ann", "dan"], ["ben", "eve"], ["cat"]]
    assert sorted(sum(parts, [])) == ROSTER


@pytest.mark.parametrize("text", ["0/2", "3/2", "2", "a/b", "1/0", "-1/2", ""])
def test_a_bad_shard_is_refused_with_the_form_it_takes(text):
    """Is every K/N outside 1 <= K <= N refused with an example of the right form?"""
    with pytest.raises(UsageError, match="K/N"):
        shards.parse_shard(text)


def _fake_shard(folder, k, n, state=STATE, roster=ROSTER, skip=()):
    """A shard folder as `grade --shard K/N` leaves it, with grade files for its slice."""
    shard = shards.Shard(k, n)
    for student in shard.take(roster):
        if student not in skip:
            store.write_json(store.grade_path(folder, student), {"student": student, "shard": k})
    shards.write_manifest(folder, shard, state, roster)
    return folder


def test_merge_copies_every_shards_grades(tmp_path):
    """Does merging 1/2 and 2/2 put every student's grade, and the shared batch settings, in --out?"""
    folders = [_fake_shard(tmp_path / f"s{k}", k, 2) for k in (1, 2)]
    shared, roster = shards.merge(folders, tmp_path / "out")
    assert shared == STATE and roster == ROSTER
    assert store.read_json(tmp_path / "out" / "batch.json") == STATE
    assert {p.stem for p in (tmp_path / "out" / "grades").iterdir()} == set(ROSTER)
    assert store.read_json(store.grade_path(tmp_path / "out", "ben"))["shard"] == 2


def test_a_missing_shard_is_refused_by_number(tmp_path):
    """Does merging 1/3 and 3/3 name shard 2/3 as missing and write nothing?"""
    folders = [_fake_shard(tmp_path / f"s{k}", k, 3) for k in (1, 3)]
    with pytest.raises(UsageError, match=r"missing shard\(s\) 2/3"):
        shards.merge(folders, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_an_overlapping_shard_is_refused(tmp_path):
    """Is a shard given twice (two folders that both graded 1/2) refused, naming both folders?"""
    folders = [_fake_shard(tmp_path / name, 1, 2) for name in ("a", "b")] + [
        _fake_shard(tmp_path / "c", 2, 2)
    ]
    with pytest.raises(UsageError, match="shard 1/2 given twice"):
        shards.merge(folders, tmp_path / "out")


@pytest.mark.parametrize(
    "change, what",
    [({"seed": 6}, "seed"), ({"backend": "cuda"}, "backend"), ({"roster": ROSTER[:-1]}, "submissions")],
)
def test_shards_graded_differently_are_refused(tmp_path, change, what):
    """Are shards with another seed, backend or roster refused, since their grades are not one batch's?"""
    state = STATE | {k: v for k, v in change.items() if k != "roster"}
    roster = change.get("roster", ROSTER)
    folders = [_fake_shard(tmp_path / "s1", 1, 2), _fake_shard(tmp_path / "s2", 2, 2, state, roster)]
    with pytest.raises(UsageError, match=f"disagree on {what}"):
        shards.merge(folders, tmp_path / "out")


def test_an_unfinished_shard_is_refused(tmp_path):
    """Is a shard stopped before grading all of its slice refused, naming the student without a grade?"""
    folders = [_fake_shard(tmp_path / "s1", 1, 2), _fake_shard(tmp_path / "s2", 2, 2, skip={"dan"})]
    with pytest.raises(UsageError, match="no grade for dan"):
        shards.merge(folders, tmp_path / "out")


def test_a_folder_that_is_no_shard_is_refused(tmp_path):
    """Is a grading folder made without --shard refused with how to make a shard?"""
    (tmp_path / "plain").mkdir()
    with pytest.raises(UsageError, match="--shard K/N"):
        shards.merge([tmp_path / "plain"], tmp_path / "out")


def _grade(*args):
    cmd = [sys.executable, "-m", "autograder", "grade", ASSIGNMENT, "--submissions", "examples/submissions"]
    return subprocess.Popen([*cmd, "--no-execute", "--seed", "5", *args], cwd=REPO_ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip


def test_three_shard_processes_merge_into_the_unsharded_results(tmp_path):
    """Do 3 shard processes on the example submissions, merged, give the same results.json, CSV and
    Gradescope files as one unsharded run?"""
    runs = [_grade("--shard", f"{k}/3", "--out", str(tmp_path / f"s{k}")) for k in (1, 2, 3)]
    runs.append(_grade("--out", str(tmp_path / "whole")))
    for run in runs:
        run.communicate(timeout=600)
        assert run.returncode in (0, 1)  # 1: frank's notebook is broken on purpose
    merged = subprocess.run(
        [sys.executable, "-m", "autograder", "merge", *(str(tmp_path / f"s{k}") for k in (3, 1, 2))]
        + ["--out", str(tmp_path / "merged")],
        cwd=REPO_ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert merged.returncode == 1 and "merged 3 shard(s)" in merged.stdout, merged.stderr
    whole, joined = tmp_path / "whole", tmp_path / "merged"
    assert json.loads((joined / "results.json").read_text()) == json.loads(
        (whole / "results.json").read_text()
    )
    assert (joined / "grades.csv").read_text() == (whole / "grades.csv").read_text()
    for page in (whole / "gradescope").iterdir():
        assert (joined / "gradescope" / page.name).read_text() == page.read_text()
