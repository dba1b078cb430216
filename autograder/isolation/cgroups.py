"""cgroups around one sandboxed run: bounds that hold for all its processes together.

As root, RLIMIT_NPROC does not bind and RLIMIT_AS is per process, so a fork storm
or a hundred processes of 3 GB each would pass them. A pids bound caps the number
of processes (threads count), a memory bound caps their memory together, and a
freezer (or v2's cgroup.kill) stops every process of the run at once, so nothing
forks its way out of the clean-up. Both cgroup v1 (one folder per controller) and
v2 (one unified folder) are handled. Group names carry the grader's pid and start
time: groups left by a grader killed with SIGKILL are emptied by the next one.
"""

from __future__ import annotations

import os
import signal
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
PREFIX = "course-grader"
V1_CONTROLLERS = ("pids", "memory", "freezer")
UNIFIED = "unified"  # the key of a v2 group in Groups.paths


def _start_time(pid: int) -> str:
    """The kernel's start time of a process: with the pid it names one process, even after pid reuse."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return ""


def owner_tag() -> str:
    """The start of every name this grader process gives a cgroup or a scratch folder."""
    return f"{PREFIX}-{os.getpid()}-{_start_time(os.getpid())}-"


def owner_alive(name: str) -> bool:
    """Whether the grader that made ``name`` (see owner_tag) is still running."""
    pid, started, _ = (name[len(PREFIX) + 1 :].split("-", 2) + ["", ""])[:3]
    return pid.isdigit() and bool(started) and _start_time(int(pid)) == started


def _v2() -> bool:
    return (ROOT / "cgroup.controllers").exists()


@dataclass
class Groups:
    """One run's groups: by controller on v1 ("pids", "memory", "freezer"), or one "unified" folder on v2."""

    paths: dict[str, Path]
    memory_mb: int = 0
    processes: int = 0
    applied: list[str] = field(
        default_factory=list
    )  # the bounds really in force, for SandboxResult.isolation

    def procs_files(self) -> list[str]:
        """What the child writes its own pid into, before it starts the untrusted command."""
        return [str(path / "cgroup.procs") for path in self.paths.values()]

    def pids(self) -> set[int]:
        """Every process in the groups, nested groups included (cgroup.procs lists a group's own members only)."""
        found: set[int] = set()
        for path in self.paths.values():
            for procs in [path / "cgroup.procs", *path.glob("*/cgroup.procs")]:
                try:
                    found |= {int(p) for p in procs.read_text().split()}
                except OSError:
                    pass
        return found

    def events(self) -> list[str]:
        """The limits the run ran into, in words for the report."""
        pids = self.paths.get("pids") or self.paths.get(UNIFIED)
        memory = self.paths.get("memory") or self.paths.get(UNIFIED)
        found = []
        refused = sum(_field(events, "max") for events in pids.rglob("pids.events")) if pids else 0
        if refused:
            found.append(f"process limit of {self.processes} reached ({refused} new processes refused)")
        oom = "memory.events" if UNIFIED in self.paths else "memory.oom_control"
        killed = _field(memory / oom, "oom_kill") if memory else 0
        if killed:
            found.append(f"memory limit of {self.memory_mb} MiB reached ({killed} processes killed)")
        return found

    def kill_all(self) -> None:
        """Freeze the group so no process can fork, kill them all, thaw so the kills land."""
        unified = self.paths.get(UNIFIED)
        if unified and _write(unified / "cgroup.kill", "1"):  # v2, Linux 5.14+: the kernel does it atomically
            self._wait_empty()
            return
        freezer = self.paths.get("freezer") or unified
        state = (
            ("freezer.state", "FROZEN", "THAWED") if "freezer" in self.paths else ("cgroup.freeze", "1", "0")
        )
        for _ in range(100):
            if freezer:
                _write(freezer / state[0], state[1])
            pids = self.pids()
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            if freezer:
                _write(freezer / state[0], state[2])
            if not pids:
                return
            time.sleep(0.02)

    def _wait_empty(self) -> None:
        for _ in range(250):
            if not self.pids():
                return
            time.sleep(0.02)

    def remove(self) -> None:
        nested = [
            sub for path in self.paths.values() if path.is_dir() for sub in path.iterdir() if sub.is_dir()
        ]
        for path in nested + list(self.paths.values()):  # a group goes only once its children have
            for _ in range(50):  # a killed process leaves its group a moment after it dies
                try:
                    path.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.02)


def _field(path: Path, name: str) -> int:
    try:
        for line in path.read_text().splitlines():
            key, _, value = line.partition(" ")
            if key == name:
                return int(value)
    except (OSError, ValueError):
        pass
    return 0


def _write(path: Path, value: str) -> bool:
    try:
        path.write_text(value)
        return True
    except OSError:
        return False


def create(processes: int, memory_mb: int) -> Groups | None:
    """New groups with the run's bounds; None where this user cannot bound pids with cgroups."""
    if os.geteuid() != 0:
        return None
    name = owner_tag() + uuid.uuid4().hex[:8]
    groups = Groups({}, memory_mb, processes)
    limit = str(memory_mb * 2**20)
    if _v2():
        enabled = (
            (ROOT / "cgroup.subtree_control").read_text().split()
            if (ROOT / "cgroup.subtree_control").exists()
            else []
        )
        if not {"pids", "memory"} <= set(enabled):
            _write(ROOT / "cgroup.subtree_control", "+pids +memory")
        try:
            (ROOT / name).mkdir()
        except OSError:
            return None
        groups.paths[UNIFIED] = ROOT / name
        files = {"pids.max": str(processes), "memory.max": limit, "memory.swap.max": "0"}
    else:
        for controller in V1_CONTROLLERS:
            try:
                (ROOT / controller / name).mkdir()
                groups.paths[controller] = ROOT / controller / name
            except OSError:
                continue
        files = {
            "pids.max": str(processes),
            "memory.limit_in_bytes": limit,
            "memory.memsw.limit_in_bytes": limit,
        }
    pids = groups.paths.get("pids") or groups.paths.get(UNIFIED)
    memory = groups.paths.get("memory") or groups.paths.get(UNIFIED)
    if pids is None or not _write(pids / "pids.max", files.pop("pids.max")):
        groups.remove()
        return None
    groups.applied.append("pids-cgroup")
    written = [_write(memory / key, value) for key, value in files.items()] if memory else [False]
    if written[0]:  # memory.max / limit_in_bytes binds; swap may be absent
        groups.applied.append("memory-cgroup")
    groups.applied.append(
        "freezer-cgroup" if "freezer" in groups.paths or UNIFIED in groups.paths else "kill-loop"
    )
    return groups


def available() -> bool:
    groups = create(8, 64)
    if groups is not None:
        groups.remove()
    return groups is not None


def reap_orphans() -> list[str]:
    """Kill what graders that died (SIGKILL, reboot of a container) left running; returns the groups removed."""
    removed = []
    folders = [ROOT] if _v2() else [ROOT / c for c in ("freezer", "pids", "memory") if (ROOT / c).is_dir()]
    for folder in folders:
        for path in sorted(folder.glob(f"{PREFIX}-*")):
            if owner_alive(path.name):
                continue
            orphan = Groups({UNIFIED if _v2() else folder.name: path})
            orphan.kill_all()
            orphan.remove()
            removed.append(str(path))
    return removed
