"""Errors that reach users: every one carries the file, line and column it is about.

Nothing in this module imports sympy; the CLI prints these without a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field

STDIN_NAME = "<stdin>"  # the name a diagnostic gives standard input (--stdin-filename: another)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One located problem in an input file (line and column are 1-based)."""

    file: str
    line: int
    col: int
    message: str
    snippet: str = ""
    caret: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.message}"

    def with_caret(self) -> str:
        """The message followed, when known, by the offending text and a caret under it: at
        most SNIPPET_CHARS of it around the caret (a 16 000-character line is never echoed
        whole), each cut end marked with '...'."""
        text = str(self)
        if self.snippet:
            shown, caret = _window(self.snippet.split("\n")[0], self.caret)
            text += f"\n    {shown}\n    {' ' * caret}^"
        return text


SNIPPET_CHARS = 100  # an expression echoed under an error: this much around the caret


def _window(line: str, caret: int) -> tuple[str, int]:
    """The part of `line` around `caret` that is shown, and the caret's place in it."""
    if len(line) <= SNIPPET_CHARS:
        return line, caret
    start = max(0, min(caret - SNIPPET_CHARS // 2, len(line) - SNIPPET_CHARS))
    shown = line[start : start + SNIPPET_CHARS]
    caret -= start
    if start > 0:
        shown, caret = "..." + shown, caret + 3
    if start + SNIPPET_CHARS < len(line):
        shown += "..."
    return shown, caret


class ScrewsolveError(Exception):
    """Root of every error screwsolve raises on purpose."""


@dataclass
class InputError(ScrewsolveError):
    """A file that cannot be used, with every problem found in it."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)


class WorkLimitError(InputError):
    """A file whose estimated work is more than its time limit allows: refused before the work,
    and, unlike other input errors, a verdict that a longer limit changes (never cached)."""


class ExpressionError(ScrewsolveError):
    """An expression that breaks the grammar; `offset` is the 0-based column in the text."""

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


class UsageError(ScrewsolveError):
    """A command-line request that does not fit the problem (exit code 2)."""
