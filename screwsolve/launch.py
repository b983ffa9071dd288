"""The process behind the `screwsolve` command: its solving worker starts before anything else.

`run` solves in a child process (the time and memory limits of runtime/sandbox.py). Started only
once the command line is parsed, that child would import sympy after the parent had imported
typer, rich and pydantic, one after the other. Started first, it imports sympy and the solver on
one core while this process reads the command line on another; `run` then hands it the problem.
A guess that turns out wrong (a usage error, `--help`) costs a worker stopped at exit.
"""

from __future__ import annotations

import gc
import sys

from screwsolve.runtime.startup import (
    COLLECTION_THRESHOLD,
    SOLVING_MODULES,
    collector_after_imports,
    warm_imports,
)

__all__ = ["COLLECTION_THRESHOLD", "collector_after_imports", "main", "warm_solver"]


def main() -> None:
    """Console-script entry point (its own process: imports kept to what commands use)."""
    gc.disable()  # until the command's imports are done (collector_after_imports)
    from screwsolve.lean_imports import lean_imports

    lean_imports()
    for stream in (sys.stdout, sys.stderr):  # a non-ASCII title under PYTHONIOENCODING=ascii
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    args = global_options_anywhere(sys.argv[1:])
    from screwsolve.runtime.sandbox import BatchInterruptedError, stop_on_signals

    with stop_on_signals():  # from the start: a CI runner's SIGTERM during parsing is exit 130
        from screwsolve.runtime.run_cache import answer

        if answer(args):  # an unchanged file asked the same way: no worker, no sympy
            sys.exit(0)
        from screwsolve.checking.cache import answer_validation
        from screwsolve.render.validation import valid_lines

        if answer_validation(args, valid_lines):  # the hook's unchanged files: no typer
            sys.exit(0)
        if solves_in_a_worker(args):
            from screwsolve.runtime.sandbox import prestart

            prestart(warm_solver)
        from screwsolve.cli import app

        collector_after_imports()
        try:
            app(args=args, prog_name="screwsolve")
        except BatchInterruptedError as exc:  # before or after a command's own handling
            sys.stderr.write(f"interrupted ({exc}): stopped every worker; no report written\n")
            sys.exit(130)
        except Exception as exc:  # a bug: one line for the user, the traceback with --debug
            if "--debug" in args[: args.index("--") if "--" in args else len(args)]:
                raise
            message = f"{type(exc).__name__}: {exc}".encode("ascii", "backslashreplace").decode()
            sys.stderr.write(
                f"error: internal error ({message[:500]}); rerun with --debug for the traceback\n"
            )
            sys.exit(1)


COMMANDS_WITH_COLOR = ("run", "check", "grade")


def global_options_anywhere(args: list[str]) -> list[str]:
    """The command line with `--debug` moved before the command and `--color` after it, so that
    each is taken wherever it was typed (`screwsolve check --debug x`, `screwsolve --color
    never run x`); before a command that prints no colour, `--color` is taken and has no
    effect. Nothing after `--` moves: it names files."""
    end = args.index("--") if "--" in args else len(args)
    head, tail = args[:end], args[end:]
    command_at = next(
        (
            i
            for i, arg in enumerate(head)
            if not arg.startswith("-") and (i == 0 or head[i - 1] != "--color")
        ),
        None,
    )
    if command_at is None:
        return args
    before, command, after = head[:command_at], head[command_at], head[command_at + 1 :]
    debug = [arg for arg in after if arg == "--debug"]
    after = [arg for arg in after if arg != "--debug"]
    color: list[str] = []
    kept = []
    index = 0
    while index < len(before):
        arg = before[index]
        if arg == "--color" and index + 1 < len(before):
            color += before[index : index + 2]
            index += 2
            continue
        if arg.startswith("--color="):
            color.append(arg)
        else:
            kept.append(arg)
        index += 1
    before = kept
    if command not in COMMANDS_WITH_COLOR:
        color = []  # validate, sketch, schema, cache print no colour: the choice has no effect
    return [*before, *debug, command, *color, *after, *tail]


def solves_in_a_worker(args: list[str]) -> bool:
    """Whether these arguments ask for `run` in a child process (not --debug, not --timeout 0).
    The root command takes no option with a value, so its first bare word is the command."""
    if next((arg for arg in args if not arg.startswith("-")), None) != "run":
        return False
    if {"--debug", "--help", "-h"} & set(args):
        return False
    return all(_seconds(value) != 0 for value in _timeouts(args))


def _timeouts(args: list[str]) -> list[str]:
    values = [arg.partition("=")[2] for arg in args if arg.startswith("--timeout=")]
    values += [args[i + 1] for i, arg in enumerate(args[:-1]) if arg == "--timeout"]
    return values


def _seconds(value: str) -> float | None:
    try:
        return float(value)
    except ValueError:
        return None


def warm_solver() -> None:
    """In the prestarted worker: what solving a problem imports, before the problem arrives,
    lean and with the collector off meanwhile, as in the command's own process (spawned, a
    worker starts afresh)."""
    warm_imports(SOLVING_MODULES, lean=True)
