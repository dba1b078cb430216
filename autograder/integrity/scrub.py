"""Take hidden tests, and live HTML, out of what a student sees.

The hidden tests never enter the student's kernel: the code verdict comes from the
harness (autograder/isolation/harness.py), so the source notebook that nbgrader's gradebook
is made from has each hidden region replaced by a comment (``remove_hidden_tests``)
and nbgrader restores the test cells without them. Had they run there, a later cell
could print them from IPython's ``In`` into the student's own feedback page.

Before the feedback page is generated, the executed notebook is scrubbed again
(``scrub_for_feedback``), in case a hidden line reaches it some other way:
- a test cell's traceback is cut to its error line (it quotes the cell's source);
- an output that contains a line of the hidden tests is replaced by a notice;
- an output that a browser would run or render as markup (HTML, JavaScript, SVG,
  Markdown, widgets) is kept as plain text, or dropped when it has a text form.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import nbformat

BEGIN, END = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"  # nbgrader's ClearHiddenTests delimiters
REPLACEMENT = "# 隐藏测试不在这里运行：评分器在自己的隔离进程中运行它们，代码得分以评分器的结果为准。"
LEAK_NOTICE = "[评分器：此输出含有隐藏测试的内容，已隐去]"
SCRIPT_NOTICE = "[评分器：此输出要在浏览器里运行脚本（JavaScript、小部件），反馈页不显示它]"
MIN_SECRET = 8  # shorter hidden lines (")", "else:") say nothing and would match any output
SAFE_MIMES = {"text/plain", "image/png", "image/jpeg"}
AS_TEXT = ("text/html", "text/markdown", "text/latex", "image/svg+xml")  # shown as their source
BASE64 = re.compile(r"[A-Za-z0-9+/=\s]*\Z")
DEFAULT_REPR = re.compile(r"(<[^<>]* object( at 0x[0-9a-f]+)?>)?\Z")  # IPython's text for HTML(...), or none


def split_hidden(source: str) -> tuple[str, list[str]]:
    """The source with each hidden region (markers included) replaced by one comment, and its lines.

    An unclosed region runs to the end of the cell: better hidden than leaked.
    """
    kept, hidden, inside = [], [], False
    for line in source.splitlines(keepends=True):
        if not inside and BEGIN in line:
            inside = True
            indent = line[: len(line) - len(line.lstrip())]
            kept.append(indent + REPLACEMENT + ("\n" if line.endswith("\n") else ""))
        elif inside:
            inside = END not in line
            hidden += [line] if inside else []
        else:
            kept.append(line)
    return "".join(kept), hidden


def remove_hidden_tests(path: Path) -> int:
    """Rewrite a source notebook in place without its hidden tests; returns how many cells changed."""
    nb = nbformat.read(path, as_version=4)
    changed = 0
    for cell in nb.cells:
        public, hidden = split_hidden(cell.source)
        if public != cell.source:
            cell.source, changed = public, changed + 1
    nbformat.write(nb, path)
    return changed


def secret_lines(source: Path, release: Path) -> frozenset[str]:
    """The hidden tests' lines that the release does not show anyway, each in the forms a print can take."""
    public = {line.strip() for cell in _cells(release) for line in cell.source.splitlines()}
    lines = {line.strip() for cell in _cells(source) for line in split_hidden(cell.source)[1]}
    lines = {line for line in lines if len(line) >= MIN_SECRET and line not in public}
    # as printed, as repr(In) or json shows it, as an HTML output escapes it
    forms = (
        lambda s: s,
        lambda s: s.replace("\\", "\\\\").replace("'", "\\'"),
        lambda s: json.dumps(s, ensure_ascii=False)[1:-1],
        html.escape,
    )
    return frozenset(form(line) for line in lines for form in forms)


def _cells(path: Path):
    return nbformat.read(path, as_version=4).cells


def scrub_for_feedback(path: Path, secrets: frozenset[str] = frozenset()) -> dict[str, int]:
    """Rewrite the executed notebook in place; returns how many outputs each pass changed."""
    nb = nbformat.read(path, as_version=4)
    counts = {"tracebacks": 0, "leaks": 0, "live": 0}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        graded = bool(cell.metadata.get("nbgrader", {}).get("grade"))
        for index, output in enumerate(cell.get("outputs", [])):
            if graded and output.get("output_type") == "error":
                output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
                counts["tracebacks"] += 1
            if secrets and _leaks(output, secrets):
                cell.outputs[index] = output = _notice(LEAK_NOTICE)
                counts["leaks"] += 1
            counts["live"] += _as_text(output)
    nbformat.write(nb, path)
    return counts


def _notice(text: str):
    return nbformat.v4.new_output("stream", name="stdout", text=text)


def _texts(output) -> list[str]:
    values = [output.get("text"), output.get("evalue"), *output.get("traceback", [])]
    values += list(output.get("data", {}).values())
    return [v if isinstance(v, str) else json.dumps(v, ensure_ascii=False) for v in values if v is not None]


def _leaks(output, secrets: frozenset[str]) -> bool:
    return any(secret in text for text in _texts(output) for secret in secrets)


def _as_text(output) -> int:
    """Keep only what a browser shows as inert text or an image; returns 1 if the output changed."""
    data = output.get("data")
    if not data or set(data) <= SAFE_MIMES and all(_inert(mime, data[mime]) for mime in data):
        return 0
    kept = {mime: value for mime, value in data.items() if mime in SAFE_MIMES and _inert(mime, value)}
    source = next((data[mime] for mime in AS_TEXT if mime in data), None)
    if source is not None and DEFAULT_REPR.match(_joined(kept.get("text/plain", ""))):
        kept["text/plain"] = _joined(source)  # the markup, as text, says more than "<...HTML object>"
    kept.setdefault("text/plain", SCRIPT_NOTICE)
    output["data"] = kept
    return 1


def _inert(mime: str, value) -> bool:
    """An image must be base64: anything else would be written into an attribute of the page."""
    return mime == "text/plain" or isinstance(value, str) and bool(BASE64.match(value))


def _joined(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)
