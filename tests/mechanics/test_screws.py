"""Screw algebra laws, for all inputs: transport composes, and the comoment does not depend on the point."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.physics.vector import ReferenceFrame, Vector

from screwsolve.mechanics.screws import Screw, comoment

N = ReferenceFrame("N")
B = ReferenceFrame("B")
B.orient_axis(N, N.z, sympy.Rational(1, 3))
UNITS = [N.x, N.y, N.z, B.x, B.y, B.z]

small = st.integers(-5, 5)
vectors = st.lists(st.tuples(small, st.sampled_from(range(6))), max_size=4).map(
    lambda terms: sum((c * UNITS[i] for c, i in terms), Vector(0))
)


def _equal(a: Vector, b: Vector) -> bool:
    return all(
        sympy.nsimplify(e, rational=False).equals(0) or abs(float(e)) < 1e-9
        for e in (a - b).to_matrix(N)
    )


@settings(max_examples=40, deadline=None)
@given(vectors, vectors, vectors, vectors, vectors)
def test_comoment_is_the_same_about_every_point(
    force: Vector, moment: Vector, omega: Vector, velocity: Vector, r_pq: Vector
) -> None:
    action = Screw(force, moment, "P")
    kinematic = Screw(omega, velocity, "P")
    at_p = comoment(action, kinematic)
    at_q = comoment(action.transported("Q", r_pq), kinematic.transported("Q", r_pq))
    assert abs(float(at_p - at_q)) < 1e-9


@settings(max_examples=40, deadline=None)
@given(vectors, vectors, vectors, vectors)
def test_transport_composes_and_reverses(
    resultant: Vector, moment: Vector, r_pq: Vector, r_qr: Vector
) -> None:
    screw = Screw(resultant, moment, "P")
    via_q = screw.transported("Q", r_pq).transported("R", r_qr)
    direct = screw.transported("R", r_pq + r_qr)
    assert _equal(via_q.moment, direct.moment)
    back = screw.transported("Q", r_pq).transported("P", -r_pq)
    assert _equal(back.moment, screw.moment)


def test_transport_formula() -> None:
    # M_Q = M_P + R x r_PQ: a unit force along x at P, Q one unit along y: M_Q = x x y = z
    screw = Screw(N.x, Vector(0), "P").transported("Q", N.y)
    assert screw.moment == N.z
    assert screw.point == "Q"


def test_comoment_refuses_screws_about_different_points() -> None:
    import pytest

    with pytest.raises(ValueError, match="different points"):
        comoment(Screw(N.x, Vector(0), "P"), Screw(N.x, Vector(0), "Q"))
