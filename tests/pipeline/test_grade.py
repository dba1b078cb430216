"""autograder/pipeline/grade.py end to end: the example submissions, the release and the source, graded."""

import json
import shutil
import subprocess
import sys

import nbformat
import pytest

from autograder.lesson.registry import REPO_ROOT, assignments, lesson
from course.record import RECORD_MARK, blank_hash, code_hash

EXAMPLES = REPO_ROOT / "examples" / "submissions"


def grade(submissions, out, *extra, assignment="lesson05-row-sum"):
    cmd = [sys.executable, "-m", "autograder", "grade", assignment, "--submissions", str(submissions)]
    cmd += ["--out", str(out), "--backend", "interpret", "--seed", "11", *extra]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT)
    results = json.loads((out / "results.json").read_text()) if (out / "results.json").exists() else None
    return done, results


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo")
    done, results = grade(EXAMPLES, out, "--jobs", "2")
    return out, done, {entry["student"]: entry for entry in results["students"]}


@pytest.mark.slow
def test_demo_exits_one_for_the_corrupt_notebook_only(demo):
    """Does the batch finish, exit 1 for frank's corrupt file, and grade everyone else?"""
    _, done, students = demo
    assert done.returncode == 1, done.stderr[-2000:]
    assert students["frank"]["errors"] and "invalid JSON" in students["frank"]["errors"][0]
    assert all(not entry["errors"] for name, entry in students.items() if name != "frank")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("student", "code", "passed", "vetoes"),
    [
        ("alice", 4, True, set()),
        ("bob", None, False, set()),
        ("carol", 0, False, set()),
        ("dave", None, False, {"loosened_checks"}),
        ("erin", None, False, {"loosened_checks"}),  # she did run it: the monkeypatch is the veto
        ("grace", None, True, set()),
    ],
)
def test_each_example_gets_its_expected_grade(demo, student, code, passed, vetoes):
    """Does each example get the code points, verdict and vetoes a careful instructor would give?"""
    entry = demo[2][student]
    parts = entry["parts"]
    if code is not None:
        assert parts["code_normal"] + parts["code_boundary"] + parts["code_explanation"] == code
    assert entry["passed"] is passed
    assert {veto["rule"] for veto in entry["vetoes"]} == vetoes


@pytest.mark.slow
def test_wrong_identity_and_monkeypatch_earn_no_code_points(demo):
    """Do bob's other=1.0 and erin's patched assert_close both get 0 for normal and boundary inputs?"""
    for student in ("bob", "dave", "erin"):
        assert demo[2][student]["parts"]["code_normal"] == 0
        assert demo[2][student]["parts"]["code_boundary"] == 0


@pytest.mark.slow
def test_reports_are_written_and_feedback_hides_hidden_tests(demo):
    """Are the CSV, Gradescope files, histogram and feedback written, with no hidden test in any page?"""
    out = demo[0]
    assert (out / "grades.csv").read_text().startswith("student,code_normal")
    assert (out / "histogram.png").stat().st_size > 1000
    assert json.loads((out / "gradescope" / "alice.json").read_text())["score"] == 10
    pages = list((out / "feedback").glob("*.html"))
    assert len(pages) >= 7
    for page in pages:
        text = page.read_text()
        assert "check_in_notebook" not in text and "BEGIN HIDDEN TESTS" not in text


@pytest.mark.slow
def test_nbgrader_ran_with_the_course_config(demo):
    """Did nbgrader run each notebook, restoring dave's test cell and scoring alice's tests?"""
    grade_file = json.loads((demo[0] / "grades" / "alice.json").read_text())
    assert grade_file["nbgrader"]["ran"] and grade_file["nbgrader"]["test_scores"] == {
        "test_row_sum_normal": 2.0,
        "test_row_sum_boundary": 1.0,
    }


@pytest.mark.slow
@pytest.mark.parametrize("assignment", assignments())
def test_release_and_source_as_submissions(tmp_path, assignment):
    """Does each lesson's untouched release earn 0 without crashing, and its source full code points?"""
    flat = tmp_path / "flat"
    flat.mkdir()
    item = lesson(assignment)
    shutil.copy(item.release_notebook, flat / "untouched.ipynb")
    shutil.copy(item.source_notebook, flat / "solution.ipynb")
    done, results = grade(flat, tmp_path / "out", "--no-execute", assignment=assignment)
    assert done.returncode == 0, done.stderr[-2000:]
    students = {entry["student"]: entry for entry in results["students"]}
    assert students["untouched"]["total"] == 0 and not students["untouched"]["errors"]
    for part in (p for p in item.spec.parts if p.scored_by == "cases"):
        assert students["solution"]["parts"][part.id] == part.points, part.id


@pytest.mark.slow
def test_a_ta_decision_survives_regrading(tmp_path):
    """Does a TA's score win over the automatic one and survive grading the folder again?"""
    flat = tmp_path / "flat"
    flat.mkdir()
    shutil.copy(EXAMPLES / "bob" / "lesson05-row-sum" / "lesson05-row-sum.ipynb", flat / "bob.ipynb")
    out = tmp_path / "out"
    grade(flat, out, "--no-execute")
    review = [sys.executable, "-m", "autograder", "review", "lesson05-row-sum", "--out", str(out)]
    done = subprocess.run(
        review + ["--student", "bob", "--set", "Q3=2", "--reviewer", "ta1"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    (flat / "bob.ipynb").write_text((flat / "bob.ipynb").read_text() + " ")  # a changed file is regraded
    _, results = grade(flat, out, "--no-execute")
    entry = results["students"][0]
    assert entry["parts"]["Q3"] == 2 and entry["reviewed_by"] == "ta1"


def _claims_a_pass(item, other: str):
    """The release with other=<other> and a run record saying the visible check passed on exactly this code."""
    nb = nbformat.read(item.release_notebook, as_version=4)
    cells = {c.metadata.get("nbgrader", {}).get("grade_id"): c for c in nb.cells}
    exercise = cells[item.spec.exercise.cell]
    exercise.source = exercise.source.replace("______", other, 1)
    test = next(c for c in nb.cells if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("grade"))
    test.execution_count = 4
    entry = {"check": item.spec.visible_checks[0], "status": "passed", "run": 4}
    entry |= {"code": code_hash(exercise.source), "blank": blank_hash(exercise.source)}
    record = nbformat.v4.new_code_cell("record.show()", execution_count=5)
    text = f"{RECORD_MARK} backend=interpret\n{RECORD_MARK} {json.dumps(entry, ensure_ascii=False)}\n"
    record.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)]
    nb.cells.append(record)
    return nb


def test_a_false_pass_claim_is_vetoed_without_an_executed_notebook(tmp_path):
    """With --no-execute, is a record claiming the visible check passed on code that fails it still a veto
    (the harness reruns the check's shapes), while the same claim on passing code is not?"""
    item = lesson("lesson05-row-sum")
    flat = tmp_path / "flat"
    flat.mkdir()
    nbformat.write(_claims_a_pass(item, "1.0"), flat / "liar.ipynb")
    nbformat.write(_claims_a_pass(item, "0.0"), flat / "honest.ipynb")
    done, results = grade(flat, tmp_path / "out", "--no-execute")
    assert done.returncode == 0, done.stderr[-2000:]
    students = {entry["student"]: entry for entry in results["students"]}
    assert "unrun_claimed_as_measured" in {veto["rule"] for veto in students["liar"]["vetoes"]}
    assert "unrun_claimed_as_measured" not in {veto["rule"] for veto in students["honest"]["vetoes"]}


def test_workers_meeting_the_same_answers_run_the_harness_once(monkeypatch):
    """Do eight workers that meet the same answers at once share one harness run (and its error, if any)?"""
    import threading
    import time
    from concurrent.futures import ThreadPoolExecutor

    from autograder.pipeline import grade as pipeline

    runs, lock = [], threading.Lock()

    def slow_harness(item, answers, *args):
        with lock:
            runs.append(dict(answers))
        time.sleep(0.3)
        if answers["other"] == "boom":
            raise RuntimeError("the run broke")
        return f"verdict for {answers['other']}"

    monkeypatch.setattr(pipeline, "run_harness", slow_harness)
    ctx = pipeline.Context(lesson("lesson05-row-sum"), "interpret", 7, None)
    key = (("other", "0.0"),)
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: pipeline._harness_once(ctx, key, {"other": "0.0"}), range(8)))
    assert results == ["verdict for 0.0"] * 8 and len(runs) == 1
    with ThreadPoolExecutor(4) as pool:
        errors = [
            pool.submit(pipeline._harness_once, ctx, (("other", "boom"),), {"other": "boom"})
            for _ in range(4)
        ]
    assert all(isinstance(f.exception(), RuntimeError) for f in errors) and len(runs) == 2
