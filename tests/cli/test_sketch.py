"""`screwsolve sketch` as a whole command: the drawing is made in the worker, which starts as
its command does; the command's own process never imports sympy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ..whole_command import reporting_imports

ROOT = Path(__file__).resolve().parents[2]
PLATE = ROOT / "problems" / "plate-on-a-step.yaml"

COMMAND = reporting_imports(["sympy", "symengine", "screwsolve.mechanics.analysis"])


def _sketch(tmp_path: Path, method: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    figure = tmp_path / "plate.png"
    env = {
        "HOME": str(tmp_path),
        "PATH": "/usr/bin:/bin",
        "SCREWSOLVE_START_METHOD": method,
        "PYTHONPROFILEIMPORTTIME": "1",
    }
    command = [sys.executable, "-c", COMMAND, "sketch", str(PLATE), "-o", str(figure)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    return done, figure


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_the_command_process_leaves_sympy_to_the_drawing_worker(
    tmp_path: Path, method: str
) -> None:
    """The command read the figure's formats from the drawing module, which imported the
    solution's classes and with them sympy and symengine (0.3 s); spawned, the worker imported
    them again, and without its command's start-up also sympy's units (sketch of the plate
    under spawn 1.66 s, then 1.10 s)."""
    done, figure = _sketch(tmp_path, method)
    assert done.stderr.endswith("exit=0 heavy=[]"), done.stderr[-500:]
    assert figure.read_bytes().startswith(b"\x89PNG")
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    assert "sympy.physics.vector" in imported  # the worker's imports are among those listed
    assert "matplotlib.figure" in imported  # it drew
    assert "sympy.physics.units" not in imported  # it started as its command does


def test_the_drawing_worker_starts_with_what_drawing_imports(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The command hands its worker the drawing's modules to import first (with the collector
    off, then frozen out: 0.1 s of the plate's sketch under spawn)."""
    from typer.testing import CliRunner

    from screwsolve.cli import app
    from screwsolve.cli import sketch as command
    from screwsolve.runtime.startup import SKETCHING_MODULES

    asked: list[tuple[str, ...]] = []

    def limited(work, item, timeout, *, stages=False, imports=()):  # type: ignore[no-untyped-def]
        asked.append(imports)
        return work(item)

    monkeypatch.setattr(command, "_limited", limited)
    result = CliRunner().invoke(app, ["sketch", str(PLATE), "-o", str(tmp_path / "plate.svg")])
    assert result.exit_code == 0, result.output
    assert asked == [SKETCHING_MODULES]


def test_the_modules_a_drawing_worker_imports_first_are_all_it_needs(tmp_path: Path) -> None:
    """After them, drawing the plate imports no module of screwsolve's (only matplotlib's)."""
    script = (
        "import sys\n"
        "from screwsolve.runtime.startup import SKETCHING_MODULES, warm_imports\n"
        "warm_imports(SKETCHING_MODULES, lean=True)\n"
        "from screwsolve.files.loading import load_problem\n"
        "from screwsolve.jobs import SketchRequest, sketch_request\n"
        "before = set(sys.modules)\n"
        f"loaded = load_problem({str(PLATE)!r})\n"
        "drawing = sys.argv[1]\n"
        "result = sketch_request(SketchRequest(loaded, drawing, drawing))\n"
        "late = sorted(m for m in set(sys.modules) - before if m.startswith('screwsolve'))\n"
        "print(result.output.startswith('wrote'), late)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "plate.png")],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert done.stdout.strip() == "True []"
