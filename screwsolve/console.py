"""The stdout and stderr consoles: colour on a terminal or with FORCE_COLOR, never with NO_COLOR
or --color never.

Emoji codes are never replaced: a name such as `:up:` in a file prints as written.
"""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from typing import TextIO

from rich.console import Console


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
