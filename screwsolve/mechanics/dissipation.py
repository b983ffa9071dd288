"""The Rayleigh dissipation function R(q, q', t) of a velocity-dependent action, whose power
coefficients are Q^q = -dR/dq' (a second route to them, checked like the potential's).

For a force -f(|v|) v/|v| at a point of velocity v, R = integral of f from 0 to |v|: dR/dq' =
f(|v|) (v/|v|) . dv/dq', the force's comoment with the partial screw. A damper's R is c L'^2/2,
quadratic drag's c |v|^3 / 3, Coulomb friction's mu N |v|. Other actions have none.
"""

from __future__ import annotations

from functools import singledispatch

import sympy

from screwsolve.mechanics.actions import length_rate, slip
from screwsolve.mechanics.kinematics import Kinematics
from screwsolve.model.actions import Action, Damper, Drag, Friction


@singledispatch
def dissipation(action: Action, kinematics: Kinematics) -> sympy.Expr | None:
    """R of an action, or None when it has none."""
    return None


@dissipation.register
def _damper(action: Damper, kinematics: Kinematics) -> sympy.Expr | None:
    rate = length_rate(action, kinematics)[2]
    return action.coefficient * rate**2 / 2


@dissipation.register
def _friction(action: Friction, kinematics: Kinematics) -> sympy.Expr | None:
    return action.law.integral(_speed(action, kinematics))


@dissipation.register
def _drag(action: Drag, kinematics: Kinematics) -> sympy.Expr | None:
    return action.coefficient * _speed(action, kinematics) ** 3 / 3


def _speed(action: Friction | Drag, kinematics: Kinematics) -> sympy.Expr:
    """|v| of the slip velocity: |c| when it lies along one unit vector."""
    velocity = slip(action, kinematics)
    terms = kinematics.frames.terms(velocity)
    if not terms:
        return sympy.Integer(0)
    if len(terms) == 1:
        return sympy.Abs(terms[0][0])
    return kinematics.system.namespace.symbols.length(velocity)
