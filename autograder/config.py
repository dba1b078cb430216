"""grader_config.py, loaded once: the course policy as the autograder sees it."""

from __future__ import annotations

import importlib.util
from functools import cache
from types import ModuleType

from autograder.isolation.sandbox import Limits
from autograder.lesson.registry import REPO_ROOT


@cache
def policy() -> ModuleType:
    path = REPO_ROOT / "grader_config.py"
    spec = importlib.util.spec_from_file_location("grader_config", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def harness_limits() -> Limits:
    return Limits(**policy().HARNESS_LIMITS)


def notebook_limits() -> Limits:
    return Limits(**policy().NOTEBOOK_LIMITS)
