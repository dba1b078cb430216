"""What students are handed (release/): it runs on its own, and nothing in it reveals an answer.

The session test does what a student does with only the release folder: a fresh virtual
environment that has the third-party packages but not this repository, the folder copied
somewhere else, the blank filled, the notebook run top to bottom on Triton's interpreter.
"""

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import nbformat
import pytest
import yaml
from student_session import REPO_ROOT, code_part, hand_out, notebooks, reference_lines, run

from autograder.build.package import MODULES, PACKAGE, grader_imports, package_files
from autograder.lesson.registry import assignments, lesson
from course import hints as course_hints

RELEASE = REPO_ROOT / "release"
# Lesson files that must never be handed out, whatever they are called in a lesson folder.
SECRET_NAMES = {"lesson.py", "grading.py", "spec.py", "rubric.yaml", "calibration.yaml", "hints.yaml"}


ASSIGNMENTS = assignments()  # every lesson the registry discovers


def handed_out() -> list[Path]:
    return sorted(path for path in RELEASE.rglob("*") if path.is_file())


def _texts(path: Path) -> list[str]:
    """What a search of the file finds: its text, and for a notebook each cell and output as written."""
    text = path.read_bytes().decode("utf-8", errors="ignore")
    if path.suffix != ".ipynb":
        return [text]
    nb = nbformat.reads(text, as_version=4)
    outputs = [json.dumps(cell.get("outputs", []), ensure_ascii=False) for cell in nb.cells]
    return [text, *(cell.source for cell in nb.cells), *outputs]


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _hidden_case_names(assignment: str) -> list[str]:
    """The hidden cases' names, read from the lesson folder's grading code (any *Case*(...) call)."""
    names = []
    for path in lesson(assignment).folder.glob("*.py"):
        if path.name == "lesson.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = getattr(node, "func", None)
            name = getattr(func, "id", getattr(func, "attr", ""))
            if isinstance(node, ast.Call) and "Case" in name and node.args:
                if isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                    names.append(node.args[0].value)
    return names


def _secrets(assignment: str) -> list[str]:
    """Reference answer lines (code and written), hidden-test lines and hidden case names."""
    found = []
    for pairs in reference_lines(assignment).values():
        found += [code_part(source) for _released, source in pairs]
    source = nbformat.read(notebooks(assignment)[0], as_version=4)
    for cell in source.cells:
        hidden = re.findall(r"### BEGIN HIDDEN TESTS\n(.*?)### END HIDDEN TESTS", cell.source, re.S)
        found += [line.split("#", 1)[0] for block in hidden for line in block.splitlines()]
    found += _hidden_case_names(assignment)
    return [line.strip() for line in found if len(_squeeze(line)) >= 8]


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_nothing_handed_out_reveals_an_answer_or_a_hidden_test(assignment):
    """Does a search of every file under release/ find none of the lesson's answers or hidden tests?"""
    secrets = _secrets(assignment)
    assert len(_hidden_case_names(assignment)) >= 3, "hidden cases not found: is the search stale?"
    assert any("HIDDEN" not in s for s in secrets)
    haystacks = {path: [_squeeze(text) for text in _texts(path)] for path in handed_out()}
    for secret in secrets:
        needle = _squeeze(secret)
        leaks = [
            str(p.relative_to(REPO_ROOT)) for p, texts in haystacks.items() if any(needle in t for t in texts)
        ]
        assert not leaks, f"{secret!r} is handed out in {leaks}"


def test_level_four_hints_are_not_in_plain_text():
    """Is every line of every level-4 hint absent from the handout as written (stored encoded)?"""
    texts = [_squeeze(t) for path in handed_out() for t in _texts(path)]
    for path in course_hints.hints_files().values():
        for exercise in yaml.safe_load(path.read_text(encoding="utf-8"))["exercises"].values():
            for line in exercise["levels"][4].splitlines():
                if len(_squeeze(line)) >= 12:
                    assert not any(_squeeze(line) in t for t in texts), line


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_release_folder_holds_the_notebook_its_figures_and_the_package_only(assignment):
    """Is release/<assignment>/ the notebook, its img/ and the student package, with no lesson file?"""
    folder = RELEASE / assignment
    names = {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}
    allowed = package_files(assignment) | {f"{assignment}.ipynb"}
    assert {name for name in names if not name.startswith("img/")} <= allowed
    assert {f"{PACKAGE}/{module}" for module in MODULES} <= names
    assert not {Path(name).name for name in names} & SECRET_NAMES
    assert not any(
        Path(name).name.startswith("calibration") for name in names
    )  # the parts of calibration.yaml too
    assert not any(name.endswith(".ipynb") and name != f"{assignment}.ipynb" for name in names)


def test_nothing_handed_out_imports_the_grader():
    """Does no Python file under release/ (and no student-side module in course/) import autograder?"""
    modules = [*RELEASE.rglob("*.py"), *(REPO_ROOT / "course" / name for name in MODULES)]
    assert modules
    for path in modules:
        assert grader_imports(path.read_text(encoding="utf-8")) == [], path


def _student_python(folder: Path) -> tuple[str, dict]:
    """A fresh venv that sees this venv's third-party packages through a .pth, but not the repository.

    A directory listed in a .pth file is added to sys.path without its own .pth files being read,
    so the editable install of this repository (a .pth in that site-packages) does not come along.
    """
    venv.create(folder, with_pip=False)
    python = folder / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(site) / "course-packages.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TRITON_", "JUPYTER"))}
    env |= {"HOME": str(folder / "home"), "PYTHONNOUSERSITE": "1", "COURSE_BACKEND": "interpret"}
    env["MPLCONFIGDIR"] = str(folder / "mpl")
    return str(python), env


@pytest.mark.slow
@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_student_runs_the_release_alone_in_a_fresh_environment(assignment, tmp_path):
    """With only release/<assignment>/ and a fresh venv, does the filled notebook run top to bottom?"""
    python, env = _student_python(tmp_path / "venv")
    blocked = subprocess.run([python, "-c", "import autograder"], env=env, cwd=tmp_path, capture_output=True)
    assert blocked.returncode != 0, "the fresh environment can import the grader"
    exercise = _first_exercise(assignment)
    extra = [f"hint({exercise!r}, 4)"] if exercise else []  # a student who gives up: level 4, logged
    path = hand_out(assignment, tmp_path / "student", extra)
    result = run(path, python, env)
    failed = [cell for cell in result["cells"] if cell["status"] != "ok"]
    assert not failed, failed
    assert Path(result["probe"]["course"]).resolve().is_relative_to((path.parent / PACKAGE).resolve())
    assert result["probe"]["autograder"] is None and Path(result["probe"]["prefix"]) == tmp_path / "venv"
    assert "通过" in result["output"] and "backend=interpret" in result["output"]
    assert "H200" in result["output"], "the committed GPU measurement was not shown from the package"
    if exercise:
        answer = [code_part(s).strip() for pairs in reference_lines(assignment).values() for _, s in pairs]
        assert any(line in result["output"] for line in answer), "level 4 did not decode to the answer"
        lines = (path.parent / course_hints.LOG_NAME).read_text(encoding="utf-8").splitlines()
        last = json.loads(lines[-1])
        assert (last["assignment"], last["exercise"], last["level"]) == (assignment, exercise, 4)


def _first_exercise(assignment: str) -> str | None:
    path = course_hints.hints_files().get(assignment)
    return next(iter(course_hints.load_hints(path)), None) if path else None


TAMPERED = {
    "__init__.py": "print('TAMPERED-COURSE imported')\nraise SystemExit('TAMPERED-COURSE')\n",
    "runtime.py": "print('TAMPERED-COURSE runtime')\nraise RuntimeError('TAMPERED-COURSE')\n",
    "record.py": "raise RuntimeError('TAMPERED-COURSE')\n",
}


@pytest.mark.slow
def test_grader_ignores_a_tampered_course_folder_submitted_beside_the_notebook(tmp_path):
    """Does a course/ folder handed in beside the notebook (whose runtime raises) leave the grade unchanged?"""
    example = REPO_ROOT / "examples" / "submissions" / "alice" / "lesson05-row-sum"
    submissions = tmp_path / "submissions"
    for student in ("honest", "tampered"):
        shutil.copytree(example, submissions / student / "lesson05-row-sum")
    course = submissions / "tampered" / "lesson05-row-sum" / PACKAGE
    course.mkdir()
    for name, text in TAMPERED.items():
        (course / name).write_text(text.replace("TAMPERED-COURSE", f"TAMPERED-COURSE {tmp_path}"))
    # the control: where it is imported (a kernel started in that folder), it bites
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    bite = subprocess.run(
        [sys.executable, "-c", "import course"], cwd=course.parent, env=env, capture_output=True
    )
    assert bite.returncode != 0 and b"TAMPERED-COURSE" in bite.stdout + bite.stderr
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "autograder", "grade", "lesson05-row-sum", "--submissions", str(submissions)]
    cmd += ["--out", str(out), "--backend", "interpret", "--seed", "11", "--jobs", "2"]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    students = {s["student"]: s for s in json.loads((out / "results.json").read_text())["students"]}
    keys = ("total", "parts", "passed", "status", "vetoes", "needs_review", "errors")
    assert {k: students["tampered"][k] for k in keys} == {k: students["honest"][k] for k in keys}
    assert students["honest"]["total"] > 0 and not students["honest"]["errors"]
    written = [p for p in out.rglob("*") if p.is_file()]
    assert not [p for p in written if b"TAMPERED-COURSE" in p.read_bytes()]
