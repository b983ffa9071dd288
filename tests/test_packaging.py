"""What the wheel holds: the package, py.typed and the JSON Schemas (the same bytes as the
repository's schemas/, which problem files' modelines point at)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = sorted(p.name for p in (ROOT / "schemas").glob("*.json"))


def test_the_packaged_schemas_are_the_published_ones() -> None:
    packaged = resources.files("screwsolve") / "schemas"
    assert SCHEMAS == ["check.schema.json", "problem.schema.json", "result.schema.json"]
    for name in SCHEMAS:
        assert (packaged / name).read_bytes() == (ROOT / "schemas" / name).read_bytes(), name


def test_the_wheel_ships_types_and_schemas(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("screwsolve-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "screwsolve/py.typed" in names
    assert {f"screwsolve/schemas/{name}" for name in SCHEMAS} <= names
    assert not any(name.startswith(("tests/", "bench/")) for name in names)
