"""nbgrader's run of a submission: the usual executed notebook, its test results and feedback HTML.

This run is for the student's feedback, not for the verdict: hidden tests run
inside the student's own kernel there, where a monkeypatch can pass them. Each
student runs in a scratch course folder of their own, under the sandbox limits.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from autograder.lessons import lesson
from autograder.nbgrader_run import nbgrader_env, run_nbgrader, write_config
from autograder.sandbox import Limits, run_limited


@dataclass
class ExecutionResult:
    ran: bool
    test_scores: dict[str, float] = field(default_factory=dict)  # nbgrader's score per test cell
    feedback_html: str = ""  # nbgrader's feedback page, hidden tests scrubbed
    executed_notebook: str = ""  # the notebook as nbgrader executed it (JSON text)
    error: str = ""


def prepare_template(assignment: str, workdir: Path) -> Path:
    """A gradebook that knows the assignment, made once per batch and copied for each student."""
    root = workdir / "template"
    source = root / "source" / assignment
    shutil.copytree(lesson(assignment).source_notebook.parent, source, dirs_exist_ok=True)
    run_nbgrader(["generate_assignment", assignment, "--force"], root, root / "gradebook.db", root)
    return root


def execute(assignment: str, student: str, notebook: Path, template: Path, limits: Limits, backend: str):
    """Autograde one notebook with nbgrader in its own course folder; never raises for what it does."""
    with tempfile.TemporaryDirectory(prefix="nbgrader-run-") as tmp:
        root = Path(tmp)
        shutil.copytree(template / "source", root / "source")
        shutil.copy(template / "gradebook.db", root / "gradebook.db")
        submitted = root / "submitted" / student / assignment
        submitted.mkdir(parents=True)
        shutil.copy(notebook, submitted / f"{assignment}.ipynb")
        cmd = [
            sys.executable, "-m", "nbgrader", "autograde", assignment, f"--student={student}", "--force",
            f"--CourseDirectory.root={root}", f"--CourseDirectory.db_url=sqlite:///{root}/gradebook.db",
        ]  # fmt: skip
        write_config(root)
        env = nbgrader_env() | {"COURSE_BACKEND": backend}
        run = run_limited(cmd, root, env, limits, cuda=backend == "cuda")
        executed = root / "autograded" / student / assignment / f"{assignment}.ipynb"
        if run.timed_out or not executed.exists():
            reason = "time limit reached" if run.timed_out else _last_error(run.output)
            return ExecutionResult(False, error=f"nbgrader could not run the notebook: {reason}")
        result = ExecutionResult(True, executed_notebook=executed.read_text(encoding="utf-8"))
        result.test_scores = _scores(root / "gradebook.db", assignment, student)
        from autograder.scrub import scrub_test_tracebacks

        scrub_test_tracebacks(executed)
        feedback = run_nbgrader(["generate_feedback", assignment, f"--student={student}", "--force"], root, root / "gradebook.db", root, check=False)
        page = root / "feedback" / student / assignment / f"{assignment}.html"
        if page.exists():
            result.feedback_html = page.read_text(encoding="utf-8")
        elif feedback.returncode:
            result.error = "nbgrader generate_feedback failed"
        return result


def _last_error(output: str) -> str:
    lines = [line for line in output.splitlines() if "ERROR" in line or "Error" in line]
    return (lines[-1] if lines else output.strip().splitlines()[-1:] or ["no output"])[0][:300] if output else "no output"


def _scores(db: Path, assignment: str, student: str) -> dict[str, float]:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{db}") as gradebook:
        submission = gradebook.find_submission_notebook(assignment, assignment, student)
        return {grade.name: grade.score for grade in submission.grades if grade.cell_type == "code"}
