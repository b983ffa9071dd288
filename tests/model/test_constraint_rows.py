"""Constraints checked against each other at load time: a contradiction is a located error,
a repetition (as a source lists every wheel's conditions) is not."""

from __future__ import annotations

import pytest

from screwsolve.errors import InputError

from ..conftest import solve_text

SLIDER = """title: a point in a plane
referential: N
parameters: {F: real, c: positive}
coordinates: [x, y]
functions: [s]
frames: {N: {}}
points: {O: {fixed_in: N}, P: {from: O, position: x*xN + y*yN}}
bodies: {b: {frame: N, origin: P}}
actions: [{name: push, on: b, at: P, force: F*xN}]
constraints:
"""


@pytest.mark.parametrize(
    ("constraints", "line"),
    [
        (["x' = y'", "x' = y' + 1"], 12),
        (["x' = c", "2*x' = 3*c"], 12),
        (["x = s", "x' = s' + c"], 12),  # the first's derivative says x' = s'
        (["x' + y' = 0", "x' = 1", "y' = c"], 13),
    ],
)
def test_a_contradiction_is_refused_at_its_constraint(constraints: list[str], line: int) -> None:
    text = SLIDER + "".join(f'  - "{c}"\n' for c in constraints)
    with pytest.raises(InputError) as info:
        solve_text(text)
    (diagnostic,) = info.value.diagnostics
    assert diagnostic.line == line
    assert "contradicts the ones before it" in diagnostic.message


@pytest.mark.parametrize(
    "constraints",
    [
        ["x' = y'", "2*x' = 2*y'"],  # a repetition
        ["x' = c", "x' + y' = c"],  # independent, with values
        ["x = s", "x' = s'"],  # the second is the first's derivative
    ],
)
def test_repeated_or_independent_constraints_load(constraints: list[str]) -> None:
    text = SLIDER + "".join(f'  - "{c}"\n' for c in constraints)
    assert solve_text(text).system.constraints


@pytest.mark.parametrize(
    ("constraints", "line"),
    [
        (["x = c", "x = c + F"], 12),  # two walls: the rates agree, the places differ by F
        (["x = c", "y = 2*x", "2*x = 2*c + F"], 13),
        (["x + y = s", "2*x + 2*y = 2*s + c"], 12),  # a prescribed motion, shifted
    ],
)
def test_parallel_holonomic_constraints_are_refused(constraints: list[str], line: int) -> None:
    """Holonomic constraints whose rates repeat each other passed (only their derivatives
    were compared) and were then "solved"; they fix one combination of coordinates to two
    values, so no configuration satisfies both."""
    text = SLIDER + "".join(f'  - "{c}"\n' for c in constraints)
    with pytest.raises(InputError) as info:
        solve_text(text)
    (diagnostic,) = info.value.diagnostics
    assert diagnostic.line == line
    assert "contradicts an earlier one" in diagnostic.message


@pytest.mark.parametrize(
    "constraints",
    [["x = c", "2*x = 2*c"], ["x = s", "3*x = 3*s"], ["x = c", "y = c"], ["x = c*y", "x = c"]],
)
def test_repeated_or_independent_holonomic_constraints_pass(constraints: list[str]) -> None:
    text = SLIDER + "".join(f'  - "{c}"\n' for c in constraints)
    assert solve_text(text).system.constraints
