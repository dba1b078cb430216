"""`python -m autograder {build,grade,review,rubric}`: the instructor's commands."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from autograder.lesson.registry import REPO_ROOT, UnknownAssignment, lesson


def cmd_build(args) -> int:
    from autograder.build.notebooks import all_assignments, build, stale_files

    assignments = args.assignments or all_assignments()
    for assignment in assignments:
        lesson(assignment)
    if args.check:
        stale = stale_files(assignments)
        for path in stale:
            print(f"stale: {path}")
        print(
            "source/ and release/ are current"
            if not stale
            else "run `python -m autograder build` to refresh them"
        )
        return 1 if stale else 0
    for path in build(assignments):
        print(f"built {path.relative_to(REPO_ROOT)}")
    return 0


def cmd_grade(args) -> int:
    from autograder.config import policy
    from autograder.pipeline.batch import grade_batch
    from autograder.report import reports
    from autograder.report.table import print_table
    from course import runtime

    item = lesson(args.assignment)  # resolved once: the batch and the reports get this object
    backend = runtime.resolve(args.backend)
    out = Path(args.out or REPO_ROOT / "grading" / args.assignment)
    if args.no_execute:
        policy().EXECUTE_NOTEBOOKS = False
    submissions, summary = grade_batch(item, Path(args.submissions), out, backend, args.jobs, args.seed)
    results, grades = reports.collect(out, item, backend, [s.student for s in submissions])
    reports.write_all(out, results, grades, item)
    print_table(results, grades, item.spec)
    print(
        f"\nbackend: {backend} | graded {len(summary.graded)}, reused {len(summary.reused)} | reports in {out}"
    )
    return 1 if summary.failed else 0


def cmd_review(args) -> int:
    from autograder.report.review import review

    return review(args)


def cmd_rubric(args) -> int:
    from autograder.rubric import cmd_rubric_check, cmd_rubric_score
    from autograder.rubric.suggest import cmd_suggest, render_agreement, ta_agreement

    lesson(args.assignment)
    if args.action == "score":
        return cmd_rubric_score(args.assignment, args.file)
    if args.action == "suggest":
        return cmd_suggest(
            args.assignment, Path(args.out or REPO_ROOT / "grading" / args.assignment), args.top
        )
    status = cmd_rubric_check(args.assignment)
    print(render_agreement(ta_agreement(args.assignment)))
    return status


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m autograder", description=__doc__)
    sub = top.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="course/ -> source/ -> release/")
    build.add_argument("assignments", nargs="*", help="assignment ids (default: all)")
    build.add_argument("--check", action="store_true", help="exit 1 if source/ or release/ is stale")
    build.set_defaults(run=cmd_build)
    grade = sub.add_parser("grade", help="grade a folder of submissions")
    grade.add_argument("assignment")
    grade.add_argument(
        "--submissions",
        required=True,
        help="DIR/<student>/<assignment>/<assignment>.ipynb or DIR/<student>.ipynb",
    )
    grade.add_argument("--backend", default="auto", choices=["auto", "cuda", "interpret"])
    grade.add_argument("--jobs", type=int, default=1, help="submissions graded at once")
    grade.add_argument("--out", help="grading folder (default: grading/<assignment>)")
    grade.add_argument(
        "--seed", type=int, help="input seed for the hidden cases (default: drawn once per folder)"
    )
    grade.add_argument(
        "--no-execute", action="store_true", help="skip nbgrader's run of each notebook (feedback only)"
    )
    grade.set_defaults(run=cmd_grade)
    review = sub.add_parser("review", help="list answers that need review, or record a TA's decision")
    review.add_argument("assignment")
    review.add_argument("--out", help="grading folder (default: grading/<assignment>)")
    review.add_argument("--student", help="the student to decide for")
    review.add_argument(
        "--set", action="append", default=[], metavar="PART=POINTS", help="a part's points, e.g. --set Q1=1.5"
    )
    review.add_argument(
        "--clear-veto", action="append", default=[], metavar="RULE", help="clear one of the student's vetoes"
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
    review.set_defaults(run=cmd_review)
    rubric = sub.add_parser("rubric", help="score answers outside notebooks, or check a rubric")
    rubric.add_argument(
        "action",
        choices=["score", "check", "suggest"],
        help="score: JSONL answers; check: calibration and TA-label agreement; "
        "suggest: the unrecognized premises routed most often",
    )
    rubric.add_argument("assignment", help="an assignment id, e.g. lesson05-row-sum")
    rubric.add_argument(
        "file", nargs="?", help="JSONL of {id, question, answer[, blank, checks_passed]} (score)"
    )
    rubric.add_argument("--out", help="suggest: the grading folder (default: grading/<assignment>)")
    rubric.add_argument("--top", type=int, default=15, help="suggest: how many premises to list")
    rubric.set_defaults(run=cmd_rubric)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "rubric" and args.action == "score" and not args.file:
        parser().error("rubric score needs FILE.jsonl")
    try:
        return args.run(args)
    except (UnknownAssignment, FileNotFoundError, ValueError, RuntimeError) as error:
        from autograder.report.safe import terminal

        print(f"error: {terminal(str(error), keep_newlines=True)}", file=sys.stderr)
        return 2
