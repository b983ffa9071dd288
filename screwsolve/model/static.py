"""The one mapping between the analysis's functions of time and plain symbols.

The mechanics keeps coordinates as q(t) and rates as q'(t), so that d/dt is sympy's own. Printing,
probing, the symengine core and every derivative by a coordinate or a rate work on plain real
symbols `q` and `q'` instead: sympy differentiates by a symbol several times faster than by a
function of time, and printers show `theta'` rather than `Derivative(theta(t), t)`.
"""

from __future__ import annotations

import sympy
from sympy.physics.vector import Vector

from screwsolve.symbolic.graphs import replaced
from screwsolve.symbolic.simplify import simplest

TIME = "t"  # the time variable, and the key of every time coefficient (Q^t, {V^t})


class StaticSymbols:
    """q(t) -> q and q'(t) -> q' (plain real symbols), and back, for one problem. Specified
    functions of time F(t) (inputs, not coordinates) map the same way: F, F' and F''."""

    def __init__(
        self,
        coordinates: dict[str, sympy.Expr],
        rates: dict[str, sympy.Expr],
        time: sympy.Symbol,
        functions: dict[str, sympy.Expr] | None = None,
    ) -> None:
        self.time = time
        self.coordinate = {name: sympy.Symbol(name, real=True) for name in coordinates}
        self.rate = {name: sympy.Symbol(f"{name}'", real=True) for name in rates}
        functions = functions or {}
        self.function = {name: sympy.Symbol(name, real=True) for name in functions}
        self.function_rate = {name: sympy.Symbol(f"{name}'", real=True) for name in functions}
        self._function_second = {name: sympy.Symbol(f"{name}''", real=True) for name in functions}
        self.forward: dict[sympy.Expr, sympy.Symbol] = {
            rates[name]: self.rate[name] for name in rates
        }
        self.forward.update({coordinates[name]: self.coordinate[name] for name in coordinates})
        for name, function in functions.items():
            self.forward[function.diff(time, 2)] = self._function_second[name]
            self.forward[function.diff(time)] = self.function_rate[name]
            self.forward[function] = self.function[name]
        self.back: dict[sympy.Symbol, sympy.Expr] = {s: d for d, s in self.forward.items()}
        self.by_name: dict[str, sympy.Expr] = {s.name: d for s, d in self.back.items()}
        self.by_name[str(time)] = time

    def static(self, expr: sympy.Expr) -> sympy.Expr:
        """Coordinates and rates as plain symbols (each distinct subexpression rebuilt once)."""
        return replaced(expr, self.forward)

    def dynamic(self, expr: sympy.Expr) -> sympy.Expr:
        """Plain symbols back to q(t) and q'(t)."""
        return replaced(expr, self.back)

    def time_derivative(self, expr: sympy.Expr) -> sympy.Expr:
        """df/dt = sum df/dq q' + df/dt of a static f(q, t)."""
        total = self.explicit_static_derivative(expr)
        for name, coordinate in self.coordinate.items():
            total += expr.diff(coordinate) * self.rate[name]
        return total

    def explicit_static_derivative(self, expr: sympy.Expr) -> sympy.Expr:
        """df/dt holding the coordinates fixed, of a static f: t itself and the specified
        functions of time (F' for F, F'' for F')."""
        total = expr.diff(self.time)
        for name, function in self.function.items():
            total += expr.diff(function) * self.function_rate[name]
            total += expr.diff(self.function_rate[name]) * self._function_second[name]
        return total

    def explicit_time_derivative(self, expr: sympy.Expr) -> sympy.Expr:
        """df/dt holding the coordinates fixed, of a dynamic f(q(t), t)."""
        return self.dynamic(self.explicit_static_derivative(self.static(expr)))

    def coordinate_derivative(self, expr: sympy.Expr, name: str) -> sympy.Expr:
        """df/dq of a dynamic f, q the coordinate `name`."""
        return self.dynamic(self.static(expr).diff(self.coordinate[name]))

    def rate_derivative(self, expr: sympy.Expr, name: str) -> sympy.Expr:
        """df/dq' of a dynamic f (rates enter the kinematics linearly)."""
        rate = self.rate[name]
        dynamic_rate = self.back[rate]
        return expr.xreplace({dynamic_rate: rate}).diff(rate).xreplace({rate: dynamic_rate})

    def simplest(self, expr: sympy.Expr) -> sympy.Expr:
        """The bounded simplification of `simplest`, done on plain symbols, for a dynamic f."""
        return self.dynamic(simplest(self.static(expr)))

    def length(self, vector: Vector) -> sympy.Expr:
        """|v| = sqrt(v . v), the square simplified first (sin^2 + cos^2 = 1 of mixed frames)."""
        return sympy.sqrt(self.simplest(vector.dot(vector)))
