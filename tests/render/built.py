"""A Solution built by hand (no analysis): the plate's screws and coefficients as the book gives
them, for unit tests of the renderers."""

from __future__ import annotations

import sympy

from screwsolve.solution.result import (
    ActionValue,
    AppliedValue,
    ConstraintValue,
    Notation,
    ScrewValue,
    Solution,
    VectorValue,
)

theta, x, h, N_Q, F_A = sympy.symbols("theta x h N_Q F_A", real=True)
theta_rate, x_rate = sympy.symbols("theta' x'", real=True)
ZERO = VectorValue(())


def vector(*terms: tuple[sympy.Expr, str]) -> VectorValue:
    return VectorValue(tuple(terms))


def plate_solution(title: str = "Plate on a step", action: str = "step") -> Solution:
    """{V_1/0} = {theta' z0 ; x' x0}_A; one action at Q with Q^x = -N_Q sin(theta),
    Q^theta = h N_Q / sin(theta) (Example 13.3.7)."""
    one = sympy.Integer(1)
    kinematic = ScrewValue(vector((theta_rate, "z0")), vector((x_rate, "x0")), "A")
    partials = {
        "x": ScrewValue(ZERO, vector((one, "x0")), "A"),
        "theta": ScrewValue(vector((one, "z0")), ZERO, "A"),
        "t": ScrewValue(ZERO, ZERO, "A"),
    }
    coefficients = {"x": -N_Q * sympy.sin(theta), "theta": h * N_Q / sympy.sin(theta)}
    coefficients["t"] = sympy.Integer(0)
    power = coefficients["x"] * x_rate + coefficients["theta"] * theta_rate
    step = ActionValue(
        name=action,
        kind="screw",
        on="1",
        by=None,
        interaction=False,
        screws=(AppliedValue("1", None, ScrewValue(vector((N_Q, "y1")), ZERO, "Q")),),
        potential=None,
        power=power,
        coefficients=coefficients,
        noncontributing=False,
    )
    return Solution(
        title=title,
        notation=Notation(
            {"x0": r"\mathbf{x}_{0}", "y1": r"\mathbf{y}_{1}", "z0": r"\mathbf{z}_{0}"}, "0"
        ),
        variables=("x", "theta", "t"),
        kinematic_screws={"1": kinematic},
        partial_screws={"1": partials},
        actions=(step,),
        power=power,
        coefficients=coefficients,
        constraints=ConstraintValue((), (), {}, None, {}, ()),
    )
