"""`screwsolve validate`: parse and validate only."""

from __future__ import annotations

from typing import Annotated

import typer

from screwsolve.cli.app import app
from screwsolve.cli.common import (
    STATE,
    ExcludeOption,
    ForceExcludeOption,
    JobsOption,
    StdinNameOption,
    _first,
    _found,
    _interruptible,
    _print_diagnostics,
    _settings,
    _stdin_text,
    timeout_option,
)
from screwsolve.cli.help import PlainHelpCommand, epilog
from screwsolve.errors import InputError
from screwsolve.render.escape import terminal

VALIDATE_HELP = epilog(
    [
        "screwsolve validate problems/",
        "screwsolve validate hw1/pendulum.yaml",
        "cat mine.yaml | screwsolve validate - --stdin-filename mine.yaml",
    ],
    {0: "every file is valid", 1: "a file is invalid, or none was found", 2: "usage"},
)


@app.command(cls=PlainHelpCommand, epilog=VALIDATE_HELP)
def validate(
    files: Annotated[
        list[str],
        typer.Argument(
            metavar="PATH...",
            help="Problem files or folders (found as check finds them), or - for standard input.",
        ),
    ],
    exclude: ExcludeOption = None,
    force_exclude: ForceExcludeOption = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List skipped files.")] = False,
    jobs: JobsOption = None,
    timeout: Annotated[
        float | None,
        timeout_option("Seconds per file (default: 20); 0: in-process."),
    ] = None,
    stdin_filename: StdinNameOption = None,
    no_cache: Annotated[
        bool, typer.Option("--no-cache", help="Validate every file again.")
    ] = False,
) -> None:
    """Parse and validate only (expected: included, nothing solved); errors as file:line:col.

    An unchanged file is answered from the cache (its text and the tool versions decide).
    """
    from screwsolve.checking.cache import validate_with_cache
    from screwsolve.render.validation import valid_line, warning_lines
    from screwsolve.runtime.sandbox import cpu_count

    settings = _settings()
    found = _found(files, [*settings.exclude, *(exclude or [])], force_exclude, verbose)
    jobs = jobs or settings.jobs
    timeout = _first(timeout, settings.timeout, 20.0)
    items = [
        (stdin_filename or "<stdin>", _stdin_text(n, stdin_filename)) if n == "-" else (n, None)
        for n in found
    ]
    with _interruptible():
        reports, warnings = validate_with_cache(
            items,
            use_cache=not no_cache,
            jobs=jobs or cpu_count(),
            timeout=0 if STATE.debug else timeout,
        )
    failed = [r for r in reports if r.diagnostics]
    for warning in warnings:  # a cache that cannot be read or written: said, never fatal
        typer.echo(f"warning: {terminal(warning)}", err=True)
    for line in warning_lines(reports):  # located, and a file with warnings stays valid
        typer.echo(line, err=True)
    for report in failed:
        _print_diagnostics(InputError(report.diagnostics))
    if not failed:
        typer.echo(valid_line(len(items)), err=True)
    raise typer.Exit(1 if failed else 0)
