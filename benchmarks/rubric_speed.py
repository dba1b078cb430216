"""How fast the written-answer scorer reads a lesson's whole calibration (what `rubric check` and the rubric tests do).

    python benchmarks/rubric_speed.py --label LABEL [ASSIGNMENT ...]

Times, per lesson and in this one process, reading the calibration files (every part) and scoring every labelled
answer on the lesson's rubric, the two steps of `check_rubric`, and writes
benchmarks/results/rubric-speed-<LABEL>.json with the machine, the git revision and a digest of the scores, so two
runs (before and after a change to the scorer) can show that they scored alike as well as how long they took.
Run it on an otherwise idle machine; a CPU shared with other work makes every number longer.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from autograder.lesson.registry import assignments, lesson  # noqa: E402
from autograder.rubric import load_rubric, score_answer  # noqa: E402
from autograder.rubric.check import load_calibration  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def measure(assignment: str) -> dict:
    """Seconds to read and to score the lesson's calibration, and a digest of every score."""
    where = lesson(assignment)
    rubric = load_rubric(where.rubric)
    start = time.perf_counter()
    items = load_calibration(where.calibration, rubric)
    read = time.perf_counter() - start
    digest = hashlib.sha256()
    start = time.perf_counter()
    for item in items:
        scored = score_answer(rubric, item.question, item.answer, context=item.context)
        digest.update(json.dumps([item.id, scored.to_dict()], ensure_ascii=False, sort_keys=True).encode())
    scoring = time.perf_counter() - start
    return {
        "answers": len(items),
        "read_s": round(read, 2),
        "score_s": round(scoring, 2),
        "answers_per_s": round(len(items) / scoring, 1),
        "scores_sha256": digest.hexdigest(),
    }


def revision() -> str:
    root = Path(__file__).resolve().parent.parent
    found = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True)
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", "autograder"], cwd=root, capture_output=True, text=True
    )
    return found.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("assignments", nargs="*", help="default: every lesson with a calibration")
    parser.add_argument("--label", required=True, help="names the result file: rubric-speed-<label>.json")
    args = parser.parse_args(argv)
    names = args.assignments or [a for a in assignments() if lesson(a).calibration.exists()]
    lessons = {}
    for name in names:
        lessons[name] = measure(name)
        print(name, json.dumps(lessons[name]), flush=True)
    report = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "revision": revision(),
        "machine": {
            "platform": platform.platform(),
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
        },
        "lessons": lessons,
    }
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"rubric-speed-{args.label}.json"
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print("wrote", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
