"""Attacks decided without running the notebook: tampering, monkeypatches, wrong kernels, bad files.

Graded with --no-execute: integrity and the harness decide them, so the whole
table is one quick batch. The blank is 1.0 (a wrong identity) wherever the attack
is meant to pass checks the kernel would fail.
"""

from __future__ import annotations

import json
import os

import nbformat
from attacks import (
    ASSIGNMENT,
    EXERCISE,
    FIGURE,
    GOOD,
    LESSON_DIR,
    RECORD,
    SETUP,
    TEST_NORMAL,
    VISIBLE_CHECK,
    Attack,
    World,
    add_code,
    cell,
    edit_exercise,
    index,
    release,
    save,
    save_bytes,
    student,
)

LOOSENED, UNRUN = "loosened_checks", "unrun_claimed_as_measured"
LAUNCH = "    row_sum_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK_SIZE=triton.next_power_of_2(n_cols))\n    return out"


def notebook(make):
    """A builder from a function that returns the student's notebook."""
    return lambda world, name: save(world, name, make(world))


def patched(code: str):
    return notebook(lambda world: add_code(student("1.0"), code))


def kernel_replaced(body: str, blank: str = "______"):
    return notebook(lambda world: edit_exercise(student(blank), LAUNCH, body))


def _alice(world: World):
    return student("0.0", GOOD | {"explanation": GOOD["explanation"] + " " + world.secret})


def _without(grade_id: str):
    def make(world):
        nb = student("0.0")
        del nb.cells[index(nb, grade_id)]
        return nb

    return notebook(make)


def _edited(grade_id: str, old: str, new: str, blank: str = "0.0"):
    def make(world):
        nb = student(blank)
        target = cell(nb, grade_id)
        assert old in target.source, old
        target.source = target.source.replace(old, new)
        return nb

    return notebook(make)


def _reordered(world):
    nb = student("0.0")
    test = nb.cells.pop(index(nb, TEST_NORMAL))
    nb.cells.insert(index(nb, EXERCISE), test)
    return nb


def _metadata_stripped(world):
    nb = student("1.0")
    del cell(nb, TEST_NORMAL).metadata["nbgrader"]
    return nb


def _typed_in_record(world):
    nb = student("1.0")
    record = cell(nb, RECORD)
    text = "[运行记录] backend=interpret | CPU\n[运行记录] 已通过的检查：row_sum 可见检查\n"
    record.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)]
    record.execution_count = None
    return nb


def _canary_blank(world, name):
    save(world, name, student(f"__import__('os').system('touch {world.root / 'pwned'}')"))


def _v3(world, name):
    save_bytes(world, name, nbformat.writes(nbformat.convert(student("0.0"), 3)).encode())


def _other_assignment(world):
    nb = release()
    for number, each in enumerate(nb.cells):  # another lesson: its own text and exercise ids
        each.source = f"# 第 6 课：均值与方差 ({number})"
        meta = each.metadata.get("nbgrader", {})
        if meta.get("grade_id", "").startswith(("row_sum", "test_row_sum")):
            meta["grade_id"] = meta["grade_id"].replace("row_sum", "mean_var")
    return nb


def _huge(world, name):
    nb = student("0.0")
    padding = "x" * (4_000_000)  # over the 3 MB limit the test sets
    cell(nb, RECORD).outputs = [nbformat.v4.new_output("stream", name="stdout", text=padding)]
    save(world, name, nb)


def _bad_metadata(world):
    nb = student("0.0")
    cell(nb, TEST_NORMAL).metadata["nbgrader"] = "oops"
    return nb


def _two_notebooks(world, name):
    save_bytes(world, name, nbformat.writes(student("0.0")).encode(), "copy 1.ipynb")
    save_bytes(world, name, nbformat.writes(student("1.0")).encode(), "copy 2.ipynb")


def _symlink(world, name):
    link = world.notebook_path(name)
    link.parent.mkdir(parents=True)
    os.symlink(world.out / "batch.json", link)


def _flat(filename: str, data: bytes):
    return lambda world, name: (world.submissions / filename).write_bytes(data)


def _flat_and_folder(world, name):
    save(world, name, student("0.0"))
    (world.submissions / f"{name}.ipynb").write_bytes(nbformat.writes(student("0.0")).encode())


def _truncated(world, name):
    text = nbformat.writes(student("0.0"))
    save_bytes(world, name, text[: len(text) // 3].encode())


ATTACKS = [
    Attack("alice", "Is an honest student graded in full, whatever her classmates try?", notebook(_alice), (2, 1)),
    Attack("patch_assert_close", "Does rebinding torch.testing.assert_close veto and earn no code points?",
           patched("import torch\ntorch.testing.assert_close = lambda *args, **kwargs: None"), (0, 0),
           frozenset({LOOSENED}), frozenset({"monkeypatch"})),
    Attack("patch_assert_close_alias", "Does an import alias hide a monkeypatch of assert_close?",
           patched("import torch.testing as tt\ntt.assert_close = lambda *a, **k: None"), (0, 0),
           frozenset({LOOSENED}), frozenset({"monkeypatch"})),
    Attack("patch_allclose", "Does rebinding torch.allclose veto?",
           patched("torch.allclose = lambda *a, **k: True"), (0, 0), frozenset({LOOSENED}), frozenset({"monkeypatch"})),
    Attack("patch_numpy_testing", "Does rebinding numpy.testing through `from numpy import testing` veto?",
           patched("from numpy import testing as nt\nnt.assert_allclose = lambda *a, **k: None"), (0, 0),
           frozenset({LOOSENED}), frozenset({"monkeypatch"})),
    Attack("patch_showtraceback", "Does silencing IPython's showtraceback veto?",
           patched("get_ipython().showtraceback = lambda *a, **k: None"), (0, 0),
           frozenset({LOOSENED}), frozenset({"monkeypatch"})),
    Attack("patch_showtraceback_class", "Does patching InteractiveShell.showtraceback on the class veto?",
           patched("from IPython.core.interactiveshell import InteractiveShell\n"
                   "InteractiveShell.showtraceback = lambda *a, **k: None"), (0, 0),
           frozenset({LOOSENED}), frozenset({"monkeypatch"})),
    Attack("patch_all_checks", "Does silencing both the visible checks and the hidden tests' helper veto?",
           patched("import torch\nimport autograder.lesson.cases as cases\n"
                   "torch.testing.assert_close = lambda *a, **k: None\ncases.check_in_notebook = lambda *a, **k: None"),
           (0, 0), frozenset({LOOSENED}), frozenset({"monkeypatch"})),
    # Code changed beyond the blank is routed to a TA with the diff as evidence (status pending_review);
    # what the blank earns in the trusted template stands only provisionally, never as silent points.
    Attack("sum_instead_of_kernel", "Is replacing the launch with x.sum(1) routed to a TA with the diff?",
           kernel_replaced("    return x.sum(1)"), (0, 0), findings=frozenset({"code-uncertain"})),
    Attack("sum_with_wrong_blank", "Does x.sum(1) beside a wrong identity earn nothing?",
           kernel_replaced("    return x.sum(1)", "1.0"), (0, 0), findings=frozenset({"code-uncertain"})),
    Attack("cached_result", "Does returning a result cached from an earlier call earn nothing?",
           kernel_replaced("    if x.shape not in CACHE:\n        CACHE[x.shape] = x.sum(1)\n    return CACHE[x.shape]\n\n\nCACHE = {}", "1.0"),
           (0, 0), findings=frozenset({"code-uncertain"})),
    Attack("mutate_input", "Does zeroing the input (so the reference is zero too) earn nothing?",
           kernel_replaced("    x.zero_()\n    return torch.zeros(n_rows)"), (0, 0), findings=frozenset({"code-uncertain"})),
    Attack("delete_test_cell", "Does deleting the visible test cell veto?", _without(TEST_NORMAL), (2, 1),
           frozenset({LOOSENED}), frozenset({"test-cell-missing"})),
    Attack("delete_locked_cell", "Is a deleted locked prose/setup cell reported?", _without(FIGURE), (2, 1),
           findings=frozenset({"locked-cell-missing"})),
    Attack("edit_locked_cell", "Is an edited locked setup cell reported?",
           _edited(SETUP, "DEVICE = runtime.device()", "DEVICE = 'cpu'"), (2, 1),
           findings=frozenset({"locked-cell-changed"})),
    Attack("edit_test_cell", "Does replacing the test cell's checks veto?",
           _edited(TEST_NORMAL, VISIBLE_CHECK, "pass",
                   "1.0"), (0, 0), frozenset({LOOSENED}), frozenset({"test-cell-changed"})),
    Attack("reorder_cells", "Are reordered locked cells reported?", notebook(_reordered), (2, 1),
           findings=frozenset({"cells-reordered"})),
    Attack("strip_test_metadata", "Does stripping the test cell's nbgrader metadata veto?",
           notebook(_metadata_stripped), (0, 0), frozenset({LOOSENED}), frozenset({"test-cell-metadata-removed"})),
    Attack("loosen_tolerance", "Does a loosened tolerance veto?",
           _edited(TEST_NORMAL, "atol=1e-4, rtol=1e-4", "atol=100, rtol=100", "1.0"), (0, 0),
           frozenset({LOOSENED}), frozenset({"test-cell-changed"})),
    Attack("blank_runs_code", "Is a blank that runs code refused before anything runs (routed, not a veto)?", _canary_blank,
           (0, 0), check=lambda world, grade: _refused_and_not_run(world, grade)),
    Attack("claims_unrun_record", "Does a typed-in run record veto?", notebook(_typed_in_record), (0, 0),
           frozenset({UNRUN}), frozenset({"run-record-mismatch"})),
    Attack("claims_measured_in_words", "Does claiming a measured run in words, with no record, veto?",
           notebook(lambda world: student("0.0", GOOD | {"explanation": "我实测通过了所有检查，运行结果都正确。"})),
           (2, 1), frozenset({UNRUN})),
    Attack("truncated", "Is a truncated notebook an error for that student only?", _truncated, None,
           error="invalid JSON"),
    Attack("not_a_notebook", "Is a PNG named .ipynb an error?",
           lambda world, name: save_bytes(world, name, (LESSON_DIR / "img" / "padded-lanes.png").read_bytes()),
           None, error="not UTF-8"),
    Attack("json_not_notebook", "Is JSON without cells an error?",
           lambda world, name: save_bytes(world, name, json.dumps({"hello": "world"}).encode()), None, error="no cells"),
    Attack("nbformat_v3", "Is an nbformat 3 notebook a clear error?", _v3, None, error="format 3 is too old"),
    Attack("other_assignment", "Is another lesson's notebook refused as not this assignment?",
           notebook(_other_assignment), None, error=f"not {ASSIGNMENT}"),
    Attack("missing_notebook", "Is a folder without the notebook an error?",
           lambda world, name: save_bytes(world, name, b"my answers are in my head", "README.txt"), None,
           error="no notebook"),
    Attack("renamed_notebook", "Is a lone renamed notebook still graded?",
           lambda world, name: save_bytes(world, name, nbformat.writes(student("0.0")).encode(), "mine (1).ipynb"),
           (2, 1)),
    Attack("two_notebooks", "Are two notebooks, none with the right name, an error?", _two_notebooks, None,
           error="holds 2 notebooks"),
    Attack("huge_notebook", "Is a huge notebook refused before it is parsed?", _huge, None, error="over the"),
    Attack("deep_json", "Is deeply nested JSON an error, not a crash?",
           lambda world, name: save_bytes(world, name, b"[" * 200_000 + b"]" * 200_000), None,
           error="nested too deeply"),
    Attack("bad_metadata", "Is malformed nbgrader metadata an error, not a crash?", notebook(_bad_metadata), None,
           error="malformed nbgrader metadata"),
    Attack("Zoë 学生 ünïcode", "Is a Unicode name graded under a safe id?", notebook(lambda world: student("0.0")),
           (2, 1)),
    Attack("first last", "Is a name with spaces graded?", notebook(lambda world: student("0.0")), (2, 1)),
    Attack("..dots..", "Does a name with `..` stay inside the grading folder?", notebook(lambda world: student("0.0")),
           (2, 1)),
    Attack("linked", "Is a notebook that is a symbolic link refused?", _symlink, None, error="symbolic link"),
    Attack("essay.txt", "Is a flat file that is not a notebook an error, not silently skipped?",
           _flat("essay.txt", b"hello"), None, error="not a notebook file"),
    Attack("flat_dup", "Are a flat flat_dup.ipynb and a folder flat_dup/ both graded, apart?",
           _flat_and_folder, (2, 1)),
]  # fmt: skip


def _refused_and_not_run(world: World, grade: dict) -> None:
    assert not grade["blanks"][0]["allowed"] and grade["cases"] == [], grade["blanks"]
    assert not (world.root / "pwned").exists(), "the blank's code ran"
