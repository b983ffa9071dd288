"""The time budget of one symbolic search: it ends the block, and gives an outer timer back."""

from __future__ import annotations

import signal
import time

import pytest

from screwsolve.symbolic.budget import OutOfTimeError, within

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "setitimer"), reason="the budget needs POSIX timers (Windows: none)"
)


def _spin(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def test_a_block_past_its_budget_is_stopped() -> None:
    started = time.monotonic()
    with pytest.raises(OutOfTimeError), within(0.05):
        _spin(5.0)
    assert time.monotonic() - started < 4.0  # stopped long before the spin would end


def test_a_block_within_its_budget_runs_to_its_end_and_leaves_no_timer() -> None:
    with within(5.0):
        _spin(0.01)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_an_outer_timer_is_restored_with_what_it_has_left() -> None:
    fired: list[int] = []
    previous = signal.signal(signal.SIGALRM, lambda *_: fired.append(1))
    try:
        signal.setitimer(signal.ITIMER_REAL, 30.0)
        with within(0.05):
            pass
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 25.0 < left <= 30.0
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert fired == []
