"""The file's speeds: one per coordinate, each linear in the rates, together fixing every rate;
dependent speeds named once among them; omega(FRAME) in their definitions."""

from __future__ import annotations

import pytest
import sympy

from screwsolve.errors import InputError

from ..conftest import PROBLEMS, solve_text

HEAD = """title: speeds
referential: 0
parameters: {l: positive}
coordinates: [a, b]
frames: {0: {}, 1: {from: 0, rotate: [z, a]}, 2: {from: 1, rotate: [x, b]}}
points: {O: {fixed_in: 0}}
bodies: {B: {frame: 2, origin: O}}
"""


def _messages(text: str) -> list[str]:
    with pytest.raises(InputError) as info:
        solve_text(text)
    return [d.message for d in info.value.diagnostics]


@pytest.mark.parametrize(
    ("speeds", "message"),
    [
        ('{u1: "a\'"}', "1 speeds for 2 coordinates"),
        ('{u1: "a\'", u2: "a\'*b\'"}', "a linear combination of the rates"),
        ('{u1: "a\'", u2: "l"}', "a linear combination of the rates"),
        ("{u1: \"a' + b'\", u2: \"2*a' + 2*b'\"}", "these speeds are not independent"),
        ('{u1: "a\'", l: "b\'"}', "'l' is declared twice"),
        ('{u1: "a\'", u2: "dot(omega(9), x0)"}', "unknown frame '9'"),
        ('{u1: "a\'", u2: "dot(omega(1, 0, 1), x0)"}', "omega() takes 1 or 2 frames"),
    ],
)
def test_bad_speeds_are_refused_at_their_place(speeds: str, message: str) -> None:
    messages = _messages(HEAD + f"speeds: {speeds}\n")
    assert any(message in m for m in messages), messages


def test_omega_reads_the_angular_velocity_of_a_frame() -> None:
    """omega(2) = a' z0 + b' x1: its components along x1 and z0 are b' and a'."""
    analysis = solve_text(HEAD + "speeds: {u1: 'dot(omega(2), x1)', u2: 'dot(omega(2), z0)'}\n")
    speeds = analysis.speeds
    assert [str(v) for v in speeds.rates().values()] == ["u2", "u1"]


def test_a_parameter_named_omega_and_the_function_live_apart() -> None:
    """A source's parameter omega is that symbol when bare, and omega(FRAME) is still the
    angular velocity: omega(2) = a' z0 + b' x1, so dot(omega(2), x1) = b'."""
    text = HEAD.replace("{l: positive}", "{l: positive, omega: positive}")
    analysis = solve_text(text + 'speeds: {u1: "omega*a\'", u2: "dot(omega(2), x1)"}\n')
    rates = analysis.speeds.rates()
    omega = analysis.system.parameters["omega"]
    u1, u2 = sympy.symbols("u1 u2", real=True)
    assert sympy.simplify(rates["a"] - u1 / omega) == 0
    assert sympy.simplify(rates["b"] - u2) == 0


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("dependent_speeds: [a]\nconstraints: [\"a' = b'\"]\n", None),
        ("dependent_speeds: [c]\nconstraints: [\"a' = b'\"]\n", "unknown speed 'c'"),
        ("dependent_speeds: [a, a]\nconstraints: [\"a' = b'\"]\n", "'a' is named twice"),
        ("dependent_speeds: [a]\n", "dependent speeds need constraints"),
        ("dependent_speeds: [a, b]\nconstraints: [\"a' = b'\"]\n", "at least one speed"),
    ],
)
def test_dependent_speeds_are_speeds_named_once(extra: str, message: str | None) -> None:
    if message is None:
        assert solve_text(HEAD + extra).system.dependent_speeds == ("a",)
    else:
        assert any(message in m for m in _messages(HEAD + extra))


ROLLER = """title: a disc of radius r rolling on a line, stated with one speed
referential: N
parameters: {r: positive, F: real}
coordinates: [x, phi]
speeds: {u: phi'}
frames: {N: {}, D: {from: N, rotate: [z, phi]}}
points:
  O: {fixed_in: N}
  C: {from: O, position: x*xN + r*yN}
  I: {from: C, position: -r*yN, body: disc}
bodies: {disc: {frame: D, origin: C}}
actions:
  - {name: push, on: disc, at: C, force: F*xN}
"""


def test_speeds_as_printed_leave_the_other_rates_to_the_constraints() -> None:
    """One speed for two coordinates, as a source prints a rolling disc: x' completes the
    speeds as a dependent one, named by its rate. By hand: v_I = (x' + r phi') n_x = 0, so
    x' = -r u and F~_u = F_phi + F_x (-r) = -r F."""
    analysis = solve_text(ROLLER + 'constraints: ["dot(v(I), xN) = 0"]\n')
    system = analysis.system
    assert list(system.speeds) == ["u", "x'"]
    assert system.dependent_speeds == ("x'",)
    reduction = analysis.reduction
    assert reduction is not None and reduction.independent == ("u",)
    r, force = system.parameters["r"], system.parameters["F"]
    assert analysis.constrained_forces is not None
    assert sympy.simplify(analysis.constrained_forces.total["u"] + r * force) == 0
    u = sympy.Symbol("u", real=True)
    assert sympy.simplify(reduction.rates["x"] + r * u) == 0
    assert reduction.rates["phi"] == u


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("", "without constraints, declare one speed per coordinate"),
        (
            'constraints: ["dot(v(I), xN) = 0"]\ndependent_speeds: [u]\n',
            "the rates they leave out are the dependent ones",
        ),
        (
            'constraints: ["dot(v(I), yN) = 0"]\n',
            "the constraints fix only 0 of the 1 rates left out (x')",
        ),
    ],
)
def test_speeds_as_printed_need_constraints_that_fix_the_rest(extra: str, message: str) -> None:
    """Fewer speeds than coordinates only with constraints that fix every rate left out
    (v_I . n_y is 0 whatever the rates: it fixes none)."""
    messages = _messages(ROLLER + extra)
    assert any(message in m for m in messages), messages


@pytest.mark.parametrize(("named", "valid"), [("u_x", True), ("u_y", True), ("u_theta", False)])
def test_dependent_speeds_must_be_those_the_constraints_fix(named: str, valid: bool) -> None:
    """The sleigh's constraint -sin(theta) u_x + cos(theta) u_y = 0 can be solved for u_x or
    u_y, never for u_theta, which it does not hold: that choice is a located error at
    dependent_speeds (run only warned, and printed no reduction)."""
    text = (PROBLEMS / "chaplygin-sleigh-friction.yaml").read_text(encoding="utf-8")
    text = text.replace("dependent_speeds: [u_x]", f"dependent_speeds: [{named}]", 1)
    text = text.split("\nexpected:", 1)[0] + "\n"  # the claims are u_x's
    if valid:
        solve_text(text)
        return
    with pytest.raises(InputError) as info:
        solve_text(text)
    (diagnostic,) = info.value.diagnostics
    assert diagnostic.message.startswith("the constraints cannot be solved for u_theta")
    assert text.splitlines()[diagnostic.line - 1].startswith("dependent_speeds:")


EULER_BODY_SPEEDS = """\
title: a body turned by Euler angles, its body speeds
referential: N
parameters: {M: real}
coordinates: [psi, theta, phi]
DOMAINS
speeds:
  u1: dot(omega(B), xB)
  u2: dot(omega(B), yB)
  u3: dot(omega(B), zB)
frames:
  N: {}
  A: {from: N, rotate: [z, psi]}
  A2: {from: A, rotate: [x, theta]}
  B: {from: A2, rotate: [z, phi]}
points:
  O: {fixed_in: N}
bodies:
  top: {frame: B, origin: O}
actions:
  - {name: torque, on: top, moment: M*zB}
"""


def test_speeds_singular_inside_the_domains_are_a_located_warning() -> None:
    """Body speeds of z-x-z Euler angles: by hand, psi' = (u1 sin(phi) + u2 cos(phi))/sin(theta),
    so the rates exist only where sin(theta) != 0, and sin(theta) takes both signs for theta
    in (-pi, pi). With 0 < theta < pi the speeds are regular: no warning."""
    from screwsolve.files.loading import load_problem_text
    from screwsolve.model.system import build_system

    def warnings(domains: str) -> list[str]:
        text = EULER_BODY_SPEEDS.replace("DOMAINS", domains)
        loaded = load_problem_text(text, "euler.yaml")
        system = build_system(loaded.problem, loaded.source)
        return [f"{w.line}:{w.col}: {w.message}" for w in system.warnings]

    (found,) = warnings("")
    assert found.startswith("6:1: these speeds fix the rates only where the determinant")
    assert "(-sin(theta))" in found and "Restrict `domains:` to one side" in found
    assert warnings("domains: [theta > 0, theta < pi]") == []
    assert warnings("domains: [theta < 0, theta > -3]") == []
