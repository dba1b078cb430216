"""autograder/report/feedback.py: the student's page in Chinese, each failed hidden case diagnosed, no leak."""

from __future__ import annotations

import pytest
from english import bare_english
from test_reports import PAYLOADS, _grade, _live

from autograder.integrity.submissions import discover
from autograder.lesson.registry import REPO_ROOT, lesson
from autograder.pipeline.grade import Context, grade_one
from autograder.report import feedback, reports, safe

EXAMPLES = REPO_ROOT / "examples" / "submissions"
_graded: dict = {}


def graded(assignment: str, student: str, backend: str = "interpret") -> tuple[dict, dict, str]:
    """One example graded by the real pipeline (no nbgrader run): its results entry, grade and page."""
    key = (assignment, student, backend)
    if key not in _graded:
        item = lesson(assignment)
        submission = next(s for s in discover(EXAMPLES, assignment) if s.student == student)
        grade = grade_one(Context(item, backend, 11, None), submission).to_json()
        entry = reports.final(grade, None, item.spec.pass_rule)
        _graded[key] = entry, grade, feedback.page(entry, grade)
    return _graded[key]


def test_our_feedback_page_is_escaped_and_has_a_csp():
    """Does our feedback page show a student's markup as text, under a policy that forbids scripts?"""
    entry, grade = _grade("".join(PAYLOADS))
    page = feedback.page(entry, grade)
    assert page.startswith(safe.SANITIZED) and "script-src" not in page and "default-src 'none'" in page
    assert _live(page) == [] and "&lt;script&gt;" in page  # shown, not run


def test_the_page_names_the_failing_shape_and_what_passed():
    """Does the feedback page name the failing shape, read the error, give the hint and list the power-of-two pass?"""
    _, _, page = graded("lesson05-row-sum", "bob")  # other=1.0
    assert "形状 5×100（N = 100，BLOCK = 128）的检查未通过" in page
    assert "全部 5 行都偏了同一个量 28，正好是 28 × 1.0" in page and "单位元" in page
    assert '<code>hint("other", 2)</code>（第 2 级）' in page
    passed = page[page.index("同一批隐藏用例里通过了的形状") :].split("</p>")[0]
    assert "8×64（N = BLOCK = 64，没有 padding lane）" in passed and "5×100" not in passed


@pytest.mark.parametrize(
    ("assignment", "reading", "hints"),
    [
        ("lesson05-row-sum", "28 × 1.0", ('hint("other", 2)',)),
        (
            "lesson06-mean-var",
            "正确值的 100/128 = 0.78125 倍",
            ('hint("divisor", 2)', 'hint("centered_other", 2)'),
        ),
        ("lesson07-softmax", "每一行的所有元素都乘上了同一个系数", ('hint("other", 2)', 'hint("shift", 2)')),
    ],
)
def test_every_lesson_gets_its_diagnosis(assignment, reading, hints):
    """Does each lesson's wrong blank get a diagnosis read from its outputs, naming each blank's hint?"""
    _, grade, page = graded(assignment, "bob")
    assert "<h2>代码诊断</h2>" in page and reading in page
    assert all(f"<code>{hint}</code>" in page for hint in hints)
    assert all(case["diagnosis"] for case in grade["cases"] if not case["passed"])


@pytest.mark.parametrize(
    ("assignment", "student", "backend", "shows"),
    [
        ("lesson05-row-sum", "bob", "interpret", "隐藏用例未通过"),  # failing
        ("lesson05-row-sum", "dave", "interpret", "测试单元格被改动"),  # vetoed: a loosened check
        ("lesson05-row-sum", "erin", "interpret", "改写了"),  # vetoed: assert_close patched
        ("lesson07-softmax", "bob", "interpret", "把因果关系说错了"),  # vetoed: a misconception
        ("lesson05-row-sum", "alice", "cuda", "后端无法使用"),  # backend error: no GPU for the harness
        ("lesson05-row-sum", "frank", "interpret", "文件不是有效的笔记本"),  # cannot be graded
    ],
)
def test_no_english_leaks_into_the_page(monkeypatch, assignment, student, backend, shows):
    """Is everything a student reads on the page Chinese, with ids, exception names and sentences translated?

    Code (identifiers, diffs, an exception's own text) may stay in code font; course terms, numbers and
    Triton/torch API names may stand in the text. Every message must have a Chinese rule: none falls back.
    """
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")  # the backend error, on a GPU runner too
    entry, _, page = graded(assignment, student, backend)
    assert shows in page
    assert bare_english(page, ignore=(student,)) == []
    assert "评分程序的原始信息" not in page


def test_the_leak_check_catches_what_the_page_used_to_show():
    """Would the leak check catch a part id, a veto rule, an exception name and an English sentence, but not code?"""
    old = "<td>code_normal</td><b>wrong_causal_chain</b>BackendError: the run record says<code>n_cols</code>"
    assert bare_english(old) == [
        "code_normal",
        "wrong_causal_chain",
        "BackendError",
        "the",
        "run",
        "record",
        "says",
    ]


def test_an_uncertain_veto_says_a_ta_will_confirm_it():
    """Is a veto a TA must still confirm marked as such, and the status a word with a colour class?"""
    entry, _, page = graded("lesson07-softmax", "bob")
    assert any(not veto["certain"] for veto in entry["vetoes"]) and "（待助教确认）" in page
    assert '<span class="fail">未通过</span>' in page


NBGRADER = (
    "<!DOCTYPE html>\n<html>\n<head></head>\n<body>\n<h4>lesson05-row-sum (Score: 1.0 / 10.0)</h4>"
    '<ol><li><a href="#test_row_sum_normal">Test cell</a> (Score: 0.0 / 2.0)</li>'
    '<li><a href="#Q1">Written response</a> (Score: 0.0 / 2.0)</li><li><a href="#comment-Q1">Comment</a></li></ol>'
    '<div class="panel-heading"><span class="nbgrader-label">Student\'s answer</span>'
    '<span class="pull-right">\n      Score: 0.0 / 2.0 <a href="#top">(Top)</a>\n  </span></div>'
    '<div class="panel-heading"><span class="nbgrader-label">Grade cell: <code>test_row_sum_normal</code></span>'
    '<div class="panel-footer"><div><b>Comments:</b> ok</div></div>\n</body>\n</html>\n'
)


def test_nbgrader_s_page_gets_chinese_labels_and_says_what_its_score_counts():
    """Are nbgrader's English labels (Test cell, Score, Student's answer...) in Chinese, with a note that its score is the visible checks only?"""
    page = feedback.nbgrader_page(NBGRADER, "bob")
    for english in (
        "Score",
        "Test cell",
        "Written response",
        "Comment",
        "Student's answer",
        "Grade cell",
        "(Top)",
    ):
        assert english not in page, english
    assert "自动检查 1.0 / 10.0 分" in page and "只算可见检查" in page and "<code>bob.html</code>" in page
