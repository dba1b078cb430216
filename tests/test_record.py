"""course/record.py: the run record follows what really ran, in order of execution."""

import json

import pytest
from IPython.core.interactiveshell import InteractiveShell

from course import record

EXERCISE = "def row_sum(x):\n    return x + {value}\n"
CHECK = "assert row_sum(1) == 1\nrecord.passed('row_sum 可见检查')\n"


@pytest.fixture
def shell():
    InteractiveShell.clear_instance()
    shell = InteractiveShell.instance()
    record._checks.clear()
    shell.events.register("post_run_cell", record._after_cell)
    run = shell.run_cell
    shell.run_cell = lambda cell: run(cell, store_history=True)  # as a Jupyter kernel runs cells
    shell.run_cell("from course import record")
    yield shell
    record._checks.clear()
    InteractiveShell.clear_instance()


def _entries(shell, capsys) -> dict:
    capsys.readouterr()
    shell.run_cell("record.show()")
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith(record.RECORD_MARK)]
    found = [json.loads(line[len(record.RECORD_MARK) :]) for line in lines if "{" in line]
    return {entry["check"]: entry for entry in found}


def test_a_passed_check_carries_the_hash_of_the_code_it_ran(shell, capsys):
    """Does a passing check record the hash of the exercise cell that defined what it called?"""
    shell.run_cell(EXERCISE.format(value=0))
    shell.run_cell(CHECK)
    entry = _entries(shell, capsys)["row_sum 可见检查"]
    assert entry["status"] == "passed" and entry["code"] == record.code_hash(EXERCISE.format(value=0))


def test_a_failed_rerun_clears_passed(shell, capsys):
    """After 0 passes and 1 fails, does the record say failed (the honest student who tried 1.0)?"""
    shell.run_cell(EXERCISE.format(value=0))
    shell.run_cell(CHECK)
    shell.run_cell(EXERCISE.format(value=1))
    shell.run_cell(CHECK)
    assert _entries(shell, capsys)["row_sum 可见检查"]["status"] == "failed"


def test_code_rerun_without_the_check_makes_it_stale(shell, capsys):
    """Is a check stale when the exercise ran again with other code and the check did not?"""
    shell.run_cell(EXERCISE.format(value=0))
    shell.run_cell(CHECK)
    shell.run_cell(EXERCISE.format(value=1))
    assert _entries(shell, capsys)["row_sum 可见检查"]["status"] == "stale"


def test_comments_do_not_change_the_hash():
    """Are comments and blank lines left out of the code hash?"""
    assert record.code_hash("x = 1  # one\n\n") == record.code_hash("x = 1\n")
