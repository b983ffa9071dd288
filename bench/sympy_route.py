"""The plain sympy.physics.mechanics route to what `screwsolve run --format json` prints, written
by hand for the benchmark files: frames, points by v2pt_theory, `partial_velocity`, dot products,
each result printed as text and LaTeX. No simplification (the cheapest route a user can take).

Run: python bench/sympy_route.py chain N  |  python bench/sympy_route.py plate
"""

from __future__ import annotations

import json
import sys
from typing import Any

import sympy
import sympy.physics.mechanics as me


def _printed(expr: Any) -> dict[str, str]:
    return {"text": str(expr), "latex": sympy.latex(expr)}


def chain(n: int) -> dict[str, Any]:
    """tests/chains.two_axis_chain_yaml(n): link i turns by a_i about the parent's z, then by b_i
    about that x; tip at L_i y; weight at the middle; a force (X, Y, Z) at the tip; a
    spring-damper couple -(k b_i + c b_i') x between consecutive links."""
    t = me.dynamicsymbols._t
    g, k, c = sympy.symbols("g k c", positive=True)
    a = me.dynamicsymbols(f"a1:{n + 1}", real=True)
    b = me.dynamicsymbols(f"b1:{n + 1}", real=True)
    rates = [r for pair in zip(a, b, strict=True) for r in (pair[0].diff(t), pair[1].diff(t))]
    ground = me.ReferenceFrame("N")
    hinge = me.Point("P0")
    hinge.set_vel(ground, 0)
    loads: list[tuple[me.Vector, me.Vector]] = []
    screws: dict[str, tuple[me.Vector, me.Vector]] = {}
    parent, start = ground, hinge
    for i in range(1, n + 1):
        length, mass = sympy.symbols(f"L{i} m{i}", positive=True)
        fx, fy, fz = sympy.symbols(f"X{i} Y{i} Z{i}", real=True)
        turned = me.ReferenceFrame(f"A{i}")
        turned.orient_axis(parent, parent.z, a[i - 1])
        link = me.ReferenceFrame(f"B{i}")
        link.orient_axis(turned, turned.x, b[i - 1])
        tip = start.locatenew(f"P{i}", length * link.y)
        centre = start.locatenew(f"G{i}", length / 2 * link.y)
        tip.v2pt_theory(start, ground, link)
        centre.v2pt_theory(start, ground, link)
        screws[str(i)] = (link.ang_vel_in(ground), start.vel(ground))
        loads.append((fx * ground.x + fy * ground.y + fz * ground.z, tip.vel(ground)))
        loads.append((-mass * g * ground.z, centre.vel(ground)))
        if i > 1:
            torque = -(k * b[i - 1] + c * b[i - 1].diff(t)) * turned.x
            loads.append((torque, link.ang_vel_in(ground) - parent.ang_vel_in(ground)))
        parent, start = link, tip
    return _document(ground, rates, loads, screws, None)


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
