"""What editors, hooks and help screens rely on."""

from __future__ import annotations

import pytest
import yaml
from typer.testing import CliRunner

from screwsolve.cli import app

from ..conftest import PROBLEMS, ROOT
from ..golden_outputs import HELP, HELP_SCREENS, render_help


def test_every_problem_starts_with_the_schema_modeline() -> None:
    for path in PROBLEMS.glob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# yaml-language-server: $schema=../schemas/problem.schema.json", path


def test_pre_commit_hooks_name_real_commands() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert {h["id"] for h in hooks} == {"screwsolve-validate", "screwsolve-check"}
    runner = CliRunner()
    for hook in hooks:
        command = hook["entry"].split()[1:]
        result = runner.invoke(app, [*command, str(PROBLEMS / "notional-couple.yaml")])
        assert result.exit_code == 0, (hook["id"], result.output)


def test_help_keeps_bracketed_text() -> None:
    result = CliRunner().invoke(app, ["run", "--help"], env={"COLUMNS": "200"})
    assert "[the default; plain text when piped]" in result.stdout
    assert "{omega ; v_A}_A" in result.stdout


def test_schema_documents_every_field() -> None:
    from screwsolve.files.schema import problem_json_schema

    schema = problem_json_schema()
    for name, definition in schema["$defs"].items():
        for field, spec in definition.get("properties", {}).items():
            assert spec.get("description"), f"{name}.{field} has no description"


@pytest.mark.parametrize("name", sorted(HELP_SCREENS))
def test_help_screens_are_as_reviewed(name: str) -> None:
    """Every help screen at 80 columns, byte for byte as last reviewed (scripts/update_golden.py
    rewrites them): metavars in words, examples one per line, exit codes listed."""
    shown = render_help(name).decode("utf-8")
    assert shown == (HELP / name).read_text(encoding="utf-8")
    options = shown.split("Options:")[-1].split("Examples:")[0]
    assert "<" not in options and "{" not in shown.split("\n")[0], name  # no <int range>, {ARG}
    assert all(len(line) <= 80 for line in shown.splitlines()), name
    if name in ("run.txt", "check.txt", "grade.txt", "validate.txt", "screwsolve.txt"):
        assert "\n  Examples:\n    screwsolve " in shown and "\n  Exit codes:\n    0  " in shown


def test_completion_script_is_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shell is named here: typer finds it from the process tree (shellingham), and a test
    run whose parents are no shell (a job started in the background) has none to find."""
    import typer.completion

    monkeypatch.setattr(typer.completion, "_get_shell_name", lambda: "bash")
    result = CliRunner().invoke(app, ["--show-completion"], prog_name="screwsolve")
    assert result.exit_code == 0, (result.output, repr(result.exception))
    assert "_screwsolve_completion" in result.stdout


def test_every_test_the_conventions_table_names_exists() -> None:
    """The conventions page's table points at tests that are there."""
    import re

    table = (ROOT / "docs" / "conventions.md").read_text(encoding="utf-8")
    for path, name in re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", table):
        assert f"def {name}(" in (ROOT / path).read_text(encoding="utf-8"), (path, name)
    for path in re.findall(r"`(tests/[\w/]+\.py)`", table):
        assert (ROOT / path).is_file(), path
