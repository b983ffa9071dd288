"""symengine's rational numbers as Python numbers, for coefficient arithmetic done in Python.

An integer (nearly every coefficient of a chain) comes back as an `int`, anything else as a
`Fraction`: int arithmetic is many times faster than Fraction's, and the two compare, hash and
expose `numerator`/`denominator` alike. The 8-link chain's simplification and printing made
about 130 000 Fractions; most were 1 or an integer exponent.
"""

from __future__ import annotations

from fractions import Fraction

import symengine as se

Rational = int | Fraction


def rational_of(number: se.Basic) -> Rational:
    """A symengine Integer or Rational as an int or a Fraction (never through its text)."""
    if number.is_Integer:
        return int(number)
    numerator, denominator = number.get_num_den()
    return Fraction(int(numerator), int(denominator))


def ratio(numerator: Rational, denominator: Rational) -> Rational:
    """numerator / denominator exactly, an int whenever the quotient is one."""
    if isinstance(numerator, int) and isinstance(denominator, int):
        quotient, remainder = divmod(numerator, denominator)
        return quotient if remainder == 0 else Fraction(numerator, denominator)
    value = Fraction(numerator) / denominator
    return value.numerator if value.denominator == 1 else value


def engine_rational(value: Rational) -> se.Basic:
    """The symengine number of an int or a Fraction."""
    if isinstance(value, int):
        return se.Integer(value)
    return se.Rational(value.numerator, value.denominator)
