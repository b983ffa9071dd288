"""Equivalence by probing: identities hold, near misses fail, assumptions are respected."""

from __future__ import annotations

import sympy

from screwsolve.symbolic.equivalence import equivalent

x = sympy.Symbol("x", real=True)
p = sympy.Symbol("p", positive=True)


def test_trig_identity_is_equal() -> None:
    assert equivalent(sympy.sin(x) ** 2 + sympy.cos(x) ** 2, sympy.Integer(1)).equal is True


def test_sign_error_is_caught_with_a_witness() -> None:
    verdict = equivalent(sympy.sin(x), -sympy.sin(x))
    assert verdict.equal is False
    assert "differs at" in verdict.detail


def test_small_difference_is_caught() -> None:
    assert equivalent(x, x + sympy.Rational(1, 10**6)).equal is False


def test_positive_assumption_is_respected() -> None:
    assert equivalent(sympy.sqrt(p**2), p).equal is True
    assert equivalent(sympy.sqrt(x**2), x).equal is False


def test_complex_values_compare_as_complex_numbers() -> None:
    assert equivalent(sympy.sqrt(x - 5), sympy.I * sympy.sqrt(5 - x)).equal is True


def test_singular_points_are_skipped() -> None:
    assert equivalent(sympy.cot(x), sympy.cos(x) / sympy.sin(x)).equal is True


def test_seed_makes_probing_deterministic() -> None:
    a = equivalent(x, -x, seed=1).detail
    assert a == equivalent(x, -x, seed=1).detail
