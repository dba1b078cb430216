"""The red team, part 1: tampering, monkeypatches, kernels replaced by torch, and broken files.

One batch with --no-execute: integrity and the harness decide every row of
static_attacks.ATTACKS. A submission of each row sits beside the others, so one
student's broken file cannot touch another's grade.
"""

from __future__ import annotations

import json

import pytest
from attacks import World, grade_text
from redteam_batch import outcome_problems, run_batch
from static_attacks import ATTACKS

from autograder.pipeline.store import without_timing

BY_NAME = {attack.name: attack for attack in ATTACKS}
OVERRIDES = {"MAX_NOTEBOOK_BYTES": 3_000_000}


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    return run_batch(
        World(tmp_path_factory.mktemp("redteam-static")), ATTACKS, OVERRIDES, "--no-execute", "--jobs", "2"
    )


@pytest.fixture(scope="module")
def alice_alone(tmp_path_factory, batch):
    """Alice graded in a batch of her own, with the same seed: what her grade must be."""
    world = World(tmp_path_factory.mktemp("redteam-alice"), seed=batch.world.seed, secret=batch.world.secret)
    return run_batch(world, [BY_NAME["alice"]], OVERRIDES, "--no-execute").grades["alice"]


def test_the_batch_finishes_and_says_some_could_not_be_graded(batch):
    """Does a batch full of hostile and broken files finish, exit 1, and write a grade for every entry?"""
    assert batch.returncode == 1, batch.log[-3000:]
    expected = {attack.name for attack in ATTACKS} | {"flat_dup.ipynb"}
    assert set(batch.grades) == expected
    assert len({grade["student"] for grade in batch.grades.values()}) == len(expected)
    assert len(batch.results["students"]) == len(expected)


@pytest.mark.parametrize("name", [attack.name for attack in ATTACKS])
def test_each_attack_gets_its_outcome(batch, name):
    """Does each attack get the code points, vetoes, findings or error its row expects, and nothing leak?"""
    attack, grade = BY_NAME[name], batch.grades.get(name)
    assert outcome_problems(attack, grade) == []
    if attack.check:
        attack.check(batch.world, grade)
    secrets = batch.world.secrets_on_disk()
    leaked = [
        s for s in secrets if s in grade_text(grade) and not (name == "alice" and s == batch.world.secret)
    ]
    assert leaked == []


def test_other_students_grades_are_untouched(batch, alice_alone):
    """Is alice's grade in the hostile batch exactly her grade when graded alone (all but its timing)?"""
    untimed = [without_timing(grade) for grade in (batch.grades["alice"], alice_alone)]
    assert json.dumps(untimed[0], sort_keys=True) == json.dumps(untimed[1], sort_keys=True)


def test_odd_names_stay_inside_the_grading_folder(batch):
    """Do Unicode, spaces and `..` in names give safe ids, with every grade file inside OUT/grades?"""
    files = sorted((batch.world.out / "grades").iterdir())
    assert all(path.parent == batch.world.out / "grades" and path.suffix == ".json" for path in files)
    for label in ("Zoë 学生 ünïcode", "first last", "..dots.."):
        student = batch.grades[label]["student"]
        assert student.isascii() and " " not in student and not student.startswith(".")
    assert batch.grades["flat_dup"]["student"] != batch.grades["flat_dup.ipynb"]["student"]
