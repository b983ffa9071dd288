"""Progress reports: nobody hears them unless asked; thinned, never losing a stage's ends; shown
on a terminal only, and only for work that takes a while."""

from __future__ import annotations

import io

from screwsolve import progress
from screwsolve.console import StageDisplay


def test_reports_go_to_the_innermost_reporter_and_nowhere_without_one() -> None:
    progress.report("nobody listens", 1, 2)  # no reporter: nothing happens
    outer: list[str] = []
    inner: list[str] = []
    with progress.reporting(lambda s, d, t: outer.append(s)):
        with progress.reporting(lambda s, d, t: inner.append(s)):
            progress.report("a", 0, 1)
        progress.report("b", 0, 1)
    assert (outer, inner) == (["b"], ["a"])


def test_thinned_reports_keep_each_stage_first_and_last(monkeypatch) -> None:
    clock = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    heard: list[tuple[str, int, int]] = []
    send = progress.throttled(lambda s, d, t: heard.append((s, d, t)), seconds=1.0)
    for done in range(1, 101):
        send("values", done, 100)  # no time passes: only the first and the last
    send("checks", 0, 0)
    clock[0] += 2.0
    send("checks", 0, 0)
    assert heard == [("values", 1, 100), ("values", 100, 100), ("checks", 0, 0), ("checks", 0, 0)]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_shows_on_a_terminal_after_the_delay_and_never_on_a_pipe() -> None:
    pipe = io.StringIO()
    quiet = StageDisplay(delay=0.0, stream=pipe)
    quiet("power coefficients", 3, 10)
    quiet.close()
    assert pipe.getvalue() == ""

    terminal = _Terminal()
    early = StageDisplay(delay=3600.0, stream=terminal)
    early("power coefficients", 3, 10)
    early.close()
    assert terminal.getvalue() == ""  # fast work: no bar at all

    shown = StageDisplay(delay=0.0, stream=terminal)
    shown("power coefficients", 3, 10)
    shown("[red]shared[/red] subexpressions", 0, 0)
    shown.close()
    text = terminal.getvalue()
    assert "3/10" in text and "[red]shared[/red] subexpressions" in text
