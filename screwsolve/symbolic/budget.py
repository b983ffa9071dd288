"""A time budget for one symbolic search whose cost no size limit predicts (an integral).

sympy's integrators can run for a minute on a two-symbol law (`F_c*atan((v/v_s)**3)`: 54 s in
`manualintegrate`), far below every size limit. Such a search gets its own budget: past it, it
stops with `OutOfTimeError`, which the caller turns into an ordinary answer ("no closed form was found
in time") so that nothing else of the problem is lost. The budget is a real-time timer
(`setitimer`), so it needs the main thread of a POSIX process; elsewhere (Windows, a thread of a
notebook) the search runs under the worker's own limits only.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class OutOfTimeError(Exception):
    """The search went past its budget."""


def _can_time() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Run the block for at most `seconds`, then raise OutOfTimeError inside it. An outer timer that
    was armed (another budget, or a caller's own) is restored with the time it has left."""
    if not _can_time():
        yield
        return

    active = [True]

    def _expire(signum: int, frame: FrameType | None) -> None:
        if active[0]:  # an alarm handled after the block ended is not this budget's to raise
            raise OutOfTimeError

    started = time.monotonic()
    outer_delay, outer_interval = signal.getitimer(signal.ITIMER_REAL)
    outer_handler = signal.signal(signal.SIGALRM, _expire)
    delay = seconds if outer_delay <= 0 else min(seconds, outer_delay)
    signal.setitimer(signal.ITIMER_REAL, delay)
    try:
        try:
            yield
        finally:
            active[0] = False
    finally:
        # reached even when the alarm struck as the block ended (its OutOfTimeError is then
        # on its way out): the outer handler and timer are always given back, never left to
        # raise in whatever runs next
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, outer_handler)
        if outer_delay > 0:
            left = outer_delay - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-3), outer_interval)
