"""Grade a class: N generated lesson-5 submissions, where each submission's time goes, and plain nbgrader.

    python benchmarks/class_grading.py --n 16 --jobs 2                  # CPU, Triton's interpreter
    python3 benchmarks/class_grading.py --n 200 --jobs 16 --backend cuda  # a GPU runner

The submissions are made from the release notebook (examples/make_submissions.py's ``fill``):
a mix of correct, wrong, empty and accidental blanks, tampered test cells and monkeypatches,
with written answers drawn from the blind sets (tests/blind/rubric_v*/answers.yaml). They are
not executed (no saved outputs), like a notebook handed in without running it.

Measured, in one process: the whole batch (wall), each step of the pipeline summed over
submissions (worker-seconds: integrity, nbgrader's run, harness, rubric, the rest), the
reports, and probes of the sandbox (an empty child, and one that imports torch and triton).
Then, unless --no-baseline, plain ``nbgrader autograde`` over the same files, serially, as
nbgrader grades. --serial also grades with --jobs 1 and checks the grades are the same.
Writes benchmarks/results/class-grading-<backend>-n<N>-j<jobs>.json and a PNG beside it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import nbformat  # noqa: E402
import yaml  # noqa: E402

from autograder.lesson.registry import lesson  # noqa: E402

ASSIGNMENT = "lesson05-row-sum"
RESULTS = ROOT / "benchmarks" / "results"
# (blank, edit, weight): most students are right; the rest is what a class really hands in
MIX = [
    ("0.0", None, 50), ("1.0", None, 14), ("float('-inf')", None, 8), ("______", None, 5), ("0", None, 5),
    ("None", None, 4), ("0.0", "loosen_tolerance", 5), ("1.0", "monkeypatch", 5), ("0.", None, 4),
]  # fmt: skip


def _fill():
    spec = importlib.util.spec_from_file_location(
        "make_submissions", ROOT / "examples" / "make_submissions.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.fill


def written_answers() -> dict[str, list[str]]:
    """Question -> every blind answer to it (both schemas: `answer` and `text`)."""
    pool: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests" / "blind").glob("rubric_v*/answers.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for item in data["answers"] if isinstance(data, dict) else data:
            text = item.get("answer", item.get("text"))
            if isinstance(text, str):
                pool.setdefault(item["question"], []).append(text)
    return pool


def generate(folder: Path, n: int, seed: int = 11) -> dict[str, int]:
    """N submissions in nbgrader's layout; returns how many of each kind."""
    rng, fill, pool = random.Random(seed), _fill(), written_answers()
    release = nbformat.read(lesson(ASSIGNMENT).release_notebook, as_version=4)
    kinds: dict[str, int] = {}
    for index in range(n):
        blank, edit, _ = rng.choices(MIX, weights=[w for *_, w in MIX])[0]
        answers = {question: rng.choice(texts) for question, texts in pool.items()}
        path = folder / f"s{index:03d}" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        path.parent.mkdir(parents=True)
        nbformat.write(fill(release, blank, answers, edit), path)
        kind = f"{blank}{' + ' + edit if edit else ''}"
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def _timed(module, names: list[str], totals: dict, lock: threading.Lock) -> None:
    """Wrap the pipeline's steps to sum their seconds over every submission (worker-seconds)."""
    for name in names:
        real = getattr(module, name)

        def wrapper(*args, _real=real, _name=name, **kwargs):
            started = time.perf_counter()
            try:
                return _real(*args, **kwargs)
            finally:
                with lock:
                    totals[_name] = totals.get(_name, 0.0) + time.perf_counter() - started

        setattr(module, name, wrapper)


def grade(folder: Path, out: Path, backend: str, jobs: int, seed: int) -> dict:
    from autograder.pipeline import batch
    from autograder.pipeline import grade as pipeline
    from autograder.report import reports

    totals, lock = {}, threading.Lock()
    steps = ["step_integrity", "step_execute", "step_harness", "step_rubric", "step_run_record"]
    _timed(pipeline, steps, totals, lock)
    _timed(batch, ["grade_one"], totals, lock)  # batch calls it by the name it imported
    started = time.perf_counter()
    subs, summary = batch.grade_batch(ASSIGNMENT, folder, out, backend, jobs, seed)
    graded = time.perf_counter() - started
    item = lesson(ASSIGNMENT)
    results, grades = reports.collect(out, item, backend, [s.student for s in subs])
    reports.write_all(out, results, grades, item)
    wall = time.perf_counter() - started
    totals["other steps"] = totals.pop("grade_one") - sum(totals.get(step, 0.0) for step in steps)
    return {
        "wall_s": round(wall, 2), "grading_s": round(graded, 2), "reports_s": round(wall - graded, 2),
        "per_submission_s": round(wall / len(subs), 3), "failed": len(summary.failed),
        "stage_worker_s": {k.removeprefix("step_"): round(v, 2) for k, v in totals.items()},
        "execute_phases_worker_s": execute_phases(out),
        "results": results,
    }  # fmt: skip


def execute_phases(out: Path) -> dict:
    """nbgrader's run of each submission split up (autograder/pipeline/nbgrader_session.py), summed."""
    totals: dict[str, float] = {}
    for path in (out / "grades").glob("*.json"):
        for name, seconds in json.loads(path.read_text(encoding="utf-8")).get("phases", {}).items():
            totals[name] = totals.get(name, 0.0) + seconds
    return {name: round(seconds, 2) for name, seconds in sorted(totals.items())}


def probes(backend: str) -> dict:
    """The fixed costs inside each submission: an empty sandboxed child, and one importing torch+triton."""
    import os

    from autograder.isolation.sandbox import Limits, run_limited

    found = {}
    for name, code in [
        ("sandbox_empty_child_s", "pass"),
        ("sandbox_import_torch_triton_s", "import torch, triton"),
    ]:
        with tempfile.TemporaryDirectory() as tmp:
            started = time.perf_counter()
            run_limited(
                [sys.executable, "-c", code],
                Path(tmp),
                dict(os.environ),
                Limits(wall_s=120),
                backend == "cuda",
            )
            found[name] = round(time.perf_counter() - started, 2)
    return found


def nbgrader_baseline(folder: Path, work: Path) -> dict:
    """Plain `nbgrader autograde` over the same files in one course folder (no sandbox, no harness, serial)."""
    from autograder.build.nbgrader_run import run_nbgrader
    from autograder.pipeline.execute import prepare_template

    root = prepare_template(ASSIGNMENT, work)
    for student in sorted(p.name for p in folder.iterdir()):
        shutil.copytree(folder / student, root / "submitted" / student)
    started = time.perf_counter()
    run = run_nbgrader(["autograde", ASSIGNMENT, "--force"], root, root / "gradebook.db", root, check=False)
    return {"wall_s": round(time.perf_counter() - started, 2), "returncode": run.returncode}


def plot(report: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.6), dpi=100)
    stages = report["ours"]["stage_worker_s"] | {"reports": report["ours"]["reports_s"]}
    left.barh(list(stages), list(stages.values()), color="#4c72b0")
    left.set(xlabel="seconds (summed over submissions)", title=f"where the time goes (n={report['n']})")
    bars = {f"ours --jobs {report['jobs']}": report["ours"]["wall_s"]}
    bars |= {"ours --jobs 1": report["serial"]["wall_s"]} if "serial" in report else {}
    bars |= {"nbgrader autograde": report["nbgrader"]["wall_s"]} if "nbgrader" in report else {}
    right.bar(list(bars), list(bars.values()), color=["#4c72b0", "#8172b2", "#c44e52"][: len(bars)])
    right.set(ylabel="wall seconds", title=f"{report['n']} submissions, {report['backend']}")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def serial_sample(work: Path, k: int, backend: str, ours: dict) -> dict:
    """The first K submissions graded again with --jobs 1: the same grades as in the parallel run?"""
    names = sorted(path.name for path in (work / "subs").iterdir())[:k]
    for name in names:
        shutil.copytree(work / "subs" / name, work / "sample" / name)
    run = grade(work / "sample", work / "serial-sample", backend, 1, seed=5)
    parallel = {entry["student"]: entry for entry in ours["results"]["students"]}
    serial = run.pop("results")["students"]
    run["same_grades"] = all(entry == parallel[entry["student"]] for entry in serial)
    run["students"] = len(serial)
    return run


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--n", type=int, default=16, help="submissions to generate")
    args.add_argument("--jobs", type=int, default=2, help="--jobs of the parallel run")
    args.add_argument("--backend", default="interpret", choices=["interpret", "cuda"], help="grading backend")
    args.add_argument("--serial", action="store_true", help="also grade with --jobs 1 and compare the grades")
    args.add_argument(
        "--serial-sample",
        type=int,
        default=0,
        metavar="K",
        help="grade the first K again with --jobs 1 and compare",
    )
    args.add_argument(
        "--no-execute",
        action="store_true",
        help="grade without nbgrader's run (no feedback notebook), as grade --no-execute",
    )
    args.add_argument("--no-baseline", action="store_true", help="skip plain nbgrader autograde")
    args.add_argument("--tag", default="", help="suffix of the result file names")
    opts = args.parse_args()
    from course import runtime

    runtime.select(opts.backend)
    if opts.no_execute:
        from autograder.config import policy

        policy().EXECUTE_NOTEBOOKS = False
    with tempfile.TemporaryDirectory(prefix="class-grading-") as tmp:
        work = Path(tmp)
        report = {
            "n": opts.n,
            "jobs": opts.jobs,
            "backend": opts.backend,
            "execute_notebooks": not opts.no_execute,
            "mix": generate(work / "subs", opts.n),
        }
        report["probes"] = probes(opts.backend)
        report["ours"] = grade(work / "subs", work / "out", opts.backend, opts.jobs, seed=5)
        if opts.serial:
            report["serial"] = grade(work / "subs", work / "serial", opts.backend, 1, seed=5)
            report["same_grades_as_serial"] = report["serial"].pop("results") == report["ours"]["results"]
        if opts.serial_sample:
            report["serial_sample"] = serial_sample(work, opts.serial_sample, opts.backend, report["ours"])
        if not opts.no_baseline:
            report["nbgrader"] = nbgrader_baseline(work / "subs", work / "baseline")
    report["ours"]["statuses"] = _count(
        entry["status"] for entry in report["ours"].pop("results")["students"]
    )
    name = f"class-grading-{opts.backend}-n{opts.n}-j{opts.jobs}{opts.tag}"
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{name}.json").write_text(
        json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    plot(report, RESULTS / f"{name}.png")
    print(json.dumps(report, indent=1, ensure_ascii=False))


def _count(items) -> dict:
    counts: dict = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


if __name__ == "__main__":
    main()
