"""The same problem as sympy.physics.mechanics objects, so that a researcher can go on to the
equations of motion with `KanesMethod` without restating it.

Frames are the problem's own ReferenceFrames (their orientations and angular velocities as
built); each point of application gets a `Point` whose velocity in the referential is the one
DESIGN §2's rule gives (by transport for a point of a body), set with `set_vel`; each action
screw becomes Kane's loads: its resultant at that point and its moment on the body's frame. An
interaction's implied reaction on the other body is loaded at a point of that body coincident
with the point of application (its own velocity), so that Kane's generalized active forces are
the power coefficients Q^q with every action, pairs included (an action known only by its
potential energy has no screw: its -dV/dq is given apart). Coordinates are the dynamic
symbols q(t) screwsolve uses; masses and mass centres are given for the caller's bodies (the
problem file holds no inertia).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sympy
from sympy.physics.mechanics import Point, ReferenceFrame
from sympy.physics.vector import Vector

from screwsolve.mechanics.analysis import Analysis


@dataclass
class MechanicsModel:
    """A problem as sympy.physics.mechanics objects (every name as the file spells it)."""

    referential: ReferenceFrame
    frames: dict[str, ReferenceFrame]
    points: dict[str, Point]  # each point of application, as a point of the body it loads
    coordinates: list[sympy.Function]  # q(t), in the file's order
    rates: list[sympy.Expr]  # q'(t)
    loads: list[tuple[Point | ReferenceFrame, Vector]]
    masses: dict[str, tuple[sympy.Expr, Point]] = field(default_factory=dict)  # body: (m, G)
    # -dV/dq of the actions known only by a potential (no screw, so no load): Kane's F_r for
    # u_r = q_r' is fr plus these
    potential_forces: dict[str, sympy.Expr] = field(default_factory=dict)

    def kanes_method(self) -> Any:
        """A KanesMethod with u_r = q_r' (kinematical equations u - q' = 0), constraints
        ignored as for the power coefficients; `fr` of its loads are then the Q^q."""
        from sympy.physics.mechanics import KanesMethod, dynamicsymbols

        speeds = [dynamicsymbols(f"u_{q.func.__name__}") for q in self.coordinates]
        kinematical = [u - rate for u, rate in zip(speeds, self.rates, strict=True)]
        return KanesMethod(
            self.referential, q_ind=self.coordinates, u_ind=speeds, kd_eqs=kinematical
        )


def to_mechanics(analysis: Analysis) -> MechanicsModel:
    """The problem's frames, points with their velocities, coordinates and loads."""
    system = analysis.system
    kinematics = analysis.kinematics
    referential = system.referential
    frames = dict(system.frames.frames)
    points: dict[str, Point] = {}
    loads: list[tuple[Point | ReferenceFrame, Vector]] = []

    bodies_of: dict[str, str] = {}  # a plain point name: the body whose point it is here

    def point_of(body: str, name: str) -> Point:
        owner = _owner(system, name) or bodies_of.setdefault(name, body)
        key = name if owner == body else f"{name}@{body}"
        if key not in points:
            point = Point(key)
            point.set_vel(referential, kinematics.kinematic_screw(body, name).moment)
            points[key] = point
        return points[key]

    for terms in analysis.actions:
        for applied in terms.screws:
            screw = applied.screw
            frame = frames[system.bodies[applied.on].frame]
            if screw.resultant != Vector(0):
                loads.append((point_of(applied.on, screw.point), screw.resultant))
            if screw.moment != Vector(0):
                loads.append((frame, screw.moment))
            if applied.by is not None:  # the implied reaction, on the other body
                other = frames[system.bodies[applied.by].frame]
                if screw.resultant != Vector(0):
                    loads.append((point_of(applied.by, screw.point), -screw.resultant))
                if screw.moment != Vector(0):
                    loads.append((other, -screw.moment))
    potential_forces: dict[str, sympy.Expr] = {}
    for terms in analysis.actions:
        if not terms.screws and terms.action.potential is not None:
            for q in system.coordinates:
                value = terms.coefficients[q]
                potential_forces[q] = potential_forces.get(q, sympy.Integer(0)) + value
    masses = {}
    for name, body in system.bodies.items():
        if body.mass is not None and body.mass_center is not None:
            masses[name] = (body.mass, point_of(name, body.mass_center))
    coordinates = list(system.coordinates.values())
    return MechanicsModel(
        referential,
        frames,
        points,
        coordinates,
        [system.rates[q] for q in system.coordinates],
        loads,
        masses,
        potential_forces,
    )


def _owner(system: Any, point: str) -> str | None:
    """The body a point is declared on (None for a geometric or fixed point)."""
    spec = system.points[point]
    return spec.body if spec.rule == "attached" else None
