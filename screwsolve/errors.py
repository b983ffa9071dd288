"""Errors that reach users: every one carries the file, line and column it is about.

Nothing in this module imports sympy; the CLI prints these without a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
        """The message followed, when known, by the offending text and a caret under it."""
        text = str(self)
        if self.snippet:
            text += f"\n    {self.snippet}\n    {' ' * self.caret}^"
        return text


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
