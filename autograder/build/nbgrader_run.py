"""Calling nbgrader: one place that knows its command line, its config and its quirks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from autograder.lesson.registry import REPO_ROOT

CONFIG = REPO_ROOT / "nbgrader_config.py"


class NbgraderError(RuntimeError):
    """nbgrader failed, or ran with a config it could not load."""


def nbgrader_env() -> dict:
    env = dict(os.environ)
    # nbgrader shells out to `alembic`, which lives beside this interpreter, maybe not on PATH
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    env.setdefault("PYTHONWARNINGS", "ignore")
    return env


def write_config(cwd: Path) -> None:
    """nbgrader reads nbgrader_config.py from its working directory (a --config flag is silently ignored)."""
    loader = f'load_subconfig("grader_config.py", path={str(REPO_ROOT)!r})  # noqa: F821\n'
    (Path(cwd) / "nbgrader_config.py").write_text(loader, encoding="utf-8")


def run_nbgrader(args: list[str], course_root: Path, db: Path, cwd: Path, check: bool = True, **kwargs):
    """Run one nbgrader command on a course folder; a config that fails to load is an error, not a log line."""
    write_config(cwd)
    cmd = [
        sys.executable, "-m", "nbgrader", *args,
        f"--CourseDirectory.root={course_root}", f"--CourseDirectory.db_url=sqlite:///{db}",
    ]  # fmt: skip
    done = subprocess.run(
        cmd, cwd=cwd, env=kwargs.pop("env", nbgrader_env()), capture_output=True, text=True, **kwargs
    )
    if "Exception while loading config file" in done.stderr:
        raise NbgraderError(f"nbgrader could not load {CONFIG}:\n{done.stderr[-2000:]}")
    if check and done.returncode != 0:
        raise NbgraderError(f"nbgrader {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return done
