"""The stdout and stderr consoles: colour on a terminal or with FORCE_COLOR, never with NO_COLOR
or --color never.

Emoji codes are never replaced: a name such as `:up:` in a file prints as written.
"""

from __future__ import annotations

import os
import sys
import time
from enum import StrEnum
from typing import Any, TextIO

from rich.console import Console
from rich.markup import escape


class ColorMode(StrEnum):
    auto = "auto"
    always = "always"
    never = "never"


def wants_color(mode: ColorMode, stream: TextIO) -> bool:
    """--color wins; then NO_COLOR; then FORCE_COLOR (any value but empty or 0, as CI
    services set it for their log viewers); then whether the stream is a terminal."""
    if mode is ColorMode.always:
        return True
    if mode is ColorMode.never or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR", "") not in ("", "0"):
        return True
    if os.environ.get("TERM") == "dumb":
        return False
    return bool(getattr(stream, "isatty", lambda: False)())


def make_console(mode: ColorMode, *, stderr: bool = False, file: TextIO | None = None) -> Console:
    """A console that writes plain text (no escape codes at all) unless colour is wanted."""
    stream = file or (sys.stderr if stderr else sys.stdout)
    color = wants_color(mode, stream) if file is None else False
    if color:
        return Console(
            file=stream, force_terminal=True, highlight=False, soft_wrap=False, emoji=False
        )
    return Console(
        file=stream,
        color_system=None,
        force_terminal=False,
        highlight=False,
        emoji=False,
        width=int(os.environ.get("COLUMNS", "0") or 0) or 100,
    )


def text_console(file: TextIO, *, color: bool, width: int) -> Console:
    """A console that renders into a text buffer, with a terminal's escape codes or none."""
    if color:
        return Console(file=file, force_terminal=True, highlight=False, emoji=False, width=width)
    return Console(
        file=file,
        color_system=None,
        force_terminal=False,
        highlight=False,
        emoji=False,
        width=width,
    )


class StageDisplay:
    """The stages of one long piece of work as a rich progress bar on standard error: shown
    only on a terminal and only once the work has taken `delay` seconds (a textbook problem
    never sees it), and gone when the work ends (nothing is left in the terminal's text)."""

    def __init__(self, delay: float = 2.0, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.started = time.monotonic()
        self.delay = delay
        self.progress: Any = None
        self.task: Any = None
        self.stage = ""

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled or time.monotonic() - self.started < self.delay:
            return
        if self.progress is None:
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

            console = Console(file=self.stream, stderr=True, highlight=False, emoji=False)
            self.progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.fields[count]}"),
                TimeElapsedColumn(),
                console=console,
                transient=True,
            )
            self.progress.start()
        if stage != self.stage:  # a new bar: counted, or running without a count
            if self.task is not None:
                self.progress.remove_task(self.task)
            self.task = self.progress.add_task(escape(stage), total=total or None, count="")
            self.stage = stage
        self.progress.update(self.task, completed=done, count=f"{done}/{total}" if total else "")
        self.progress.refresh()

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None
