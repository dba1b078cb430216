"""The child side of the harness: run the filled template on the inputs and save the outputs.

Runs in a fresh process (an unmasked store under the interpreter can corrupt
memory and abort the process). Needs only torch and triton: the arguments arrive as
plain tuples (a strided view is its NaN-filled storage, size, stride and offset) and
the outputs leave as tensors, a list of tensors, or an error message. Prints a phase line before each step so the parent
can tell a compile that never ended from a run that never ended.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path


def _argument(packed: tuple, device: str):
    import torch

    kind = packed[0]
    if kind == "strided":  # rebuilt on the device, so a load past the view reads the storage's NaN
        _, storage, size, stride, offset = packed
        return torch.as_strided(storage.to(device), size, stride, offset)
    return packed[1].to(device) if kind == "tensor" else packed[1]


def _keep(result):
    """The output(s) on the CPU; anything but tensors is the case's error message."""
    import torch

    many = isinstance(result, (tuple, list))
    values = list(result) if many else [result]
    bad = [type(v).__name__ for v in values if not isinstance(v, torch.Tensor)]
    if bad:
        return f"returned {bad[0]}, not a tensor"
    values = [v.detach().to("cpu") for v in values]
    return values if many else values[0]


def main(workdir: str) -> int:
    from course import runtime

    backend = runtime.select()  # COURSE_BACKEND is set by the parent
    import torch

    work = Path(workdir)
    payload = torch.load(work / "inputs.pt", weights_only=True)
    print("phase: import", flush=True)
    # triton.jit reads the kernel's source through inspect, so the template must be a real file
    spec = importlib.util.spec_from_file_location("exercise", work / "exercise.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    entry = getattr(module, payload["entry"])
    device = runtime.device()
    outputs = {}
    for index, (name, args) in enumerate(payload["cases"]):
        print(f"phase: {'compile' if index == 0 else 'run'} {name}", flush=True)
        try:
            outputs[name] = _keep(entry(*[_argument(arg, device) for arg in args]))
        except Exception as error:  # a failing case is a verdict for that case, not a crash
            outputs[name] = f"{type(error).__name__}: {str(error)[:300]}"
        if backend == "cuda":
            torch.cuda.synchronize()
        torch.save(outputs, work / "outputs.tmp")  # after each case, so a run stopped by a limit keeps
        os.replace(work / "outputs.tmp", work / "outputs.pt")  # what finished (never half a file)
    print("phase: done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
