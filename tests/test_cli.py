"""autograder/cli.py: the contracts outside checks rely on."""

import json
import subprocess
import sys

from autograder.lesson.registry import REPO_ROOT


def _cli(*args, stdin=None):
    cmd = [sys.executable, "-m", "autograder", *args]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT, input=stdin)


def test_rubric_score_prints_one_contract_object_per_line(tmp_path):
    """Does `rubric score` print, per input line, exactly the keys DESIGN.md promises?"""
    answers = tmp_path / "answers.jsonl"
    lines = [
        {
            "id": "a",
            "question": "Q3",
            "answer": "应改成 float('-inf')，因为 max(x, -inf) = x，padding 不会胜出。",
        },
        {"id": "b", "question": "Q3", "answer": "保持 0.0 就行。"},
    ]
    answers.write_text("\n".join(json.dumps(line, ensure_ascii=False) for line in lines), encoding="utf-8")
    done = _cli("rubric", "score", "lesson05-row-sum", str(answers))
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    keys = {
        "id",
        "question",
        "points",
        "max_points",
        "veto",
        "needs_review",
        "matched",
        "missing",
        "misconceptions",
    }
    assert [set(row) for row in rows] == [keys, keys]
    assert rows[0]["points"] >= 1.5 and not rows[0]["veto"]
    assert rows[1]["points"] == 0 and (rows[1]["veto"] or rows[1]["needs_review"])


def test_unknown_assignment_is_a_usage_error():
    """Does a misspelt assignment id exit 2 with the known ids listed?"""
    done = _cli("grade", "lesson5", "--submissions", "examples/submissions")
    assert done.returncode == 2 and "lesson05-row-sum" in done.stderr


def test_rubric_check_passes_for_lesson_5():
    """Does the lesson's rubric validate with no false veto on its calibration set?"""
    done = _cli("rubric", "check", "lesson05-row-sum")
    assert done.returncode == 0, done.stdout[-2000:]
