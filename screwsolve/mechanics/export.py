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


@dataclass(repr=False)
class MechanicsModel:
    """A problem as sympy.physics.mechanics objects (every name as the file spells it)."""

    def __repr__(self) -> str:
        """One line: the frames and loads print as sympy objects on their own."""
        return (
            f"<MechanicsModel: {len(self.frames)} frames, {len(self.points)} points, "
            f"{len(self.coordinates)} coordinates, {len(self.speeds)} speeds, "
            f"{len(self.loads)} loads, {len(self.velocity_constraints)} velocity constraints>"
        )

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
    # the file's generalized speeds u(t) (u_q = q' when it declares none), the kinematical
    # differential equations u - (its definition) = 0, the dependent speeds and the
    # constraints as velocity constraints in the speeds (holonomic ones differentiated)
    speeds: list[sympy.Expr] = field(default_factory=list)
    kinematical: list[sympy.Expr] = field(default_factory=list)
    dependent: list[sympy.Expr] = field(default_factory=list)
    velocity_constraints: list[sympy.Expr] = field(default_factory=list)
    symbols: dict[str, sympy.Expr] = field(default_factory=dict)  # every name of the file

    def kanes_method(self, *, file_speeds: bool = True, constrained: bool = True) -> Any:
        """A KanesMethod over the file's own speeds and kinematical differential equations,
        with its dependent speeds and its constraints as velocity constraints (Kane's
        nonholonomic form: `fr` is then F~_r). `file_speeds=False, constrained=False` gives
        u_q = q' with the constraints ignored, as the power coefficients are: `fr` is Q^q."""
        from sympy.physics.mechanics import KanesMethod, dynamicsymbols

        if not file_speeds:
            speeds = [dynamicsymbols(f"u_{q.func.__name__}") for q in self.coordinates]
            kinematical = [u - rate for u, rate in zip(speeds, self.rates, strict=True)]
            return KanesMethod(
                self.referential, q_ind=self.coordinates, u_ind=speeds, kd_eqs=kinematical
            )
        dependent = self.dependent if constrained else []
        independent = [u for u in self.speeds if u not in dependent]
        if not dependent:
            return KanesMethod(
                self.referential, q_ind=self.coordinates, u_ind=independent, kd_eqs=self.kinematical
            )
        return KanesMethod(
            self.referential,
            q_ind=self.coordinates,
            u_ind=independent,
            kd_eqs=self.kinematical,
            u_dependent=dependent,
            velocity_constraints=self.velocity_constraints,
        )


def to_mechanics(analysis: Analysis) -> MechanicsModel:
    """The problem's frames, points with their velocities, coordinates and loads."""
    system = analysis.system
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
            point.set_vel(referential, _velocity(analysis, body, name))
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
    rates = [system.rates[q] for q in system.coordinates]
    speeds, kinematical, dependent, constraints = _speeds_and_constraints(analysis, rates)
    return MechanicsModel(
        referential,
        frames,
        points,
        coordinates,
        rates,
        loads,
        masses,
        potential_forces,
        speeds,
        kinematical,
        dependent,
        constraints,
        _symbols(analysis, speeds),
    )


def _velocity(analysis: Analysis, body: str, point: str) -> Vector:
    """v(P) as a point of `body`, from the Jacobian core's columns: each component in the frame
    the core keeps it in (the sympy kinematics wrote it through products of direction cosines,
    exponential in the frame depth: 30 frames 4.1 s, 40 past 120 s); the sympy route for what
    symengine cannot hold."""
    from screwsolve.symbolic.bridge import UnsupportedError

    core = analysis.kinematics.jacobian
    frames = analysis.system.frames.frames
    try:
        _, moment = core.kinematic_screw(body, point)
    except UnsupportedError:
        return analysis.kinematics.kinematic_screw(body, point).moment
    parts = [
        (sympy.Matrix([core.to_sympy(c) for c in components]), frames[frame])
        for frame, components in moment.columns.items()
    ]
    return Vector(parts) if parts else Vector(0)


def _speeds_and_constraints(
    analysis: Analysis, rates: list[sympy.Expr]
) -> tuple[list[sympy.Expr], list[sympy.Expr], list[sympy.Expr], list[sympy.Expr]]:
    """(u(t), kinematical differential equations, dependent u(t), velocity constraints in the
    u(t)) as the file states them."""
    from sympy.physics.mechanics import dynamicsymbols

    system = analysis.system
    symbols = system.namespace.symbols
    speed_map = analysis.speeds
    if speed_map.declared:
        speeds = [dynamicsymbols(name) for name in speed_map.names]
        definitions = [symbols.dynamic(symbols.static(d)) for d in system.speeds.values()]
        kinematical = [u - d for u, d in zip(speeds, definitions, strict=True)]
    else:
        speeds = [dynamicsymbols(f"u_{name}") for name in speed_map.names]
        kinematical = [u - rate for u, rate in zip(speeds, rates, strict=True)]
    reduction = analysis.reduction
    if reduction is None or not reduction.dependent:
        return speeds, kinematical, [], []
    by_name = dict(zip(speed_map.names, speeds, strict=True))
    plain = dict(zip(speed_map.u, speeds, strict=True))  # static u -> u(t)
    in_speeds = {symbols.rate[q]: value for q, value in speed_map.rates().items()}
    constraints = []
    for row in system.rate_rows:
        static = sympy.Add(
            *(
                c * symbols.rate[q]
                for c, q in zip(row.coefficients, system.coordinates, strict=True)
            ),
            row.rest,
        )
        written = static.xreplace(in_speeds).xreplace(plain)
        constraints.append(symbols.dynamic(written))
    return speeds, kinematical, [by_name[name] for name in reduction.dependent], constraints


def _symbols(analysis: Analysis, speeds: list[sympy.Expr]) -> dict[str, sympy.Expr]:
    """Every name of the file as the objects above hold it: parameters, coordinates q(t),
    functions of time, speeds u(t) (one l1 for the caller, never a second plain Symbol)."""
    system = analysis.system
    names: dict[str, sympy.Expr] = {}
    names.update(system.parameters)
    names.update(system.coordinates)
    names.update({name: f for name, f in system.namespace.functions.items()})
    names.update({str(u.func.__name__): u for u in speeds})
    return names


def _owner(system: Any, point: str) -> str | None:
    """The body a point is declared on (None for a geometric or fixed point)."""
    spec = system.points[point]
    return spec.body if spec.rule == "attached" else None
