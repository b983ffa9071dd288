"""The outputs kept as golden snapshots: each variant is one `screwsolve run` command line."""

from __future__ import annotations

from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden"
ENVIRONMENT = {"NO_COLOR": "1", "COLUMNS": "100", "TERM": "dumb"}
VARIANTS: dict[str, list[str]] = {
    "table.txt": ["--format", "table"],
    "steps.txt": ["--format", "table", "--steps"],
    "document.tex": ["--format", "latex", "--standalone"],
    "steps.tex": ["--format", "latex", "--standalone", "--steps"],
    "solution.json": ["--format", "json"],
}


def render(problem: Path, variant: str) -> bytes:
    """What `screwsolve run PROBLEM OPTIONS` prints, as bytes."""
    from typer.testing import CliRunner

    from screwsolve.cli import app

    result = CliRunner().invoke(app, ["run", str(problem), *VARIANTS[variant]], env=ENVIRONMENT)
    if result.exit_code != 0:
        raise RuntimeError(f"{problem.name} {variant}: exit {result.exit_code}: {result.stderr}")
    return result.stdout_bytes
