"""Choose the backend before any test module imports triton; skip GPU tests without CUDA."""

import os

import pytest

from course import runtime

BACKEND = runtime.select(os.environ.get("COURSE_BACKEND") or "interpret")


def pytest_collection_modifyitems(config, items):
    if runtime.cuda_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)
