"""nbgrader's autograde and feedback for one student, in one process inside the sandbox.

    python -m autograder.pipeline.nbgrader_session ASSIGNMENT STUDENT ROOT SECRETS_FILE CELL_TIMEOUT_S

Starting nbgrader costs about 2.5 s of CPU (measured on the H200 runner,
benchmarks/results/gpu-run-2026-12-01/); the grader used to start it twice per submission,
once for ``autograde`` and once for ``generate_feedback``. Here one interpreter runs both, with
the executed notebook capped and scrubbed in between, as before (autograder/integrity/scrub.py).

The hidden tests' lines that the scrub looks for arrive in SECRETS_FILE (JSON), which is read and
deleted before autograde starts the student's kernel: that kernel never finds them on disk.
What the parent needs (which step failed, and nbgrader's log) is printed on stdout.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import datetime
from pathlib import Path

import nbformat

from autograder.integrity.scrub import scrub_for_feedback

OUTPUT_CHARS = 100_000  # per output of the executed notebook: text, an image, a traceback
STUB_CHARS = 200  # what each output keeps once the notebook's outputs have used their whole budget
AUTOGRADE_FAILED = "[nbgrader_session] autograde failed"
FEEDBACK_FAILED = "[nbgrader_session] generate_feedback failed"


def read_secrets(path: Path) -> frozenset[str]:
    """The hidden lines, from a file that is gone before any student code runs."""
    try:
        return frozenset(json.loads(path.read_text(encoding="utf-8")))
    finally:
        path.unlink(missing_ok=True)


def configured(root: Path, cell_timeout_s: int):
    """nbgrader's config for this course folder, with the grader's cell timeout (its policy may differ from
    grader_config.py's constant: a test, an instructor's override)."""
    from traitlets.config import Config

    from grader_config import nbgrader_settings

    config = Config()
    nbgrader_settings(config)
    config.CourseDirectory.root = str(root)
    config.CourseDirectory.db_url = f"sqlite:///{root}/gradebook.db"
    config.Execute.timeout = cell_timeout_s
    return config


def _run(converter, config, assignment: str, student: str, **traits) -> dict:
    from nbgrader.coursedir import CourseDirectory
    from nbgrader.utils import capture_log

    coursedir = CourseDirectory(config=config)
    coursedir.assignment_id, coursedir.student_id = assignment, student
    app = converter(coursedir=coursedir, config=config)
    for name, value in traits.items():
        setattr(app, name, value)
    return capture_log(app)


def cap_outputs(path: Path, limit: int, total: int = 10 * OUTPUT_CHARS) -> int:
    """Cut each output of the executed notebook to ``limit`` characters, and all together to about ``total``.

    nbgrader's LimitOutput counts lines: one 100 MB line passes. Returns how many outputs were cut.
    Images count like text: a base64 PNG of a figure is well under the limit. Outputs past ``total``
    keep a stub each, so that many of them cannot push the feedback page past the grader's page limit.
    """
    nb = nbformat.read(path, as_version=4)
    cut, left = 0, total
    for output in (output for cell in nb.cells for output in cell.get("outputs", [])):
        data = output.get("data", {})
        for holder, key in [(output, "text"), *((data, mime) for mime in data)]:
            value, room = holder.get(key), min(limit, max(left, STUB_CHARS))
            if isinstance(value, str):
                if len(value) > room:
                    holder[key] = value[:room] + f"\n[… cut by the grader: {len(value)} characters in all]\n"
                    cut += 1
                left -= len(holder[key])
        if sum(len(line) for line in output.get("traceback", [])) > limit:
            output["traceback"] = [line[:limit] for line in output["traceback"][:20]] + [
                "[… cut by the grader]"
            ]
            cut += 1
    nbformat.write(nb, path)
    return cut


def session(
    assignment: str, student: str, root: Path, secrets: frozenset[str], cell_timeout_s: int, output_chars: int
) -> dict:
    """Autograde, cap and scrub, then feedback; returns what the parent reads from stdout."""
    started = time.perf_counter()
    from nbgrader.converters import Autograde, GenerateFeedback

    config = configured(root, cell_timeout_s)
    phases = {"nbgrader_import_s": time.perf_counter() - started}
    started = time.perf_counter()
    graded = _run(Autograde, config, assignment, student, force=True, create_student=True)
    phases["autograde_s"] = time.perf_counter() - started
    print(graded.get("log", ""), flush=True)
    executed = root / "autograded" / student / assignment / f"{assignment}.ipynb"
    if not executed.exists():  # a cell that failed or timed out still leaves the executed notebook
        print(AUTOGRADE_FAILED, flush=True)
        return {"autograde": False, "cut": 0, "phases": _rounded(phases)}
    started = time.perf_counter()
    cut = cap_outputs(executed, min(OUTPUT_CHARS, output_chars), output_chars)
    scrub_for_feedback(executed, secrets)  # before the page is made from it
    config.HTMLExporter.template_name = "feedback"  # as nbgrader's own API sets it for this step
    feedback = _run(GenerateFeedback, config, assignment, student, force=True)
    phases["scrub_and_feedback_s"] = time.perf_counter() - started
    if not feedback["success"]:
        print(feedback.get("log", ""), FEEDBACK_FAILED, sep="\n", flush=True)
    phases |= cell_phases(executed)
    return {"autograde": True, "cut": cut, "feedback": feedback["success"], "phases": _rounded(phases)}


def _rounded(phases: dict) -> dict:
    return {name: round(value, 3) for name, value in phases.items()}


def cell_phases(executed: Path) -> dict[str, float]:
    """Where autograde's time went inside the kernel, from the cells' own timestamps (nbclient records them).

    cells_s: all cells together; slowest_cell_s: the longest one (on lesson 5, the set-up cell that imports
    torch and triton); the rest of autograde is nbgrader's own work and the kernel's start.
    """
    spans = []
    for cell in nbformat.read(executed, as_version=4).cells:
        timing = cell.get("metadata", {}).get("execution", {})
        start, end = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
        if start and end:
            spans.append((_instant(end) - _instant(start)).total_seconds())
    return {"cells_s": sum(spans), "slowest_cell_s": max(spans, default=0.0)}


def _instant(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def main(argv: list[str]) -> int:
    assignment, student, root, secrets_file, timeout, output_chars = argv
    secrets = read_secrets(Path(secrets_file))
    summary = session(assignment, student, Path(root), secrets, int(timeout), int(output_chars))
    (Path(root) / "session.json").write_text(json.dumps(summary), encoding="utf-8")
    return 0 if summary["autograde"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
