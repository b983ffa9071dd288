"""The `screwsolve` command: wiring only. Each command calls one function and picks an exit code."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn, TypeVar

import typer
from rich.console import Console

from screwsolve.cli_help import PlainHelpCommand, epilog
from screwsolve.console import ColorMode, make_console
from screwsolve.errors import InputError, ScrewsolveError, UsageError
from screwsolve.limits import MAX_TIMEOUT
from screwsolve.render import CHECK_FORMATS, RENDERERS
from screwsolve.render.escape import terminal
from screwsolve.version import __version__

if TYPE_CHECKING:
    from screwsolve.batch.lms import CanvasGradebook, MoodleWorksheet
    from screwsolve.files.loaded import Loaded
    from screwsolve.files.project_settings import ProjectSettings
    from screwsolve.jobs import RunRequest

EXAMPLES = epilog(
    [
        "screwsolve run problems/plate-on-a-step.yaml",
        "screwsolve run problems/rolling-sphere.yaml --format latex --at I",
        "screwsolve check problems/ --junit report.xml",
        "screwsolve validate problems/*.yaml",
        "screwsolve grade submissions/ --key key.yaml",
        "screwsolve run --help",
    ],
    {0: "success", 1: "a check failed or a file is invalid", 2: "usage error"},
)

T = TypeVar("T")
R = TypeVar("R")

app = typer.Typer(
    name="screwsolve",
    help="Partial kinematic screws, power and power coefficients of rigid-body systems.",
    epilog=EXAMPLES,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,  # launch.main says "internal error" (--debug: traceback)
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


Format = StrEnum("Format", {name: name for name in RENDERERS})  # type: ignore[misc]


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
    typer.echo(f"error: {terminal(str(exc))}", err=True)
    raise typer.Exit(2 if isinstance(exc, UsageError) else 1)


def _internal(exc: Exception) -> NoReturn:
    if _debug:
        raise exc
    message = terminal(f"{type(exc).__name__}: {exc}")
    typer.echo(f"error: internal error ({message}); rerun with --debug for the traceback", err=True)
    raise typer.Exit(1)


# Set by `run --format json`: every error reported is also collected here, so that the JSON
# document on standard output says why there is no solution (a tool reading only stdout).
_reported: list[dict[str, object]] | None = None


def _report(message: str, file: str | None = None, line: int = 0, col: int = 0) -> None:
    if _reported is not None:
        entry: dict[str, object] = {"message": message}
        if file is not None:
            entry.update(file=file, line=max(line, 1), col=max(col, 1))
        _reported.append(entry)


def _print_diagnostics(exc: InputError) -> None:
    """One `error: file:line:col: message` per problem on stderr, never wrapped; file names,
    messages and snippets are untrusted text, each line made terminal-safe."""
    for diagnostic in exc.diagnostics:
        _report(diagnostic.message, diagnostic.file, diagnostic.line, diagnostic.col)
        lines = diagnostic.with_caret().split("\n")
        typer.echo(
            "\n".join(terminal(line) for line in ["error: " + lines[0], *lines[1:]]), err=True
        )


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


def _existing_file(name: str | None, option: str) -> str:
    """A file given on the command line, checked before any work starts (exit 2 if not)."""
    assert name is not None
    if name != "-" and not Path(name).is_file():
        raise typer.BadParameter(f"'{terminal(name)}' is not a file", param_hint=option)
    return name


def _existing_paths(names: list[str]) -> list[str]:
    missing = [n for n in names if n != "-" and not Path(n).exists()]
    if missing:
        raise typer.BadParameter(
            "no such file or folder: " + ", ".join(f"'{terminal(m)}'" for m in missing)
        )
    return names


def _output_folder(name: str | None, option: str) -> Path:
    """A folder for reports: created if missing; refused (exit 2) before any work if unusable."""
    from screwsolve.files.writing import writable_folder

    assert name is not None
    folder = Path(name)
    problem = writable_folder(folder)
    if problem:
        raise typer.BadParameter(terminal(problem), param_hint=option)
    return folder


def _output_file(path: Path | None, option: str) -> Path | None:
    """A file to write a result to, refused (exit 2) before any work if it cannot be."""
    from screwsolve.files.writing import writable_file

    if path is None:
        return None
    problem = writable_file(path)
    if problem:
        raise typer.BadParameter(terminal(problem), param_hint=option)
    return path


@contextmanager
def _spooled(request: RunRequest, output: Path | None) -> Iterator[RunRequest]:
    """The request with a spool file for a JSON document (written by the worker as it is
    encoded, then shown or put in place: never pickled back as one string); the file is gone
    afterwards whatever happened."""
    if request.format != "json":
        yield request
        return
    from dataclasses import replace

    from screwsolve.files.writing import spool_for

    spool = spool_for(output)
    try:
        yield replace(request, spool=str(spool))
    finally:
        spool.unlink(missing_ok=True)


def _deliver(request: RunRequest, output: Path | None) -> None:
    """A spooled output to standard output, or in place of the output file in one step."""
    from screwsolve.files.writing import commit_spool, copy_out

    assert request.spool is not None
    if output is None:
        copy_out(Path(request.spool), sys.stdout)
    else:
        commit_spool(Path(request.spool), output)


def _write(text: str, output: Path | None) -> None:
    """To standard output, or atomically to a file."""
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        from screwsolve.files.writing import write_atomic

        write_atomic(output, text)


StdinNameOption = Annotated[
    str | None,
    typer.Option("--stdin-filename", metavar="NAME", help="Name standard input (-) goes by."),
]


def _stdin_text(name: str, display: str | None) -> str | None:
    """The text of standard input when the file is '-' (read here, bounded), else None."""
    if name != "-":
        return None
    from screwsolve.files.loading import STDIN_NAME, read_text

    try:
        return read_text("-", display or STDIN_NAME)[1]
    except ScrewsolveError as exc:
        _fail(exc)


def _loaded(file: str, stdin_filename: str | None) -> Loaded:
    """The problem read and validated in this process, while `run`'s worker imports sympy, and
    detached from pydantic so that the worker never imports it (bounded by limits.py: files of
    at most 1 MB and 50 000 YAML nodes)."""
    from screwsolve.files.loading import STDIN_NAME, detached, load_problem_text, read_text

    try:
        name, text = read_text(file, stdin_filename or STDIN_NAME)
        return detached(load_problem_text(text, name))
    except ScrewsolveError as exc:
        _fail(exc)


@contextmanager
def _interruptible() -> Iterator[None]:
    """SIGINT or SIGTERM during a batch: workers are stopped, no report is written, exit 130."""
    from screwsolve.batch.sandbox import BatchInterruptedError

    try:
        yield
    except BatchInterruptedError as exc:
        typer.echo(f"interrupted ({exc}): stopped every worker; no report written", err=True)
        raise typer.Exit(130) from None


def _limited(work: Callable[[T], R], item: T, timeout: float, *, stages: bool = False) -> R:
    """work(item) in a child process with the time and memory limits (in this process with
    --timeout 0 or --debug); a timeout or a crash is reported and exits 1. With `stages`, long
    work shows its stages on a terminal's standard error."""
    from screwsolve.batch.sandbox import BatchInterruptedError, run_many
    from screwsolve.console import StageDisplay

    seconds = 0.0 if _debug else timeout
    display = StageDisplay() if stages else None
    with _interruptible():
        try:
            outcome = run_many(work, [item], seconds=seconds, stages=display)[0]
        except BatchInterruptedError:
            raise  # reported by _interruptible, exit 130: not an internal error
        except ScrewsolveError as exc:
            _fail(exc)
        except Exception as exc:
            _internal(exc)
        finally:
            if display is not None:
                display.close()
    if outcome.value is None:
        reason = {"timeout": "timed out", "crash": "crashed"}.get(outcome.failure or "", "failed")
        _report(f"{reason}: {outcome.detail}")
        typer.echo(f"error: {reason}: {terminal(outcome.detail)}", err=True)
        raise typer.Exit(1)
    return outcome.value


ExcludeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--exclude", metavar="GLOB", help="Paths to leave out, as .gitignore lines (repeatable)."
    ),
]
ForceExcludeOption = Annotated[
    bool,
    typer.Option(
        "--force-exclude",
        help="Sort files named as folders are sorted: excluded, ignored by git or not a "
        "problem file, they are left out (what pre-commit hooks pass).",
    ),
]


def _settings() -> ProjectSettings:
    """[tool.screwsolve] of the nearest pyproject.toml (a wrong one: exit 2)."""
    from screwsolve.files.project_settings import project_settings

    try:
        return project_settings()
    except ScrewsolveError as exc:
        _fail(exc)


def _first(*values: float | None) -> float:
    """The first value given: the command line's, the project's, the built-in default."""
    return next(v for v in values if v is not None)


def _found(paths: list[str], exclude: list[str] | None, force: bool, verbose: bool) -> list[str]:
    """The problem files to work on; none is a usage mistake (exit 1), except with
    --force-exclude, where a hook handed over only other YAML files (exit 0)."""
    from screwsolve.batch.discovery import problem_files

    found = problem_files(_existing_paths(paths), exclude or [], force_exclude=force)
    if verbose:
        for skipped in found.skipped:
            typer.echo(f"skipped {terminal(skipped)}", err=True)
    if not found.files:
        if force and all(not Path(p).is_dir() for p in paths):
            typer.echo("no problem files among the files named", err=True)
            raise typer.Exit(0)
        typer.echo("error: no problem files found in " + terminal(", ".join(paths)), err=True)
        raise typer.Exit(1)
    return found.files


JobsOption = Annotated[
    int | None,
    typer.Option("--jobs", "-j", min=1, help="Parallel workers, 1 or more (default: cores)."),
]
ColorOption = Annotated[
    ColorMode, typer.Option("--color", case_sensitive=False, help="auto, always or never.")
]


RUN_HELP = epilog(
    [
        "screwsolve run problems/plate-on-a-step.yaml",
        "screwsolve run problems/rolling-sphere.yaml --format latex --at I",
        "screwsolve run problems/rocket-car.yaml --steps",
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
        typer.Option(
            "--timeout",
            min=0,
            max=MAX_TIMEOUT,
            help="Seconds to solve in; 0: no limit, in-process.",
        ),
    ] = 300.0,
    stdin_filename: StdinNameOption = None,
    color: ColorOption = ColorMode.auto,
) -> None:
    """Solve one problem: screws, power, power coefficients, interaction coefficients.

    Formats: table [the default; plain text when piped], latex [a fragment, or a document with
    --standalone], json [one stable document, see schemas/result.schema.json]. Screws print as
    {omega ; v_A}_A. The problem is solved in a child process with a time and memory limit.
    """
    global _reported
    _reported = [] if format.value == "json" else None
    try:
        from screwsolve.jobs import RunRequest, run_request

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
        output = _output_file(output, "--output")
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
        )
        with _spooled(request, output) as request:
            result = _limited(run_request, request, timeout, stages=True)
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

    except typer.Exit as stop:
        if _reported and stop.exit_code == 1:  # a JSON document even without a solution
            from screwsolve.render.json import dumps, error_document

            _write(dumps(error_document(_reported)), output)
        raise
    finally:
        _reported = None


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
        typer.Option(
            "--timeout",
            min=0,
            max=MAX_TIMEOUT,
            help="Seconds per problem (default: 60); 0: no child process.",
        ),
    ] = None,
    stdin_filename: StdinNameOption = None,
    color: ColorOption = ColorMode.auto,
) -> None:
    """Verify every expected: claim of every problem file (folders recurse, .gitignore holds).

    Results come from the cache when a file, the options and the tool versions are unchanged.
    Machine formats (json, junit, github) are alone on standard output.
    """
    from screwsolve.batch.check_cache import check_with_cache
    from screwsolve.batch.sandbox import cpu_count
    from screwsolve.render.check import (
        HUMAN_FORMATS,
        check_document,
        github_annotations,
        junit_xml,
        render_check,
        render_concise,
        step_summary,
    )

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
            timeout=0 if _debug else timeout,
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
        typer.Option(
            "--timeout", min=0, max=MAX_TIMEOUT, help="Seconds to draw in; 0: in-process."
        ),
    ] = 120.0,
    stdin_filename: StdinNameOption = None,
) -> None:
    """Draw the configuration at one instant: points, bodies, frames, forces and couples.

    Positions come from the file's own position vectors, with the values given and stated
    defaults (parameters 1, 1.2, ..., coordinates 0.6, 0.5, ...); the figure lists what was
    assumed.
    """
    from screwsolve.jobs import SketchRequest, sketch_request
    from screwsolve.render.sketch import FORMATS

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
    request = SketchRequest(loaded, str(output), pairs)
    result = _limited(sketch_request, request, timeout)
    if result.diagnostics:
        _fail(InputError(list(result.diagnostics)))
    if result.usage or result.error:
        typer.echo(f"error: {terminal(result.usage or result.error)}", err=True)
        raise typer.Exit(2 if result.usage else 1)
    typer.echo(terminal(result.output), err=True)


cache_app = typer.Typer(help="The result cache of check and grade.", no_args_is_help=True)
app.add_typer(cache_app, name="cache")


@cache_app.command("clear", cls=PlainHelpCommand)
def cache_clear() -> None:
    """Remove every cached result (check verdicts and grading keys)."""
    from screwsolve.batch.cache import Store

    stores = [Store(kind) for kind in ("checks", "keys")]
    removed = sum(store.clear() for store in stores)
    for warning in dict.fromkeys(w for store in stores for w in store.warnings):
        typer.echo(f"warning: {terminal(warning)}", err=True)
    typer.echo(f"removed {removed} cached result{'' if removed == 1 else 's'}", err=True)


@cache_app.command("dir", cls=PlainHelpCommand)
def cache_dir() -> None:
    """Print where the cache lives."""
    from screwsolve.batch.cache import cache_root

    root = cache_root()
    if root is None:
        typer.echo("no home folder: no cache", err=True)
        raise typer.Exit(1)
    typer.echo(str(root))


def _single(values: list[str] | None, option: str, default: str | None = None) -> str | None:
    """An option that must be given once: a second value is usually a file whose name looks
    like an option (`--key=x.yaml` picked up by a shell glob), so it is refused."""
    if not values:
        return default
    if len(values) > 1:
        raise typer.BadParameter(
            f"{option} given {len(values)} times ({', '.join(values)}); a file named like an "
            "option? put -- before file names",
            param_hint=option,
        )
    return values[0]


GRADE_HELP = epilog(
    [
        "screwsolve grade submissions/ --key key.yaml",
        "screwsolve grade canvas/ --key key.yaml --canvas-gradebook book.csv",
        "screwsolve grade moodle/ --key key.yaml --moodle-worksheet sheet.csv",
        "screwsolve grade subs/ --key key.yaml --anonymise --fail-under 50",
        "screwsolve grade --key key.yaml -- -odd-name.yaml",
    ],
    {
        0: "every submission has its row, whatever the scores",
        1: "the key is refused, or --fail-under is not met",
        2: "usage",
    },
)


@app.command(cls=PlainHelpCommand, epilog=GRADE_HELP)
def grade(
    submissions: Annotated[
        list[str], typer.Argument(metavar="SUBMISSION...", help="Answer files or folders.")
    ],
    key: Annotated[
        list[str], typer.Option("--key", metavar="KEY", help="Answer key: a problem with grading:.")
    ],
    out: Annotated[
        list[str] | None,
        typer.Option("--out", metavar="DIR", help="Folder for the reports (default: grades)."),
    ] = None,
    jobs: JobsOption = None,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout", min=0, max=MAX_TIMEOUT, help="Seconds per submission; 0: in-process."
        ),
    ] = 20.0,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Recompute the key.")] = False,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the probe points (default: secret).")
    ] = None,
    fail_under: Annotated[
        float | None,
        typer.Option(
            "--fail-under",
            min=0,
            max=100,
            help="Exit 1 if a submission scores under PERCENT (0 to 100).",
        ),
    ] = None,
    anonymise: Annotated[
        bool, typer.Option("--anonymise", "--anonymize", help="Pseudonyms in every report.")
    ] = False,
    assignment: Annotated[
        str | None,
        typer.Option(
            "--assignment",
            help="Canvas assignment: its column 'Title (id)', or in --canvas-gradebook its title "
            "or id (default: the key's title).",
        ),
    ] = None,
    canvas_gradebook: Annotated[
        list[str] | None,
        typer.Option(
            "--canvas-gradebook",
            metavar="CSV",
            help="The gradebook exported from Canvas: canvas.csv is it with the assignment filled.",
        ),
    ] = None,
    moodle_worksheet: Annotated[
        list[str] | None,
        typer.Option(
            "--moodle-worksheet",
            metavar="CSV",
            help="The grading worksheet downloaded from Moodle: moodle.csv is it filled in.",
        ),
    ] = None,
    zero_ungradable: Annotated[
        bool,
        typer.Option(
            "--zero-ungradable",
            help="Put 0 in the gradebooks for submissions not graded (default: left out, listed "
            "in needs-review.csv).",
        ),
    ] = False,
    excel: Annotated[
        bool, typer.Option("--excel", help="CSV files with a UTF-8 BOM, as Excel reads them.")
    ] = False,
    color: ColorOption = ColorMode.auto,
) -> None:
    """Score submissions against a key: verdicts, points, feedback; gradebooks and reports.

    Exit 0 when every submission has its row, whatever the scores (1: the key is refused, or
    --fail-under is not met; 2: usage). Put -- before file names that begin with a dash.
    """
    from screwsolve.batch.discovery import submission_files
    from screwsolve.batch.grading import grade as grade_all
    from screwsolve.batch.sandbox import cpu_count
    from screwsolve.render.grades import (
        Gradebooks,
        Names,
        below,
        gradebook_notes,
        render_summary,
        write_reports,
    )

    key_path = _existing_file(_single(key, "--key"), "--key")
    folder = _output_folder(_single(out, "--out", "grades"), "--out")
    canvas_path = _single(canvas_gradebook, "--canvas-gradebook")
    moodle_path = _single(moodle_worksheet, "--moodle-worksheet")
    found = submission_files(_existing_paths(submissions))
    if not found.files:
        raise typer.BadParameter(
            "no submissions in " + ", ".join(f"'{terminal(s)}'" for s in submissions),
            param_hint="SUBMISSION...",
        )
    jobs = jobs or _settings().jobs
    err = make_console(color, stderr=True)
    try:
        lms_files = _lms_files(canvas_path, moodle_path, assignment)
        with _interruptible(), _progress(err, len(found.files), "grading") as advance:
            report = grade_all(
                key_path,
                found.files,
                jobs=jobs or cpu_count(),
                timeout=timeout,
                use_cache=not no_cache,
                seed=seed,
                progress=advance,
            )
    except ScrewsolveError as exc:
        _fail(exc)
    names = Names(anonymise, salt=str(report.seed))
    books = Gradebooks(
        assignment or report.title,
        moodle=lms_files[1],
        canvas=lms_files[0],
        zero_ungradable=zero_ungradable,
        excel=excel,
        graded_at=datetime.now(UTC).replace(microsecond=0).isoformat(),
    )
    try:
        write_reports(report, folder, names, books, found.skipped)
    except OSError as exc:  # a full disk, a folder turned into a link meanwhile
        reason = exc.strerror or str(exc)
        typer.echo(
            f"error: reports not written under {terminal(str(folder))}: {terminal(reason)}; "
            "the previous reports there are unchanged",
            err=True,
        )
        raise typer.Exit(1) from None
    console = make_console(color)
    console.print(render_summary(report, plain=not console.is_terminal, names=names), crop=False)
    if names.anonymous and found.skipped:
        typer.echo(f"warning: skipped {len(found.skipped)} files (names hidden)", err=True)
    for skipped in found.skipped if not names.anonymous else []:
        typer.echo(f"warning: skipped {terminal(skipped)}", err=True)
    if not names.anonymous:
        for note in gradebook_notes(report, books):
            typer.echo(f"note: {terminal(note)}", err=True)
    failed = fail_under is not None and below(report, fail_under)
    raise typer.Exit(1 if failed else 0)


def _lms_files(
    canvas: str | None, moodle: str | None, assignment: str | None
) -> tuple[CanvasGradebook | None, MoodleWorksheet | None]:
    """The LMS files to fill in, read and checked as their importers check them, before any
    submission is graded (a wrong file is a located error, exit 1)."""
    from screwsolve.batch.lms import (
        MAX_SHEET_BYTES,
        canvas_gradebook,
        moodle_worksheet,
        read_sheet,
    )
    from screwsolve.files.loading import read_bounded

    gradebook = worksheet = None
    if canvas is not None:
        path = _existing_file(canvas, "--canvas-gradebook")
        data = read_bounded(path, MAX_SHEET_BYTES)
        gradebook = canvas_gradebook(read_sheet(path, data), assignment)
    if moodle is not None:
        path = _existing_file(moodle, "--moodle-worksheet")
        worksheet = moodle_worksheet(read_sheet(path, read_bounded(path, MAX_SHEET_BYTES)))
    return gradebook, worksheet


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
        typer.Option(
            "--timeout",
            min=0,
            max=MAX_TIMEOUT,
            help="Seconds per file (default: 20); 0: in-process.",
        ),
    ] = None,
    stdin_filename: StdinNameOption = None,
) -> None:
    """Parse and validate only (expected: included, nothing solved); errors as file:line:col."""
    from screwsolve.batch.checking import validate_files
    from screwsolve.batch.sandbox import cpu_count

    settings = _settings()
    found = _found(files, [*settings.exclude, *(exclude or [])], force_exclude, verbose)
    jobs = jobs or settings.jobs
    timeout = _first(timeout, settings.timeout, 20.0)
    items = [
        (stdin_filename or "<stdin>", _stdin_text(n, stdin_filename)) if n == "-" else (n, None)
        for n in found
    ]
    with _interruptible():
        reports = validate_files(items, jobs=jobs or cpu_count(), timeout=0 if _debug else timeout)
    failed = [r for r in reports if r.diagnostics]
    for report in failed:
        _print_diagnostics(InputError(report.diagnostics))
    if not failed:
        typer.echo(f"{len(items)} file{'' if len(items) == 1 else 's'} valid", err=True)
    raise typer.Exit(1 if failed else 0)


@app.command(cls=PlainHelpCommand)
def schema() -> None:
    """Print the JSON Schema of problem files."""
    import json

    from screwsolve.files.schema import problem_json_schema

    _write(json.dumps(problem_json_schema(), indent=2, sort_keys=True) + "\n", None)
