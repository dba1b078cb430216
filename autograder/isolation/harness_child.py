"""The child side of the harness: run the filled template on the inputs and save the outputs.

Runs in a fresh process (an unmasked store under the interpreter can corrupt
memory and abort the process). Prints a phase line before each step so the parent
can tell a compile that never ended from a run that never ended.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path


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
    for index, (name, buffer, n_cols) in enumerate(payload["cases"]):
        print(f"phase: {'compile' if index == 0 else 'run'} {name}", flush=True)
        try:
            result = entry(buffer.to(device)[:, :n_cols])
            outputs[name] = result.detach().to("cpu")
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
