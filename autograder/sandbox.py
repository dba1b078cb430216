"""Run untrusted work in a child process with limits, and leave nothing of it behind.

Limits come from grader_config.py. Each child gets its own session, CPU time,
memory, file size and open-file limits, and where the machine allows it (root
with cgroup v1 ``pids``) a pids cgroup, so a fork storm stops at a bound even
as root, where RLIMIT_NPROC does not bind; and its own empty network namespace.
When the child returns, every process left in its cgroup or session is killed.
"""

from __future__ import annotations

import ctypes
import fcntl
import os
import resource
import signal
import socket
import struct
import subprocess
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

PIDS_ROOT = Path("/sys/fs/cgroup/pids")
CLONE_NEWNET = 0x40000000
SIOCSIFFLAGS = 0x8914
IFF_UP, IFF_LOOPBACK, IFF_RUNNING = 0x1, 0x8, 0x40


@dataclass(frozen=True)
class Limits:
    wall_s: float = 120.0  # wall time of the whole child
    cpu_s: int = 300  # CPU seconds (RLIMIT_CPU)
    memory_mb: int = 4096  # address space (RLIMIT_AS); not applied on CUDA, whose driver maps far more
    output_bytes: int = 1_000_000  # what is kept of stdout+stderr, and the largest file it may write x 64
    processes: int = 64  # pids in its cgroup (root) or RLIMIT_NPROC (other users)
    network: bool = False  # False: an empty network namespace where the machine allows it


@dataclass
class SandboxResult:
    returncode: int | None
    timed_out: bool
    output: str  # stdout and stderr, cut to output_bytes
    output_truncated: bool
    duration_s: float
    isolation: list[str]  # which limits really applied here, for the report


def _pids_cgroup(limit: int) -> Path | None:
    if os.geteuid() != 0 or not PIDS_ROOT.is_dir():
        return None
    group = PIDS_ROOT / f"course-grader-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    try:
        group.mkdir()
        (group / "pids.max").write_text(str(limit))
    except OSError:
        return None
    return group


def _unshare_network() -> bool:
    """An empty network namespace, with loopback up so a Jupyter kernel can still talk to nbgrader."""
    try:
        if ctypes.CDLL(None, use_errno=True).unshare(CLONE_NEWNET) != 0:
            return False
    except (OSError, AttributeError):
        return False
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        request = struct.pack("16sH14x", b"lo", IFF_UP | IFF_LOOPBACK | IFF_RUNNING)
        fcntl.ioctl(sock.fileno(), SIOCSIFFLAGS, request)
    return True


def _preexec(limits: Limits, group: Path | None, cuda: bool):
    def apply() -> None:
        if group is not None:
            (group / "cgroup.procs").write_text(str(os.getpid()))
        elif os.geteuid() != 0:
            resource.setrlimit(resource.RLIMIT_NPROC, (limits.processes, limits.processes))
        resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_s, limits.cpu_s + 5))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limits.output_bytes * 64,) * 2)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if not cuda:
            memory = limits.memory_mb * 2**20
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        if not limits.network:
            _unshare_network()

    return apply


def _kill_all(process: subprocess.Popen, group: Path | None) -> None:
    for _ in range(3):
        pids = [process.pid]
        if group is not None:
            pids += [int(p) for p in (group / "cgroup.procs").read_text().split()]
        for pid in pids:
            for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
                try:
                    kill()
                except (ProcessLookupError, PermissionError):
                    pass
        if group is None or not (group / "cgroup.procs").read_text().strip():
            return
        time.sleep(0.05)


def _read_capped(path: Path, limit: int) -> tuple[str, bool]:
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    return data[:limit].decode("utf-8", "replace"), len(data) > limit


def run_limited(cmd: list[str], cwd: Path, env: dict, limits: Limits, cuda: bool = False) -> SandboxResult:
    """Run ``cmd`` under ``limits``; never raises for what the child does."""
    group = _pids_cgroup(limits.processes)
    log = Path(cwd) / ".sandbox-output"
    started = time.monotonic()
    timed_out = False
    with open(log, "wb") as out:
        process = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True, preexec_fn=_preexec(limits, group, cuda),
        )  # fmt: skip
        try:
            process.wait(timeout=limits.wall_s)
        except subprocess.TimeoutExpired:
            timed_out = True
        _kill_all(process, group)
        process.wait()
    output, truncated = _read_capped(log, limits.output_bytes)
    log.unlink(missing_ok=True)
    if group is not None:
        _remove_group(group)
    isolation = ["session", "rlimits"] + (["pids-cgroup"] if group else ["nproc-rlimit"])
    code = None if timed_out else process.returncode
    return SandboxResult(code, timed_out, output, truncated, time.monotonic() - started, isolation)


def _remove_group(group: Path) -> None:
    for _ in range(20):
        try:
            group.rmdir()
            return
        except OSError:
            time.sleep(0.05)
