"""Renderers: format a Solution or a report; they compute nothing.

`RENDERERS` is the registry behind `run --format`: each entry formats a Solution as text (LaTeX,
JSON) or as a rich renderable (the table, which follows the terminal). The modules are imported
only when their format is asked for, so the command starts without them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from screwsolve.solution.result import Solution


@dataclass(frozen=True)
class RenderOptions:
    """What a renderer may be asked: a whole document (LaTeX), plain text (table, not a TTY)."""

    standalone: bool = False
    plain: bool = True
    figure: str | None = None  # LaTeX: a figure file beside the document to include


def _table(solution: Solution, options: RenderOptions) -> Any:
    from screwsolve.render.table import render_solution

    return render_solution(solution, plain=options.plain)


def _latex(solution: Solution, options: RenderOptions) -> str:
    from screwsolve.render.latex import render_solution

    return render_solution(solution, standalone=options.standalone, figure=options.figure)


def _json(solution: Solution, options: RenderOptions) -> str:
    from screwsolve.render.json import dumps, solution_document

    return dumps(solution_document(solution))


def write_json(solution: Solution, handle: Any) -> None:
    """The JSON document written to `handle` as it is encoded (large results: not held twice)."""
    from screwsolve.render.json import solution_document, write_document

    write_document(solution_document(solution), handle)


# name -> formatter; a formatter returns text, or a rich renderable for the console
RENDERERS: dict[str, Callable[[Solution, RenderOptions], Any]] = {
    "table": _table,
    "latex": _latex,
    "json": _json,
}

# the formats of `check --format` (see render/check.py)
CHECK_FORMATS = ("concise", "table", "json", "junit", "github")
