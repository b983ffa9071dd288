"""DESIGN §2 rule 2, in one place: how the velocity of a point relative to E is found.

- A point fixed in the referential has no velocity.
- A point attached to a body moves with it: v_P = v_A + omega x r_AP from the body's origin A
  (transport), r_AP at the current configuration; never the time derivative of r_OP.
- A geometric point (attached to no body), and a body's origin itself, has the time derivative of
  its position in E.

Every route follows this rule: the sympy kinematics, the symengine Jacobian core, and `v(P)` in a
file's expressions (`PointVelocities`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from sympy.physics.vector import Vector

if TYPE_CHECKING:
    from screwsolve.model.frames import FrameTree
    from screwsolve.model.parts import BodySpec, PointSpec


@dataclass(frozen=True, slots=True)
class VelocityRule:
    """`fixed`, `derivative`, or `transport` from `origin` with `body`."""

    kind: Literal["fixed", "derivative", "transport"]
    body: str | None = None
    origin: str | None = None


def velocity_rule(
    points: Mapping[str, PointSpec], bodies: Mapping[str, BodySpec], point: str
) -> VelocityRule:
    """The rule that gives the velocity of `point` relative to the referential."""
    spec = points[point]
    if spec.rule == "fixed":
        return VelocityRule("fixed")
    if spec.rule == "attached" and spec.body is not None and spec.body in bodies:
        origin = bodies[spec.body].origin
        if origin != point and origin in points:
            return VelocityRule("transport", spec.body, origin)
    return VelocityRule("derivative")


class PointVelocities(Mapping[str, Vector]):
    """v_P/E of every located point by the rule above, each computed when first read:
    v_P = v_A + omega_B/E x r_AP for a point of body B with origin A, d/dt r_OP otherwise."""

    def __init__(
        self, points: Mapping[str, PointSpec], bodies: Mapping[str, BodySpec], frames: FrameTree
    ) -> None:
        self.points = points
        self.bodies = bodies
        self.frames = frames
        self._memo: dict[str, Vector] = {}
        self._open: set[str] = set()

    def __contains__(self, point: object) -> bool:
        return point in self.points

    def __getitem__(self, point: str) -> Vector:
        if point in self._memo:
            return self._memo[point]
        if point in self._open:
            raise ValueError(f"the velocity of '{point}' depends on itself (body origins)")
        self._open.add(point)
        try:
            result = self._velocity(point)
        finally:
            self._open.discard(point)
        self._memo[point] = result
        return result

    def _velocity(self, point: str) -> Vector:
        rule = velocity_rule(self.points, self.bodies, point)
        if rule.kind == "fixed":
            result = Vector(0)
        elif rule.kind == "transport":
            assert rule.body is not None
            result = self._carried(point, self.bodies[rule.body])
        else:
            result = self.frames.dt(self.points[point].position)
        return result

    def position(self, point: str) -> Vector:
        """r_OP: the point's position from the root point (KeyError for an unknown point)."""
        return self.points[point].position

    def _carried(self, point: str, body: BodySpec) -> Vector:
        """The velocity of the point of `body` where `point` is: v_A + omega_B/E x r_AP, A the
        body's origin (DESIGN §2's transport, and what v(P, B) takes away)."""
        arm = self.points[point].position - self.points[body.origin].position
        carried = self[body.origin]
        if arm != Vector(0):
            carried = carried + self.frames.cross(self.frames.angular_velocity(body.frame), arm)
        return carried

    def relative(self, point: str, to: str) -> Vector:
        """v_P/B: the velocity of P relative to body B (named, or by its frame when that frame
        is one body's), v_P/E less the velocity of the point of B where P is; relative to the
        referential, v_P/E. KeyError for a name that is none of these, ValueError for a frame
        several bodies share (their points where P is move differently)."""
        if to == self.frames.referential_name:
            return self[point]
        body = self.bodies.get(to)
        if body is None:
            sharing = [b for b in self.bodies.values() if b.frame == to]
            if not sharing:
                raise KeyError(to)
            if len(sharing) > 1:
                names = ", ".join(b.name for b in sharing)
                raise ValueError(f"frame '{to}' is the frame of {names}: name the body")
            body = sharing[0]
        return self[point] - self._carried(point, body)

    def relative_to(self) -> list[str]:
        """What a velocity may be relative to: the referential, the bodies and their frames."""
        frames = {b.frame for b in self.bodies.values()}
        return sorted({self.frames.referential_name, *self.bodies, *frames})

    def __iter__(self) -> Iterator[str]:
        return iter(self.points)

    def __len__(self) -> int:
        return len(self.points)
