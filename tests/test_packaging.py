"""What the wheel holds: the package, py.typed and the JSON Schemas (the same bytes as the
repository's schemas/, which problem files' modelines point at)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from importlib import resources
from pathlib import Path

import pytest

from .conftest import ROOT, source_tree

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

SCHEMAS = sorted(p.name for p in (ROOT / "schemas").glob("*.json"))


def test_the_packaged_schemas_are_the_published_ones() -> None:
    packaged = resources.files("screwsolve") / "schemas"
    assert SCHEMAS == ["check.schema.json", "problem.schema.json", "result.schema.json"]
    for name in SCHEMAS:
        assert (packaged / name).read_bytes() == (ROOT / "schemas" / name).read_bytes(), name


def test_the_wheel_ships_types_and_schemas(tmp_path: Path) -> None:
    source = source_tree(tmp_path / "source")
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(source)],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("screwsolve-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "screwsolve/py.typed" in names
    assert {f"screwsolve/schemas/{name}" for name in SCHEMAS} <= names
    assert not any(name.startswith(("tests/", "bench/")) for name in names)


def test_mypy_sees_the_types_of_an_editable_install(tmp_path: Path) -> None:
    """setuptools' default editable install is an import hook, which mypy cannot follow; the
    documented `--config-settings editable_mode=compat` puts the checkout on the path, and a
    user's script is then checked against screwsolve's own annotations (py.typed)."""
    source = source_tree(tmp_path / "source")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    python = venv / "bin" / "python"
    install = [str(python), "-m", "pip", "install", "-q", "--no-deps", "--config-settings"]
    done = subprocess.run(
        [*install, "editable_mode=compat", "-e", str(source)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    script = tmp_path / "user.py"
    script.write_text(
        'import screwsolve\n\nsolution = screwsolve.solve("p.yaml")\nwrong: int = solution\n',
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--python-executable", str(python), str(script)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert 'expression has type "Solution", variable has type "int"' in done.stdout, done.stdout
    assert "import-not-found" not in done.stdout
