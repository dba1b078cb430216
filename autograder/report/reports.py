"""Reports from the grading folder: results.json, a CSV for an LMS, Gradescope files, feedback, a histogram.

Everything here is rebuilt from OUT/grades and OUT/reviews, so a report can always
be regenerated and a TA's decision is never overwritten by grading.

What instructors and programs read (results.json, the CSV, the summary) keeps the grader's
stable ids; what students read (their page, autograder/report/feedback.py, and Gradescope's names
and outputs) is in Chinese (autograder/report/wording.py, messages.py).

Students' text reaches these files (names, answers, error messages): every page
is rebuilt by safe.page / safe.clean_page (no script, CSP), and every CSV text cell
that a spreadsheet would run as a formula is neutralized (safe.csv_cell).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from autograder.lesson.registry import Lesson
from autograder.lesson.spec import PassRule
from autograder.pipeline import store
from autograder.pipeline.policy import Override, Part, Veto, apply, max_total, outcome
from autograder.report import feedback, nbgrader_export, safe, summary, wording
from autograder.report.messages import render

# Parts and their maxima are read from each grade, the pass rule from the lesson's spec:
# nothing here knows how many parts a lesson has or what they are worth.


def load_override(out: Path, student: str) -> Override | None:
    data = store.read_json(store.review_path(out, student))
    return Override(**data) if data else None


def final(grade: dict, override: Override | None, rule: PassRule) -> dict:
    """One student's entry of results.json (the contract in DESIGN.md), TA decisions applied.

    `status` is pass or fail only when no open question could change it; otherwise
    pending_review, and `passed` stays false until a TA decides.
    """
    parts = {name: Part(**part) for name, part in grade["parts"].items()}
    vetoes = [Veto(**veto) for veto in grade["vetoes"]]
    parts, vetoes, total, _ = apply(parts, vetoes, override, rule)
    open_findings = any(f.get("review") for f in grade["findings"]) and override is None
    status = (
        "error"
        if grade["errors"]
        else outcome(parts, vetoes, open_findings or bool(grade["harness_error"]), rule)
    )
    review = any(p.needs_review for p in parts.values()) or bool(grade["harness_error"]) or open_findings
    review = review or any(not f["veto"] for f in grade["findings"]) or any(not v.certain for v in vetoes)
    return {
        "student": grade["student"],
        "total": total,
        "max": max_total(parts),
        "passed": status == "pass",
        "status": status,
        "parts": {name: part.points for name, part in parts.items()},
        "vetoes": [{"rule": v.rule, "evidence": v.evidence, "certain": v.certain} for v in vetoes],
        "needs_review": review and override is None and not grade["errors"],
        "errors": list(grade["errors"]),
        "reviewed_by": override.reviewer if override else "",
    }


def collect(out: Path, item: Lesson, backend: str, students: list[str]) -> tuple[dict, dict]:
    grades = {s: store.read_json(store.grade_path(out, s)) for s in students}
    rule = item.spec.pass_rule
    entries = [final(grades[s], load_override(out, s), rule) for s in students if grades[s]]
    return {"assignment": item.assignment, "backend": backend, "students": entries}, grades


def part_names(grades: dict) -> list[str]:
    """The parts the grades hold, in their order (every grade of a lesson has the same parts)."""
    names: dict[str, None] = {}
    for grade in grades.values():
        names |= dict.fromkeys((grade or {}).get("parts", {}))
    return list(names)


def write_csv(path: Path, results: dict, names: list[str]) -> None:
    """grades.csv for an LMS: one row per student, every data cell quoted (OWASP's advice).

    Text cells (student, vetoes, errors) that begin with = + - @ TAB CR get a leading ';
    numbers stay numbers (our points and totals are never negative). The header is ours
    and fixed, so it stays unquoted: importers that match it as plain text keep working.
    """
    buffer = io.StringIO()
    csv.writer(buffer).writerow(
        ["student", *names, "total", "max", "passed", "status", "vetoes", "needs_review", "errors"]
    )
    writer = csv.writer(buffer, quoting=csv.QUOTE_ALL)
    for entry in results["students"]:
        vetoes = "; ".join(v["rule"] for v in entry["vetoes"])
        parts = [entry["parts"].get(name, 0) for name in names]
        row = [
            entry["student"],
            *parts,
            entry["total"],
            entry["max"],
            entry["passed"],
            entry["status"],
            vetoes,
        ]
        row += [entry["needs_review"], "; ".join(entry["errors"])]
        writer.writerow([safe.csv_cell(cell) for cell in row])
    path.write_text(buffer.getvalue(), encoding="utf-8")


def gradescope(entry: dict, grade: dict) -> dict:
    """Gradescope's results.json: students read its names and outputs (in Chinese); extra_data keeps the ids."""
    tests = [
        {
            "name": wording.PARTS.get(name, name),
            "score": points,
            "max_score": wording.number(grade["parts"][name]["max_points"]),
            "output": _plain(grade["parts"][name]["detail"]),
        }
        for name, points in entry["parts"].items()
    ]
    tests += [
        {
            "name": f"一票否决：{wording.VETOES.get(v['rule'], v['rule'])}",
            "score": 0,
            "max_score": 0,
            "output": _plain([v["evidence"]]),
        }
        for v in entry["vetoes"]
    ]
    # Gradescope shows a score only; the verdict a student reads must say vetoed or pending
    status = wording.STATUS[entry["status"]]
    status += "（一票否决）" if any(v.get("certain", True) for v in entry["vetoes"]) else ""
    errors = "; ".join(_plain([error]) for error in entry["errors"])
    return {
        "score": entry["total"],
        "max_score": entry["max"],
        "tests": tests,
        "output": f"结果：{status}" + (f"; {errors}" if errors else ""),
        "extra_data": {"status": entry["status"], "vetoes": [v["rule"] for v in entry["vetoes"]]},
    }


def _plain(messages: list[str]) -> str:
    return "\n".join(filter(None, (wording.plain(render(message)) for message in messages)))


def histogram(path: Path, results: dict, rule: PassRule) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    totals = [entry["total"] for entry in results["students"] if not entry["errors"]]
    top = max((entry["max"] for entry in results["students"]), default=rule.min_total)
    fig, ax = plt.subplots(figsize=(6, 3.2), dpi=100)
    ax.hist(totals, bins=[x / 2 for x in range(0, int(2 * top) + 2)], color="#4c72b0", edgecolor="white")
    ax.axvline(rule.min_total, color="#c44e52", linestyle="--", label=f"pass >= {rule.min_total:g}")
    title = f"{results['assignment']} ({len(totals)} graded)"
    ax.set(xlabel=f"total / {top:g}", ylabel="students", title=title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write_all(out: Path, results: dict, grades: dict, item: Lesson) -> None:
    store.write_json(out / "results.json", results)
    write_csv(out / "grades.csv", results, part_names(grades))
    for entry in results["students"]:
        grade = grades[entry["student"]]
        store.write_json(out / "gradescope" / f"{entry['student']}.json", gradescope(entry, grade))
        page = out / "feedback" / f"{entry['student']}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(feedback.page(entry, grade), encoding="utf-8")
        nbgrader_page = grade.get("nbgrader", {}).get("feedback_html")
        if nbgrader_page:  # made safe when graded; a grade file from an older grader is cleaned here
            title = f"{results['assignment']} ({entry['student']})"
            cleaned = safe.clean_page(nbgrader_page, title)
            (out / "feedback" / f"{entry['student']}.nbgrader.html").write_text(
                feedback.nbgrader_page(cleaned, entry["student"]), encoding="utf-8"
            )
    histogram(out / "histogram.png", results, item.spec.pass_rule)
    summary.write_summary(out, results, grades)  # after the histogram: the page embeds it
    nbgrader_export.write(out, results, grades, item)  # after the feedback pages: it copies them
