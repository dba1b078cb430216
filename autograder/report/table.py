"""The score table printed after grading: one line per student, readable in a terminal.

Names and error messages come from students' files: every cell goes through
safe.terminal, so an ESC or BEL in a file name is shown as \\x1b, never run by the terminal.
"""

from __future__ import annotations

from autograder.lesson.spec import LessonSpec
from autograder.report.safe import terminal


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def columns(spec: LessonSpec) -> tuple[dict[str, float], dict[str, float]]:
    """Part id -> maximum, for the code column (cases and the note) and the written column."""
    code = {part.id: part.points for part in spec.parts if not part.written}
    return code, {part.id: part.points for part in spec.parts if part.written}


def row(entry: dict, grade: dict, spec: LessonSpec) -> list[str]:
    parts, (code_max, written_max) = entry["parts"], columns(spec)
    code = sum(parts.get(name, 0) for name in code_max)
    written = sum(parts.get(name, 0) for name in written_max)
    routed = any(grade["parts"][name]["needs_review"] for name in written_max if name in grade["parts"])
    review = routed and not entry["reviewed_by"]
    verdict = {"error": "ERROR", "pending_review": "pending"}.get(
        entry.get("status"), entry.get("status", "")
    )
    vetoes = ", ".join(sorted({veto["rule"] for veto in entry["vetoes"]})) or "-"
    return [
        entry["student"], f"{code:g}/{sum(code_max.values()):g}",
        f"{written:g}/{sum(written_max.values()):g}" + (" (needs review)" if review else ""),
        f"{entry['total']:g}/{entry['max']:g}", verdict, vetoes, "; ".join(entry["errors"]) or "-",
    ]  # fmt: skip


def print_table(results: dict, grades: dict, spec: LessonSpec) -> None:
    header = ["student", "code", "written", "total", "result", "vetoes", "errors"]
    rows = [header] + [row(entry, grades[entry["student"]], spec) for entry in results["students"]]
    rows = [[terminal(cell) for cell in cells] for cells in rows]
    widths = [min(max(len(r[i]) for r in rows), 40) for i in range(len(header))]
    for number, cells in enumerate(rows):
        print("  ".join(_cut(cell, widths[i]).ljust(widths[i]) for i, cell in enumerate(cells)).rstrip())
        if number == 0:
            print("  ".join("-" * width for width in widths))
