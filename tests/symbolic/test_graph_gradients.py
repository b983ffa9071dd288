"""Gradients by reverse accumulation over a value's tape agree with symengine's symbolic
derivatives evaluated at the same point (the reference), for every symbol at once; several
values on one tape give each its own gradient; steps without a real derivative here are
refused, so that the caller differentiates symbolically."""

from __future__ import annotations

import decimal

import pytest
import symengine as se
from hypothesis import assume, given, settings

from screwsolve.symbolic.graph_gradients import combined_gradient_at, gradient_at, gradients_at
from screwsolve.symbolic.graph_values import UnevaluableError, evaluate, tape_of, tape_of_many

from .engine_expressions import NAMES, a, b, c, expressions, k

POINT = {"a": "0.7312", "b": "-1.254", "c": "2.05", "k": "0.333"}


def _reference(expr: se.Basic, name: str) -> complex | None:
    derivative = expr.diff(se.Symbol(name))
    return evaluate(derivative, POINT) if derivative != 0 else 0j


@settings(max_examples=200, deadline=None)
@given(expressions)
def test_gradient_agrees_with_symbolic_derivatives(expr: se.Basic) -> None:
    value = evaluate(expr, POINT)
    assume(value is not None and abs(value.imag) < 1e-30 and abs(value) < 1e50)
    try:
        gradient = gradient_at(tape_of(expr), POINT)
    except UnevaluableError:
        return  # a derivative outside the reals here: the caller's symbolic route
    assume(gradient is not None)
    assert gradient is not None
    for name in NAMES:
        expected = _reference(expr, name)
        assume(expected is not None)
        assert expected is not None
        got = complex(float(gradient.get(name, decimal.Decimal(0))))
        assert abs(got - expected) <= 1e-18 * max(1.0, abs(expected)), (expr, name)


def test_known_gradient() -> None:
    """d/da (a^3 sin(a b) + exp(c)/k) = 3a^2 sin(ab) + a^3 b cos(ab), d/dk = -exp(c)/k^2."""
    expr = a**3 * se.sin(a * b) + se.exp(c) / k
    gradient = gradient_at(tape_of(expr), POINT)
    assert gradient is not None
    x, y, z, w = 0.7312, -1.254, 2.05, 0.333
    import math

    by_a = 3 * x**2 * math.sin(x * y) + x**3 * y * math.cos(x * y)
    assert abs(float(gradient["a"]) - by_a) < 1e-12
    assert abs(float(gradient["k"]) + math.exp(z) / w**2) < 1e-12


def test_values_on_one_tape_each_get_their_own_gradient() -> None:
    first, second = se.sin(a) * b, se.sin(a) + b**2  # sharing sin(a)
    tape, roots = tape_of_many([first, second])
    gradients = gradients_at(tape, roots, POINT)
    assert gradients is not None
    for expr, gradient in zip([first, second], gradients, strict=True):
        assert gradient == gradient_at(tape_of(expr), POINT)


def test_one_pass_gives_a_weighted_sum_of_gradients_by_hand() -> None:
    """2 (a b) + 3 sin(a): d/da = 2 b + 3 cos(a), d/db = 2 a, in one reverse pass."""
    import math

    tape, roots = tape_of_many([a * b, se.sin(a)])
    weights = [decimal.Decimal(2), decimal.Decimal(3)]
    gradient = combined_gradient_at(tape, roots, weights, POINT)
    assert gradient is not None
    x, y = 0.7312, -1.254
    assert abs(float(gradient["a"]) - (2 * y + 3 * math.cos(x))) < 1e-12
    assert abs(float(gradient["b"]) - 2 * x) < 1e-12


@settings(max_examples=100, deadline=None)
@given(expressions, expressions)
def test_one_pass_gives_the_weighted_sum_of_each_values_gradient(
    first: se.Basic, second: se.Basic
) -> None:
    """Reverse accumulation is linear in the seeds: seeding two values' steps with weights
    gives the weighted sum of their gradients (shared steps counted once per value)."""
    tape, roots = tape_of_many([first, second])
    weights = [decimal.Decimal("1.375"), decimal.Decimal("-0.625")]
    try:
        each = gradients_at(tape, roots, POINT)
        together = combined_gradient_at(tape, roots, weights, POINT)
    except UnevaluableError:
        return
    assume(each is not None and together is not None)
    assert each is not None and together is not None
    for name in NAMES:
        expected = sum(
            (w * g.get(name, decimal.Decimal(0)) for w, g in zip(weights, each, strict=True)),
            decimal.Decimal(0),
        )
        got = together.get(name, decimal.Decimal(0))
        assume(abs(expected) < 1e50)
        assert abs(float(got - expected)) <= 1e-18 * max(1.0, abs(float(expected))), name


def test_undefined_and_unsupported_steps() -> None:
    pole = 1 / (b + se.Rational(1254, 1000))  # b = -1.254 at the point
    assert gradient_at(tape_of(pole), POINT) is None
    with pytest.raises(UnevaluableError):
        gradient_at(tape_of(se.atan2(a, b)), POINT)  # no reverse rule for two arguments
    with pytest.raises(UnevaluableError):
        gradient_at(tape_of(se.sqrt(b)), POINT)  # b < 0: a complex slope
