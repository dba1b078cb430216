"""Read a student's blank by what it is, not by where it stands.

The release cell says which call holds each blank (``tl.load(..., other=______)``
in the kernel ``row_sum_kernel``). In the student's cell the same call is found
by its function and enclosing def, and the blank is read from its argument by
keyword or by position. Whether that value is what really runs is decided by
comparing both cells after the edits that cannot change behaviour are undone:
docstrings, comments, imports, magics, keyword order, positional arguments,
line breaks and consistent renaming of local variables. Anything else leaves
the reading uncertain, with the evidence a TA needs: never silent points.
"""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass, field

from autograder.build.blanks import BLANK
from autograder.integrity.code_norm import (
    canonical_dump,
    normalize,
    normalize_student,
    protected_names,
    slot_of,
    strip_magics,
)

# The conventional imports of a notebook: rebinding these names to the same module changes nothing.
CANONICAL_IMPORTS = {"torch": "torch", "triton": "triton", "tl": "triton.language", "math": "math"}
CANONICAL_IMPORTS |= {"np": "numpy", "numpy": "numpy"}


@dataclass(frozen=True)
class Site:
    """Where a blank stands in the release: the call that holds it and the argument slot."""

    function: str  # enclosing def, "" at top level
    call: str  # dotted function name, e.g. "tl.load"
    slot: str  # keyword name, or "#2" for a positional argument of an unknown signature
    nth: int  # which call of that name inside the def


@dataclass
class BlankReading:
    name: str
    answer: str  # the value as the grader substitutes it (normalized text), "" when there is none
    written: str  # the value as the student wrote it
    line: int = 0


@dataclass
class Reading:
    """What a student's cell holds in its blanks, and whether what runs is known for certain."""

    blanks: list[BlankReading] = field(default_factory=list)
    certain: bool = True
    evidence: list[str] = field(default_factory=list)  # why it is not certain: shown to the TA
    syntax_error: str = ""

    def answers(self) -> dict[str, str]:
        return {blank.name: blank.answer for blank in self.blanks}


def _dotted(node: ast.AST) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts)).replace("triton.language.", "tl.")
    return ""


def _calls_in(tree: ast.AST, function: str, call: str) -> list[ast.Call]:
    scope = tree if not function else _defs(tree).get(function, [None])[-1]
    if scope is None:
        return []
    return [n for n in ast.walk(scope) if isinstance(n, ast.Call) and _dotted(n.func) == call]


def _defs(tree: ast.Module) -> dict[str, list[ast.AST]]:
    found: dict[str, list[ast.AST]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.setdefault(node.name, []).append(node)
    return found


def find_sites(release_source: str) -> list[Site]:
    """The blanks of a release cell, in reading order."""
    tree = ast.parse(strip_magics(release_source))
    sites = []
    for function, scope in [("", tree), *((name, defs[-1]) for name, defs in _defs(tree).items())]:
        for call in (n for n in ast.walk(scope) if isinstance(n, ast.Call)):
            slot = next((s for s, value in slot_of(call).items() if _is_blank(value)), None)
            if slot is None or (not function and _inside_def(tree, call)):
                continue
            same = _calls_in(tree, function, _dotted(call.func))
            sites.append(Site(function, _dotted(call.func), slot, same.index(call)))
    return sorted(sites, key=lambda s: _line_of(tree, s))


def _is_blank(node) -> bool:
    return isinstance(node, ast.Name) and node.id == BLANK


def _inside_def(tree: ast.Module, target: ast.AST) -> bool:
    return any(target in ast.walk(d) for defs in _defs(tree).values() for d in defs)


def _line_of(tree: ast.Module, site: Site) -> int:
    return _calls_in(tree, site.function, site.call)[site.nth].lineno


def read_blanks(release_source: str, student_source: str, names: list[str]) -> Reading:
    """The student's value for each blank of the release cell, and how sure the grader can be."""
    reading = Reading()
    code = strip_magics(student_source)
    try:
        tree = ast.parse(code)
    except SyntaxError as error:
        reading.syntax_error = f"line {error.lineno}: {error.msg}"
        reading.blanks = [BlankReading(name, "", "") for name in names]
        return reading
    release_tree = ast.parse(strip_magics(release_source))
    sites = find_sites(release_source)
    for name, site in zip(names, sites, strict=False):
        reading.blanks.append(_read_site(name, site, tree, code, release_tree, reading))
    if reading.certain:
        _compare(release_tree, tree, reading, sites)
    return reading


def _read_site(name: str, site: Site, tree, code: str, release_tree, reading: Reading) -> BlankReading:
    calls = _calls_in(tree, site.function, site.call)
    expected = len(_calls_in(release_tree, site.function, site.call))
    where = f"`{site.call}` in `{site.function or 'the cell'}`"
    if site.function and len(_defs(tree).get(site.function, [])) != 1:
        _doubt(reading, f"{site.function} is defined {len(_defs(tree).get(site.function, []))} times")
    if len(calls) != expected:
        _doubt(reading, f"{where}: the release has {expected} such call(s), the submission {len(calls)}")
    if not calls:
        return BlankReading(name, "", "")
    # when calls were added, the last one is the likeliest to run last: a provisional reading for the TA
    call = calls[site.nth] if len(calls) == expected else calls[-1]
    value = slot_of(call).get(site.slot)
    if value is None:  # the argument was left out: Triton then treats it as None
        return BlankReading(name, "None", "(省略)", call.lineno)
    written = ast.get_source_segment(code, value) or ast.unparse(value)
    return BlankReading(name, ast.unparse(value), written, value.lineno)


def _doubt(reading: Reading, evidence: str) -> None:
    reading.certain = False
    reading.evidence.append(evidence)


def _compare(release_tree: ast.Module, tree: ast.Module, reading: Reading, sites: list[Site]) -> None:
    """Certain only when every def of the release reads the same after harmless edits are undone."""
    release_defs, student_defs = _defs(release_tree), _defs(tree)
    for name, defs in release_defs.items():
        if name not in student_defs:
            _doubt(reading, f"`{name}` is missing from the submitted cell")
            continue
        inside = [(site.call, site.slot, site.nth) for site in sites if site.function == name]
        want, got = normalize(defs[-1], BLANK), normalize_student(student_defs[name][-1], inside)
        if canonical_dump(want) != canonical_dump(got):
            diff = _diff(defs[-1], student_defs[name][-1])
            _doubt(reading, f"`{name}` differs from the release beyond the blank:\n{diff}")
    # the blank's own names too: `float = lambda v: 1.0` above `other=float(0)` changes what runs
    read_by_blanks = {n.id for b in reading.blanks for n in _names(b.answer)}
    guarded = protected_names(release_tree) | set(release_defs) | read_by_blanks
    for node in tree.body:
        clash = _rebinds(node, guarded - set(release_defs))
        if clash:
            _doubt(reading, f"line {node.lineno}: `{_short(ast.unparse(node))}` rebinds {clash}")


def _names(text: str) -> list[ast.Name]:
    try:
        return [n for n in ast.walk(ast.parse(text, mode="eval")) if isinstance(n, ast.Name)]
    except SyntaxError:
        return []


def _rebinds(node: ast.stmt, guarded: set[str]) -> str:
    """A top-level statement that changes a name the exercise reads; "" when it changes none."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        # the release's own defs are compared above; another def may not take a name the exercise reads
        return f"`{node.name}`" if node.name in guarded else ""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        for alias in node.names:
            bound = alias.asname or alias.name.split(".")[0]
            full = (
                alias.name if alias.asname or isinstance(node, ast.Import) else f"{node.module}.{alias.name}"
            )
            if bound in guarded and CANONICAL_IMPORTS.get(bound, bound) != full:
                return f"`{bound}`"
        return ""
    stored = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return ", ".join(f"`{name}`" for name in sorted(stored & guarded))


def _diff(want: ast.AST, got: ast.AST, limit: int = 10) -> str:
    lines = difflib.unified_diff(
        ast.unparse(want).splitlines(),
        ast.unparse(got).splitlines(),
        "release",
        "submitted",
        lineterm="",
        n=0,
    )
    body = [line for line in lines if not line.startswith(("---", "+++", "@@"))]
    return "\n".join(body[:limit]) + ("\n…" if len(body) > limit else "")


def _short(text: str, limit: int = 100) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
