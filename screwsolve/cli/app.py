"""The `screwsolve` Typer application and its root options (--version, --debug)."""

from __future__ import annotations

from typing import Annotated

import typer

from screwsolve.cli.common import STATE
from screwsolve.cli.help import epilog
from screwsolve.version import __version__

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
    STATE.reset(debug=debug)  # a new invocation starts from nothing the last one left
