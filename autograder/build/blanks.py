"""Fill-in blanks: markers in the lesson source, the ``______`` release text, and the student's answer.

In lesson.py a blank is an ordinary, runnable line that ends in a marker::

    values = tl.load(ptr, mask=mask, other=0.0)  # BLANK(other): 0.0 | 加法单位元

The release shows ``other=______)  # TODO: 加法单位元``. The student's answer is read
by autograder/integrity/blank_reader.py, which finds the call that holds the blank.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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
