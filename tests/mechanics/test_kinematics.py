"""Kinematic and partial screws against the textbook (Examples 13.1.4, 13.1.6, 13.3.7)."""

from __future__ import annotations

import sympy
from sympy.physics.vector import Vector

from screwsolve.mechanics.analysis import Analysis
from screwsolve.model.grammar import parse_scalar, parse_vector
from screwsolve.model.static import TIME

from ..conftest import same, solve_text


def vector_is(analysis: Analysis, vector: Vector, text: str) -> bool:
    expected = parse_vector(text, analysis.system.namespace)
    components = (vector - expected).to_matrix(analysis.system.referential)
    return all(same(analysis.static(c), 0) for c in components)


def test_plate_kinematic_screw_about_a(plate: Analysis) -> None:
    screw = plate.kinematics.kinematic_screw("1")
    assert screw.point == "A"
    assert vector_is(plate, screw.resultant, "theta'*z0")
    assert vector_is(plate, screw.moment, "x'*x0")


def test_plate_corner_point_moves_by_transport_not_by_derivative(plate: Analysis) -> None:
    # Book, end of Example 13.1.4: v_Q = x' x0 + h theta'/sin(theta) y1 (slip velocity)
    v_q = plate.kinematics.velocity("Q")
    assert vector_is(plate, v_q, "x'*x0 + h*theta'/sin(theta)*y1")
    derivative = plate.system.frames.dt(plate.kinematics.position("Q"))
    assert not vector_is(plate, derivative, "x'*x0 + h*theta'/sin(theta)*y1")


def test_plate_mass_centre_velocity(plate: Analysis) -> None:
    # Book, Example 13.3.7: {V_1/0} = {theta' z0 ; x' x0 + l theta' y1}_G
    assert vector_is(
        plate, plate.kinematics.kinematic_screw("1", "G").moment, "x'*x0 + l*theta'*y1"
    )


def test_plate_partial_screws(plate: Analysis) -> None:
    partial = plate.kinematics.partial_screws("1")
    assert vector_is(plate, partial["x"].resultant, "0")
    assert vector_is(plate, partial["x"].moment, "x0")
    assert vector_is(plate, partial["theta"].resultant, "z0")
    assert vector_is(plate, partial["theta"].moment, "0")
    at_q = plate.kinematics.partial_screws("1", "Q")
    assert vector_is(plate, at_q["theta"].moment, "h/sin(theta)*y1")
    assert vector_is(plate, partial[TIME].moment, "0")


def test_sphere_partial_screws(sphere: Analysis) -> None:
    partial = sphere.kinematics.partial_screws("1")
    expected = {
        "x": ("0", "x0"),
        "y": ("0", "y0"),
        "psi": ("z0", "0"),
        "theta": ("u", "0"),
        "phi": ("z1", "0"),
    }
    for q, (resultant, moment) in expected.items():
        assert vector_is(sphere, partial[q].resultant, resultant), q
        assert vector_is(sphere, partial[q].moment, moment), q


def test_sphere_contact_point_slip_velocity(sphere: Analysis) -> None:
    # Book, end of Example 13.1.6: v_I = x' x0 + y' y0 + r (theta' v + phi' sin(theta) u)
    v_i = sphere.kinematics.velocity("I")
    assert vector_is(sphere, v_i, "x'*x0 + y'*y0 + r*(theta'*v + phi'*sin(theta)*u)")


def test_sphere_slip_velocity_prints_like_the_book(sphere: Analysis) -> None:
    terms = dict((u, c) for c, u in sphere.system.frames.terms(sphere.kinematics.velocity("I")))
    r, theta = sympy.Symbol("r", positive=True), sympy.Symbol("theta", real=True)
    assert set(terms) == {"x0", "y0", "u", "v"}
    assert same(sphere.static(terms["v"]), r * sympy.Symbol("theta'", real=True))
    assert same(sphere.static(terms["u"]), r * sympy.Symbol("phi'", real=True) * sympy.sin(theta))


def test_geometric_point_from_an_attached_point_uses_the_derivative() -> None:
    analysis = solve_text(
        """title: wheel
referential: 0
coordinates: [q, s]
parameters: {a: positive}
frames: {0: {}, 1: {from: 0, rotate: [z, q]}}
points:
  O: {fixed_in: 0}
  A: {from: O, position: a*x1, body: 1}
  P: {from: A, position: s*y1}
bodies: {1: {frame: 1, origin: O}}
"""
    )
    # r_OP = a x1 + s y1 -> v_P = a q' y1 + s' y1 - s q' x1
    assert vector_is(analysis, analysis.kinematics.velocity("P"), "a*q'*y1 + s'*y1 - s*q'*x1")
    # P as a point of body 1 (transport): a q' y1 - s q' x1
    screw = analysis.kinematics.kinematic_screw("1", "P")
    assert vector_is(analysis, screw.moment, "a*q'*y1 - s*q'*x1")


def test_rheonomic_time_screw() -> None:
    analysis = solve_text(
        """title: turntable
referential: 0
coordinates: [r]
parameters: {Omega: positive}
frames: {0: {}, 1: {from: 0, rotate: [z, Omega*t]}}
points: {O: {fixed_in: 0}, P: {from: O, position: r*x1}}
bodies: {table: {frame: 1, origin: O}, bead: {frame: 0, origin: P}}
"""
    )
    table = analysis.kinematics.partial_screws("table")
    assert vector_is(analysis, table[TIME].resultant, "Omega*z0")
    assert vector_is(analysis, table["r"].resultant, "0")
    bead = analysis.kinematics.partial_screws("bead")
    assert vector_is(analysis, bead[TIME].moment, "r*Omega*y1")
    assert vector_is(analysis, bead["r"].moment, "x1")


def test_large_components_are_differentiated_on_their_graph_to_the_same_partials(
    monkeypatch,
) -> None:
    """Every component taken through symengine (threshold 0) gives the same partial screws as
    sympy's own differentiation, for every body of the sphere and of a two-link chain."""
    from screwsolve.mechanics import kinematics

    from ..conftest import PROBLEMS
    from ..two_axis_chain import two_axis_chain_yaml

    texts = [
        (PROBLEMS / "rolling-sphere.yaml").read_text(encoding="utf-8"),
        two_axis_chain_yaml(2),
    ]
    for text in texts:
        reference = solve_text(text)
        bodies = list(reference.system.bodies)
        expected = [_components(reference, reference.kinematics.partial_screws(b)) for b in bodies]
        monkeypatch.setattr(kinematics, "GRAPH_DERIVATIVE_NODES", 0)
        analysis = solve_text(text)
        ours = [_components(analysis, analysis.kinematics.partial_screws(b)) for b in bodies]
        monkeypatch.undo()
        for body, mine, theirs in zip(bodies, ours, expected, strict=True):
            assert len(mine) == len(theirs)
            assert all(same(a, b) for a, b in zip(mine, theirs, strict=True)), body


def _components(analysis: Analysis, screws: dict) -> list[sympy.Expr]:
    """Every partial screw's resultant and moment in the referential, static."""
    frame = analysis.system.frames.referential
    return [
        analysis.static(component)
        for q in sorted(screws)
        for vector in (screws[q].resultant, screws[q].moment)
        for component in vector.to_matrix(frame)
    ]


MOVING_SUPPORT = """title: pendulum hanging from a support moved as s(t), turning as an input angle
referential: 0
parameters: {m: positive, g: positive, l: positive}
coordinates: [theta]
functions: [s, T, alpha]
frames:
  0: {}
  1: {from: 0, rotate: [z, theta]}
  2: {from: 1, rotate: [z, alpha]}
points:
  O: {fixed_in: 0}
  A: {from: O, position: s*x0}
  G: {from: A, position: -l*y1, body: 1}
bodies:
  1: {frame: 1, origin: A}
  2: {frame: 2, origin: A}
actions:
  - {name: weight, on: 1, at: G, force: -m*g*y0}
  - {name: push, on: 1, at: G, force: T*x0 + s'*y0}
  - {name: drive, on: 2, by: 1, moment: T*z0, at: A}
"""


def test_a_specified_motion_stays_in_the_time_screw() -> None:
    """Hand derivation: v_A = s' x0 (the support), v_G = s' x0 + l theta' x1; frame 2 turns
    by the input alpha(t) on frame 1. No partial screw for s or alpha: their rates are in {V^t}."""
    analysis = solve_text(MOVING_SUPPORT)
    kinematics = analysis.kinematics
    partials = kinematics.partial_screws("1")
    assert set(partials) == {"theta", TIME}
    assert vector_is(analysis, partials[TIME].moment, "s'*x0")
    assert vector_is(analysis, partials["theta"].moment, "0")
    assert vector_is(analysis, kinematics.partial_screws("1", "G")["theta"].moment, "l*x1")
    assert vector_is(analysis, kinematics.partial_screws("2")[TIME].resultant, "alpha'*z0")
    coefficients = {q: analysis.static(v) for q, v in analysis.coefficients.items()}
    # weight -m g l sin(theta); push l (T cos(theta) + s' sin(theta)), T s'; drive T alpha'
    ns = analysis.system.namespace
    expected = {
        "theta": "-m*g*l*sin(theta) + l*(T*cos(theta) + s'*sin(theta))",
        TIME: "T*s' + T*alpha'",
    }
    for q, text in expected.items():
        assert same(coefficients[q], ns.static(parse_scalar(text, ns))), q


def test_a_specified_motion_agrees_on_both_routes() -> None:
    from .fast.test_jacobian import assert_routes_agree

    assert_routes_agree(MOVING_SUPPORT)
