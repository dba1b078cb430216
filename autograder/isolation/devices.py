"""One GPU per worker: on a machine with several GPUs, each grading worker's children see only its own.

Workers are the batch's threads; a worker takes an index when it starts and keeps
it, and every sandboxed child it starts for the CUDA backend gets
``CUDA_VISIBLE_DEVICES`` set to one GPU, chosen round-robin by that index from the
GPUs the grader itself may use. With one GPU (or none) nothing is changed.
"""

from __future__ import annotations

import itertools
import os
import threading

_local = threading.local()


def visible_gpus(count: int | None = None) -> list[str]:
    """The GPUs this grader may use, as CUDA_VISIBLE_DEVICES names them (ids or UUIDs), else 0..count-1."""
    listed = os.environ.get("CUDA_VISIBLE_DEVICES")
    if listed is not None:
        return [gpu.strip() for gpu in listed.split(",") if gpu.strip()]
    if count is None:
        import torch

        count = torch.cuda.device_count() if torch.cuda.is_available() else 0
    return [str(index) for index in range(count)]


def gpu_for_worker(index: int, gpus: list[str]) -> str | None:
    """Worker ``index``'s GPU; None (leave the environment alone) unless there are several to share."""
    return gpus[index % len(gpus)] if len(gpus) > 1 else None


def worker_initializer(gpus: list[str]):
    """A ThreadPoolExecutor initializer: each new worker thread takes the next index and its GPU."""
    counter, lock = itertools.count(), threading.Lock()

    def start() -> None:
        with lock:
            index = next(counter)
        _local.gpu = gpu_for_worker(index, gpus)

    return start


def pinned_env(env: dict) -> dict:
    """``env`` for a CUDA child started by the current worker: its one GPU, when it has been given one."""
    gpu = getattr(_local, "gpu", None)
    return env | {"CUDA_VISIBLE_DEVICES": gpu} if gpu is not None else env
