"""Probe points on a problem's holonomic constraints (its configuration surface).

A value defined on the constraints (Kane's F~_r, the rates on them) or a claim a source states
there (a nonminimal pendulum's F~ with sqrt(q1^2 + q2^2) = L) is only true where the
coordinates satisfy g(q, t) = 0. A drawn point is moved onto the surface by Newton's method
with the least-norm step (dq = -J^T (J J^T)^-1 g, J = dg/dq over the coordinates allowed to
move), the nearest point of the surface to the draw when it converges, at the precision the
comparison uses. The parameters, t and the coordinates held (a series' small quantities) keep
their drawn values. A point where the iteration does not converge, or J J^T is singular, is
not placed: the caller draws another.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

import mpmath
import sympy

MAX_STEPS = 60


@dataclass(frozen=True)
class Surface:
    """g_i(q, t) = 0 for each equation (static sympy expressions); `coordinates` are the
    symbols a point may be moved along; `texts` say the equations as the file wrote them."""

    equations: tuple[sympy.Expr, ...]
    coordinates: tuple[sympy.Symbol, ...]
    texts: tuple[str, ...] = field(default=(), compare=False)

    def __bool__(self) -> bool:
        return bool(self.equations)

    @property
    def symbols(self) -> set[sympy.Symbol]:
        return set().union(*(e.free_symbols for e in self.equations))

    def describe(self) -> str:
        return "; ".join(self.texts or [f"{e} = 0" for e in self.equations])

    @cached_property
    def _moving(self) -> tuple[sympy.Symbol, ...]:
        present = self.symbols
        return tuple(q for q in self.coordinates if q in present)

    @cached_property
    def _jacobian(self) -> tuple[tuple[sympy.Expr, ...], ...]:
        return tuple(tuple(g.diff(q) for q in self._moving) for g in self.equations)

    def place(
        self,
        values: Mapping[sympy.Symbol, sympy.Float],
        digits: int,
        held: Iterable[sympy.Symbol] = (),
    ) -> dict[sympy.Symbol, sympy.Float] | None:
        """The values with the moving coordinates changed so that every equation holds to the
        precision's last digits, or None when no such point is found from these values."""
        held = set(held)
        moving = [i for i, q in enumerate(self._moving) if q not in held]
        current = dict(values)
        with mpmath.workdps(digits + 10):
            for _ in range(MAX_STEPS):
                g = self._numbers(self.equations, current, digits)
                if g is None:
                    return None
                size = max((abs(x) for x in g), default=mpmath.mpf(0))
                scale = 1 + max((abs(_number(current[q])) for q in self._moving), default=0)
                if size <= mpmath.mpf(10) ** (-(digits - 4)) * scale:
                    return current
                if not moving:  # nothing may move, and the point is off the surface
                    return None
                rows = [[row[i] for i in moving] for row in self._jacobian]
                flat = self._numbers([e for row in rows for e in row], current, digits)
                if flat is None:
                    return None
                width = len(moving)
                jacobian = mpmath.matrix(len(rows), width)
                for r in range(len(rows)):
                    for c in range(width):
                        jacobian[r, c] = flat[r * width + c]
                try:
                    multipliers = mpmath.lu_solve(jacobian * jacobian.T, mpmath.matrix(g))
                except ZeroDivisionError:
                    return None
                step = jacobian.T * multipliers
                for c, i in enumerate(moving):
                    symbol = self._moving[i]
                    moved = _number(current[symbol]) - step[c]
                    current[symbol] = sympy.Float(moved, digits)
        return None

    def residual(self, values: Mapping[sympy.Symbol, sympy.Float], digits: int) -> float | None:
        """The largest |g_i| at these values (None where one cannot be evaluated)."""
        found = self._residual(values, digits)
        return None if found is None else float(found)

    def _residual(
        self, values: Mapping[sympy.Symbol, sympy.Float], digits: int
    ) -> mpmath.mpf | None:
        numbers = self._numbers(self.equations, values, digits)
        return None if numbers is None else max((abs(x) for x in numbers), default=0)

    @staticmethod
    def _numbers(
        exprs: Iterable[sympy.Expr], values: Mapping[sympy.Symbol, sympy.Float], digits: int
    ) -> list[mpmath.mpf] | None:
        found = []
        for expr in exprs:
            try:
                number = expr.xreplace(dict(values)).evalf(digits + 5)
            except (TypeError, ValueError, ZeroDivisionError, OverflowError, ArithmeticError):
                return None
            if not number.is_number or number.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
                return None
            real, imaginary = number.as_real_imag()
            if abs(complex(imaginary)) > 1e-20 or not real.is_Number:
                return None
            found.append(_number(real))
        return found


def _number(value: sympy.Expr) -> mpmath.mpf:
    return mpmath.mpf(sympy.Float(value)._mpf_)
