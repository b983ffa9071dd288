"""Tables: screws in {R ; M}_P notation, interaction pairs labelled, plain text when not a terminal."""

from __future__ import annotations

import io

from rich.console import Console

from screwsolve.api import solution_to_print as solve  # what run prints
from screwsolve.render.table import render_solution

from ..conftest import PROBLEMS


def _plain(renderable) -> str:
    buffer = io.StringIO()
    Console(file=buffer, color_system=None, width=160).print(renderable)
    return buffer.getvalue()


def test_interaction_rows_are_labelled() -> None:
    text = _plain(render_solution(solve(PROBLEMS / "slider-on-rotating-arm.yaml"), plain=True))
    assert "arm on slider (arm<->slider)" in text
    assert "{theta'*z0 ; r'*x1 + r*theta'*y1}_P" in text
    assert "\x1b[" not in text


def test_noncontributing_actions_are_named() -> None:
    text = _plain(render_solution(solve(PROBLEMS / "rolling-sphere.yaml"), plain=True))
    assert "weight of 1 [noncontributing]" in text
    assert "Remark 13.3.5" in text


def test_shared_subexpressions_are_defined_before_the_screws_that_use_them() -> None:
    from ..two_axis_chain import two_axis_chain_yaml

    text = _plain(render_solution(solve(two_axis_chain_yaml(4)), plain=True))
    assert text.index("Shared subexpressions") < text.index("Kinematic screws")
