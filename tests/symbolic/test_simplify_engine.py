"""Bounded simplification on symengine values: never wrong, never larger, book forms."""

from __future__ import annotations

import pytest
import symengine as se
import sympy
from hypothesis import given, settings

from screwsolve.symbolic import graphs, simplify_engine
from screwsolve.symbolic.bridge import from_engine
from screwsolve.symbolic.equivalence import equivalent
from screwsolve.symbolic.graphs import tree_nodes
from screwsolve.symbolic.simplify_engine import (
    factored_only,
    fold_angle_sums,
    keep_content,
    simplest_engine,
    size,
)

from .engine_expressions import SYMBOLS, a, b, c, expressions, k, tree_size


def _sympy(expr: se.Basic) -> sympy.Expr:
    return from_engine(expr, SYMBOLS)


@settings(max_examples=150, deadline=None)
@given(expressions)
def test_the_simplest_form_is_equal_and_never_larger(expr: se.Basic) -> None:
    simplified = simplest_engine(expr)
    assert equivalent(_sympy(simplified), _sympy(expr)).equal is not False
    assert sympy.count_ops(_sympy(simplified)) <= sympy.count_ops(_sympy(expr))


@settings(max_examples=100, deadline=None)
@given(expressions)
def test_the_size_measure_follows_sympys_count_of_operations(expr: se.Basic) -> None:
    """The measure emulates sympy.count_ops (which would need a sympy tree); it may differ
    by a sign or two, never more."""
    assert abs(size(expr) - sympy.count_ops(_sympy(expr))) <= 2


@pytest.mark.parametrize(
    "value",
    [
        a - 2 * b,
        c / 2 - a * b,
        -c - a * b,
        a - se.Rational(3, 2) * b * c,
        c - a / b,
        -2 * c - b * se.sin(a),
        a / 2 - se.Rational(1, 3) * b / c,
    ],
    ids=str,
)
def test_negative_terms_count_as_sympy_counts_them(value: se.Basic) -> None:
    """A sum's negative term is a subtraction, not a negation (sized without negating it)."""
    assert size(value) == sympy.count_ops(_sympy(value))


@pytest.mark.parametrize(
    "value",
    [-se.sin(a), -se.sqrt(a), -(a**2), -b * se.sin(a), -2 * se.cos(a), -se.sin(a) / b, -1 / a],
    ids=str,
)
def test_a_negated_product_counts_its_one_factor_whole(value: se.Basic) -> None:
    """-sin(a) is a negation and a sine (2), as in a sum's negative term: the product's one
    factor is sized as itself, never as a product of its own arguments (it counted 1)."""
    assert size(value) == sympy.count_ops(_sympy(value))


def test_sums_of_squares_and_angle_sums_take_the_books_form() -> None:
    """Hand: sin^2 + cos^2 = 1; sin a cos b + cos a sin b = sin(a + b);
    cos a cos b - sin a sin b = cos(a + b)."""
    assert simplest_engine(k * se.sin(a) ** 2 + k * se.cos(a) ** 2) == k
    folded = fold_angle_sums(se.sin(a) * se.cos(b) + se.cos(a) * se.sin(b))
    assert folded == se.sin(a + b)
    assert fold_angle_sums(se.cos(a) * se.cos(b) - se.sin(a) * se.sin(b)) == se.cos(a + b)


def test_common_factors_come_out_of_a_sum() -> None:
    """Hand: k a/2 + k b/2 = k (a + b)/2."""
    factored = factored_only(k * a / 2 + k * b / 2)
    assert factored == k * (a + b) / 2


def test_a_numbers_content_stays_outside_its_sum() -> None:
    """sympy spreads 1/2 over a lone sum (x/2 + y/2); the book writes (x + y)/2, and a minus
    sign goes into a sum whose terms are mostly negative: -m (x - y - z) -> m (-x + y + z)."""
    x, y, z, m = sympy.symbols("x y z m", real=True)
    kept = keep_content(x / 2 + y / 2)
    assert isinstance(kept, sympy.Mul) and sympy.Add(x, y) in kept.args
    assert sympy.count_ops(kept) <= sympy.count_ops(x / 2 + y / 2)
    flipped = keep_content(sympy.Mul(-3, m, x - y - z))
    assert flipped.as_coeff_Mul()[0] == 3 and (y + z - x) in flipped.args


def test_results_remembered_between_values_stay_right_when_the_memos_are_emptied() -> None:
    """A new problem empties every memo (graphs.forget): results are the same, only slower."""
    value = k * se.sin(a) * se.cos(b) + k * se.cos(a) * se.sin(b) + k * a
    remembered = simplest_engine.__wrapped__(value)
    graphs.forget()
    assert simplest_engine.__wrapped__(value) == remembered
    assert tree_nodes(value) == tree_size(value)


def test_a_high_power_of_a_sum_is_not_expanded_wherever_it_sits() -> None:
    """(a + b)^7 multiplies out into 8 terms and (a + b + c + k)^7 into 120: such a value keeps
    its form, however deep the power sits, while the same value with a square is expanded."""
    deep = se.sin(k * (a + b) ** 7 + c) * k
    assert simplify_engine._explosive(deep)
    assert not simplify_engine._explosive(se.sin(k * (a + b) ** 2 + c) * k)
    assert not simplify_engine._explosive(k * a**9)


def test_a_minus_sign_goes_where_it_saves_an_operation_across_levels() -> None:
    """-k (cos(b) P - sin(b) Q) with P = cos(a) + sin(c), Q = cos(c) - a sin(a) has 14
    operations (by hand: the minus, 2 products and the difference, 2 for cos(b) and its
    product, 3 in P, 2 for sin(b) and its product, 4 in Q). Factoring bottom up writes
    -sin(b) Q as sin(b) (a sin(a) - cos(c)) before it meets the product around it, which then
    keeps its minus: 14 again. k (sin(b) Q - cos(b) P) has 13."""
    p = se.cos(a) + se.sin(c)
    q = se.cos(c) - a * se.sin(a)
    value = -k * (se.cos(b) * p - se.sin(b) * q)
    assert size(value) == 14
    simplified = simplest_engine(value)
    assert size(simplified) == 13
    assert simplified == k * (se.sin(b) * q - se.cos(b) * p)


def test_numbers_are_pulled_out_of_each_sum_only_where_that_is_smaller() -> None:
    """c/5 + a k/3 + b k/3 + (2a + 2b) sin(c)/2 (14 operations): pulling every sum's number
    gives (3c + 5ak + 5bk + 15(a + b) sin(c))/15 (13), pulling none leaves 14; choosing sum
    by sum writes c/5 + ak/3 + bk/3 + (a + b) sin(c) (11)."""
    value = c / 5 + a * k / 3 + b * k / 3 + (2 * a + 2 * b) * se.sin(c) / 2
    assert size(value) == 14
    assert size(simplify_engine.factored_engine(value, numbers=True)) == 13
    assert size(simplify_engine.factored_engine(value, numbers=False)) == 14
    each = simplify_engine.factored_engine(value, numbers=None)
    assert each == c / 5 + a * k / 3 + b * k / 3 + (a + b) * se.sin(c)
    assert size(each) == 11


def test_a_sum_with_a_bare_symbol_under_a_minus_sign_is_simplified() -> None:
    """-2 (a + b c): the minus pushed into the sum negates a bare symbol too (it once failed
    with an IndexError on a drag force's speed, `run` stopping on an ordinary problem)."""
    value = -2 * k * (a + b * c - se.sin(a) - se.cos(b))
    simplified = simplest_engine(value)
    assert equivalent(from_engine(simplified, SYMBOLS), from_engine(value, SYMBOLS)).equal
