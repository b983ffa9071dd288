"""The published schemas, checked as a course's CI would check files against them: with
check-jsonschema (the tool pre-commit users reach for), on every shipped problem and key and on
what `run` and `check` write as JSON."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

SCHEMAS = ROOT / "schemas"


def _check_jsonschema(*arguments: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "check_jsonschema", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_the_schemas_are_valid_schemas() -> None:
    schemas = [str(p) for p in sorted(SCHEMAS.glob("*.schema.json"))]
    assert len(schemas) == 3
    done = _check_jsonschema("--check-metaschema", *schemas)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_shipped_problem_and_key_follows_the_problem_schema() -> None:
    files = sorted(ROOT.glob("problems/*.yaml")) + sorted(ROOT.glob("examples/**/key-*.yaml"))
    files += [ROOT / "examples" / "first" / "pendulum.yaml"]
    assert len(files) > 20
    schema = str(SCHEMAS / "problem.schema.json")
    done = _check_jsonschema("--schemafile", schema, *map(str, files))
    assert done.returncode == 0, done.stdout + done.stderr


def test_run_and_check_json_follow_their_schemas(tmp_path: Path) -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    outputs: list[tuple[Path, str]] = []
    for problem in ("plate-on-a-step", "chaplygin-sleigh-friction"):
        out = tmp_path / f"{problem}.json"
        path = str(ROOT / "problems" / f"{problem}.yaml")
        command = ["screwsolve", "run", path, "--format", "json", "--output", str(out)]
        done = subprocess.run(command, capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        outputs.append((out, "result.schema.json"))
    broken = tmp_path / "broken.yaml"
    broken.write_text("title: x\nreferential: 0\nframes: {0: {}}\nbogus: 1\n", encoding="utf-8")
    error = tmp_path / "error.json"
    command = ["screwsolve", "run", str(broken), "--format", "json", "--output", str(error)]
    subprocess.run(command, capture_output=True, text=True, env=env)
    outputs.append((error, "result.schema.json"))
    report = tmp_path / "check.json"
    command = ["screwsolve", "check", "--no-cache", "--format", "json", str(ROOT / "examples")]
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    report.write_text(done.stdout, encoding="utf-8")
    outputs.append((report, "check.schema.json"))
    for path, schema in outputs:
        assert path.stat().st_size > 0, path.name
        done = _check_jsonschema("--schemafile", str(SCHEMAS / schema), str(path))
        assert done.returncode == 0, (path.name, done.stdout + done.stderr)
