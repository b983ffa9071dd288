"""Power and power coefficients against the textbook, and laws that hold for every system."""

from __future__ import annotations

import sympy
from hypothesis import HealthCheck, given, settings

from screwsolve.mechanics.analysis import Analysis
from screwsolve.model.static import TIME

from ..conftest import same, solve_text
from ..strategies import problems

S = sympy.Symbol
theta, psi = S("theta", real=True), S("psi", real=True)
m, g, l, h, r = (S(n, positive=True) for n in ["m", "g", "l", "h", "r"])
F_A, N_Q, F_Q, F_u, F_v = (S(n, real=True) for n in ["F_A", "N_Q", "F_Q", "F_u", "F_v"])


def coefficients(analysis: Analysis, name: str | None = None) -> dict[str, sympy.Expr]:
    if name is None:
        return {q: analysis.static(v) for q, v in analysis.coefficients.items()}
    action = next(a for a in analysis.actions if a.action.name == name)
    return {q: analysis.static(v) for q, v in action.coefficients.items()}


def test_plate_power_coefficients_example_13_3_7(plate: Analysis) -> None:
    q = coefficients(plate)
    assert same(q["x"], F_A - N_Q * sympy.sin(theta) + F_Q * sympy.cos(theta))
    assert same(q["theta"], -m * g * l * sympy.cos(theta) + h * N_Q / sympy.sin(theta))
    assert same(q[TIME], 0)
    assert same(coefficients(plate, "step")["theta"], h * N_Q / sympy.sin(theta))


def test_plate_power_example_13_3_7(plate: Analysis) -> None:
    xd, td = S("x'", real=True), S("theta'", real=True)
    expected = (
        F_A * xd
        - m * g * l * td * sympy.cos(theta)
        + N_Q * (-xd * sympy.sin(theta) + h * td / sympy.sin(theta))
        + F_Q * xd * sympy.cos(theta)
    )
    assert same(plate.static(plate.power), expected)


def test_sphere_power_coefficients_example_13_3_8(sphere: Analysis) -> None:
    q = coefficients(sphere)
    assert same(q["x"], F_u * sympy.cos(psi) - F_v * sympy.sin(psi))
    assert same(q["y"], F_u * sympy.sin(psi) + F_v * sympy.cos(psi))
    assert same(q["psi"], 0)
    assert same(q["theta"], r * F_v)
    assert same(q["phi"], r * F_u * sympy.sin(theta))
    assert sphere.noncontributing == ["weight of 1"]


def test_sphere_power_vanishes_under_rolling(sphere: Analysis) -> None:
    constraints = sphere.constraints
    assert constraints.kinds == ["kinematic", "kinematic"]
    assert same(sphere.static(constraints.power), 0)
    assert any("Remark 13.3.5" in w for w in constraints.warnings)


def test_plate_normal_force_power_vanishes_under_contact(plate: Analysis) -> None:
    # Book: "the power of normal force N_Q y1 vanishes due to the constraint"
    constrained = plate.constraints
    xd, td = S("x'", real=True), S("theta'", real=True)
    step = plate.static(constrained.action_powers["step"])
    assert same(sympy.diff(step, N_Q), 0)
    assert same(step, F_Q * h * td * sympy.cos(theta) / sympy.sin(theta) ** 2)
    assert any("Q^theta" in w for w in constrained.warnings)
    assert xd not in plate.static(constrained.power).free_symbols


def test_notional_couple_has_zero_power_and_nonzero_coefficients() -> None:
    analysis = solve_text(
        """title: couple
referential: 0
parameters: {c: real}
coordinates: [q1, q2]
frames: {0: {}, a: {from: 0, rotate: [x, q1], axes: {x: u, y: v}}, 1: {from: a, rotate: [v, q2]}}
points: {A: {fixed_in: 0}}
bodies: {1: {frame: 1, origin: A}}
actions: [{name: couple, on: 1, at: A, moment: c*(q1'*v - q2'*u)}]
"""
    )
    c, q1d, q2d = S("c", real=True), S("q1'", real=True), S("q2'", real=True)
    assert same(analysis.static(analysis.power), 0)
    q = coefficients(analysis)
    assert same(q["q1"], -c * q2d)
    assert same(q["q2"], c * q1d)


PAIR = """title: pair
referential: 0
parameters: {F: real, N: real, C: real, a: positive}
coordinates: [p, q]
frames: {0: {}, 1: {from: 0, rotate: [z, p]}, 2: {from: 1, rotate: [x1, q]}}
points:
  O: {fixed_in: 0}
  A: {from: O, position: a*y1, body: one}
  B: {from: A, position: a*z2, body: two}
bodies: {one: {frame: 1, origin: O}, two: {frame: 2, origin: A}}
actions:
"""


def test_newtons_third_law_pair_equals_action_plus_explicit_reaction() -> None:
    implied = solve_text(
        PAIR + "  - {name: j, on: two, by: one, at: B, force: F*y2 + N*z1, moment: C*x1}\n"
    )
    explicit = solve_text(
        PAIR
        + "  - {name: j, on: two, at: B, force: F*y2 + N*z1, moment: C*x1}\n"
        + "  - {name: r, on: one, at: B, force: -(F*y2 + N*z1), moment: -C*x1}\n"
    )
    for q in ["p", "q", TIME]:
        assert same(
            implied.static(implied.coefficients[q]), explicit.static(explicit.coefficients[q])
        )
    assert same(implied.static(implied.power), explicit.static(explicit.power))
    # Remark 13.3.10: only the coordinates of the relative motion (q) carry interaction coefficients
    pair = implied.actions[0]
    assert pair.action.interaction
    assert same(implied.static(pair.coefficients["p"]), 0)
    assert same(implied.static(pair.coefficients[TIME]), 0)
    assert not same(implied.static(pair.coefficients["q"]), 0)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_power_is_the_sum_of_rates_times_coefficients(text: str) -> None:
    analysis = solve_text(text)
    rates = analysis.system.rates
    total = sum(
        (rates[q] * analysis.coefficients[q] for q in analysis.system.coordinates),
        analysis.coefficients[TIME],
    )
    assert same(analysis.static(analysis.power), analysis.static(total))
