"""DESIGN §2 rule 2, in one place: how the velocity of a point relative to E is found.

- A point fixed in the referential has no velocity.
- A point attached to a body moves with it: v_P = v_A + omega x r_AP from the body's origin A
  (transport), r_AP at the current configuration; never the time derivative of r_OP.
- A geometric point (attached to no body), and a body's origin itself, has the time derivative of
  its position in E.

Both routes, the sympy kinematics and the symengine Jacobian core, follow this rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from screwsolve.model.system import System


@dataclass(frozen=True, slots=True)
class VelocityRule:
    """`fixed`, `derivative`, or `transport` from `origin` with `body`."""

    kind: Literal["fixed", "derivative", "transport"]
    body: str | None = None
    origin: str | None = None


def velocity_rule(system: System, point: str) -> VelocityRule:
    """The rule that gives the velocity of `point` relative to the referential."""
    spec = system.points[point]
    if spec.rule == "fixed":
        return VelocityRule("fixed")
    if spec.rule == "attached" and spec.body is not None:
        origin = system.bodies[spec.body].origin
        if origin != point:
            return VelocityRule("transport", spec.body, origin)
    return VelocityRule("derivative")
