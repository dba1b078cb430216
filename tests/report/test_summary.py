"""autograder/report/summary.py: the instructor's page of a batch, read from the grades alone."""

from __future__ import annotations

from autograder.report import summary


def _grade(student, blank, parts, seconds, review=False, vetoes=(), findings=()):
    return {
        "student": student,
        "parts": {
            name: {"points": p, "max_points": top, "needs_review": review} for name, (p, top) in parts.items()
        },
        "blanks": [{"name": "other", "answer": blank}],
        "cases": [{"name": "all negative 3x200", "passed": blank != "1.0"}],
        "vetoes": [{"rule": rule} for rule in vetoes],
        "findings": [{"rule": rule, "review": True} for rule in findings],
        "answers": {"Q1": {"misconceptions": [{"id": "zero_is_identity_of_max"}] if blank == "1.0" else []}},
        "errors": [],
        "seconds": seconds,
    }


def _entry(student, parts, status, review=False, vetoes=()):
    total = sum(points for points, _ in parts.values())
    return {
        "student": student, "total": total, "max": sum(top for _, top in parts.values()),
        "parts": {name: points for name, (points, _) in parts.items()}, "status": status,
        "passed": status == "pass", "needs_review": review, "errors": [],
        "vetoes": [{"rule": rule, "certain": True} for rule in vetoes],
    }  # fmt: skip


def _class():
    """A lesson with parts `cases` (3) and `essay` (1): nothing lesson 5 would have."""
    rows = [
        ("ann", "0.0", {"cases": (3, 3), "essay": (1, 1)}, 4.0, "pass", False, ()),
        ("ben", "1.0", {"cases": (0, 3), "essay": (1, 1)}, 9.5, "fail", False, ()),
        (
            "cat",
            "1.0",
            {"cases": (0, 3), "essay": (0.5, 1)},
            2.0,
            "pending_review",
            True,
            ("loosened_checks",),
        ),
    ]
    grades = {
        s: _grade(s, b, p, t, r, v, ("run-record-mismatch",) if r else ()) for s, b, p, t, _, r, v in rows
    }
    students = [_entry(s, p, status, r, v) for s, _, p, _, status, r, v in rows]
    return {"assignment": "tiny", "backend": "interpret", "students": students}, grades


def test_pass_rate_and_part_averages_come_from_the_grades():
    """Are the pass rate and each part's average read from the grades, whatever parts the lesson has?"""
    results, grades = _class()
    page = summary.summary_html(results, grades)
    assert "pass rate 33% (1 of 3 graded)" in page
    assert summary.part_averages(results, grades) == [("cases", 1.0, 3.0, 1), ("essay", 2.5 / 3, 1.0, 2)]


def test_the_most_common_answers_and_findings_count_students():
    """Is `other = 1.0` counted once per student (2), before `other = 0.0` (1), and a veto listed by rule?"""
    results, grades = _class()
    assert summary.common(grades, summary.blank_answers) == [
        ("other = 1.0", ["ben", "cat"]),
        ("other = 0.0", ["ann"]),
    ]
    findings = dict(summary.common(grades))
    assert findings["hidden case failed: all negative 3x200"] == ["ben", "cat"]
    assert findings["Q1 misconception: zero_is_identity_of_max"] == ["ben", "cat"]
    assert findings["veto: loosened_checks"] == ["cat"]


def test_the_review_queue_and_the_slowest_submissions():
    """Does the queue hold only students awaiting a TA, with why, and the slowest table start with the slowest?"""
    results, grades = _class()
    page = summary.summary_html(results, grades)
    assert "Review queue (1)" in page and "cases routed; essay routed; finding run-record-mismatch" in page
    slowest = page.split("Slowest submissions")[1]
    assert slowest.index("ben") < slowest.index("ann") < slowest.index("cat")


def test_students_text_is_escaped_and_the_histogram_embedded(tmp_path):
    """Is a student's markup shown as text, and the histogram PNG embedded (the page loads nothing else)?"""
    results, grades = _class()
    grades["ben"]["blanks"][0]["answer"] = "<script>alert(1)</script>"
    (tmp_path / "histogram.png").write_bytes(b"\x89PNG fake")
    page = summary.write_summary(tmp_path, results, grades).read_text(encoding="utf-8")
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert 'src="data:image/png;base64,' in page


def test_a_batch_graded_without_the_private_root_says_so_at_the_top():
    """Does the page warn, naming the students, when their code ran without the private root, and only then?"""
    results, grades = _class()
    assert "without the private root" not in summary.summary_html(results, grades)
    grades["ben"]["nbgrader"] = {"isolation": ["own-session", "no-private-root (not root: no private root)"]}
    grades["cat"]["harness_isolation"] = ["no-private-root (not root: no private root)"]
    page = summary.summary_html(results, grades)
    assert "2 submission(s) ran without the private root (ben, cat)" in page
    assert page.index("private root") < page.index("<h2>Scores</h2>")
