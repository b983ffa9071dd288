"""The geometry of a pathway wrapping a cylinder or a sphere, defined once.

A path from P1 to P2 wraps a circle of radius r centred at C in one plane: normal to a cylinder's
axis n, or through the centre of a sphere and both points. It leaves P1 along the tangent to the
circle, follows the arc in the positive sense about n and leaves it along the tangent to P2.
With w_i = P_i - C, d_i = |w_i| and t_i = sqrt(d_i^2 - r^2) (a tangent's length):

- the tangent point T1 is w1 turned by +acos(r/d1) about n, T2 is w2 turned by -acos(r/d2);
- the unit pull on P1, towards T1, is (-t1 w1 + r n x w1)/d1^2; on P2, towards T2,
  (-t2 w2 - r n x w2)/d2^2;
- the length is t1 + t2 + r (theta - acos(r/d1) - acos(r/d2)), theta the angle from w1 to w2
  about n.

The path presses the surface only along the normal, through its axis, with both pulls' opposite:
no moment about C. Between two points on a cylinder at two heights the path is a helix (the
cylinder unrolled, as SymPy's WrappingCylinder); its pressure has a moment about C, the
opposite of the pulls' own, which the surface bears. Both the action's screws and its
potential T L read this one definition, so the two routes to Q^q agree by construction of the
formulas, not by two derivations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import sympy
from sympy.physics.vector import Vector


@dataclass(frozen=True)
class Wrap:
    """What a pathway wraps: the centre point, its body (None: the referential), the radius,
    and a cylinder's unit axis (None: a sphere, wrapped the short way)."""

    around: str
    owner: str | None
    radius: sympy.Expr
    axis: Vector | None
    helical: bool = False  # both points on a cylinder, at two heights: a helix between them


@dataclass(frozen=True)
class WrapGeometry:
    """Unit pulls on the first and last points (each towards its tangent point) and the path's
    whole length."""

    first_pull: Vector
    last_pull: Vector
    length: sympy.Expr
    # the pulls' moment about the centre, w1 x pull1 + w2 x pull2: 0 for a planar wrap, whose
    # pressure passes through the axis; the surface bears its opposite
    moment: Vector = field(default_factory=lambda: Vector(0))


def wrap_geometry(
    to_first: Vector,
    to_last: Vector,
    wrap: Wrap,
    simplest: Callable[[sympy.Expr], sympy.Expr],
) -> WrapGeometry:
    """The pulls and length of a wrap, from the centre's vectors to the two points (in the
    plane normal to a cylinder's axis: validated where the file is read)."""
    r = wrap.radius
    w1, w2 = to_first, to_last
    if wrap.helical and wrap.axis is not None:
        return _helix(w1, w2, wrap.axis, r, simplest)
    square1, square2 = simplest(w1.dot(w1)), simplest(w2.dot(w2))
    d1, d2 = sympy.sqrt(square1), sympy.sqrt(square2)
    t1, t2 = sympy.sqrt(square1 - r**2), sympy.sqrt(square2 - r**2)
    along = simplest(w1.dot(w2))
    if wrap.axis is not None:
        n = wrap.axis
        across = simplest(n.dot(w1.cross(w2)))
        theta = sympy.pi + sympy.atan2(-across, -along)
        turned1, turned2 = n.cross(w1), n.cross(w2)
    else:
        # n = w1 x w2 / |w1 x w2|, so n x w1 = (w2 d1^2 - w1 (w1.w2)) / |w1 x w2|
        sine_area = sympy.sqrt(simplest(square1 * square2 - along**2))
        theta = sympy.acos(along / (d1 * d2))
        turned1 = (w2 * square1 - w1 * along) / sine_area
        turned2 = (w2 * along - w1 * square2) / sine_area
    first_pull = (w1 * -t1 + turned1 * r) / square1
    last_pull = (w2 * -t2 - turned2 * r) / square2
    arc = theta - sympy.acos(r / d1) - sympy.acos(r / d2)
    return WrapGeometry(first_pull, last_pull, t1 + t2 + r * arc)


def _helix(
    w1: Vector, w2: Vector, n: Vector, r: sympy.Expr, simplest: Callable[[sympy.Expr], sympy.Expr]
) -> WrapGeometry:
    """Two points on a cylinder at heights h1, h2 along n, theta apart about it: the path is
    the helix between them, of length sqrt((r theta)^2 + (h2 - h1)^2) (the cylinder unrolled),
    leaving each point along the helix's tangent, as SymPy's WrappingCylinder."""
    rise = simplest(n.dot(w2) - n.dot(w1))
    radial1, radial2 = w1 - n * n.dot(w1), w2 - n * n.dot(w2)
    across = simplest(n.dot(radial1.cross(radial2)))
    along = simplest(radial1.dot(radial2))
    theta = sympy.pi + sympy.atan2(-across, -along)
    length = sympy.sqrt((r * theta) ** 2 + rise**2)
    first_pull = (n.cross(radial1) * theta + n * rise) / length  # |n x radial1| = r
    last_pull = (n.cross(radial2) * -theta - n * rise) / length
    moment = w1.cross(first_pull) + w2.cross(last_pull)
    return WrapGeometry(first_pull, last_pull, length, moment)
