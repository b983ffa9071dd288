"""The file's constraints, used only where a question asks for them (DESIGN §2 rule 1 and 5).

Holonomic constraints f(q, t) = 0 are differentiated in time; kinematic ones must be linear in
the rates. The resulting linear equations are solved for as many rates as they fix, the power is
re-expressed under them, and wherever d(P under constraints)/dq' differs from the power
coefficient Q^q the Remark 13.3.5 warning is given: the power under constraints must never be
differentiated to find a power coefficient.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import sympy
from sympy.core.function import AppliedUndef

from .equivalence import equivalent
from .simplification import tidy

if TYPE_CHECKING:
    from .analysis import Analysis


@dataclass(frozen=True)
class ConstraintAnalysis:
    """Constraint kinds, the rates they eliminate, the power under them, and warnings."""

    kinds: list[Literal["holonomic", "kinematic"]] = field(default_factory=list)
    eliminated: dict[str, sympy.Expr] = field(default_factory=dict)
    power: sympy.Expr | None = None
    action_powers: dict[str, sympy.Expr] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def analyse_constraints(analysis: Analysis) -> ConstraintAnalysis:
    """Solve the constraints for rates and re-express the power under them."""
    system = analysis.system
    if not system.constraints:
        return ConstraintAnalysis()
    rates = system.rates
    rate_symbols = list(rates.values())
    kinds: list[Literal["holonomic", "kinematic"]] = []
    equations: list[sympy.Expr] = []
    warnings: list[str] = []
    for constraint in system.constraints:
        expr = constraint.expr
        if any(expr.has(r) for r in rate_symbols):
            if any(sympy.diff(expr, a, b) != 0 for a in rate_symbols for b in rate_symbols):
                warnings.append(
                    f"constraint '{constraint.text}' is not linear in the rates; ignored"
                )
                continue
            kinds.append("kinematic")
            equations.append(expr)
        else:
            kinds.append("holonomic")
            equations.append(expr.diff(system.time))
    chosen = _independent_rates(equations, rate_symbols)
    solution = sympy.solve(equations, chosen, dict=True) if chosen else []
    if not solution:
        warnings.append("the constraints could not be solved for any rate")
        return ConstraintAnalysis(kinds, {}, None, {}, warnings)
    replace = solution[0]
    names = {rate: name for name, rate in rates.items()}
    power = analysis.power.xreplace(replace)
    action_powers = {a.action.name: a.power.xreplace(replace) for a in analysis.actions}
    for name, rate in rates.items():
        if rate in replace:
            continue
        derived = power.diff(rate)
        total = analysis.coefficients[name]
        verdict = equivalent(analysis.static(derived), analysis.static(total))
        if verdict.equal is False:
            warnings.append(
                f"d(P under constraints)/d{name}' = {tidy(analysis.static(derived))} is not the power "
                f"coefficient Q^{name} (Remark 13.3.5): power coefficients come from the partial "
                "screws with every constraint ignored"
            )
    eliminated = {names[r]: value for r, value in replace.items()}
    return ConstraintAnalysis(kinds, eliminated, power, action_powers, warnings)


def _independent_rates(equations: list[sympy.Expr], rates: list[sympy.Expr]) -> list[sympy.Expr]:
    """The first rates (in coordinate order) whose columns make the equations solvable."""
    if not equations:
        return []
    matrix, _ = sympy.linear_eq_to_matrix(equations, rates)
    chosen: list[int] = []
    rank = 0
    for column in range(len(rates)):
        trial = matrix[:, [*chosen, column]]
        new_rank = _probe_rank(trial)
        if new_rank > rank:
            chosen.append(column)
            rank = new_rank
        if rank == len(equations):
            break
    return [rates[c] for c in chosen]


def _probe_rank(matrix: sympy.Matrix) -> int:
    """Rank at a generic point: arbitrary values for every symbol, coordinate and rate."""
    atoms = sorted(matrix.atoms(sympy.Symbol, AppliedUndef, sympy.Derivative), key=str)
    values = {a: sympy.Rational(3 + 2 * i, 7 + i) for i, a in enumerate(atoms)}
    return int(matrix.xreplace(values).rank())
