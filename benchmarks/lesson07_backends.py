"""Lesson 7's code verdicts on both backends: each example answer through the grader's harness.

    python benchmarks/lesson07_backends.py OUT.json      # on a CUDA machine: cuda and interpret

Every exercise must give the same verdict on the GPU and on the interpreter (DESIGN.md, Backends);
this runs the answers of the lesson's example submissions, and the stand-ins for -inf, through
autograder.isolation.harness on each backend with one seed and writes the points and failing cases.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from course import runtime  # noqa: E402

ASSIGNMENT = "lesson07-softmax"
ANSWERS = {
    "reference": {"other": '-float("inf")', "shift": "row_max"},
    "tl.max shift": {"other": "-math.inf", "shift": "tl.max(x, axis=0)"},
    "other=0.0": {"other": "0.0", "shift": "row_max"},
    "no max subtraction": {"other": '-float("inf")', "shift": "0"},
    "other=-1e30": {"other": "-1e30", "shift": "row_max"},
    "other=finfo.min": {"other": "-3.4028234663852886e38", "shift": "row_max"},
}


def main(out: str) -> int:
    runtime.select("interpret")  # the parent never imports triton's JIT; each child picks its own backend
    from autograder.isolation.harness import run_harness
    from autograder.isolation.sandbox import Limits

    backends = ["interpret"] + (["cuda"] if runtime.cuda_available() else [])
    doc = {"assignment": ASSIGNMENT, "seed": 7, "backends": backends, "answers": {}}
    for name, answers in ANSWERS.items():
        row = {"answers": answers}
        for backend in backends:
            result = run_harness(ASSIGNMENT, answers, backend, seed=7, limits=Limits(wall_s=300))
            row[backend] = {
                "points": result.points,
                "error": result.error,
                "failed": [f"{c.name}: {c.detail}" for c in result.failed_cases()],
            }
        row["same_points"] = len({json.dumps(row[b]["points"], sort_keys=True) for b in backends}) == 1
        doc["answers"][name] = row
        print(name, {b: row[b]["points"] for b in backends}, "same" if row["same_points"] else "DIFFERENT")
    doc["all_same"] = all(row["same_points"] for row in doc["answers"].values())
    Path(out).write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0 if doc["all_same"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
