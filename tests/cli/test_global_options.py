"""--debug and --color are taken before or after the command, never after --."""

from __future__ import annotations

import os
import subprocess

import pytest

from screwsolve.launch import global_options_anywhere

from ..conftest import PROBLEMS


@pytest.mark.parametrize(
    ("typed", "taken"),
    [
        (["check", "--debug", "x"], ["--debug", "check", "x"]),
        (["--color", "never", "run", "x"], ["run", "--color", "never", "x"]),
        (["--color=always", "grade", "s"], ["grade", "--color=always", "s"]),
        (["check", "--", "--debug"], ["check", "--", "--debug"]),  # a file named --debug
        # validate prints no colour: the option is taken (it was an error) and has no effect
        (["--color", "never", "validate", "x"], ["validate", "x"]),
        (["--color=always", "sketch", "x"], ["sketch", "x"]),
        (["--version"], ["--version"]),
    ],
)
def test_global_options_move_to_where_they_are_taken(typed: list[str], taken: list[str]) -> None:
    assert global_options_anywhere(typed) == taken


def test_the_installed_command_takes_them_after_the_command() -> None:
    problem = str(PROBLEMS / "notional-couple.yaml")
    env = {**os.environ, "NO_COLOR": "1"}
    for args in (["check", problem, "--debug"], ["--color", "never", "check", problem]):
        done = subprocess.run(["screwsolve", *args], capture_output=True, text=True, env=env)
        assert done.returncode == 0, (args, done.stderr)
        assert "1 file, 10 claims, 0 failed, 0 invalid files" in done.stdout
