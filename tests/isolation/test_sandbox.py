"""autograder/isolation/sandbox.py, cgroups.py and jail.py: the limits and the private root, one at a time."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from autograder.isolation import cgroups, sandbox
from autograder.isolation.sandbox import Limits, run_limited
from autograder.lesson.registry import REPO_ROOT

JAILED = sandbox.jail_support() == ""
needs_jail = pytest.mark.skipif(not JAILED, reason=f"no private root here: {sandbox.jail_support()}")
needs_cgroups = pytest.mark.skipif(not cgroups.available(), reason="no cgroup v1 pids/memory here")


QUICK = Limits(wall_s=60)


def run_python(tmp_path: Path, code: str, limits: Limits = QUICK, **kwargs):
    work = tmp_path / "work"  # the child's only folder on disk: the script lives there too
    work.mkdir(exist_ok=True)
    script = work / "child.py"
    script.write_text(textwrap.dedent(code), encoding="utf-8")
    return run_limited([sys.executable, str(script)], work, dict(os.environ), limits, **kwargs)


def processes_named(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and text.encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            pass
    return found


@needs_jail
def test_the_child_sees_only_what_it_needs(tmp_path):
    """Does the jailed child see the course code but not the grading folder, source/, other folders or secrets?"""
    secret_dir = tmp_path / "out"
    secret_dir.mkdir()
    (secret_dir / "batch.json").write_text('{"seed": 123456789}')
    result = run_python(
        tmp_path,
        f"""
        import os
        for path in [{str(secret_dir)!r}, {str(REPO_ROOT / "source")!r}, {str(REPO_ROOT / ".git")!r}, "/root/.bashrc"]:
            print("VISIBLE" if os.path.exists(path) else "HIDDEN", path)
        print("LESSON", len(open({str(REPO_ROOT / "course/lessons/05-row-sum-padding/lesson.py")!r}).read()))
        print("RUNTIME", os.path.exists({str(REPO_ROOT / "course/runtime.py")!r}))
        print("UID", os.getuid())
    """,
    )
    assert result.returncode == 0, result.output
    assert "VISIBLE" not in result.output and result.output.count("HIDDEN") == 4
    assert "LESSON 0" in result.output and "RUNTIME True" in result.output
    assert "UID 0" not in result.output
    assert {"private-root", "unprivileged-uid", "no-network", "pids-cgroup", "memory-cgroup"} <= set(
        result.isolation
    )


@needs_jail
def test_the_child_can_neither_signal_nor_see_the_grader(tmp_path):
    """Can the jailed child kill or even see its grader's process?"""
    result = run_python(
        tmp_path,
        f"""
        import os
        print("SEES", os.path.exists("/proc/{os.getpid()}"))
        try:
            os.kill({os.getpid()}, 0)
            print("CAN SIGNAL")
        except PermissionError:
            print("REFUSED")
    """,
    )
    assert "SEES False" in result.output and "REFUSED" in result.output, result.output


@needs_jail
def test_there_is_no_network_but_loopback(tmp_path):
    """Is the network empty apart from a working loopback?"""
    result = run_python(
        tmp_path,
        """
        import socket
        server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen()
        socket.create_connection(server.getsockname(), timeout=2).close()
        print("LOOPBACK OK")
        try:
            socket.create_connection(("1.1.1.1", 53), timeout=2)
            print("REACHED THE INTERNET")
        except OSError as error:
            print("NO ROUTE", type(error).__name__)
    """,
    )
    assert "LOOPBACK OK" in result.output and "NO ROUTE" in result.output, result.output


@needs_cgroups
def test_a_fork_storm_stops_at_the_pids_limit(tmp_path):
    """Does a storm of 300 processes stop at a pids limit of 24, and are they all gone afterwards?"""
    result = run_python(
        tmp_path,
        """
        import subprocess
        children = []
        for _ in range(300):  # bounded by the test
            try:
                children.append(subprocess.Popen(["sleep", "4801"]))
            except OSError:
                break
        print("STARTED", len(children))
    """,
        Limits(wall_s=60, processes=24),
    )
    started = int(result.output.split("STARTED")[1].split()[0])
    assert started < 24 and any("process limit of 24" in event for event in result.events)
    assert processes_named("sleep\x004801") == []


@needs_cgroups
def test_memory_of_all_processes_together_is_bounded(tmp_path):
    """Do four children of 300 MiB each stop at a 600 MiB limit shared by all of them?"""
    result = run_python(
        tmp_path,
        """
        import os, time
        children = []
        for _ in range(4):
            pid = os.fork()
            if pid == 0:
                data = b"x" * (300 << 20)
                time.sleep(5)
                os._exit(0)
            children.append(pid)
        print("STATUS", [os.waitpid(pid, 0)[1] for pid in children])
    """,
        Limits(wall_s=60, memory_mb=600),
    )
    assert any(event.startswith("memory limit of 600 MiB") for event in result.events), result.output
    assert "STATUS" in result.output and "9" in result.output.split("STATUS")[1]  # some child got SIGKILL


def test_a_background_process_dies_with_the_run(tmp_path):
    """Is a process that left the session (setsid, double fork) killed when the run ends?"""
    run_python(
        tmp_path,
        """
        import os, subprocess
        subprocess.Popen(["setsid", "sleep", "4802"])
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execvp("sleep", ["sleep", "4803"])
            os._exit(0)
    """,
    )
    time.sleep(0.2)
    assert processes_named("sleep\x004802") == [] and processes_named("sleep\x004803") == []


def test_wall_time_stops_a_sleeper_with_a_reason(tmp_path):
    """Does a child that sleeps past the wall limit stop there, with the limit named?"""
    started = time.monotonic()
    result = run_python(tmp_path, "import time; time.sleep(60)", Limits(wall_s=2))
    assert time.monotonic() - started < 20
    assert result.timed_out and result.limit == "wall_s" and "time limit of 2 s" in result.reason


@pytest.mark.parametrize(
    ("phases", "limit", "words"),
    [
        (["import"], "compile_s", "compilation time limit of 2 s"),
        (["import", "compile a", "run b"], "run_s", "execution time limit of 2 s"),
    ],
)
def test_compilation_and_execution_have_their_own_time_limits(tmp_path, phases, limit, words):
    """Does a child stuck in compilation, or in execution, stop at that phase's own limit?"""
    lines = "".join(f"print('phase: {phase}', flush=True)\n" for phase in phases)
    result = run_python(
        tmp_path, lines + "import time; time.sleep(60)", Limits(wall_s=60, compile_s=2, run_s=2)
    )
    assert result.limit == limit and words in result.reason and phases[-1] in result.reason


def test_phases_within_their_limits_finish(tmp_path):
    """Does a child whose phases each stay under their limits run to the end?"""
    code = "import time\nfor p in ['import', 'compile a', 'run b', 'run c', 'done']:\n    print('phase:', p, flush=True)\n"
    result = run_python(tmp_path, code + "    time.sleep(0.5)\n", Limits(wall_s=60, compile_s=3, run_s=3))
    assert result.returncode == 0 and not result.limit and result.phase == "done"


def test_output_is_capped_and_large_files_stop_the_child(tmp_path):
    """Is 10 MB of output cut to the limit, and does a file over 64x the limit stop the child?"""
    result = run_python(
        tmp_path, "import sys\nsys.stdout.write('x' * 10_000_000)", Limits(wall_s=60, output_bytes=1000)
    )
    assert result.output_truncated and len(result.output) == 1000
    big = run_python(
        tmp_path, "open('big', 'wb').write(b'x' * 200_000)", Limits(wall_s=60, output_bytes=1000)
    )
    assert big.limit == "output_bytes" and "file size limit" in big.reason


def test_cpu_time_is_limited(tmp_path):
    """Does a busy loop stop at the CPU limit, named as such?"""
    result = run_python(tmp_path, "while True:\n    pass", Limits(wall_s=60, cpu_s=1))
    assert result.limit == "cpu_s" and "CPU time limit of 1 s" in result.reason


@needs_cgroups
def test_groups_left_by_a_killed_grader_are_reaped(tmp_path):
    """Does the next grader kill what a grader killed with SIGKILL left running, and remove its groups?"""
    grader = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    name = f"{cgroups.PREFIX}-{grader.pid}-{cgroups._start_time(grader.pid)}-test"
    group = cgroups.ROOT / name if cgroups._v2() else cgroups.ROOT / "pids" / name
    group.mkdir()
    orphan = subprocess.Popen(["sleep", "4804"])
    (group / "cgroup.procs").write_text(str(orphan.pid))
    assert str(group) not in cgroups.reap_orphans()  # its grader is alive: left alone
    grader.kill()
    grader.wait()
    assert str(group) in sandbox.reap_orphans()
    assert orphan.wait(timeout=5) == -signal.SIGKILL and not group.exists()


def test_no_group_or_scratch_folder_is_left_behind(tmp_path):
    """Are this grader's cgroups and scratch folders gone after a run?"""
    run_python(tmp_path, "print('hi')")
    tag = cgroups.owner_tag()
    folders = [cgroups.ROOT, *(cgroups.ROOT / c for c in cgroups.V1_CONTROLLERS)]
    assert not [path for folder in folders for path in folder.glob(f"{tag}*")]
    assert not list(Path("/tmp").glob(f"{tag}*"))


@needs_jail
def test_the_warm_triton_cache_is_a_private_writable_copy(tmp_path):
    """Does a jailed child get the batch's warm Triton cache as its own copy, writable, with the seed untouched?"""
    seed = tmp_path / "triton-seed" / "abc"
    seed.mkdir(parents=True)
    (seed / "kernel.json").write_text('{"name": "row_sum_kernel"}')
    env = dict(os.environ) | {"COURSE_TRITON_SEED": str(seed.parent)}
    work = tmp_path / "work"
    work.mkdir()
    (work / "child.py").write_text(
        textwrap.dedent(f"""
        import os
        cache = os.environ["TRITON_CACHE_DIR"]
        print("COPY", open(os.path.join(cache, "abc", "kernel.json")).read())
        open(os.path.join(cache, "abc", "mine.json"), "w").write("student")
        try:
            open({str(seed / "poison.json")!r}, "w").write("x")
            print("SEED WRITABLE")
        except OSError:
            print("SEED READ-ONLY")
        """),
        encoding="utf-8",
    )
    result = run_limited([sys.executable, str(work / "child.py")], work, env, QUICK)
    assert result.returncode == 0, result.output
    assert 'COPY {"name": "row_sum_kernel"}' in result.output and "SEED READ-ONLY" in result.output
    assert sorted(p.name for p in seed.iterdir()) == ["kernel.json"]
