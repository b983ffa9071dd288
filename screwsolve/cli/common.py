"""What the commands share: the state of one invocation (--debug, the errors run's JSON
collects), located errors, progress, output files, standard input, worker limits, settings."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TextIO, TypeVar

import typer
from rich.console import Console

from screwsolve.console import ColorMode
from screwsolve.errors import InputError, ScrewsolveError, UsageError
from screwsolve.limits import MAX_TIMEOUT
from screwsolve.render import RENDERERS
from screwsolve.render.escape import terminal

if TYPE_CHECKING:
    from screwsolve.files.loaded import Loaded
    from screwsolve.files.project_settings import ProjectSettings
    from screwsolve.jobs import RunRequest


@dataclass
class State:
    """One invocation's settings: --debug (tracebacks, no worker), and for `run --format
    json` the errors reported, so the JSON document says why there is no solution."""

    debug: bool = False
    reported: list[dict[str, object]] | None = None

    def reset(self, *, debug: bool) -> None:
        self.debug = debug
        self.reported = None


STATE = State()


T = TypeVar("T")


R = TypeVar("R")


Format = StrEnum("Format", {name: name for name in RENDERERS})  # type: ignore[misc]


def _fail(exc: ScrewsolveError) -> NoReturn:
    if STATE.debug:
        raise exc
    if isinstance(exc, InputError):
        _print_diagnostics(exc)
        raise typer.Exit(1)
    typer.echo(f"error: {terminal(str(exc))}", err=True)
    raise typer.Exit(2 if isinstance(exc, UsageError) else 1)


def _internal(exc: Exception) -> NoReturn:
    if STATE.debug:
        raise exc
    message = terminal(f"{type(exc).__name__}: {exc}")
    typer.echo(f"error: internal error ({message}); rerun with --debug for the traceback", err=True)
    raise typer.Exit(1)


def _report(message: str, file: str | None = None, line: int = 0, col: int = 0) -> None:
    if STATE.reported is not None:
        entry: dict[str, object] = {"message": message}
        if file is not None:
            entry.update(file=file, line=max(line, 1), col=max(col, 1))
        STATE.reported.append(entry)


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

    with _guarded():
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
        copy_out(Path(request.spool), _standard_output())
    else:
        commit_spool(Path(request.spool), output)


def _standard_output(option: str | None = None) -> TextIO:
    """Standard output, or a usage error (exit 2) when the command was started with it
    closed (`>&-`): there is nowhere to print to; `option` names the way to a file."""
    if sys.stdout is None:
        instead = f": name a file with {option}" if option else ""
        typer.echo(f"error: standard output is closed: nowhere to print{instead}", err=True)
        raise typer.Exit(2)
    return sys.stdout


def _write(text: str, output: Path | None) -> None:
    """To standard output, or atomically to a file."""
    if output is None:
        stream = _standard_output()
        stream.write(text)
        stream.flush()
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
    from screwsolve.errors import STDIN_NAME
    from screwsolve.files.reading import read_text

    try:
        return read_text("-", display or STDIN_NAME)[1]
    except ScrewsolveError as exc:
        _fail(exc)


def _loaded(file: str, stdin_filename: str | None) -> Loaded:
    """The problem read and validated in this process, while `run`'s worker imports sympy, and
    detached from pydantic so that the worker never imports it (bounded by limits.py: files of
    at most 1 MB and 50 000 YAML nodes)."""
    from screwsolve.errors import STDIN_NAME
    from screwsolve.files.loading import detached, load_problem_text
    from screwsolve.files.reading import read_text

    try:
        name, text = read_text(file, stdin_filename or STDIN_NAME)
        return detached(load_problem_text(text, name))
    except ScrewsolveError as exc:
        _fail(exc)


@contextmanager
def _interruptible() -> Iterator[None]:
    """SIGINT or SIGTERM during a batch: workers are stopped, no report is written, exit 130."""
    from screwsolve.runtime.sandbox import BatchInterruptedError

    try:
        yield
    except BatchInterruptedError as exc:
        typer.echo(f"interrupted ({exc}): stopped every worker; no report written", err=True)
        raise typer.Exit(130) from None


@contextmanager
def _guarded() -> Iterator[None]:
    """SIGINT and SIGTERM stop the command with exit 130 from here on, not only while a
    worker runs: a file made beside an output (a spool, a drawing) is removed in the block's
    `finally` however the command ends."""
    from screwsolve.runtime.sandbox import stop_on_signals

    with _interruptible(), stop_on_signals():
        yield


def _limited(
    work: Callable[[T], R],
    item: T,
    timeout: float,
    *,
    stages: bool = False,
    imports: tuple[str, ...] = (),
) -> R:
    """work(item) in a child process with the time and memory limits (in this process with
    --timeout 0 or --debug); a timeout or a crash is reported and exits 1. With `stages`, long
    work shows its stages on a terminal's standard error. A new worker imports `imports` first,
    as this process would (runtime/startup.py)."""
    from screwsolve.console import StageDisplay
    from screwsolve.runtime.sandbox import BatchInterruptedError, run_many
    from screwsolve.runtime.startup import worker_start

    seconds = 0.0 if STATE.debug else timeout
    display = StageDisplay() if stages else None
    warm = worker_start(imports)
    with _interruptible():
        try:
            outcome = run_many(work, [item], seconds=seconds, stages=display, warm=warm)[0]
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
    from screwsolve.checking.discovery import problem_files

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


def timeout_option(help: str) -> Any:
    """Every command's --timeout: seconds, 0 (no limit: for the person at the command line
    only) to a day (MAX_TIMEOUT; a larger value overflowed the worker's timers)."""
    return typer.Option("--timeout", min=0, max=MAX_TIMEOUT, help=help)


JobsOption = Annotated[
    int | None,
    typer.Option("--jobs", "-j", min=1, help="Parallel workers, 1 or more (default: cores)."),
]


ColorOption = Annotated[
    ColorMode, typer.Option("--color", case_sensitive=False, help="auto, always or never.")
]


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
