"""Velocities of points and the kinematic and partial kinematic screws of bodies (DESIGN §2).

- A point attached to a body moves with it: v_P = v_A + omega x r_AP (transport), never the time
  derivative of its position.
- A geometric point (attached to no body) has the time derivative of its position in E.
- Partial screws are d/dq_i' of the kinematic screw with every constraint ignored; the time screw
  {V^t} is the kinematic screw with every rate set to zero.
"""

from __future__ import annotations

from functools import cached_property, partial
from typing import TYPE_CHECKING

import sympy
from sympy.physics.vector import Vector

from screwsolve.limits import GRAPH_DERIVATIVE_NODES
from screwsolve.mechanics.screws import Screw
from screwsolve.model.static import TIME
from screwsolve.symbolic.bridge import differentiable
from screwsolve.symbolic.graphs import exceeds, replaced

if TYPE_CHECKING:
    from screwsolve.mechanics.fast.jacobian import JacobianCore
    from screwsolve.model.system import System


def _replace(vector: Vector, mapping: dict[sympy.Expr, sympy.Expr]) -> Vector:
    return Vector([(m.applyfunc(lambda e: replaced(e, mapping)), f) for m, f in vector.args])


class Kinematics:
    """Kinematics of one system, each quantity computed once."""

    def __init__(self, system: System) -> None:
        self.system = system
        self.frames = system.frames
        self._screws: dict[tuple[str, str], Screw] = {}
        self._partials: dict[tuple[str, str], dict[str, Screw]] = {}

    def position(self, point: str) -> Vector:
        """r_OP from the root point."""
        return self.system.points[point].position

    def relative(self, start: str, end: str) -> Vector:
        """r_{start -> end}."""
        return self.position(end) - self.position(start)

    def velocity(self, point: str) -> Vector:
        """Velocity of a point relative to E, by its rule (fixed, transport or derivative)."""
        return self.system.velocities[point]

    def angular_velocity(self, body: str) -> Vector:
        """omega of a body relative to E."""
        return self.frames.angular_velocity(self.system.bodies[body].frame)

    def kinematic_screw(self, body: str, at: str | None = None) -> Screw:
        """{V_B/E} = {omega ; v_A}_A about the body's origin A, or about `at`."""
        origin = self.system.bodies[body].origin
        point = at or origin
        key = (body, point)
        if key not in self._screws:
            if point == origin:
                self._screws[key] = Screw(
                    self.angular_velocity(body), self.velocity(origin), origin
                )
            else:
                self._screws[key] = self.transport(self.kinematic_screw(body), point)
        return self._screws[key]

    def transport(self, screw: Screw, point: str) -> Screw:
        """The screw resolved about another point."""
        return screw.transported(point, self.relative(screw.point, point), self.frames.cross)

    def partial_screws(self, body: str, at: str | None = None) -> dict[str, Screw]:
        """{V^qi_B/E} for every coordinate and {V^t_B/E}, about the origin or `at`."""
        origin = self.system.bodies[body].origin
        point = at or origin
        key = (body, point)
        if key in self._partials:
            return self._partials[key]
        if point != origin:
            result = {q: self.transport(s, point) for q, s in self.partial_screws(body).items()}
        else:
            result = self.partials_of(self.kinematic_screw(body))
        self._partials[key] = result
        return result

    def partials_of(self, screw: Screw) -> dict[str, Screw]:
        """d/dq' of a kinematic screw for every coordinate (about the same point), and the time
        screw (every rate set to zero)."""
        result = {q: screw.map(partial(self._partial, q=q)) for q in self.system.rates}
        result[TIME] = screw.map(partial(_replace, mapping=self._zero_rates))
        return result

    def relative_screws(
        self, body: str, source: str | None, point: str
    ) -> tuple[Screw, dict[str, Screw]]:
        """{V_body/E} (or {V_body/source} when source is a body) and its partial screws, about point."""
        velocity = self.kinematic_screw(body, point)
        partials = self.partial_screws(body, point)
        if source is not None:
            velocity = velocity - self.kinematic_screw(source, point)
            reference = self.partial_screws(source, point)
            partials = {q: partials[q] - reference[q] for q in partials}
        return velocity, partials

    def point_velocity(self, body: str | None, point: str) -> Vector:
        """Velocity of a point as a point of `body` (transport); None means fixed in E."""
        if body is None:
            return Vector(0)
        return self.kinematic_screw(body, point).moment

    def _partial(self, vector: Vector, q: str) -> Vector:
        """d(vector)/dq' (rates enter linearly). By a plain stand-in symbol, which sympy
        differentiates by about twice as fast as by a Derivative; a component too large for
        sympy's tree walk is differentiated on its graph in symengine."""
        symbols = self.system.namespace.symbols

        def derivative(component: sympy.Expr) -> sympy.Expr:
            if exceeds(component, GRAPH_DERIVATIVE_NODES) and differentiable(component):
                return self.jacobian.rate_derivative(component, q)
            return symbols.rate_derivative(component, q)

        return Vector([(m.applyfunc(derivative), f) for m, f in vector.args])

    @cached_property
    def jacobian(self) -> JacobianCore:
        """The same kinematics as Jacobian columns on plain symbols (for power coefficients)."""
        from screwsolve.mechanics.fast.jacobian import JacobianCore

        return JacobianCore(self.system)

    @cached_property
    def _zero_rates(self) -> dict[sympy.Expr, sympy.Expr]:
        return {rate: sympy.Integer(0) for rate in self.system.rates.values()}
