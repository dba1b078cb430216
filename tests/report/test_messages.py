"""autograder/report/messages.py: every message the grader writes for a student has a Chinese rule.

Where the step that writes a message is public, the message comes from that step itself (a file
that cannot be read, a changed test cell, a monkeypatch, an unsure blank reading, an unrun claim),
so a new wording upstream fails here; the rest are copied from the step that writes them.
"""

from __future__ import annotations

import json

import nbformat
import pytest
from english import bare_english

from autograder.integrity import cells, runrecord
from autograder.integrity.blank_reader import read_blanks
from autograder.integrity.submissions import SubmissionError, discover, read_notebook, single
from autograder.lesson.registry import lesson
from autograder.report.messages import render, translate

ITEM = lesson("lesson05-row-sum")
RELEASE = nbformat.read(ITEM.release_notebook, as_version=4)


def _cell(nb, grade_id: str):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def _chinese(message: str) -> str:
    """The message's Chinese HTML, checked: a rule of its own, and no English outside code font."""
    assert translate(message) is not None, message
    said = render(message)
    assert bare_english(said) == [], (message, said)
    return said


# --- copied from the steps that write them (private there, or needing a real limit to be hit) ----------

COPIED = [
    ("time limit of 60 s reached (during run irregular zeros 3x100 (exact))", "60 秒"),  # sandbox._why
    ("compilation time limit of 30 s reached (during compile irregular 5x100)", "编译 kernel 时"),
    ("execution time limit of 20 s reached", "运行时间"),
    ("CPU time limit of 40 s reached (during import)", "导入代码时"),
    ("file size limit of 64 MiB reached", "64 MiB"),
    ("memory limit of 2048 MiB reached (during run one row 1x300)", "内存"),
    ("killed by SIGKILL (the CPU time limit of 40 s, or the system)", "强制结束"),
    ("sandbox setup failed: cannot mount /proc", "沙箱"),  # jail.py
    ("the kernel run crashed (exit -11): Segmentation fault", "退出码 -11"),  # harness._run_child
    ("did not finish: time limit of 60 s reached (during run x)", "没有运行完"),  # harness.run_harness
    ("no output", "没有输出"),
    ("returned NoneType, not a tensor", "<code>NoneType</code>"),  # harness_child._keep
    ("RuntimeError: Triton Error [CUDA]: an illegal memory access", "运行时错误"),  # harness_child.main
    ("CompilationError: at 10:4: unsupported", "Triton 编译错误"),
    ("internal error while grading (KeyError: 'x' at grade.py:3); please report it", "内部出错"),  # batch.py
    ("Q1: zero_padding_fine: “padding lane 填 0 也行”", "问题 1 里的这句话"),  # grade.step_rubric
    ("explanation: TA label", "实现说明：助教已经认定"),
    ("TA: 第 2 问已人工复核", "助教：第 2 问已人工复核"),  # policy.apply
    ("other = 1e-30：`1e-30` 不是单位元", "<code>other = 1e-30</code>"),  # grade.step_harness
    (
        "隐藏用例失败：输出 log_softmax：形状 3×50（N = 50，BLOCK = 64）：全部 3 行有错。",
        "<code>log_softmax</code>",
    ),
]


@pytest.mark.parametrize(("message", "shows"), COPIED)
def test_each_copied_message_is_said_in_chinese(message, shows):
    """Is each message of the sandbox, the harness, the batch and the rubric's vetoes said in Chinese?"""
    assert shows in _chinese(message)


def test_a_missing_point_s_id_is_dropped_and_unknown_text_is_marked_as_the_grader_s():
    """Is "未答到：<id>" dropped (its sentence is already there), and an unknown English message shown as code, never bare?"""
    assert render("未答到：impl_reason") == ""
    said = render("a brand new message from the grader")
    assert said.startswith("评分程序的原始信息：<code>") and bare_english(said) == []


# --- from the steps themselves --------------------------------------------------------------------------


def _unreadable(tmp_path, name: str, data: bytes | str) -> str:
    path = tmp_path / f"{name}.ipynb"
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    with pytest.raises(SubmissionError) as raised:
        read_notebook(single(path, ITEM.assignment), ITEM.assignment, max_bytes=1_000_000)
    return str(raised.value)


@pytest.mark.parametrize(
    ("name", "data", "shows"),
    [
        ("broken", '{"cells": [', "JSON 有错"),
        ("latin", b"\xff\xfe\x00", "UTF-8"),
        ("empty", "{}", "没有单元格"),
        ("old", '{"cells": [], "nbformat": 3}', "太旧"),
        ("huge", "{" + " " * 1_000_001 + "}", "MB 的上限"),
        ("bad_meta", json.dumps({**nbformat.v4.new_notebook(), "cells": [
            {**nbformat.v4.new_code_cell("x"), "metadata": {"nbgrader": {"grade_id": 3}}}]}), "评分标记已损坏"),
        ("foreign", nbformat.writes(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])), "这不是作业"),
    ],
)  # fmt: skip
def test_a_file_that_cannot_be_read_is_explained_in_chinese(tmp_path, name, data, shows):
    """Is each reason a notebook cannot be read (bad JSON, not UTF-8, too old, too big, foreign) said in Chinese?"""
    assert shows in _chinese(_unreadable(tmp_path, name, data))


def test_a_folder_that_holds_no_gradable_notebook_is_explained_in_chinese(tmp_path):
    """Are a linked submission, a folder with two notebooks and a folder with none explained in Chinese?"""
    (tmp_path / "real.ipynb").write_text("{}", encoding="utf-8")
    (tmp_path / "linked.ipynb").symlink_to(tmp_path / "real.ipynb")
    for student, names in (("two", ("a.ipynb", "b.ipynb")), ("none", ())):
        folder = tmp_path / student / ITEM.assignment
        folder.mkdir(parents=True)
        for file in names:
            (folder / file).write_text("{}", encoding="utf-8")
    problems = {s.student: s.problem for s in discover(tmp_path, ITEM.assignment) if s.problem}
    assert "符号链接" in _chinese(problems["linked"])
    assert "2 个笔记本" in _chinese(problems["two"]) and "找不到笔记本" in _chinese(problems["none"])


def test_a_changed_or_deleted_test_cell_and_a_monkeypatch_are_said_in_chinese():
    """Are the loosened-check vetoes' evidence (a changed test cell as a diff, a deleted one, a patch) in Chinese?"""
    student = nbformat.reads(nbformat.writes(RELEASE), as_version=4)
    test = _cell(student, "test_row_sum_normal")
    test.source = test.source.replace("atol=1e-4", "atol=100")
    student.cells.remove(_cell(student, "test_row_sum_boundary"))
    student.cells.append(nbformat.v4.new_code_cell("torch.testing.assert_close = lambda *a, **k: None"))
    found = cells.locked_cells(RELEASE, student) + cells.monkeypatches(student)
    said = {f.rule: _chinese(f"{f.rule}: {f.evidence}") for f in found if f.veto}  # as grade.step_integrity
    assert "<pre><code>-checks" in said["test-cell-changed"]
    assert "<code>test_row_sum_boundary</code>" in said["test-cell-missing"]
    assert (
        "<code>torch.testing.assert_close = lambda *a, **k: None</code> 改写了 <code>torch</code>"
        in said["monkeypatch"]
    )


@pytest.mark.parametrize(
    ("edit", "shows"),
    [
        (lambda s: s.replace("    row = tl.program_id(0)", "    row = tl.program_id(0) + 0"), "除了空以外还有改动"),
        (lambda s: s[: s.index("def row_sum(x)")], "没有 <code>row_sum</code>"),
        (lambda s: "tl = triton.language\n" + s, "重新绑定了"),
        (lambda s: s + "\n\n" + s[: s.index("def row_sum(x)")], "被定义了 2 次"),
        (lambda s: s.replace("    tl.store(", "    tl.load(row_ptr + cols, mask=mask, other=0.0)\n    tl.store("), "发布版有 1 处"),
    ],
)  # fmt: skip
def test_an_unsure_reading_of_the_blank_is_said_in_chinese(edit, shows):
    """Is each reason the grader cannot be sure what runs (an edit beyond the blank, a rebinding...) in Chinese?"""
    source = _cell(RELEASE, "row_sum_kernel").source
    student = edit(source.replace("______", "0.0"))
    evidence = read_blanks(source, student, ["other"]).evidence
    assert evidence and any(shows in _chinese(e) for e in evidence), evidence


def test_an_unrun_claim_is_said_in_chinese():
    """Is each sentence of the unrun-claimed-as-measured veto said in Chinese?"""
    typed = runrecord.RunEvidence(["[record] 可见检查通过"], False, False, True, False, "我实测了 3 次")
    failed = runrecord.RunEvidence(
        ["x"], True, True, True, False, "", [{"status": "passed", "code": "h"}], 3, "h"
    )
    claim = runrecord.RunEvidence([], False, False, False, False, "我在 GPU 上实测过")
    sentences = runrecord.unrun_claims(typed, None) + runrecord.unrun_claims(failed, True)
    sentences += runrecord.unrun_claims(claim, None)
    assert len(sentences) == 4
    said = [_chinese(sentence) for sentence in sentences]
    assert (
        "手工写上去的" in said[0]
        and "重新运行同一个检查时没有通过" in said[2]
        and "我在 GPU 上实测过" in said[3]
    )
