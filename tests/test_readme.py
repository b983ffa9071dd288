"""Every code block of the README is executed: the commands run, the Python runs, the YAML is a
problem that validates and checks (or the key fragment and the workflow step it says it is), and
the printed excerpt is what `screwsolve run` prints."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from .conftest import ROOT

BLOCKS = [
    (
        m.group(1),
        m.group(2),
        ROOT.joinpath("README.md").read_text("utf-8")[: m.start()].count("\n") + 1,
    )
    for m in re.finditer(r"```(\w*)\n(.*?)```", ROOT.joinpath("README.md").read_text("utf-8"), re.S)
]


def blocks(language: str) -> list[tuple[str, int]]:
    return [(body, line) for lang, body, line in BLOCKS if lang == language]


def test_every_block_is_covered_here() -> None:
    assert sorted({lang for lang, _, _ in BLOCKS}) == ["", "python", "sh", "toml", "yaml"]


def test_the_set_up_commands() -> None:
    """The first installs and runs the main job; the second is the test command .ci/run runs."""
    (run_block, _), (test_block, _) = blocks("sh")
    install, _, job = run_block.strip().rpartition(" && ")
    assert install == "python3 -m venv .venv && . .venv/bin/activate && pip install -e ."
    assert job.startswith("screwsolve run problems/")
    done = subprocess.run(job.split(), cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = test_block.strip().split(" && ")
    assert commands[:2] == ["python3 -m venv .venv", ". .venv/bin/activate"]
    assert commands[2] == 'pip install -e ".[test]"' and '-e ".[test]"' in ci
    assert commands[3] == "python -m pytest" and "python -m pytest" in ci


def test_the_python_block_runs() -> None:
    ((code, _),) = blocks("python")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_problem_file_block_validates_and_checks(tmp_path: Path) -> None:
    problem = next(body for body, _ in blocks("yaml") if body.startswith("title:"))
    path = tmp_path / "readme-plate.yaml"
    path.write_text(problem, encoding="utf-8")
    env = {**os.environ, "NO_COLOR": "1"}
    for command in (["validate", str(path)], ["run", str(path)]):
        done = subprocess.run(["screwsolve", *command], capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr


def test_the_grading_block_is_a_key_fragment(tmp_path: Path) -> None:
    fragment = next(body for body, _ in blocks("yaml") if body.startswith("grading:"))
    key = (ROOT / "examples" / "grading" / "key-plate.yaml").read_text(encoding="utf-8")
    key = key[: key.index("grading:")] + fragment
    path = tmp_path / "key.yaml"
    path.write_text(key, encoding="utf-8")
    done = subprocess.run(["screwsolve", "validate", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_workflow_block_uses_the_action() -> None:
    step = next(body for body, _ in blocks("yaml") if "actions/checkout" in body)
    steps = yaml.safe_load(step)
    assert steps[1]["uses"].endswith("@REF") and steps[1]["with"]["paths"] == "hw1\nhw2\n"
    assert set(steps[1]["with"]) <= set(yaml.safe_load((ROOT / "action.yml").read_text())["inputs"])


def test_the_pre_commit_block_names_the_published_hooks() -> None:
    config = next(yaml.safe_load(b) for b, _ in blocks("yaml") if b.startswith("repos:"))
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert [h["id"] for h in config["repos"][0]["hooks"]] == [h["id"] for h in hooks]


def test_the_settings_block_is_read_as_written(tmp_path: Path) -> None:
    from screwsolve.files.project_settings import ProjectSettings, project_settings

    ((table, _),) = blocks("toml")
    (tmp_path / "pyproject.toml").write_text(table, encoding="utf-8")
    assert project_settings(tmp_path) == ProjectSettings(("drafts/", "*.wip.yaml"), 7, 4, 120.0)


@pytest.mark.parametrize("index", range(len(blocks(""))))
def test_printed_excerpts_are_what_run_prints(index: int) -> None:
    excerpt, line = blocks("")[index]
    intro = ROOT.joinpath("README.md").read_text("utf-8").splitlines()[line - 3]
    command = re.search(r"`(screwsolve (?:run|validate) [^`]+)`", intro)
    assert command, f"README line {line}: name the command the excerpt comes from"
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    done = subprocess.run(command[1].split(), cwd=ROOT, capture_output=True, text=True, env=env)
    printed = set(done.stdout.splitlines()) | set(done.stderr.splitlines())
    missing = [row for row in excerpt.splitlines() if row.strip() and row not in printed]
    assert not missing, missing


def test_the_speeds_block_is_the_sleigh_as_shipped() -> None:
    """The README's Kane fragment says what problems/chaplygin-sleigh-friction.yaml says."""
    fragment = next(body for body, _ in blocks("yaml") if body.startswith("speeds:"))
    shipped = yaml.safe_load((ROOT / "problems" / "chaplygin-sleigh-friction.yaml").read_text())
    for key, value in yaml.safe_load(fragment).items():
        if key == "expected":
            forces = value["constrained_generalized_active_forces"]
            assert forces.items() <= shipped[key]["constrained_generalized_active_forces"].items()
        else:
            assert shipped[key] == value, key


def test_the_printed_speeds_block_is_the_rocket_car_as_shipped() -> None:
    """The README's speeds-as-printed fragment says what problems/rocket-car.yaml says."""
    fragment = [body for body, _ in blocks("yaml") if body.startswith("speeds:")][1]
    shipped = yaml.safe_load((ROOT / "problems" / "rocket-car.yaml").read_text())
    stated = yaml.safe_load(fragment)
    assert stated["speeds"] == shipped["speeds"]
    assert stated["constraints"] == shipped["constraints"][: len(stated["constraints"])]
    for kind, claims in stated["expected"].items():
        assert claims.items() <= shipped["expected"][kind].items(), kind
