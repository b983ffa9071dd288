"""The documentation: the README and the site in docs/. Every code block is executed or matched:
the commands run, the Python runs, the YAML is a problem that validates and checks (or the key
fragment, the workflow step, the speeds fragment it says it is), and each printed excerpt is what
the command named above it prints. The site builds with `mkdocs build --strict` (a warning, a
broken link or a page left out of nav fails), and its generated reference is up to date."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from .conftest import ROOT

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _blocks_of(path: Path) -> list[tuple[str, str, Path, int]]:
    text = path.read_text("utf-8")
    return [
        (m.group(1), m.group(2), path, text[: m.start()].count("\n") + 1)
        for m in re.finditer(r"```(\w*)\n(.*?)```", text, re.S)
    ]


BLOCKS = [block for path in DOCUMENTS for block in _blocks_of(path)]


def blocks(language: str, path: Path | None = None) -> list[tuple[str, int]]:
    """(body, line) of every block in this language, in one document or in all of them."""
    return [
        (body, line)
        for lang, body, where, line in BLOCKS
        if lang == language and (path is None or where == path)
    ]


def located(language: str) -> list[tuple[str, Path, int]]:
    return [(body, where, line) for lang, body, where, line in BLOCKS if lang == language]


def test_every_block_is_covered_here() -> None:
    assert sorted({lang for lang, _, _, _ in BLOCKS}) == ["", "python", "sh", "toml", "yaml"]


def test_the_set_up_commands() -> None:
    """The README's first command installs and runs the main job; the second is the test command
    .ci/run runs; the site shows only these."""
    (run_block, _), (test_block, _) = blocks("sh", ROOT / "README.md")
    assert {body for body, _ in blocks("sh")} <= {run_block, test_block}
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


@pytest.mark.parametrize("index", range(len(blocks("python"))))
def test_the_python_blocks_run(index: int) -> None:
    code, _ = blocks("python")[index]
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


PROBLEMS = [body for body, _ in blocks("yaml") if body.startswith("title:")]


@pytest.mark.parametrize("index", range(len(PROBLEMS)))
def test_the_problem_file_blocks_validate_run_and_check(index: int, tmp_path: Path) -> None:
    path = tmp_path / "documented.yaml"
    path.write_text(PROBLEMS[index], encoding="utf-8")
    env = {**os.environ, "NO_COLOR": "1"}
    commands = [["validate", str(path)], ["run", str(path)]]
    if "expected:" in PROBLEMS[index]:
        commands.append(["check", "--no-cache", str(path)])
    for command in commands:
        done = subprocess.run(["screwsolve", *command], capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr


def test_the_relative_kinematics_example_is_the_shipped_one() -> None:
    shipped = (ROOT / "examples" / "relative" / "slider-relative.yaml").read_text("utf-8")
    blocks_here = [b for b, _ in blocks("yaml", ROOT / "docs" / "problem-file.md")]
    assert any(b.startswith("title: Slider on a turning arm") and b in shipped for b in blocks_here)


def test_the_first_problem_is_the_shipped_one() -> None:
    """README's and the site's first example is examples/first/pendulum.yaml, as shipped."""
    shipped = (ROOT / "examples" / "first" / "pendulum.yaml").read_text(encoding="utf-8")
    for document in (ROOT / "README.md", ROOT / "docs" / "index.md"):
        ((first, _), *_) = [(b, n) for b, n in blocks("yaml", document)]
        assert first.strip() in shipped, document.name


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


@pytest.mark.parametrize("index", range(len(located(""))))
def test_printed_excerpts_are_what_run_prints(index: int) -> None:
    excerpt, where, line = located("")[index]
    intro = where.read_text("utf-8").splitlines()[line - 3]
    command = re.search(r"`(screwsolve (?:run|validate) [^`]+)`", intro)
    assert command, f"{where.name} line {line}: name the command the excerpt comes from"
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


def test_the_potential_fragment_is_the_tests_example() -> None:
    """The problem page's load-given-as-a-screw fragment is tests/mechanics/test_conservative.py's."""
    fragment = next(body for body, _ in blocks("yaml") if body.startswith("actions:"))
    stated = yaml.safe_load(fragment)
    source = (ROOT / "tests" / "mechanics" / "test_conservative.py").read_text(encoding="utf-8")
    assert stated["actions"][0]["force"] in source
    assert stated["expected"]["potential_energy"]["load"] in source


def test_every_yaml_block_is_one_of_the_kinds_tested_here() -> None:
    starts = ("title:", "grading:", "- uses:", "repos:", "speeds:", "actions:")
    assert all(body.startswith(starts) for body, _ in blocks("yaml"))


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    """mkdocs build --strict: a warning (a broken link or anchor, a page left out of nav, an API
    object mkdocstrings cannot find) fails the build."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "NO_COLOR": "1"}
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    for name in ("screwsolve.api.solve", "screwsolve.api.to_mechanics", "MechanicsModel"):
        assert name in api, name
    assert not (ROOT / "site").exists()


def test_the_reference_page_is_generated_from_the_schema_and_the_quantities() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "docs_reference.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    page = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    from screwsolve.quantities import QUANTITIES

    assert all(f"| `{key}` |" in page for key in QUANTITIES)


def test_a_newcomer_meets_a_first_example_on_the_first_screen() -> None:
    """Within the first 60 lines of the README and of the site's first page: a problem file."""
    for document in (ROOT / "README.md", ROOT / "docs" / "index.md"):
        first_screen = "\n".join(document.read_text(encoding="utf-8").splitlines()[:60])
        assert "```yaml\ntitle:" in first_screen, document.name
