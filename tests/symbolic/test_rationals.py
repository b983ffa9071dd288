"""symengine rationals as Python numbers: exact, and an int whenever the value is an integer."""

from __future__ import annotations

from fractions import Fraction

import symengine as se
from hypothesis import given
from hypothesis import strategies as st

from screwsolve.symbolic.rationals import engine_rational, ratio, rational_of

integers = st.integers(min_value=-(10**30), max_value=10**30)
nonzero = integers.filter(lambda value: value != 0)
fractions = st.builds(Fraction, integers, nonzero)


@given(integers, nonzero)
def test_a_symengine_rational_comes_back_exactly(numerator: int, denominator: int) -> None:
    value = rational_of(se.Rational(numerator, denominator))
    assert value == Fraction(numerator, denominator)
    assert isinstance(value, int) == (numerator % denominator == 0)


@given(st.one_of(integers, fractions), st.one_of(nonzero, fractions.filter(bool)))
def test_a_ratio_is_exact_and_an_int_when_whole(
    numerator: int | Fraction, denominator: int | Fraction
) -> None:
    value = ratio(numerator, denominator)
    exact = Fraction(numerator) / Fraction(denominator)
    assert value == exact
    assert isinstance(value, int) == (exact.denominator == 1)


@given(st.one_of(integers, fractions))
def test_engine_rational_round_trips(value: int | Fraction) -> None:
    assert rational_of(engine_rational(value)) == value
