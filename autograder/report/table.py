"""The score table printed after grading: one line per student, readable in a terminal.

Names and error messages come from students' files: every cell goes through
safe.terminal, so an ESC or BEL in a file name is shown as \\x1b, never run by the terminal.
"""

from __future__ import annotations

from autograder.report.safe import terminal

CODE_PARTS = ("code_normal", "code_boundary", "code_explanation")
WRITTEN_PARTS = ("Q1", "Q2", "Q3")


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def row(entry: dict, grade: dict) -> list[str]:
    parts = entry["parts"]
    code = sum(parts.get(name, 0) for name in CODE_PARTS)
    written = sum(parts.get(name, 0) for name in WRITTEN_PARTS)
    review = any(grade["parts"][name]["needs_review"] for name in WRITTEN_PARTS) and not entry["reviewed_by"]
    verdict = {"error": "ERROR", "pending_review": "pending"}.get(
        entry.get("status"), entry.get("status", "")
    )
    vetoes = ", ".join(sorted({veto["rule"] for veto in entry["vetoes"]})) or "-"
    return [
        entry["student"], f"{code:g}/4", f"{written:g}/6" + (" (needs review)" if review else ""),
        f"{entry['total']:g}/{entry['max']:g}", verdict, vetoes, "; ".join(entry["errors"]) or "-",
    ]  # fmt: skip


def print_table(results: dict, grades: dict) -> None:
    header = ["student", "code", "written", "total", "result", "vetoes", "errors"]
    rows = [header] + [row(entry, grades[entry["student"]]) for entry in results["students"]]
    rows = [[terminal(cell) for cell in cells] for cells in rows]
    widths = [min(max(len(r[i]) for r in rows), 40) for i in range(len(header))]
    for number, cells in enumerate(rows):
        print("  ".join(_cut(cell, widths[i]).ljust(widths[i]) for i, cell in enumerate(cells)).rstrip())
        if number == 0:
            print("  ".join("-" * width for width in widths))
