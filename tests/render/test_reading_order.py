"""A solution renders to the same bytes whatever was solved before or in between: the reading
order of products (m g l cos(theta)) belongs to the solution's notation, not to the process."""

from __future__ import annotations

import io

from screwsolve.api import solution_to_print as solve  # what run prints
from screwsolve.console import text_console
from screwsolve.render import RENDERERS, RenderOptions
from screwsolve.symbolic.printing import text

from ..conftest import PROBLEMS

OTHERS = (
    "two-rods-torsion-springs",
    "rolling-sphere",
    "slider-on-rotating-arm",
    "heavy-top-body-speeds",
    "car-tyre-forces",
)


def _all_bytes(solution) -> list[str]:
    """The solution as run prints it in each format (the table at 100 columns, plain)."""
    options = RenderOptions(plain=True)
    buffer = io.StringIO()
    text_console(buffer, color=False, width=100).print(RENDERERS["table"](solution, options))
    return [
        RENDERERS["latex"](solution, options),
        RENDERERS["json"](solution, options),
        buffer.getvalue(),
    ]


def test_rendering_again_after_five_other_problems_gives_the_same_bytes() -> None:
    plate = solve(PROBLEMS / "plate-on-a-step.yaml")
    before = _all_bytes(plate)
    for name in OTHERS:
        _all_bytes(solve(PROBLEMS / f"{name}.yaml"))
    assert _all_bytes(plate) == before
    # the book's order, m g l cos(theta), in every output
    assert all("-m*g*l*cos(theta)" in out or r"m\,g\,l" in out for out in before)


def test_outside_a_rendering_no_problems_order_is_in_force() -> None:
    """Printing a value with no solution's notation gives sympy's own order, whatever was
    rendered before (a check report printed in the parent is never in a stale order)."""
    plate = solve(PROBLEMS / "plate-on-a-step.yaml")
    weight = next(a for a in plate.actions if a.name == "weight").coefficients["theta"]
    alone = text(weight)
    _all_bytes(plate)
    assert text(weight) == alone == "-g*l*m*cos(theta)"
