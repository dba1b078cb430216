"""The one device switch of the course.

Triton's interpreter (``TRITON_INTERPRET=1``) must be chosen before ``triton`` is
first imported: ``tl.sum`` and ``tl.max`` are jitted when triton loads, so a flag
set later breaks every reduction. Notebooks, lesson scripts, tests and the grader
therefore all call :func:`select` first and import triton after it.
"""

from __future__ import annotations

import os
import sys

BACKENDS = ("auto", "cuda", "interpret")
BACKEND_ENV = "COURSE_BACKEND"  # lets an instructor or CI force a backend without editing notebooks
DESCRIPTIONS = {
    "cuda": "CUDA GPU，Triton JIT 编译执行",
    "interpret": "CPU，Triton 解释器 (TRITON_INTERPRET=1)",
}

_selected: str | None = None


class BackendError(RuntimeError):
    """A backend that cannot run here, or one chosen too late."""


def cuda_available() -> bool:
    # importing torch does not import triton, so this is safe before the switch
    import torch

    return torch.cuda.is_available()


def resolve(requested: str | None = None) -> str:
    """Turn 'auto' / 'cuda' / 'interpret' (or $COURSE_BACKEND) into the backend that will run."""
    requested = requested or os.environ.get(BACKEND_ENV) or "auto"
    if requested not in BACKENDS:
        raise BackendError(f"unknown backend {requested!r}; choose one of {', '.join(BACKENDS)}")
    if requested == "auto":
        return "cuda" if cuda_available() else "interpret"
    if requested == "cuda" and not cuda_available():
        raise BackendError("backend 'cuda' was asked for, but torch sees no CUDA GPU here")
    return requested


def _interpreting_now() -> bool:
    return os.environ.get("TRITON_INTERPRET", "0") not in ("", "0")


def select(requested: str | None = None) -> str:
    """Choose the backend and set TRITON_INTERPRET accordingly; call before ``import triton``."""
    global _selected
    backend = resolve(requested)
    interpret = backend == "interpret"
    if "triton" in sys.modules and _interpreting_now() != interpret:
        raise BackendError(
            "triton was imported before the backend was chosen; restart the kernel "
            "(Jupyter: Kernel > Restart) and run the setup cell first"
        )
    if interpret:
        os.environ["TRITON_INTERPRET"] = "1"
    else:
        os.environ.pop("TRITON_INTERPRET", None)
    os.environ[BACKEND_ENV] = backend  # child processes (nbgrader kernels, the harness) inherit it
    _selected = backend
    return backend


def selected() -> str:
    """The backend chosen by :func:`select` in this process."""
    if _selected is None:
        raise BackendError("no backend selected yet: call course.runtime.select() first")
    return _selected


def device() -> str:
    """The torch device that kernels of the selected backend read and write."""
    return "cuda" if selected() == "cuda" else "cpu"


def describe() -> str:
    """One line naming what really runs, for run records and reports."""
    backend = selected()
    text = f"{backend} ({DESCRIPTIONS[backend]})"
    if backend == "cuda":
        import torch

        text += f", {torch.cuda.get_device_name(0)}"
    return text
