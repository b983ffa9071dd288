"""Constraints: rates eliminated by linear algebra on plain symbols, warnings for what is not."""

from __future__ import annotations

import pytest
import sympy

from screwsolve.errors import InputError

from ..conftest import PROBLEMS, same, solve_text

S = sympy.Symbol
POINT = """title: a point in a plane
referential: 0
parameters: {F: real, G: real, h: positive, c: real, v: real}
coordinates: [x, y]
frames: {0: {}}
points:
  O: {fixed_in: 0}
  P: {from: O, position: x*x0 + y*y0}
bodies: {1: {frame: 0, origin: P}}
actions: [{name: push, on: 1, at: P, force: F*x0 + G*y0}]
constraints:
"""


def analyse(*constraints: str):
    analysis = solve_text(POINT + "".join(f"  - {c}\n" for c in constraints))
    return analysis, analysis.constraints


def eliminated(analysis, result) -> dict[str, sympy.Expr]:
    return {q: analysis.static(v) for q, v in result.eliminated.items()}


def test_plate_contact_fixes_x_rate_by_hand() -> None:
    """x + h cot(theta) = c gives x' = h theta' / sin(theta)^2 (d cot = -theta'/sin^2)."""
    analysis = solve_text((PROBLEMS / "plate-on-a-step.yaml").read_text(encoding="utf-8"))
    theta, td, h = S("theta", real=True), S("theta'", real=True), S("h", positive=True)
    (value,) = eliminated(analysis, analysis.constraints).values()
    assert same(value, h * td / sympy.sin(theta) ** 2)
    assert analysis.constraints.kinds == ["holonomic"]


def test_time_dependent_constraint_uses_the_explicit_time_derivative() -> None:
    analysis, result = analyse("x = v*t + y**2")  # x' = v + 2 y y'
    y, yd, v = S("y", real=True), S("y'", real=True), S("v", real=True)
    assert same(eliminated(analysis, result)["x"], v + 2 * y * yd)
    # power under the constraint: F (v + 2 y y') + G y'
    f, g = S("F", real=True), S("G", real=True)
    assert same(analysis.static(result.power), f * (v + 2 * y * yd) + g * yd)


def test_a_constraint_fixing_every_rate_leaves_no_free_rate() -> None:
    analysis, result = analyse("x' = v", "y' = 2*v")
    v = S("v", real=True)
    assert result.kinds == ["kinematic", "kinematic"]
    assert same(eliminated(analysis, result)["x"], v)
    assert same(eliminated(analysis, result)["y"], 2 * v)


def test_a_repeated_constraint_is_solved_once() -> None:
    analysis, result = analyse("x + y = c", "2*x + 2*y = 2*c")
    yd = S("y'", real=True)
    assert list(result.eliminated) == ["x"]
    assert same(eliminated(analysis, result)["x"], -yd)
    assert not any("could not" in w for w in result.warnings)


def test_contradictory_constraints_are_refused_where_the_second_is_written() -> None:
    """x' = 0 and x' = v (v a parameter, nonzero at a generic point): no motion satisfies
    both, so the file does not load, and the error names the second constraint."""
    with pytest.raises(InputError) as info:
        analyse("x' = 0", "x' = v")
    (diagnostic,) = info.value.diagnostics
    assert "contradicts the ones before it" in diagnostic.message


def test_a_constraint_not_linear_in_the_rates_is_ignored_with_a_warning() -> None:
    _, result = analyse("x'**2 + y'**2 = v**2")
    assert any("is not linear in the rates; ignored" in w for w in result.warnings)
    assert result.eliminated == {}


def test_coulomb_friction_under_a_constraint_gives_no_false_warning() -> None:
    """A block on the line y = 0 with friction -mu N v/|v|: by hand, P under y' = 0 is
    F x' - mu N |x'| = x'(F - mu N sign(x')), whose x'-derivative F - mu N sign(x') is Q^x where
    y' = 0: no Remark 13.3.5 warning, and the derivative prints with sign()."""
    from screwsolve.solution.build import present

    analysis = solve_text(
        """
title: block on a rough plane
referential: 0
parameters: {N: positive, mu: positive, F: real}
coordinates: [x, y]
frames: {0: {}}
points: {O: {fixed_in: 0}, P: {from: O, position: x*x0 + y*y0}}
bodies: {block: {frame: 0, origin: P}}
actions:
  - {name: push, on: block, at: P, force: F*x0}
  - {name: friction, friction: {at: P, normal: N, coefficient: mu}}
constraints: [y = 0]
"""
    )
    constraints = analysis.constraints
    assert constraints.warnings == []
    x_rate = analysis.system.namespace.symbols.rate["x"]
    F, N, mu = (analysis.system.parameters[n] for n in ("F", "N", "mu"))
    expected = x_rate * (F - mu * N * sympy.sign(x_rate))
    assert same(analysis.static(constraints.power), expected)
    printed = present(analysis).constraints.power
    assert printed.has(sympy.sign) and not printed.has(sympy.Abs)


def test_the_rates_of_the_files_dependent_speeds_are_the_ones_eliminated() -> None:
    """x = 2 y with y' declared dependent: the section says y' = x'/2, as the file reads, not
    x' = 2 y' (the first rate in the coordinates' order, taken when nothing is declared)."""
    declared = POINT.replace(
        "coordinates: [x, y]\n",
        'coordinates: [x, y]\nspeeds: {u: "x\'", w: "y\'"}\ndependent_speeds: [w]\n',
    )
    analysis = solve_text(declared + "  - x = 2*y\n")
    xd = S("x'", real=True)
    assert eliminated(analysis, analysis.constraints) == {"y": xd / 2}
    undeclared, result = analyse("x = 2*y")
    assert same(eliminated(undeclared, result)["x"], 2 * S("y'", real=True))
