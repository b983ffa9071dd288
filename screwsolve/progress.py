"""Progress of long work, said where the work happens and shown where the user is.

A 30-link model takes half a minute; a person at a terminal should see that something moves. The
work (in a worker process, usually) calls `report(stage, done, total)`; whoever started it has
installed a reporter with `reporting`, or nothing happens (a library call, a test, a pipe). Nothing
here imports anything heavy: every layer may call `report`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Reporter = Callable[[str, int, int], None]

_reporter: list[Reporter] = []


def report(stage: str, done: int, total: int) -> None:
    """`done` of `total` steps of `stage` are finished (total 0: a stage without a count)."""
    if _reporter:
        _reporter[-1](stage, done, total)


@contextmanager
def reporting(reporter: Reporter) -> Iterator[None]:
    """Send every report made inside the block to `reporter`."""
    _reporter.append(reporter)
    try:
        yield
    finally:
        _reporter.pop()


def throttled(reporter: Reporter, seconds: float = 0.2) -> Reporter:
    """At most one report every `seconds`, except a stage's first and last (a report crosses a
    pipe from a worker: thousands of values must not become thousands of messages)."""
    last_time, last_stage = 0.0, ""

    def send(stage: str, done: int, total: int) -> None:
        nonlocal last_time, last_stage
        now = time.monotonic()
        boundary = stage != last_stage or (total and done >= total)
        if boundary or now - last_time >= seconds:
            last_time, last_stage = now, stage
            reporter(stage, done, total)

    return send


def steps(stage: str, total: int) -> Callable[[int], None]:
    """A reporter of one stage's count: call it with how many are done."""
    report(stage, 0, total)
    return lambda done: report(stage, done, total)
