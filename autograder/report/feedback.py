"""The student's feedback pages, in Chinese: the grade, each failed hidden case diagnosed, no hidden test.

``page`` is the grader's own page. The diagnosis of a failed case is the one the notebook's visible
checks print (course/diagnose/), kept in the grade by the hidden tests' comparison
(autograder/lesson/cases.py): the shape that failed, what the error looks like, what it points to,
the hint level, and the shapes that passed, read from the outputs and never from the answer.

``nbgrader_page`` puts Chinese on the labels of nbgrader's own page (its template is English), and
says that its score counts only the visible checks: the grade is on the grader's page.
"""

from __future__ import annotations

import re

from autograder.report import safe
from autograder.report.messages import render
from autograder.report.wording import PARTS, STATUS, VETOES, code, esc, name, number, prose
from course.diagnose import Diagnosis, padding_lanes, shape_text

# the case groups the lessons' specs declare; "visible" is the visible check, rerun by the grader
GROUPS = {"normal": "常规输入", "boundary": "边界输入", "visible": "可见检查（评分器重跑）"}
PASSED_HEADING = "同一批隐藏用例里通过了的形状"
CSS = (
    "table { border-collapse: collapse } td, th { border: 1px solid #888; padding: 4px; vertical-align: top }"
    " .pass { color: #1a7f37; font-weight: bold } .fail { color: #c62828; font-weight: bold }"
    " .review { color: #9a6700; font-weight: bold } pre { white-space: pre-wrap; margin: 4px 0 }"
)


def _lines(messages: list[str]) -> str:
    return "<br>".join(filter(None, (render(message) for message in messages)))


def _parts(entry: dict, grade: dict) -> str:
    rows = []
    for part, points in entry["parts"].items():
        stored = grade["parts"][part]
        # a TA's decision (reviewed_by) closes the question
        open_question = stored.get("needs_review") and not entry.get("reviewed_by")
        review = '<br><span class="review">这一部分待助教复核。</span>' if open_question else ""
        rows.append(
            f"<tr><td>{name(PARTS, part)}</td><td>{number(points)}</td>"
            f"<td>{number(stored['max_points'])}</td><td>{_lines(stored['detail'])}{review}</td></tr>"
        )
    head = "<tr><th>部分</th><th>得分</th><th>满分</th><th>反馈</th></tr>"
    return f"<table>{head}{''.join(rows)}</table>"


def _passed_shapes(cases: list[dict], most: int = 6) -> tuple[str, ...]:
    """The shapes that passed, those with no padding lane first: a wrong identity passes exactly those."""
    passed = [case for case in cases if case["passed"] and case.get("shape")]
    passed.sort(key=lambda case: padding_lanes(case["shape"][-1], case["block"] or 1) > 0)  # stable
    shapes = list(dict.fromkeys(shape_text(tuple(c["shape"]), c["block"], True) for c in passed))
    return tuple(shapes[:most]) + ((f"……（共 {len(shapes)} 种）",) if len(shapes) > most else ())


def _diagnosis(failed: list[dict], passed: tuple[str, ...], hints: list[str]) -> str:
    """The first failed case of a group that has a reading, told in full; else the run's own message."""
    read = next((case for case in failed if case.get("diagnosis")), None)
    if read is None:
        return f"<p>{render(failed[0]['detail'])}</p>"
    found = Diagnosis.from_dict({**read["diagnosis"], "passed": passed})
    lines = found.message(hints, passed_heading=PASSED_HEADING).splitlines()
    return "".join(f"<p>{prose(line)}</p>" for line in lines)


def _diagnoses(grade: dict) -> str:
    cases = [case for case in grade.get("cases") or [] if "group" in case]
    failed = [case for case in cases if not case["passed"]]
    if not failed:
        return ""
    passed, hints = _passed_shapes(cases), [blank["name"] for blank in grade.get("blanks") or []]
    sections = []
    for group in dict.fromkeys(case["group"] for case in failed):
        mine = [case for case in failed if case["group"] == group]
        kind = "个形状" if group == "visible" else "个隐藏用例"
        title = f"{name(GROUPS, group)}：{len(mine)} {kind}未通过"
        sections.append(f"<h3>{title}</h3>{_diagnosis(mine, passed, hints)}")
    intro = "<p>下面的诊断只根据你的 kernel 的输出读出来，不看参考答案；每组只详细说第一个未通过的用例。</p>"
    return f"<h2>代码诊断</h2>{intro}{''.join(sections)}"


def _vetoes(entry: dict) -> str:
    items = [
        f"<li><b>{name(VETOES, v['rule'])}</b>"
        f"{'' if v.get('certain', True) else '（待助教确认）'}：{render(v['evidence'])}</li>"
        for v in entry["vetoes"]
    ]
    return f"<h2>一票否决</h2><ul>{''.join(items) or '<li>无</li>'}</ul>"


def page(entry: dict, grade: dict) -> str:
    """The student's page: scores, what went wrong in each part, vetoes with evidence, no hidden test."""
    status = entry["status"]
    mark = {"pass": "pass", "pending_review": "review"}.get(status, "fail")  # a colour, and the word itself
    title = f"{esc(grade.get('label', entry['student']))}：{number(entry['total'])} / {number(entry['max'])}"
    errors = "".join(f"<li>{render(error)}</li>" for error in entry["errors"])
    body = (
        f'<h1>{title}（<span class="{mark}">{STATUS[status]}</span>）</h1>'
        f"{_parts(entry, grade)}{_diagnoses(grade)}{_vetoes(entry)}"
        f"<h2>无法评分的原因</h2><ul>{errors or '<li>无</li>'}</ul>"
    )
    return safe.page(entry["student"], body, [CSS])  # escaped above; cleaned again: belt and braces


# nbgrader's template, label by label (autograder runs it with no template of our own)
NBGRADER_LABELS = (
    (r"<h4>(?P<nb>[^<(]*) \(Score: (?P<a>[\d.]+) / (?P<b>[\d.]+)\)</h4>", r"<h4>\g<nb>（自动检查 \g<a> / \g<b> 分）</h4>"),
    (r'">Test cell</a> \(Score: (?P<a>[\d.]+) / (?P<b>[\d.]+)\)', r'">测试单元格</a>（\g<a> / \g<b> 分）'),
    (r'">Written response</a> \(Score: (?P<a>[\d.]+) / (?P<b>[\d.]+)\)', r'">书面回答</a>（\g<a> / \g<b> 分，由评分程序和助教评定）'),
    (r'">Coding free-response</a> \(Score: (?P<a>[\d.]+) / (?P<b>[\d.]+)\)', r'">编程作答</a>（\g<a> / \g<b> 分）'),
    (r'">Task</a> \(Score: (?P<a>[\d.]+) / (?P<b>[\d.]+)\)', r'">任务</a>（\g<a> / \g<b> 分）'),
    (r'">Comment</a>', r'">评语</a>'),
    (r'<span class="nbgrader-label">Student\'s answer</span>', r'<span class="nbgrader-label">你的答案</span>'),
    (r'<span class="nbgrader-label">Student\'s task</span>', r'<span class="nbgrader-label">你的任务</span>'),
    (r'<span class="nbgrader-label">Grade cell: ', r'<span class="nbgrader-label">评分单元格：'),
    (r'<span class="nbgrader-label">Task: ', r'<span class="nbgrader-label">任务：'),
    (r"(?P<pad>\s*)Score: (?P<a>[\d.]+) / (?P<b>[\d.]+)(?P<sp>\s*)<a", r"\g<pad>得分：\g<a> / \g<b>\g<sp><a"),
    (r'<a href="#top">\(Top\)</a>', r'<a href="#top">（回到顶部）</a>'),
    (r"<b>Comments:</b>", r"<b>评语：</b>"),
)  # fmt: skip
NBGRADER_NOTE = (
    "<p><b>这是 nbgrader 运行你的笔记本之后的页面。</b>这里的分数只算可见检查，"
    "书面回答在这里记 0 分；你的成绩、隐藏用例的诊断和一票否决见评分结果页 {page}。</p>"
)


def nbgrader_page(markup: str, student: str) -> str:
    """nbgrader's page (already made safe) with Chinese labels and a note on what its score counts."""
    for pattern, chinese in NBGRADER_LABELS:
        markup = re.sub(pattern, chinese, markup)
    note = NBGRADER_NOTE.format(page=code(f"{student}.html"))
    return markup.replace("<body>\n", f"<body>\n{note}\n", 1)
