"""The `screwsolve` command: wiring only. Each command calls one function and picks an exit code."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console

from screwsolve import __version__
from screwsolve.console import ColorMode, make_console
from screwsolve.errors import InputError, ScrewsolveError, UsageError

EXAMPLES = """
Examples:

    screwsolve run problems/plate-on-a-step.yaml
    screwsolve run problems/rolling-sphere.yaml --format latex --at I
    screwsolve check problems/ --junit report.xml
    screwsolve validate problems/*.yaml

Exit codes: 0 success, 1 a check failed or a file is invalid, 2 usage error.
"""

app = typer.Typer(
    name="screwsolve",
    help="Partial kinematic screws, power and power coefficients of rigid-body systems.",
    epilog=EXAMPLES,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class Format(StrEnum):
    table = "table"
    latex = "latex"
    json = "json"


_debug = False


def _version(value: bool) -> None:
    if value:
        import platform
        from importlib.metadata import version

        typer.echo(
            f"screwsolve {__version__} (sympy {version('sympy')}, Python {platform.python_version()})"
        )
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show versions.")
    ] = False,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks.")] = False,
) -> None:
    """Partial kinematic screws, power and power coefficients of rigid-body systems."""
    global _debug
    _debug = debug


def _fail(exc: ScrewsolveError) -> NoReturn:
    if _debug:
        raise exc
    if isinstance(exc, InputError):
        _print_diagnostics(exc)
        raise typer.Exit(1)
    typer.echo(f"error: {exc}", err=True)
    raise typer.Exit(2 if isinstance(exc, UsageError) else 1)


def _internal(exc: Exception) -> NoReturn:
    if _debug:
        raise exc
    typer.echo(
        f"error: internal error ({type(exc).__name__}): {exc}; rerun with --debug for the traceback",
        err=True,
    )
    raise typer.Exit(1)


def _print_diagnostics(exc: InputError) -> None:
    """One `error: file:line:col: message` per problem on stderr, never wrapped."""
    for diagnostic in exc.diagnostics:
        typer.echo(f"error: {diagnostic.with_caret()}", err=True)


@contextmanager
def _progress(console: Console, total: int, label: str) -> Iterator[Callable[[int], None]]:
    """A transient progress bar on an interactive stderr; a no-op otherwise."""
    if not console.is_terminal or total < 2:
        yield lambda _step: None
        return
    from rich.progress import Progress

    with Progress(console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda step: bar.advance(task, step)


def _write(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        output.write_text(text, encoding="utf-8")


JobsOption = Annotated[
    int | None, typer.Option("--jobs", "-j", min=1, help="Parallel workers (default: cores).")
]
ColorOption = Annotated[
    ColorMode, typer.Option("--color", case_sensitive=False, help="auto, always or never.")
]


@app.command()
def run(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Problem file, or - for stdin.")],
    format: Annotated[
        Format, typer.Option("--format", "-f", case_sensitive=False, help="table, latex or json.")
    ] = Format.table,
    at: Annotated[str | None, typer.Option("--at", help="Resolve body screws about POINT.")] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to a file.")] = None,
    standalone: Annotated[
        bool, typer.Option("--standalone", help="With latex: a whole document.")
    ] = False,
    steps: Annotated[
        bool, typer.Option("--steps", help="Worked solution: every comoment written out.")
    ] = False,
    color: ColorOption = ColorMode.auto,
) -> None:
    """Solve one problem: screws, power, power coefficients, interaction coefficients.

    Formats: table [the default; plain text when piped], latex [a fragment, or a document with
    --standalone], json [one stable document, see schemas/result.schema.json]. Screws print as
    {omega ; v_A}_A.
    """
    from screwsolve.api import solve

    try:
        solution = solve(file, at=at, steps=steps)
    except ScrewsolveError as exc:
        _fail(exc)
    except Exception as exc:  # users get a message, developers use --debug
        _internal(exc)
    if format is Format.json:
        from screwsolve.render.json import dumps, solution_document

        _write(dumps(solution_document(solution)), output)
    elif format is Format.latex:
        from screwsolve.render.latex import render_solution

        _write(render_solution(solution, standalone=standalone), output)
    else:
        from screwsolve.render.table import render_solution as render_table

        if output is None:
            console = make_console(color)
            console.print(render_table(solution, plain=not console.is_terminal))
        else:
            with output.open("w", encoding="utf-8") as handle:
                make_console(ColorMode.never, file=handle).print(render_table(solution, plain=True))


@app.command()
def check(
    paths: Annotated[list[str], typer.Argument(metavar="PATH...", help="Files or folders.")],
    json_output: Annotated[bool, typer.Option("--json", help="Print a JSON report.")] = False,
    github: Annotated[
        bool, typer.Option("--github", help="GitHub annotations (automatic in GitHub Actions).")
    ] = False,
    junit: Annotated[Path | None, typer.Option("--junit", help="Write JUnit XML here.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the probe points.")] = None,
    jobs: JobsOption = None,
    timeout: Annotated[
        float, typer.Option("--timeout", min=0, help="Seconds per problem; 0: no child process.")
    ] = 60.0,
    color: ColorOption = ColorMode.auto,
) -> None:
    """Verify every expected: claim of every problem file (folders recurse)."""
    from screwsolve.batch.checking import check_paths, problem_files
    from screwsolve.batch.sandbox import cpu_count
    from screwsolve.render.check import check_document, junit_xml, render_check

    err = make_console(color, stderr=True)
    with _progress(err, len(problem_files(paths)), "checking") as advance:
        report = check_paths(
            paths, seed, jobs=jobs or cpu_count(), timeout=timeout, progress=advance
        )
    if junit is not None:
        junit.write_text(junit_xml(report), encoding="utf-8")
    if github or os.environ.get("GITHUB_ACTIONS") == "true":
        from screwsolve.render.check import github_annotations, step_summary

        _write(github_annotations(report), None)
        summary = os.environ.get("GITHUB_STEP_SUMMARY")
        if summary:
            with open(summary, "a", encoding="utf-8") as handle:
                handle.write(step_summary(report))
    if json_output:
        from screwsolve.render.json import dumps

        _write(dumps(check_document(report)), None)
    else:
        console = make_console(color)
        console.print(render_check(report, plain=not console.is_terminal))
    raise typer.Exit(0 if report.ok else 1)


@app.command()
def grade(
    submissions: Annotated[
        list[str], typer.Argument(metavar="SUBMISSION...", help="Answer files or folders.")
    ],
    key: Annotated[str, typer.Option("--key", help="Answer key: a problem with grading:.")],
    out: Annotated[
        Path, typer.Option("--out", help="Folder for grades.csv and grades.json.")
    ] = Path("."),
    jobs: JobsOption = None,
    timeout: Annotated[
        float, typer.Option("--timeout", min=0, help="Seconds per submission; 0: in-process.")
    ] = 20.0,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Recompute the key.")] = False,
    color: ColorOption = ColorMode.auto,
) -> None:
    """Score submissions against a key: per-item verdicts, points, feedback; CSV and JSON."""
    import json

    from screwsolve.batch.checking import problem_files
    from screwsolve.batch.grading import grade as grade_all
    from screwsolve.batch.sandbox import cpu_count
    from screwsolve.render.grades import grades_csv, grades_document, render_summary

    files = problem_files(submissions)
    err = make_console(color, stderr=True)
    try:
        with _progress(err, len(files), "grading") as advance:
            report = grade_all(
                key,
                files,
                jobs=jobs or cpu_count(),
                timeout=timeout,
                use_cache=not no_cache,
                progress=advance,
            )
    except ScrewsolveError as exc:
        _fail(exc)
    out.mkdir(parents=True, exist_ok=True)
    (out / "grades.csv").write_text(grades_csv(report), encoding="utf-8")
    document = json.dumps(grades_document(report), sort_keys=True, indent=2) + "\n"
    (out / "grades.json").write_text(document, encoding="utf-8")
    console = make_console(color)
    console.print(render_summary(report, plain=not console.is_terminal))
    perfect = all(r.status == "graded" and r.score == report.max_points for r in report.results)
    raise typer.Exit(0 if perfect else 1)


@app.command()
def validate(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="Problem files.")],
) -> None:
    """Parse and validate only; errors as file:line:col: message."""
    from screwsolve.api import load, solve_loaded

    failed = False
    for name in files:
        try:
            solve_loaded(load(Path(name) if name != "-" else name))
        except InputError as exc:
            failed = True
            _print_diagnostics(exc)
        except ScrewsolveError as exc:
            failed = True
            typer.echo(f"error: {name}: {exc}", err=True)
        except Exception as exc:  # one file must not stop the others
            failed = True
            typer.echo(f"error: {name}: internal error ({type(exc).__name__}): {exc}", err=True)
    if not failed:
        typer.echo(f"{len(files)} file(s) valid", err=True)
    raise typer.Exit(1 if failed else 0)


@app.command()
def schema() -> None:
    """Print the JSON Schema of problem files."""
    import json

    from screwsolve.files.schema import problem_json_schema

    _write(json.dumps(problem_json_schema(), indent=2, sort_keys=True) + "\n", None)


def main() -> None:
    """Console-script entry point (its own process: imports kept to what commands use)."""
    from screwsolve.lean_imports import lean_imports

    lean_imports()
    app(prog_name="screwsolve")
