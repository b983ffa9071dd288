"""Batches handed to workers: the command's own process never imports the solver."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ..whole_command import reporting_imports

ROOT = Path(__file__).resolve().parents[2]
PLATE = ROOT / "problems" / "plate-on-a-step.yaml"

COMMAND = reporting_imports(["sympy", "symengine", "screwsolve.mechanics.analysis"])


@pytest.mark.parametrize("method", ["fork", "spawn"])
@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["validate", "--no-cache"], "1 file valid"),
        (["check", "--no-cache"], "0 failed, 0 invalid files"),
    ],
    ids=["validate", "check"],
)
def test_the_command_process_leaves_the_solver_to_its_workers(
    tmp_path: Path, method: str, arguments: list[str], said: str
) -> None:
    """Under spawn (macOS, Windows) each worker imports sympy and the mechanics itself: a
    parent that imported them too spent 0.37 s for nothing. The file is still validated or
    checked, in the worker."""
    env = {
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "PATH": "/usr/bin:/bin",
        "SCREWSOLVE_START_METHOD": method,
    }
    command = [sys.executable, "-c", COMMAND, *arguments, str(PLATE)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=180)
    assert done.stderr.endswith("exit=0 heavy=[]"), done.stderr
    assert said in done.stdout + done.stderr


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_forked_workers_inherit_the_solver_the_command_imported_once(
    tmp_path: Path, method: str
) -> None:
    """Two files on two cores or more: under fork the command imports the solver once and
    both workers inherit it (each importing it again cost 0.4 s on the shipped problems);
    under spawn it still imports nothing the workers do not."""
    from screwsolve.runtime.sandbox import cpu_count

    env = {
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "PATH": "/usr/bin:/bin",
        "SCREWSOLVE_START_METHOD": method,
    }
    second = ROOT / "problems" / "elastic-pendulum.yaml"
    command = [sys.executable, "-c", COMMAND, "validate", "--no-cache", str(PLATE), str(second)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=180)
    inherited = method == "fork" and cpu_count() > 1
    expected = "['screwsolve.mechanics.analysis', 'symengine', 'sympy']" if inherited else "[]"
    assert done.stderr.endswith(f"exit=0 heavy={expected}"), done.stderr
    assert "2 files valid" in done.stderr


@pytest.mark.parametrize("method", ["fork", "spawn"])
@pytest.mark.parametrize("command", ["validate", "check"])
def test_no_process_of_the_command_imports_what_it_never_uses(
    tmp_path: Path, method: str, command: str
) -> None:
    """sympy's units and numpy are refused in the command's process (lean_imports); a spawned
    worker starts afresh, and imported both before it was started as its command is (one file
    validated under spawn: 1.14 s, then 0.63 s). Every process's imports are listed on
    standard error (PYTHONPROFILEIMPORTTIME), the workers' included."""
    env = {
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "PATH": "/usr/bin:/bin",
        "SCREWSOLVE_START_METHOD": method,
        "PYTHONPROFILEIMPORTTIME": "1",
    }
    arguments = [sys.executable, "-c", COMMAND, command, "--no-cache", str(PLATE)]
    done = subprocess.run(arguments, capture_output=True, text=True, env=env, timeout=180)
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    assert "sympy.physics.vector" in imported  # the workers' imports are among them
    assert "sympy.physics.units" not in imported
    # a refused import is listed too (symengine asks for numpy): none of numpy's own modules
    assert not [name for name in imported if name.startswith("numpy.")]
    assert done.stderr.endswith("exit=0 heavy=[]"), done.stderr[-500:]
