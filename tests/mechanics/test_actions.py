"""Each action kind reduces to screws with the right physics; potentials agree with screws."""

from __future__ import annotations

from dataclasses import replace

import sympy
import sympy.physics.vector

from screwsolve.mechanics.analysis import Analysis
from screwsolve.model.static import TIME

from ..conftest import same, solve_text

S = sympy.Symbol
HEAD = """title: t
referential: 0
parameters: {k: positive, l0: positive, c: positive, mu: positive, N: positive, a: positive,
             T: real, b: positive}
frames: {0: {}, 1: {from: 0, rotate: [z, q]}}
points:
  O: {fixed_in: 0}
  P: {from: O, position: x*x0 + y*y0}
  A: {from: O, position: a*x1, body: arm}
bodies: {ball: {frame: 0, origin: P}, arm: {frame: 1, origin: O}}
coordinates: [x, y, q]
actions:
"""


def coefficient(analysis: Analysis, name: str, q: str) -> sympy.Expr:
    terms = next(a for a in analysis.actions if a.action.name == name)
    return analysis.static(terms.coefficients[q])


def test_spring_between_two_bodies_is_an_interaction_with_a_matching_potential() -> None:
    analysis = solve_text(
        HEAD + "  - {name: s, spring: {between: [A, P], stiffness: k, free_length: l0}}\n"
    )
    terms = analysis.actions[0]
    assert terms.action.interaction
    assert {s.on for s in terms.screws} == {"ball", "arm"}
    (check,) = analysis.potential_checks
    assert check.mismatched == ()
    # Q^x = -k (L - l0) dL/dx with L = |P - A|
    x, y, q, k, l0, a = (
        S("x", real=True),
        S("y", real=True),
        S("q", real=True),
        *(S(n, positive=True) for n in ("k", "l0", "a")),
    )
    length = sympy.sqrt((x - a * sympy.cos(q)) ** 2 + (y - a * sympy.sin(q)) ** 2)
    assert same(coefficient(analysis, "s", "x"), -k * (length - l0) * sympy.diff(length, x))
    assert same(coefficient(analysis, "s", "q"), -k * (length - l0) * sympy.diff(length, q))


def test_damper_opposes_the_rate_of_length() -> None:
    analysis = solve_text(HEAD + "  - {name: d, damper: {between: [O, P], coefficient: c}}\n")
    x, y = S("x", real=True), S("y", real=True)
    xd, yd = S("x'", real=True), S("y'", real=True)
    c = S("c", positive=True)
    rate = (x * xd + y * yd) / sympy.sqrt(x**2 + y**2)
    assert same(analysis.static(analysis.power), -c * rate**2)


def test_friction_in_two_dimensions_is_mu_n_against_the_slip() -> None:
    analysis = solve_text(HEAD + "  - {name: f, friction: {at: P, normal: N, coefficient: mu}}\n")
    xd, yd = S("x'", real=True), S("y'", real=True)
    mu, n = S("mu", positive=True), S("N", positive=True)
    speed = sympy.sqrt(xd**2 + yd**2)
    assert same(coefficient(analysis, "f", "x"), -mu * n * xd / speed)
    assert same(analysis.static(analysis.power), -mu * n * speed)


def test_motor_torque_reaction_is_implied_on_the_source() -> None:
    analysis = solve_text(
        HEAD + "  - {name: m, on: arm, by: ball, motor_torque: {axis: z0, torque: T}}\n"
    )
    assert same(coefficient(analysis, "m", "q"), S("T", real=True))
    assert same(coefficient(analysis, "m", "x"), 0)


def test_contact_vanishes_out_of_penetration() -> None:
    analysis = solve_text(
        HEAD + "  - {name: c, contact: {at: P, normal: y0, penetration: -y, stiffness: k}}\n"
    )
    q_y = coefficient(analysis, "c", "y")
    y = S("y", real=True)
    assert q_y.subs(y, sympy.Rational(1, 2)) == 0
    assert same(q_y.subs(y, -sympy.Rational(1, 4)), S("k", positive=True) / 8)


def test_potential_gives_minus_its_gradient_and_time_derivative() -> None:
    analysis = solve_text(HEAD + "  - {name: v, potential: {energy: b*x**2*sin(t)}}\n")
    x, t, b = S("x", real=True), S("t"), S("b", positive=True)
    assert same(coefficient(analysis, "v", "x"), -2 * b * x * sympy.sin(t))
    assert same(coefficient(analysis, "v", TIME), -b * x**2 * sympy.cos(t))


def test_replacement_sums_actions_and_reactions_about_a_point() -> None:
    analysis = solve_text(
        HEAD
        + "  - {name: f, on: arm, at: A, force: T*y1}\n"
        + "  - {name: r, on: ball, by: arm, at: P, force: T*x0}\n"
    )
    screw = analysis.replacement("arm")
    # arm: T y1 at A (moment a T z1 about O) and the reaction -T x0 at P (moment y T z0 about O)
    ref = analysis.system.referential
    resultant = [analysis.static(c) for c in screw.resultant.to_matrix(ref)]
    moment = [analysis.static(c) for c in screw.moment.to_matrix(ref)]
    q, y, a, t_ = S("q", real=True), S("y", real=True), S("a", positive=True), S("T", real=True)
    assert same(resultant[0], -t_ * sympy.sin(q) - t_)
    assert same(moment[2], a * t_ + y * t_)


def test_joint_constraint_actions_and_ideal_check() -> None:
    text = HEAD.replace("actions:\n", "actions: []\njoints:\n") + (
        "  - {name: r, type: rolling, between: [arm, ball], at: P}\n"
        "  - {name: p, type: pin, between: [arm, ball], at: P, axis: z1, coordinates: [x]}\n"
    )
    analysis = solve_text(text)
    rolling, pin = analysis.joints
    assert rolling.joint.moment == sympy.physics.vector.Vector(0)
    assert len(rolling.joint.unknowns) == 3
    assert len(pin.joint.unknowns) == 5
    # the ball moves freely relative to the arm: a force at P works on x and y
    assert set(rolling.nonzero) >= {"x", "y"}
    assert pin.checked == ("x",) and not pin.ideal


def test_a_potential_that_does_not_match_the_screws_is_reported(monkeypatch) -> None:
    """Link 2's weight matches V = m2 g z_G2, with (hand derivation)
    z_G2 = L1 sin b1 + L2/2 (cos a2 sin b1 cos b2 + cos b1 sin b2); a doubled V mismatches
    exactly where V depends on a coordinate (b1, a2, b2; not a1, a turn about the vertical,
    nor t). Checked on the symengine form of the coefficients (dV/dq at the probe points by a
    reverse pass over V's graph) and on the sympy form. A doubled V plus atan2(a1, L1), a step
    the reverse pass does not take, is differentiated symbolically: a1 mismatches too."""
    import symengine as se

    from ..two_axis_chain import two_axis_chain_yaml

    turn = se.atan2(se.Symbol("a1"), se.Symbol("L1"))
    cases = {True: {"b1", "a2", "b2"}, "atan2": {"a1", "b1", "a2", "b2"}, False: {"b1", "a2", "b2"}}
    for engine_form, expected in cases.items():
        analysis = solve_text(two_axis_chain_yaml(2))
        weight = next(a for a in analysis.actions if a.action.name == "weight of 2")
        assert dict((c.action, c.mismatched) for c in analysis.potential_checks) == {
            "weight of 1": (),
            "weight of 2": (),
        }
        analysis = solve_text(two_axis_chain_yaml(2))
        weight = next(a for a in analysis.actions if a.action.name == "weight of 2")
        if engine_form:
            # the symengine route takes a weight's V from the core's positions
            built = analysis.engine_potential

            def doubled_engine(terms, built=built, form=engine_form):  # type: ignore[no-untyped-def]
                value = built(terms)
                if terms.action.name != "weight of 2":
                    return value
                return 2 * value + (turn if form == "atan2" else 0)

            monkeypatch.setattr(analysis, "engine_potential", doubled_engine)
        else:
            doubled = 2 * weight.action.potential
            monkeypatch.setitem(weight.action.__dict__, "_potential", doubled)
            index = analysis.actions.index(weight)
            analysis.actions[index] = replace(weight, engine=None)
        checks = {c.action: set(c.mismatched) for c in analysis.potential_checks}
        assert checks == {"weight of 1": set(), "weight of 2": expected}


LAWS = """title: a block held by a hardening spring, on a belt, in oil; a coiled wheel
referential: 0
parameters: {k: positive, k3: positive, l0: positive, F_c: positive, F_s: positive,
             v_s: positive, c: positive, kt: positive, mu: positive, N: positive}
coordinates: [{x: positive}, theta, y]
frames: {0: {}, 1: {from: 0, rotate: [z, theta]}}
points:
  O: {fixed_in: 0}
  B: {from: O, position: x*x0}
  P: {from: O, position: x*x0 + y*y0}
bodies: {block: {frame: 0, origin: B}, wheel: {frame: 1, origin: O}, puck: {frame: 0, origin: P}}
actions:
  - {name: spring, spring: {between: [O, B], free_length: l0, force: k*s + k3*s**3}}
  - {name: belt, on: block, friction: {at: B, law: F_c + (F_s - F_c)*exp(-(v/v_s)**2)}}
  - {name: oil, on: block, friction: {at: B, law: c*v}}
  - {name: coil, on: wheel, torsion_spring: {axis: z0, angle: theta, torque: kt*s**3}}
  - {name: viscous puck, on: puck, friction: {at: P, law: c*v}}
  - {name: dry puck, on: puck, friction: {at: P, normal: N, coefficient: mu}}
"""


def _scalar(analysis: Analysis, text: str) -> sympy.Expr:
    from screwsolve.model.grammar import parse_scalar

    ns = analysis.system.namespace
    return ns.static(parse_scalar(text, ns))


def test_force_laws_give_their_forces_potentials_and_dissipation() -> None:
    """Hand derivation. Spring: L = x, s = x - l0, tension k s + k3 s^3 pulls B towards O:
    Q^x = -(k s + k3 s^3), V = k s^2/2 + k3 s^4/4. Belt (Stribeck) along x0 at speed |x'|:
    Q^x = -f(|x'|) sign(x'), R = F_c|x'| + (F_s - F_c) v_s sqrt(pi)/2 erf(|x'|/v_s).
    Oil (viscous): Q^x = -c x', R = c x'^2/2. Coil: Q^theta = -kt theta^3, V = kt theta^4/4.
    Puck slipping at (x', y'): viscous -c v gives Q^y = -c y'; Coulomb -mu N v/|v| gives
    Q^y = -mu N y'/sqrt(x'^2 + y'^2); R = c (x'^2 + y'^2)/2 and mu N sqrt(x'^2 + y'^2)."""
    analysis = solve_text(LAWS)
    expected = {
        ("spring", "x"): "-(k*(x - l0) + k3*(x - l0)**3)",
        ("belt", "x"): "-(F_c + (F_s - F_c)*exp(-(x'/v_s)**2))*sign(x')",
        ("oil", "x"): "-c*x'",
        ("coil", "theta"): "-kt*theta**3",
        ("viscous puck", "y"): "-c*y'",
        ("viscous puck", "x"): "-c*x'",
        ("dry puck", "y"): "-mu*N*y'/sqrt(x'**2 + y'**2)",
    }
    for (name, q), text in expected.items():
        assert same(coefficient(analysis, name, q), _scalar(analysis, text)), (name, q)
    potentials = {a.action.name: a.action.potential for a in analysis.actions}
    assert same(
        analysis.static(potentials["spring"]),
        _scalar(analysis, "k*(x - l0)**2/2 + k3*(x - l0)**4/4"),
    )
    assert same(analysis.static(potentials["coil"]), _scalar(analysis, "kt*theta**4/4"))
    dissipations = {name: analysis.static(r) for name, r in analysis.dissipations.items()}
    v = sympy.Abs(S("x'", real=True))
    F_c, F_s, v_s = (S(n, positive=True) for n in ("F_c", "F_s", "v_s"))
    stribeck = F_c * v + (F_s - F_c) * v_s * sympy.sqrt(sympy.pi) / 2 * sympy.erf(v / v_s)
    assert same(dissipations["belt"], stribeck)
    assert same(dissipations["oil"], _scalar(analysis, "c*x'**2/2"))
    assert same(dissipations["viscous puck"], _scalar(analysis, "c*(x'**2 + y'**2)/2"))
    assert same(dissipations["dry puck"], _scalar(analysis, "mu*N*sqrt(x'**2 + y'**2)"))
    assert all(not c.mismatched for c in analysis.potential_checks)
    assert {c.action for c in analysis.dissipation_checks} == {
        "belt",
        "oil",
        "viscous puck",
        "dry puck",
    }
    assert all(not c.mismatched for c in analysis.dissipation_checks)


def test_a_wrong_dissipation_would_be_caught(monkeypatch) -> None:
    """The check can fail: a friction whose R is given twice too large mismatches."""
    from screwsolve.mechanics import analysis as module

    original = module.dissipation_of

    def doubled(action, kinematics):
        value = original(action, kinematics)
        return None if value is None else 2 * value

    monkeypatch.setattr(module, "dissipation_of", doubled)
    checks = {c.action: c.mismatched for c in solve_text(LAWS).dissipation_checks}
    assert checks["oil"] == ("x",)


def test_a_position_with_abs_takes_the_sympy_route_to_a_readable_coefficient() -> None:
    """symengine cannot differentiate Abs: d|x|/dx = sign(x) must come from sympy, never an
    unevaluated Derivative in the output."""
    analysis = solve_text(
        """title: abs
referential: 0
parameters: {F: real}
coordinates: [x]
frames: {0: {}}
points: {O: {fixed_in: 0}, B: {from: O, position: Abs(x)*x0}}
bodies: {b: {frame: 0, origin: B}}
actions: [{name: push, on: b, at: B, force: F*x0}]
"""
    )
    value = coefficient(analysis, "push", "x")
    assert not value.has(sympy.Derivative)
    assert same(value, S("F", real=True) * sympy.sign(S("x", real=True)))


def test_a_spring_whose_stiffness_changes_with_time_keeps_its_potential_for_q_only() -> None:
    """Stiffness k (1 + s(t)), free length 0, P at x x0: by hand Q^x = -k (1 + s) x, Q^t = 0,
    V = k (1 + s) x^2 / 2. -dV/dx gives Q^x; -dV/dt = -k s' x^2/2 is not Q^t, and is not
    compared (the time is in the law, not in the motion): run reported a mismatch for t."""
    analysis = solve_text(
        """title: a spring stiffening with time
referential: 0
parameters: {k: positive}
functions: [s]
coordinates: [x]
frames: {0: {}}
points: {O: {fixed_in: 0}, P: {from: O, position: x*x0}}
bodies: {1: {frame: 0, origin: P}}
actions:
  - {name: spring, on: 1, spring: {between: [O, P], stiffness: k*(1 + s), free_length: 0}}
"""
    )
    (check,) = analysis.potential_checks
    energy = sympy.sympify(analysis.static(check.energy))
    named = {str(symbol): symbol for symbol in energy.free_symbols}
    k, x, s = (named[n] for n in ("k", "x", "s"))
    assert sympy.simplify(energy - k * (1 + s) * x**2 / 2) == 0
    assert check.mismatched == ()


def test_a_chains_weights_are_checked_in_one_reverse_pass_per_point(monkeypatch) -> None:
    """The six weights' Q^q = -dV/dq are decided together: one reverse pass over all the
    potentials at each probe point (one each grew like the cube of the links), and the same
    verdicts as the per-value route (a wrong V is still named: the doubled-V test above)."""
    from screwsolve.symbolic import graph_gradients
    from screwsolve.symbolic.equivalence import PROBES

    from ..two_axis_chain import two_axis_chain_yaml

    passes: list[int] = []
    real = graph_gradients._Backward.gradient

    def counted(self, seeds):  # type: ignore[no-untyped-def]
        passes.append(len(seeds))
        return real(self, seeds)

    monkeypatch.setattr(graph_gradients._Backward, "gradient", counted)
    analysis = solve_text(two_axis_chain_yaml(6))
    checks = {c.action: c.mismatched for c in analysis.potential_checks}
    assert checks == {f"weight of {k}": () for k in range(1, 7)}
    assert 0 < len(passes) <= PROBES and set(passes) == {6}
