"""The small Python API: load a problem, solve it (the CLI is built on these)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from screwsolve.files.loading import Loaded, load_problem, load_problem_text

if TYPE_CHECKING:
    from screwsolve.mechanics.analysis import Analysis
    from screwsolve.solution.result import Solution


def load(path_or_text: str | Path) -> Loaded:
    """A problem from a path, '-' for standard input, or YAML text (anything with a newline)."""
    if isinstance(path_or_text, Path):
        return load_problem(str(path_or_text))
    if "\n" in path_or_text:
        return load_problem_text(path_or_text, "<text>")
    return load_problem(path_or_text)


def analyse(loaded: Loaded) -> Analysis:
    """Check the meaning of a loaded problem and set up its analysis (computed lazily)."""
    from screwsolve.mechanics.analysis import analyse as analyse_loaded

    return analyse_loaded(loaded)


def solve(problem: Loaded | str | Path, at: str | None = None, *, steps: bool = False) -> Solution:
    """Everything DESIGN §1 lists for one problem, simplified, as a Solution."""
    from screwsolve.errors import UsageError
    from screwsolve.model.grammar import suggest
    from screwsolve.solution.build import present

    loaded = problem if isinstance(problem, Loaded) else load(problem)
    analysis = analyse(loaded)
    if at is not None and at not in analysis.system.points:
        points = analysis.system.points
        raise UsageError(f"--at: unknown point '{at}'" + suggest(at, list(points)))
    return present(analysis, at, steps=steps)
