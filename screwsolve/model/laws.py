"""Force laws of one variable: a spring's tension in its stretch s, a torsion spring's torque in
its twist s, a friction force's magnitude in the slip speed v. A linear spring is the law k s,
Coulomb friction the constant law mu N."""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from screwsolve.symbolic.integrals import from_zero, polynomial_in

STRETCH = "s"  # the variable of spring and torsion-spring laws
SLIP_SPEED = "v"  # the variable of friction laws


@dataclass(frozen=True)
class Law:
    """A magnitude as an expression of one variable (a plain symbol of the law alone)."""

    expr: sympy.Expr
    variable: sympy.Symbol

    def at(self, value: sympy.Expr) -> sympy.Expr:
        """The magnitude where the variable has `value`."""
        return self.expr.xreplace({self.variable: value})

    def opposing(self, component: sympy.Expr) -> sympy.Expr:
        """f(|c|) sign(c) for a slip component c: the magnitude with the sign of the slip.
        Each term a v^k of a polynomial law is written a c^k for odd k (|c|^k sign(c) = c^k),
        so that a viscous law c v reads -c x', not -c |x'| sign(x')."""
        polynomial = self._polynomial()
        if polynomial is None:
            return self.at(sympy.Abs(component)) * sympy.sign(component)
        return sympy.Add(
            *(
                a * component**k if k % 2 else a * sympy.Abs(component) ** k * sympy.sign(component)
                for (k,), a in polynomial.terms()
            )
        )

    def per_speed(self, speed: sympy.Expr) -> sympy.Expr:
        """f(|v|)/|v|, the factor of the slip velocity v in the force -f(|v|) v/|v|; a polynomial
        law's terms divided out (a viscous law c v gives c)."""
        polynomial = self._polynomial()
        if polynomial is None:
            return self.at(speed) / speed
        return sympy.Add(*(a * speed ** (k - 1) for (k,), a in polynomial.terms()))

    def integral(self, value: sympy.Expr) -> sympy.Expr | None:
        """The integral of the law from 0 to `value` (a potential or a dissipation function),
        or None without a closed form."""
        antiderivative = from_zero(self.expr, self.variable)
        return None if antiderivative is None else antiderivative.xreplace({self.variable: value})

    def _polynomial(self) -> sympy.Poly | None:
        return polynomial_in(self.expr, self.variable)


def stretch_symbol() -> sympy.Symbol:
    return sympy.Symbol(STRETCH, real=True)


def slip_speed_symbol() -> sympy.Symbol:
    return sympy.Symbol(SLIP_SPEED, nonnegative=True)
