"""autograder/integrity/exchange.py: the timestamp and secret nbgrader's exchange leaves with a submission."""

from __future__ import annotations

import os

from autograder.integrity.exchange import exchange_files
from autograder.integrity.submissions import discover

ASSIGNMENT = "lesson05-row-sum"
SECRET = "ab" * 64
STAMP = "2026-01-05 10:00:00.123456 UTC"


def _submission(tmp_path, files: dict[str, str]):
    folder = tmp_path / "subs" / "alice" / ASSIGNMENT
    folder.mkdir(parents=True)
    (folder / f"{ASSIGNMENT}.ipynb").write_text("{}", encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder, discover(tmp_path / "subs", ASSIGNMENT)[0]


def test_a_collected_submission_keeps_its_timestamp_and_secret(tmp_path):
    """Does a submission collected by nbgrader give the grader its timestamp and secret?"""
    _, submission = _submission(tmp_path, {"timestamp.txt": STAMP, "submission_secret.txt": SECRET})
    assert exchange_files(submission) == {"timestamp": STAMP, "secret": SECRET}


def test_what_nbgrader_would_not_write_is_dropped(tmp_path):
    """Is a secret that is not hex, or a timestamp that is not a time, left out rather than kept?"""
    _, submission = _submission(tmp_path, {"timestamp.txt": "<b>soon</b>", "submission_secret.txt": "x" * 40})
    assert exchange_files(submission) == {}


def test_a_linked_secret_is_not_followed(tmp_path):
    """Is a submission_secret.txt that links to another file ignored (no link is read)?"""
    other = tmp_path / "bob-secret.txt"
    other.write_text(SECRET, encoding="utf-8")
    folder, submission = _submission(tmp_path, {})
    os.symlink(other, folder / "submission_secret.txt")
    assert exchange_files(submission) == {}


def test_a_flat_download_has_none(tmp_path):
    """Does a flat DIR/<student>.ipynb read no file of the class folder beside it as its own?"""
    (tmp_path / "alice.ipynb").write_text("{}", encoding="utf-8")
    (tmp_path / "submission_secret.txt").write_text(SECRET, encoding="utf-8")
    assert exchange_files(discover(tmp_path, ASSIGNMENT)[0]) == {}
