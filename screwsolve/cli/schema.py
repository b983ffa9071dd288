"""`screwsolve schema`: print the JSON Schema of problem files."""

from __future__ import annotations

from screwsolve.cli.app import app
from screwsolve.cli.common import _write
from screwsolve.cli.help import PlainHelpCommand


@app.command(cls=PlainHelpCommand)
def schema() -> None:
    """Print the JSON Schema of problem files."""
    import json

    from screwsolve.files.schema import problem_json_schema

    _write(json.dumps(problem_json_schema(), indent=2, sort_keys=True) + "\n", None)
