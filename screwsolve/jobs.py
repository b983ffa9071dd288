"""The jobs a command runs in a limited worker: solve and render one problem (`run`), draw
one (`sketch`). Each takes and returns plain data, so it crosses into a worker process; the
public API (screwsolve.api) is what they call."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from screwsolve.api import analyse, solution_to_print
from screwsolve.errors import Diagnostic
from screwsolve.limits import DEFAULT_SECONDS

if TYPE_CHECKING:
    from screwsolve.files.loaded import Loaded


@dataclass(frozen=True)
class RunRequest:
    """What `screwsolve run` asks for, as plain data (it crosses into a worker process)."""

    name: str
    text: str | None = None  # the problem's text when it came from standard input
    format: str = "table"
    at: str | None = None
    steps: bool = False
    standalone: bool = False
    plain: bool = True  # the table as plain text (not a terminal)
    width: int = 100
    color: bool = False  # escape codes for a terminal that wants colour
    problem: Loaded | None = None  # already loaded (and `detached`): name and text then unused
    sketch: str | None = None  # LaTeX: the sketch's file, included by name
    sketch_drawing: str | None = None  # ...drawn into this file the caller made beside it
    # a file (made by the caller) to write the output into, instead of returning it as text:
    # a large JSON document then crosses no pipe and is never one string
    spool: str | None = None
    seconds: float | None = DEFAULT_SECONDS  # the time limit the work is estimated against
    only: tuple[str, ...] | None = None  # the quantity keys asked for (None: every section)


@dataclass(frozen=True)
class RunResult:
    """The rendered output, or why there is none (as data, so it comes back from a worker)."""

    output: str = ""
    diagnostics: tuple[Diagnostic, ...] = ()
    usage: str = ""  # a request that does not fit the problem (exit 2)
    error: str = ""  # a problem whose mechanics cannot be set up (exit 1)
    spooled: bool = False  # the output is in the request's spool file


def run_request(request: RunRequest) -> RunResult:
    """Load, solve and render one problem, all the way to text."""
    from screwsolve.errors import InputError, ScrewsolveError, UsageError
    from screwsolve.progress import report
    from screwsolve.render import RENDERERS, RenderOptions

    try:
        loaded = request.problem if request.problem is not None else _load(request)
        solution = solution_to_print(
            loaded, at=request.at, steps=request.steps, seconds=request.seconds, only=request.only
        )
    except InputError as exc:
        return RunResult(diagnostics=tuple(exc.diagnostics))
    except UsageError as exc:
        return RunResult(usage=str(exc))
    except ScrewsolveError as exc:
        return RunResult(error=str(exc))
    report("writing", 0, 0)
    figure = None
    if request.sketch is not None and request.sketch_drawing is not None:
        drawn = sketch_request(SketchRequest(loaded, request.sketch, request.sketch_drawing))
        if drawn.usage or drawn.error:
            return drawn
        figure = Path(request.sketch).name
    options = RenderOptions(standalone=request.standalone, plain=request.plain, figure=figure)
    if request.spool is not None and request.format == "json":
        from screwsolve.render import write_json

        with open(request.spool, "w", encoding="utf-8", newline="") as handle:
            write_json(solution, handle)
        return RunResult(spooled=True)
    rendered = RENDERERS[request.format](solution, options)
    if not isinstance(rendered, str):  # the table: a rich renderable (rich loads only here)
        from screwsolve.console import text_console

        buffer = io.StringIO()
        text_console(buffer, color=request.color, width=request.width).print(rendered)
        rendered = buffer.getvalue()
    return RunResult(output=rendered)


def _load(request: RunRequest) -> Loaded:
    from screwsolve.files.loading import load_problem, load_problem_text

    if request.text is None:
        return load_problem(request.name)
    return load_problem_text(request.text, request.name)


@dataclass(frozen=True)
class SketchRequest:
    """What `screwsolve sketch` asks for, as plain data (it crosses into a worker process).
    The worker draws into `drawing`, a file the caller made beside `output`; the caller puts it
    in place, or removes it however the work ended (a worker killed mid-write included)."""

    problem: Loaded
    output: str
    drawing: str
    values: tuple[tuple[str, float], ...] = ()


def sketch_request(request: SketchRequest) -> RunResult:
    """Solve the configuration's positions and draw them into the request's drawing file;
    what was assumed comes back as the output text."""
    from screwsolve.errors import ScrewsolveError, UsageError
    from screwsolve.lean_imports import allow
    from screwsolve.render.sketch import assumed_text, draw
    from screwsolve.solution.sketch import sketch_of

    allow("numpy")  # matplotlib's

    try:
        analysis = analyse(request.problem)
        written = analysis.system.problem.sketch or {}
        sketch = sketch_of(
            analysis, {**{str(k): v for k, v in written.items()}, **dict(request.values)}
        )
    except UsageError as exc:
        return RunResult(usage=str(exc))
    except ScrewsolveError as exc:
        return RunResult(error=str(exc))
    draw(sketch, Path(request.drawing))
    target = Path(request.output)
    assumed = assumed_text(sketch)
    return RunResult(output=f"wrote {target}" + (f" (assumed: {assumed})" if assumed else ""))
