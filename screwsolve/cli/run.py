"""`screwsolve run`: solve one problem and print it (table, LaTeX, JSON)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from screwsolve.cli.app import app
from screwsolve.cli.common import (
    STATE,
    ColorOption,
    Format,
    StdinNameOption,
    _deliver,
    _fail,
    _guarded,
    _limited,
    _loaded,
    _output_file,
    _report,
    _spooled,
    _standard_output,
    _write,
    timeout_option,
)
from screwsolve.cli.help import PlainHelpCommand, epilog
from screwsolve.console import ColorMode, make_console
from screwsolve.errors import InputError
from screwsolve.render import RENDERERS
from screwsolve.render.escape import terminal

if TYPE_CHECKING:
    from screwsolve.jobs import RunRequest

RUN_HELP = epilog(
    [
        "screwsolve run problems/plate-on-a-step.yaml",
        "screwsolve run problems/rolling-sphere.yaml --format latex --at I",
        "screwsolve run problems/rocket-car.yaml --steps",
        "screwsolve run problems/plate-on-a-step.yaml --only power_coefficients",
        "screwsolve run - --format json < mine.yaml",
    ],
    {0: "solved", 1: "the file is invalid, or it could not be solved in time", 2: "usage"},
)


@app.command(cls=PlainHelpCommand, epilog=RUN_HELP)
def run(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Problem file, or - for stdin.")],
    format: Annotated[
        Format,
        typer.Option("--format", "-f", case_sensitive=False, help=", ".join(RENDERERS) + "."),
    ] = Format["table"],
    at: Annotated[str | None, typer.Option("--at", help="Resolve body screws about POINT.")] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to a file.")] = None,
    standalone: Annotated[
        bool, typer.Option("--standalone", help="With latex: a whole document.")
    ] = False,
    steps: Annotated[
        bool, typer.Option("--steps", help="Worked solution: every comoment written out.")
    ] = False,
    only: Annotated[
        list[str] | None,
        typer.Option(
            "--only",
            metavar="SECTIONS",
            help="Compute and print only these sections (comma-separated or repeated), e.g. "
            "power_coefficients; the keys `expected:` uses.",
        ),
    ] = None,
    with_sketch: Annotated[
        bool,
        typer.Option(
            "--sketch",
            help="With latex --standalone: the configuration's sketch, drawn to a PDF beside "
            "the document and included under the title.",
        ),
    ] = False,
    timeout: Annotated[
        float,
        timeout_option("Seconds to solve in; 0: no limit, in-process."),
    ] = 300.0,
    stdin_filename: StdinNameOption = None,
    color: ColorOption = ColorMode.auto,
    no_cache: Annotated[
        bool, typer.Option("--no-cache", help="Solve again; keep nothing of this run.")
    ] = False,
) -> None:
    """Solve one problem: screws, power, power coefficients, interaction coefficients.

    Formats: table [the default; plain text when piped], latex [a fragment, or a document with
    --standalone], json [one stable document, see schemas/result.schema.json]. Screws print as
    {omega ; v_A}_A. The problem is solved in a child process with a time and memory limit.
    An unchanged file asked the same way again is answered from the cache (`--no-cache`:
    solve again).
    """
    STATE.reported = [] if format.value == "json" else None
    try:
        from screwsolve.jobs import RunRequest, run_request
        from screwsolve.runtime.startup import SOLVING_MODULES

        if standalone and format.value != "latex":
            raise typer.BadParameter(
                f"--standalone makes a whole LaTeX document: add --format latex (not {format.value})",
                param_hint="--standalone",
            )
        if with_sketch and (format.value != "latex" or not standalone):
            raise typer.BadParameter(
                "--sketch goes into a whole LaTeX document: add --format latex --standalone",
                param_hint="--sketch",
            )
        sections = _sections(only)
        output = _output_file(output, "--output")
        if output is None:
            _standard_output("--output")  # closed: said before any work
        figure = _figure_path(output, file, stdin_filename) if with_sketch else None
        console = make_console(color) if output is None else None
        on_terminal = console is not None and console.is_terminal
        loaded = _loaded(file, stdin_filename)
        request = RunRequest(
            loaded.source.file,
            None,
            format.value,
            at,
            steps,
            standalone,
            plain=not on_terminal,
            width=console.width if console is not None else 100,
            color=on_terminal and console is not None and console.color_system is not None,
            problem=loaded,
            sketch=str(figure) if figure is not None else None,
            seconds=timeout or None,
            only=sections,
        )
        with _spooled(request, output) as request, _drawing(request) as request:
            result = _limited(run_request, request, timeout, stages=True, imports=SOLVING_MODULES)
            if result.diagnostics:
                _fail(InputError(list(result.diagnostics)))  # re-raised with --debug
            if result.usage or result.error:
                if result.error:
                    _report(result.error)
                typer.echo(f"error: {terminal(result.usage or result.error)}", err=True)
                raise typer.Exit(2 if result.usage else 1)
            if result.spooled:
                _deliver(request, output)
            else:
                _write(result.output, output)
            if output is None:
                from screwsolve.runtime import run_cache

                if result.spooled:
                    run_cache.remember(None, spool=request.spool)
                else:
                    run_cache.remember(result.output)

    except typer.Exit as stop:
        if STATE.reported and stop.exit_code == 1:  # a JSON document even without a solution
            from screwsolve.render.json import dumps, error_document

            _write(dumps(error_document(STATE.reported)), output)
        raise
    finally:
        STATE.reported = None


def _sections(only: list[str] | None) -> tuple[str, ...] | None:
    """--only's quantity keys in the registry's order (None: all); an unknown one is a usage
    error before anything is solved."""
    if only is None:
        return None
    from screwsolve.api import quantities_asked
    from screwsolve.errors import UsageError
    from screwsolve.quantities import QUANTITIES

    names = [name.strip() for value in only for name in value.split(",") if name.strip()]
    try:
        wanted = quantities_asked(names)
    except UsageError as exc:
        raise typer.BadParameter(str(exc).removeprefix("--only: "), param_hint="--only") from None
    assert wanted is not None
    return tuple(key for key in QUANTITIES if key in wanted)


@contextmanager
def _drawing(request: RunRequest) -> Iterator[RunRequest]:
    """The request with a file beside its sketch for the worker to draw into, put in place if
    the run succeeds; gone afterwards whatever happened (a worker killed mid-write too)."""
    if request.sketch is None:
        yield request
        return
    from dataclasses import replace

    from screwsolve.files.writing import commit_spool, drawing_beside

    with _guarded():
        drawing = drawing_beside(Path(request.sketch))
        try:
            yield replace(request, sketch_drawing=str(drawing))
            if drawing.stat().st_size:
                commit_spool(drawing, Path(request.sketch))
        finally:
            drawing.unlink(missing_ok=True)


def _figure_path(output: Path | None, file: str, stdin_filename: str | None) -> Path:
    """Where `run --sketch` draws: NAME-sketch.pdf beside the output (or in the current
    folder), NAME in letters, digits, `.`, `_` and `-` so that LaTeX reads it as written."""
    import re

    named = output or Path((stdin_filename or "sketch") if file == "-" else file)
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", named.stem).strip("-.") or "sketch"
    folder = output.parent if output is not None else Path(".")
    path = folder / f"{stem}-sketch.pdf"
    problem = _output_file(path, "--sketch")
    assert problem is not None
    return path
