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


def _wide(constraints: list[str], rates: int) -> str:
    names = [f"q{i}" for i in range(rates)]
    position = " + ".join(f"{n}*xN" for n in names)
    return (
        "title: many rates\nreferential: N\nparameters: {c: positive}\n"
        f"coordinates: [{', '.join(names)}]\nframes: {{N: {{}}}}\n"
        f"points: {{O: {{fixed_in: N}}, P: {{from: O, position: {position}}}}}\n"
        "bodies: {b: {frame: N, origin: P}}\nconstraints:\n"
        + "".join(f'  - "{c}"\n' for c in constraints)
    )


@pytest.mark.parametrize(("value", "refused"), [("3*c", False), ("3*c + 1", True)])
def test_a_combination_of_many_wide_rows_is_decided_by_its_value(value: str, refused: bool) -> None:
    """Row i: q_i' + (i+2) q_{i+1}' = c (i < 20). Rows 0, 5 and 9 summed have the rates of
    the last row and the value 3c: with 3c it repeats them, with 3c + 1 no motion meets all."""
    rows = [f"q{i}' + {i + 2}*q{i + 1}' = c" for i in range(20)]
    combined = f"q0' + 2*q1' + q5' + 7*q6' + q9' + 11*q10' = {value}"
    text = _wide([*rows, combined], 40)
    if not refused:
        assert len(solve_text(text).system.constraints) == 21
        return
    with pytest.raises(InputError) as info:
        solve_text(text)
    (diagnostic,) = info.value.diagnostics
    assert diagnostic.line == 9 + 20  # the 21st constraint, after the 8 lines before the list
    assert "contradicts the ones before it" in diagnostic.message
