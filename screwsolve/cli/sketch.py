"""`screwsolve sketch`: draw a problem's configuration."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from screwsolve.cli.app import app
from screwsolve.cli.common import (
    StdinNameOption,
    _fail,
    _guarded,
    _limited,
    _loaded,
    _output_file,
    timeout_option,
)
from screwsolve.cli.help import PlainHelpCommand, epilog
from screwsolve.errors import InputError
from screwsolve.render.escape import terminal

SKETCH_HELP = epilog(
    [
        "screwsolve sketch problems/plate-on-a-step.yaml",
        "screwsolve sketch problems/plate-on-a-step.yaml --values theta=0.8,x=1.5",
        "screwsolve sketch problems/rolling-sphere.yaml -o sphere.svg",
    ],
    {0: "drawn", 1: "the file is invalid, or it could not be drawn in time", 2: "usage"},
)


def _values(texts: list[str] | None) -> tuple[tuple[str, float], ...]:
    """--values NAME=NUMBER (repeatable, or comma-separated): numbers only, never evaluated."""
    import math

    pairs = []
    for text in texts or []:
        for piece in text.split(","):
            name, sign, number = piece.partition("=")
            try:
                value = float(number)
            except ValueError:
                value = math.nan
            if not sign or not name.strip() or not math.isfinite(value):
                raise typer.BadParameter(
                    f"'{terminal(piece)}' is not NAME=NUMBER (theta=0.5)", param_hint="--values"
                )
            pairs.append((name.strip(), value))
    return tuple(pairs)


@app.command(cls=PlainHelpCommand, epilog=SKETCH_HELP)
def sketch(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Problem file, or - for stdin.")],
    values: Annotated[
        list[str] | None,
        typer.Option(
            "--values",
            metavar="NAME=NUMBER",
            help="A parameter's or coordinate's value (repeatable); others get stated defaults.",
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help="The figure: .png, .svg or .pdf (default: FILE's name, .png)."
        ),
    ] = None,
    timeout: Annotated[
        float,
        timeout_option("Seconds to draw in; 0: in-process."),
    ] = 120.0,
    stdin_filename: StdinNameOption = None,
) -> None:
    """Draw the configuration at one instant: points, bodies, frames, forces and couples.

    Positions come from the file's own position vectors, with the values given and stated
    defaults (parameters 1, 1.2, ..., coordinates 0.6, 0.5, ...); the figure lists what was
    assumed.
    """
    from screwsolve.files.writing import commit_spool, drawing_beside
    from screwsolve.jobs import SketchRequest, sketch_request
    from screwsolve.render.sketch import FORMATS
    from screwsolve.runtime.startup import SKETCHING_MODULES

    pairs = _values(values)
    if output is None:
        stem = Path(stdin_filename or "sketch").stem if file == "-" else Path(file).stem
        output = Path(f"{stem}.png")
    if output.suffix.lower() not in FORMATS:
        raise typer.BadParameter(
            f"'{terminal(str(output))}': the figure is .png, .svg or .pdf", param_hint="--output"
        )
    output = _output_file(output, "--output")
    assert output is not None
    loaded = _loaded(file, stdin_filename)
    with _guarded():
        drawing = drawing_beside(output)
        try:
            request = SketchRequest(loaded, str(output), str(drawing), pairs)
            result = _limited(sketch_request, request, timeout, imports=SKETCHING_MODULES)
            if result.output:
                commit_spool(drawing, output)
        finally:
            drawing.unlink(missing_ok=True)
    if result.diagnostics:
        _fail(InputError(list(result.diagnostics)))
    if result.usage or result.error:
        typer.echo(f"error: {terminal(result.usage or result.error)}", err=True)
        raise typer.Exit(2 if result.usage else 1)
    typer.echo(terminal(result.output), err=True)
