"""JSON output: every expression as parseable text and LaTeX; the text parses back to the same value."""

from __future__ import annotations

from screwsolve.api import analyse, load
from screwsolve.model.grammar import parse_scalar
from screwsolve.render.json import solution_document
from screwsolve.solution.build import present
from screwsolve.symbolic.equivalence import equivalent

from ..conftest import PROBLEMS


def test_expression_text_parses_back() -> None:
    analysis = analyse(load(PROBLEMS / "rolling-sphere.yaml"))
    document = solution_document(present(analysis))
    for q, value in document["solution"]["power_coefficients"].items():
        parsed = parse_scalar(value["text"], analysis.system.namespace)
        assert equivalent(analysis.static(parsed), analysis.static(analysis.coefficients[q])).equal


def test_document_shape() -> None:
    document = solution_document(present(analyse(load(PROBLEMS / "slider-on-rotating-arm.yaml"))))
    solution = document["solution"]
    assert set(solution["interaction"]) == {"arm on slider"}
    assert solution["interaction"]["arm on slider"]["r"]["text"] == "F"
    assert solution["kinematic_screws"]["slider"]["at"] == "P"
