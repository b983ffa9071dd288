"""Where each key and value of a problem file sits: its line, column and quoting.

Kept apart from the YAML reader (files/yaml_reader.py) so that a solving worker, which receives a
loaded problem with its source map, never imports PyYAML.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from screwsolve.errors import Diagnostic

Path = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Mark:
    """Where a node starts (1-based) and how its scalar text is quoted."""

    line: int
    col: int
    style: str | None = None


@dataclass
class SourceMap:
    """Marks of keys and values by their path in the document."""

    file: str
    values: dict[Path, Mark] = field(default_factory=dict)
    keys: dict[Path, Mark] = field(default_factory=dict)

    def locate(self, path: Path, *, key: bool = False) -> Mark:
        """The mark of a path, or of its nearest ancestor that exists in the file."""
        table = self.keys if key else self.values
        probe = tuple(path)
        while probe:
            if probe in table:
                return table[probe]
            if probe in self.values:
                return self.values[probe]
            probe = probe[:-1]
        return self.values.get((), Mark(1, 1))

    def diagnostic(self, path: Path, message: str, *, key: bool = False) -> Diagnostic:
        """A located diagnostic about the node at `path`."""
        mark = self.locate(path, key=key)
        return Diagnostic(self.file, mark.line, mark.col, message)

    def expression_diagnostic(self, path: Path, text: str, message: str, offset: int) -> Diagnostic:
        """A diagnostic pointing inside an expression string, with a caret."""
        mark = self.locate(path)
        col = mark.col
        if mark.style in ("'", '"'):
            col += 1
        if mark.style in (None, "'", '"') and "\n" not in text:
            col += offset
        return Diagnostic(self.file, mark.line, col, message, snippet=text, caret=offset)
