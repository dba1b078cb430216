"""The red team, part 2: attacks that act while nbgrader runs the notebook, graded in one batch of 2 jobs.

Limits are short here (a 15 s cell timeout, 180 s per notebook, 3 GiB, 64
processes) so that the whole table runs in a few minutes on two cores. The kernel loop spends a cell
timeout in every cell that calls the kernel: 120 s per notebook left no room for a loaded machine
(two test workers beside the batch's two jobs) to reach the notebook's last cell.
"""

from __future__ import annotations

import json
import re

import pytest
from attacks import World, grade_text, processes_named
from redteam_batch import outcome_problems, run_batch
from runtime_attacks import ATTACKS, SLEEPS, printed

from autograder.isolation import sandbox
from autograder.lesson.registry import REPO_ROOT

pytestmark = pytest.mark.slow
BY_NAME = {attack.name: attack for attack in ATTACKS}
LIMITS = {"wall_s": 180, "cpu_s": 300, "memory_mb": 3072, "output_bytes": 2_000_000, "processes": 64}
OVERRIDES = {"NOTEBOOK_LIMITS": LIMITS, "CELL_TIMEOUT_S": 15}
JAILED = sandbox.jail_support() == ""
# A loop inside a Triton kernel runs in the interpreter: on a loaded machine the interrupt may not land before
# nbgrader gives up, which ends the run at the cell timeout instead of printing the marker after it (CI on
# 250028a). Both are the grader working; an honest notebook hits neither.
MAY_END_AT_THE_TIMEOUT = {"kernel_loop"}


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    return run_batch(World(tmp_path_factory.mktemp("redteam-runtime")), ATTACKS, OVERRIDES, "--jobs", "2")


def page_evidence(grade: dict) -> str:
    """What a missing marker leaves to go on: nbgrader's error, the limits hit, the page's size and its notes."""
    nbgrader = grade["nbgrader"]
    page = nbgrader.get("feedback_html", "")
    notes = re.findall(r"cut by the grader[^\n<]*|CellTimeoutError[^\n<]*|评分器：[^\n<]*", page)[:8]
    return (
        f"error={nbgrader.get('error')!r} limits_hit={nbgrader.get('limits_hit')} "
        f"page={len(page)} chars, notes={notes}"
    )


def running(name: str) -> list[int]:
    """Processes anywhere on the machine started by an attack (named by their sleep durations)."""
    return processes_named(f"sleep\x00{SLEEPS[name]}")


def test_every_attack_is_graded_and_the_batch_finishes(batch):
    """Does a batch of hanging, flooding, forking and snooping notebooks finish with every student graded?"""
    assert batch.returncode == 0, batch.log[-3000:]
    assert set(batch.grades) == set(BY_NAME)


@pytest.mark.parametrize("name", list(BY_NAME))
def test_each_attack_gets_its_outcome_and_leaks_nothing(batch, name):
    """Does each attack get the harness's code points, its findings, and none of the grader's secrets?"""
    attack, grade = BY_NAME[name], batch.grades.get(name)
    assert outcome_problems(attack, grade) == []
    if attack.marker:  # the attack's code really ran inside nbgrader
        ended = name in MAY_END_AT_THE_TIMEOUT and "cell timeout" in (grade["nbgrader"].get("error") or "")
        assert printed(grade, attack.marker) or ended, (
            f"the attack's code did not run: {page_evidence(grade)}"
        )
    secrets = batch.world.secrets_on_disk()
    assert [
        s for s in secrets if s in grade_text(grade) and not (name == "alice" and s == batch.world.secret)
    ] == []
    if JAILED:
        isolation = set(grade["nbgrader"]["isolation"])
        assert {"private-root", "pids-cgroup", "memory-cgroup", "no-network"} <= isolation, isolation


def test_the_honest_student_is_graded_in_full(batch):
    """Is alice, graded beside the attacks, run by nbgrader to the end with full test scores?"""
    alice = batch.grades["alice"]
    assert alice["nbgrader"]["ran"] and alice["nbgrader"]["test_scores"] == {
        "test_row_sum_normal": 2.0,
        "test_row_sum_boundary": 1.0,
    }
    if JAILED:
        assert "kernel-unprivileged-uid" in alice["nbgrader"]["isolation"]


def test_reading_finds_nothing_that_grades(batch):
    """Did every read of the seed, grades, notebooks, gradebook, solutions or rubric fail, and /proc hide the grader?"""
    grade = batch.grades["read_secrets"]
    assert printed(grade, "DENIED") and not printed(grade, "LISTED")
    assert [
        line for line in printed(grade, "READ") if not line.endswith("b''")
    ] == []  # secrets read as empty
    processes = " ".join(printed(grade, "PROCESS"))
    assert str(batch.world.seed) not in processes and "autograder" not in processes


def test_writing_changes_nothing(batch):
    """Did every write to the grades, batch, another notebook, the repository or the gradebook fail?"""
    world, grade = batch.world, batch.grades["write_everywhere"]
    assert printed(grade, "DENIED") and not printed(grade, "WROTE")
    assert json.loads((world.out / "batch.json").read_text())["seed"] == world.seed
    assert "pwned" not in (world.out / "grades" / "alice.json").read_text()
    planted = [*world.root.rglob("zz_planted*"), *REPO_ROOT.rglob("zz_planted*")]
    assert planted == []
    assert (
        grade["nbgrader"]["test_scores"]["test_row_sum_normal"] == 0.0
    )  # hidden tests left the kernel: only the visible one scores


def test_a_process_storm_stops_at_the_pids_limit(batch):
    """Did the storm hit the pids limit (its own kernel dying for want of threads), reported, leaving nothing?"""
    grade = batch.grades["process_storm"]
    nbgrader = grade["nbgrader"]
    evidence = f"{page_evidence(grade)} printed={printed(grade, 'STARTED') + printed(grade, 'REFUSED')}"
    assert any("process limit of 64 reached" in hit for hit in nbgrader["limits_hit"]), evidence
    assert "kernel died" in nbgrader["error"] and "process limit of 64" in nbgrader["error"]
    assert running("storm") == []


def test_background_processes_are_gone(batch):
    """Are the setsid'd and double-forked sleepers dead once the student is graded?"""
    assert running("setsid") == [] and running("daemon") == []


def test_memory_stops_at_the_limit(batch):
    """Did one process stop below 3 GiB, and forked children stop at the 3 GiB they share?"""
    allocated = int(printed(batch.grades["memory_bomb"], "ALLOCATED")[0].split()[1])
    assert allocated <= LIMITS["memory_mb"]
    hits = batch.grades["memory_bomb_forked"]["nbgrader"]["limits_hit"]
    assert any("memory limit of 3072 MiB" in hit for hit in hits), hits


def test_hangs_stop_at_their_limits(batch):
    """Does a loop stop at the cell timeout, one that ignores interrupts end the run, slow cells stop at wall time?"""
    loop = batch.grades["python_loop"]["nbgrader"]
    assert loop["ran"] and loop["test_scores"]["test_row_sum_normal"] == 2.0
    stuck = batch.grades["uninterruptible_loop"]["nbgrader"]
    assert not stuck["ran"] and "did not stop within 60 s of the interrupt" in stuck["error"], stuck["error"]
    slow = batch.grades["slow_cells"]["nbgrader"]
    assert not slow["ran"] and "time limit of 180 s" in slow["error"]
    kernel = batch.grades["kernel_loop"]["nbgrader"]
    assert kernel["test_scores"].get("test_row_sum_normal", 0.0) == 0.0


def test_exits_end_only_that_run(batch):
    """Does os._exit end nbgrader's run of that notebook only, and sys.exit not even that?"""
    assert (
        not batch.grades["os_exit"]["nbgrader"]["ran"]
        and "kernel died" in batch.grades["os_exit"]["nbgrader"]["error"]
    )
    assert batch.grades["sys_exit"]["nbgrader"]["ran"]


def test_a_flood_of_output_leaves_a_small_grade(batch):
    """Does printing 100 MB leave a grade file of a few MB at most?"""
    size = (batch.world.out / "grades" / f"{batch.grades['print_100mb']['student']}.json").stat().st_size
    assert size < 3_000_000
