"""Run a table of attacks as one batch of the real grader, the way an instructor would.

The grader runs as a separate process (``python -m autograder grade``, its policy
overridden for the test through a tiny wrapper), so the seed is on its command
line exactly as in real use: an attack that could read other processes' command
lines would find it there.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from attacks import ASSIGNMENT, World

from autograder.lesson.registry import REPO_ROOT

WRAPPER = (
    "import json, sys\n"
    "from autograder.config import policy\n"
    "for key, value in json.loads(sys.argv[1]).items():\n"
    "    setattr(policy(), key, value)\n"
    "from autograder.cli import main\n"
    "sys.exit(main(sys.argv[2:]))\n"
)


@dataclass
class Batch:
    world: World
    returncode: int
    log: str
    grades: dict[str, dict]  # by the label the student's file or folder had
    results: dict
    wall_s: float = 0.0


def run_batch(world: World, attacks, overrides: dict, *args: str) -> Batch:
    """Build every attack's submission, grade them all in one batch, and read back every grade."""
    world.submissions.mkdir(parents=True, exist_ok=True)
    for attack in attacks:
        attack.build(world, attack.name)
    cmd = [sys.executable, "-c", WRAPPER, json.dumps(overrides), "grade", ASSIGNMENT]
    cmd += ["--submissions", str(world.submissions), "--out", str(world.out), "--backend", "interpret"]
    cmd += ["--seed", str(world.seed), *args]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT, timeout=1800)
    grades = {}
    for path in sorted((world.out / "grades").glob("*.json")):
        grade = json.loads(path.read_text(encoding="utf-8"))
        grades[grade["label"]] = grade
    results = (
        json.loads((world.out / "results.json").read_text()) if (world.out / "results.json").exists() else {}
    )
    return Batch(world, done.returncode, done.stdout + done.stderr, grades, results)


def outcome_problems(attack, grade: dict | None) -> list[str]:
    """What is wrong with one student's grade, measured against the attack's expected outcome."""
    if grade is None:
        return ["no grade was written"]
    problems = []
    if attack.code is None:
        if not grade["errors"] or attack.error not in grade["errors"][0]:
            problems.append(f"expected an error with {attack.error!r}, got {grade['errors']}")
        return problems
    if grade["errors"]:
        problems.append(f"unexpected errors {grade['errors']}")
    code = (grade["parts"]["code_normal"]["points"], grade["parts"]["code_boundary"]["points"])
    if code != attack.code:
        problems.append(f"code points {code}, expected {attack.code}")
    vetoes = {veto["rule"] for veto in grade["vetoes"]}
    if vetoes != attack.vetoes:
        problems.append(f"vetoes {vetoes}, expected {set(attack.vetoes)}")
    # the third pass condition is read from the written answers: the rubric's tests judge it, not these
    findings = {finding["rule"] for finding in grade["findings"]} - {"pass-condition"}
    if not attack.findings <= findings or (not attack.findings and findings):
        problems.append(f"findings {findings}, expected {set(attack.findings)}")
    return problems


def tree_digest(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
