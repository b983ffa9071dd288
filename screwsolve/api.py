"""The small Python API: load a problem, solve it (the CLI is built on these).

The file layer (pydantic's models) is imported when a function needs it: the `run` command's
own process loads the file, and its worker solves it from plain data without importing pydantic.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from screwsolve.files.loaded import Loaded
    from screwsolve.mechanics.analysis import Analysis
    from screwsolve.mechanics.export import MechanicsModel
    from screwsolve.solution.result import Solution


def load(path_or_text: str | Path) -> Loaded:
    """A problem from a path, '-' for standard input, or YAML text (anything with a newline)."""
    from screwsolve.files.loading import load_problem, load_problem_text

    if isinstance(path_or_text, Path):
        return load_problem(str(path_or_text))
    if "\n" in path_or_text:
        return load_problem_text(path_or_text, "<text>")
    return load_problem(path_or_text)


def analyse(loaded: Loaded, *, seconds: float | None = None) -> Analysis:
    """Check the meaning of a loaded problem and set up its analysis (computed lazily)."""
    from screwsolve.mechanics.analysis import analyse as analyse_loaded

    return analyse_loaded(loaded, seconds)


def solve(
    problem: Loaded | str | Path,
    at: str | None = None,
    *,
    steps: bool = False,
    seconds: float | None = None,
    only: Iterable[str] | None = None,
) -> Solution:
    """Everything DESIGN §1 lists for one problem, simplified, as a Solution whose every value
    is sympy, over the very symbols `solution.symbols` hands out (whatever the problem's size).
    With `seconds`, a problem whose estimated work is more than that time allows is refused
    before any of it (as `run` does with its time limit); without, any size is solved.
    `only` names the quantities wanted (keys of `screwsolve.quantities.QUANTITIES`, as
    `run --only`): only those and what they need are computed, the rest left empty."""
    from screwsolve.solution.result import in_sympy

    return in_sympy(solution_to_print(problem, at, steps=steps, seconds=seconds, only=only))


def solution_to_print(
    problem: Loaded | str | Path,
    at: str | None = None,
    *,
    steps: bool = False,
    seconds: float | None = None,
    only: Iterable[str] | None = None,
) -> Solution:
    """The Solution as `run` prints it: a large value stays the symengine value it was
    simplified as, over shared subexpression names (printing it never builds a sympy tree).
    `solve` gives the same values in sympy, written out."""
    from screwsolve.errors import UsageError
    from screwsolve.files.loaded import Loaded
    from screwsolve.model.grammar import suggest
    from screwsolve.solution.build import present

    wanted = quantities_asked(only)
    loaded = problem if isinstance(problem, Loaded) else load(problem)
    analysis = analyse(loaded, seconds=seconds)
    if at is not None and at not in analysis.system.points:
        points = analysis.system.points
        raise UsageError(f"--at: unknown point '{at}'" + suggest(at, list(points)))
    _show_in_notebooks()
    solution = present(analysis, at, steps=steps, only=wanted)
    if _in_a_notebook():
        solution = _with_figure(solution, analysis)
    return solution


def quantities_asked(only: Iterable[str] | None) -> frozenset[str] | None:
    """The quantity keys of `only` (None: all), each one the registry knows; a name it does
    not know is a usage error that lists the keys (and the nearest one)."""
    import difflib

    from screwsolve.errors import UsageError
    from screwsolve.quantities import QUANTITIES

    if only is None:
        return None
    if isinstance(only, str):
        only = [only]
    wanted = frozenset(only)
    for name in sorted(wanted):
        if name not in QUANTITIES:
            close = difflib.get_close_matches(name, list(QUANTITIES), n=1)
            raise UsageError(
                f"--only: unknown section '{name}'"
                + (f" (did you mean '{close[0]}'?)" if close else "")
                + "; sections: "
                + ", ".join(QUANTITIES)
            )
    if not wanted:
        raise UsageError("--only: name at least one section: " + ", ".join(QUANTITIES))
    return wanted


def _in_a_notebook() -> bool:
    """True inside IPython or Jupyter (never imported here: only looked for)."""
    import sys

    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    return bool(get is not None and get() is not None)


def _with_figure(solution: Solution, analysis: Analysis) -> Solution:
    """The solution with its sketch's numbers, for a notebook to show (a problem too large to
    draw, or one that cannot be, shows its mathematics only)."""
    from dataclasses import replace

    from screwsolve.errors import ScrewsolveError
    from screwsolve.solution.sketch import sketch_of

    written = analysis.system.problem.sketch or {}
    try:
        figure = sketch_of(analysis, {str(k): v for k, v in written.items()})
    except (ScrewsolveError, TypeError, ValueError, ArithmeticError):
        return solution
    return replace(solution, figure=figure)


def _show_in_notebooks() -> None:
    """Solutions display in Jupyter as their sketch and their LaTeX: the hooks are installed
    here, above both the result and its renderers, so that neither imports the other."""
    from screwsolve.render.latex import render_math
    from screwsolve.render.sketch import notebook_html
    from screwsolve.solution import result

    result.notebook_latex = render_math
    result.notebook_html = notebook_html


def to_mechanics(problem: Loaded | str | Path) -> MechanicsModel:
    """The problem as sympy.physics.mechanics objects (frames, points with their velocities,
    q(t), Kane's loads), for KanesMethod to take from there."""
    from screwsolve.files.loaded import Loaded
    from screwsolve.mechanics.export import to_mechanics as export

    loaded = problem if isinstance(problem, Loaded) else load(problem)
    return export(analyse(loaded))
