"""The run record: what really ran in this kernel session, printed into the notebook.

The grader reads these printed lines back (``RECORD_MARK``). Each check is tied to
the code that made it: when a locked test cell calls ``passed``, the record notes
the hash of the exercise cell that defined the functions the test calls (the
latest run of it), the hash of its Triton loads (where the blanks are) and the
execution count. Running the exercise again with other code makes the check
stale, and a failed run of the test cell clears "passed". A student with nothing
to run on writes the declaration ``STATIC_ONLY`` instead.
"""

from __future__ import annotations

import ast
import datetime as _dt
import hashlib
import io
import json
import platform
import re
import tokenize

from course import runtime
from course.diagnose import BOLD, GREEN, PASS_WORD, RESET

RECORD_MARK = "[运行记录]"
STATIC_ONLY = "仅静态审查"
BLANK_CALLS = ("load", "where")  # the Triton calls whose arguments hold the lessons' blanks

_checks: dict[str, dict] = {}  # check name -> {"status", "run", "code", "blank", "defines"}
_PASSED_CALL = re.compile(r"record\.passed\(\s*['\"](?P<name>[^'\"]+)['\"]")


def _python(source: str) -> str:
    """The cell without IPython magics and shell lines (kept as empty lines, so line numbers hold)."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())


def _tree(source: str) -> ast.Module | None:
    try:
        return ast.parse(_python(source))
    except SyntaxError:
        return None


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def code_hash(source: str) -> str:
    """The hash of a cell's code, blind to comments, blank lines and spacing.

    Made from tokens, not from ast.dump, whose text changes between Python versions: the student's
    Python makes the record and the grader's Python checks it, and the two need not be the same.
    """
    text = _python(source) + "\n"
    try:
        words = _words(text)
    except (tokenize.TokenError, SyntaxError):
        words = text.split()
    return _digest(" ".join(words))


_SKIP = {
    tokenize.COMMENT,
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENDMARKER,
}


def _words(text: str) -> list[str]:
    """Token strings; an f-string is kept whole as written (Python 3.12 splits it into parts)."""
    rows, words, start, depth = text.splitlines(keepends=True), [], None, 0
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        kind = tokenize.tok_name[token.type]
        if kind == "FSTRING_START":
            start, depth = (start or token.start), depth + 1
        elif kind == "FSTRING_END":
            depth -= 1
            if depth == 0:
                words.append(_slice(rows, start, token.end))
                start = None
        elif start is None and token.type not in _SKIP:
            words.append(token.string)
    return words


def _slice(rows: list[str], start: tuple[int, int], end: tuple[int, int]) -> str:
    if start[0] == end[0]:
        return rows[start[0] - 1][start[1] : end[1]]
    middle = rows[start[0] : end[0] - 1]
    return rows[start[0] - 1][start[1] :] + "".join(middle) + rows[end[0] - 1][: end[1]]


def blank_hash(source: str) -> str:
    """The hash of the cell's Triton loads and wheres, where the blanks stand."""
    tree = _tree(source)
    calls = [
        ast.unparse(node)
        for node in ast.walk(tree or ast.Module([], []))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in BLANK_CALLS
    ]
    return _digest("\n".join(calls))


def _defined(source: str) -> set[str]:
    tree = _tree(source)
    return {n.name for n in (tree.body if tree else []) if isinstance(n, ast.FunctionDef)}


def _called(source: str) -> set[str]:
    tree = _tree(source)
    nodes = ast.walk(tree) if tree else []
    return {n.func.id for n in nodes if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def _shell():
    try:
        from IPython import get_ipython
    except ImportError:  # run as a plain script without IPython
        return None
    return get_ipython()


def _history() -> list[str]:
    """The cells as the student typed them, by execution count (In holds them after IPython's rewriting)."""
    shell = _shell()
    if shell is None:
        return []
    raw = getattr(getattr(shell, "history_manager", None), "input_hist_raw", None)
    return list(raw if raw else shell.user_ns.get("In", []))


def _exercise(history: list[str], names: set[str]) -> tuple[int, str]:
    """The latest earlier cell that defined a function the current cell calls: (run number, source)."""
    for number in range(len(history) - 2, 0, -1):
        if _defined(history[number]) & names:
            return number, history[number]
    return 0, ""


def passed(check: str) -> None:
    """Note that a named check ran to the end in this session (called by locked test cells)."""
    history = _history()
    current = history[-1] if history else ""
    number, source = _exercise(history, _called(current))
    _checks[check] = {
        "status": "passed",
        "run": len(history) - 1,
        "code": code_hash(source) if source else "",
        "blank": blank_hash(source) if source else "",
        "defines": sorted(_defined(source)),
        "exercise_run": number,
    }
    print(f"{BOLD}{GREEN}{check}：{PASS_WORD}{RESET}")  # a word in colour: no emoji font needed


def _after_cell(result) -> None:
    """A test cell that fails clears its check: the record never says "passed" for a failed last run."""
    if getattr(result, "success", True):
        return
    raw = getattr(getattr(result, "info", None), "raw_cell", "") or ""
    for found in _PASSED_CALL.finditer(raw):
        _checks[found["name"]] = {"status": "failed", "run": len(_history()) - 1, "code": "", "blank": ""}


def _register() -> None:
    shell = _shell()
    if shell is not None:  # run as a script there is nothing to follow
        shell.events.register("post_run_cell", _after_cell)


def _current_status(entry: dict) -> str:
    """ "stale" when the exercise ran again with other code after the check passed."""
    if entry["status"] != "passed" or not entry.get("defines"):
        return entry["status"]
    number, source = _exercise(_history() + [""], set(entry["defines"]))
    return "stale" if number > entry["exercise_run"] and code_hash(source) != entry["code"] else "passed"


def versions() -> str:
    import torch
    import triton

    return f"python {platform.python_version()} | torch {torch.__version__} | triton {triton.__version__}"


def show() -> None:
    """Print the record: backend, versions, time, and each check with the code it ran on."""
    now = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    states = {name: _current_status(entry) for name, entry in _checks.items()}
    good = [name for name, state in states.items() if state == "passed"]
    lines = [
        f"{RECORD_MARK} backend={runtime.selected()} | {runtime.describe()}",
        f"{RECORD_MARK} {versions()} | {now}",
        f"{RECORD_MARK} 已通过的检查：{'、'.join(good) if good else '（本次会话还没有通过任何检查）'}",
    ]
    for name, entry in _checks.items():
        fields = {"check": name, "status": states[name], "run": entry["run"]}
        fields |= {"code": entry["code"], "blank": entry["blank"]}
        lines.append(f"{RECORD_MARK} {json.dumps(fields, ensure_ascii=False)}")
    print("\n".join(lines))


_register()
