"""Every red-team attack against plain nbgrader (before) and against the course's grader (after).

    .venv/bin/python benchmarks/redteam_before_after.py [--out benchmarks/results/redteam-before-after.json]

Before: the lesson's own nbgrader config (grader_config.py), `nbgrader autograde`
on all submissions at once, as an instructor would run it without this grader;
the score is nbgrader's for the two test cells (out of 3, the code part).
After: `python -m autograder grade`, the same tables and limits as tests/redteam.
Both use a 15 s cell timeout so that hanging notebooks finish in minutes. The
attacks are bounded by themselves (6 GiB, 500 processes, 100 MB); whatever they
leave running in the plain run is counted, then killed through a tracking cgroup.
Takes about 25 minutes on two cores; needs no GPU.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent / "tests" / "redteam")]

import runtime_attacks  # noqa: E402
import static_attacks  # noqa: E402
from attacks import ASSIGNMENT, World, grade_text, processes_named  # noqa: E402
from redteam_batch import run_batch  # noqa: E402

from autograder.build.nbgrader_run import nbgrader_env, run_nbgrader, write_config  # noqa: E402
from autograder.isolation import cgroups  # noqa: E402
from autograder.lesson.registry import lesson  # noqa: E402

CELL_TIMEOUT_S = 15
RUNTIME_OVERRIDES = {
    "NOTEBOOK_LIMITS": {
        "wall_s": 120,
        "cpu_s": 300,
        "memory_mb": 3072,
        "output_bytes": 2_000_000,
        "processes": 64,
    },
    "CELL_TIMEOUT_S": CELL_TIMEOUT_S,
}
MARKS = ("READ", "LISTED", "WROTE", "STARTED", "ALLOCATED", "CHILDREN", "REFUSED")


def build_all(world: World, attacks) -> None:
    world.submissions.mkdir(parents=True)
    for attack in attacks:
        attack.build(world, attack.name)


def decoy_repository(victim_paths):
    """Point the attacks' writes into the repository at a copy, so the plain run cannot plant files in ours."""

    def paths(world: World) -> dict[str, Path]:
        found = victim_paths(world)
        found["repo_code"] = world.root / "decoy-repository" / "autograder"
        found["repo_code"].mkdir(parents=True, exist_ok=True)
        return found

    return paths


def plain_course(world: World) -> Path:
    """A course folder as nbgrader's docs set one up, with the lesson's config and its gradebook."""
    course = world.root / "plain"
    shutil.copytree(lesson(ASSIGNMENT).source_notebook.parent, course / "source" / ASSIGNMENT)
    write_config(course)
    run_nbgrader(["generate_assignment", ASSIGNMENT, "--force"], course, course / "gradebook.db", course)
    for entry in sorted(world.submissions.iterdir()):  # nbgrader knows only DIR/<student>/<assignment>/
        target = course / "submitted" / entry.name.removesuffix(".ipynb") / ASSIGNMENT
        if entry.is_dir() and (entry / ASSIGNMENT).is_dir():
            shutil.copytree(entry / ASSIGNMENT, target, symlinks=True, dirs_exist_ok=True)
    return course


def autograde_plain(course: Path) -> tuple[float, str, dict[str, int]]:
    """nbgrader autograde on every student, in a cgroup that only tracks (never limits) what it starts."""
    group = cgroups.create(processes=1_000_000, memory_mb=1_000_000)
    cmd = [sys.executable, "-c", _JOIN, str(group.paths["pids"] / "cgroup.procs") if group else ""]
    cmd += ["autograde", ASSIGNMENT, "--force", f"--Execute.timeout={CELL_TIMEOUT_S}"]
    cmd += [f"--CourseDirectory.root={course}", f"--CourseDirectory.db_url=sqlite:///{course}/gradebook.db"]
    started = time.monotonic()
    done = subprocess.run(cmd, cwd=course, env=nbgrader_env(), capture_output=True, text=True)
    wall = time.monotonic() - started
    left = {
        name: len(processes_named(f"sleep\x00{seconds}")) for name, seconds in runtime_attacks.SLEEPS.items()
    }
    if group:
        group.kill_all()
        group.remove()
    return wall, done.stdout + done.stderr, left


_JOIN = (  # join the tracking cgroup, then become nbgrader
    "import sys, runpy\n"
    "if sys.argv[1]: open(sys.argv[1], 'w').write(str(__import__('os').getpid()))\n"
    "sys.argv = ['nbgrader'] + sys.argv[2:]\n"
    "runpy.run_module('nbgrader', run_name='__main__')\n"
)


def before(world: World, course: Path, name: str) -> dict:
    from nbgrader.api import Gradebook, MissingEntry

    student = name.removesuffix(".ipynb")
    notebook = course / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    row = {"score": None, "max": 3.0}
    try:
        with Gradebook(f"sqlite:///{course}/gradebook.db") as gradebook:
            sub = gradebook.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, student)
            row["score"] = sum(g.score for g in sub.grades if g.cell_type == "code")
    except MissingEntry:
        row["note"] = "never graded: nbgrader skipped this entry without a word"
    if notebook.exists():
        text = notebook.read_text(encoding="utf-8")
        outputs = "".join(_outputs(nbformat.reads(text, as_version=4)))
        # what the attack reached, never what it read: this file is committed, and benchmarks/results is public
        row["printed"] = [_reached(line) for line in outputs.splitlines() if line.startswith(MARKS)][:12]
        row["secrets_seen"] = [s[:12] for s in world.secrets_on_disk() if s in outputs and s != world.secret]
    elif row["score"] is not None:
        row["note"] = "nbgrader failed on this notebook (its gradebook holds the score)"
    return row


def _reached(line: str) -> str:
    words = line.split()
    return " ".join(words[:2]) if words[0] in ("READ", "LISTED") else line[:160]


def _outputs(nb):
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            yield output.get("text", "") if output.get("output_type") == "stream" else ""


def after(world: World, grade: dict | None, name: str) -> dict:
    if grade is None:
        return {"note": "no grade"}
    parts = grade["parts"]
    row = {"code": parts["code_normal"]["points"] + parts["code_boundary"]["points"], "max": 3.0}
    row |= {"vetoes": sorted({v["rule"] for v in grade["vetoes"]}), "errors": grade["errors"]}
    row["findings"] = sorted({f["rule"] for f in grade["findings"]})
    nb = grade.get("nbgrader", {})
    if nb.get("ran") is not None and not nb.get("skipped"):
        row["nbgrader_feedback"] = "ran" if nb.get("ran") else nb.get("error", "")[:160]
        row["limits_hit"] = nb.get("limits_hit", [])
    secrets = [s for s in world.secrets_on_disk() if s in grade_text(grade) and s != world.secret]
    row["secrets_seen"] = [s[:12] for s in secrets]
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "results" / "redteam-before-after.json")
    parser.add_argument("--work", type=Path, default=None, help="scratch folder (default: a temporary one)")
    parser.add_argument("--only", choices=["static", "runtime"], help="redo one table, keep the other's rows")
    args = parser.parse_args()
    work = args.work or Path(__import__("tempfile").mkdtemp(prefix="redteam-bench-"))
    runtime_attacks.victim_paths = decoy_repository(runtime_attacks.victim_paths)
    tables = {"static": (static_attacks.ATTACKS, {"MAX_NOTEBOOK_BYTES": 3_000_000}, ["--no-execute"])}
    tables["runtime"] = (runtime_attacks.ATTACKS, RUNTIME_OVERRIDES, [])
    kept = json.loads(args.out.read_text())["rows"] if args.only and args.out.exists() else []
    rows = [row for row in kept if row["kind"] != args.only]
    tables = {kind: table for kind, table in tables.items() if args.only in (None, kind)}
    for kind, (attacks, overrides, flags) in tables.items():
        world = World(work / kind)
        build_all(world, attacks)
        course = plain_course(world)
        wall_before, _, left = autograde_plain(course)
        print(f"{kind}: plain nbgrader took {wall_before:.0f} s; left running: {left}", flush=True)
        started = time.monotonic()
        ours = run_batch(World(work / f"{kind}-ours", seed=world.seed, secret=world.secret), attacks, overrides,
                         *flags, "--jobs", "2")  # fmt: skip
        print(f"{kind}: our grader took {time.monotonic() - started:.0f} s", flush=True)
        for attack in attacks:
            row = {"attack": attack.name, "kind": kind, "question": attack.question}
            row["before"] = before(world, course, attack.name)
            row["after"] = after(ours.world, ours.grades.get(attack.name), attack.name)
            rows.append(row)
        if kind == "runtime":
            rows.append(
                {"attack": "(left running after the plain run)", "kind": kind, "before": left, "after": {}}
            )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    rows.sort(key=lambda row: row["kind"] != "static")  # the static table first, as the tests list them
    args.out.write_text(
        json.dumps({"assignment": ASSIGNMENT, "rows": rows}, ensure_ascii=False, indent=1) + "\n"
    )
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
