"""Potential energies of actions given by their screws: found by integration when the power
coefficients are conservative, refused with the reason otherwise. Expected values by hand:
a constant force F at a point P has V = -F . r_OP (up to a constant)."""

from __future__ import annotations

import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from screwsolve.checking.checking import check_file

from ..conftest import solve_text

PENDULUM = """
title: a pendulum on a sliding pivot, with a dead load, a spring, a follower load and a damper
referential: N
parameters: {l: positive, P: real, F: real, c: positive}
coordinates: [theta, x]
frames: {N: {}, A: {from: N, rotate: [z, theta]}}
points:
  O: {fixed_in: N}
  S: {from: O, position: x*xN}
  B: {from: S, position: -l*yA, body: rod}
bodies: {rod: {frame: A, origin: S}}
actions:
  - {name: load, on: rod, at: B, force: -P*yN}
  - {name: pull, on: rod, at: S, force: -c*x*xN}
  - {name: follower, on: rod, at: B, force: F*xA}
  - {name: damper, on: rod, at: S, force: -c*x'*xN}
expected:
  potential_energy:
"""


def _report(tmp_path, claims: str):
    path = tmp_path / "pendulum.yaml"
    path.write_text(PENDULUM + claims, encoding="utf-8")
    return check_file(str(path))


def test_a_dead_load_and_a_spring_written_as_screws_have_their_potentials(tmp_path) -> None:
    """By hand: r_OB = x n_x - l a_y, a_y = -sin(theta) n_x + cos(theta) n_y, so the load's
    V = -F . r_OB = -(-P)(-l cos(theta)) = -P l cos(theta); the spring's V = c x^2 / 2 (a
    claim may add any constant)."""
    report = _report(tmp_path, "    load: -P*l*cos(theta)\n    pull: c*x**2/2 + 7\n")
    assert not report.diagnostics
    assert [r.status for r in report.claims] == ["ok", "ok"], report.claims


def test_a_wrong_potential_fails_with_its_probe(tmp_path) -> None:
    report = _report(tmp_path, "    load: P*l*cos(theta)\n")
    (result,) = report.claims
    assert result.status == "fail"
    assert "d/dtheta differs at" in result.detail


def test_nonconservative_actions_are_refused_with_the_reason(tmp_path) -> None:
    """A follower load F a_x: Q^theta = F l, Q^x = F cos(theta), and dQ^theta/dx = 0 differs
    from dQ^x/dtheta = -F sin(theta); a damper's Q^x holds x'."""
    report = _report(tmp_path, "    follower: 0\n    damper: 0\n")
    details = [r.detail for r in report.claims]
    assert [r.status for r in report.claims] == ["error", "error"], details
    assert "not conservative: dQ^theta/dx differs" in details[0]
    assert "holds rates" in details[1]


CHAIN = """
title: a two-link chain with a constant force at a point of the second link
referential: N
parameters: {a: real, b: real, l1: positive, l2: positive, d: real}
coordinates: [p, q]
frames: {N: {}, A: {from: N, rotate: [z, p]}, B: {from: A, rotate: [@axis@, q]}}
points:
  O: {fixed_in: N}
  J: {from: O, position: l1*xA, body: one}
  P: {from: J, position: l2*xB + d*@arm@, body: two}
bodies: {one: {frame: A, origin: O}, two: {frame: B, origin: J}}
actions:
  - {name: f, on: two, at: P, force: a*xN + b*@direction@}
"""


@settings(max_examples=10, deadline=None)
@given(
    axis=st.sampled_from(["z", "x", "y"]),
    arm=st.sampled_from(["yB", "zB", "xB"]),
    direction=st.sampled_from(["yN", "zN"]),
)
def test_a_constant_force_has_minus_its_work_on_the_position(
    axis: str, arm: str, direction: str
) -> None:
    """For any two-link chain (planar or not) and any constant force F at any point P of the
    second link, the integrated V equals -F . r_OP up to a constant (a law, by hand)."""
    text = CHAIN.replace("@axis@", axis).replace("@arm@", arm).replace("@direction@", direction)
    analysis = solve_text(text)
    energy = analysis.conservative_potential("f")
    assert not isinstance(energy, str), energy
    system = analysis.system
    force = system.actions[0].force  # type: ignore[attr-defined]
    position = system.points["P"].position
    by_hand = analysis.static(-force.dot(position))
    difference = sympy.expand(sympy.expand_trig(energy - by_hand))
    symbols = system.namespace.symbols
    for q in ("p", "q"):
        assert sympy.simplify(difference.diff(symbols.coordinate[q])) == 0
