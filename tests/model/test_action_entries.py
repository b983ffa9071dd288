"""Action entries find the bodies they act on: from body:, from a body's origin, from a point
that stands still, and, for a point that is the origin of two bodies, from on: or by:."""

from __future__ import annotations

import pytest

from screwsolve.errors import InputError

from ..conftest import PROBLEMS, same, solve_text

# A block slides on a rail (x, positive), a pendulum hangs from the block's origin Bk (theta).
# Bk is the origin of both bodies. A spring of stiffness k, free length l0 joins the wall W (at
# O) to Bk: its length is |x| = x, its tension k (x - l0) pulls Bk towards W, so by hand
# Q^x = -k (x - l0) and Q^theta = 0 (v_Bk = x' x0 has no theta' part) whichever body takes it.
PIVOT = """
title: a spring to a pivot shared by two bodies
referential: 0
parameters: {k: positive, l0: positive, L: positive}
coordinates: [{x: positive}, theta]
frames: {0: {}, 1: {from: 0, rotate: [z, theta]}}
points:
  O: {fixed_in: 0}
  Bk: {from: O, position: x*x0}
  G: {from: Bk, position: L*x1, body: pendulum}
bodies:
  block: {frame: 0, origin: Bk}
  pendulum: {frame: 1, origin: Bk}
actions:
  - {name: spring, ON spring: {between: [O, Bk], stiffness: k, free_length: l0}}
"""


@pytest.mark.parametrize("body", ["block", "pendulum"])
def test_on_names_the_body_at_a_shared_pivot(body: str) -> None:
    analysis = solve_text(PIVOT.replace("ON", f"on: {body},"))
    spring = analysis.actions[0]
    x = analysis.system.namespace.symbols.coordinate["x"]
    k, l0 = analysis.system.parameters["k"], analysis.system.parameters["l0"]
    assert same(analysis.static(spring.coefficients["x"]), -k * (x - l0))
    assert same(analysis.static(spring.coefficients["theta"]), 0)
    assert [s.on for s in spring.screws] == [body]
    other = "pendulum" if body == "block" else "block"
    assert analysis.replacement(other).resultant.args == []


def test_a_shared_pivot_without_on_is_a_located_error() -> None:
    with pytest.raises(InputError) as info:
        solve_text(PIVOT.replace("ON", ""))
    message = info.value.diagnostics[0].message
    assert "is the origin of bodies block, pendulum" in message and "on:" in message


def test_a_point_placed_at_a_constant_position_stands_still() -> None:
    text = (
        PIVOT.replace("ON", "on: block,")
        .replace("  O: {fixed_in: 0}\n", "  O: {fixed_in: 0}\n  W: {from: O, position: L*y0}\n")
        .replace("between: [O, Bk]", "between: [W, Bk]")
    )
    analysis = solve_text(text)  # W on no body: accepted, it cannot move
    assert [s.on for s in analysis.actions[0].screws] == ["block"]


LAW_HEAD = """title: laws
referential: 0
parameters: {k: positive, l0: positive, c: positive, mu: positive, N: positive}
coordinates: [x]
frames: {0: {}}
points: {O: {fixed_in: 0}, B: {from: O, position: x*x0}}
bodies: {block: {frame: 0, origin: B}}
actions:
"""


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (
            "{name: s, spring: {between: [O, B], stiffness: k, force: k*s}}",
            "needs stiffness (linear) or force (a law of s), exactly one of them",
        ),
        ("{name: s, spring: {between: [O, B]}}", "needs stiffness (linear) or force"),
        (
            "{name: f, on: block, friction: {at: B, law: c*v, normal: N}}",
            "give a friction law, or normal and coefficient (Coulomb), not both",
        ),
        ("{name: f, on: block, friction: {at: B, normal: N}}", "friction needs normal and"),
        ("{name: f, on: block, friction: {at: B, law: c*x'*v}}", "a law may not contain rates"),
        ("{name: s, spring: {between: [O, B], force: k*u}}", "unknown name 'u'"),
    ],
)
def test_a_bad_law_is_refused_at_its_place(action: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        solve_text(LAW_HEAD + f"  - {action}\n")
    messages = [d.message for d in info.value.diagnostics]
    assert any(message in m for m in messages), messages


def test_a_law_variable_the_problem_declares_is_refused() -> None:
    text = LAW_HEAD.replace("c: positive", "c: positive, v: positive")
    with pytest.raises(InputError) as info:
        solve_text(text + "  - {name: f, on: block, friction: {at: B, law: c*v}}\n")
    (diagnostic,) = info.value.diagnostics
    assert "'v' is the variable of this law" in diagnostic.message
    assert (diagnostic.line, diagnostic.col) == (9, 49)  # the law's text


@pytest.mark.parametrize(("written", "meant"), [("Platform", "platform"), ("platfrom", "platform")])
def test_a_by_that_nearly_names_a_body_is_refused_at_its_line(written: str, meant: str) -> None:
    """`by: Platform` beside a body `platform` made the motor external: its reaction vanished
    and Q^psi was wrong while validate passed. An outside source far from every body's name
    (Earth) is still one."""
    text = (PROBLEMS / "motor-on-turntable.yaml").read_text(encoding="utf-8")
    slipped = text.replace("by: platform, motor_torque", f"by: {written}, motor_torque", 1)
    assert slipped != text
    with pytest.raises(InputError) as info:
        solve_text(slipped)
    messages = [d.message for d in info.value.diagnostics]
    assert f"by: '{written}' is no body, but '{meant}' is" in messages[0]


SPRING_IN_TIME = """\
title: a bead on a spring whose anchor length is driven
referential: N
parameters: {k: positive, a: positive, w: positive}
coordinates: [x]
frames:
  N: {}
points:
  O: {fixed_in: N}
  P: {from: O, position: x*xN}
bodies:
  bead: {origin: P}
actions:
  - {name: spring, spring: {between: [O, P], stiffness: k, free_length: FREE}}
"""


def test_a_spring_whose_free_length_moves_with_time_is_a_located_warning() -> None:
    """V = k (x - l0(t))^2 / 2 still gives Q^x = -dV/dx, but -dV/dt is not the time screw's
    coefficient: validate says so where the spring is written; a constant one says nothing."""
    from screwsolve.files.loading import load_problem_text
    from screwsolve.model.system import build_system

    def warnings(free: str) -> list[str]:
        loaded = load_problem_text(SPRING_IN_TIME.replace("FREE", free), "spring.yaml")
        return [
            f"{w.line}: {w.message}" for w in build_system(loaded.problem, loaded.source).warnings
        ]

    (found,) = warnings("a*(1 + sin(w*t))")
    assert found.startswith("13: this spring's law or free length changes with time")
    assert "not Q^t = -dV/dt" in found
    assert warnings("a") == []
