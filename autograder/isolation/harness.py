"""The code verdict: validated blank answers, put into the trusted template, run on unseen inputs.

Nothing of the student's process is trusted. Only answers that pass the blank's
whitelist are substituted; the filled template runs in a fresh, limited child on
inputs drawn from a seed the grader keeps; the outputs come back as tensors and
are compared here, in the grader's process, against a float64 reference.
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import torch

from autograder.build import template
from autograder.integrity.whitelist import check
from autograder.isolation.sandbox import Limits, run_limited
from autograder.lesson import cases as case_lib
from autograder.lesson.registry import REPO_ROOT, Lesson, lesson
from autograder.lesson.spec import VISIBLE


@dataclass
class BlankVerdict:
    name: str
    answer: str
    allowed: bool
    reason: str  # why it was refused; "" when allowed
    review: bool = False  # refused because its value depends on code the grader does not run


@dataclass
class HarnessResult:
    """The code points of one submission, with the evidence behind them."""

    backend: str
    blanks: list[BlankVerdict]
    cases: list[case_lib.CaseResult] = field(default_factory=list)
    points: dict[str, float] = field(default_factory=dict)  # group -> points, e.g. {"normal": 2}
    error: str = ""  # the run itself failed (timeout, crash): why
    isolation: list[str] = field(default_factory=list)  # what protected the child (SandboxResult.isolation)

    def failed_cases(self) -> list[case_lib.CaseResult]:
        return [case for case in self.cases if not case.passed and case.group != VISIBLE]

    def visible_check_failed(self) -> bool | None:
        """The grader's rerun of the visible check's shapes with these answers; None when it did not run."""
        visible = [case for case in self.cases if case.group == VISIBLE]
        if not visible or self.error:
            return None
        return not all(case.passed for case in visible)


def judge_blanks(item: Lesson, answers: dict[str, str]) -> list[BlankVerdict]:
    verdicts = []
    for name, rule in item.spec.exercise.blanks.items():
        answer = answers.get(name, "")
        verdict = check(answer, rule)
        verdicts.append(BlankVerdict(name, answer, verdict.allowed, verdict.reason, verdict.review))
    return verdicts


def _child_env(backend: str) -> dict:
    env = {key: value for key, value in os.environ.items() if not key.startswith("TRITON_")}
    env["COURSE_BACKEND"] = backend
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _run_child(
    item: Lesson, answers, cases, backend, limits, env: dict | None = None, jail: str = "user"
) -> tuple[dict | None, str, list[str]]:
    """One child run of the filled template; ``env`` and ``jail`` differ only for the grader's own trusted
    run of the reference answers (autograder/pipeline/warmup.py)."""
    with tempfile.TemporaryDirectory(prefix="harness-") as tmp:
        work = Path(tmp)
        (work / "exercise.py").write_text(template.filled_code(item, answers), encoding="utf-8")
        payload = {
            "entry": item.spec.exercise.entry,
            "cases": [(case.spec.name, case.packed()) for case in cases],
        }
        torch.save(payload, work / "inputs.pt")
        cmd = [sys.executable, "-m", "autograder.isolation.harness_child", str(work)]
        env = _child_env(backend) if env is None else env
        result = run_limited(cmd, work, env, limits, cuda=backend == "cuda", jail=jail)
        # the child saves after each case: a run stopped by a limit still counts the cases it finished
        saved = work / "outputs.pt"
        outputs = torch.load(saved, weights_only=True) if saved.exists() else None
        error = result.reason
        if not error and (outputs is None or len(outputs) < len(cases)):
            tail = " | ".join(result.output.strip().splitlines()[-3:])
            error = f"the kernel run crashed (exit {result.returncode}): {tail}"
        return outputs, error, result.isolation


def run_harness(item: Lesson | str, answers: dict[str, str], backend: str, seed: int, limits: Limits):
    """Grade the blank answers of one submission; the same answers always get the same result.

    ``item`` is the lesson the batch loaded once (an assignment id is looked up, for scripts).
    Points are per case group, as the lesson's spec declares them.
    """
    item = lesson(item) if isinstance(item, str) else item
    exercise, group_points = item.spec.exercise, item.spec.group_points()
    verdicts = judge_blanks(item, answers)
    result = HarnessResult(backend, verdicts, points={group: 0.0 for group in group_points})
    if not all(verdict.allowed for verdict in verdicts):
        return result
    cases = case_lib.make_cases(exercise, seed, visible=True)
    outputs, result.error, result.isolation = _run_child(item, answers, cases, backend, limits)
    if outputs is None:
        return result
    for case in cases:
        got = outputs.get(case.spec.name, f"did not finish: {result.error}" if result.error else "no output")
        result.cases.append(case_lib.compare(exercise, case, got))
    for group, points in group_points.items():
        group_cases = [case for case in result.cases if case.group == group]
        result.points[group] = float(points) if all(case.passed for case in group_cases) else 0.0
    return result
