"""What the private root of a sandboxed run shows: the system, the interpreter, the course's code.

Everything else of the machine is absent: the grading folder (grades, batch.json
and its seed), the submissions folder, other students' scratch folders, the
repository's source/ and release/ notebooks, .git, and anything in /tmp or /root.
Inside course/, the files that would hand a student the answers or the scoring
read as empty. An allowlist rather than a denylist: a grading folder anywhere on
the machine stays hidden without the sandbox having to know where it is.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from autograder.isolation.jail import TRITON_SEED_ENV
from autograder.lesson.registry import REPO_ROOT

# The private root shows the repository only through these: the course's code and public results.
REPO_VISIBLE = ["autograder", "course", "grader_config.py", "nbgrader_config.py", "benchmarks/results"]
# Inside course/, what would hand a student the answers or the scoring: read as empty files.
REPO_SECRETS = [
    "course/lessons/*/lesson.py",
    "course/lessons/*/rubric.yaml",
    "course/lessons/course-rubric.yaml",  # the course-wide misconceptions the rubrics share
    "course/lessons/*/calibration*.yaml",  # calibration.yaml and the parts it names
    "course/lessons/*/spec.py",  # the hidden inputs: no longer needed in any sandbox since hidden tests left the kernel
]
SYSTEM = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"]


def _python_paths(env: dict, covered: list[Path], writable: list[Path]) -> list[Path]:
    """The interpreter, its standard library and site-packages, wherever they live (/root/.pyenv, a venv...)."""
    venv = Path(sys.prefix).resolve()
    candidates = [
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        os.path.dirname(os.path.dirname(os.path.realpath(sys.executable))),
    ]
    found: list[Path] = []
    # a script's folder or the working directory may be on sys.path: never let it expose / or /tmp
    places = [REPO_ROOT, Path.cwd(), Path(tempfile.gettempdir()), Path.home(), *writable]
    protected = {parent for place in places for parent in [place.resolve(), *place.resolve().parents]}
    for path in candidates + sys.path + env.get("PYTHONPATH", "").split(os.pathsep):
        if not path or not os.path.isabs(path) or not os.path.exists(path):
            continue
        real = Path(path).resolve()
        if any(real == c or c in real.parents for c in covered + found) or real in protected:
            continue
        in_repo = real == REPO_ROOT or REPO_ROOT in real.parents
        if in_repo and not (real == venv or venv in real.parents):
            continue  # the repository is shown only through REPO_VISIBLE
        found.append(real)
    return found


def view_entries(writable: list[Path], env: dict) -> list[list[str]]:
    """What the private root holds: (path, kind) with kind ro | rw | dev | tmpfs | proc | mask."""
    entries = [[path, "ro"] for path in SYSTEM if os.path.lexists(path)]
    entries += [["/dev", "dev"], ["/sys", "ro"], ["/proc", "proc"], ["/tmp", "tmpfs"], ["/dev/shm", "tmpfs"]]
    entries += [[str(path), "ro"] for path in _python_paths(env, [Path(path) for path in SYSTEM], writable)]
    entries += [[str(REPO_ROOT / name), "ro"] for name in REPO_VISIBLE if (REPO_ROOT / name).exists()]
    entries += [[str(path), "mask"] for pattern in REPO_SECRETS for path in REPO_ROOT.glob(pattern)]
    seed = env.get(TRITON_SEED_ENV)  # the batch's warm Triton cache, copied in by the jail
    entries += [[seed, "ro"]] if seed and os.path.isdir(seed) else []
    return entries + [[str(path), "rw"] for path in writable]
