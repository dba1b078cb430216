"""A batch of 120 submissions, killed with SIGKILL at random points and resumed, against one run left alone.

The notebooks are not executed (--no-execute): the fault is the grader's, not
the students', and the harness grades each distinct answer once per process, so
five answers keep a run short while every student's grade is still written.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from autograder.lesson.registry import REPO_ROOT, lesson
from autograder.pipeline.store import without_timing

pytestmark = pytest.mark.slow
ASSIGNMENT = "lesson05-row-sum"
STUDENTS = 120
KILLS = 4
BLANKS = ["0.0", "1.0", "0", "-0.0", "______"]
ANSWERS = [
    {
        "Q1": "每行一个 program，mask 挡住越界 lane，填 0.0 后 tl.sum，不改变和。",
        "Q2": "BLOCK 取 128，多 28 个 lane。",
    },
    {"Q3": "改成 float('-inf')，max 的单位元是 -inf。", "explanation": "0.0 是加法单位元。"},
    {},
]


def make_submissions(folder: Path) -> None:
    release = nbformat.read(lesson(ASSIGNMENT).release_notebook, as_version=4)
    for number in range(STUDENTS):
        nb = nbformat.from_dict(json.loads(json.dumps(release)))
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if grade_id == "row_sum_kernel":
                cell.source = cell.source.replace("______", BLANKS[number % len(BLANKS)])
            answers = ANSWERS[number % len(ANSWERS)]
            if grade_id in answers:
                cell.source = answers[grade_id] + f"（学生 {number}）"
        path = folder / f"s{number:03d}" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        path.parent.mkdir(parents=True)
        nbformat.write(nb, path)


def grader(subs: Path, out: Path) -> subprocess.Popen:
    cmd = [
        sys.executable,
        "-m",
        "autograder",
        "grade",
        ASSIGNMENT,
        "--submissions",
        str(subs),
        "--out",
        str(out),
    ]
    cmd += ["--backend", "interpret", "--seed", "41", "--no-execute", "--jobs", "2"]
    # the harness's work folders go under this test's root, so its check for leftover children can tell them
    # from those of a grading test running at the same time in another pytest worker
    scratch = subs.parent / "scratch"
    scratch.mkdir(exist_ok=True)
    env = os.environ | {"TMPDIR": str(scratch)}
    return subprocess.Popen(
        cmd, cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def written(out: Path) -> dict[str, tuple[int, int]]:
    """Each grade file with its inode and modification time: a rewrite (write, then rename) changes both."""
    folder = out / "grades"
    return (
        {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in folder.glob("*.json")}
        if folder.is_dir()
        else {}
    )


def run_to_the_end(subs: Path, out: Path) -> tuple[float, float]:
    """An uninterrupted run; returns when its first grade appeared and how long it took."""
    started, first = time.monotonic(), None
    process = grader(subs, out)
    while process.poll() is None:
        if first is None and written(out):
            first = time.monotonic() - started
        time.sleep(0.05)
    assert process.returncode == 0, process.stdout.read()[-2000:]
    return first or 0.0, time.monotonic() - started


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("fault")
    make_submissions(root / "subs")
    first, duration = run_to_the_end(root / "subs", root / "reference")
    rng, snapshots = random.Random(20261129), []
    for _ in range(KILLS):
        done = len(written(root / "killed"))
        # a random point in the batch, counted in grades written, so the kill lands however loaded the machine is
        target = done + rng.randint(1, max(1, (STUDENTS - done) // (KILLS + 1)))
        process = grader(root / "subs", root / "killed")
        while process.poll() is None and len(written(root / "killed")) < target:
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.3))  # and somewhere between two grades, not only right after one
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait()
            snapshots.append(written(root / "killed"))
    resumed = grader(root / "subs", root / "killed")
    final_log = resumed.communicate()[0]
    assert resumed.returncode == 0, final_log[-2000:]
    return root, snapshots, final_log


def grades(out: Path) -> dict[str, dict]:
    """Every grade file, without its timing: how long a submission took is no part of its grade."""
    files = sorted((out / "grades").glob("*.json"))
    loaded = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in files}
    return {name: without_timing(grade) for name, grade in loaded.items()}


def test_the_resumed_batch_equals_the_one_left_alone(runs):
    """After four SIGKILLs and a resume, is every grade identical to an uninterrupted run's, none missing?"""
    root, _, _ = runs
    reference, resumed = grades(root / "reference"), grades(root / "killed")
    assert len(reference) == STUDENTS and set(resumed) == set(reference)
    assert [name for name in reference if resumed[name] != reference[name]] == []


def test_no_student_is_missing_or_duplicated_in_the_results(runs):
    """Does results.json list each of the 120 students exactly once, with the same totals as the reference?"""
    root, _, _ = runs
    killed = json.loads((root / "killed" / "results.json").read_text())["students"]
    reference = json.loads((root / "reference" / "results.json").read_text())["students"]
    assert len(killed) == STUDENTS and len({entry["student"] for entry in killed}) == STUDENTS
    assert killed == reference


def test_grades_written_before_a_kill_are_never_lost_or_redone(runs):
    """Is every grade file present at a kill still there, unrewritten, at the end (each graded once)?"""
    root, snapshots, final_log = runs
    final = written(root / "killed")
    assert len(snapshots) == KILLS and len(snapshots[-1]) < STUDENTS  # every kill landed before the end
    for snapshot in snapshots:
        assert {name: final.get(name) for name in snapshot} == snapshot
    reused = int(final_log.split("reused ")[1].split(" ")[0].rstrip("|"))
    assert reused == len(snapshots[-1])


def test_nothing_is_left_behind(runs):
    """Are there no half-written grade files and no harness process of these runs left running after the kills?"""
    root, _, _ = runs
    assert list((root / "killed" / "grades").glob(".*")) == []
    leftovers = []
    for entry in Path("/proc").iterdir():
        try:
            cmdline = (entry / "cmdline").read_bytes() if entry.name.isdigit() else b""
        except OSError:  # a process that ended while we looked
            continue
        if b"autograder.isolation.harness_child" in cmdline and str(root).encode() in cmdline:
            leftovers.append(entry.name)
    assert leftovers == []
