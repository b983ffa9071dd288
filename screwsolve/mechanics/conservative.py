"""The potential energy of an action given by its screw, when its power coefficients are
conservative: Q^q = -dV/dq for a V(q) found by integration.

A constant force field written as a screw (a load -P n_y at a point, a couple of fixed
direction on a body turning about a fixed axis) has a potential energy as much as an element
does; a source states it, and a claim on it must be checkable. The coefficients are
conservative when none holds a rate, time or a function of time, Q^t vanishes, and the
mixed derivatives agree (dQ_i/dq_j = dQ_j/dq_i, tested numerically); V is then integrated one
coordinate at a time and verified by differentiating it back, so a V is returned only when
-dV/dq gives every coefficient again. Bounded: only small coefficients of few coordinates are
tried, each integral for INTEGRAL_SECONDS at most (anything else has no potential here,
never a wrong one).
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy

from screwsolve.limits import INTEGRAL_SECONDS
from screwsolve.model.static import TIME, StaticSymbols
from screwsolve.symbolic.budget import OutOfTimeError, within
from screwsolve.symbolic.graphs import exceeds
from screwsolve.symbolic.linear import numerically_zero
from screwsolve.symbolic.simplify import simplest

MAX_CONSERVATIVE_COORDINATES = 8  # coordinates a conservative action's coefficients may involve
MAX_CONSERVATIVE_NODES = 400  # the size of each coefficient tried


def integrated_potential(
    coefficients: Mapping[str, sympy.Expr], symbols: StaticSymbols
) -> sympy.Expr | str:
    """V(q) with -dV/dq = Q^q for every coordinate (static coefficients, `t` for Q^t), or the
    reason there is none, in words."""
    plain = symbols.coordinate
    if any(exceeds(value, MAX_CONSERVATIVE_NODES) for value in coefficients.values()):
        return "its power coefficients are too large to integrate"
    if not numerically_zero(coefficients.get(TIME, sympy.Integer(0))):
        return "its power coefficient Q^t is not zero (it works through the motion of time)"
    Q = {q: value for q, value in coefficients.items() if q != TIME}
    involved: list[str] = []
    for q, value in Q.items():
        dynamic = {s for s in value.free_symbols if isinstance(s, sympy.Symbol)} & {
            *symbols.rate.values(),
            *symbols.function.values(),
            *symbols.function_rate.values(),
        }
        if dynamic:  # not a field of the configuration
            return f"its power coefficient Q^{q} holds rates or functions of time"
        used = [p for p, s in plain.items() if s in value.free_symbols]
        if value != 0 or used:
            involved.extend(n for n in (q, *used) if n not in involved)
    if len(involved) > MAX_CONSERVATIVE_COORDINATES:
        return (
            f"its power coefficients involve more than {MAX_CONSERVATIVE_COORDINATES} coordinates"
        )
    order = [q for q in Q if q in involved]
    zero = sympy.Integer(0)
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            curl = Q.get(a, zero).diff(plain[b]) - Q.get(b, zero).diff(plain[a])
            if not numerically_zero(curl):
                return f"it is not conservative: dQ^{a}/d{b} differs from dQ^{b}/d{a}"
    energy = zero
    for q in order:
        rest = simplest(-Q.get(q, zero) - energy.diff(plain[q]))
        if rest == 0:
            continue
        try:
            with within(INTEGRAL_SECONDS):
                term = sympy.integrate(rest, plain[q])
        except OutOfTimeError:
            return f"no closed form was found in time for the integral of Q^{q}"
        if term.has(sympy.Integral):
            return f"no closed form was found for the integral of Q^{q}"
        energy += term
    energy = simplest(energy)
    if all(numerically_zero(energy.diff(plain[q]) + Q.get(q, zero)) for q in order):
        return energy
    return "the integral found does not give its power coefficients back"
