"""The problem as sympy.physics.mechanics objects: KanesMethod's generalized active forces of
the exported loads are screwsolve's power coefficients, for every shipped problem (an
independent route: sympy's partial velocities and its own dot products, not screwsolve's
comoments)."""

from __future__ import annotations

import pytest
import sympy

import screwsolve
from screwsolve.api import analyse, load
from screwsolve.symbolic.equivalence import equivalent

from ..conftest import PROBLEMS


@pytest.mark.parametrize("path", sorted(PROBLEMS.glob("*.yaml")), ids=lambda p: p.stem)
def test_kanes_fr_of_the_exported_loads_are_the_power_coefficients(path) -> None:
    model = screwsolve.to_mechanics(path)
    kane = model.kanes_method()
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
