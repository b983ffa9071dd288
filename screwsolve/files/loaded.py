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


@dataclass(frozen=True)
class Loaded:
    """A validated problem and where each of its parts sits in the file."""

    problem: Problem
    source: SourceMap
    text: str
