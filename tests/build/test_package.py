"""autograder/build/package.py: the student package written beside each release notebook."""

import json
import shutil

import pytest

from autograder.build import notebooks, package
from autograder.lesson.registry import REPO_ROOT
from course import hints as course_hints

ASSIGNMENT = "lesson05-row-sum"
RELEASED = REPO_ROOT / "release" / ASSIGNMENT


def test_package_holds_the_helpers_hints_and_results(tmp_path):
    """Does write_package leave exactly the helper modules, the encoded hints and the GPU results?"""
    folder = package.write_package(ASSIGNMENT, tmp_path)
    names = {p.relative_to(tmp_path).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert names == package.package_files(ASSIGNMENT)


def test_every_generated_file_says_so():
    """Does each file of the committed package say it is generated and where from?"""
    files = [p for p in (RELEASED / package.PACKAGE).rglob("*") if p.is_file()]
    assert len(files) == len(package.package_files(ASSIGNMENT))
    for path in files:
        first = path.read_text(encoding="utf-8")
        first = json.loads(first)["_generated"] if path.suffix == ".json" else first.splitlines()[0]
        assert "生成文件" in first and "python -m autograder build" in first, path


def test_packaged_hints_decode_to_the_lesson_hints():
    """Do the encoded hints decode to exactly the lesson's hints.yaml, all four levels?"""
    doc = json.loads((RELEASED / "course" / "data" / f"hints-{ASSIGNMENT}.json").read_text(encoding="utf-8"))
    lesson_hints = course_hints.load_hints(course_hints.hints_files()[ASSIGNMENT])
    assert course_hints.decode_hints(doc["exercises"]) == lesson_hints


def test_rewriting_removes_what_was_there(tmp_path):
    """Does a rebuild drop a file someone put into the package by hand?"""
    package.write_package(ASSIGNMENT, tmp_path)
    (tmp_path / "course" / "lesson.py").write_text("answer = 0.0\n")
    package.write_package(ASSIGNMENT, tmp_path)
    assert not (tmp_path / "course" / "lesson.py").exists()


def test_a_module_that_imports_the_grader_is_refused(tmp_path, monkeypatch):
    """Is a student-side module that imports autograder (even inside a function) a build error?"""
    course = tmp_path / "course"
    shutil.copytree(REPO_ROOT / "course", course, ignore=shutil.ignore_patterns("lessons", "__pycache__"))
    with open(course / "viz" / "common.py", "a", encoding="utf-8") as viz:
        viz.write("\n\ndef leak():\n    from autograder.lesson import cases\n")
    monkeypatch.setattr(package, "COURSE_DIR", course)
    with pytest.raises(package.PackageError, match="viz/common.py imports autograder.lesson"):
        package.write_package(ASSIGNMENT, tmp_path / "release")


def test_every_module_of_the_helper_packages_is_handed_out():
    """Is each module of course/viz/ and course/diagnose/ in MODULES, so none is missing from the package?"""
    for folder in ("viz", "diagnose"):
        found = {f"{folder}/{path.name}" for path in (package.COURSE_DIR / folder).glob("*.py")}
        assert found and found <= set(package.MODULES), found - set(package.MODULES)


@pytest.fixture(scope="module")
def fresh_release(tmp_path_factory):
    """A fresh build's release folder, made once for the staleness tests."""
    root = tmp_path_factory.mktemp("fresh")
    notebooks.build([ASSIGNMENT], root)
    return root / "release" / ASSIGNMENT


@pytest.mark.slow
@pytest.mark.parametrize("edit", ["none", "change", "delete", "add"])
def test_build_check_finds_an_edited_package(fresh_release, tmp_path, monkeypatch, edit):
    """Does the comparison behind `build --check` name a package file edited, deleted or added by hand?"""
    committed = tmp_path / "release" / ASSIGNMENT
    shutil.copytree(RELEASED, committed)
    monkeypatch.setattr(notebooks, "REPO_ROOT", tmp_path)  # _differences names paths from the root
    runtime = committed / "course" / "runtime.py"
    if edit == "change":
        runtime.write_text(runtime.read_text(encoding="utf-8") + "# tweak\n", encoding="utf-8")
    elif edit == "delete":
        runtime.unlink()
    elif edit == "add":
        runtime = runtime.with_name("extra.py")
        runtime.write_text("x = 1\n")
    expected = [] if edit == "none" else [str(runtime.relative_to(tmp_path))]
    assert notebooks._differences(fresh_release, committed) == expected
