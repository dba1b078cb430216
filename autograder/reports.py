"""Reports from the grading folder: results.json, a CSV for an LMS, Gradescope files, feedback, a histogram.

Everything here is rebuilt from OUT/grades and OUT/reviews, so a report can always
be regenerated and a TA's decision is never overwritten by grading.
"""

from __future__ import annotations

import csv
import html
import io
from pathlib import Path

from autograder import store
from autograder.config import policy
from autograder.policy import Override, Part, Veto, apply, max_total


def load_override(out: Path, student: str) -> Override | None:
    data = store.read_json(store.review_path(out, student))
    return Override(**data) if data else None


def final(grade: dict, override: Override | None) -> dict:
    """One student's entry of results.json (the contract in DESIGN.md), TA decisions applied."""
    parts = {name: Part(**part) for name, part in grade["parts"].items()}
    vetoes = [Veto(**veto) for veto in grade["vetoes"]]
    parts, vetoes, total, passed = apply(parts, vetoes, override)
    review = any(p.needs_review for p in parts.values()) or bool(grade["harness_error"])
    review = review or any(not f["veto"] for f in grade["findings"]) or bool(vetoes)
    return {
        "student": grade["student"],
        "total": total,
        "max": max_total(),
        "passed": passed and not grade["errors"],
        "parts": {name: part.points for name, part in parts.items()},
        "vetoes": [{"rule": v.rule, "evidence": v.evidence} for v in vetoes],
        "needs_review": review and override is None and not grade["errors"],
        "errors": list(grade["errors"]),
        "reviewed_by": override.reviewer if override else "",
    }


def collect(out: Path, assignment: str, backend: str, students: list[str]) -> tuple[dict, dict]:
    grades = {s: store.read_json(store.grade_path(out, s)) for s in students}
    entries = [final(grades[s], load_override(out, s)) for s in students if grades[s]]
    return {"assignment": assignment, "backend": backend, "students": entries}, grades


def write_csv(path: Path, results: dict) -> None:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(
        ["student", *policy().PARTS, "total", "max", "passed", "vetoes", "needs_review", "errors"]
    )
    for entry in results["students"]:
        vetoes = "; ".join(v["rule"] for v in entry["vetoes"])
        parts = [entry["parts"].get(name, 0) for name in policy().PARTS]
        row = [entry["student"], *parts, entry["total"], entry["max"], entry["passed"], vetoes]
        writer.writerow(row + [entry["needs_review"], "; ".join(entry["errors"])])
    path.write_text(buffer.getvalue(), encoding="utf-8")


def gradescope(entry: dict, grade: dict) -> dict:
    tests = [
        {
            "name": name,
            "score": points,
            "max_score": policy().PARTS[name],
            "output": "\n".join(grade["parts"][name]["detail"]),
        }
        for name, points in entry["parts"].items()
    ]
    tests += [
        {"name": f"veto: {v['rule']}", "score": 0, "max_score": 0, "output": v["evidence"]}
        for v in entry["vetoes"]
    ]
    return {
        "score": entry["total"],
        "max_score": entry["max"],
        "tests": tests,
        "output": "; ".join(entry["errors"]),
    }


def histogram(path: Path, results: dict) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    totals = [entry["total"] for entry in results["students"] if not entry["errors"]]
    fig, ax = plt.subplots(figsize=(6, 3.2), dpi=100)
    ax.hist(totals, bins=[x / 2 for x in range(0, 22)], color="#4c72b0", edgecolor="white")
    ax.axvline(policy().PASS_TOTAL, color="#c44e52", linestyle="--", label=f"pass >= {policy().PASS_TOTAL}")
    ax.set(xlabel="total / 10", ylabel="students", title=f"{results['assignment']} ({len(totals)} graded)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def feedback_html(entry: dict, grade: dict) -> str:
    """The student's page: scores, vetoes with evidence, and what to fix; no hidden test is shown."""
    esc = html.escape
    rows = "".join(
        f"<tr><td>{esc(n)}</td><td>{p}</td><td>{policy().PARTS[n]}</td>"
        f"<td>{'<br>'.join(esc(d) for d in grade['parts'][n]['detail'])}</td></tr>"
        for n, p in entry["parts"].items()
    )
    vetoes = "".join(f"<li><b>{esc(v['rule'])}</b>: {esc(v['evidence'])}</li>" for v in entry["vetoes"])
    errors = "".join(f"<li>{esc(e)}</li>" for e in entry["errors"])
    verdict = "通过" if entry["passed"] else "未通过"
    return (
        f"<!doctype html><meta charset='utf-8'><title>{esc(entry['student'])}</title>"
        f"<h1>{esc(grade.get('label', entry['student']))}: {entry['total']} / {entry['max']} ({verdict})</h1>"
        f"<table border=1 cellpadding=4><tr><th>part</th><th>points</th><th>max</th><th>feedback</th></tr>{rows}</table>"
        f"<h2>一票否决</h2><ul>{vetoes or '<li>无</li>'}</ul><h2>错误</h2><ul>{errors or '<li>无</li>'}</ul>"
    )


def write_all(out: Path, results: dict, grades: dict) -> None:
    store.write_json(out / "results.json", results)
    write_csv(out / "grades.csv", results)
    for entry in results["students"]:
        grade = grades[entry["student"]]
        store.write_json(out / "gradescope" / f"{entry['student']}.json", gradescope(entry, grade))
        page = out / "feedback" / f"{entry['student']}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(feedback_html(entry, grade), encoding="utf-8")
        if grade.get("nbgrader", {}).get("feedback_html"):
            (out / "feedback" / f"{entry['student']}.nbgrader.html").write_text(
                grade["nbgrader"]["feedback_html"], encoding="utf-8"
            )
    histogram(out / "histogram.png", results)
