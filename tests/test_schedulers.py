"""scripts/grade_class.sbatch, .github/workflows/grade-class.yml and gpu-tests.yml: the class and the GPU suite on schedulers."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import yaml

from autograder.lesson.registry import REPO_ROOT

WORKFLOW = REPO_ROOT / ".github" / "workflows" / "grade-class.yml"
SBATCH = REPO_ROOT / "scripts" / "grade_class.sbatch"


def test_the_workflow_runs_by_hand_only_with_a_shard_matrix_and_a_merge():
    """Is the workflow started by workflow_dispatch alone (never by a fork's pull request), with one GPU
    job per shard, a merge job after them, and the shards and merged grades uploaded as artifacts?"""
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads the key `on` as true
    assert set(triggers) == {"workflow_dispatch"}
    grade, merge = flow["jobs"]["grade"], flow["jobs"]["merge"]
    assert "gpu" in grade["runs-on"] and "self-hosted" in grade["runs-on"]
    assert "matrix.shard" in json.dumps(grade["steps"]) and "--shard" in json.dumps(grade["steps"])
    assert merge["needs"] == "grade" and "autograder merge" in json.dumps(merge["steps"])
    uploads = [s for job in (grade, merge) for s in job["steps"] if "upload-artifact" in s.get("uses", "")]
    assert len(uploads) == 2


def _task(tmp_path, **env):
    env = os.environ | {"PY": sys.executable, "OUT": str(tmp_path / "class"), "BACKEND": "interpret"} | env
    return subprocess.run(["bash", str(SBATCH)], cwd=REPO_ROOT, env=env, capture_output=True, text=True)


def test_the_slurm_array_grades_shards_that_merge(tmp_path):
    """Do array tasks 1 and 2 of 2 (as Slurm starts them) grade the examples, and the merge task join them?"""
    common = {"SUBMISSIONS": "examples/submissions", "SEED": "5", "GRADE_ARGS": "--no-execute"}
    for k in ("1", "2"):
        done = _task(tmp_path, SLURM_ARRAY_TASK_ID=k, SLURM_ARRAY_TASK_COUNT="2", **common)
        assert done.returncode == 0, done.stderr[-2000:]
    merged = _task(tmp_path, MERGE="2")
    assert merged.returncode == 0, merged.stderr[-2000:]
    results = json.loads((tmp_path / "class" / "results.json").read_text(encoding="utf-8"))
    assert len(results["students"]) == len(list((REPO_ROOT / "examples" / "submissions").iterdir()))


def test_the_slurm_script_refuses_a_shard_without_a_seed(tmp_path):
    """Does an array task started without SEED stop before grading, saying what to set?"""
    done = _task(
        tmp_path, SUBMISSIONS="examples/submissions", SLURM_ARRAY_TASK_ID="1", SLURM_ARRAY_TASK_COUNT="2"
    )
    assert done.returncode != 0 and "SEED" in done.stderr


GPU_TESTS = REPO_ROOT / ".github" / "workflows" / "gpu-tests.yml"


def test_the_gpu_workflow_runs_the_gpu_suite_and_the_benchmarks_on_a_gpu_runner():
    """Does the GPU workflow run `make test-gpu` and `make bench` on a self-hosted GPU runner, never for a
    pull request, and upload the benchmark results?"""
    flow = yaml.safe_load(GPU_TESTS.read_text(encoding="utf-8"))
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads the key `on` as true
    assert "pull_request" not in triggers and "pull_request_target" not in triggers
    job = flow["jobs"]["gpu-tests"]
    assert {"self-hosted", "gpu"} <= set(job["runs-on"])
    commands = " ".join(step.get("run", "") for step in job["steps"])
    assert "make test-gpu" in commands and "make bench" in commands
    assert any("upload-artifact" in step.get("uses", "") for step in job["steps"])
    makefile = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    assert "test-gpu:" in makefile and "bench:" in makefile
