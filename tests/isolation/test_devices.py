"""autograder/isolation/devices.py: with several GPUs, each grading worker's children see only its own."""

from __future__ import annotations

import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from autograder.isolation import devices
from autograder.isolation.sandbox import Limits, run_limited


def test_workers_take_gpus_round_robin():
    """Do workers 0..3 on two GPUs get 0, 1, 0, 1, and is nothing pinned with one GPU or none?"""
    assert [devices.gpu_for_worker(i, ["0", "1"]) for i in range(4)] == ["0", "1", "0", "1"]
    assert devices.gpu_for_worker(3, ["0"]) is None and devices.gpu_for_worker(0, []) is None


def test_the_gpus_are_those_the_grader_was_given(monkeypatch):
    """Does a grader started with CUDA_VISIBLE_DEVICES=2,3 share GPUs 2 and 3 only (and none when it is empty)?"""
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "2, 3")
    assert devices.visible_gpus() == ["2", "3"]
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")
    assert devices.visible_gpus() == []
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES")
    assert devices.visible_gpus(count=2) == ["0", "1"]


def _seen_by_child(tmp_path, index: int) -> str:
    work = tmp_path / f"w{index}"
    work.mkdir()
    code = "import os; print(os.environ.get('CUDA_VISIBLE_DEVICES', '-'))"
    result = run_limited([sys.executable, "-c", code], work, dict(os.environ), Limits(wall_s=60), cuda=True)
    return result.output.strip().splitlines()[-1]


def test_each_workers_cuda_child_sees_its_own_gpu(tmp_path, monkeypatch):
    """Do two workers of a pool over GPUs 4 and 5 start sandboxed CUDA children that see 4 and 5 apart?"""
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    barrier = threading.Barrier(2)  # both workers exist before either runs its child

    def work(index: int) -> str:
        barrier.wait()
        return _seen_by_child(tmp_path, index)

    with ThreadPoolExecutor(max_workers=2, initializer=devices.worker_initializer(["4", "5"])) as pool:
        seen = sorted(pool.map(work, range(2)))
    assert seen == ["4", "5"]


def test_a_child_outside_any_worker_is_left_alone(tmp_path, monkeypatch):
    """Is the environment of a CUDA child started outside a pinned worker (one GPU) unchanged?"""
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "7")
    assert _seen_by_child(tmp_path, 0) == "7"
