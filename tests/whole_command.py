"""The whole `screwsolve` command run in a fresh interpreter, saying at exit which of some
modules its own process imported (its workers' imports are theirs)."""

from __future__ import annotations

from collections.abc import Iterable


def reporting_imports(modules: Iterable[str]) -> str:
    """A program for `python -c` that runs the command (its arguments) and writes
    `exit=CODE heavy=[...]` last on standard error: those of `modules` it imported."""
    return (
        "import sys\n"
        "from screwsolve.launch import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exit:\n"
        f"    heavy = sorted({set(modules)!r} & set(sys.modules))\n"
        "    sys.stderr.write(f'exit={exit.code} heavy={heavy}')\n"
    )
