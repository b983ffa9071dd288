"""A loaded problem as solving reads it: its validated fields, its source map and its text.

Kept apart from the loader so that solving never imports pydantic: `run` validates the file in its
own process while its worker imports sympy, and the worker receives the problem as plain
namespaces (`files.loading.detached`), about 0.15 s off a textbook problem's run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from screwsolve.files.source_map import SourceMap

if TYPE_CHECKING:
    from screwsolve.files.schema import Problem


@dataclass(frozen=True, repr=False)
class Loaded:
    """A validated problem and where each of its parts sits in the file."""

    problem: Problem
    source: SourceMap
    text: str

    def __repr__(self) -> str:
        """One line (the whole problem and its text were 18 000 characters in a notebook)."""
        problem = self.problem
        return (
            f"<Loaded {problem.title!r} from {self.source.file}: "
            f"{_count(len(problem.coordinates), 'coordinate')}, "
            f"{_count(len(problem.bodies), 'body', 'bodies')}, "
            f"{_count(len(problem.actions), 'action')}>"
        )


def _count(number: int, noun: str, plural: str = "") -> str:
    return f"{number} {noun if number == 1 else (plural or noun + 's')}"
