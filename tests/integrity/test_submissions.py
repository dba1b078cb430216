"""autograder/integrity/submissions.py: every entry of a submissions folder becomes a submission or a clear error."""

from __future__ import annotations

import json
import os

import nbformat
import pytest

from autograder.integrity.submissions import Submission, SubmissionError, discover, read_notebook, safe_id
from autograder.lesson.registry import lesson

ASSIGNMENT = "lesson05-row-sum"
NAME = f"{ASSIGNMENT}.ipynb"


def release_text() -> str:
    return lesson(ASSIGNMENT).release_notebook.read_text(encoding="utf-8")


def put(path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode())


def read(tmp_path, text: str | bytes, max_bytes: int = 10_000_000):
    put(tmp_path / "nb.ipynb", text)
    return read_notebook(Submission("s", "s", tmp_path / "nb.ipynb"), ASSIGNMENT, max_bytes)


def test_both_layouts_and_junk(tmp_path):
    """Are nbgrader folders and flat files found, and macOS/Jupyter junk ignored?"""
    put(tmp_path / "alice" / ASSIGNMENT / NAME, release_text())
    put(tmp_path / "bob.ipynb", release_text())
    for junk in (".DS_Store", "._bob.ipynb", "__MACOSX/x"):
        put(tmp_path / junk, b"junk")
    (tmp_path / ".ipynb_checkpoints").mkdir()
    found = {s.label: s for s in discover(tmp_path, ASSIGNMENT)}
    assert set(found) == {"alice", "bob.ipynb"} and found["bob.ipynb"].student == "bob"


def test_nobody_drops_out_silently(tmp_path):
    """Do a missing notebook, two notebooks, a text file and a link each become that student's error?"""
    (tmp_path / "empty" / ASSIGNMENT).mkdir(parents=True)
    put(tmp_path / "two" / ASSIGNMENT / "a.ipynb", release_text())
    put(tmp_path / "two" / ASSIGNMENT / "b.ipynb", release_text())
    put(tmp_path / "essay.txt", b"hi")
    put(tmp_path / "real" / ASSIGNMENT / NAME, release_text())
    (tmp_path / "link" / ASSIGNMENT).mkdir(parents=True)
    os.symlink(tmp_path / "real" / ASSIGNMENT / NAME, tmp_path / "link" / ASSIGNMENT / NAME)
    found = {s.label: s for s in discover(tmp_path, ASSIGNMENT)}
    assert "no notebook" in found["empty"].problem and "holds 2 notebooks" in found["two"].problem
    assert "not a notebook file" in found["essay.txt"].problem and "symbolic link" in found["link"].problem
    for label in ("empty", "two", "essay.txt", "link"):
        with pytest.raises(SubmissionError):
            read_notebook(found[label], ASSIGNMENT, 10**7)


def test_a_lone_renamed_notebook_is_graded(tmp_path):
    """Is the only notebook in a student's assignment folder used even under another name?"""
    put(tmp_path / "carol" / ASSIGNMENT / "Copy of lesson.ipynb", release_text())
    (submission,) = discover(tmp_path, ASSIGNMENT)
    assert (
        submission.path.name == "Copy of lesson.ipynb" and read_notebook(submission, ASSIGNMENT, 10**7).cells
    )


def test_ids_are_safe_distinct_and_short():
    """Do odd, long and colliding names give distinct ids made of safe characters?"""
    names = ["a b", "a_b", "Zoë", "学生", "..", "../x", "x" * 300, "x" * 300 + "y"]
    ids = [safe_id(name) for name in names]
    assert len(set(ids)) == len(ids)
    assert all(len(i) <= 100 and i.isascii() and "/" not in i and not i.startswith(".") for i in ids)


def test_colliding_ids_are_kept_apart(tmp_path):
    """Are a flat dave.ipynb and a folder dave/ both graded, under different ids?"""
    put(tmp_path / "dave.ipynb", release_text())
    put(tmp_path / "dave" / ASSIGNMENT / NAME, release_text())
    ids = [s.student for s in discover(tmp_path, ASSIGNMENT)]
    assert len(ids) == 2 and len(set(ids)) == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8"),
        ('{"cells": [', "invalid JSON"),
        ("[1, 2]", "no cells"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (
            json.dumps({"nbformat": 3, "nbformat_minor": 0, "metadata": {}, "worksheets": []}),
            "format 3 is too old",
        ),
        (
            json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"bad": 1}]}),
            "not a valid",
        ),
    ],
)
def test_broken_files_are_clear_errors(tmp_path, content, message):
    """Is each kind of broken file refused with a message a TA can act on?"""
    with pytest.raises(SubmissionError, match=message):
        read(tmp_path, content)


def test_a_huge_notebook_is_refused_before_parsing(tmp_path):
    """Is a notebook over the size limit refused without being read?"""
    with pytest.raises(SubmissionError, match="over the 1 MB limit"):
        read(tmp_path, release_text() + " " * 2_000_000, max_bytes=1_000_000)


def test_malformed_nbgrader_metadata_is_an_error(tmp_path):
    """Is nbgrader metadata of the wrong type refused, rather than crashing the grader later?"""
    nb = json.loads(release_text())
    nb["cells"][3]["metadata"]["nbgrader"] = "oops"
    with pytest.raises(SubmissionError, match="malformed nbgrader metadata"):
        read(tmp_path, json.dumps(nb))
    nb["cells"][3]["metadata"]["nbgrader"] = {"grade_id": 5}
    with pytest.raises(SubmissionError, match="malformed nbgrader metadata"):
        read(tmp_path, json.dumps(nb))


def test_another_lessons_notebook_is_not_this_assignment(tmp_path):
    """Is a notebook with none of this lesson's exercise cells and little of its text refused?"""
    nb = nbformat.reads(release_text(), as_version=4)
    for cell in nb.cells:
        cell.source = "第 6 课"
        meta = cell.metadata.get("nbgrader", {})
        meta["grade_id"] = meta.get("grade_id", "x").replace("row_sum", "mean_var")
    with pytest.raises(SubmissionError, match=f"not {ASSIGNMENT}"):
        read(tmp_path, nbformat.writes(nb))


def test_a_tampered_notebook_of_this_lesson_is_still_read(tmp_path):
    """Is this lesson's notebook with its exercise cell deleted still read (integrity judges it, not discovery)?"""
    nb = nbformat.reads(release_text(), as_version=4)
    nb.cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") != "row_sum_kernel"]
    assert read(tmp_path, nbformat.writes(nb)).cells


def _victim(tmp_path):
    put(tmp_path / "victim" / ASSIGNMENT / NAME, release_text())
    return tmp_path / "victim"


def test_a_symlinked_assignment_folder_is_refused(tmp_path):
    """Is a symlinked assignment folder (sym_dir/lesson05-row-sum -> ../victim/...) refused, the victim still graded?"""
    _victim(tmp_path)
    (tmp_path / "sym_dir").mkdir()
    os.symlink(f"../victim/{ASSIGNMENT}", tmp_path / "sym_dir" / ASSIGNMENT)
    found = {s.label: s for s in discover(tmp_path, ASSIGNMENT)}
    assert found["sym_dir"].path is None and "symbolic link" in found["sym_dir"].problem
    assert found["sym_dir"].digest().startswith("missing:")
    with pytest.raises(SubmissionError, match="symbolic link"):
        read_notebook(found["sym_dir"], ASSIGNMENT, 10**7)
    assert not found["victim"].problem and read_notebook(found["victim"], ASSIGNMENT, 10**7).cells


@pytest.mark.parametrize("layout", ["student_folder", "notebook", "renamed_notebook", "flat"])
def test_a_link_anywhere_on_the_path_is_refused(tmp_path, layout):
    """Is a link as the student's folder, as the notebook, as a lone renamed notebook, or as a flat file refused?"""
    victim = _victim(tmp_path)
    target = victim / ASSIGNMENT / NAME
    link = {
        "student_folder": tmp_path / "mallory",
        "notebook": tmp_path / "mallory" / ASSIGNMENT / NAME,
        "renamed_notebook": tmp_path / "mallory" / ASSIGNMENT / "mine.ipynb",
        "flat": tmp_path / "mallory.ipynb",
    }[layout]
    link.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(victim if layout == "student_folder" else target, link)
    (mallory,) = [s for s in discover(tmp_path, ASSIGNMENT) if s.label != "victim"]
    assert mallory.path is None and "symbolic link" in mallory.problem
    with pytest.raises(SubmissionError, match="symbolic link"):
        read_notebook(mallory, ASSIGNMENT, 10**7)


def test_a_link_put_in_place_after_discovery_is_refused(tmp_path):
    """Is a folder swapped for a link between discovery and reading refused, not followed, and the digest too?"""
    victim = _victim(tmp_path)
    put(tmp_path / "mallory" / ASSIGNMENT / NAME, release_text())
    (mallory,) = [s for s in discover(tmp_path, ASSIGNMENT) if s.label == "mallory"]
    (tmp_path / "mallory" / ASSIGNMENT / NAME).unlink()
    (tmp_path / "mallory" / ASSIGNMENT).rmdir()
    os.symlink(victim / ASSIGNMENT, tmp_path / "mallory" / ASSIGNMENT)
    with pytest.raises(SubmissionError, match=f"refused: mallory/{ASSIGNMENT} is a symbolic link"):
        read_notebook(mallory, ASSIGNMENT, 10**7)
    assert mallory.digest().startswith("unreadable:")


def test_a_linked_submissions_folder_is_the_instructors_choice(tmp_path):
    """Is a submissions folder reached through a link still graded (only links below it are refused)?"""
    put(tmp_path / "real" / "alice" / ASSIGNMENT / NAME, release_text())
    os.symlink(tmp_path / "real", tmp_path / "via-link")
    (alice,) = discover(tmp_path / "via-link", ASSIGNMENT)
    assert not alice.problem and read_notebook(alice, ASSIGNMENT, 10**7).cells
    assert len(alice.digest()) == 64


def test_a_fifo_named_like_a_notebook_does_not_hang(tmp_path):
    """Is a FIFO named alice.ipynb (or the expected notebook) refused instead of blocking the grader?"""
    os.mkfifo(tmp_path / "alice.ipynb")
    (tmp_path / "bob" / ASSIGNMENT).mkdir(parents=True)
    os.mkfifo(tmp_path / "bob" / ASSIGNMENT / NAME)
    found = {s.label: s for s in discover(tmp_path, ASSIGNMENT)}
    assert "not a regular file" in found["alice.ipynb"].problem
    assert "not a regular file" in found["bob"].problem


def test_two_students_sharing_one_file_are_both_refused(tmp_path):
    """Is a notebook hard-linked into another student's folder refused for both, with the reason?"""
    victim = _victim(tmp_path)
    (tmp_path / "mallory" / ASSIGNMENT).mkdir(parents=True)
    os.link(victim / ASSIGNMENT / NAME, tmp_path / "mallory" / ASSIGNMENT / NAME)
    found = {s.label: s for s in discover(tmp_path, ASSIGNMENT)}
    assert "hard link" in found["mallory"].problem and "victim" in found["mallory"].problem
    assert "hard link" in found["victim"].problem


def test_one_notebook_named_alone_is_one_submission(tmp_path):
    """Is a single .ipynb a submission of its own: named by nbgrader's layout, else by the file, and readable?"""
    put(tmp_path / "zoe" / ASSIGNMENT / NAME, release_text())
    put(tmp_path / "lms" / "yan_late.ipynb", release_text())
    (nested,) = discover(tmp_path / "zoe" / ASSIGNMENT / NAME, ASSIGNMENT)
    (flat,) = discover(tmp_path / "lms" / "yan_late.ipynb", ASSIGNMENT)
    assert (nested.student, flat.student) == ("zoe", "yan_late")
    assert read_notebook(nested, ASSIGNMENT, 10_000_000).cells and not flat.problem


def test_one_linked_notebook_is_refused(tmp_path):
    """Is a single notebook that is a symbolic link refused like a link in a folder?"""
    put(tmp_path / "real.ipynb", release_text())
    os.symlink(tmp_path / "real.ipynb", tmp_path / "link.ipynb")
    (sub,) = discover(tmp_path / "link.ipynb", ASSIGNMENT)
    assert sub.path is None and "symbolic link" in sub.problem
