"""The plain sympy.physics.mechanics route to what `screwsolve run --format json` prints, written
by hand for the benchmark files: frames, points by v2pt_theory, `partial_velocity`, dot products,
each result printed as text and LaTeX. No simplification (the cheapest route a user can take).

Run: python bench/sympy_route.py chain N  |  python bench/sympy_route.py plate
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import sympy
import sympy.physics.mechanics as me

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.two_axis_chain import two_axis_chain_built


def _printed(expr: Any) -> dict[str, str]:
    return {"text": str(expr), "latex": sympy.latex(expr)}


def chain(n: int) -> dict[str, Any]:
    """tests/two_axis_chain.py's chain of n links (built there with sympy.physics.mechanics, as
    its cross-validation does), each link's screw about its hinge."""
    built = two_axis_chain_built(n)
    screws = {
        str(i): (frame.ang_vel_in(built.ground), hinge.vel(built.ground))
        for i, (frame, hinge) in enumerate(built.links, 1)
    }
    return _document(built.ground, built.rates, built.loads, screws, None)


def plate() -> dict[str, Any]:
    """problems/plate-on-a-step.yaml: a plate turned by theta, its corner A sliding along x0,
    resting at Q on a step of height h; three actions; the contact constraint
    x + h cot(theta) = c eliminates x' from the power."""
    t = me.dynamicsymbols._t
    m, g, l, h = sympy.symbols("m g l h", positive=True)
    f_a, n_a, n_q, f_q = sympy.symbols("F_A N_A N_Q F_Q", real=True)
    x, theta = me.dynamicsymbols("x theta", real=True)
    ground = me.ReferenceFrame("N")
    plate_frame = me.ReferenceFrame("B")
    plate_frame.orient_axis(ground, ground.z, theta)
    origin = me.Point("O")
    origin.set_vel(ground, 0)
    corner = origin.locatenew("A", x * ground.x)
    corner.set_vel(ground, x.diff(t) * ground.x)
    centre = corner.locatenew("G", l * plate_frame.x)
    contact = corner.locatenew("Q", h / sympy.sin(theta) * plate_frame.x)
    # both points are the plate's own (the velocity of the plate's material point at Q)
    centre.v2pt_theory(corner, ground, plate_frame)
    contact.v2pt_theory(corner, ground, plate_frame)
    loads = [
        (f_a * ground.x + n_a * ground.y, corner.vel(ground)),
        (-m * g * ground.y, centre.vel(ground)),
        (n_q * plate_frame.y + f_q * plate_frame.x, contact.vel(ground)),
    ]
    rates = [x.diff(t), theta.diff(t)]
    screws = {"1": (plate_frame.ang_vel_in(ground), corner.vel(ground))}
    # x + h cot(theta) = c, differentiated: x' = h theta' / sin(theta)**2
    eliminated = {x.diff(t): sympy.solve(sympy.diff(x + h * sympy.cot(theta), t), x.diff(t))[0]}
    return _document(ground, rates, loads, screws, eliminated)


def _document(
    ground: me.ReferenceFrame,
    rates: list[sympy.Expr],
    loads: list[tuple[me.Vector, me.Vector]],
    screws: dict[str, tuple[me.Vector, me.Vector]],
    eliminated: dict[sympy.Expr, sympy.Expr] | None,
) -> dict[str, Any]:
    partials = me.partial_velocity([v for _, v in loads], rates, ground)
    per_action = []
    totals: dict[str, Any] = {}
    for (load, _), columns in zip(loads, partials, strict=True):
        values = {str(r): load.dot(column) for r, column in zip(rates, columns, strict=True)}
        per_action.append(values)
        for key, value in values.items():
            totals[key] = totals.get(key, 0) + value
    powers = [
        sum(v * r for v, r in zip(values.values(), rates, strict=True)) for values in per_action
    ]
    power = sum(powers)
    document: dict[str, Any] = {
        "coefficients": {q: _printed(v) for q, v in totals.items()},
        "actions": [{q: _printed(v) for q, v in values.items()} for values in per_action],
        "powers": [_printed(p) for p in powers],
        "power": _printed(power),
        "screws": {
            body: {"omega": _printed(w), "v": _printed(v)} for body, (w, v) in screws.items()
        },
        "partials": {
            body: [[_printed(x) for x in column] for column in columns]
            for body, columns in (
                (body, me.partial_velocity([w, v], rates, ground))
                for body, (w, v) in screws.items()
            )
        },
    }
    if eliminated is not None:
        document["power_under_constraints"] = _printed(power.subs(eliminated))
    return document


def main() -> None:
    kind = sys.argv[1]
    document = chain(int(sys.argv[2])) if kind == "chain" else plate()
    sys.stdout.write(json.dumps(document))


if __name__ == "__main__":
    main()
