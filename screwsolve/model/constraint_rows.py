"""The file's constraints as rows linear in the rates, checked at load time: a constraint that
contradicts the ones before it (its rates a combination of theirs, its value not) is an error
at its own line, never an empty solution found later."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import sympy

from screwsolve import progress
from screwsolve.symbolic.equivalence import sample
from screwsolve.symbolic.linear import derivatives_by, numerically_zero

if TYPE_CHECKING:
    from screwsolve.model.collector import Collector
    from screwsolve.model.grammar import Namespace
    from screwsolve.model.parts import ConstraintSpec


@dataclass(frozen=True)
class RateRow:
    """sum coefficients[i] q_i' + rest = 0: a kinematic constraint as written, a holonomic one
    by its time derivative (static symbols)."""

    constraint: ConstraintSpec
    coefficients: list[sympy.Expr]
    rest: sympy.Expr
    kind: Literal["holonomic", "kinematic"]
    equation: sympy.Expr  # the row as one expression (= 0), as the constraint gives it


def rate_rows(ns: Namespace, constraints: Sequence[ConstraintSpec]) -> list[RateRow]:
    """Every constraint linear in the rates as a row (one that is not linear is left out: the
    analysis reports it as ignored)."""
    symbols = ns.symbols
    rates = list(symbols.rate.values())
    zero = {rate: sympy.Integer(0) for rate in rates}
    rows = []
    done = progress.steps("constraints: their rates", len(constraints))
    for index, constraint in enumerate(constraints):
        done(index)
        expr = symbols.static(constraint.expr)
        kind: Literal["holonomic", "kinematic"] = "kinematic"
        if not expr.has(*rates):
            kind, expr = "holonomic", symbols.time_derivative(expr)
        coefficients = derivatives_by(expr, rates)
        if any(c.has(*rates) for c in coefficients):
            continue
        rows.append(RateRow(constraint, coefficients, expr.xreplace(zero), kind, expr))
    return rows


CONSISTENCY_POINTS = 2
RELATIVE_ZERO = 1e-9  # of the row's largest entry (each entry evaluated at 30 digits first)
Basis = list[tuple[int, list[complex]]]  # (pivot, vector): 1 at its pivot, 0 at those before


def check_consistent(rows: Sequence[RateRow], ns: Namespace, out: Collector) -> None:
    """Each constraint against the ones before it, at generic points: when its rate
    coefficients add nothing to theirs but its value does, no motion satisfies them all; a
    holonomic one whose rates repeat another's must also hold where that one holds (x = c and
    x = c + h do not: their rates agree, their places differ by h). Every entry is evaluated
    once per point, then the rows are reduced one by one (119 dense rows of 240 rates: a
    second, where a rank per row took minutes)."""
    width = len(ns.symbols.rate) + 1
    entries = [e for row in rows for e in (*row.coefficients, row.rest)]
    points = sample(entries, CONSISTENCY_POINTS) if rows else []
    bases: list[Basis] = [[] for _ in points]
    holonomic: list[RateRow] = []
    done = progress.steps("constraints: their consistency", len(rows))
    for index, row in enumerate(rows):
        done(index)
        verdicts = [
            _reduce(basis, list(values[index * width : (index + 1) * width]))
            for basis, values in zip(bases, points, strict=True)
        ]
        if verdicts and all(v == "contradicts" for v in verdicts):
            out.error(
                row.constraint.path,
                "this constraint contradicts the ones before it: its rates are a combination "
                "of theirs, with another value, so no motion satisfies them all",
            )
            return
        if row.kind != "holonomic":
            continue
        for earlier in holonomic:
            if _apart(row, earlier, ns):
                out.error(
                    row.constraint.path,
                    "this constraint contradicts an earlier one "
                    f"({earlier.constraint.text}): they fix the same combination of "
                    "coordinates to different values, so no configuration satisfies both",
                )
                return
        holonomic.append(row)


def _reduce(basis: Basis, row: list[complex]) -> str:
    """Reduce a row [coefficients..., rest] by the basis and add what is left: "new",
    "repeats" (a combination of the basis, value included) or "contradicts" (its coefficients
    are one, its value is not)."""
    scale = max((abs(x) for x in row), default=0.0) or 1.0
    for pivot, vector in basis:
        factor = row[pivot]
        if factor:
            row = [a - factor * b for a, b in zip(row, vector, strict=True)]
    coefficients = row[:-1]
    if not coefficients:
        return "repeats"
    pivot = max(range(len(coefficients)), key=lambda i: abs(coefficients[i]))
    if abs(coefficients[pivot]) < RELATIVE_ZERO * scale:
        return "contradicts" if abs(row[-1]) >= RELATIVE_ZERO * scale else "repeats"
    lead = row[pivot]
    basis.append((pivot, [x / lead for x in row]))
    return "new"


def _apart(row: RateRow, earlier: RateRow, ns: Namespace) -> bool:
    """True when two holonomic constraints f = 0 and g = 0 have proportional rates (f' = k g',
    k a constant) but f - k g is a nonzero constant: parallel, never meeting."""
    pivot = next((i for i, c in enumerate(earlier.coefficients) if not numerically_zero(c)), None)
    if pivot is None or numerically_zero(row.coefficients[pivot]):
        return False
    ratio = sympy.cancel(row.coefficients[pivot] / earlier.coefficients[pivot])
    symbols = ns.symbols
    moving = {*symbols.coordinate.values(), *symbols.rate.values(), symbols.time}
    if ratio.free_symbols & moving:
        return False
    if not all(
        numerically_zero(a - ratio * b)
        for a, b in zip(row.coefficients, earlier.coefficients, strict=True)
    ):
        return False
    if not numerically_zero(row.rest - ratio * earlier.rest):
        return False
    gap = symbols.static(row.constraint.expr) - ratio * symbols.static(earlier.constraint.expr)
    return not gap.free_symbols & moving and not numerically_zero(gap)
