"""Integrity: the submission against the release it came from.

Each finding names its rule and carries evidence. Changing, deleting or
loosening a check is the seed's veto "删除边界检查" (``loosened_checks``), whatever
nbgrader later restores before it runs the notebook.
"""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass

from autograder.blanks import extract_answers

VETO_LOOSENED = "loosened_checks"
# Rebinding these from a notebook changes what a check means.
GUARDED_ROOTS = {
    "torch",
    "np",
    "numpy",
    "triton",
    "tl",
    "builtins",
    "IPython",
    "sys",
    "record",
    "runtime",
    "math",
}
GUARDED_ROOTS |= {"__builtins__", "unittest", "mock", "autograder", "course"}
GUARDED_CALLS = {
    "setattr",
    "delattr",
    "reload",
    "__import__",
    "exec",
    "eval",
    "get_ipython",
    "vars",
    "globals",
    "patch",
}


@dataclass(frozen=True)
class Finding:
    rule: str  # e.g. "test-cell-changed"
    evidence: str
    veto: str = ""  # the veto it raises, "" for a finding that only asks for review
    cell: str = ""  # grade_id or cell position


def _meta(cell) -> dict:
    return cell.metadata.get("nbgrader", {}) if isinstance(cell.metadata, dict) else {}


def _norm(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.replace("\r\n", "\n").strip().splitlines())


def _diff(expected: str, got: str, limit: int = 12) -> str:
    lines = difflib.unified_diff(
        _norm(expected).splitlines(), _norm(got).splitlines(), "release", "submitted", lineterm="", n=0
    )
    body = [line for line in lines if not line.startswith(("---", "+++", "@@"))]
    return "\n".join(body[:limit]) + ("\n…" if len(body) > limit else "")


def locked_cells(release, student) -> list[Finding]:
    """Locked cells (prose, setup, tests) must be present and unchanged."""
    findings = []
    by_id = {_meta(cell).get("grade_id"): cell for cell in student.cells if _meta(cell).get("grade_id")}
    sources = {_norm(cell.source) for cell in student.cells}
    for cell in release.cells:
        meta = _meta(cell)
        if not meta.get("locked"):
            continue
        grade_id, is_test = meta["grade_id"], bool(meta.get("grade"))
        veto = VETO_LOOSENED if is_test else ""
        got = by_id.get(grade_id)
        if got is None:
            rule = "test-cell-metadata-removed" if _norm(cell.source) in sources else "locked-cell-missing"
            rule = rule.replace("locked-cell", "test-cell") if is_test else rule
            findings.append(
                Finding(rule, f"cell {grade_id} is not in the submission as released", veto, grade_id)
            )
        elif _norm(got.source) != _norm(cell.source):
            rule = "test-cell-changed" if is_test else "locked-cell-changed"
            findings.append(Finding(rule, _diff(cell.source, got.source), veto, grade_id))
    return findings


def cell_order(release, student) -> list[Finding]:
    wanted = [_meta(c).get("grade_id") for c in release.cells if _meta(c).get("grade_id")]
    present = [_meta(c).get("grade_id") for c in student.cells if _meta(c).get("grade_id") in wanted]
    expected = [grade_id for grade_id in wanted if grade_id in present]
    if present != expected:
        moved = next(a for a, b in zip(present, expected, strict=False) if a != b)
        return [Finding("cells-reordered", f"graded cells are out of order, first at {moved}", "", moved)]
    return []


def solution_cell(release_cell, student_cell) -> tuple[list[str], list[Finding]]:
    """The student's blank answers, and findings for code changed outside the blanks."""
    grade_id = _meta(release_cell)["grade_id"]
    if student_cell is None:
        return [], [Finding("solution-cell-missing", f"cell {grade_id} was deleted", "", grade_id)]
    extraction = extract_answers(release_cell.source, student_cell.source)
    if extraction.syntax_error:
        finding = Finding("syntax-error", f"{grade_id}: {extraction.syntax_error}", "", grade_id)
        return [], [finding]
    findings = [Finding("code-outside-blank", change, "", grade_id) for change in extraction.changed_outside]
    return extraction.answers, findings


def monkeypatches(student) -> list[Finding]:
    """Code that rebinds a library or course function, anywhere a student may write code."""
    findings, trees = [], {}
    for index, cell in enumerate(student.cells):
        if cell.cell_type != "code" or _meta(cell).get("locked"):
            continue
        try:
            trees[index] = ast.parse(_strip_magics(cell.source))
        except SyntaxError:
            continue
    guarded = _aliases(trees.values())
    for index, tree in trees.items():
        cell = student.cells[index]
        for node in ast.walk(tree):
            evidence = _patch_evidence(node, guarded)
            if evidence:
                where = _meta(cell).get("grade_id") or f"cell {index}"
                findings.append(
                    Finding("monkeypatch", f"{where}, line {node.lineno}: {evidence}", VETO_LOOSENED, where)
                )
    return findings


def _strip_magics(source: str) -> str:
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())


def _root(node) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _aliases(trees) -> set[str]:
    """Guarded names and every other name for them: `import torch.testing as tt`, `t = torch.testing`."""
    guarded = set(GUARDED_ROOTS)
    for _ in range(3):  # an alias of an alias of an alias
        for node in (node for tree in trees for node in ast.walk(tree)):
            if isinstance(node, ast.Import):
                guarded |= {a.asname for a in node.names if a.asname and a.name.split(".")[0] in guarded}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in guarded:
                guarded |= {a.asname or a.name for a in node.names}
            elif isinstance(node, ast.Assign) and isinstance(node.value, (ast.Name, ast.Attribute)):
                if _root(node.value) in guarded:  # a plain reference, never a call's result (a new tensor)
                    guarded |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return guarded


def _patch_evidence(node, guarded: set[str] = GUARDED_ROOTS) -> str:
    targets = []
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
    for target in targets:
        if isinstance(target, (ast.Attribute, ast.Subscript)) and _root(target) in guarded:
            return f"rebinds `{ast.unparse(target)}`"
    if isinstance(node, ast.Call):
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name in GUARDED_CALLS or "patch" in ast.unparse(node.func).split("."):
            return f"calls `{ast.unparse(node)[:120]}`"
    if isinstance(node, (ast.Import, ast.ImportFrom)) and any(a.name == "builtins" for a in node.names):
        return "imports builtins"
    return ""
