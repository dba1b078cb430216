"""The instructor's summary of a batch (OUT/summary.html): how the class did and where to look first.

Score histogram and pass rate, each part's average (parts and maxima read from the
grades, so nothing here knows a lesson's shape), the most common findings across
students ("other = 1.0: 12 students"), the review queue, and the slowest submissions.
Rebuilt with the other reports from OUT/grades and OUT/reviews. Students' text (names,
answers, evidence) is escaped, and the page goes through safe.page like every other.
"""

from __future__ import annotations

import base64
import html
from collections import Counter
from pathlib import Path

from autograder.report import safe

TOP = 20  # rows of the answers, findings and slowest tables
CSS = (
    "table { border-collapse: collapse; margin-bottom: 1em } td, th { border: 1px solid #888; padding: 3px 6px }"
    " .bar { font-family: monospace; color: #4c72b0 } .warning { color: #a00; font-weight: bold }"
)


def blank_answers(grade: dict) -> set[str]:
    """What the student put in each blank, as `other = 1.0`: the answers a class shares are the lesson's news."""
    return {f"{b['name']} = {b['answer'] or '(empty)'}" for b in grade.get("blanks", [])}


def findings_of(grade: dict) -> set[str]:
    """What a grade says about the student's work, each once, in words that repeat across a class."""
    found = {f"hidden case failed: {c['name']}" for c in grade.get("cases", []) if not c.get("passed", True)}
    found |= {f"veto: {v['rule']}" for v in grade.get("vetoes", [])}
    found |= {f"finding: {f['rule']}" for f in grade.get("findings", [])}
    for question, answer in grade.get("answers", {}).items():
        found |= {f"{question} misconception: {m.get('id')}" for m in answer.get("misconceptions") or []}
    found |= {f"error: {error[:80]}" for error in grade.get("errors", [])}
    return found


def common(grades: dict, of=findings_of) -> list[tuple[str, list[str]]]:
    """Findings (or what ``of`` reads) by how many students share them, most shared first (ties by name)."""
    holders: dict[str, list[str]] = {}
    for student, grade in grades.items():
        for finding in of(grade or {}):
            holders.setdefault(finding, []).append(student)
    return sorted(holders.items(), key=lambda item: (-len(item[1]), item[0]))


def part_averages(results: dict, grades: dict) -> list[tuple[str, float, float, int]]:
    """(part, mean points, maximum, students with full marks) over graded students, in the grades' order."""
    entries = [e for e in results["students"] if not e["errors"]]
    maxima: dict[str, float] = {}
    for entry in entries:
        for name, part in grades[entry["student"]]["parts"].items():
            maxima.setdefault(name, float(part["max_points"]))
    rows = []
    for name, top in maxima.items():
        points = [entry["parts"].get(name, 0) for entry in entries]
        rows.append((name, sum(points) / len(points), top, sum(p >= top for p in points)))
    return rows


def review_reasons(entry: dict, grade: dict) -> list[str]:
    """Why a TA must look: the parts routed, the open findings, the uncertain vetoes."""
    reasons = [f"{name} routed" for name, part in grade["parts"].items() if part.get("needs_review")]
    reasons += [f"finding {f['rule']}" for f in grade.get("findings", []) if f.get("review")]
    reasons += [f"uncertain veto {v['rule']}" for v in entry["vetoes"] if not v.get("certain", True)]
    reasons += ["harness error"] if grade.get("harness_error") else []
    return list(dict.fromkeys(reasons))


def unisolated(grades: dict) -> list[str]:
    """Students whose code ran without the private root (sandbox.run_limited's "no-private-root (why)")."""
    return [
        student
        for student, grade in grades.items()
        if grade
        and any(
            item.startswith("no-private-root")
            for item in (grade.get("nbgrader") or {}).get("isolation", [])
            + grade.get("harness_isolation", [])
        )
    ]


def _unisolated(grades: dict) -> str:
    who = unisolated(grades)
    if not who:
        return ""
    names = ", ".join(who[:8]) + (" …" if len(who) > 8 else "")
    return (
        f'<p class="warning">{len(who)} submission(s) ran without the private root ({_esc(names)}): their code '
        "could read and write what the grader's user can. Grade them again as root on Linux (README: Isolation).</p>"
    )


def _esc(value) -> str:
    return html.escape(str(value))


def _table(header: list[str], rows: list[list]) -> str:
    head = "".join(f"<th>{_esc(cell)}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f"<td>{_esc(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _histogram(results: dict, image: Path | None) -> str:
    totals = [e["total"] for e in results["students"] if not e["errors"]]
    top = int(max((e["max"] for e in results["students"]), default=0))
    counts = Counter(min(int(total), top) for total in totals)
    widest = max(counts.values(), default=1)
    rows = [[f"{low}–{low + 1}" if low < top else f"{low}", "█" * round(30 * counts[low] / widest), counts[low]]
            for low in range(top + 1)]  # fmt: skip
    text = _table(["total", "", "students"], rows).replace("<td>█", '<td class="bar">█')
    if image is not None and image.is_file():
        data = base64.b64encode(image.read_bytes()).decode()
        text = f'<img alt="score histogram" src="data:image/png;base64,{data}"><br>{text}'
    return text


def summary_html(results: dict, grades: dict, image: Path | None = None) -> str:
    entries = results["students"]
    status = Counter(entry["status"] for entry in entries)
    graded = len(entries) - status["error"]
    passed = status["pass"]
    rate = f"{passed / graded:.0%}" if graded else "–"
    head = (
        f"<h1>{_esc(results['assignment'])}: {len(entries)} submission(s), backend {_esc(results.get('backend', '?'))}</h1>"
        f"<p>pass rate {rate} ({passed} of {graded} graded); "
        + ", ".join(f"{_esc(name)} {count}" for name, count in sorted(status.items()))
        + "</p>"
    )
    parts = [[name, f"{mean:.2f}", f"{top:g}", f"{mean / top:.0%}" if top else "–", full]
             for name, mean, top, full in part_averages(results, grades)] if graded else []  # fmt: skip
    findings, answers = ([[name, len(who), ", ".join(who[:8]) + (" …" if len(who) > 8 else "")]
                          for name, who in common(grades, of)[:TOP]] for of in (findings_of, blank_answers))  # fmt: skip
    queue = [[e["student"], e["status"], "; ".join(review_reasons(e, grades[e["student"]]))]
             for e in entries if e["needs_review"]]  # fmt: skip
    timed = sorted(
        ((g.get("seconds"), s) for s, g in grades.items() if g and g.get("seconds") is not None), reverse=True
    )
    slowest = [[student, f"{seconds:.1f}"] for seconds, student in timed[:TOP]]
    body = head + _unisolated(grades) + "<h2>Scores</h2>" + _histogram(results, image)
    body += "<h2>Per-part averages</h2>" + _table(["part", "average", "max", "of max", "full marks"], parts)
    body += "<h2>Most common blank answers</h2>" + _table(["answer", "students", "who"], answers)
    body += "<h2>Most common findings</h2>" + _table(["finding", "students", "who"], findings)
    body += f"<h2>Review queue ({len(queue)})</h2>" + _table(["student", "status", "why"], queue)
    body += "<h2>Slowest submissions</h2>" + _table(["student", "seconds"], slowest)
    return safe.page(f"{results['assignment']}: class summary", body, [CSS])


def write_summary(out: Path, results: dict, grades: dict) -> Path:
    path = out / "summary.html"
    path.write_text(summary_html(results, grades, out / "histogram.png"), encoding="utf-8")
    return path
