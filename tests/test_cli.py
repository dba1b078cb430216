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


EXAMPLE = "examples/submissions/alice/lesson05-row-sum/lesson05-row-sum.ipynb"


def _graded_folder(tmp_path):
    out = tmp_path / "out"
    done = _cli("grade", "lesson05-row-sum", "--submissions", EXAMPLE, "--out", str(out), "--no-execute")
    assert done.returncode == 0, done.stderr
    return out


def test_one_notebook_is_graded_as_one_submission(tmp_path):
    """Is a single .ipynb given to --submissions graded, under the student named by nbgrader's layout?"""
    out = _graded_folder(tmp_path)
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert [entry["student"] for entry in results["students"]] == ["alice"]


def test_a_file_that_is_not_a_notebook_is_refused_with_the_layout(tmp_path):
    """Does a non-notebook file as --submissions exit 2 and say how to lay submissions out?"""
    (tmp_path / "notes.txt").write_text("hi", encoding="utf-8")
    done = _cli("grade", "lesson05-row-sum", "--submissions", str(tmp_path / "notes.txt"))
    assert done.returncode == 2 and "<student>/<assignment>/<assignment>.ipynb" in done.stderr


def test_an_empty_folder_is_an_error(tmp_path):
    """Is a folder with no submissions refused (exit 2), writing no grading folder, instead of 'graded 0'?"""
    (tmp_path / "subs").mkdir()
    out = tmp_path / "out"
    done = _cli("grade", "lesson05-row-sum", "--submissions", str(tmp_path / "subs"), "--out", str(out))
    assert done.returncode == 2 and "no submissions in" in done.stderr and not out.exists()


def test_review_of_an_unknown_assignment_or_missing_folder_is_an_error(tmp_path):
    """Do `review lesson99` and `review` on a folder that does not exist exit 2 with a message?"""
    unknown = _cli("review", "lesson99")
    missing = _cli("review", "lesson05-row-sum", "--out", str(tmp_path / "nowhere"))
    assert unknown.returncode == 2 and "known: lesson05-row-sum" in unknown.stderr
    assert missing.returncode == 2 and "no grading folder" in missing.stderr


def test_set_without_points_or_student_says_what_it_wants(tmp_path):
    """Does `--set Q1` ask for PART=POINTS, and `--set Q1=1` without --student ask for the student?"""
    no_value = _cli("review", "lesson05-row-sum", "--set", "Q1")
    no_student = _cli("review", "lesson05-row-sum", "--out", str(tmp_path), "--set", "Q1=1")
    assert no_value.returncode == 2 and "PART=POINTS, e.g. --set Q1=1.5" in no_value.stderr
    assert no_student.returncode == 2 and "need --student" in no_student.stderr


def test_a_decision_on_an_unknown_part_is_a_usage_error(tmp_path):
    """Is `--set Q9=1` for a graded student refused with the lesson's parts listed?"""
    out = _graded_folder(tmp_path)
    done = _cli("review", "lesson05-row-sum", "--out", str(out), "--student", "alice", "--set", "Q9=1")
    assert done.returncode == 2 and "parts: code_normal" in done.stderr


def test_rubric_score_without_a_file_prints_its_own_usage():
    """Does `rubric score ASSIGNMENT` with no file print the usage of `rubric score`, not the top level's?"""
    done = _cli("rubric", "score", "lesson05-row-sum")
    assert done.returncode == 2 and "usage: python -m autograder rubric score" in done.stderr


def test_rubric_check_never_says_ok_beside_a_missed_target(monkeypatch, capsys):
    """Is the headline of a check that missed a target something other than OK?"""
    from autograder import cli
    from autograder.rubric import check as check_module

    monkeypatch.setattr(check_module.RubricCheck, "target_failures", lambda self, split=None: ["x < y"])
    assert cli.rubric_check("lesson05-row-sum") == 0
    out = capsys.readouterr().out
    assert "below target: x < y" in out and ": OK" not in out and "1 BELOW TARGET" in out


def test_jobs_zero_means_one_per_core_and_negative_is_refused():
    """Is --jobs 0 one worker per CPU core, and --jobs -1 a usage error?"""
    import os

    from autograder import cli
    from autograder.cli_parser import parser

    args = parser().parse_args(["grade", "lesson05-row-sum", "--submissions", "x", "--jobs", "0"])
    assert cli._jobs(args) == len(os.sched_getaffinity(0))
    done = _cli("grade", "lesson05-row-sum", "--submissions", "x", "--jobs", "-1")
    assert done.returncode == 2 and "--jobs" in done.stderr


def test_a_runtime_failure_is_not_a_usage_error(tmp_path, monkeypatch, capsys):
    """Does a grader that cannot take its folder (another one holds it) exit 3, not the usage code 2?"""
    from autograder import cli
    from autograder.pipeline import store

    out = tmp_path / "out"

    def busy(*args, **kwargs):
        raise store.BusyError(f"another grader (pid 1) is grading into {out}")

    monkeypatch.setattr("autograder.pipeline.batch.grade_batch", busy)
    status = cli.main(["grade", "lesson05-row-sum", "--submissions", EXAMPLE, "--out", str(out)])
    assert status == 3 and "another grader" in capsys.readouterr().err


def test_grading_without_the_private_root_warns_before_it_starts(tmp_path, monkeypatch, capsys):
    """Does `grade` warn on stderr, with the reason, when student code cannot get the private root?"""
    from autograder import cli
    from autograder.isolation import sandbox
    from autograder.pipeline import store

    def busy(*args, **kwargs):
        raise store.BusyError("stop here: the warning is what this test reads")

    monkeypatch.setattr(sandbox, "jail_support", lambda: "not root: no private root")
    monkeypatch.setattr("autograder.pipeline.batch.grade_batch", busy)
    cli.main(["grade", "lesson05-row-sum", "--submissions", EXAMPLE, "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert "warning: student code will run without the private root (not root: no private root)" in err
    assert err.index("warning") < err.index("stop here")


def test_every_option_has_help_and_assignment_lists_the_ids():
    """Does every option and argument of every subcommand carry help text, and name the assignment ids?"""
    import argparse

    from autograder.cli_parser import parser

    def walk(p):
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for child in action.choices.values():
                    yield from walk(child)
            elif not isinstance(action, argparse._HelpAction):
                yield p.prog, action

    for prog, action in walk(parser()):
        assert action.help, f"{prog} {action.dest} has no help"
        if action.dest in ("assignment", "assignments"):
            assert "lesson05-row-sum" in action.help, prog
