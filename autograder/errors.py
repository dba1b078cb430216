"""The two ways a command fails, so the CLI can tell them apart by exit status.

A ``UsageError`` is about what the command line asked for (a folder that is not
there, an option without its value): exit 2, like argparse's own refusals.
Anything else that stops a command (another grader holds the folder, a disk that
is full, a tool that failed) is a runtime failure: exit 3, never 2, so a script
can tell "fix the command" from "try again".
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_UNGRADED = 1  # grade: a submission could not be graded; check commands: the check failed
EXIT_USAGE = 2
EXIT_FAILED = 3


class UsageError(ValueError):
    """The command line asks for something that cannot be done; the message says what to give instead."""
