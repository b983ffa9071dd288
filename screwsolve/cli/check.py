"""`screwsolve check`: verify the `expected:` claims of problem files."""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from screwsolve.cli.app import app
from screwsolve.cli.common import (
    STATE,
    ColorOption,
    ExcludeOption,
    ForceExcludeOption,
    JobsOption,
    StdinNameOption,
    _first,
    _found,
    _interruptible,
    _output_file,
    _progress,
    _settings,
    _stdin_text,
    _write,
    timeout_option,
)
from screwsolve.cli.help import PlainHelpCommand, epilog
from screwsolve.console import ColorMode, make_console
from screwsolve.render import CHECK_FORMATS
from screwsolve.render.escape import terminal

CheckFormat = StrEnum("CheckFormat", {name: name for name in CHECK_FORMATS})  # type: ignore[misc]


CHECK_HELP = epilog(
    [
        "screwsolve check problems/",
        "screwsolve check . --junit report.xml -v",
        "screwsolve check hw1 hw2 --exclude 'drafts/' --format json",
        "screwsolve check --force-exclude -- hw1/a.yaml notes.yaml",
    ],
    {0: "every claim holds", 1: "a claim failed, a file is invalid, or none was found", 2: "usage"},
)


@app.command(cls=PlainHelpCommand, epilog=CHECK_HELP)
def check(
    paths: Annotated[list[str], typer.Argument(metavar="PATH...", help="Files or folders.")],
    format: Annotated[
        CheckFormat | None,
        typer.Option(
            "--format", "-f", case_sensitive=False, help="concise, table, json, junit or github."
        ),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
    github: Annotated[
        bool, typer.Option("--github", help="Also GitHub annotations (automatic in Actions).")
    ] = False,
    junit: Annotated[
        Path | None, typer.Option("--junit", help="Also write JUnit XML here.")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the probe points.")] = None,
    exclude: ExcludeOption = None,
    force_exclude: ForceExcludeOption = False,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Check every file again.")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List skipped files.")] = False,
    jobs: JobsOption = None,
    timeout: Annotated[
        float | None,
        timeout_option("Seconds per problem (default: 60); 0: no child process."),
    ] = None,
    stdin_filename: StdinNameOption = None,
    color: ColorOption = ColorMode.auto,
) -> None:
    """Verify every expected: claim of every problem file (folders recurse, .gitignore holds).

    Results come from the cache when a file, the options and the tool versions are unchanged.
    Machine formats (json, junit, github) are alone on standard output.
    """
    from screwsolve.checking.cache import check_with_cache
    from screwsolve.render.check import (
        HUMAN_FORMATS,
        check_document,
        github_annotations,
        junit_xml,
        render_check,
        render_concise,
        step_summary,
    )
    from screwsolve.runtime.sandbox import cpu_count

    chosen = "json" if json_output else format.value if format is not None else "concise"
    junit = _output_file(junit, "--junit")
    settings = _settings()
    found = _found(paths, [*settings.exclude, *(exclude or [])], force_exclude, verbose)
    seed = seed if seed is not None else settings.seed
    jobs = jobs or settings.jobs
    timeout = _first(timeout, settings.timeout, 60.0)
    items = [
        (stdin_filename or "<stdin>", _stdin_text(n, stdin_filename)) if n == "-" else (n, None)
        for n in found
    ]
    err = make_console(color, stderr=True)
    bar = err if chosen in HUMAN_FORMATS else make_console(ColorMode.never, stderr=True)
    with _interruptible(), _progress(bar, len(items), "checking") as advance:
        report, warnings = check_with_cache(
            items,
            seed,
            use_cache=not no_cache,
            jobs=jobs or cpu_count(),
            timeout=0 if STATE.debug else timeout,
            progress=advance,
        )
    for warning in warnings:
        typer.echo(f"warning: {terminal(warning)}", err=True)
    if junit is not None:
        _write(junit_xml(report), junit)
    in_actions = os.environ.get("GITHUB_ACTIONS") == "true"
    if github or (in_actions and chosen in HUMAN_FORMATS):
        annotations = github_annotations(report)
        if chosen in HUMAN_FORMATS or chosen == "github":
            _write(annotations, None)
        else:
            sys.stderr.write(annotations)
    if chosen == "json":
        from screwsolve.render.json import dumps

        _write(dumps(check_document(report)), None)
    elif chosen == "junit":
        _write(junit_xml(report), None)
    elif chosen == "concise":
        _write(render_concise(report), None)
    elif chosen == "table":
        console = make_console(color)
        console.print(render_check(report, plain=not console.is_terminal))
    elif not github:
        _write(github_annotations(report), None)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if in_actions and summary:  # last, and never at the report's cost
        from screwsolve.files.writing import append_regular

        problem = append_regular(Path(summary), step_summary(report))
        if problem:
            typer.echo(f"warning: job summary not written: {terminal(problem)}", err=True)
    raise typer.Exit(0 if report.ok else 1)
