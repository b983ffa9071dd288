"""A pathway wrapping a cylinder or a sphere. The geometry is checked against laws it must obey
whatever its formulas: each pull is a unit vector along a tangent to the circle, and moving a
point by dP changes the length by -pull . dP (the first variation of a taut string's length);
the problems through `run` against lengths written here by hand."""

from __future__ import annotations

import math

import sympy
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sympy.physics.vector import ReferenceFrame, Vector

from screwsolve.errors import InputError
from screwsolve.model.wrapping import Wrap, WrapGeometry, wrap_geometry

from ..conftest import same, solve_text

N = ReferenceFrame("N")


def _vector(x: float, y: float, z: float) -> Vector:
    return x * N.x + y * N.y + z * N.z


def _geometry(w1: Vector, w2: Vector, radius: float, axis: Vector | None) -> WrapGeometry:
    wrap = Wrap("C", None, sympy.Float(radius), axis)
    return wrap_geometry(w1, w2, wrap, lambda e: e)


def _number(expr: sympy.Expr) -> float:
    return float(sympy.N(expr))


def _components(vector: Vector) -> tuple[float, float, float]:
    return tuple(_number(vector.dot(e)) for e in (N.x, N.y, N.z))  # type: ignore[return-value]


def _first_variation_holds(w1: Vector, w2: Vector, radius: float, axis: Vector | None) -> None:
    geometry = _geometry(w1, w2, radius, axis)
    step = 1e-6
    for index, (point, pull) in enumerate(((w1, geometry.first_pull), (w2, geometry.last_pull))):
        assert math.isclose(_number(pull.dot(pull)), 1.0, abs_tol=1e-12)
        # tangent to the circle: the line through the point along the pull is r from C
        moment = point.cross(pull)
        assert math.isclose(math.sqrt(_number(moment.dot(moment))), radius, rel_tol=1e-9)
        for direction in (N.x, N.y, N.z):
            moved = [w1, w2]
            moved[index] = point + step * direction
            ahead = _number(_geometry(*moved, radius, axis).length)
            moved[index] = point - step * direction
            behind = _number(_geometry(*moved, radius, axis).length)
            assert math.isclose(
                (ahead - behind) / (2 * step), -_number(pull.dot(direction)), abs_tol=1e-6
            )


angles = st.floats(min_value=-math.pi, max_value=math.pi)
fractions = st.floats(min_value=0.0, max_value=1.0)
radii = st.floats(min_value=0.2, max_value=1.0)
distances = st.floats(min_value=1.05, max_value=3.0)


def _touching_turn(radius: float, far1: float, far2: float, fraction: float, most: float) -> float:
    """An angle between the points' directions for which the path touches the circle: more
    than both tangent angles together (by 0.05), less than `most`."""
    least = math.acos(radius / far1) + math.acos(radius / far2) + 0.05
    assume(most - least > 0.01)
    return least + fraction * (most - least)


@settings(max_examples=25, deadline=None)
@given(radii, distances, distances, angles, fractions, st.sampled_from([1, -1]))
def test_a_cylinder_wrap_pulls_along_tangents_and_its_length_varies_by_the_pulls(
    radius: float, far1: float, far2: float, angle1: float, fraction: float, sense: int
) -> None:
    turn = _touching_turn(radius, far1, far2, fraction, 2 * math.pi - 0.05)
    angle2 = angle1 + sense * turn
    w1 = _vector(far1 * math.cos(angle1), far1 * math.sin(angle1), 0)
    w2 = _vector(far2 * math.cos(angle2), far2 * math.sin(angle2), 0)
    _first_variation_holds(w1, w2, radius, sense * N.z)


@settings(max_examples=25, deadline=None)
@given(radii, distances, distances, fractions, angles, angles, angles)
def test_a_sphere_wrap_in_any_plane_obeys_the_same_laws(
    radius: float,
    far1: float,
    far2: float,
    fraction: float,
    tilt: float,
    azimuth: float,
    spin: float,
) -> None:
    """The points in a plane of any orientation through the centre, less than half a turn
    apart (a sphere is wrapped the short way)."""
    turn = _touching_turn(radius, far1, far2, fraction, math.pi - 0.05)
    normal = (
        math.sin(tilt) * math.cos(azimuth),
        math.sin(tilt) * math.sin(azimuth),
        math.cos(tilt),
    )
    helper = (1.0, 0.0, 0.0) if abs(normal[0]) < 0.9 else (0.0, 1.0, 0.0)
    first = _unit(_cross(normal, helper))
    second = _cross(normal, first)
    along1 = [math.cos(spin) * a + math.sin(spin) * b for a, b in zip(first, second, strict=True)]
    across1 = _cross(normal, along1)
    w1 = _vector(*(far1 * c for c in along1))
    w2 = _vector(
        *(
            far2 * (math.cos(turn) * a + math.sin(turn) * b)
            for a, b in zip(along1, across1, strict=True)
        )
    )
    _first_variation_holds(w1, w2, radius, None)


def _cross(a: tuple[float, ...] | list[float], b: tuple[float, ...] | list[float]) -> list[float]:
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _unit(a: list[float]) -> list[float]:
    size = math.sqrt(sum(c * c for c in a))
    return [c / size for c in a]


def test_half_a_turn_about_the_pulley_is_two_tangents_and_the_arc_between() -> None:
    """P1 = -a y, P2 = a y about a pulley of radius r, wrapped about -z (its left side): the
    tangents have length sqrt(a^2 - r^2) and leave the circle acos(r/a) from each point's
    direction, so the arc is pi - 2 acos(r/a)."""
    a, r = sympy.symbols("a r", positive=True)
    geometry = wrap_geometry(-a * N.y, a * N.y, Wrap("C", None, r, -N.z), lambda e: e)
    by_hand = 2 * sympy.sqrt(a**2 - r**2) + r * (sympy.pi - 2 * sympy.acos(r / a))
    assert same(geometry.length.subs({a: 2, r: sympy.Rational(1, 2)}), by_hand.subs({a: 2, r: 0.5}))
    # the pull on P1 points up and to the left, to where the path meets the circle
    pull = _components(geometry.first_pull.subs({a: 2, r: sympy.Rational(1, 2)}))
    assert pull[0] < 0 < pull[1]


ROPE = """\
title: rope over a fixed pulley
referential: N
parameters: {r: positive, T: positive, a: positive}
coordinates: [x, y]
frames:
  N: {}
points:
  O: {fixed_in: N}
  P1: {from: O, position: x*xN - a*yN}
  P2: {from: O, position: y*xN + a*yN}
bodies:
  B1: {origin: P1}
  B2: {origin: P2}
actions:
  - {name: rope, pathway: {through: [P1, P2], tension: T, wraps: WRAPS}}
"""


def test_a_rope_over_a_pulley_has_q_minus_t_dl_dq_and_the_potential_t_l() -> None:
    """Clockwise (about -z) from P1 = (x, -a) to P2 = (y, a): the angle turned is the angle of
    P1 less that of P2, and the length is both tangents and the arc left between them."""
    analysis = solve_text(ROPE.replace("WRAPS", "{around: O, radius: r, axis: -zN}"))
    (terms,) = analysis.actions
    x, y = sympy.symbols("x y", real=True)
    a, r, t = sympy.symbols("a r T", positive=True)
    d1, d2 = sympy.sqrt(x**2 + a**2), sympy.sqrt(y**2 + a**2)
    turned = sympy.atan2(-a, x) - sympy.atan2(a, y) + 2 * sympy.pi
    length = (
        sympy.sqrt(d1**2 - r**2)
        + sympy.sqrt(d2**2 - r**2)
        + r * (turned - sympy.acos(r / d1) - sympy.acos(r / d2))
    )
    for q in (x, y):
        assert same(analysis.static(terms.coefficients[str(q)]), -t * length.diff(q))
    assert same(analysis.static(terms.action.potential), t * length)
    assert not any(check.mismatched for check in analysis.potential_checks)
    assert terms.action.interaction and {terms.action.on, terms.action.by} == {"B1", "B2"}


def _error(text: str) -> str:
    try:
        solve_text(text)
    except InputError as exc:
        return "\n".join(f"{d.line}:{d.col}: {d.message}" for d in exc.diagnostics)
    raise AssertionError("no error")


def test_a_wrap_through_three_points_or_out_of_its_plane_is_located() -> None:
    three = ROPE.replace("[P1, P2]", "[P1, O, P2]").replace(
        "WRAPS", "{around: O, radius: r, axis: zN}"
    )
    line = len(three.splitlines())
    column = three.splitlines()[-1].index("[P1") + 1
    assert _error(three) == (
        f"{line}:{column}: a wrapping pathway goes from one point to another: through: "
        "[P1, P2] (its tangent points are computed)"
    )
    tilted = ROPE.replace("WRAPS", "{around: O, radius: r, axis: xN}")
    column = tilted.splitlines()[-1].index("P1,")
    assert _error(tilted).startswith(f"{line}:{column + 1}: 'P1' is neither in the plane")
    unknown = ROPE.replace("WRAPS", "{around: Q, radius: r}")
    assert "unknown point 'Q'" in _error(unknown)


HELIX = """\
title: a cable along a helix on a cylinder
referential: N
parameters: {r: positive, T: positive, h: positive}
coordinates: [q, s, p]
domains: [q > 0, q < 6]
frames:
  N: {}
  F: {from: N, rotate: [x, q]}
  D: {from: N, rotate: [y, p]}
points:
  O: {fixed_in: N}
  A: {fixed_in: N, from: O, position: r*yN}
  B: {from: O, position: s*xN + r*yF, body: slider}
  A2: {from: O, position: r*yD, body: drum}
  B2: {from: O, position: h*xD + r*zD, body: drum}
bodies:
  slider: {frame: F, origin: B}
  drum: {frame: D, origin: O}
actions:
  - {name: cable, pathway: {through: [A, B], tension: T, wraps: {around: O, radius: r, axis: xN}}}
  - name: band
    pathway: {through: [A2, B2], tension: T, wraps: {around: O, radius: r, axis: xD, body: drum}}
"""


def test_between_two_points_on_a_cylinder_the_path_is_a_helix() -> None:
    """SymPy's WrappingCylinder: A = r y, B = s x + r (cos q y + sin q z) on a cylinder of
    axis x, so L = sqrt((r q)^2 + s^2) (the cylinder unrolled) and Q^q = -T r^2 q / L,
    Q^s = -T s / L. A band wholly on one turning drum does no work (Q^p = 0): the moment its
    pressure has about the axis is the surface's, or the drum's turning would be paid."""
    analysis = solve_text(HELIX)
    cable, band = analysis.actions
    q, s = sympy.symbols("q s", real=True)
    r, t = sympy.symbols("r T", positive=True)
    length = sympy.sqrt((r * q) ** 2 + s**2)
    by_hand = {"q": -t * r**2 * q / length, "s": -t * s / length}
    for angle in (0.5, 2.0, 4.0, 5.5):  # inside the domain: the angle turned is q itself
        at = {q: angle, s: 0.7, r: 1.3, t: 2.0}
        for name, value in by_hand.items():
            got = analysis.static(cable.coefficients[name]).subs(at)
            assert math.isclose(_number(got), _number(value.subs(at)), rel_tol=1e-12)
        got = analysis.static(cable.action.potential).subs(at)
        assert math.isclose(_number(got), _number((t * length).subs(at)), rel_tol=1e-12)
    assert all(same(analysis.static(band.coefficients[c]), 0) for c in ("q", "s", "p"))
    assert not any(check.mismatched for check in analysis.potential_checks)


def test_a_point_off_the_plane_and_off_the_cylinder_is_located() -> None:
    off = HELIX.replace(
        "B: {from: O, position: s*xN + r*yF", "B: {from: O, position: s*xN + 2*r*yF"
    )
    line = next(i for i, text in enumerate(off.splitlines(), 1) if "name: cable" in text)
    column = off.splitlines()[line - 1].index("B]") + 1
    assert _error(off) == (
        f"{line}:{column}: 'B' is neither in the plane through 'O' normal to the axis nor on "
        "the cylinder: a wrap is planar, or a helix between two points on the surface"
    )
