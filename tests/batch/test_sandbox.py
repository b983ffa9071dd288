"""Child-process limits: a runaway problem is reported, and the batch keeps its order."""

from __future__ import annotations

import time

from screwsolve.batch.sandbox import run_limited, run_many


def _spin(_: object) -> int:
    while True:
        pass


def _square(value: int) -> int:
    return value * value


def _boom(_: object) -> int:
    raise RuntimeError("boom")


def _hog(_: object) -> int:
    blocks = []
    while True:
        blocks.append(bytearray(50 * 1024 * 1024))


def test_a_runaway_child_is_stopped_at_the_deadline() -> None:
    start = time.monotonic()
    outcome = run_limited(_spin, None, seconds=0.5)
    assert outcome.failure == "timeout"
    assert time.monotonic() - start < 5


def test_memory_hog_is_contained() -> None:
    outcome = run_limited(_hog, None, seconds=10, memory=300 * 1024 * 1024)
    assert outcome.failure in ("crash", "error")
    assert outcome.value is None


def test_errors_come_back_as_outcomes() -> None:
    outcome = run_limited(_boom, None, seconds=5)
    assert outcome.failure == "error"
    assert "boom" in outcome.detail


def test_run_many_keeps_order_and_isolates_failures() -> None:
    items = [1, 2, "spin", 3, 4]
    work = _spin_or_square
    steps: list[int] = []
    outcomes = run_many(work, items, jobs=2, seconds=1.0, progress=steps.append)
    assert [o.value for o in outcomes] == [1, 4, None, 9, 16]
    assert outcomes[2].failure == "timeout"
    assert len(steps) == len(items)


def _spin_or_square(item: object) -> int:
    if item == "spin":
        return _spin(item)
    assert isinstance(item, int)
    return _square(item)


def test_zero_seconds_runs_in_process() -> None:
    assert run_limited(_square, 3, seconds=0).value == 9
