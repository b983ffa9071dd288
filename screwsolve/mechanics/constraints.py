"""The file's constraints, used only where a question asks for them (DESIGN §2 rule 1 and 5).

Holonomic constraints f(q, t) = 0 are differentiated in time; kinematic ones must be linear in
the rates. The resulting linear equations A q' = b are solved for as many rates as they fix, the
power is re-expressed under them, and wherever d(P under constraints)/dq' differs from the power
coefficient Q^q the Remark 13.3.5 warning is given: the power under constraints must never be
differentiated to find a power coefficient.

All of it works on plain symbols (q and q' as static symbols): sympy differentiates by a symbol
far faster than by q(t) or q'(t), and the rates are found by linear algebra, not by `solve`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import sympy

from screwsolve.symbolic.equivalence import equivalent
from screwsolve.symbolic.simplify import tidy

if TYPE_CHECKING:
    from screwsolve.mechanics.analysis import Analysis
    from screwsolve.model.system import System


@dataclass(frozen=True)
class ConstraintAnalysis:
    """Constraint kinds, the rates they eliminate, the power under them, and warnings."""

    kinds: list[Literal["holonomic", "kinematic"]] = field(default_factory=list)
    eliminated: dict[str, sympy.Expr] = field(default_factory=dict)
    power: sympy.Expr | None = None
    action_powers: dict[str, sympy.Expr] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


class _Static:
    """The system's coordinates, rates and time as plain symbols, and the way back."""

    def __init__(self, system: System) -> None:
        self.forward = system.namespace.static_mapping()
        self.back = {static: dynamic for dynamic, static in self.forward.items()}
        self.rates = {name: self.forward[rate] for name, rate in system.rates.items()}
        scalars = system.namespace.scalars
        self.coordinates = {name: self.forward[scalars[name]] for name in system.rates}
        self.time = system.time

    def time_derivative(self, expr: sympy.Expr) -> sympy.Expr:
        """df/dt = sum df/dq q' + df/dt of a static f(q, t)."""
        total = expr.diff(self.time)
        for name, coordinate in self.coordinates.items():
            total += expr.diff(coordinate) * self.rates[name]
        return total


def analyse_constraints(analysis: Analysis) -> ConstraintAnalysis:
    """Solve the constraints for rates and re-express the power under them."""
    system = analysis.system
    if not system.constraints:
        return ConstraintAnalysis()
    static = _Static(system)
    rates = list(static.rates.values())
    kinds: list[Literal["holonomic", "kinematic"]] = []
    equations: list[sympy.Expr] = []
    warnings: list[str] = []
    for constraint in system.constraints:
        expr = analysis.static(constraint.expr)
        if expr.has(*rates):
            if any(expr.diff(a, b) != 0 for a in rates for b in rates):
                warnings.append(
                    f"constraint '{constraint.text}' is not linear in the rates; ignored"
                )
                continue
            kinds.append("kinematic")
            equations.append(expr)
        else:
            kinds.append("holonomic")
            equations.append(static.time_derivative(expr))
    replace = _solve_rates(equations, rates)
    if not replace:
        warnings.append("the constraints could not be solved for any rate")
        return ConstraintAnalysis(kinds, {}, None, {}, warnings)
    power = analysis.static(analysis.power).xreplace(replace)
    action_powers = {
        a.action.name: analysis.static(a.power).xreplace(replace) for a in analysis.actions
    }
    for name, rate in static.rates.items():
        if rate in replace:
            continue
        derived = power.diff(rate)
        total = analysis.static(analysis.coefficients[name])
        if equivalent(derived, total).equal is False:
            warnings.append(
                f"d(P under constraints)/d{name}' = {tidy(derived)} is not the power "
                f"coefficient Q^{name} (Remark 13.3.5): power coefficients come from the partial "
                "screws with every constraint ignored"
            )
    names = {rate: name for name, rate in static.rates.items()}
    return ConstraintAnalysis(
        kinds,
        {names[r]: value.xreplace(static.back) for r, value in replace.items()},
        power.xreplace(static.back),
        {name: value.xreplace(static.back) for name, value in action_powers.items()},
        warnings,
    )


def _solve_rates(
    equations: list[sympy.Expr], rates: list[sympy.Expr]
) -> dict[sympy.Expr, sympy.Expr]:
    """The first rates (in coordinate order) the linear equations fix, each in terms of the
    others; empty when they fix none or contradict each other."""
    if not equations:
        return {}
    matrix, rhs = sympy.linear_eq_to_matrix(equations, rates)
    columns = _independent(matrix, range(len(rates)), columns=True)
    if not columns:
        return {}
    rows = _independent(matrix[:, columns], range(len(equations)), columns=False)
    free = [c for c in range(len(rates)) if c not in columns]
    known = (
        matrix[rows, free] * sympy.Matrix([rates[c] for c in free])
        if free
        else sympy.zeros(len(rows), 1)
    )
    values = matrix[rows, columns].LUsolve(rhs[rows, :] - known)
    replace = {rates[c]: values[i] for i, c in enumerate(columns)}
    for row in range(len(equations)):
        if row not in rows:
            residual = (matrix[row, :] * sympy.Matrix(rates))[0] - rhs[row]
            if equivalent(residual.xreplace(replace), sympy.Integer(0)).equal is False:
                return {}  # a further equation contradicts the ones solved
    return replace


def _independent(matrix: sympy.Matrix, indices: range, *, columns: bool) -> list[int]:
    """Greedily, the columns (or rows) that raise the rank at a generic point."""
    chosen: list[int] = []
    rank = 0
    for index in indices:
        trial = [*chosen, index]
        part = matrix[:, trial] if columns else matrix[trial, :]
        new_rank = _probe_rank(part)
        if new_rank > rank:
            chosen.append(index)
            rank = new_rank
        if rank == min(matrix.shape):
            break
    return chosen


def _probe_rank(matrix: sympy.Matrix) -> int:
    """Rank at a generic point: arbitrary values for every symbol."""
    atoms = sorted(matrix.free_symbols, key=str)
    values = {a: sympy.Rational(3 + 2 * i, 7 + i) for i, a in enumerate(atoms)}
    return int(matrix.xreplace(values).rank())
