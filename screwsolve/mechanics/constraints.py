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
from screwsolve.symbolic.linear import independent, solve_square
from screwsolve.symbolic.simplify import simplest_ratio

if TYPE_CHECKING:
    from screwsolve.model.system import System


@dataclass(frozen=True)
class ConstraintAnalysis:
    """Constraint kinds, the rates they eliminate, the power under them, and warnings."""

    kinds: list[Literal["holonomic", "kinematic"]] = field(default_factory=list)
    eliminated: dict[str, sympy.Expr] = field(default_factory=dict)
    power: sympy.Expr | None = None
    action_powers: dict[str, sympy.Expr] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # constraints ignored or not solved
    # coordinate -> d(P under constraints)/dq' where it is not Q^q (Remark 13.3.5), static
    mismatches: dict[str, sympy.Expr] = field(default_factory=dict)

    @property
    def warnings(self) -> list[str]:
        """The notes, then the Remark 13.3.5 warning of each mismatch, as text."""
        return [
            *self.notes,
            *(
                f"d(P under constraints)/d{name}' = {simplest_ratio(derived)} is not the power "
                f"coefficient Q^{name} (Remark 13.3.5): power coefficients come from the partial "
                "screws with every constraint ignored"
                for name, derived in self.mismatches.items()
            ),
        ]


def rate_equations(
    system: System,
) -> tuple[list[Literal["holonomic", "kinematic"]], list[sympy.Expr], list[str]]:
    """The constraints as equations linear in the static rates (holonomic ones differentiated
    in time), as the file's load made them (`System.rate_rows`): (kinds, equations = 0,
    warnings for those that are not linear in the rates)."""
    rows = system.rate_rows
    linear = {id(row.constraint) for row in rows}
    warnings = [
        f"constraint '{c.text}' is not linear in the rates; ignored"
        for c in system.constraints
        if id(c) not in linear
    ]
    return [row.kind for row in rows], [row.equation for row in rows], warnings


def analyse_constraints(
    system: System,
    power: sympy.Expr,
    action_powers: dict[str, sympy.Expr],
    coefficients: dict[str, sympy.Expr],
) -> ConstraintAnalysis:
    """Solve the constraints for rates and re-express the power (in total and of each action)
    under them; warn where d(P under constraints)/dq' differs from the power coefficient."""
    if not system.constraints:
        return ConstraintAnalysis()
    symbols = system.namespace.symbols
    rates = list(symbols.rate.values())
    kinds, equations, notes = rate_equations(system)
    # speeds printed fewer than the coordinates: the rates they leave out are eliminated
    implied = tuple(symbols.rate[q] for q in system.coordinates if f"{q}'" in system.implied_speeds)
    solved = solve_rates(equations, rates, first=implied + _dependent_rates(system))
    replace = {rate: simplest_ratio(value) for rate, value in solved.items()}
    if not replace:
        notes.append("the constraints could not be solved for any rate")
        return ConstraintAnalysis(kinds, {}, None, {}, notes)
    constrained = symbols.static(power).xreplace(replace)
    constrained_actions = {
        name: symbols.static(value).xreplace(replace) for name, value in action_powers.items()
    }
    mismatches: dict[str, sympy.Expr] = {}
    for name, rate in symbols.rate.items():
        if rate in replace:
            continue
        derived = constrained.diff(rate)
        # both sides where the constraints hold: a velocity-dependent coefficient (friction,
        # drag) changes with the eliminated rates too
        total = symbols.static(coefficients[name]).xreplace(replace)
        if equivalent(derived, total).equal is False:
            mismatches[name] = derived
    names = {rate: name for name, rate in symbols.rate.items()}
    return ConstraintAnalysis(
        kinds,
        {names[r]: symbols.dynamic(value) for r, value in replace.items()},
        symbols.dynamic(constrained),
        {name: symbols.dynamic(value) for name, value in constrained_actions.items()},
        notes,
        mismatches,
    )


def _dependent_rates(system: System) -> tuple[sympy.Expr, ...]:
    """The rates the file's dependent speeds are (u2 = q2'): the constraints are solved for
    them first, so that the section eliminates what the file says is dependent."""
    symbols = system.namespace.symbols
    dependent = {
        symbols.static(system.speeds[u]) for u in system.dependent_speeds if u in system.speeds
    }
    return tuple(rate for rate in symbols.rate.values() if rate in dependent)


def solve_rates(
    equations: list[sympy.Expr],
    rates: list[sympy.Expr],
    keep: sympy.Expr | None = None,
    first: tuple[sympy.Expr, ...] = (),
) -> dict[sympy.Expr, sympy.Expr]:
    """The first rates (those of `first`, then in the order given, `keep` last) that the
    linear equations fix, each in terms of the others; empty when they fix none or contradict
    each other. Works for any unknowns the equations are linear in (rates or speeds)."""
    if not equations:
        return {}
    matrix, rhs = sympy.linear_eq_to_matrix(equations, rates)
    # each coefficient at its simplest before elimination: equations re-written in speeds
    # carry the speeds' inverse (cos^2 + sin^2 over sin), which LU would otherwise multiply out
    matrix = matrix.applyfunc(simplest_ratio)
    rhs = rhs.applyfunc(simplest_ratio)
    rank = {r: (r not in first, r == keep, i) for i, r in enumerate(rates)}
    order = sorted(range(len(rates)), key=lambda i: rank[rates[i]])
    columns = sorted(independent(matrix, order, columns=True))
    if not columns:
        return {}
    rows = independent(matrix[:, columns], range(len(equations)), columns=False)
    free = [c for c in range(len(rates)) if c not in columns]
    known = (
        matrix[rows, free] * sympy.Matrix([rates[c] for c in free])
        if free
        else sympy.zeros(len(rows), 1)
    )
    values = solve_square(matrix[rows, columns], rhs[rows, :] - known)
    if values is None:
        return {}
    replace = {rates[c]: simplest_ratio(values[i]) for i, c in enumerate(columns)}
    for row in range(len(equations)):
        if row not in rows:
            residual = (matrix[row, :] * sympy.Matrix(rates))[0] - rhs[row]
            if equivalent(residual.xreplace(replace), sympy.Integer(0)).equal is False:
                return {}  # a further equation contradicts the ones solved
    return replace
