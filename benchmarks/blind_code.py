"""Grade a blind code suite and hold each submission to the label written before any grading.

    python benchmarks/blind_code.py [--suite tests/blind/code_v1] [--backend interpret] [--label NAME]

Two batches: every submission without nbgrader's run (the code verdict, integrity,
run record and reports do not need it), and the cases whose labels are about pages
students open (live markup, hidden-test text) with nbgrader's run, whose feedback
page is one of them. Writes benchmarks/results/blind-code-<suite>-<label>.json.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # the grader's own modules, also where the project is not installed
RESULTS = REPO / "benchmarks" / "results"
ASSIGNMENT = "lesson05-row-sum"
EXECUTED_CHECKS = ("no_live_markup", "no_hidden_test_text")
RUBRIC_VETOES = {"wrong_causal_chain"}  # written answers are another suite's business
RUBRIC_FINDINGS = {"pass-condition"}  # likewise: the third pass condition is read from the answers
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def grade(submissions: Path, out: Path, backend: str, execute: bool, jobs: int = 2) -> str:
    cmd = [sys.executable, "-m", "autograder", "grade", ASSIGNMENT, "--submissions", str(submissions)]
    cmd += ["--out", str(out), "--backend", backend, "--jobs", str(jobs), "--seed", "5"]
    cmd += [] if execute else ["--no-execute"]
    done = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, errors="replace")
    if done.returncode not in (0, 1):
        raise RuntimeError(f"grading failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return done.stdout + done.stderr


class _Live(HTMLParser):
    """Counts what would run in a browser: script elements, on* attributes, javascript: URLs."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "iframe", "object", "embed"):
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on") or (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}=…>")


def _pages(out: Path, student: str) -> list[Path]:
    return [p for p in sorted((out / "feedback").glob("*.html")) if p.name.split(".")[0] == _safe(student)]


def live_markup(out: Path, student: str) -> list[str]:
    found = []
    for page in _pages(out, student):
        parser = _Live()
        parser.feed(page.read_text(encoding="utf-8", errors="replace"))
        found += [f"{page.name}: {item}" for item in parser.found]
    return found


def csv_formulas(out: Path) -> list[str]:
    rows = list(csv.reader((out / "grades.csv").open(encoding="utf-8", newline="")))
    return [cell for row in rows[1:] for cell in row if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]


def hidden_lines() -> list[str]:
    source = json.loads((REPO / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text(encoding="utf-8"))
    lines, inside = [], False
    for cell in source["cells"]:
        for line in "".join(cell["source"]).splitlines():
            inside = (inside or "BEGIN HIDDEN TESTS" in line) and "END HIDDEN TESTS" not in line
            if inside and len(line.strip()) > 24 and "HIDDEN TESTS" not in line:
                lines.append(line.strip())
    return lines


def hidden_text(out: Path, student: str) -> list[str]:
    pages = _pages(out, student) + list((out / "gradescope").glob(f"{_safe(student)}.json"))
    text = "".join(p.read_text(encoding="utf-8", errors="replace") for p in pages)
    return [line for line in hidden_lines() if line in text]


def _safe(student: str) -> str:
    from autograder.integrity.submissions import safe_id

    return safe_id(student)


def verdict(case: dict, entry: dict | None, grade: dict | None) -> list[str]:
    """The ways this submission's grade breaks its label; [] when the label holds."""
    expect, problems = case["expect"], []
    if entry is None:
        return ["no entry in results.json"]
    parts = grade["parts"] if grade else {}
    points = entry["parts"].get("code_normal", 0) + entry["parts"].get("code_boundary", 0)
    routed = any(parts.get(p, {}).get("needs_review") for p in ("code_normal", "code_boundary"))
    vetoes = [v for v in entry["vetoes"] if v["rule"] not in RUBRIC_VETOES]
    findings = [
        f
        for f in (grade or {}).get("findings", [])
        if (f.get("review") or f.get("veto")) and f["rule"] not in RUBRIC_FINDINGS
    ]
    other = [f for f in findings if f["rule"] != "code-uncertain"]
    flagged = bool(vetoes or findings or entry["errors"])
    code = expect.get("code")
    if code == "full" and (points != 3 or routed or entry["errors"]):
        problems.append(f"code {points:g}/3 routed={routed} (want full, unrouted)")
    if code == "zero" and points != 0:
        problems.append(f"code {points:g}/3 (want 0)")
    if code == "review" and not routed:
        problems.append(f"code {points:g}/3 not routed (want review)")
    if code == "zero_or_review" and points != 0 and not routed and not entry["errors"]:
        problems.append(f"code {points:g}/3 silently (want 0 or review)")
    if expect.get("flag") == "none" and (vetoes or other or entry["errors"]):
        problems.append(
            f"flagged: {[v['rule'] for v in vetoes] + [f['rule'] for f in other]} {entry['errors']}"
        )
    if expect.get("flag") == "must_flag" and not flagged:
        problems.append("not flagged (want a veto or a routed finding)")
    return problems


def run(suite: Path, backend: str, work: Path, jobs: int = 2) -> dict:
    labels = json.loads((suite / "labels.json").read_text(encoding="utf-8"))
    cases = labels["cases"] if isinstance(labels, dict) else labels
    out = work / "all"
    output = grade(suite / "submissions", out, backend, execute=False, jobs=jobs)
    rows = _rows(cases, out)
    executed = [c for c in cases if any(c["expect"].get(k) for k in EXECUTED_CHECKS)]
    if executed:
        subset = work / "executed-submissions"
        for case in executed:
            shutil.copytree(suite / "submissions" / case["student"], subset / case["student"], symlinks=True)
        grade(subset, work / "executed", backend, execute=True, jobs=jobs)
    for case in cases:
        row = rows[case["id"]]
        page_out = work / "executed" if case in executed else out
        if case["expect"].get("no_live_markup"):
            row["problems"] += [f"live markup {m}" for m in live_markup(page_out, case["student"])]
        if case["expect"].get("no_hidden_test_text"):
            row["problems"] += [f"hidden test text: {t}" for t in hidden_text(page_out, case["student"])]
    if any(c["expect"].get("no_csv_formula") for c in cases):
        rows["_csv"] = {"problems": [f"formula cell {c!r}" for c in csv_formulas(out)]}
    if any(c["expect"].get("no_raw_control_chars") for c in cases):
        rows["_terminal"] = {"problems": [f"raw control {m!r}" for m in set(CONTROL.findall(output))]}
    return rows


def _rows(cases: list[dict], out: Path) -> dict:
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    entries = {e["student"]: e for e in results["students"]}
    rows = {}
    for case in cases:
        student = _safe(case["student"])
        path = out / "grades" / f"{student}.json"
        grade = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
        entry = entries.get(student)
        rows[case["id"]] = {
            "category": case["category"],
            "expect": case["expect"],
            "got": _summary(entry, grade),
            "problems": verdict(case, entry, grade),
        }
    return rows


def _summary(entry: dict | None, grade: dict | None) -> dict:
    if entry is None:
        return {}
    return {
        "code": entry["parts"].get("code_normal", 0) + entry["parts"].get("code_boundary", 0),
        "blank": [b.get("answer") for b in (grade or {}).get("blanks", [])],
        "vetoes": sorted({v["rule"] for v in entry["vetoes"]}),
        "findings": sorted({f["rule"] for f in (grade or {}).get("findings", [])}),
        "status": entry.get("status"),
        "errors": entry["errors"],
    }


def summarize(rows: dict) -> dict:
    cases = {k: v for k, v in rows.items() if not k.startswith("_")}
    by: dict[str, list[int]] = {}
    for row in cases.values():
        by.setdefault(row["category"], [0, 0])
        by[row["category"]][0] += not row["problems"]
        by[row["category"]][1] += 1
    report = {f"{cat} as labelled": f"{ok}/{n}" for cat, (ok, n) in sorted(by.items())}
    report |= {k: not v["problems"] for k, v in rows.items() if k.startswith("_")}
    return report


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default=str(REPO / "tests" / "blind" / "code_v1"))
    parser.add_argument("--backend", default="interpret", choices=["interpret", "cuda"])
    parser.add_argument("--label", default="current")
    parser.add_argument("--jobs", type=int, default=2, help="submissions graded at once")
    args = parser.parse_args(argv)
    suite = Path(args.suite)
    with tempfile.TemporaryDirectory(prefix="blind-code-") as tmp:
        rows = run(suite, args.backend, Path(tmp), args.jobs)
    report = {"suite": suite.name, "backend": args.backend, "label": args.label, "summary": summarize(rows)}
    report["cases"] = rows
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"blind-code-{suite.name}-{args.backend}-{args.label}.json"
    path.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report["summary"], ensure_ascii=False, indent=1))
    for case, row in rows.items():
        for problem in row["problems"]:
            print(f"  {ascii(case)}: {problem}")
    print(f"wrote {path}")
    return 0 if not any(row["problems"] for row in rows.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
