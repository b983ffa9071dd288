"""Every shipped problem's output: LaTeX compiles with a stock pdflatex, JSON follows its schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from screwsolve.api import solve
from screwsolve.render.json import solution_document
from screwsolve.render.latex import render_solution
from screwsolve.solution.result import Solution

from ..conftest import PROBLEMS, ROOT
from .compiled import compile_latex, overfull

FILES = sorted(PROBLEMS.glob("*.yaml"))
# An overfull box narrower than this is invisible on the page (TeX reports fractions of a point).
OVERFULL_POINTS = 1.0


@pytest.fixture(scope="module")
def solutions() -> dict[str, Solution]:
    return {path.stem: solve(path, steps=True) for path in FILES}


@pytest.mark.slow  # compiles every problem's LaTeX: 20 s of the fast tier
def test_latex_of_every_problem_compiles_within_the_page(
    solutions: dict[str, Solution], tmp_path: Path, pdflatex: str
) -> None:
    """With and without the worked solution: no box wider than the text by 1 pt or more."""
    for name, with_steps in solutions.items():
        for variant, solution in (("", solve(PROBLEMS / f"{name}.yaml")), ("-steps", with_steps)):
            source = tmp_path / f"{name}{variant}.tex"
            source.write_text(render_solution(solution, standalone=True), encoding="utf-8")
            too_wide = [w for w in compile_latex(source, pdflatex) if w >= OVERFULL_POINTS]
            assert not too_wide, f"{source.name}: overfull boxes of {too_wide} pt"


def test_the_overfull_box_parser_reads_pdflatex_logs() -> None:
    log = "Overfull \\hbox (209.8189pt too wide) detected at line 28\nOverfull \\vbox (0.5pt too high)"
    assert overfull(log) == [209.8189, 0.5]


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
