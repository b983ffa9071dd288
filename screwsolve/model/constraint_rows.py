"""The file's constraints as rows linear in the rates, checked at load time: a constraint that
contradicts the ones before it (its rates a combination of theirs, its value not) is an error
at its own line, never an empty solution found later."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import sympy

from screwsolve.symbolic.linear import numerically_zero, probe_rank

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
    for constraint in constraints:
        expr = symbols.static(constraint.expr)
        kind: Literal["holonomic", "kinematic"] = "kinematic"
        if not expr.has(*rates):
            kind, expr = "holonomic", symbols.time_derivative(expr)
        coefficients = [expr.diff(rate) for rate in rates]
        if any(c.has(*rates) for c in coefficients):
            continue
        rows.append(RateRow(constraint, coefficients, expr.xreplace(zero), kind, expr))
    return rows


def check_consistent(rows: Sequence[RateRow], ns: Namespace, out: Collector) -> None:
    """Each constraint against the ones before it, at a generic point: when its rate
    coefficients add nothing to theirs but its value does, no motion satisfies them all; a
    holonomic one whose rates repeat another's must also hold where that one holds (x = c and
    x = c + h do not: their rates agree, their places differ by h)."""
    coefficients: list[list[sympy.Expr]] = []
    augmented: list[list[sympy.Expr]] = []
    holonomic: list[RateRow] = []
    for row in rows:
        coefficients.append(row.coefficients)
        augmented.append([*row.coefficients, row.rest])
        new_rank = probe_rank(sympy.Matrix(coefficients))
        if probe_rank(sympy.Matrix(augmented)) > new_rank:
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
