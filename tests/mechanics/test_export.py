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


def test_a_deep_problem_exports_the_cores_velocities_written_in_its_frames(monkeypatch) -> None:
    """Frames 120 deep: each point's velocity comes from the Jacobian core's columns, in the
    frames they are kept in (the sympy kinematics, never called here, wrote it through products
    of direction cosines: 30 frames took 4.1 s, 40 more than 120 s)."""
    from screwsolve.limits import MAX_FRAME_DEPTH
    from screwsolve.mechanics.kinematics import Kinematics

    from ..render.test_deep_frames import _tower

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the sympy kinematics was asked for a velocity")

    monkeypatch.setattr(Kinematics, "kinematic_screw", refused)
    model = screwsolve.to_mechanics(_tower(MAX_FRAME_DEPTH))
    velocity = model.points["G"].vel(model.referential)
    assert velocity.args and all(frame.name.startswith("F") for _, frame in velocity.args)


def test_a_point_of_a_tower_moves_as_rotation_matrices_say() -> None:
    """v_G = q' z_F0 x L y_F12 (only q moves), against each frame's unit vectors rotated into
    F0 by hand, at angles none of which is special."""
    from ..render.test_deep_frames import _tower

    depth = 12
    model = screwsolve.to_mechanics(_tower(depth))
    names = model.symbols
    angles = {f"a{k}": 0.3 * k - 1.9 for k in range(2, depth + 1)}
    angles["q"] = 0.8
    rate, length = 0.45, 1.7
    values = {names[n]: v for n, v in angles.items() if n != "q"}
    values[names["L"]] = length
    q = names["q"]
    velocity = model.points["G"].vel(model.referential)
    got = [0.0, 0.0, 0.0]
    for components, frame in velocity.args:
        level = int(frame.name[1:])
        numbers = [
            float(c.subs(sympy.Derivative(q, q.args[0]), rate).subs(q, angles["q"]).subs(values))
            for c in components
        ]
        got = [a + b for a, b in zip(got, _in_referential(level, numbers, angles), strict=True)]
    y = _in_referential(depth, [0.0, 1.0, 0.0], angles)
    want = [-rate * length * y[1], rate * length * y[0], 0.0]  # z x y = (-y_y, y_x, 0)
    assert got == pytest.approx(want, abs=1e-12)


def _in_referential(level: int, components: list[float], angles: dict[str, float]) -> list[float]:
    """Components in frame F<level> written in F0's: each frame turned about z (the first and
    the even ones) or x in its parent, rotation matrices applied from the last frame up."""
    v = list(components)
    for k in range(level, 0, -1):
        angle = angles["q" if k == 1 else f"a{k}"]
        c, s = math.cos(angle), math.sin(angle)
        x0, y0, z0 = v
        if k == 1 or k % 2 == 0:
            v = [c * x0 - s * y0, s * x0 + c * y0, z0]
        else:
            v = [x0, c * y0 - s * z0, s * y0 + c * z0]
    return v
