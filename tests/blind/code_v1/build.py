"""Rebuild the blind code-grading suite from the current release notebook.

    /work/main/.venv/bin/python tests/blind/code_v1/build.py

Deletes ``submissions/`` and writes, for every case of ``cases.CASES``,
``submissions/<student>/lesson05-row-sum/lesson05-row-sum.ipynb`` (executed with nbclient
when the case says the student ran it), its extra files and symlinks, then ``labels.json``
and the case table of ``README.md``. Executions run one after another.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE))

from cases import ASSIGNMENT, CASES, find  # noqa: E402 - found through sys.path above

RELEASE_DIR = ROOT / "release" / ASSIGNMENT
RELEASE_NB = RELEASE_DIR / f"{ASSIGNMENT}.ipynb"
SUBMISSIONS = HERE / "submissions"
LABELS = HERE / "labels.json"
README = HERE / "README.md"
VENV_READY = ROOT / ".venv" / ".installed"
CELL_TIMEOUT = 120
TABLE_START = "<!-- cases:start -->"
TABLE_END = "<!-- cases:end -->"


def wait_for_venv(limit_s: int = 3600) -> None:
    """Block until the course venv reports that it is installed."""
    deadline = time.monotonic() + limit_s
    while not VENV_READY.exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"{VENV_READY} did not appear within {limit_s} s")
        time.sleep(5)


def kernel_environment() -> None:
    """The environment a student's kernel inherits: interpreter backend, repo on PYTHONPATH."""
    os.environ["COURSE_BACKEND"] = "interpret"
    os.environ["PYTHONPATH"] = str(ROOT)
    os.environ["PATH"] = f"{ROOT / '.venv' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"
    for name in ("TRITON_INTERPRET", "MPLBACKEND"):
        os.environ.pop(name, None)


class Session:
    """One live kernel on one notebook; cases' session functions drive it."""

    def __init__(self, client: NotebookClient, nb: nbformat.NotebookNode):
        self.client = client
        self.nb = nb

    def run(self, *refs: str | int) -> None:
        """Execute the named cells, in the order given."""
        for ref in refs:
            index = find(self.nb, ref)
            cell = self.nb.cells[index]
            if cell.cell_type == "code":
                self.client.execute_cell(cell, index)

    def run_all(self) -> None:
        """Execute every code cell top to bottom."""
        self.run(*range(len(self.nb.cells)))


def execute(nb: nbformat.NotebookNode, session) -> None:
    """Run a student's session in a scratch copy of the release folder (so img/ resolves)."""
    with tempfile.TemporaryDirectory(prefix="blind-code-v1-") as scratch:
        workdir = Path(scratch) / ASSIGNMENT
        shutil.copytree(RELEASE_DIR, workdir)
        client = NotebookClient(
            nb,
            timeout=CELL_TIMEOUT,
            kernel_name="python3",
            allow_errors=True,
            record_timing=False,
            resources={"metadata": {"path": str(workdir)}},
        )
        with client.setup_kernel():
            reply = client.wait_for_reply(client.kc.kernel_info())
            if reply and "language_info" in reply["content"]:
                nb.metadata["language_info"] = reply["content"]["language_info"]
            (session or Session.run_all)(Session(client, nb))


def write_notebook(nb: nbformat.NotebookNode, path: Path, crlf: bool = False) -> None:
    """Save a notebook as Jupyter does (optionally with Windows line endings)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = nbformat.writes(nb)
    if not text.endswith("\n"):
        text += "\n"
    if crlf:
        text = text.replace("\n", "\r\n")
    path.write_bytes(text.encode("utf-8"))


def assignment_dir(case: dict) -> Path:
    """submissions/<student>/lesson05-row-sum."""
    return SUBMISSIONS / case["student"] / ASSIGNMENT


def notebook_path(case: dict) -> Path:
    """Where the graded notebook of a case lies."""
    return assignment_dir(case) / f"{ASSIGNMENT}.ipynb"


def build_case(case: dict, release: nbformat.NotebookNode) -> None:
    """Write one student's hand-in (notebook and extra files); symlinks come later."""
    student_dir = SUBMISSIONS / case["student"]
    student_dir.mkdir(parents=True, exist_ok=True)
    if case["symlink"]:
        return
    nb = case["mutate"](copy.deepcopy(release))
    if case["executed"]:
        execute(nb, case["session"])
    write_notebook(nb, notebook_path(case), crlf=case["crlf_file"])
    for relative, content in case["extra_files"].items():
        target = assignment_dir(case) / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if callable(content):
            write_notebook(content(copy.deepcopy(release)), target)
        else:
            target.write_text(content + "\n", encoding="utf-8")


def make_symlink(case: dict) -> None:
    """Create a case's relative symlink inside its student folder."""
    link = SUBMISSIONS / case["student"] / case["symlink"]["path"]
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(case["symlink"]["target"])


def labels(cases: list[dict]) -> list[dict]:
    """The case list without its functions, with the notebook path relative to the repository."""
    return [
        {
            "id": case["id"],
            "category": case["category"],
            "description": case["description"],
            "expect": case["expect"],
            "executed": case["executed"],
            "student": case["student"],
            "path": str(notebook_path(case).relative_to(ROOT)),
        }
        for case in cases
    ]


def table(cases: list[dict]) -> str:
    """The README's markdown table of cases."""
    rows = ["| id | category | expect.code | expect.flag | description |", "| --- | --- | --- | --- | --- |"]
    for case in cases:
        expect = case["expect"]
        extras = [key for key in expect if key not in ("code", "flag")]
        description = case["description"].replace("|", "\\|")
        if extras:
            description += " *(checks: " + ", ".join(extras) + ")*"
        rows.append(
            f"| `{case['id']}` | {case['category']} | {expect['code']} | {expect['flag']} | {description} |"
        )
    return "\n".join(rows)


def update_readme(cases: list[dict]) -> None:
    """Replace the table between the README's markers."""
    text = README.read_text(encoding="utf-8")
    head, rest = text.split(TABLE_START, 1)
    _, tail = rest.split(TABLE_END, 1)
    README.write_text(f"{head}{TABLE_START}\n{table(cases)}\n{TABLE_END}{tail}", encoding="utf-8")


def main(only: list[str]) -> None:
    """Build every case; with ids given (a debugging aid), rebuild just those, keeping the rest."""
    wait_for_venv()
    kernel_environment()
    started = time.monotonic()
    release = nbformat.read(RELEASE_NB, as_version=4)
    chosen = [case for case in CASES if not only or case["id"] in only]
    if not only and SUBMISSIONS.exists():
        shutil.rmtree(SUBMISSIONS)
    SUBMISSIONS.mkdir(exist_ok=True)
    for number, case in enumerate(chosen, 1):
        t0 = time.monotonic()
        build_case(case, release)
        mark = "ran " if case["executed"] else "    "
        print(f"[{number:3d}/{len(chosen)}] {mark}{time.monotonic() - t0:5.1f}s {case['id']!a}", flush=True)
    if only:
        return
    for case in CASES:
        if case["symlink"]:
            make_symlink(case)
    LABELS.write_text(json.dumps(labels(CASES), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    update_readme(CASES)
    print(
        f"{len(CASES)} cases, {sum(c['executed'] for c in CASES)} executed, {time.monotonic() - started:.0f} s"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
