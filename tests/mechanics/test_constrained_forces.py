"""Kane's F~_r on the constraints: a velocity-dependent force (Coulomb friction, drag) is taken
where the dependent speeds have their constrained values, so F~_r is a function of the
independent speeds only; no value of a solved constraint is ever undefined (nan, zoo, oo).
Expected values are derived by hand in each test, or are laws that hold for every system."""

from __future__ import annotations

import sympy
from hypothesis import given, settings

from ..conftest import PROBLEMS, same, solve_text
from ..sleds import GEOMETRY, sled

UNDEFINED = (sympy.nan, sympy.zoo, sympy.oo, -sympy.oo)


def test_the_sleigh_skids_on_its_constraint() -> None:
    """Moore's sleigh with knife-edge friction (problems/chaplygin-sleigh-friction.yaml), by
    hand: x' = y' cot(theta), so F~_y = -mu N_P sign(y')/|sin(theta)| and nothing in x'."""
    analysis = solve_text((PROBLEMS / "chaplygin-sleigh-friction.yaml").read_text())
    forces = analysis.constrained_forces
    assert forces is not None
    symbols = analysis.system.namespace.symbols
    x_rate = symbols.rate["x"]
    value = analysis.static(forces.total["u_y"])
    assert x_rate not in value.free_symbols
    mu, normal = (analysis.system.parameters[n] for n in ("mu", "N_P"))
    theta, y_rate = symbols.coordinate["theta"], symbols.rate["y"]
    by_hand = -mu * normal * sympy.sign(y_rate) / sympy.Abs(sympy.sin(theta))
    assert same(value, by_hand)


@settings(max_examples=12, deadline=None)
@given(**GEOMETRY)
def test_constrained_forces_never_hold_a_dependent_speed(
    gx: str, gy: str, point: str, k: tuple[str, str]
) -> None:
    """For any sled, knife edge or not, with friction and drag: F~_r has no dependent rate and
    every value of the reduction is defined."""
    text = sled(gx, gy, k, constrained=point)
    analysis = solve_text(text)
    reduction = analysis.reduction
    assert reduction is not None
    forces = analysis.constrained_forces
    if forces is None:  # the constraint fixes no speed (G at P with k along its velocity's zero)
        return
    symbols = analysis.system.namespace.symbols
    dependent = {symbols.rate[name] for name in reduction.dependent}
    values = [
        *forces.total.values(),
        *(v for row in forces.by_action.values() for v in row.values()),
    ]
    for value in values:
        static = analysis.static(value)
        assert not (static.free_symbols & dependent), (text, static)
        assert not static.has(*UNDEFINED)
    for row in reduction.coefficients.values():
        assert not any(v.has(*UNDEFINED) for v in row.values())


@settings(max_examples=10, deadline=None)
@given(**GEOMETRY)
def test_speeds_as_printed_give_the_same_constrained_forces(
    gx: str, gy: str, point: str, k: tuple[str, str]
) -> None:
    """Kane's F~_r depends on the independent speeds only, not on how the dependent ones are
    named: two speeds of three, the third rate left to the constraint, give the F~_r of the
    same two declared with a third dependent speed (u3 = v_P . k, which the constraint fixes
    at 0), for any sled, force and constraint direction."""
    speeds = "speeds:\n  u1: dot(v(P), xA)\n  u2: theta'\n"
    third = f"  u3: dot(v(P), {k[0]}*xA + {k[1]}*yA)\ndependent_speeds: [u3]"
    turn = f"at: {point}, force: a*xA + yN, moment: T*zA"
    texts = [sled(gx, gy, k, speeds=speeds + extra, turn=turn) for extra in ("", third)]
    printed, declared = (solve_text(text) for text in texts)
    assert printed.system.dependent_speeds != ()  # a rate completes the speeds
    assert printed.reduction is not None and printed.reduction.independent == ("u1", "u2")
    for name in ("u1", "u2"):
        values = [a.constrained_forces.total[name] for a in (printed, declared)]
        assert same(values[0], values[1]), (texts[0], values)
        for analysis, value in zip((printed, declared), values, strict=True):
            static = analysis.static(value)
            assert not static.has(*UNDEFINED)
