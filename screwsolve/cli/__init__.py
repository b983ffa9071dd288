"""The `screwsolve` command: wiring only, a module per command. Each command calls one
function and picks an exit code; what they share is in `common`. The commands are registered
in the order `screwsolve --help` lists them."""

# ruff: noqa: I001
from screwsolve.cli.app import app
from screwsolve.cli import run, check, sketch, cache, grade, autograde, validate, schema

__all__ = [
    "app",
    "autograde",
    "cache",
    "check",
    "grade",
    "run",
    "schema",
    "sketch",
    "validate",
]
