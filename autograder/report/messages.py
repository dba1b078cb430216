"""Every message the grader writes that a student can read, in Chinese: one rule per message.

The grader's steps word some messages in English for the TA (the sandbox's limits, the integrity
findings, the run-record checks, a refused file). Each rule below matches one such message exactly
(``re.fullmatch``) and says it in Chinese, keeping what is code (names, expressions, diffs, an
exception's own text) in code font. A message that gains a new wording upstream stops matching and
shows as "评分程序的原始信息" in code font: never bare English, and the feedback test names it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from autograder.report.wording import (
    CJK,
    FINDINGS,
    PARTS,
    code,
    esc,
    exception,
    name,
    pre,
    prose,
)

RULES: list[tuple[re.Pattern, Callable[[re.Match], str]]] = []


def rule(pattern: str):
    """Register how one message is said in Chinese (the pattern must match the whole message)."""

    def add(say: Callable[[re.Match], str]) -> Callable[[re.Match], str]:
        RULES.append((re.compile(pattern, re.S), say))
        return say

    return add


def translate(message: str) -> str | None:
    for pattern, say in RULES:
        match = pattern.fullmatch(message)
        if match:
            return say(match)
    return None


def render(message: str) -> str:
    """One grader message as Chinese HTML; "" for a line that repeats what the page already says."""
    found = translate(message)
    if found is not None:
        return found
    if CJK.search(message) or not re.search(r"[A-Za-z]{2}", message):
        return prose(message)
    # a message no one has put into Chinese yet: said to be the grader's, and shown as it came
    return f"评分程序的原始信息：{code(message)}"


# --- lines of a part's feedback ------------------------------------------------------------------

rule(r"隐藏用例失败：(?P<rest>.*)")(lambda m: "隐藏用例未通过：" + render(m["rest"]))
rule(r"需要助教核对：(?P<rest>.*)")(lambda m: "需要助教核对：" + render(m["rest"]))
# the rubric lists a missing point twice, as its sentence and as its id: the sentence is enough
rule(r"未答到：[A-Za-z_][\w-]*")(lambda m: "")
rule(r"TA: ?(?P<note>.*)")(lambda m: "助教：" + prose(m["note"]))
rule(r"输出 (?P<out>[^：\n]+)：(?P<rest>.*)")(lambda m: f"输出 {code(m['out'])}：{render(m['rest'])}")
rule(r"(?P<blank>[A-Za-z_]\w*) = (?P<answer>[^\n]*?)：(?P<reason>.*)")(
    lambda m: f"{code(m['blank'] + ' = ' + m['answer'])}：{render(m['reason'])}"
)

# --- the run of the student's kernel -------------------------------------------------------------

BACKEND = (
    (r"backend 'cuda' was asked for, but torch sees no CUDA GPU here", "要求在 CUDA GPU 上运行，但这台机器上没有可用的 GPU。"),
    (r"unknown backend '(?P<b>[^']*)'; choose one of (?P<all>.*)", "未知的后端 {b}，可选的是 {all}。"),
    (r"triton was imported before the backend was chosen.*", "选择后端之前就导入了 triton：重启内核，先运行设置单元格。"),
    (r"no backend selected yet.*", "还没有选择后端：先运行设置单元格（course.runtime.select()）。"),
)  # fmt: skip


def backend(text: str) -> str:
    """BackendError's own message in Chinese; the machine's problem, not the student's."""
    for pattern, said in BACKEND:
        match = re.fullmatch(pattern, text.strip())
        if match:
            return prose(said.format(**{k: f"`{v}`" for k, v in match.groupdict().items()}))
    return code(text)


@rule(r"(?P<exc>[A-Z]\w*(?:Error|Exception|Resources|Interrupt)): (?P<msg>.*)")
def _exception(m: re.Match) -> str:
    if m["exc"] == "BackendError":
        return f"{exception('BackendError')}（{code('BackendError')}）：{backend(m['msg'])}"
    return f"{exception(m['exc'])}：{code(m.group())}"


@rule(r"the kernel run crashed \(exit (?P<exit>-?\d+)\): (?P<tail>.*)")
def _crash(m: re.Match) -> str:
    found = re.search(r"BackendError: (?P<msg>[^|]*)", m["tail"])
    if found:
        return (
            f"运行 kernel 的进程没能启动，{exception('BackendError')}（{code('BackendError')}）："
            f"{backend(found['msg'])}这不是你代码的问题：助教会在能运行的机器上重新评分。"
        )
    return f"kernel 运行崩溃（退出码 {esc(m['exit'])}），最后几行输出：{code(m['tail'])}"


rule(r"did not finish: (?P<why>.*)")(lambda m: "没有运行完：" + render(m["why"]))
rule(r"no output")(lambda m: "这个用例没有输出：kernel 在它之前就停下了。")
rule(r"returned (?P<type>\w+), not a tensor")(lambda m: f"返回了 {code(m['type'])}，不是张量。")

PHASES = {"import": "导入代码时", "compile": "编译 kernel 时", "run": "运行隐藏用例时", "done": "收尾时"}
LIMIT = r"(?P<where> \(during (?P<phase>\w+).*\))?"  # the case's name may hold parentheses


def _during(m: re.Match) -> str:
    return f"（{PHASES.get(m['phase'], '运行时')}）" if m["where"] else ""


LIMITS = (
    (r"time limit of (?P<n>[\d.]+) s reached", "总时间超过了 {n} 秒的上限"),
    (r"compilation time limit of (?P<n>[\d.]+) s reached", "编译时间超过了 {n} 秒的上限"),
    (r"execution time limit of (?P<n>[\d.]+) s reached", "运行时间超过了 {n} 秒的上限"),
    (r"CPU time limit of (?P<n>[\d.]+) s reached", "CPU 时间超过了 {n} 秒的上限"),
    (r"file size limit of (?P<n>\d+) MiB reached", "写出的文件超过了 {n} MiB 的上限"),
    (r"memory limit of (?P<n>\d+) MiB reached", "内存超过了 {n} MiB 的上限"),
    (r"killed by SIGKILL \(the CPU time limit of (?P<n>[\d.]+) s, or the system\)", "进程被强制结束（CPU 时间 {n} 秒的上限，或系统）"),
)  # fmt: skip
for _pattern, _said in LIMITS:
    rule(_pattern + LIMIT)(lambda m, said=_said: esc(said.format(n=m["n"])) + _during(m) + "。")

rule(r"sandbox setup failed: (?P<why>.*)")(
    lambda m: f"评分用的沙箱没能启动（不是你代码的问题，助教会处理）：{code(m['why'])}"
)
rule(r"internal error while grading \((?P<what>.*)\); please report it")(
    lambda m: f"评分程序内部出错（不是你代码的问题，助教会处理）：{code(m['what'])}"
)

# --- a file that cannot be graded ----------------------------------------------------------------

FILES = (
    (r"not a notebook: invalid JSON \((?P<msg>.*) at line (?P<line>\d+)\)", "文件不是有效的笔记本：第 {line} 行的 JSON 有错（{msg}）。请在 Jupyter 里打开、保存后重新提交。"),
    (r"not a notebook: the file is not UTF-8 text", "文件不是笔记本：它不是 UTF-8 文本。"),
    (r"not a notebook: the JSON is nested too deeply", "文件不是笔记本：JSON 嵌套得太深。"),
    (r"not a notebook: the JSON has no cells", "文件不是笔记本：JSON 里没有单元格。"),
    (r"not a valid notebook: (?P<why>.*)", "笔记本的格式不对：{why}"),
    (r"notebook format (?P<v>\d+) is too old.*", "笔记本格式（版本 {v}）太旧：请在 Jupyter 里打开并重新保存。"),
    (r"notebook is (?P<mb>[\d.]+) MB, over the (?P<limit>\d+) MB limit", "笔记本有 {mb} MB，超过了 {limit} MB 的上限：清除输出后再提交。"),
    (r"cell (?P<i>\d+) has malformed nbgrader metadata.*", "第 {i} 个单元格的评分标记已损坏：请重新下载作业，把答案抄过去。"),
    (r"this notebook is not (?P<a>[\w-]+): none of its \w+ cells are here", "这不是作业 {a} 的笔记本：里面没有这次作业的评分单元格。"),
    (r"cannot read the notebook: (?P<why>.*)", "无法读取笔记本：{why}"),
    (r"the submission is a symbolic link", "提交的是一个符号链接，不是文件。"),
    (r"(?P<p>.+?) is a symbolic link(?:, not a .*)?", "{p} 是符号链接，不是学生自己的文件。"),
    (r"(?P<p>.+?): the path leaves its folder", "{p} 离开了提交的文件夹。"),
    (r"(?P<p>.+?) is not a regular file", "{p} 不是普通文件。"),
    (r"(?P<p>.+?) changed while it was being opened", "{p} 在打开时被改动了。"),
    (r"(?P<p>.+?) is a folder, not a file", "{p} 是文件夹，不是文件。"),
    (r"(?P<p>.+?) is not a notebook file", "{p} 不是笔记本文件（应为 .ipynb）。"),
    (r"cannot list (?P<p>.+?): (?P<why>.*)", "无法列出 {p}：{why}"),
    (r"(?P<p>.+?) holds (?P<n>\d+) notebooks \((?P<names>.*)\) and none is named (?P<want>.+)", "{p} 里有 {n} 个笔记本（{names}），没有一个叫 {want}。"),
    (r"no notebook (?P<p>\S+)(?: in the student's folder)?", "找不到笔记本 {p}。"),
    (r"the notebook is the same file \(a hard link\) as (?P<others>.*)'s", "这个笔记本和 {others} 的是同一个文件（硬链接）。"),
    (r"refused: (?P<why>.*)", "拒绝读取：{why}"),
)  # fmt: skip
NUMBERS = {"line", "v", "mb", "limit", "i", "n"}  # said as they are; everything else is a name: code


def _file(said: str):
    def say(m: re.Match) -> str:
        parts = {k: esc(v) if k in NUMBERS else code(v) for k, v in m.groupdict().items()}
        if "why" in parts and m["why"]:
            parts["why"] = render(m["why"])  # refused: <a path message>
        return _format(said, parts)

    return say


def _format(said: str, parts: dict) -> str:
    pieces = re.split(r"\{(\w+)\}", said)
    return "".join(parts[p] if i % 2 else esc(p) for i, p in enumerate(pieces))


for _pattern, _said in FILES:
    rule(_pattern)(_file(_said))

# --- the evidence of a veto ----------------------------------------------------------------------

rule(r"(?P<rule>test-cell-changed|locked-cell-changed): (?P<diff>.*)")(
    lambda m: f"{name(FINDINGS, m['rule'])}（- 是发布的原文，+ 是提交的内容）：{pre(m['diff'])}"
)
rule(r"(?P<rule>[a-z]+(?:-[a-z]+)+|monkeypatch): (?P<evidence>.*)")(
    lambda m: f"{name(FINDINGS, m['rule'])}：{render(m['evidence'])}"
)
rule(r"cell (?P<id>\S+) is not in the submission as released")(
    lambda m: f"提交里没有按发布时的样子保留单元格 {code(m['id'])}。"
)
rule(r"cell (?P<id>\S+) was deleted")(lambda m: f"单元格 {code(m['id'])} 被删除了。")
rule(r"graded cells are out of order, first at (?P<id>\S+)")(
    lambda m: f"评分单元格的顺序被打乱了，第一处在 {code(m['id'])}。"
)


@rule(r"(?P<where>.+?), line (?P<line>\d+): `(?P<code>.+)` writes into (?P<target>.+)")
def _patch(m: re.Match) -> str:
    cell = re.fullmatch(r"cell (\d+)", m["where"])
    where = f"编号 {cell[1]} 的单元格（从 0 数起）" if cell else f"单元格 {code(m['where'])}"
    return f"{where}第 {m['line']} 行的 {code(m['code'])} 改写了 {code(m['target'])}。"


rule(r"(?P<q>Q\d+|explanation): [\w-]+: “(?P<sentence>.*)”")(
    lambda m: (
        f"{name(PARTS, m['q'])} 里的这句话把因果关系说错了：“{esc(m['sentence'])}”（错在哪里见这一题的反馈）。"
    )
)
rule(r"(?P<q>Q\d+|explanation): TA label")(lambda m: f"{name(PARTS, m['q'])}：助教已经认定。")

RECORD = (
    (r"the run record is present but its cell was never executed \(typed-in output\)", "有运行记录，但它所在的单元格从没运行过（输出是手工写上去的）。"),
    (r"the run record says the visible check passed, but the test cell was never executed", "运行记录说可见检查通过了，但测试单元格从没运行过。"),
    (r"the run record says the visible check passed on the submitted code, but the grader's run of the same check on this code fails it", "运行记录说提交的代码通过了可见检查，但评分程序在这份代码上重新运行同一个检查时没有通过。"),
    (r"the answers claim a measured run \(“(?P<claim>.*)”\) but the notebook holds no run record", "回答里说做过实测（“{claim}”），但笔记本里没有运行记录。"),
)  # fmt: skip
for _pattern, _said in RECORD:
    rule(_pattern)(lambda m, said=_said: _format(said, {k: esc(v) for k, v in m.groupdict().items()}))

# --- what the grader could not be sure of in the exercise cell ----------------------------------

rule(r"`(?P<name>[^`]+)` is missing from the submitted cell")(
    lambda m: f"提交的单元格里没有 {code(m['name'])}。"
)
rule(r"`(?P<name>[^`]+)` differs from the release beyond the blank:\n(?P<diff>.*)")(
    lambda m: f"{code(m['name'])} 除了空以外还有改动（- 是发布的原文，+ 是提交的内容）：{pre(m['diff'])}"
)
rule(r"line (?P<line>\d+): `(?P<code>[^`]+)` rebinds (?P<what>.*)")(
    lambda m: f"第 {m['line']} 行的 {code(m['code'])} 重新绑定了 {prose(m['what'])}。"
)
rule(r"(?P<f>\w+) is defined (?P<n>\d+) times")(lambda m: f"{code(m['f'])} 被定义了 {m['n']} 次。")
rule(
    r"`(?P<call>[^`]+)` in `(?P<f>[^`]+)`: the release has (?P<a>\d+) such call\(s\), the submission (?P<b>\d+)"
)(lambda m: f"{code(m['f'])} 里的 {code(m['call'])}：发布版有 {m['a']} 处，提交里有 {m['b']} 处。")
