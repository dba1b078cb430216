"""`python -m autograder {build,grade,merge,review,rubric}`: the instructor's commands.

Exit status: 0 done; 1 a submission could not be graded (grade, merge) or a check
failed (build --check, rubric check); 2 a usage error (argparse's, or a
``UsageError``: the command line names something that is not there); 3 the
command itself failed at run time (another grader holds the folder, a tool or
the disk failed): autograder/errors.py.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from autograder.errors import EXIT_FAILED, EXIT_UNGRADED, EXIT_USAGE, UsageError
from autograder.lesson.registry import REPO_ROOT, UnknownAssignment, lesson

LAYOUT = (
    "give a folder laid out as DIR/<student>/<assignment>/<assignment>.ipynb (nbgrader) "
    "or DIR/<student>.ipynb (an LMS download), or one .ipynb file"
)


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


def _submissions(text: str) -> Path:
    """The --submissions path, refused before anything is written when it cannot hold submissions."""
    path = Path(text)
    if not path.exists():
        raise UsageError(f"--submissions {text}: no such folder or file; {LAYOUT}")
    if not path.is_dir() and path.suffix != ".ipynb":
        raise UsageError(f"--submissions {text} is a file but not a notebook; {LAYOUT}")
    return path


def _jobs(args) -> int:
    """--jobs 0 means one worker per CPU core this process may use."""
    return args.jobs or len(os.sched_getaffinity(0))


def cmd_grade(args) -> int:
    from autograder.config import policy
    from autograder.integrity.submissions import discover
    from autograder.pipeline import shards, store
    from autograder.pipeline.batch import grade_batch
    from autograder.pipeline.progress import Progress
    from course import runtime

    item = lesson(args.assignment)  # resolved once: the batch and the reports get this object
    folder = _submissions(args.submissions)
    shard = shards.parse_shard(args.shard) if args.shard else None
    if shard and args.seed is None:
        raise UsageError("--shard needs --seed: every shard of a class must grade on the same hidden inputs")
    out = Path(args.out or REPO_ROOT / "grading" / args.assignment)
    held = (store.read_json(out / "batch.json") or {}).get("assignment")
    if held and held != item.assignment:
        raise UsageError(f"--out {out} holds grades of {held}, not {item.assignment}: choose another --out")
    if not discover(folder, item.assignment):
        raise UsageError(f"no submissions in {folder}; {LAYOUT}")
    if args.no_execute:
        policy().EXECUTE_NOTEBOOKS = False
    backend = runtime.resolve(args.backend)
    _warn_unisolated()
    with store.exclusive(out):
        submissions, summary = grade_batch(
            item, folder, out, backend, _jobs(args), args.seed, shard, Progress()
        )
        if shard:
            shards.write_manifest(out, shard, store.read_json(out / "batch.json"), summary.roster)
        _reports(out, item, backend, [s.student for s in submissions])
    print(
        f"\nbackend: {backend} | {'shard ' + str(shard) + ' | ' if shard else ''}"
        f"graded {len(summary.graded)}, reused {len(summary.reused)} | reports in {out}"
    )
    return EXIT_UNGRADED if summary.failed else 0


def _warn_unisolated() -> None:
    """Said before grading starts: without the private root a student's code can touch this user's files."""
    from autograder.isolation.sandbox import jail_support
    from autograder.report.safe import terminal

    why = jail_support()
    if why:
        print(
            f"warning: student code will run without the private root ({terminal(why)}); it can read and "
            "write what this user can, other students' grades included. Grade as root on Linux for the "
            "jail (README: Isolation).",
            file=sys.stderr,
        )


def _reports(out: Path, item, backend: str, students: list[str]) -> dict:
    from autograder.report import reports
    from autograder.report.table import print_table

    results, grades = reports.collect(out, item, backend, students)
    reports.write_all(out, results, grades, item)
    print_table(results, grades, item.spec)
    return results


def cmd_merge(args) -> int:
    from autograder.pipeline import shards

    shared, roster = shards.merge([Path(folder) for folder in args.shards], Path(args.out))
    results = _reports(Path(args.out), lesson(shared["assignment"]), shared["backend"], roster)
    print(f"\nmerged {len(args.shards)} shard(s), {len(roster)} student(s) | reports in {args.out}")
    return EXIT_UNGRADED if any(entry["errors"] for entry in results["students"]) else 0


def cmd_review(args) -> int:
    from autograder.report.review import review

    if (args.set or args.clear_veto) and not args.student:
        raise UsageError("--set and --clear-veto need --student (or use --group for an answer group)")
    if args.points is not None and not args.group:
        raise UsageError("--points goes with --group (for one student: --student S --set PART=POINTS)")
    if args.group and args.student:
        raise UsageError("--group decides for every member of a group: leave out --student")
    lesson(args.assignment)
    try:
        return review(args)
    except UsageError:
        raise
    except ValueError as error:  # review refuses only what its arguments name: an unknown part, student...
        raise UsageError(str(error)) from None


def cmd_rubric(args) -> int:
    from autograder.rubric import cmd_rubric_score
    from autograder.rubric.suggest import cmd_suggest, render_agreement, ta_agreement

    lesson(args.assignment)
    if args.action == "score":
        return cmd_rubric_score(args.assignment, args.file)
    if args.action == "suggest":
        return cmd_suggest(
            args.assignment, Path(args.out or REPO_ROOT / "grading" / args.assignment), args.top
        )
    status = rubric_check(args.assignment)
    print(render_agreement(ta_agreement(args.assignment)))
    return status


def rubric_check(assignment: str) -> int:
    """The calibration check; its headline (render_check) says OK only when no target was missed either."""
    from autograder.rubric import RubricError, check_lesson
    from autograder.rubric import render_check as render

    try:
        check = check_lesson(assignment)
    except RubricError as error:
        print(f"rubric check {assignment}: INVALID\n  {error}")
        return 1
    print(render(assignment, check))
    return 0 if check.ok else 1


def main(argv: list[str] | None = None) -> int:
    from autograder.cli_parser import parser

    args = parser().parse_args(argv)
    commands = {
        "build": cmd_build, "grade": cmd_grade, "merge": cmd_merge, "review": cmd_review, "rubric": cmd_rubric,
    }  # fmt: skip
    try:
        return commands[args.command](args)
    except (UsageError, UnknownAssignment) as error:
        return _fail(error, EXIT_USAGE)
    except KeyboardInterrupt:
        return _fail("interrupted; grades written so far are kept, and a rerun resumes", EXIT_FAILED)
    except Exception as error:  # noqa: BLE001 -- a runtime failure, said in one line; never exit 2
        if os.environ.get("AUTOGRADER_TRACEBACK"):
            raise
        return _fail(f"{type(error).__name__}: {error} (AUTOGRADER_TRACEBACK=1 shows where)", EXIT_FAILED)


def _fail(error, status: int) -> int:
    from autograder.report.safe import terminal

    print(f"error: {terminal(str(error), keep_newlines=True)}", file=sys.stderr)
    return status
