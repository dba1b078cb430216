"""The command line of `python -m autograder`: every option with its help; the commands are in cli.py.

Values are checked here where argparse can say what it wants (``--set Q1`` without
points, ``--jobs -1``, ``rubric score`` without its file), so a mistake is
refused with the usage of the subcommand it belongs to, before anything is read.
"""

from __future__ import annotations

import argparse

from autograder.lesson.registry import LessonError, assignments


def _assignment_help() -> str:
    try:
        known = ", ".join(assignments()) or "none yet"
    except LessonError as error:  # a lesson being written must not break --help for the others
        known = f"(a lesson's spec.py does not load: {error})"
    return f"the assignment id: {known}"


def part_points(text: str) -> str:
    """--set PART=POINTS, e.g. Q1=1.5; the part and its range are checked against the lesson later."""
    part, equals, points = text.partition("=")
    try:
        float(points)
    except ValueError:
        points = ""
    if not (part and equals and points):
        raise argparse.ArgumentTypeError(f"takes PART=POINTS, e.g. --set Q1=1.5 (got {text!r})")
    return text


def jobs(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"takes a whole number >= 0 (0: one per CPU core), not {text!r}")
    return int(text)


def _grade(sub, assignment_help: str) -> None:
    grade = sub.add_parser(
        "grade",
        help="grade a folder of submissions (or one notebook)",
        description="Grade a folder of submissions. --out gets results.json, grades.csv (LMS), gradescope/, "
        "feedback/, summary.html, and nbgrader/: nbgrader's course folder with its gradebook "
        "(`cd OUT/nbgrader && nbgrader export`) and feedback for `nbgrader release_feedback`.",
    )
    grade.add_argument("assignment", help=assignment_help)
    grade.add_argument(
        "--submissions",
        required=True,
        metavar="PATH",
        help="DIR/<student>/<assignment>/<assignment>.ipynb, DIR/<student>.ipynb, or one .ipynb file",
    )
    grade.add_argument(
        "--backend",
        default="auto",
        choices=["auto", "cuda", "interpret"],
        help="cuda: the GPU; interpret: Triton's interpreter on the CPU; auto: cuda when there is a GPU",
    )
    grade.add_argument(
        "--jobs",
        type=jobs,
        default=1,
        metavar="N",
        help="submissions graded at once (0: one per CPU core); with several GPUs each worker gets one",
    )
    grade.add_argument("--out", metavar="DIR", help="grading folder (default: grading/<assignment>)")
    grade.add_argument(
        "--seed",
        type=int,
        help="input seed for the hidden cases (default: drawn once per folder; required with --shard)",
    )
    grade.add_argument(
        "--shard",
        metavar="K/N",
        help="grade only slice K of N (1 <= K <= N) into --out; `merge` puts the N folders together",
    )
    grade.add_argument(
        "--no-execute", action="store_true", help="skip nbgrader's run of each notebook (feedback only)"
    )


def _merge(sub) -> None:
    merge = sub.add_parser(
        "merge",
        help="combine the grading folders of `grade --shard K/N` into one",
        description="Combine the shards' grading folders into --out and write every report `grade` writes, "
        "nbgrader/ (gradebook and feedback for nbgrader's export and release_feedback) among them.",
    )
    merge.add_argument("shards", nargs="+", metavar="SHARD_DIR", help="every shard's grading folder (--out)")
    merge.add_argument("--out", required=True, metavar="DIR", help="the merged grading folder to write")


def _review(sub, assignment_help: str) -> None:
    review = sub.add_parser("review", help="list answers that need review, or record a TA's decision")
    review.add_argument("assignment", help=assignment_help)
    review.add_argument("--out", metavar="DIR", help="grading folder (default: grading/<assignment>)")
    review.add_argument(
        "--student", help="the student to decide for (as `review` and results.json name them)"
    )
    review.add_argument(
        "--set",
        action="append",
        default=[],
        type=part_points,
        metavar="PART=POINTS",
        help="a part's points, e.g. --set Q1=1.5 (with --student)",
    )
    review.add_argument(
        "--clear-veto",
        action="append",
        default=[],
        metavar="RULE",
        help="clear one of the student's vetoes (with --student)",
    )
    review.add_argument("--group", metavar="ID", help="decide an answer group (ids as `review` lists them)")
    review.add_argument("--points", help="with --group: the points every answer of the group gets")
    review.add_argument(
        "--veto",
        choices=["keep", "clear"],
        default="clear",
        help="with --group: keep or clear the wrong_causal_chain veto of its members (default: clear)",
    )
    review.add_argument("--reviewer", default="", help="who decided (stored with the decision)")
    review.add_argument("--note", default="", help="why (shown on the student's feedback page)")


def _rubric(sub, assignment_help: str) -> None:
    rubric = sub.add_parser("rubric", help="score answers outside notebooks, check or grow a rubric")
    actions = rubric.add_subparsers(dest="action", required=True, metavar="{score,check,suggest}")
    score = actions.add_parser("score", help="score a JSONL file of answers; one JSON object per line out")
    score.add_argument("assignment", help=assignment_help)
    score.add_argument(
        "file",
        metavar="FILE.jsonl",
        help="lines of {id, question, answer[, blank, checks_passed]}; - for stdin",
    )
    check = actions.add_parser("check", help="validate the rubric; agreement with calibration and TA labels")
    check.add_argument("assignment", help=assignment_help)
    suggest = actions.add_parser("suggest", help="the unrecognized premises routed most often")
    suggest.add_argument("assignment", help=assignment_help)
    suggest.add_argument("--out", metavar="DIR", help="the grading folder (default: grading/<assignment>)")
    suggest.add_argument("--top", type=int, default=15, help="how many premises to list (default: 15)")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m autograder", description=__doc__.splitlines()[0])
    sub = top.add_subparsers(dest="command", required=True, metavar="{build,grade,merge,review,rubric}")
    assignment_help = _assignment_help()
    build = sub.add_parser("build", help="course/ -> source/ -> release/")
    build.add_argument(
        "assignments", nargs="*", metavar="assignment", help=f"{assignment_help} (default: all)"
    )
    build.add_argument("--check", action="store_true", help="exit 1 if source/ or release/ is stale")
    _grade(sub, assignment_help)
    _merge(sub)
    _review(sub, assignment_help)
    _rubric(sub, assignment_help)
    return top
