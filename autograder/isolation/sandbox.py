"""Run untrusted work in a child process with limits, and leave nothing of it behind.

Limits come from grader_config.py. Every child runs in its own session, under
rlimits (CPU, address space, file size, no core files) and, where the machine
allows it (root, cgroup v1 or v2), in cgroups that bound its processes and its
memory together (autograder/isolation/cgroups.py). As root it also gets, through
autograder/isolation/jail.py, a private root: new mount, network (loopback only), IPC and
UTS namespaces, /proc that hides other users' processes, and only the files the
run needs (autograder/integrity/view.py); with ``jail="user"`` it then becomes a fresh
unprivileged uid. When
the child returns, every process it left is killed. ``SandboxResult.isolation``
says which of these really applied, for the grade.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from autograder.integrity.view import view_entries
from autograder.isolation import cgroups, devices
from autograder.isolation.jail import SETUP_FAILED
from autograder.lesson.registry import REPO_ROOT

POLL_S = 0.05


@dataclass(frozen=True)
class Limits:
    wall_s: float = 120.0  # wall time of the whole child
    cpu_s: int = 300  # CPU seconds (RLIMIT_CPU), per process
    memory_mb: int = 4096  # all processes together (memory cgroup) and each one (RLIMIT_AS; not on CUDA)
    output_bytes: int = 1_000_000  # what is kept of stdout+stderr; a file it writes may be 64x this
    processes: int = 64  # pids in its cgroup (root) or RLIMIT_NPROC (other users)
    network: bool = False  # False: an empty network namespace where the machine allows it
    compile_s: float | None = None  # phase limit: start-up, import and first launch (where Triton compiles)
    run_s: float | None = None  # phase limit: the launches after the first


@dataclass
class SandboxResult:
    returncode: int | None
    timed_out: bool  # a wall-time limit (whole run or one phase) stopped it
    output: str  # stdout and stderr, cut to output_bytes
    output_truncated: bool
    duration_s: float
    isolation: list[str]  # which protections really applied here, for the report
    limit: str = ""  # the limit that stopped the run: wall_s, compile_s, run_s, cpu_s...; "" if none
    reason: str = ""  # why it stopped early, in words for the student and the TA
    events: list[str] = field(default_factory=list)  # limits it ran into (refused forks, killed processes)
    phase: str = ""  # the last ``phase:`` line the child printed


def fresh_uid() -> int:
    """An unused uid for one run: concurrent runs never share one, so they cannot signal or trace each other."""
    return 200_000 + secrets.randbelow(800_000)


def _spec(
    limits: Limits, groups, cwd: Path, env: dict, jail: str, mountpoint: str | None, cuda: bool
) -> dict:
    rlimits = {
        "CPU": [limits.cpu_s, limits.cpu_s + 5],
        "FSIZE": [limits.output_bytes * 64] * 2,
        "CORE": [0, 0],
    }
    if not cuda:  # the CUDA driver maps far more address space than it uses; the memory cgroup still binds
        rlimits["AS"] = [limits.memory_mb * 2**20] * 2
    if groups is None and os.geteuid() != 0:
        rlimits["NPROC"] = [limits.processes] * 2
    spec = {
        "cgroups": groups.procs_files() if groups else [],
        "rlimits": rlimits,
        "cwd": str(cwd),
        "parent": os.getpid(),
    }
    if mountpoint:
        spec |= {"root": mountpoint, "entries": view_entries([cwd], env), "network": limits.network}
        spec |= {"tmpfs_mb": max(64, min(512, limits.memory_mb // 4))}
        spec["uid"] = fresh_uid() if jail == "user" else None
    return spec


@cache
def jail_support() -> str:
    """Empty when this machine can build the private root and drop to a fresh uid, else why it cannot."""
    if os.geteuid() != 0:
        return "not root: no private root, the child runs as the grader's own user"
    probe = Path(tempfile.mkdtemp(prefix=cgroups.owner_tag() + "probe-"))
    check = "import os, sys; sys.exit(os.getuid() == 0 or os.path.exists(sys.argv[1]))"
    cmd = [sys.executable, "-c", check, str(REPO_ROOT / "source")]
    try:
        result = _run(cmd, probe, dict(os.environ), Limits(wall_s=60), False, "user")
    finally:
        shutil.rmtree(probe, ignore_errors=True)
    return "" if result.returncode == 0 else f"private root unavailable: {result.output.strip()[-300:]}"


def run_limited(cmd: list[str], cwd: Path, env: dict, limits: Limits, cuda: bool = False, jail: str = "user"):
    """Run ``cmd`` under ``limits``; never raises for what the child does.

    jail: "user" (private root, fresh unprivileged uid), "root" (private root, stays root: nbgrader,
    which puts its kernel in a jail of its own) or "none".
    """
    if jail != "none" and jail_support():
        result = _run(cmd, cwd, env, limits, cuda, "none")
        result.isolation.append(f"no-private-root ({jail_support()})")
        return result
    return _run(cmd, cwd, env, limits, cuda, jail)


def _run(cmd, cwd: Path, env: dict, limits: Limits, cuda: bool, jail: str) -> SandboxResult:
    cwd = Path(cwd)
    groups = cgroups.create(limits.processes, limits.memory_mb)
    mountpoint = tempfile.mkdtemp(prefix=cgroups.owner_tag() + "root-") if jail != "none" else None
    spec = _spec(limits, groups, cwd, env, jail, mountpoint, cuda)
    if spec.get("uid") is not None:
        os.chown(cwd, spec["uid"], spec["uid"])  # its only writable folder on disk
    launcher = [sys.executable, "-m", "autograder.isolation.jail", "run", json.dumps(spec), "--", *cmd]
    env = devices.pinned_env(env) if cuda else env  # several GPUs: this worker's own
    env = env | {"PYTHONPATH": os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))}
    started = time.monotonic()
    with open(Path(cwd) / ".sandbox-output", "w+b") as log:
        process = subprocess.Popen(
            launcher, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        limit, phase = _watch(process, log, limits, started)
        _kill_all(process, groups)
        process.wait()
        output, truncated = _read_capped(log, limits.output_bytes)
    Path(cwd, ".sandbox-output").unlink(missing_ok=True)
    events = groups.events() if groups else []
    if groups is not None:
        groups.remove()
    if mountpoint:
        os.rmdir(mountpoint)
    result = SandboxResult(process.returncode, bool(limit), output, truncated, time.monotonic() - started, [])
    result.isolation = _isolation(spec, groups, limits)
    result.events, result.phase = events, phase
    result.limit, result.reason = _why(result, limit, limits, groups)
    if limit:
        result.returncode = None
    return result


def _watch(process: subprocess.Popen, log, limits: Limits, started: float) -> tuple[str, str]:
    """Wait for the child; returns the wall-time limit that stopped it ("" if none) and its last phase."""
    phase, first_run, offset, pending = "", None, 0, b""
    while process.poll() is None:
        time.sleep(POLL_S)
        now = time.monotonic()
        if offset < limits.output_bytes:  # phase lines come early and are short; never scan a flood
            chunk = os.pread(log.fileno(), 65536, offset)
            offset += len(chunk)
            *lines, pending = (pending + chunk).split(b"\n")
            for line in lines:
                if line.startswith(b"phase: "):
                    phase = line[7:].decode("utf-8", "replace").strip()
                    if phase.startswith("run") and first_run is None:
                        first_run = now
        if now - started > limits.wall_s:
            return "wall_s", phase
        if limits.compile_s and first_run is None and phase != "done" and now - started > limits.compile_s:
            return "compile_s", phase
        if limits.run_s and first_run is not None and phase != "done" and now - first_run > limits.run_s:
            return "run_s", phase
    return "", phase


def _why(result: SandboxResult, limit: str, limits: Limits, groups) -> tuple[str, str]:
    where = f" (during {result.phase})" if result.phase else ""
    if limit == "wall_s":
        return limit, f"time limit of {limits.wall_s:.0f} s reached{where}"
    if limit == "compile_s":
        return limit, f"compilation time limit of {limits.compile_s:.0f} s reached{where}"
    if limit == "run_s":
        return limit, f"execution time limit of {limits.run_s:.0f} s reached{where}"
    code = result.returncode
    if code == -signal.SIGXCPU:
        return "cpu_s", f"CPU time limit of {limits.cpu_s} s reached{where}"
    if code == -signal.SIGXFSZ or (code and "File too large" in result.output):  # Python ignores SIGXFSZ
        return "output_bytes", f"file size limit of {limits.output_bytes * 64 // 2**20} MiB reached{where}"
    if code == -signal.SIGKILL and any(event.startswith("memory") for event in result.events):
        return "memory_mb", f"memory limit of {limits.memory_mb} MiB reached{where}"
    if code == -signal.SIGKILL:
        return "killed", f"killed by SIGKILL (the CPU time limit of {limits.cpu_s} s, or the system){where}"
    if code == SETUP_FAILED and "sandbox setup failed" in result.output:
        return "sandbox", result.output.strip().splitlines()[-1][:300]
    return "", ""


def _isolation(spec: dict, groups, limits: Limits) -> list[str]:
    found = ["own-session", "rlimits:" + ",".join(name.lower() for name in spec["rlimits"])]
    if groups is not None:
        found += groups.applied
    else:
        found.append("nproc-rlimit" if "NPROC" in spec["rlimits"] else "no-process-limit")
    if spec.get("root"):
        found += ["private-root", "proc-hidepid", "private-ipc-uts"] + (
            [] if limits.network else ["no-network"]
        )
    if spec.get("uid") is not None:
        found.append("unprivileged-uid")
    return found


def _kill_all(process: subprocess.Popen, groups) -> None:
    """Everything the child started dies with it, even what left its session (setsid) or its parent."""
    for kill in (lambda: os.killpg(process.pid, signal.SIGKILL), lambda: process.kill()):
        try:
            kill()
        except (ProcessLookupError, PermissionError):
            pass
    if groups is not None:
        groups.kill_all()


def _read_capped(log, limit: int) -> tuple[str, bool]:
    data = os.pread(log.fileno(), limit + 1, 0)
    return data[:limit].decode("utf-8", "replace"), len(data) > limit


def scratch_dir(kind: str) -> tempfile.TemporaryDirectory:
    """A scratch folder named after this grader process, so a later grader can clean it up if we are killed."""
    return tempfile.TemporaryDirectory(prefix=f"{cgroups.owner_tag()}{kind}-")


def reap_orphans() -> list[str]:
    """Processes, cgroups and scratch folders left by graders that were killed: stopped and removed."""
    removed = cgroups.reap_orphans()
    for path in Path(tempfile.gettempdir()).glob(f"{cgroups.PREFIX}-*"):
        if not cgroups.owner_alive(path.name):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(str(path))
    return removed
