"""`screwsolve cache`: the result cache of run, check and grade."""

from __future__ import annotations

import typer

from screwsolve.cli.app import app
from screwsolve.cli.help import PlainHelpCommand
from screwsolve.render.escape import terminal

cache_app = typer.Typer(help="The result cache of run, check and grade.", no_args_is_help=True)


app.add_typer(cache_app, name="cache")


@cache_app.command("clear", cls=PlainHelpCommand)
def cache_clear() -> None:
    """Remove every cached result (run answers, check and validate verdicts, grading keys)."""
    from screwsolve.runtime.cache import Store

    stores = [Store(kind) for kind in ("runs", "checks", "validations", "keys")]
    removed = sum(store.clear() for store in stores)
    for warning in dict.fromkeys(w for store in stores for w in store.warnings):
        typer.echo(f"warning: {terminal(warning)}", err=True)
    typer.echo(f"removed {removed} cached result{'' if removed == 1 else 's'}", err=True)


@cache_app.command("dir", cls=PlainHelpCommand)
def cache_dir() -> None:
    """Print where the cache lives."""
    from screwsolve.runtime.cache import cache_root

    root = cache_root()
    if root is None:
        typer.echo("no home folder: no cache", err=True)
        raise typer.Exit(1)
    typer.echo(str(root))
