"""Located diagnostics gathered while a problem is built, so that a file reports every problem
at once (the MkDocs way: validate everything, then fail once)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from screwsolve.errors import Diagnostic, ExpressionError, InputError
from screwsolve.files.source_map import Path, SourceMap
from screwsolve.model.grammar import Namespace

T = TypeVar("T")


class Collector:
    """Collects located diagnostics so that a file reports every problem at once."""

    def __init__(self, source: SourceMap) -> None:
        self.source = source
        self.diagnostics: list[Diagnostic] = []
        self.warnings: list[Diagnostic] = []  # what loads but may not mean what it says

    def warn(self, path: Path, message: str, *, key: bool = False) -> None:
        self.warnings.append(self.source.diagnostic(path, message, key=key))

    def error(self, path: Path, message: str, *, key: bool = False) -> None:
        self.diagnostics.append(self.source.diagnostic(path, message, key=key))

    def expression(
        self, path: Path, text: str, parse: Callable[[str, Namespace], T], ns: Namespace
    ) -> T | None:
        try:
            return parse(text, ns)
        except ExpressionError as exc:
            self.diagnostics.append(
                self.source.expression_diagnostic(path, text, exc.message, exc.offset)
            )
            return None

    def raise_if_any(self) -> None:
        if self.diagnostics:
            ordered = sorted(
                {(d.line, d.col, d.message): d for d in self.diagnostics}.values(),
                key=lambda d: (d.line, d.col),
            )
            raise InputError(ordered)
