"""Fill-in blanks: markers in the lesson source, the ``______`` release text, and the student's answer.

In lesson.py a blank is an ordinary, runnable line that ends in a marker::

    values = tl.load(ptr, mask=mask, other=0.0)  # BLANK(other): 0.0 | 加法单位元

The release shows ``other=______)  # TODO: 加法单位元``. Grading walks the release
cell's syntax tree beside the student's, so whitespace and comments may differ,
and whatever stands where ``______`` stood is the student's answer.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

BLANK = "______"
MARKER = re.compile(r"\s*#\s*BLANK\((?P<name>\w+)\):\s*(?P<answer>.+?)\s*(?:\|\s*(?P<todo>.*?))?\s*$")


class BlankError(ValueError):
    """A blank marker that cannot be turned into a release blank."""


@dataclass(frozen=True)
class BlankSpec:
    """One blank of an exercise cell, as the instructor wrote it."""

    name: str  # what the grader reports, e.g. "other"
    answer: str  # the reference text, replaced by ``______`` in the release
    todo: str  # the hint left in the release comment
    line: int  # 0-based line within the cell


def parse_markers(source: str) -> list[BlankSpec]:
    """The blanks of a cell, in reading order."""
    specs = []
    for number, line in enumerate(source.splitlines()):
        found = MARKER.search(line)
        if found:
            specs.append(BlankSpec(found["name"], found["answer"], found["todo"] or "", number))
    return specs


def _split_marker(line: str) -> tuple[str, BlankSpec]:
    found = MARKER.search(line)
    spec = BlankSpec(found["name"], found["answer"], found["todo"] or "", 0)
    code = line[: found.start()]
    if code.count(spec.answer) != 1:
        raise BlankError(f"blank {spec.name!r}: {spec.answer!r} must appear exactly once in: {code.strip()}")
    return code, spec


def clear_blanks(source: str) -> str:
    """The release text of a cell: each marked answer becomes ``______``, the marker a TODO comment."""
    lines = []
    for line in source.splitlines():
        if MARKER.search(line):
            code, spec = _split_marker(line)
            line = code.replace(spec.answer, BLANK)
            if spec.todo:
                line += f"  # TODO: {spec.todo}"
        lines.append(line)
    return "\n".join(lines)


def fill_blanks(source: str, values: dict[str, str]) -> str:
    """The cell with each marked answer replaced by ``values[name]``, markers removed (the trusted template)."""
    lines = []
    for line in source.splitlines():
        if MARKER.search(line):
            code, spec = _split_marker(line)
            line = code.replace(spec.answer, f"({values[spec.name]})")
        lines.append(line)
    return "\n".join(lines)


def strip_markers(source: str) -> str:
    """The cell with its reference answers in place and the markers removed."""
    return fill_blanks(source, {spec.name: spec.answer for spec in parse_markers(source)})


@dataclass
class Extraction:
    """What a student wrote into the blanks of one cell, and what else they changed."""

    answers: list[str] = field(default_factory=list)  # source text of each blank, in order
    syntax_error: str | None = None
    changed_outside: list[str] = field(default_factory=list)  # evidence: where the code differs


def extract_answers(release_source: str, student_source: str) -> Extraction:
    """Read the student's blank answers by walking both syntax trees in step."""
    result = Extraction()
    try:
        student_tree = ast.parse(student_source)
    except SyntaxError as error:
        result.syntax_error = f"line {error.lineno}: {error.msg}"
        return result
    release_tree = ast.parse(release_source)
    _walk(release_tree, student_tree, student_source, result)
    return result


def _walk(expected, got, source: str, result: Extraction) -> None:
    if isinstance(expected, ast.Name) and expected.id == BLANK:
        result.answers.append(ast.get_source_segment(source, got) or ast.unparse(got))
        return
    if type(expected) is not type(got):
        result.changed_outside.append(_where(expected, got))
        return
    for name, value in ast.iter_fields(expected):
        other = getattr(got, name, None)
        if isinstance(value, list):
            _walk_list(value, other if isinstance(other, list) else [], source, result)
        elif isinstance(value, ast.AST):
            _walk(value, other, source, result)
        elif value != other:
            result.changed_outside.append(_where(expected, got))


def _walk_list(expected: list, got: list, source: str, result: Extraction) -> None:
    # statements added or removed are reported one by one, and the blanks before them are still read
    for item, other_item in zip(expected, got, strict=False):
        _walk(item, other_item, source, result)
    for extra in got[len(expected) :]:
        result.changed_outside.append(f"line {getattr(extra, 'lineno', '?')}: added `{_short(_text(extra))}`")
    for missing in expected[len(got) :]:
        result.changed_outside.append(f"removed `{_short(_text(missing))}`")


def _text(node) -> str:
    return ast.unparse(node) if isinstance(node, ast.AST) else repr(node)


def _where(expected, got) -> str:
    line = getattr(got, "lineno", None) or getattr(expected, "lineno", "?")
    return f"line {line}: expected `{_short(_text(expected))}`, found `{_short(_text(got))}`"


def _short(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
