"""Attacks that act while nbgrader runs the notebook: snooping, tampering, hanging, flooding, forking.

Every attack's code prints ``ATTACK-RAN <name>`` first, so a test can tell an
attack that was stopped from one that never ran. Everything an attack does is
bounded by the attack itself (at most 500 processes, 6 GiB), so a grader without
the limits would be caught by the test without harming the machine.
"""

from __future__ import annotations

import html
import json
import re

from attacks import GOOD, Attack, World, add_code, edit_exercise, save, student, victim_paths

SLEEPS = {"storm": 4711, "setsid": 4712, "daemon": 4713}  # sleep durations that name the attack's processes


def attack_cell(code: str, blank: str = "0.0", answers: dict | None = None):
    """A builder: an honest notebook plus one cell of attack code after the exercise."""

    def build(world: World, name: str) -> None:
        source = f"print('ATTACK-RAN {name}')\n" + code.format(**_names(world), student=name)
        save(world, name, add_code(student(blank, answers), source))

    return build


def _names(world: World) -> dict:
    paths = {key: str(path) for key, path in victim_paths(world).items()}
    return paths | {"out": str(world.out), "subs": str(world.submissions), "root": str(world.root)} | SLEEPS


READ = """
import glob, os
targets = [{batch!r}, {grades!r}, {victim_grade!r}, {victim_notebook!r}, {source!r}, {lesson!r}, {rubric!r},
           {calibration!r}, {subs!r}, {out!r}, "../../../gradebook.db", "../../../source", "../../../submitted",
           "/proc/1/root" + {batch!r}, "/proc/1/environ"]
targets += glob.glob("/tmp/**/gradebook.db", recursive=True) + glob.glob("/tmp/*/template/*")
for target in targets:
    try:
        if os.path.isdir(target):
            print("LISTED", target, sorted(os.listdir(target))[:30])
        else:
            print("READ", target, open(target, "rb").read(400))
    except Exception as error:
        print("DENIED", target, type(error).__name__)
for pid in sorted(os.listdir("/proc")):
    try:
        print("PROCESS", pid, open(f"/proc/{{pid}}/cmdline", "rb").read()[:300])
    except Exception:
        pass
"""

WRITE = """
import glob, os, sqlite3
def attempt(path, data):
    try:
        with open(path, "w") as handle:
            handle.write(data)
        print("WROTE", path)
    except Exception as error:
        print("DENIED", path, type(error).__name__)
attempt({batch!r}, '{{"seed": 1, "pwned": true}}')
attempt({victim_grade!r}, '{{"pwned": true}}')
attempt({out!r} + "/grades/zz_planted.json", '{{"pwned": true}}')
attempt({victim_notebook!r}, "pwned")
attempt({subs!r} + "/zz_planted.ipynb", "pwned")
attempt({repo_code!r} + "/zz_planted.py", "pwned = True")
attempt({root!r} + "/zz_planted", "pwned")
MINE = ("SELECT n.id FROM submitted_notebook n JOIN submitted_assignment a ON n.assignment_id = a.id "
        "WHERE a.student_id = {student!r}")
for db in ["../../../gradebook.db"] + glob.glob("/tmp/**/gradebook.db", recursive=True):
    try:
        with sqlite3.connect(db) as conn:  # a manual score wins over nbgrader's own: 100 points per test cell
            conn.execute(f"UPDATE grade SET manual_score = 100 WHERE notebook_id IN ({{MINE}})")
        print("WROTE", db)
    except Exception as error:
        print("DENIED", db, type(error).__name__)
"""

STORM = """
import subprocess
children = []
for _ in range(500):  # bounded by the test: never an open-ended fork bomb
    try:
        children.append(subprocess.Popen(["sleep", "{storm}"]))
    except OSError as error:
        print("REFUSED", type(error).__name__)
        break
print("STARTED", len(children))
"""

BACKGROUND = """
import os, subprocess
subprocess.Popen(["setsid", "sleep", "{setsid}"])
if os.fork() == 0:  # the classic daemon: fork, new session, fork again, parent gone
    os.setsid()
    if os.fork() == 0:
        os.execvp("sleep", ["sleep", "{daemon}"])
    os._exit(0)
"""

MEMORY = """
chunks = []
try:
    while len(chunks) < 96:  # 96 x 64 MiB = 6 GiB at most, bounded by the test
        chunks.append(b"x" * (64 << 20))
except MemoryError:
    pass
allocated = len(chunks) * 64
del chunks  # free it before printing: at the limit the print itself can raise MemoryError and print nothing
print("ALLOCATED", allocated, "MiB")
"""

MEMORY_FORKED = """
import os, time
children = []
for _ in range(5):  # 5 x 1 GiB, bounded by the test; together over the 3 GiB limit
    pid = os.fork()
    if pid == 0:
        try:
            data = b"x" * (1 << 30)
            time.sleep(20)
        finally:
            os._exit(0)
    children.append(pid)
print("CHILDREN", [os.waitpid(pid, 0)[1] for pid in children])
"""

UNINTERRUPTIBLE = """
import signal, time
signal.signal(signal.SIGINT, signal.SIG_IGN)  # nbgrader's interrupt at the cell timeout does nothing now
while True:
    time.sleep(1)
"""

PRINT = """
import sys
for _ in range(100):
    sys.stdout.write("x" * (1 << 20) + "\\n")
"""

KERNEL_LOOP = (
    "    row = tl.program_id(0)\n",
    "    row = tl.program_id(0)\n    while row >= 0:\n        row = row + 0\n",
)
OOB_STORE = (
    "tl.store(out_ptr + row, tl.sum(values, axis=0))",
    "tl.store(out_ptr + row * BLOCK_SIZE + cols, values)",
)


def edited_kernel(old: str, new: str):
    def build(world: World, name: str) -> None:
        nb = edit_exercise(student("0.0"), old, new)
        save(world, name, add_code(nb, f"print('ATTACK-RAN {name}')"))

    return build


def slow_cells(world: World, name: str) -> None:
    """Fourteen cells of 14 s each: every one under the 15 s cell timeout, together past the notebook's
    wall time (180 s)."""
    nb = student("0.0")
    for _ in range(14):
        add_code(nb, "import time\ntime.sleep(14)")
    save(world, name, nb)


def _alice(world: World, name: str) -> None:
    save(world, name, student("0.0", GOOD | {"explanation": GOOD["explanation"] + " " + world.secret}))


ATTACKS = [
    Attack("alice", "Is an honest student graded in full beside the attacks, her files untouched?", _alice, (2, 1)),
    Attack("read_secrets", "Can the student's code read the seed, other grades, other notebooks, the gradebook, "
           "the solutions or the rubric?", attack_cell(READ), (2, 1), marker="ATTACK-RAN read_secrets"),
    Attack("write_everywhere", "Can the student's code write the grades, the batch, another student's notebook, "
           "the repository or its own gradebook?", attack_cell(WRITE, "1.0"), (0, 0), marker="ATTACK-RAN write_everywhere"),
    Attack("python_loop", "Does an infinite Python loop stop at the cell timeout, the rest still graded?",
           attack_cell("while True:\n    pass"), (2, 1), marker="ATTACK-RAN python_loop"),
    Attack("uninterruptible_loop", "Does a loop that ignores interrupts stop at the sandbox's wall time?",
           attack_cell(UNINTERRUPTIBLE), (2, 1)),
    Attack("kernel_loop", "Does an infinite loop inside the Triton kernel stop at the cell timeout and go to a TA with the diff?",
           edited_kernel(*KERNEL_LOOP), (2, 1), findings=frozenset({"code-uncertain"}),
           marker="ATTACK-RAN kernel_loop"),
    Attack("slow_cells", "Does a notebook whose cells each stay under the cell timeout stop at the wall time?",
           slow_cells, (2, 1)),
    Attack("memory_bomb", "Does a memory bomb stop at the memory limit?", attack_cell(MEMORY), (2, 1),
           marker="ATTACK-RAN memory_bomb"),
    Attack("memory_bomb_forked", "Do forked children that share the memory limit stop at it together?",
           attack_cell(MEMORY_FORKED), (2, 1), marker="ATTACK-RAN memory_bomb_forked"),
    Attack("process_storm", "Does a storm of 500 processes stop at the pids limit without failing the batch?",
           attack_cell(STORM), (2, 1)),
    Attack("os_exit", "Does os._exit(0) in a cell end only this student's run?", attack_cell("import os\nos._exit(0)"),
           (2, 1)),
    Attack("sys_exit", "Does sys.exit() in a cell leave the rest of the notebook graded?",
           attack_cell("import sys\nsys.exit()"), (2, 1), marker="ATTACK-RAN sys_exit"),
    Attack("background_process", "Is a process left running in the background (setsid, double fork) killed?",
           attack_cell(BACKGROUND), (2, 1), marker="ATTACK-RAN background_process"),
    Attack("print_100mb", "Does printing 100 MB leave a small grade and a finished batch?", attack_cell(PRINT),
           (2, 1), marker="ATTACK-RAN print_100mb"),
    Attack("oob_store", "Does an unmasked out-of-bounds store crash only this student's kernel?",
           edited_kernel(*OOB_STORE), (2, 1), findings=frozenset({"code-uncertain"})),
]  # fmt: skip


def printed(grade: dict, prefix: str) -> list[str]:
    """Output lines starting with ``prefix`` on nbgrader's feedback page (a cell's source never starts so)."""
    text = html.unescape(re.sub(r"<[^>]+>", "", grade["nbgrader"].get("feedback_html", "")))
    return [line.strip() for line in text.splitlines() if line.strip().startswith(prefix)]


def dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False)
