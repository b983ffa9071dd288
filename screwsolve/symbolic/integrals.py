"""Integrals of force laws from zero: a spring's potential, a friction law's dissipation.

sympy's rule-based `manualintegrate` is used, never the full `integrate` (whose Risch and Meijer-G
stages can run for minutes on a law nobody checked): it integrates polynomials, exponentials,
hyperbolic functions and the Stribeck law's exp(-(v/vs)^2) in milliseconds. A law larger than a
textbook's, one it cannot integrate, or one whose search outlasts INTEGRAL_SECONDS has no
integral: the action then simply reports none, and nothing else of the problem is lost.
"""

from __future__ import annotations

from functools import lru_cache

import sympy

from screwsolve.limits import INTEGRAL_OPERATIONS, INTEGRAL_SECONDS
from screwsolve.symbolic.budget import OutOfTimeError, within


@lru_cache(maxsize=256)
def from_zero(law: sympy.Expr, variable: sympy.Symbol) -> sympy.Expr | None:
    """The integral of `law` over [0, variable], or None when there is no finite closed form."""
    if not law.has(variable):
        return law * variable
    if sympy.count_ops(law) > INTEGRAL_OPERATIONS:
        return None
    polynomial = polynomial_in(law, variable)
    if polynomial is not None:
        return sympy.Add(
            *(
                coefficient * variable ** (power + 1) / (power + 1)
                for (power,), coefficient in polynomial.terms()
            )
        )
    from sympy.integrals.manualintegrate import manualintegrate

    try:
        with within(INTEGRAL_SECONDS):
            antiderivative = manualintegrate(law, variable)
    except (NotImplementedError, ValueError, TypeError, RecursionError, OutOfTimeError):
        return None
    if antiderivative.has(sympy.Integral):
        return None
    start = antiderivative.xreplace({variable: sympy.Integer(0)})
    if not start.is_finite:
        return None
    return antiderivative - start


def polynomial_in(law: sympy.Expr, variable: sympy.Symbol) -> sympy.Poly | None:
    """The law as a polynomial in the variable (coefficients free of it), or None."""
    try:
        polynomial = sympy.Poly(law, variable)
    except sympy.PolynomialError:
        return None
    if any(c.has(variable) for c in polynomial.coeffs()):
        return None
    return polynomial
