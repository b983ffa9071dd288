"""Force laws: the sign of the slip carried exactly, the factor of the slip velocity, integrals."""

from __future__ import annotations

import sympy

from screwsolve.model.laws import Law, slip_speed_symbol

v = slip_speed_symbol()
x = sympy.Symbol("x'", real=True)
c, mu, N, k3 = sympy.symbols("c mu N k3", positive=True)


def test_odd_terms_of_a_polynomial_law_carry_the_sign_of_the_slip_exactly() -> None:
    """c v opposing x' is c x' (|x'| sign(x') = x'); mu N stays mu N sign(x'); k3 v^2 keeps
    the sign: k3 x'^2 sign(x')."""
    assert Law(c * v, v).opposing(x) == c * x
    assert Law(mu * N, v).opposing(x) == mu * N * sympy.sign(x)
    assert sympy.simplify(Law(k3 * v**2, v).opposing(x) - k3 * x**2 * sympy.sign(x)) == 0


def test_a_law_that_is_no_polynomial_is_taken_at_the_speed() -> None:
    law = Law(mu * N * sympy.tanh(v / c), v)
    assert law.opposing(x) == mu * N * sympy.tanh(sympy.Abs(x) / c) * sympy.sign(x)
    speed = sympy.Symbol("w", positive=True)
    assert law.per_speed(speed) == mu * N * sympy.tanh(speed / c) / speed


def test_the_factor_of_the_slip_velocity_divides_out_polynomial_terms() -> None:
    speed = sympy.Symbol("w", positive=True)
    assert Law(c * v, v).per_speed(speed) == c
    assert Law(mu * N + c * v, v).per_speed(speed) == mu * N / speed + c


def test_the_integral_is_taken_from_zero_to_the_value() -> None:
    s = sympy.Symbol("s", real=True)
    L = sympy.Symbol("L", positive=True)
    assert sympy.expand(Law(c * s + k3 * s**3, s).integral(L) - (c * L**2 / 2 + k3 * L**4 / 4)) == 0
