"""The child side of the sandbox: enter the limits, then become the untrusted command.

    python -m autograder.isolation.jail run SPEC_JSON -- CMD ...     what autograder.isolation.sandbox starts
    python -m autograder.isolation.jail kernel UID DIR TMPFS_MB -f CONNECTION_FILE [IPYKERNEL ARGS]
                                                            the Jupyter kernel nbgrader starts

``run`` joins the run's cgroups, and as root enters new mount, network, IPC and
UTS namespaces, builds a private root that holds only what the command needs
(the system, the interpreter, the course's code; never the grading folder, other
students' files or the lesson's solutions and rubric), mounts /proc so that
processes of other users are invisible, sets the rlimits, optionally becomes a
fresh unprivileged uid, and execs the command. A setup failure exits with
SETUP_FAILED before anything untrusted runs: the sandbox fails closed.

``kernel`` is the kernelspec of nbgrader's run: nbgrader itself stays root inside
the private root (it must write its gradebook), while the student's kernel gets a
size-capped tmpfs over the scratch course folder (gradebook, source, submitted
files all hidden), a home of its own, a clean environment and an unprivileged uid.
This is a separate process so it starts single-threaded: nothing here is safe in
a ``preexec_fn`` of a threaded grader.
"""

from __future__ import annotations

import ctypes
import fcntl
import json
import os
import platform
import resource
import signal
import socket
import struct
import sys
from pathlib import Path

SETUP_FAILED = 125
CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWNET = 0x20000, 0x4000000, 0x8000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 1, 2, 4, 32, 4096, 16384, 1 << 18
MNT_DETACH, PR_SET_PDEATHSIG, PR_SET_NO_NEW_PRIVS = 2, 1, 38
SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}.get(platform.machine())
SIOCSIFFLAGS, IFF_UP_LOOPBACK_RUNNING = 0x8914, 0x1 | 0x8 | 0x40
# What an unprivileged child keeps of the grader's environment: never tokens or keys a CI job may hold.
KEEP_ENV = {
    "PATH",
    "LANG",
    "LANGUAGE",
    "TZ",
    "TERM",
    "PYTHONPATH",
    "PYTHONWARNINGS",
    "PYTHONDONTWRITEBYTECODE",
}
KEEP_PREFIXES = ("LC_", "COURSE_BACKEND", "TRITON_", "CUDA_", "NVIDIA_", "JPY_", "NBGRADER_", "OMP_", "MKL_")

libc = ctypes.CDLL(None, use_errno=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{what}: {os.strerror(errno)}")


def _c(text: str | None) -> bytes | None:
    return None if text is None else os.fsencode(text)


def mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    _check(libc.mount(_c(source), _c(target), _c(fstype), ctypes.c_ulong(flags), _c(data)), f"mount {target}")


def private_mounts() -> None:
    """A mount namespace of our own, whose changes never propagate back to the machine."""
    _check(libc.unshare(CLONE_NEWNS), "unshare(mount namespace)")
    mount(None, "/", None, MS_REC | MS_PRIVATE)


def _loopback_up() -> None:
    """An empty network namespace still needs loopback: nbgrader talks to its kernel over it."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        fcntl.ioctl(sock.fileno(), SIOCSIFFLAGS, struct.pack("16sH14x", b"lo", IFF_UP_LOOPBACK_RUNNING))


def _mount_point(source: Path, target: Path) -> None:
    if source.is_dir():
        target.mkdir(parents=True, exist_ok=True)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.touch(exist_ok=True)


def _place(root: Path, path: str, kind: str, size_mb: int) -> None:
    """One entry of the view: a read-only or writable bind, a tmpfs, an emptied file, or /proc."""
    source, target = Path(path), root / path.lstrip("/")
    if kind in ("ro", "rw", "dev"):
        if source.is_symlink() and source.parent == Path("/"):  # /bin -> usr/bin on merged-/usr systems
            target.symlink_to(os.readlink(source))
            return
        _mount_point(source, target)
        mount(str(source), str(target), None, MS_BIND | MS_REC)
        if kind == "ro":
            mount(None, str(target), None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)
        elif kind == "rw":
            mount(None, str(target), None, MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV)
    elif kind == "tmpfs":
        target.mkdir(parents=True, exist_ok=True)
        mount("tmpfs", str(target), "tmpfs", MS_NOSUID | MS_NODEV, f"size={size_mb}m,mode=1777")
    elif kind == "mask":  # a secret inside a visible folder reads as an empty file
        if target.exists():
            mount(str(root / ".empty"), str(target), None, MS_BIND)
            mount(None, str(target), None, MS_REMOUNT | MS_BIND | MS_RDONLY)
    elif kind == "proc":
        target.mkdir(parents=True, exist_ok=True)
        for options in ("hidepid=invisible", "hidepid=2"):
            try:
                return mount("proc", str(target), "proc", MS_NOSUID | MS_NODEV, options)
            except OSError:
                continue
        raise OSError(f"cannot mount {target} with hidepid")


def enter_root(root: str, entries: list[list], size_mb: int) -> None:
    """Build the view on a fresh tmpfs at ``root`` and make it ``/`` (pivot_root)."""
    mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=16m,mode=0755")
    base = Path(root)
    (base / ".empty").touch(mode=0o444)
    for path, kind in sorted(entries, key=lambda entry: Path(entry[0]).parts):
        _place(base, path, kind, size_mb)
    os.chdir(root)
    if SYS_PIVOT_ROOT is None:
        raise OSError("pivot_root: unknown system call number on this machine")
    _check(libc.syscall(SYS_PIVOT_ROOT, b".", b"."), "pivot_root")
    _check(libc.umount2(b".", MNT_DETACH), "umount old root")  # the machine's root is gone from view
    os.chdir("/")


def drop_privileges(uid: int) -> None:
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    _check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
    if os.getuid() != uid or os.geteuid() != uid:
        raise OSError(f"still uid {os.geteuid()} after dropping to {uid}")


def clean_env(env: dict, home: str) -> dict:
    kept = {k: v for k, v in env.items() if k in KEEP_ENV or k.startswith(KEEP_PREFIXES)}
    private = {"HOME": home, "USER": "student", "LOGNAME": "student", "IPYTHONDIR": f"{home}/.ipython"}
    private |= {"MPLCONFIGDIR": f"{home}/.matplotlib", "XDG_CACHE_HOME": f"{home}/.cache"}
    return kept | private | {"TRITON_CACHE_DIR": f"{home}/.triton", "MPLBACKEND": "Agg"}


# the batch's warm Triton cache (autograder/pipeline/warmup.py): shown read-only in the view, copied by the jail
TRITON_SEED_ENV = "COURSE_TRITON_SEED"


def plant_triton_seed(home: Path, uid: int) -> None:
    """A private, writable copy of the batch's warm Triton cache (autograder/pipeline/warmup.py) as this
    child's own: what the child writes there reaches no other student."""
    seed = os.environ.get(TRITON_SEED_ENV)
    if not seed or not Path(seed).is_dir():
        return
    target = home / ".triton"
    for source in sorted(Path(seed).rglob("*")):
        copy = target / source.relative_to(seed)
        if source.is_dir() and not source.is_symlink():
            copy.mkdir(parents=True, exist_ok=True)
        elif source.is_file() and not source.is_symlink():
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(source.read_bytes())
    for path in [target, *target.rglob("*")]:
        os.chown(path, uid, uid)


def cmd_run(spec: dict, command: list[str]) -> None:
    """Everything in the spec, in an order where each step still has the rights it needs."""
    for procs in spec["cgroups"]:  # first: every process started from here on is counted
        Path(procs).write_text(str(os.getpid()))
    if spec.get("root"):
        private_mounts()
        network = 0 if spec.get("network") else CLONE_NEWNET
        _check(libc.unshare(network | CLONE_NEWIPC | CLONE_NEWUTS), "unshare(net, ipc, uts)")
        if network:
            _loopback_up()
        enter_root(spec["root"], spec["entries"], spec["tmpfs_mb"])
    os.chdir(spec["cwd"])
    env = dict(os.environ)
    if spec.get("uid") is not None:
        home = "/tmp/home"
        os.makedirs(home, mode=0o700, exist_ok=True)
        os.chown(home, spec["uid"], spec["uid"])
        plant_triton_seed(Path(home), spec["uid"])
        env = clean_env(env, home)
        drop_privileges(spec["uid"])
    for name, value in spec["rlimits"].items():
        resource.setrlimit(getattr(resource, f"RLIMIT_{name}"), tuple(value))
    # a grader killed with SIGKILL takes its child along (and a child whose grader already died never starts)
    _check(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0), "pdeathsig")
    if os.getppid() != spec["parent"]:
        sys.exit(SETUP_FAILED)
    os.execvpe(command[0], command, env)


def _kernel_pids_group(reserve: int = 16) -> None:
    """The kernel's processes get a pids group inside the run's, so a fork storm leaves nbgrader room to finish."""
    try:
        line = next(
            x for x in Path("/proc/self/cgroup").read_text().splitlines() if x.split(":")[1] == "pids"
        )
        parent = Path("/sys/fs/cgroup/pids") / line.split(":", 2)[2].lstrip("/")
        limit = int((parent / "pids.max").read_text())
    except (OSError, StopIteration, ValueError, IndexError):
        return  # no bounded pids group here: nothing to share out
    group = parent / "kernel"
    group.mkdir(exist_ok=True)
    (group / "pids.max").write_text(str(max(8, limit - reserve)))
    (group / "cgroup.procs").write_text(str(os.getpid()))


def cmd_kernel(uid: int, hide: str, size_mb: int, args: list[str]) -> None:
    """Start ipykernel as ``uid`` with the scratch course folder replaced by a private tmpfs.

    ``args`` are ipykernel's: ``-f CONNECTION_FILE`` and what nbclient appends (history settings).
    """
    connection = args[args.index("-f") + 1]
    cwd, folder = Path.cwd(), Path(hide)
    if folder not in cwd.parents:
        raise OSError(f"kernel folder {cwd} is outside the scratch course {folder}")
    files = {
        p.relative_to(cwd): p.read_bytes() for p in cwd.rglob("*") if p.is_file() and p.suffix != ".ipynb"
    }
    key = Path(connection).read_bytes()
    (folder / ".kernel-jail").write_text(f"uid={uid}\n")  # execute.py reads it: proof the kernel was jailed
    _kernel_pids_group()
    private_mounts()
    mount("tmpfs", hide, "tmpfs", MS_NOSUID | MS_NODEV, f"size={size_mb}m,mode=0755")
    home = folder / ".home"
    for path in (cwd, home):
        path.mkdir(parents=True, exist_ok=True)
        os.chown(path, uid, uid)
    for relative, data in files.items():  # the assignment's other files (figures), as nbgrader copied them
        (cwd / relative).parent.mkdir(parents=True, exist_ok=True)
        (cwd / relative).write_bytes(data)
    (home / "kernel.json").write_bytes(key)
    for path in [*cwd.rglob("*"), home / "kernel.json"]:
        os.chown(path, uid, uid)
    plant_triton_seed(home, uid)
    env = clean_env(dict(os.environ), str(home))
    drop_privileges(uid)
    os.chdir(cwd)
    args[args.index("-f") + 1] = str(home / "kernel.json")
    argv = [sys.executable, "-m", "ipykernel_launcher", *args]
    os.execve(sys.executable, argv, env)


def main(argv: list[str]) -> None:
    try:
        if argv[0] == "run":
            split = argv.index("--")
            cmd_run(json.loads(argv[1]), argv[split + 1 :])
        elif argv[0] == "kernel":
            cmd_kernel(int(argv[1]), argv[2], int(argv[3]), argv[4:])
    except (OSError, ValueError, KeyError, IndexError) as error:
        print(f"sandbox setup failed: {error}", file=sys.stderr, flush=True)
    sys.exit(SETUP_FAILED)  # reached only when exec did not happen


if __name__ == "__main__":
    main(sys.argv[1:])
