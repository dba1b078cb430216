"""A student's session with only the handout: copy release/<assignment>/, fill the blanks, run it.

The answer comes from the instructor's side (the source notebook, read here, in the process that
builds the test); the run happens in the student's Python, which may be a fresh virtual
environment (tests/test_student_package.py) or a GPU machine's python3:

    python tests/student_session.py lesson05-row-sum OUT [--python PY]

copies the release folder into OUT, fills its blanks, runs it top to bottom with PY (default:
this interpreter) from OUT, and writes OUT/<assignment>/report.json: per-cell success, where
``course`` was imported from, and whether ``autograder`` could be imported (it must not).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat

REPO_ROOT = Path(__file__).resolve().parents[1]
BLANK = "______"
# Appended to the student's copy: where things came from, seen from inside the student's kernel.
PROBE = """import json as _json, sys as _sys
import course as _course
try:
    import autograder as _grader
    _leak = _grader.__file__
except ImportError:
    _leak = None
print("PROBE " + _json.dumps({"course": _course.__file__, "prefix": _sys.prefix, "autograder": _leak}))"""
# Run by the student's interpreter: only nbformat and nbclient, nothing of the repository.
RUNNER = """import json, sys
from pathlib import Path
import nbformat
from nbclient import NotebookClient
path = Path(sys.argv[1])
nb = nbformat.read(path, as_version=4)
client = NotebookClient(nb, timeout=int(sys.argv[2]), kernel_name="python3", allow_errors=True,
                        resources={"metadata": {"path": str(path.parent)}})
client.execute()
nbformat.write(nb, path)
"""


def notebooks(assignment: str) -> tuple[Path, Path]:
    return (
        REPO_ROOT / "source" / assignment / f"{assignment}.ipynb",
        REPO_ROOT / "release" / assignment / f"{assignment}.ipynb",
    )


def _grade_id(cell) -> str:
    return cell.metadata.get("nbgrader", {}).get("grade_id", "")


def reference_lines(assignment: str) -> dict[str, list[tuple[str, str]]]:
    """grade_id -> [(release line, source line)] for every solution line the release blanks out."""
    source, release = (nbformat.read(path, as_version=4) for path in notebooks(assignment))
    released = {_grade_id(cell): cell for cell in release.cells if _grade_id(cell)}
    found = {}
    for cell in source.cells:
        meta = cell.metadata.get("nbgrader", {})
        if not meta.get("solution") or meta.get("grade_id") not in released:
            continue
        ours, theirs = cell.source.splitlines(), released[meta["grade_id"]].source.splitlines()
        pairs = (
            list(zip(theirs, ours, strict=True))
            if len(ours) == len(theirs)
            else [("", line) for line in ours]
        )
        found[meta["grade_id"]] = [(r, s) for r, s in pairs if r.strip() != s.strip()]
    return found


def code_part(line: str) -> str:
    """A line without its trailing comment (the source's ``# BLANK(...)`` marker, the release's TODO)."""
    return line.split("  #", 1)[0].rstrip()


def fill_blanks(nb, assignment: str) -> int:
    """Put the source's answer into every blanked code line of nb; returns how many lines were filled."""
    filled, references = 0, reference_lines(assignment)
    for cell in nb.cells:
        pairs = references.get(_grade_id(cell), [])
        if cell.cell_type != "code":
            continue
        lines = cell.source.splitlines()
        for released, answer in pairs:
            if BLANK in released and released in lines:
                comment = released[len(code_part(released)) :]
                lines[lines.index(released)] = code_part(answer) + comment
                filled += 1
        cell.source = "\n".join(lines)
    return filled


def hand_out(assignment: str, dest: Path, extra_cells: list[str] = ()) -> Path:
    """Copy release/<assignment>/ alone into dest, fill it, append extra cells and the probe."""
    folder = Path(dest) / assignment
    shutil.copytree(REPO_ROOT / "release" / assignment, folder)
    path = folder / f"{assignment}.ipynb"
    nb = nbformat.read(path, as_version=4)
    if fill_blanks(nb, assignment) == 0:
        raise ValueError(f"{assignment}: no blank of the release could be filled from the source")
    nb.cells += [nbformat.v4.new_code_cell(code) for code in [*extra_cells, PROBE]]
    nbformat.write(nb, path)
    return path


def run(path: Path, python: str, env: dict | None = None, timeout: int = 600) -> dict:
    """Execute the notebook with the student's interpreter from its own folder; the per-cell report."""
    runner = Path(path).parent / ".run_notebook.py"
    runner.write_text(RUNNER, encoding="utf-8")
    done = subprocess.run(
        [python, str(runner), str(path), str(timeout)],
        cwd=Path(path).parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout + 60,
    )
    runner.unlink()
    if done.returncode != 0:
        raise RuntimeError(f"the notebook run failed to start or finish:\n{done.stderr[-3000:]}")
    return report(nbformat.read(path, as_version=4))


def report(nb) -> dict:
    """Per code cell: ok or the error's name and value; the probe's findings; every printed line."""
    cells, probe, text = [], {}, []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        errors = [o for o in cell.outputs if o.output_type == "error"]
        status = f"{errors[0].ename}: {errors[0].evalue}"[:300] if errors else "ok"
        timing = cell.metadata.get("execution", {})
        seconds = _seconds(timing.get("iopub.execute_input"), timing.get("shell.execute_reply"))
        cells.append({"index": index, "grade_id": _grade_id(cell), "status": status, "seconds": seconds})
        for output in cell.outputs:
            text.append(output.get("text", "") if output.output_type == "stream" else "")
            if output.output_type == "stream" and output.text.startswith("PROBE "):
                probe = json.loads(output.text[len("PROBE ") :])
    return {"cells": cells, "probe": probe, "output": "".join(text)}


def _seconds(start: str | None, end: str | None) -> float | None:
    from datetime import datetime

    if not (start and end):
        return None
    parse = lambda text: datetime.fromisoformat(text.replace("Z", "+00:00"))
    return round((parse(end) - parse(start)).total_seconds(), 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("assignment")
    parser.add_argument("out", type=Path)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--cell", action="append", default=[], help="code appended before the probe")
    args = parser.parse_args(argv)
    path = hand_out(args.assignment, args.out, args.cell)
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    result = run(path, args.python, env)
    (path.parent / "report.json").write_text(json.dumps(result, ensure_ascii=False, indent=1), "utf-8")
    failed = [cell for cell in result["cells"] if cell["status"] != "ok"]
    print(json.dumps({"failed": failed, "probe": result["probe"]}, ensure_ascii=False, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
