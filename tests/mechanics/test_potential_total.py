"""The total potential energy, defined once: what it holds, what run prints, what check and
grade compare, and the way out for a claim written under another reading of "total".

Values by hand for the double pendulum (q1 of link A from x_N, q2 of B from A, links of length
l, mass m at mid-length, gravity -g y_N):
  heights y_CA = (l/2) sin q1, y_CB = l sin q1 + (l/2) sin(q1 + q2), so the weights' V is
  m g l (3/2 sin q1 + 1/2 sin(q1 + q2)); the torsion spring's V is k q2^2/2;
  the motor T z_N on A has Q^q1 = T, so its V would be -T q1 (an input: left out);
  the push F x_N at the tip E, x_E = l cos q1 + l cos(q1 + q2), would have V = -F x_E.
"""

from __future__ import annotations

import io
from pathlib import Path

import sympy
from rich.console import Console

from screwsolve.api import solve
from screwsolve.checking.checking import check_file, validate_file
from screwsolve.render.json import solution_document
from screwsolve.render.latex import render_solution as latex_solution
from screwsolve.render.table import render_solution as table_solution

from ..acceptance.test_roundtrip import DOUBLE_PENDULUM

ELEMENTS = "m*g*l*(3*sin(q1)/2 + sin(q1 + q2)/2) + k*q2**2/2"
PUSH = "-F*l*(cos(q1) + cos(q1 + q2))"
MOTOR = "-T*q1"


def _check(tmp_path: Path, claims: str, mark: str = ""):
    path = tmp_path / "pendulum.yaml"
    text = DOUBLE_PENDULUM.replace("@mark@", mark) + "expected:\n" + claims
    path.write_text(text, encoding="utf-8")
    return check_file(str(path), seconds=None)


def test_the_total_holds_the_elements_and_leaves_out_the_inputs(tmp_path: Path) -> None:
    """A key that claims gravity and the spring, as the book does, passes."""
    report = _check(tmp_path, f"  potential_energy: {ELEMENTS} + 5\n")
    assert [c.status for c in report.claims] == ["ok"], report.claims


def test_run_prints_that_total_and_names_what_it_holds() -> None:
    solution = solve(DOUBLE_PENDULUM.replace("@mark@", ""))
    assert solution.potential.members == ("spring", "weight of A", "weight of B")
    document = solution_document(solution)["solution"]
    assert document["potential_energy_of"] == ["spring", "weight of A", "weight of B"]
    names = {a["name"]: a["potential"] for a in document["actions"]}
    assert names["motor"] is None and names["push"] is None


def test_a_total_under_the_old_reading_fails_with_the_way_out(tmp_path: Path) -> None:
    """Counting the push and the motor in the total (as check did for one release) fails; the
    message says what the total holds and the two ways to claim the other set."""
    report = _check(tmp_path, f"  potential_energy: {ELEMENTS} + {PUSH} + {MOTOR}\n")
    (claim,) = report.claims
    assert claim.status == "fail"
    assert "the total is the V of 'spring', 'weight of A', 'weight of B'" in claim.hint
    assert "it leaves out 'motor', 'push'" in claim.hint
    assert "`conservative: true`" in claim.hint
    assert "spring + weight of A + weight of B + motor: V" in claim.hint
    # said in full after every format's message, however long the values
    from screwsolve.render.check import claim_message

    assert claim_message(claim).endswith(claim.hint)


def test_a_set_of_actions_is_claimed_by_joining_names(tmp_path: Path) -> None:
    claims = (
        "  potential_energy:\n"
        f"    push + motor: {PUSH} + {MOTOR}\n"
        f"    weight of A + weight of B + spring + push + motor: {ELEMENTS} + {PUSH} + {MOTOR}\n"
        f"    push: {PUSH}\n"
    )
    report = _check(tmp_path, claims)
    assert [c.status for c in report.claims] == ["ok", "ok", "ok"], report.claims


def test_an_unknown_name_in_a_set_is_located_with_a_suggestion(tmp_path: Path) -> None:
    report = _check(tmp_path, f"  potential_energy:\n    push + motr: {PUSH}\n")
    (claim,) = report.claims
    assert claim.status == "error"
    assert "unknown action 'motr'" in claim.detail and "motor" in claim.detail
    assert (claim.line, claim.col) == (23, 18)  # the claimed value of `push + motr`


def test_a_screw_marked_conservative_joins_the_total(tmp_path: Path) -> None:
    mark = ", conservative: true"
    report = _check(tmp_path, f"  potential_energy: {ELEMENTS} + {PUSH}\n", mark)
    assert [c.status for c in report.claims] == ["ok"], report.claims
    solution = solve(DOUBLE_PENDULUM.replace("@mark@", mark))
    assert "push" in solution.potential.members
    push = next(a for a in solution.actions if a.name == "push")
    assert push.potential is not None


# A force and a couple conservative only together: on a body at x x_N turned by q about z_N,
# the pull c q x_N at its origin has Q^x = c q, Q^q = 0 (curl c); the twist c x z_N has Q^x = 0,
# Q^q = c x (curl -c). Together Q = (c q, c x) = -grad(-c x q): V = -c x q.
TOGETHER = """
title: a force and a couple conservative only together
referential: N
parameters: {c: real}
coordinates: [x, q]
frames: {N: {}, A: {from: N, rotate: [z, q]}}
points:
  O: {fixed_in: N}
  P: {from: O, position: x*xN}
bodies: {body: {frame: A, origin: P}}
actions:
  - {name: pull, on: body, at: P, force: c*q*xN@mark@}
  - {name: twist, on: body, at: P, moment: c*x*zN@mark@}
expected:
"""


def test_actions_conservative_only_together(tmp_path: Path) -> None:
    path = tmp_path / "together.yaml"
    claims = "  potential_energy:\n    pull + twist: -c*x*q\n    pull: 0\n"
    path.write_text(TOGETHER.replace("@mark@", "") + claims, encoding="utf-8")
    report = check_file(str(path), seconds=None)
    assert [c.status for c in report.claims] == ["ok", "error"], report.claims
    assert "not conservative" in report.claims[1].detail


def test_marked_together_the_total_is_their_joint_potential() -> None:
    solution = solve(TOGETHER.replace("@mark@", ", conservative: true") + "  power: 0\n")
    assert solution.potential.members == ("pull", "twist")
    assert not solution.potential.missing
    x, q, c = (solution.symbols[n] for n in ("x", "q", "c"))
    assert (solution.potential.value - (-c * x * q)).expand() == 0
    # neither has a V alone: none is printed for either
    assert all(a.potential is None for a in solution.actions)


def test_a_marked_action_without_a_potential_is_said(tmp_path: Path) -> None:
    """A follower load F a_x on a turning body is not conservative: marked, run says why."""
    text = TOGETHER.replace("c*q*xN@mark@", "c*xA, conservative: true").replace("@mark@", "")
    solution = solve(text + "  power: 0\n")
    assert solution.potential.missing.keys() == {"pull"}
    assert "not conservative" in solution.potential.missing["pull"]


def test_a_damper_cannot_be_conservative(tmp_path: Path) -> None:
    text = TOGETHER.replace("@mark@", "") + "  power: 0\n"
    text = text.replace(
        "actions:\n",
        "actions:\n  - {name: oil, damper: {between: [O, P], coefficient: c}, "
        "conservative: true}\n",
    )
    path = tmp_path / "damper.yaml"
    path.write_text(text, encoding="utf-8")
    report = validate_file(str(path))
    (diagnostic,) = report.diagnostics
    assert "a damper works through the rates" in diagnostic.message
    assert (diagnostic.line, diagnostic.col) == (12, 74)  # its `true`


def test_a_set_conservative_only_together_is_found_and_printed() -> None:
    """Unmarked, the pull and the twist have no V alone but -c x q together: run reports the
    set (not in the total), in every output, as the claim `pull + twist: V` reads it."""
    solution = solve(TOGETHER.replace("@mark@", "") + "  power: 0\n")
    x, q, c = (solution.symbols[n] for n in ("x", "q", "c"))
    ((members, energy),) = solution.potential_sets.items()
    assert members == ("pull", "twist")
    rest = sympy.expand(energy + c * x * q)
    assert rest.diff(x) == 0 and rest.diff(q) == 0
    assert solution.potential.value is None and not solution.potential.members
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(table_solution(solution, plain=True))
    table = console.export_text()
    assert "pull + twist" in table and "Conservative only together" in table
    latex = latex_solution(solution)
    assert r"Conservative only together (no $V$ alone; not in the total): pull + twist" in latex
    document = solution_document(solution)["solution"]
    (found,) = document["potential_energy_sets"]
    assert found["actions"] == ["pull", "twist"]


def test_actions_conservative_alone_form_no_set() -> None:
    """Two constant pushes each have a V alone (the total leaves them out as inputs): no set
    is reported for them, nor for a pair with a rate in its law."""
    pushes = TOGETHER.replace("c*q*xN@mark@", "c*xN").replace("c*x*zN@mark@", "c*zN")
    assert solve(pushes + "  power: 0\n").potential_sets == {}
    damped = TOGETHER.replace("c*q*xN@mark@", "c*q*x'*xN").replace("@mark@", "")
    assert solve(damped + "  power: 0\n").potential_sets == {}
    marked = TOGETHER.replace("@mark@", ", conservative: true")
    assert solve(marked + "  power: 0\n").potential_sets == {}  # in the total instead
