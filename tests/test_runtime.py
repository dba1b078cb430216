"""course/runtime.py: the one device switch."""

import subprocess
import sys

import pytest

from course import runtime


def _python(code: str, **env) -> subprocess.CompletedProcess:
    import os

    environ = {k: v for k, v in os.environ.items() if not k.startswith(("TRITON_", "COURSE_"))} | env
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environ)


def test_select_sets_interpreter_before_triton_is_imported():
    """Does select() turn the interpreter on before triton loads, so that tl.sum works on the CPU?"""
    code = (
        "import sys; from course import runtime; b = runtime.select('interpret');"
        "assert 'triton' not in sys.modules; import os; assert os.environ['TRITON_INTERPRET'] == '1';"
        "import torch, triton, triton.language as tl\n"
        "@triton.jit\ndef k(x, o, B: tl.constexpr):\n    tl.store(o, tl.sum(tl.load(x + tl.arange(0, B)), axis=0))\n"
        "x = torch.ones(8); o = torch.empty(1); k[(1,)](x, o, B=8); print(b, o.item())"
    )
    done = _python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["interpret", "8.0"]


def test_select_after_triton_import_is_a_clear_error():
    """Does choosing the interpreter after `import triton` fail with advice to restart, not a cryptic error?"""
    done = _python("import triton; from course import runtime; runtime.select('interpret')")
    assert done.returncode != 0
    assert "restart the kernel" in done.stderr


def test_unknown_backend_is_refused():
    """Does a misspelt backend name get an error naming the valid ones?"""
    with pytest.raises(runtime.BackendError, match="auto, cuda, interpret"):
        runtime.resolve("gpu")


def test_cuda_without_gpu_is_refused(monkeypatch):
    """Does asking for cuda on a machine without a GPU say so instead of failing at the first launch?"""
    monkeypatch.setattr(runtime, "cuda_available", lambda: False)
    with pytest.raises(runtime.BackendError, match="no CUDA GPU"):
        runtime.resolve("cuda")
    assert runtime.resolve("auto") == "interpret"


def test_environment_variable_forces_a_backend(monkeypatch):
    """Can an instructor force the backend with COURSE_BACKEND, without editing notebooks?"""
    monkeypatch.setenv(runtime.BACKEND_ENV, "interpret")
    assert runtime.resolve() == "interpret"
