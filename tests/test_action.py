"""The GitHub Action's shell steps, run as the runner runs them (bash, inputs in the
environment) with stand-ins for python and screwsolve that record their arguments: paths one per
line or on one line, hostile names that stay names, nothing an input holds ever executed."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
STEPS = {step.get("name", ""): step for step in ACTION["runs"]["steps"]}
RECORDER = """#!/bin/sh
for argument in "$@"; do printf '%s\\0' "$argument"; done >> "$RECORD"
printf '\\n' >> "$RECORD"
"""


def _run(step: str, inputs: dict[str, str], tmp_path: Path) -> tuple[list[list[str]], Path]:
    """Run one step's script; the commands it ran (each as its argument list), and where."""
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir(exist_ok=True)
    for name in ("python", "screwsolve"):
        stand_in = bin_folder / name
        stand_in.write_text(RECORDER, encoding="utf-8")
        stand_in.chmod(0o755)
    record = tmp_path / "record"
    record.write_text("", encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    definition = STEPS[step]
    env = {
        "PATH": f"{bin_folder}{os.pathsep}{os.environ['PATH']}",
        "RECORD": str(record),
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_JOB": "check",
        "GITHUB_RUN_ATTEMPT": "1",
        "RUNNER_OS": "Linux",
    }
    for variable, expression in definition.get("env", {}).items():
        source = expression.removeprefix("${{ ").removesuffix(" }}")
        env[variable] = inputs.get(source, "")
    subprocess.run(["bash", "-e", "-c", definition["run"]], cwd=work, env=env, check=True)
    lines = record.read_text(encoding="utf-8").splitlines()
    return [line.split("\0")[:-1] for line in lines if line], work


def test_inputs_never_reach_a_script_as_text() -> None:
    for step in ACTION["runs"]["steps"]:
        assert "${{" not in step.get("run", ""), step.get("name")


@pytest.mark.parametrize(
    ("paths", "expected"),
    [
        ("problems", ["problems"]),
        ("hw1 hw2/*.yaml", ["hw1", "hw2/*.yaml"]),  # no glob: the shell leaves names alone
        ("hw 1/a b.yaml\n$(touch pwned)\n-rf\n\n", ["hw 1/a b.yaml", "$(touch pwned)", "-rf"]),
        ("`touch pwned`; rm -rf ~", ["`touch", "pwned`;", "rm", "-rf", "~"]),
    ],
)
def test_check_passes_paths_as_they_were_given(
    paths: str, expected: list[str], tmp_path: Path
) -> None:
    calls, work = _run("Check", {"inputs.paths": paths, "inputs.junit-file": "j.xml"}, tmp_path)
    assert calls == [["check", "--junit", "j.xml", "--", *expected]]
    assert not (work / "pwned").exists()


def test_install_takes_the_actions_revision_or_a_requirement(tmp_path: Path) -> None:
    own, _ = _run("Install screwsolve", {"github.action_path": "/actions/screwsolve"}, tmp_path)
    assert own == [["-m", "pip", "install", "--quiet", "--", "/actions/screwsolve"]]
    hostile = "screwsolve==1.4; touch pwned"
    chosen, work = _run("Install screwsolve", {"inputs.install": hostile}, tmp_path)
    assert chosen[-1] == ["-m", "pip", "install", "--quiet", "--", hostile]
    assert not (work / "pwned").exists()


def _outputs(tmp_path: Path) -> dict[str, str]:
    lines = (tmp_path / "output").read_text(encoding="utf-8").splitlines()
    return dict(line.split("=", 1) for line in lines)


def test_artifact_names_are_unique_and_one_line(tmp_path: Path) -> None:
    names = []
    for _ in range(2):  # two jobs of one matrix: the same job name and inputs
        (tmp_path / "output").unlink(missing_ok=True)
        _run("Name this job's artifact and cache", {"inputs.paths": "hw1"}, tmp_path)
        names.append(_outputs(tmp_path)["artifact"])
    assert names[0] != names[1] and all(n.startswith("screwsolve-junit-check-") for n in names)
    (tmp_path / "output").unlink()
    _run(
        "Name this job's artifact and cache", {"inputs.artifact-name": "mine\nentry=evil"}, tmp_path
    )
    outputs = _outputs(tmp_path)
    assert outputs["artifact"] == "mineentry=evil" and outputs["entry"] != "evil"
