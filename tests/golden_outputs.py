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


HELP = Path(__file__).resolve().parent / "cli" / "help"
HELP_SCREENS: dict[str, list[str]] = {
    "screwsolve.txt": ["--help"],
    "run.txt": ["run", "--help"],
    "check.txt": ["check", "--help"],
    "grade.txt": ["grade", "--help"],
    "validate.txt": ["validate", "--help"],
    "schema.txt": ["schema", "--help"],
    "sketch.txt": ["sketch", "--help"],
    "autograde.txt": ["autograde", "--help"],
    "autograder.txt": ["autograder", "--help"],
    "cache.txt": ["cache", "--help"],
    "cache-clear.txt": ["cache", "clear", "--help"],
    "cache-dir.txt": ["cache", "dir", "--help"],
}


def render_help(name: str) -> bytes:
    """A help screen as an 80-column terminal without colour shows it."""
    from typer.testing import CliRunner

    from screwsolve.cli import app

    environment = {"NO_COLOR": "1", "COLUMNS": "80", "TERM": "dumb"}
    result = CliRunner().invoke(app, HELP_SCREENS[name], env=environment, prog_name="screwsolve")
    if result.exit_code != 0:
        raise RuntimeError(f"{name}: exit {result.exit_code}: {result.stderr}")
    return result.stdout_bytes
