"""Integrity: the submission against the release it came from.

Each finding names its rule and carries evidence. Changing, deleting or
loosening a check is the seed's veto "删除边界检查" (``loosened_checks``), whatever
nbgrader later restores before it runs the notebook.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from autograder.integrity.blank_reader import Reading, read_blanks
from autograder.integrity.patches import Resolver, find_patches

VETO_LOOSENED = "loosened_checks"


@dataclass(frozen=True)
class Finding:
    rule: str  # e.g. "test-cell-changed"
    evidence: str
    veto: str = ""  # the veto it raises, "" for a finding that only informs or asks for review
    cell: str = ""  # grade_id or cell position
    review: bool = False  # the grader cannot decide: a TA looks at the evidence


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
                Finding(
                    rule,
                    f"cell {grade_id} is not in the submission as released",
                    veto,
                    grade_id,
                    review=not veto,
                )
            )
        elif _norm(got.source) != _norm(cell.source):
            rule = "test-cell-changed" if is_test else "locked-cell-changed"
            # a locked cell edited by hand (the record cell, say) is a TA's question even when no veto applies
            findings.append(Finding(rule, _diff(cell.source, got.source), veto, grade_id, review=not veto))
    return findings


def cell_order(release, student) -> list[Finding]:
    wanted = [_meta(c).get("grade_id") for c in release.cells if _meta(c).get("grade_id")]
    present = [_meta(c).get("grade_id") for c in student.cells if _meta(c).get("grade_id") in wanted]
    expected = [grade_id for grade_id in wanted if grade_id in present]
    if present != expected:
        moved = next(a for a, b in zip(present, expected, strict=False) if a != b)
        return [Finding("cells-reordered", f"graded cells are out of order, first at {moved}", "", moved)]
    return []


def solution_cell(release_cell, student_cell, names: list[str]) -> tuple[Reading | None, list[Finding]]:
    """The student's blank values, and findings when what runs is not known for certain."""
    grade_id = _meta(release_cell)["grade_id"]
    if student_cell is None:
        return None, [Finding("solution-cell-missing", f"cell {grade_id} was deleted", "", grade_id)]
    reading = read_blanks(release_cell.source, student_cell.source, names)
    if reading.syntax_error:
        return reading, [Finding("syntax-error", f"{grade_id}: {reading.syntax_error}", "", grade_id)]
    return reading, [
        Finding("code-uncertain", evidence, "", grade_id, review=True) for evidence in reading.evidence
    ]


def monkeypatches(student) -> list[Finding]:
    """Writes into torch, numpy, triton, IPython or builtins, anywhere a student may write code."""
    cells = [
        (index, cell)
        for index, cell in enumerate(student.cells)
        if cell.cell_type == "code" and not _meta(cell).get("locked")
    ]
    resolver = Resolver()
    for _, cell in cells:  # aliases made in one cell are used in another
        find_patches(cell.source, resolver)
    findings = []
    for index, cell in cells:
        where = _meta(cell).get("grade_id") or f"cell {index}"
        for patch in find_patches(cell.source, resolver):
            evidence = f"{where}, line {patch.line}: `{patch.code}` writes into {patch.target}"
            if patch.certain:
                findings.append(Finding("monkeypatch", evidence, VETO_LOOSENED, where))
            else:
                findings.append(Finding("dynamic-code", evidence, "", where, review=True))
    return findings
