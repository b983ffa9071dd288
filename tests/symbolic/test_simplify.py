"""simplest: never larger, equal by probing, and the rewrites a textbook reader expects."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from screwsolve.symbolic.simplify import simplest

from ..conftest import same

a, b, c, r = sympy.symbols("a b c r", real=True)
TERMS = [sympy.sin(a), sympy.cos(a), sympy.sin(b), sympy.cos(b), r, sympy.Integer(2)]


def test_pythagorean_identity_cancels() -> None:
    assert simplest(r * sympy.sin(a) ** 2 + r * sympy.cos(a) ** 2) == r


def test_products_of_a_frame_chain_fold_into_angle_sums() -> None:
    expr = (sympy.cos(a) * sympy.cos(b) - sympy.sin(a) * sympy.sin(b)) * sympy.cos(c) - (
        sympy.sin(a) * sympy.cos(b) + sympy.sin(b) * sympy.cos(a)
    ) * sympy.sin(c)
    assert simplest(expr) == sympy.cos(a + b + c)


def test_even_powers_cancel_through_the_pythagorean_forms() -> None:
    # sin^4 - cos^4 = (sin^2 - cos^2)(sin^2 + cos^2) = 1 - 2 cos^2 (or 2 sin^2 - 1)
    expr = sympy.sin(a) ** 4 - sympy.cos(a) ** 4
    result = simplest(expr)
    assert same(result, 1 - 2 * sympy.cos(a) ** 2)
    assert sympy.count_ops(result) < sympy.count_ops(expr)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TERMS), st.sampled_from(TERMS), st.integers(-3, 3))))
def test_tidy_is_equal_and_never_larger(terms: list[tuple[sympy.Expr, sympy.Expr, int]]) -> None:
    expr = sympy.Add(*(k * x * y for x, y, k in terms))
    result = simplest(expr)
    assert same(result, expr)
    assert sympy.count_ops(result) <= sympy.count_ops(expr)


def test_a_fraction_met_twice_is_cancelled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The snakeboard's warnings, constrained forces and reductions meet the same fractions."""
    from screwsolve.symbolic.simplify import simplest_ratio

    cancelled: list[sympy.Expr] = []
    real_cancel = sympy.cancel

    def counted(expr: sympy.Expr) -> sympy.Expr:
        cancelled.append(expr)
        return real_cancel(expr)

    monkeypatch.setattr(sympy, "cancel", counted)
    h = sympy.Symbol("h_twice", positive=True)
    fraction = h / sympy.tan(a) / (1 + 1 / sympy.tan(a) ** 2)
    first = simplest_ratio(fraction)
    assert simplest_ratio(fraction) == first
    assert len(cancelled) == 1
    assert same(first, fraction)
