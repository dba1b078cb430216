"""autograder/pipeline/progress.py: done, failed and time left, on stderr, from worker threads."""

from __future__ import annotations

import io
import threading

from autograder.pipeline.progress import Progress


def test_the_plain_line_counts_done_failed_and_time_left():
    """Without tqdm, does the last line say how many are done and failed, and the time left?"""
    stream = io.StringIO()
    progress = Progress(stream=stream, bar=False)
    progress.start(3, reused=2)
    for failed in (False, True, False):
        progress.advance(failed=failed)
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("2 submission(s) unchanged") and lines[-1].startswith("graded 3/3, failed 1")
    assert lines[-1].endswith("s left")


def test_the_bar_counts_every_advance_from_many_threads():
    """Does the tqdm bar, fed from 8 threads at once, end at the total with the failures shown?"""
    stream = io.StringIO()
    progress = Progress(stream=stream, bar=True)
    progress.start(80)
    threads = [
        threading.Thread(target=lambda: [progress.advance(failed=i % 10 == 0) for i in range(10)])
        for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    progress.close()
    assert (progress.done, progress.failed) == (80, 8)
    assert "80/80" in stream.getvalue() and "failed=8" in stream.getvalue()
