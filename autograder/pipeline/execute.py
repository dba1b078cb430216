"""nbgrader's run of a submission: the usual executed notebook, its test results and feedback HTML.

This run is for the student's feedback, not for the verdict: hidden tests run
inside the student's own kernel there, where a monkeypatch can pass them. Each
student runs in a scratch course folder of their own, under the sandbox limits.

Two layers keep the student's code away from what grades it. nbgrader runs as
root inside the sandbox's private root, which holds neither the grading folder
(OUT: grades, batch.json and its seed) nor the submissions folder, the lesson's
solutions or rubric. The student's kernel is started through a kernelspec of our
own (autograder/isolation/jail.py ``kernel``): as a fresh unprivileged uid, over a tmpfs
that hides the scratch course folder (gradebook, source notebook, submitted
copy). The hidden tests never reach that kernel: the gradebook is made from a
source notebook without them (autograder/integrity/scrub.py), so nbgrader's score for a test
cell counts its visible checks only, and the verdict is the harness's.

What comes back is made safe to open: outputs that quote a hidden test are
replaced, live HTML and JavaScript outputs become text, and nbgrader's page is
rebuilt without scripts (autograder/report/safe.py).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from autograder.build.nbgrader_run import nbgrader_env, run_nbgrader
from autograder.config import policy
from autograder.integrity.scrub import remove_hidden_tests, secret_lines
from autograder.isolation.sandbox import (
    Limits,
    SandboxResult,
    fresh_uid,
    jail_support,
    run_limited,
    scratch_dir,
)
from autograder.lesson.registry import lesson
from autograder.pipeline.nbgrader_session import FEEDBACK_FAILED, OUTPUT_CHARS
from autograder.report import safe

# nbgrader's lines around every failure, which say nothing about this one
GENERIC_ERRORS = ("There was an error processing", "Please see the", "Traceback (most recent call last)")


@dataclass
class ExecutionResult:
    ran: bool
    test_scores: dict[str, float] = field(default_factory=dict)  # nbgrader's score per test cell
    feedback_html: str = ""  # nbgrader's feedback page, hidden tests scrubbed, no script (safe.clean_page)
    executed_notebook: str = ""  # the notebook as nbgrader executed it (JSON text), scrubbed as the page
    error: str = ""
    isolation: list[str] = field(
        default_factory=list
    )  # what protected this run (SandboxResult.isolation + kernel)
    limits_hit: list[str] = field(default_factory=list)  # limits the run ran into, in words
    phases: dict[str, float] = field(default_factory=dict)  # seconds: nbgrader's import, autograde, cells...


def prepare_template(assignment: str, workdir: Path) -> Path:
    """A gradebook that knows the assignment, made once per batch and copied for each student.

    Its source notebook has no hidden tests, so autograde restores test cells without them.
    """
    root = workdir / "template"
    source = root / "source" / assignment
    shutil.copytree(lesson(assignment).source_notebook.parent, source, dirs_exist_ok=True)
    for notebook in source.rglob("*.ipynb"):
        remove_hidden_tests(notebook)
    run_nbgrader(["generate_assignment", assignment, "--force"], root, root / "gradebook.db", root)
    return root


def _kernel_jail(root: Path, limits: Limits) -> dict:
    """The kernelspec that starts the student's kernel in its own jail; returns the env that selects it."""
    spec_dir = root / ".jupyter-path" / "kernels" / "python3"
    spec_dir.mkdir(parents=True)
    size_mb = max(64, min(512, limits.memory_mb // 4))
    argv = [
        sys.executable,
        "-m",
        "autograder.isolation.jail",
        "kernel",
        str(fresh_uid()),
        str(root),
        str(size_mb),
    ]
    argv += ["-f", "{connection_file}"]
    spec = {
        "argv": argv,
        "display_name": "Python 3 (graded)",
        "language": "python",
        "interrupt_mode": "signal",
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    return {"JUPYTER_PATH": str(root / ".jupyter-path")}


def _course_folder(root: Path, template: Path, assignment: str, student: str, notebook: Path) -> None:
    shutil.copytree(template / "source", root / "source")
    shutil.copy(template / "gradebook.db", root / "gradebook.db")
    submitted = root / "submitted" / student / assignment
    submitted.mkdir(parents=True)
    # the bytes only, read with no link followed on the whole path (discovery resolved the folder's own)
    (submitted / f"{assignment}.ipynb").write_bytes(safe.read_beneath(notebook, Path(notebook.anchor)))
    for name in (".home", ".runtime", ".jupyter-config"):
        (root / name).mkdir()


def execute(assignment: str, student: str, notebook: Path, template: Path, limits: Limits, backend: str):
    """Autograde one notebook with nbgrader in its own course folder; never raises for what it does."""
    with scratch_dir("nbgrader") as tmp:
        root = Path(tmp)
        try:
            _course_folder(root, template, assignment, student, notebook.absolute())
        except OSError as error:  # safe.UnsafePath among them: a link put in place after discovery
            return ExecutionResult(False, error=f"refused to run the notebook: {error}")
        env = nbgrader_env() | {"COURSE_BACKEND": backend, "HOME": str(root / ".home")}
        env |= {
            "JUPYTER_RUNTIME_DIR": str(root / ".runtime"),
            "JUPYTER_CONFIG_DIR": str(root / ".jupyter-config"),
        }
        jailed = not jail_support() and os.geteuid() == 0
        if jailed:
            env |= _kernel_jail(root, limits)
        run = _session(assignment, student, root, env, limits)
        isolation = run.isolation + _kernel_isolation(root, jailed)
        executed = root / "autograded" / student / assignment / f"{assignment}.ipynb"
        hit = [run.reason] if run.reason else []
        hit += run.events
        if run.limit or not executed.exists():
            reason = "; ".join([run.reason or _last_error(run.output), *run.events])
            error = f"nbgrader could not run the notebook: {reason}"
            return ExecutionResult(False, error=error, isolation=isolation, limits_hit=hit)
        summary = _session_summary(root)
        cut = summary.get("cut", 0)
        hit += [f"{cut} outputs cut to {OUTPUT_CHARS} characters"] if cut else []
        result = ExecutionResult(True, executed_notebook=executed.read_text(encoding="utf-8"))
        result.isolation, result.limits_hit = isolation, hit
        result.phases = summary.get("phases", {}) | {"sandbox_run_s": round(run.duration_s, 3)}
        result.test_scores = _scores(root / "gradebook.db", assignment, student)
        result.feedback_html, result.error = _feedback(root, assignment, student, run, limits)
        return result


def _session(assignment: str, student: str, root: Path, env: dict, limits: Limits) -> SandboxResult:
    """Autograde and feedback in one nbgrader process (autograder/pipeline/nbgrader_session.py)."""
    secrets = root / ".hidden-lines.json"  # read and deleted by the session before the kernel starts
    secrets.write_text(json.dumps(sorted(_secrets(assignment))), encoding="utf-8")
    cmd = [sys.executable, "-m", "autograder.pipeline.nbgrader_session", assignment, student, str(root)]
    # the outputs take at most half the page limit: the template's style sheets and the cells fill the rest
    cmd += [str(secrets), str(policy().CELL_TIMEOUT_S), str(limits.output_bytes // 2)]
    return run_limited(cmd, root, env, limits, cuda=env["COURSE_BACKEND"] == "cuda", jail="root")


def _session_summary(root: Path) -> dict:
    """What the session wrote on its way out; nothing when it died after autograde."""
    try:
        return json.loads((root / "session.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _secrets(assignment: str) -> frozenset[str]:
    return secret_lines(lesson(assignment).source_notebook, lesson(assignment).release_notebook)


def _feedback(root: Path, assignment: str, student: str, run: SandboxResult, limits: Limits):
    """nbgrader's feedback page (hidden tests scrubbed, rebuilt without scripts), or why there is none."""
    page = root / "feedback" / student / assignment / f"{assignment}.html"
    if FEEDBACK_FAILED in run.output or not page.exists():
        return "", "nbgrader generate_feedback failed: " + (run.reason or _last_error(run.output))
    if page.stat().st_size > limits.output_bytes:
        return "", f"nbgrader's feedback page is {page.stat().st_size / 1e6:.0f} MB, over the output limit"
    return safe.clean_page(page.read_text(encoding="utf-8"), f"{assignment} ({student})"), ""


def _kernel_isolation(root: Path, jailed: bool) -> list[str]:
    """What the student's kernel really ran under: the kernel jail leaves a mark only when it started."""
    marker = root / ".kernel-jail"
    if jailed and marker.exists():
        return ["kernel-unprivileged-uid", "kernel-private-tmpfs", "kernel-clean-env"]
    return ["kernel-not-started" if jailed else "kernel-as-grader-user"]


def _last_error(output: str) -> str:
    """nbgrader's reason for giving up on a notebook, in words; its own log buries it under generic lines."""
    if "Kernel died" in output or "DeadKernelError" in output:
        return "the notebook's kernel died (it exited, crashed, or was killed at a limit)"
    if "Timeout waiting for IOPub output" in output:  # nbgrader gives up on the notebook only here
        if "Timeout waiting for execute reply" in output:
            return (
                f"a cell ran past the {policy().CELL_TIMEOUT_S} s cell timeout and did not stop within "
                f"{policy().IOPUB_TIMEOUT_S} s of the interrupt"
            )
        return f"a cell's output was still arriving {policy().IOPUB_TIMEOUT_S} s after the cell ended"
    if "CellTimeoutError" in output or "Timeout waiting for execute reply" in output:
        return f"a cell ran past the {policy().CELL_TIMEOUT_S} s cell timeout"
    # "[Autograde | ERROR] …" from the command line, "[ERROR] …" from nbgrader_session's captured log
    lines = [line.split("ERROR]", 1)[-1].strip() for line in output.splitlines() if "ERROR]" in line]
    specific = [line for line in lines if not line.startswith(GENERIC_ERRORS)]
    return (specific or lines or output.strip().splitlines()[-1:] or ["no output"])[0][:300]


def _scores(db: Path, assignment: str, student: str) -> dict[str, float]:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{db}") as gradebook:
        submission = gradebook.find_submission_notebook(assignment, assignment, student)
        return {grade.name: grade.score for grade in submission.grades if grade.cell_type == "code"}
