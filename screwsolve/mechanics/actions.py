"""Every kind of action reduces to action screws through one verb, `to_screws` (DESIGN §3).

An action description (`model.actions`) says what acts where; `to_screws` gives the screws it
exerts in the current configuration, each on a body and, for an interaction, with its reaction on
the source body implied (Newton's third law). Velocity-dependent actions (damper, friction, drag,
contact) read the kinematics to find their force. A bare potential exerts no screw: the analysis
takes its power coefficients from -dV/dq.
"""

from __future__ import annotations

from functools import singledispatch

import sympy
from sympy.physics.vector import Vector

from screwsolve.mechanics.kinematics import Kinematics
from screwsolve.mechanics.screws import AppliedScrew, Screw
from screwsolve.model.actions import (
    Action,
    Contact,
    Couple,
    Damper,
    Drag,
    Friction,
    Pathway,
    Potential,
    ScrewAction,
    Spring,
)
from screwsolve.model.wrapping import Wrap, wrap_geometry


@singledispatch
def to_screws(action: Action, kinematics: Kinematics) -> list[AppliedScrew]:
    """The action screws an action exerts, about their points of application."""
    raise TypeError(f"no action screws for {type(action).__name__}")


def _source(action: Action) -> str | None:
    """The body bearing the implied reaction, for an interaction."""
    return action.by if action.interaction else None


@to_screws.register
def _screw(action: ScrewAction, kinematics: Kinematics) -> list[AppliedScrew]:
    assert action.on is not None
    return [AppliedScrew(action.on, _source(action), Screw(action.force, action.moment, action.at))]


@to_screws.register
def _spring(action: Spring, kinematics: Kinematics) -> list[AppliedScrew]:
    """-T(L - l0) e on P2's body, the opposite on P1's (e from P1 to P2); T(s) = k s when linear."""
    r = kinematics.relative(action.ends[0], action.ends[1])
    length = kinematics.system.namespace.symbols.length(r)
    force = r * (-action.law.at(length - action.free_length) / length)
    return _pair(action.ends, action.owners, force)


@to_screws.register
def _pathway(action: Pathway, kinematics: Kinematics) -> list[AppliedScrew]:
    """On each segment P_i P_i+1: -T e on P_i+1's body, T e on P_i's (e from P_i to P_i+1).
    Wrapping: T times each unit pull on its point's body, their opposite at the centre on the
    surface's body (no moment: the pressure passes through the axis)."""
    if action.wrap is not None:
        return _wrapping(action, action.wrap, kinematics)
    screws = []
    for i in range(len(action.points) - 1):
        ends = (action.points[i], action.points[i + 1])
        owners = (action.owners[i], action.owners[i + 1])
        r = kinematics.relative(*ends)
        length = kinematics.system.namespace.symbols.length(r)
        screws += _pair(ends, owners, r * (-action.tension / length))
    return screws


def _wrapping(action: Pathway, wrap: Wrap, kinematics: Kinematics) -> list[AppliedScrew]:
    first, last = action.points
    geometry = wrap_geometry(
        kinematics.relative(wrap.around, first),
        kinematics.relative(wrap.around, last),
        wrap,
        kinematics.system.namespace.symbols.simplest,
    )
    tension = action.tension
    pulls = (
        (action.owners[0], first, geometry.first_pull * tension, Vector(0)),
        (action.owners[1], last, geometry.last_pull * tension, Vector(0)),
        (
            wrap.owner,
            wrap.around,
            (geometry.first_pull + geometry.last_pull) * -tension,
            geometry.moment * -tension,
        ),
    )
    return [
        AppliedScrew(body, None, Screw(force, moment, point))
        for body, point, force, moment in pulls
        if body is not None
    ]


def length_rate(action: Damper, kinematics: Kinematics) -> tuple[Vector, sympy.Expr, sympy.Expr]:
    """(r from P1 to P2, its length L, the rate L' = r . (v2 - v1) / L) of a damper."""
    r = kinematics.relative(action.ends[0], action.ends[1])
    length = kinematics.system.namespace.symbols.length(r)
    v2 = kinematics.point_velocity(action.owners[1], action.ends[1])
    v1 = kinematics.point_velocity(action.owners[0], action.ends[0])
    return r, length, r.dot(v2 - v1) / length


@to_screws.register
def _damper(action: Damper, kinematics: Kinematics) -> list[AppliedScrew]:
    """-c L' e on P2's body, the opposite on P1's."""
    r, length, rate = length_rate(action, kinematics)
    force = r * (-action.coefficient * rate / length)
    return _pair(action.ends, action.owners, force)


def _pair(
    ends: tuple[str, str], owners: tuple[str | None, str | None], force: Vector
) -> list[AppliedScrew]:
    screws = []
    if owners[1] is not None:
        screws.append(AppliedScrew(owners[1], None, Screw(force, Vector(0), ends[1])))
    if owners[0] is not None:
        screws.append(AppliedScrew(owners[0], None, Screw(-force, Vector(0), ends[0])))
    return screws


@to_screws.register
def _couple(action: Couple, kinematics: Kinematics) -> list[AppliedScrew]:
    assert action.on is not None
    origin = kinematics.system.bodies[action.on].origin
    return [AppliedScrew(action.on, _source(action), Screw(Vector(0), action.moment, origin))]


def slip(action: Friction | Drag, kinematics: Kinematics) -> Vector:
    """The velocity of the action's point (relative to its source body, for a pair)."""
    assert action.on is not None
    return kinematics.relative_screws(action.on, _source(action), action.at)[0].moment


@to_screws.register
def _friction(action: Friction, kinematics: Kinematics) -> list[AppliedScrew]:
    """-f(|c|) sign(c) e when the slip velocity is c e along one unit vector e, else
    -f(|v|) v/|v|; f = mu N for Coulomb's law."""
    assert action.on is not None
    velocity = slip(action, kinematics)
    terms = kinematics.frames.terms(velocity)
    if not terms:
        force = Vector(0)
    elif len(terms) == 1:
        coefficient, unit = terms[0]
        force = kinematics.system.namespace.vectors[unit] * (-action.law.opposing(coefficient))
    else:
        speed = kinematics.system.namespace.symbols.length(velocity)
        force = velocity * (-action.law.per_speed(speed))
    return [AppliedScrew(action.on, _source(action), Screw(force, Vector(0), action.at))]


@to_screws.register
def _drag(action: Drag, kinematics: Kinematics) -> list[AppliedScrew]:
    """-c |v| v at the point, v its velocity (relative to the source body, if any)."""
    assert action.on is not None
    velocity = slip(action, kinematics)
    force = velocity * (-action.coefficient * kinematics.system.namespace.symbols.length(velocity))
    return [AppliedScrew(action.on, _source(action), Screw(force, Vector(0), action.at))]


@to_screws.register
def _contact(action: Contact, kinematics: Kinematics) -> list[AppliedScrew]:
    """Heaviside(z) (k z^n + c z^n z') along the normal."""
    assert action.on is not None
    z = action.penetration
    rate = z.diff(kinematics.system.time)
    magnitude = sympy.Heaviside(z) * (
        action.stiffness * z**action.exponent + action.damping * z**action.exponent * rate
    )
    screw = Screw(action.normal * magnitude, Vector(0), action.at)
    return [AppliedScrew(action.on, _source(action), screw)]


@to_screws.register
def _potential(action: Potential, kinematics: Kinematics) -> list[AppliedScrew]:
    return []
