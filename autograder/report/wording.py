"""What a student reads, in Chinese: names for the grader's stable ids, and its messages rendered.

The grader keeps stable English ids (part ids, veto rules, statuses, finding rules) in results.json,
the CSV and the instructor's pages, and several of its steps word their messages in English for the
TA. A student's page shows neither: ``name`` turns an id into its Chinese name here, and
autograder/report/messages.py turns each message the grader writes into Chinese HTML.
What is code (an identifier, an expression, a diff, an exception's own text) stays as written, in
code font: a student searches for it, and translating it would make it wrong.
"""

from __future__ import annotations

import html
import re

STATUS = {"pass": "通过", "fail": "未通过", "pending_review": "待助教复核", "error": "无法评分"}
PARTS = {
    "code_normal": "代码：常规输入",
    "code_boundary": "代码：边界输入",
    "code_explanation": "代码：实现说明",
    "explanation": "实现说明",  # the answer cell's grade_id, as veto evidence names it
    **{f"Q{n}": f"问题 {n}" for n in range(1, 10)},
}
# the seed's three vetoes, in the words the lessons use for them (section 1 of each lesson)
VETOES = {
    "wrong_causal_chain": "结果碰巧正确但因果链错误",
    "loosened_checks": "删除或放宽了检查",
    "unrun_claimed_as_measured": "把没有运行的结果说成实测",
}
FINDINGS = {
    "test-cell-changed": "测试单元格被改动",
    "test-cell-missing": "测试单元格被删除",
    "test-cell-metadata-removed": "测试单元格的评分标记被删除",
    "locked-cell-changed": "锁定的单元格被改动",
    "locked-cell-missing": "锁定的单元格被删除",
    "locked-cell-metadata-removed": "锁定单元格的评分标记被删除",
    "monkeypatch": "改写了库里的函数",
    "dynamic-code": "动态生成的代码",
    "cells-reordered": "评分单元格的顺序被打乱",
    "solution-cell-missing": "作答单元格被删除",
    "syntax-error": "语法错误",
    "code-uncertain": "代码无法确定",
    "run-record-mismatch": "运行记录与代码不符",
    "pass-condition": "通过条件",
}
EXCEPTIONS = {
    "BackendError": "后端无法使用",
    "CompilationError": "Triton 编译错误",
    "OutOfResources": "GPU 资源不足",
    "RuntimeError": "运行时错误",
    "AssertionError": "断言失败",
    "TypeError": "类型错误",
    "ValueError": "取值错误",
    "IndexError": "下标越界",
    "KeyError": "找不到键",
    "NameError": "名字没有定义",
    "AttributeError": "没有这个属性",
    "ZeroDivisionError": "除以零",
    "OverflowError": "数值溢出",
    "MemoryError": "内存不足",
    "NotImplementedError": "尚未实现",
    "SyntaxError": "语法错误",
    "ImportError": "导入失败",
    "ModuleNotFoundError": "找不到模块",
    "TimeoutError": "超时",
}
# code that Chinese text (a diagnosis, a rubric's feedback) names without backticks: hint calls,
# infinities, the mask, tl functions, snake_case identifiers (n_cols, BLOCK_SIZE) and the blank ______
CODE_IN_TEXT = re.compile(
    r'hint\("[^"]+", \d\)|float\("[+-]?inf"\)|cols < N|tl\.\w+(?:\([^)]*\))?'
    r"|\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b|_{3,}"
)
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def number(value):
    """2.0 -> 2: points and maxima read back from JSON print as the spec wrote them."""
    return int(value) if float(value).is_integer() else value


def esc(text: str) -> str:
    return html.escape(str(text), quote=False)


def code(text: str) -> str:
    return f"<code>{esc(text)}</code>"


def pre(text: str) -> str:
    return f"<pre><code>{esc(text)}</code></pre>"


def name(kind: dict, key: str) -> str:
    """An id's Chinese name as HTML; an id with none yet stays visible as code, never as prose."""
    return esc(kind[key]) if key in kind else code(key)


def exception(kind: str) -> str:
    return esc(EXCEPTIONS.get(kind, "程序出错"))


def prose(text: str) -> str:
    """Chinese text as HTML: `backticked` spans and the code a diagnosis names become code font."""
    pieces = re.split(r"`([^`\n]+)`", str(text))
    out = []
    for index, piece in enumerate(pieces):
        if index % 2:
            out.append(code(piece))
            continue
        last = 0
        for match in CODE_IN_TEXT.finditer(piece):
            out += [esc(piece[last : match.start()]), code(match.group())]
            last = match.end()
        out.append(esc(piece[last:]))
    return "".join(out).replace("\n", "<br>")


def plain(markup: str) -> str:
    """The same text without markup (Gradescope shows plain text): inline code keeps its backticks."""
    text = re.sub(r"<br>", "\n", markup)
    text = re.sub(r"<pre><code>(.*?)</code></pre>", lambda m: f"\n{m.group(1)}\n", text, flags=re.S)
    text = re.sub(r"<code>(.*?)</code>", lambda m: f"`{m.group(1)}`", text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()
