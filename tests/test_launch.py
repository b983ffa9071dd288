"""The command's process starts its solving worker first, only when `run` will use one."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from screwsolve.launch import solves_in_a_worker

from .golden_outputs import ENVIRONMENT, GOLDEN

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["run", "p.yaml"], True),
        (["run", "p.yaml", "--format", "json", "--timeout", "5"], True),
        (["run", "--timeout=2.5", "p.yaml"], True),
        (["run", "p.yaml", "--timeout", "0"], False),
        (["run", "p.yaml", "--timeout=0.0"], False),
        (["--debug", "run", "p.yaml"], False),
        (["run", "--help"], False),
        (["run", "-h"], False),
        (["check", "problems"], False),
        (["validate", "run"], False),  # a file called run
        (["--version"], False),
        ([], False),
    ],
)
def test_only_run_in_a_child_process_prestarts_a_worker(args: list[str], expected: bool) -> None:
    assert solves_in_a_worker(args) is expected


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_the_installed_command_solves_in_its_prestarted_worker(method: str) -> None:
    """The whole process, as a user runs it: the answer is the golden snapshot."""
    environment = {**os.environ, **ENVIRONMENT, "SCREWSOLVE_START_METHOD": method}
    done = subprocess.run(
        [sys.executable, "-m", "screwsolve", "run", "problems/plate-on-a-step.yaml", "-f", "json"],
        capture_output=True,
        cwd=ROOT,
        env=environment,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    expected = (GOLDEN / "plate-on-a-step" / "solution.json").read_bytes()
    assert json.loads(done.stdout) == json.loads(expected)


def test_main_prestarts_for_run_and_not_for_other_commands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import screwsolve.cli
    import screwsolve.lean_imports
    from screwsolve import launch
    from screwsolve.runtime import sandbox

    started: list[object] = []
    monkeypatch.setattr(screwsolve.lean_imports, "lean_imports", lambda: None)  # a test process
    monkeypatch.setattr(sandbox, "prestart", started.append)
    monkeypatch.setattr(screwsolve.cli, "app", lambda **options: None)
    monkeypatch.setattr(launch, "collector_after_imports", gc.enable)  # not frozen: a test
    for argv, count in ((["check", "problems"], 0), (["run", "p.yaml"], 1)):
        monkeypatch.setattr(sys, "argv", ["screwsolve", *argv])
        launch.main()
        assert started == [launch.warm_solver] * count
        assert gc.isenabled()


WARM_PROBE = """
import sys
from screwsolve.launch import warm_solver
warm_solver()
solver = ("screwsolve.files.loaded", "screwsolve.model.grammar", "screwsolve.solution.build")
unused = ("sympy.physics.units", "pydantic", "yaml")
print(all(name in sys.modules for name in solver), any(name in sys.modules for name in unused))
import gc
from screwsolve.launch import COLLECTION_THRESHOLD
print(gc.get_freeze_count() > 0, gc.isenabled(), gc.get_threshold()[0] == COLLECTION_THRESHOLD)
"""


def test_the_warm_up_imports_the_solver_without_units_pydantic_or_yaml() -> None:
    """The file is validated in the command's own process: the worker imports neither; what it
    imported is frozen out of the collector's passes, which run again, at the solving
    threshold."""
    done = subprocess.run(
        [sys.executable, "-c", WARM_PROBE], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["True", "False", "True", "True", "True"]


COLLECTOR_PROBE = """
import atexit, gc, sys
from screwsolve.launch import COLLECTION_THRESHOLD, main
atexit.register(lambda: print(gc.isenabled(), gc.get_threshold()[0] == COLLECTION_THRESHOLD))
sys.argv = ["screwsolve", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize(
    "argv", [["--version"], ["validate", "problems/plate-on-a-step.yaml", "--no-cache"]]
)
def test_the_command_collects_garbage_again_once_its_imports_are_done(argv: list[str]) -> None:
    """Off while the command imports, the collector is on again for its work, at the solving
    threshold (a command left without one would keep every cycle it makes)."""
    done = subprocess.run(
        [sys.executable, "-c", COLLECTOR_PROBE, *argv],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-2:] == ["True", "True"]


def test_a_non_ascii_title_prints_under_an_ascii_output_encoding(tmp_path: Path) -> None:
    """PYTHONIOENCODING=ascii with a title in Greek: the command prints it escaped, never an
    internal error with no output."""
    problem = tmp_path / "greek.yaml"
    text = (GOLDEN.parent.parent / "problems" / "plate-on-a-step.yaml").read_text("utf-8")
    problem.write_text(text.replace("title: ", "title: Πλάκα ", 1), encoding="utf-8")
    env = {**os.environ, **ENVIRONMENT, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "screwsolve", "run", str(problem)],
        capture_output=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert b"\\u03a0\\u03bb" in done.stdout
