"""A batch's progress on stderr: done, failed and time left, while submissions are graded in parallel.

tqdm draws the bar where it is installed (requirements.txt pins it); a GPU runner
that lacks it gets one plain line every few seconds instead, so grading never
depends on it. Nothing goes to stdout, which holds the score table.
"""

from __future__ import annotations

import sys
import threading
import time

PLAIN_EVERY_S = 5.0


class Progress:
    """Counts finished submissions; safe to call from the batch's worker threads."""

    def __init__(self, stream=None, bar: bool | None = None):
        self.stream = stream or sys.stderr
        self.bar = _tqdm_available() if bar is None else bar
        self.total = self.done = self.failed = 0
        self._lock = threading.Lock()
        self._tqdm = None
        self._started = self._last = 0.0

    def start(self, total: int, reused: int = 0) -> None:
        self.total, self._started = total, time.monotonic()
        if reused:
            print(f"{reused} submission(s) unchanged since their grade: reused", file=self.stream)
        if self.bar and total:
            from tqdm import tqdm

            self._tqdm = tqdm(total=total, file=self.stream, unit="sub", desc="grading", dynamic_ncols=True)

    def advance(self, failed: bool = False) -> None:
        with self._lock:
            self.done += 1
            self.failed += failed
            if self._tqdm is not None:
                self._tqdm.set_postfix(failed=self.failed, refresh=False)
                self._tqdm.update(1)
            elif time.monotonic() - self._last >= PLAIN_EVERY_S or self.done == self.total:
                self._last = time.monotonic()
                print(self.line(), file=self.stream, flush=True)

    def line(self) -> str:
        """`graded 12/200, failed 1, about 3m10s left` from the mean time per submission so far."""
        elapsed = time.monotonic() - self._started
        left = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        return f"graded {self.done}/{self.total}, failed {self.failed}, about {_clock(left)} left"

    def close(self) -> None:
        if self._tqdm is not None:
            self._tqdm.close()


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes}m{seconds:02d}s" if minutes else f"{seconds}s"


def _tqdm_available() -> bool:
    try:
        import tqdm  # noqa: F401
    except ImportError:
        return False
    return True
