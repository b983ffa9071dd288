"""The problem as sympy.physics.mechanics objects: KanesMethod's generalized active forces of
the exported loads are screwsolve's power coefficients, for every shipped problem (an
independent route: sympy's partial velocities and its own dot products, not screwsolve's
comoments)."""

from __future__ import annotations

import math

import pytest
import sympy

import screwsolve
from screwsolve.api import analyse, load
from screwsolve.symbolic.equivalence import equivalent

from ..conftest import PROBLEMS


@pytest.mark.parametrize("path", sorted(PROBLEMS.glob("*.yaml")), ids=lambda p: p.stem)
def test_kanes_fr_of_the_exported_loads_are_the_power_coefficients(path) -> None:
    model = screwsolve.to_mechanics(path)
    kane = model.kanes_method(file_speeds=False, constrained=False)
    fr, _ = kane.kanes_equations([], model.loads)
    analysis = analyse(load(path))
    speeds = dict(zip(kane.u, model.rates, strict=True))  # Kane writes q' as u in the loads
    for index, q in enumerate(analysis.system.coordinates):
        kane_value = fr[index].xreplace(speeds) + model.potential_forces.get(q, 0)
        difference = analysis.static(kane_value - analysis.coefficients[q])
        assert equivalent(difference, sympy.Integer(0)).equal, (q, difference)


def test_the_exported_objects_are_the_problems_own() -> None:
    model = screwsolve.to_mechanics(PROBLEMS / "plate-on-a-step.yaml")
    assert set(model.frames) == {"0", "1"} and model.referential is model.frames["0"]
    assert [str(q) for q in model.coordinates] == ["x(t)", "theta(t)"]
    assert {"A", "G", "Q"} <= set(model.points)
    assert "weight" not in str(model.loads[0][0])
    assert dir(screwsolve) == ["__version__", "load", "solve", "to_mechanics"]


def test_kanes_method_keeps_the_files_speeds_and_constraints() -> None:
    """The Chaplygin sleigh, derived by hand in its file: u_x, u_y, u_theta with u_x dependent
    on -sin(theta) u_x + cos(theta) u_y = 0; Kane's F~_y = F_y + F_x cot(theta), which on the
    constraint (sin(theta) > 0) is -mu N_P sign(u_y)/sin(theta); F~_theta = T."""
    model = screwsolve.to_mechanics(PROBLEMS / "chaplygin-sleigh-friction.yaml")
    names = model.symbols
    u_x, u_y, u_theta, theta = (names[n] for n in ("u_x", "u_y", "u_theta", "theta"))
    mu, normal, torque = (names[n] for n in ("mu", "N_P", "T"))
    assert model.speeds == [u_x, u_y, u_theta] and model.dependent == [u_x]
    kane = model.kanes_method()
    assert list(kane.u) == [u_y, u_theta, u_x]
    fr, _ = kane.kanes_equations([], model.loads)
    on_constraint = {u_x: u_y * sympy.cos(theta) / sympy.sin(theta)}
    for values in ({u_y: 1.3, theta: 0.7}, {u_y: -0.4, theta: 2.1}):
        point = {mu: 0.3, normal: 2.0, torque: 1.7, **values}
        got = complex(fr[0].xreplace(on_constraint).xreplace(point).evalf())
        want = -0.3 * 2.0 * math.copysign(1, values[u_y]) / math.sin(values[theta])
        assert abs(got - want) < 1e-9
    assert fr[1] == torque
