"""Kane's generalized speeds: the rates as q' = W u + X, partial screws and generalized active
forces with respect to the speeds, and the constrained generalized active forces.

With speeds u = Y q' + Z (each linear in the rates), W = Y^-1 and X = -W Z. A partial screw
with respect to u_r is sum_s {V^q_s} W_sr and the remainder {V^t} + sum_s {V^q_s} X_s; the
generalized active force F_r = sum_s Q^q_s W_sr, exact because every velocity is linear in the
rates. Without declared speeds u_r = q_r': W is the identity and F_r = Q^q_r.

Constraints, linear in the rates (holonomic ones differentiated in time), become linear in the
speeds; solved for the dependent speeds, u_dep = A u_ind + B, they give Kane's
F~_r = F_r + sum_k F_k A_kr for each independent speed (Kane and Levinson, 1985, p. 99). The
partial screws themselves never change: every constraint is ignored there (DESIGN §2 rule 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import sympy
from sympy.physics.vector import Vector

from screwsolve.mechanics.constraints import rate_equations, solve_rates
from screwsolve.mechanics.screws import Screw
from screwsolve.model.static import TIME
from screwsolve.symbolic.simplify import simplest_ratio

if TYPE_CHECKING:
    from screwsolve.model.system import System


@dataclass(frozen=True)
class SpeedMap:
    """q' = W u + X on plain symbols; `names` are the speeds (the coordinates when none are
    declared, with the rates themselves as `u`)."""

    names: tuple[str, ...]
    declared: bool
    u: tuple[sympy.Symbol, ...]
    W: sympy.Matrix
    X: sympy.Matrix
    coordinates: tuple[str, ...]

    def rates(self) -> dict[str, sympy.Expr]:
        """q_s' in the speeds, by coordinate."""
        speeds = sympy.Matrix(self.u)
        values = self.W * speeds + self.X
        return {q: values[s] for s, q in enumerate(self.coordinates)}


def speed_map(system: System) -> SpeedMap:
    """The rates in the speeds, each entry of W and X in its simplest form."""
    symbols = system.namespace.symbols
    coordinates = tuple(system.coordinates)
    n = len(coordinates)
    if not system.speeds:
        u = tuple(symbols.rate[q] for q in coordinates)
        return SpeedMap(coordinates, False, u, sympy.eye(n), sympy.zeros(n, 1), coordinates)
    rates = [symbols.rate[q] for q in coordinates]
    zero = {rate: sympy.Integer(0) for rate in rates}
    definitions = [symbols.static(d) for d in system.speeds.values()]
    Y = sympy.Matrix([[d.diff(rate) for rate in rates] for d in definitions])
    Z = sympy.Matrix([d.xreplace(zero) for d in definitions])
    W = Y.inv(method="LU").applyfunc(simplest_ratio)
    X = (-W * Z).applyfunc(simplest_ratio)
    u = tuple(sympy.Symbol(name, real=True) for name in system.speeds)
    return SpeedMap(tuple(system.speeds), True, u, W, X, coordinates)


def speed_screws(partials: dict[str, Screw], speeds: SpeedMap, system: System) -> dict[str, Screw]:
    """{V^u_r} = sum_s {V^q_s} W_sr for each speed, and the remainder under TIME."""
    dynamic = system.namespace.symbols.dynamic
    point = partials[TIME].point
    zero = Screw(Vector(0), Vector(0), point)
    result = {}
    for r, name in enumerate(speeds.names):
        total = zero
        for s, q in enumerate(speeds.coordinates):
            if speeds.W[s, r] != 0:
                total = total + partials[q].scaled(dynamic(speeds.W[s, r]))
        result[name] = total
    remainder = partials[TIME]
    for s, q in enumerate(speeds.coordinates):
        if speeds.X[s] != 0:
            remainder = remainder + partials[q].scaled(dynamic(speeds.X[s]))
    result[TIME] = remainder
    return result


def generalized_forces(
    coefficients: dict[str, sympy.Expr], speeds: SpeedMap, system: System
) -> dict[str, sympy.Expr]:
    """F_r = sum_s Q^q_s W_sr (static), from power coefficients by coordinate."""
    static = system.namespace.symbols.static
    Q = [static(coefficients[q]) for q in speeds.coordinates]
    return {
        name: sympy.Add(*(Q[s] * speeds.W[s, r] for s in range(len(Q)) if speeds.W[s, r] != 0))
        for r, name in enumerate(speeds.names)
    }


@dataclass(frozen=True)
class Reduction:
    """The constraints solved for the dependent speeds: u_dep = sum A[dep][ind] u_ind + B."""

    independent: tuple[str, ...]
    dependent: tuple[str, ...]
    coefficients: dict[str, dict[str, sympy.Expr]]  # A, static
    warnings: tuple[str, ...]
    # each static rate on the constraints, in the independent speeds' definitions: applied to a
    # value, it puts every dependent speed at its constrained value (velocity-dependent forces)
    projection: dict[sympy.Symbol, sympy.Expr] = field(default_factory=dict)
    # q' = W u + X on the constraints, in the independent speeds (Kane's kinematical
    # differential equations, what a source prints as q' in u), by coordinate
    rates: dict[str, sympy.Expr] = field(default_factory=dict)

    def reduced(self, forces: dict[str, sympy.Expr]) -> dict[str, sympy.Expr]:
        """F~_r = F_r + sum_k F_k A_kr for every independent speed, on the constraints: a
        force that depends on the rates (friction, drag) is taken where the dependent speeds
        have their constrained values, so F~_r depends on the independent speeds only."""
        return {
            r: simplest_ratio(
                self.on_constraints(
                    forces[r]
                    + sympy.Add(
                        *(forces[k] * self.coefficients[k].get(r, 0) for k in self.dependent)
                    )
                )
            )
            for r in self.independent
        }

    def on_constraints(self, value: sympy.Expr) -> sympy.Expr:
        """A static value with every dependent speed at its constrained value."""
        if not self.projection or not value.has(*self.projection):
            return value
        return value.xreplace(self.projection)


def reduction(system: System, speeds: SpeedMap) -> Reduction | None:
    """The file's constraints as dependent speeds, or None when it has no constraints; a
    Reduction with no dependent speed (and a warning) when they fix none, or not those named."""
    if not system.constraints:
        return None
    _, equations, warnings = rate_equations(system)
    if speeds.declared:
        rates = system.namespace.symbols.rate
        in_speeds = {rates[q]: value for q, value in speeds.rates().items()}
        equations = [equation.xreplace(in_speeds) for equation in equations]
    named = {name: u for name, u in zip(speeds.names, speeds.u, strict=True)}
    first = tuple(named[name] for name in system.dependent_speeds)
    solved = solve_rates(equations, list(speeds.u), first=first)
    by_symbol = {u: name for name, u in named.items()}
    dependent = tuple(name for name in speeds.names if named[name] in solved)
    if not dependent:
        return Reduction(speeds.names, (), {}, (*warnings, "the constraints fix no speed"))
    if system.dependent_speeds and set(dependent) != set(system.dependent_speeds):
        message = (
            f"the constraints fix {', '.join(dependent)}, not the dependent speeds named "
            f"({', '.join(system.dependent_speeds)})"
        )
        return Reduction(speeds.names, (), {}, (*warnings, message))
    independent = tuple(name for name in speeds.names if name not in dependent)
    coefficients: dict[str, dict[str, sympy.Expr]] = {}
    for u, value in solved.items():
        derivatives = {name: value.diff(named[name]) for name in independent}
        coefficients[by_symbol[u]] = {
            name: simplest_ratio(d) for name, d in derivatives.items() if d != 0
        }
    projection = _projection(system, speeds, solved)
    in_speeds = speeds.W * sympy.Matrix([solved.get(u, u) for u in speeds.u]) + speeds.X
    rates_on = {
        q: simplest_ratio(sympy.expand(value))
        for q, value in zip(speeds.coordinates, in_speeds, strict=True)
    }
    return Reduction(independent, dependent, coefficients, tuple(warnings), projection, rates_on)


def _projection(
    system: System, speeds: SpeedMap, solved: dict[sympy.Expr, sympy.Expr]
) -> dict[sympy.Symbol, sympy.Expr]:
    """q' = W u + X with each independent u_r by its definition in the rates and each dependent
    one by its solved value in those: every rate on the constraints (only rates that change)."""
    symbols = system.namespace.symbols
    rates = [symbols.rate[q] for q in speeds.coordinates]
    if speeds.declared:
        definitions = {
            u: symbols.static(system.speeds[name])
            for name, u in zip(speeds.names, speeds.u, strict=True)
        }
    else:
        definitions = dict(zip(speeds.u, rates, strict=True))
    independent = {u: d for u, d in definitions.items() if u not in solved}
    values = [
        simplest_ratio(solved[u].xreplace(independent)) if u in solved else independent[u]
        for u in speeds.u
    ]
    on_constraints = speeds.W * sympy.Matrix(values) + speeds.X
    result = {}
    for rate, value in zip(rates, on_constraints, strict=True):
        value = simplest_ratio(sympy.expand(value)) if speeds.declared else value
        if value != rate:
            result[rate] = value
    return result
