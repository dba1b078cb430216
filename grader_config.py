"""The course-wide grading policy (limits, timeouts, nbgrader settings): one place to read and change it.

Imported by the autograder as a module, and loaded by nbgrader through the
one-line nbgrader_config.py beside it (nbgrader only reads that file name).
"""

COURSE_ID = "triton-reductions"

# A lesson's parts, points and pass rule are the lesson's own: its spec.py (autograder/lesson/spec.py).
# `python -m autograder build` refuses points that disagree with lesson.py's cells or rubric.yaml.

# Limits for untrusted work, per submission (seconds, MiB, bytes, processes).
# compile_s: start-up, import and the first launch (where Triton compiles); run_s: the launches after it.
HARNESS_LIMITS = {
    "wall_s": 180, "cpu_s": 300, "memory_mb": 6144, "output_bytes": 200_000, "processes": 64,
    "compile_s": 120, "run_s": 120,
}  # fmt: skip
NOTEBOOK_LIMITS = {"wall_s": 600, "cpu_s": 900, "memory_mb": 6144, "output_bytes": 2_000_000, "processes": 64}
CELL_TIMEOUT_S = 300  # nbgrader's own per-cell limit; the interpreter is slow (about 1 ms per program)
# After a cell's reply, how long its output may take to arrive (and an interrupted kernel to go idle) before
# nbgrader gives up on the whole notebook. nbclient's 4 s failed honest notebooks on a loaded CI machine
# next to a 100 MB flood (CI on 9471c0b); the notebook's wall time still bounds it.
IOPUB_TIMEOUT_S = 60
MAX_NOTEBOOK_BYTES = 20_000_000  # a larger submission is refused before it is parsed

# Grading runs the notebooks through nbgrader (feedback, gradebook) as well as the harness (the verdict).
EXECUTE_NOTEBOOKS = True


def nbgrader_settings(c):
    """nbgrader's settings for this course: blanks, timeouts, restored cells, scrubbed feedback."""
    from nbgrader.preprocessors import ClearHiddenTests, GetGrades

    c.CourseDirectory.course_id = COURSE_ID
    c.ClearSolutions.code_stub = {"python": "______  # TODO"}
    c.Execute.timeout = CELL_TIMEOUT_S
    c.Execute.iopub_timeout = IOPUB_TIMEOUT_S
    # A deleted test cell is put back and run, so deleting it cannot skip the checks.
    c.OverwriteCells.add_missing_cells = True
    # Feedback shows scores but never the hidden tests.
    c.GenerateFeedback.preprocessors = [
        ClearHiddenTests,
        GetGrades,
        "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
    ]
    # The page escapes markup in markdown answers and HTML outputs, and writes no script for a
    # JavaScript output; the grader then rebuilds it without any script (autograder/report/safe.py).
    c.HTMLExporter.sanitize_html = True
    c.GenerateAssignment.preprocessors = [
        "nbgrader.preprocessors.IncludeHeaderFooter",
        "nbgrader.preprocessors.InstantiateTests",
        "nbgrader.preprocessors.LockCells",
        "autograder.build.blanks_nbgrader.BlankSolutions",
        "nbgrader.preprocessors.ClearOutput",
        "nbgrader.preprocessors.CheckCellMetadata",
        "nbgrader.preprocessors.ComputeChecksums",
        "nbgrader.preprocessors.SaveCells",
        "nbgrader.preprocessors.ClearHiddenTests",
        "nbgrader.preprocessors.ClearMarkScheme",
        "nbgrader.preprocessors.ComputeChecksums",
        "nbgrader.preprocessors.CheckCellMetadata",
    ]


if "c" in globals():  # executed by nbgrader as a config file rather than imported
    nbgrader_settings(c)  # noqa: F821
