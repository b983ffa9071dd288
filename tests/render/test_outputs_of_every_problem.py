"""Every shipped problem's output: LaTeX compiles with a stock pdflatex, JSON follows its schema."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import jsonschema
import pytest

from screwsolve.api import solve
from screwsolve.render.json import solution_document
from screwsolve.render.latex import render_solution
from screwsolve.solution.result import Solution

from ..conftest import PROBLEMS, ROOT

FILES = sorted(PROBLEMS.glob("*.yaml"))
OVERFULL_ALLOWED = 3


@pytest.fixture(scope="module")
def solutions() -> dict[str, Solution]:
    return {path.stem: solve(path, steps=True) for path in FILES}


def test_latex_of_every_problem_compiles(
    solutions: dict[str, Solution], tmp_path: Path, pdflatex: str
) -> None:
    for name, solution in solutions.items():
        source = tmp_path / f"{name}.tex"
        source.write_text(render_solution(solution, standalone=True), encoding="utf-8")
        done = subprocess.run(
            [pdflatex, "-interaction=nonstopmode", "-halt-on-error", source.name],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, f"{name}: {done.stdout[-2000:]}"
        log = (tmp_path / f"{name}.log").read_text(encoding="utf-8", errors="replace")
        assert log.count("Overfull") <= OVERFULL_ALLOWED, name


def test_json_of_every_problem_follows_the_published_schema(
    solutions: dict[str, Solution],
) -> None:
    schema = json.loads((ROOT / "schemas" / "result.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for name, solution in solutions.items():
        errors = list(validator.iter_errors(solution_document(solution)))
        assert not errors, f"{name}: {errors[0].message} at {list(errors[0].absolute_path)}"


def test_notebooks_see_latex(solutions: dict[str, Solution]) -> None:
    latex = solutions["plate-on-a-step"]._repr_latex_()
    assert latex.startswith("$$") and r"\begin{Bmatrix}" in latex
