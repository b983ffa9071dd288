"""The screw value: a resultant and a moment resolved about a named point.

Kinematic screws {omega ; v_P}_P and action screws {R ; M_P}_P share the same algebra:
transport `M_Q = M_P + R x r_PQ` and the comoment `{A}.{V} = R.v_P + M_P.omega`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sympy
from sympy.physics.vector import Vector

Cross = Callable[[Vector, Vector], Vector]


def _plain_cross(a: Vector, b: Vector) -> Vector:
    return a.cross(b)


@dataclass(frozen=True)
class Screw:
    """{resultant ; moment}_point."""

    resultant: Vector
    moment: Vector
    point: str

    def transported(self, point: str, r_to: Vector, cross: Cross = _plain_cross) -> Screw:
        """The same screw about `point`, given r_to = r_{self.point -> point}.

        M_Q = M_P + R x r_PQ (for a kinematic screw, v_Q = v_P + omega x r_PQ).
        """
        if point == self.point:
            return self
        moment = self.moment + cross(self.resultant, r_to) if r_to != Vector(0) else self.moment
        return Screw(self.resultant, moment, point)

    def __add__(self, other: Screw) -> Screw:
        _same_point(self, other)
        return Screw(self.resultant + other.resultant, self.moment + other.moment, self.point)

    def __sub__(self, other: Screw) -> Screw:
        _same_point(self, other)
        return Screw(self.resultant - other.resultant, self.moment - other.moment, self.point)

    def scaled(self, factor: sympy.Expr) -> Screw:
        """factor x the screw (both vectors), about the same point."""
        return Screw(self.resultant * factor, self.moment * factor, self.point)

    def map(self, function: Callable[[Vector], Vector]) -> Screw:
        """Apply a linear operation (such as d/dq') to both vectors."""
        return Screw(function(self.resultant), function(self.moment), self.point)


@dataclass(frozen=True)
class AppliedScrew:
    """A screw exerted on body `on`; with `by` a body of the system, the reaction on `by` is
    implied, and the pair's power is {A}.{V_on/by}."""

    on: str
    by: str | None
    screw: Screw


def comoment(action: Screw, velocity: Screw) -> sympy.Expr:
    """{A}.{V} = R . v_P + M_P . omega, both screws about the same point P."""
    _same_point(action, velocity)
    return sympy.Add(
        _dot(action.resultant, velocity.moment), _dot(action.moment, velocity.resultant)
    )


def _dot(a: Vector, b: Vector) -> sympy.Expr:
    if a == Vector(0) or b == Vector(0):
        return sympy.Integer(0)
    return sympy.Integer(0) + a.dot(b)


def _same_point(a: Screw, b: Screw) -> None:
    if a.point != b.point:
        raise ValueError(f"screws about different points: {a.point} and {b.point}")
