"""Generalized speeds: F_r and Kane's constrained F~_r equal sympy.physics.mechanics' KanesMethod
built independently (its own frames, velocities and loads) for every shipped problem with
speeds; the speed map and its remainder by hand."""

from __future__ import annotations

import pytest
import sympy
import sympy.physics.mechanics as me

from screwsolve.errors import InputError
from screwsolve.mechanics.analysis import Analysis

from ..conftest import PROBLEMS, same, solve_text

t = me.dynamicsymbols._t


def _analysis(name: str) -> Analysis:
    return solve_text((PROBLEMS / f"{name}.yaml").read_text(encoding="utf-8"))


def _ours(expr: sympy.Expr, analysis: Analysis) -> sympy.Expr:
    """sympy.physics.mechanics' expression in the analysis's static symbols, matched by name
    (their q(t), u(t), parameters and specified functions are their own objects)."""
    symbols = analysis.system.namespace.symbols
    mapping: dict[sympy.Basic, sympy.Basic] = {}
    for function in expr.atoms(sympy.core.function.AppliedUndef):
        name = function.func.__name__
        mapping[function] = symbols.coordinate.get(name) or symbols.function[name]
    for symbol in expr.free_symbols - {t}:
        mapping[symbol] = analysis.system.parameters[symbol.name]
    return expr.xreplace(mapping)


def _assert_forces(
    analysis: Analysis, fr: sympy.Matrix, names: list[str], constrained: bool
) -> None:
    table = analysis.constrained_forces if constrained else analysis.generalized_forces
    assert table is not None
    assert list(table.total) == names
    for name, theirs in zip(names, fr, strict=True):
        assert same(analysis.static(table.total[name]), _ours(theirs, analysis)), name


def _kane(frame, q, u, kd, loads, points, **constraints):
    bodies = [me.Particle(f"P{i}", point, sympy.Symbol("mass")) for i, point in enumerate(points)]
    method = me.KanesMethod(frame, q_ind=q, u_ind=u, kd_eqs=kd, **constraints)
    fr, _ = method.kanes_equations(bodies, loads)
    return fr


def test_two_rods_match_kanes_method() -> None:
    """Moore's two rods: Fr with u_r = q_r'."""
    m, g, k, l = sympy.symbols("m g k l")
    q1, q2, u1, u2 = me.dynamicsymbols("q1 q2 u1 u2", real=True)
    N, A, B = (me.ReferenceFrame(n) for n in "NAB")
    A.orient_axis(N, q1, N.z)
    B.orient_axis(A, q2, A.x)
    A.set_ang_vel(N, u1 * N.z)
    B.set_ang_vel(A, u2 * A.x)
    O = me.Point("O")
    O.set_vel(N, 0)
    Ao, Bo = O.locatenew("Ao", l / 2 * A.x), O.locatenew("Bo", l * A.x)
    Ao.v2pt_theory(O, N, A)
    Bo.v2pt_theory(O, N, A)
    loads = [
        (Ao, m * g * N.x),
        (Bo, m * g * N.x),
        (A, -k * q1 * N.z + k * q2 * A.x),
        (B, -k * q2 * A.x),
    ]
    kd = [q1.diff(t) - u1, q2.diff(t) - u2]
    fr = _kane(N, [q1, q2], [u1, u2], kd, loads, [Ao, Bo])
    _assert_forces(_analysis("two-rods-torsion-springs"), fr, ["u1", "u2"], constrained=False)


def test_heavy_top_matches_kanes_method() -> None:
    """Body-axis speeds u_r = omega . b_r of a z-x-z Euler sequence."""
    m, g, L = sympy.symbols("m g L")
    psi, theta, phi = me.dynamicsymbols("psi theta phi", real=True)
    u = me.dynamicsymbols("u1 u2 u3")
    N, B = me.ReferenceFrame("N"), me.ReferenceFrame("B")
    B.orient_body_fixed(N, (psi, theta, phi), "zxz")
    omega = B.ang_vel_in(N)
    kd = [u[i] - omega.dot(axis) for i, axis in enumerate((B.x, B.y, B.z))]
    O = me.Point("O")
    O.set_vel(N, 0)
    G = O.locatenew("G", L * B.z)
    G.set_vel(N, G.pos_from(O).dt(N))
    fr = _kane(N, [psi, theta, phi], u, kd, [(G, -m * g * N.z)], [G])
    _assert_forces(_analysis("heavy-top-body-speeds"), fr, ["u1", "u2", "u3"], constrained=False)


def _snakeboard(constrained: bool) -> sympy.Matrix:
    l = sympy.symbols("l")
    q1, q2, q3, q4, q5 = me.dynamicsymbols("q1:6", real=True)
    u1, u2, u3, u4, u5 = me.dynamicsymbols("u1:6")
    F, T4, T5 = me.dynamicsymbols("F T4 T5", real=True)
    N, A, B, C = (me.ReferenceFrame(n) for n in "NABC")
    A.orient_axis(N, q3, N.z)
    B.orient_axis(A, q4, A.z)
    C.orient_axis(A, q5, A.z)
    O = me.Point("O")
    O.set_vel(N, 0)
    Ao = O.locatenew("Ao", q1 * N.x + q2 * N.y)
    Ao.set_vel(N, Ao.pos_from(O).dt(N))
    Bo, Co = Ao.locatenew("Bo", l / 2 * A.x), Ao.locatenew("Co", -l / 2 * A.x)
    Bo.v2pt_theory(Ao, N, A)
    Co.v2pt_theory(Ao, N, A)
    kd = [
        u1 - q1.diff(t),
        u2 - q2.diff(t),
        u3 - l * q3.diff(t) / 2,
        u4 - q4.diff(t),
        u5 - q5.diff(t),
    ]
    loads = [(Ao, F * A.x), (B, T4 * A.z), (A, -T4 * A.z), (C, T5 * A.z), (A, -T5 * A.z)]
    q = [q1, q2, q3, q4, q5]
    if not constrained:
        return _kane(N, q, [u1, u2, u3, u4, u5], kd, loads, [Ao, Bo, Co])
    qdot = sympy.solve(kd, [x.diff(t) for x in q], dict=True)[0]
    fn = [me.msubs(Bo.vel(N).dot(B.y), qdot), me.msubs(Co.vel(N).dot(C.y), qdot)]
    return _kane(
        N, q, [u3, u4, u5], kd, loads, [Ao, Bo, Co], u_dependent=[u1, u2], velocity_constraints=fn
    )


def test_snakeboard_matches_kanes_method_with_and_without_its_constraints() -> None:
    analysis = _analysis("snakeboard-driven")
    _assert_forces(analysis, _snakeboard(False), ["u1", "u2", "u3", "u4", "u5"], False)
    _assert_forces(analysis, _snakeboard(True), ["u3", "u4", "u5"], True)


def _rolling_disc(constrained: bool) -> sympy.Matrix:
    m, g, r = sympy.symbols("m g r")
    q1, q2, q3, q4, q5 = me.dynamicsymbols("q1:6", real=True)
    u1, u2, u3, u4, u5 = me.dynamicsymbols("u1:6")
    T = me.dynamicsymbols("T", real=True)
    N = me.ReferenceFrame("N")
    Y = N.orientnew("Y", "Axis", [q1, N.z])
    L = Y.orientnew("L", "Axis", [q2, Y.x])
    R = L.orientnew("R", "Axis", [q3, L.y])
    omega = R.ang_vel_in(N)
    kd = [u1 - omega.dot(L.x), u2 - omega.dot(L.y), u3 - omega.dot(L.z)]
    kd += [u4 - q4.diff(t), u5 - q5.diff(t)]
    O = me.Point("O")
    O.set_vel(N, 0)
    D = O.locatenew("D", q4 * N.x + q5 * N.y + r * L.z)
    D.set_vel(N, D.pos_from(O).dt(N))
    loads = [(D, -m * g * N.z), (R, T * L.y)]
    q = [q1, q2, q3, q4, q5]
    if not constrained:
        return _kane(N, q, [u1, u2, u3, u4, u5], kd, loads, [D])
    qdot = sympy.solve(kd, [x.diff(t) for x in q], dict=True)[0]
    slip = D.vel(N) - omega.cross(r * L.z)
    fn = [me.msubs(slip.dot(N.x), qdot), me.msubs(slip.dot(N.y), qdot)]
    return _kane(N, q, [u1, u2, u3], kd, loads, [D], u_dependent=[u4, u5], velocity_constraints=fn)


def test_rolling_disc_matches_kanes_method_with_and_without_rolling() -> None:
    analysis = _analysis("rolling-disc-speeds")
    _assert_forces(analysis, _rolling_disc(False), ["u1", "u2", "u3", "u4", "u5"], False)
    _assert_forces(analysis, _rolling_disc(True), ["u1", "u2", "u3"], True)


def test_a_speed_with_an_offset_leaves_a_remainder_in_the_time_screw() -> None:
    """A bead at r on a rod turning at Omega t, with the speed u = r' - Omega r: r' = u + Omega r.
    v = r' x1 + r Omega y1 = u x1 + Omega r (x1 + y1): partial screw {0 ; x1}, remainder
    {Omega z0 ; Omega r (x1 + y1)} (hand derivation); a push F x1 gives F_u = F."""
    analysis = solve_text(
        """title: bead
referential: 0
parameters: {Omega: positive, F: real}
coordinates: [r]
speeds: {u: "r' - Omega*r"}
frames: {0: {}, 1: {from: 0, rotate: [z, Omega*t]}}
points: {O: {fixed_in: 0}, B: {from: O, position: r*x1}}
bodies: {bead: {frame: 1, origin: B}}
actions: [{name: push, on: bead, at: B, force: F*x1}]
"""
    )
    from screwsolve.model.grammar import parse_vector

    ns = analysis.system.namespace
    screws = analysis.speed_screws("bead")

    def vector_is(vector, text):
        difference = vector - parse_vector(text, ns)
        return all(same(ns.static(c), 0) for c in difference.to_matrix(analysis.system.referential))

    assert vector_is(screws["u"].moment, "x1") and vector_is(screws["u"].resultant, "0")
    assert vector_is(screws["t"].moment, "Omega*r*x1 + Omega*r*y1")
    assert vector_is(screws["t"].resultant, "Omega*z0")
    assert same(analysis.generalized_forces.total["u"], sympy.Symbol("F", real=True))


def test_without_declared_speeds_the_speeds_are_the_rates() -> None:
    analysis = _analysis("plate-on-a-step")
    assert analysis.speeds.names == ("x", "theta") and not analysis.speeds.declared
    for q, value in analysis.coefficients.items():
        if q != "t":
            assert same(analysis.generalized_forces.total[q], analysis.static(value))
    reduced = analysis.reduction
    assert reduced is not None and reduced.dependent == ("x",)
    # F~_theta = Q^theta + Q^x dx'/dtheta', dx'/dtheta' = h/sin^2(theta) from x + h cot(theta) = c
    h, theta = sympy.Symbol("h", positive=True), sympy.Symbol("theta", real=True)
    assert same(reduced.coefficients["x"]["theta"], h / sympy.sin(theta) ** 2)


def test_naming_dependent_speeds_the_constraints_cannot_fix_is_refused_at_validation() -> None:
    """It was a warning of `run` (and no reduction printed) while `validate` passed."""
    text = (PROBLEMS / "snakeboard-driven.yaml").read_text(encoding="utf-8")
    with pytest.raises(InputError) as info:
        solve_text(text.replace("dependent_speeds: [u1, u2]", "dependent_speeds: [u4, u5]"))
    (diagnostic,) = info.value.diagnostics
    assert diagnostic.message.startswith("the constraints cannot be solved for u4, u5")
