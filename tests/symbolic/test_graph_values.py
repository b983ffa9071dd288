"""Values evaluated over their graph agree with symengine's own evaluation (the reference), are
complex where a root of a negative number is, undefined where a division by zero is; and a long
chain's sums, too large for symengine's tree walk, evaluate in time."""

from __future__ import annotations

import math

import symengine as se
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from screwsolve.symbolic.graph_values import evaluate

from .engine_expressions import a, b, c, expressions, k

POINT = {"a": "0.7312", "b": "-1.254", "c": "2.05", "k": "0.333"}
B = sympy.Float("-1.254", 30)


def _reference(expr: se.Basic) -> complex | None:
    values = {se.Symbol(n): se.RealMPFR(t, 100) for n, t in POINT.items()}
    number = expr.xreplace(values).evalf(100)
    if number.has(se.zoo, se.nan, se.oo, -se.oo):
        return None
    return complex(number)


@settings(max_examples=200, deadline=None)
@given(expressions)
def test_graph_evaluation_agrees_with_symengines(expr: se.Basic) -> None:
    expected = _reference(expr)
    got = evaluate(expr, POINT)
    if expected is None or abs(expected) > 1e100:
        return
    assert got is not None
    assert abs(got - expected) <= 1e-20 + 1e-25 * abs(expected), (expr, got, expected)


@given(
    st.sampled_from(
        [
            (se.sqrt(b), sympy.sqrt(B)),
            (se.log(b), sympy.log(B)),
            (
                se.asin(c),
                sympy.asin(sympy.Float("2.05", 30)),
            ),  # sympy's branch, as for small values
            (b ** se.Rational(1, 3), B ** sympy.Rational(1, 3)),  # the principal root
        ]
    )
)
def test_values_complex_at_the_point_are_complex(case: tuple[se.Basic, sympy.Expr]) -> None:
    expr, reference = case
    expected = complex(reference.evalf(30))
    got = evaluate(expr, POINT)
    assert got is not None and abs(got.imag) > 0.1 and abs(got - expected) < 1e-12


def test_undefined_is_none_and_constants_are_known() -> None:
    assert evaluate(k / (a - se.Rational(7312, 10000)), POINT) is None
    assert math.isclose(evaluate(se.pi * se.E, POINT).real, math.pi * math.e)


def test_a_value_far_larger_as_a_tree_than_as_a_graph() -> None:
    """x_{n+1} = x_n * (x_n + a): 60 levels share their subexpressions (a tree of 2^60 nodes)."""
    x = a
    for _ in range(60):
        x = x * (x + c) / (x + c + 1)
    got = evaluate(x - x * 1, POINT)
    assert got == 0 or got is not None
    value = evaluate(x, POINT)
    assert value is not None and value == value
