"""Import a lesson's kernels from a file: the one way the benchmark scripts load filled-in lesson code.

Not exec(): @triton.jit reads each kernel's source with inspect, which finds no source for code
compiled from a string ("@jit functions should be defined in a Python file" on a GPU). Keep
workdir until the kernels have run: the interpreter reads the file again at the first call.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


def import_code(code: str, workdir: Path, name: str) -> ModuleType:
    """``code`` written to ``workdir/<name>.py`` and imported as the module ``name``."""
    path = Path(workdir) / f"{name}.py"
    path.write_text(code, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
