"""The speed benchmark's two-axis chain, written twice: as a screwsolve file and built with
sympy.physics.mechanics. Apart from tests/chains.py (which imports hypothesis), so that the timed
sympy route of bench/sympy_route.py builds the same chain without importing more than sympy.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from sympy.physics import mechanics as me


def two_axis_chain_yaml(n: int) -> str:
    """The speed benchmark's chain of n links: link i turns by a_i about z of link i-1, then by
    b_i about the new x; weight at mid-length, a force with symbolic components at each tip, and
    a spring-damper couple -(k b_i + c b_i') x between links i-1 and i (i >= 2)."""
    params = ["g: positive", "k: positive", "c: positive"]
    for i in range(1, n + 1):
        params.append(f"L{i}: positive, m{i}: positive, X{i}: real, Y{i}: real, Z{i}: real")
    coords = ", ".join(f"a{i}, b{i}" for i in range(1, n + 1))
    lines = [
        f"title: two-axis chain of {n} links",
        "referential: B0",
        "parameters: {" + ", ".join(params) + "}",
        f"coordinates: [{coords}]",
        "frames:",
        "  B0: {}",
    ]
    for i in range(1, n + 1):
        lines.append(f"  A{i}: {{from: B{i - 1}, rotate: [z, a{i}]}}")
        lines.append(f"  B{i}: {{from: A{i}, rotate: [x, b{i}]}}")
    lines += ["points:", "  P0: {fixed_in: B0}"]
    for i in range(1, n + 1):
        lines.append(f"  P{i}: {{from: P{i - 1}, position: L{i}*yB{i}, body: {i}}}")
        lines.append(f"  G{i}: {{from: P{i - 1}, position: L{i}/2*yB{i}, body: {i}}}")
    lines.append("bodies:")
    for i in range(1, n + 1):
        lines.append(f"  {i}: {{frame: B{i}, origin: P{i - 1}, mass: m{i}, mass_center: G{i}}}")
    lines += ["gravity: -g*zB0", "actions:"]
    for i in range(1, n + 1):
        lines.append(
            f"  - {{name: tip {i}, on: {i}, at: P{i}, force: X{i}*xB0 + Y{i}*yB0 + Z{i}*zB0}}"
        )
        if i > 1:
            lines.append(
                f"  - {{name: spring-damper {i}, on: {i}, by: {i - 1}, at: P{i - 1}, "
                f"moment: -(k*b{i} + c*b{i}')*xA{i}}}"
            )
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class MechanicsChain:
    """The chain as sympy.physics.mechanics builds it."""

    ground: me.ReferenceFrame
    coordinates: list[tuple[sympy.Expr, sympy.Expr]]  # (a_i, b_i) as dynamicsymbols
    rates: list[sympy.Expr]  # a1', b1', a2', ...
    loads: list[tuple[me.Vector, me.Vector]]  # (load, velocity it meets)
    links: list[tuple[me.ReferenceFrame, me.Point]]  # each link's frame and hinge


def two_axis_chain_built(n: int) -> MechanicsChain:
    """Frames by `orient_axis`, tips and mass centres by `v2pt_theory`: the loads of
    `two_axis_chain_yaml(n)` with the velocities they meet."""
    t = me.dynamicsymbols._t
    g, k, c = sympy.symbols("g k c", positive=True)
    a = me.dynamicsymbols(f"a1:{n + 1}", real=True)
    b = me.dynamicsymbols(f"b1:{n + 1}", real=True)
    rates = [r for pair in zip(a, b, strict=True) for r in (pair[0].diff(t), pair[1].diff(t))]
    ground = me.ReferenceFrame("N")
    origin = me.Point("P0")
    origin.set_vel(ground, 0)
    loads: list[tuple[me.Vector, me.Vector]] = []
    links: list[tuple[me.ReferenceFrame, me.Point]] = []
    previous_frame, previous_point = ground, origin
    for i in range(1, n + 1):
        length, mass = sympy.symbols(f"L{i} m{i}", positive=True)
        fx, fy, fz = sympy.symbols(f"X{i} Y{i} Z{i}", real=True)
        middle = me.ReferenceFrame(f"A{i}")
        middle.orient_axis(previous_frame, previous_frame.z, a[i - 1])
        frame = me.ReferenceFrame(f"B{i}")
        frame.orient_axis(middle, middle.x, b[i - 1])
        tip = previous_point.locatenew(f"P{i}", length * frame.y)
        centre = previous_point.locatenew(f"G{i}", length / 2 * frame.y)
        tip.v2pt_theory(previous_point, ground, frame)
        centre.v2pt_theory(previous_point, ground, frame)
        links.append((frame, previous_point))
        loads.append((fx * ground.x + fy * ground.y + fz * ground.z, tip.vel(ground)))
        loads.append((-mass * g * ground.z, centre.vel(ground)))
        if i > 1:
            torque = -(k * b[i - 1] + c * b[i - 1].diff(t)) * middle.x
            relative = frame.ang_vel_in(ground) - previous_frame.ang_vel_in(ground)
            loads.append((torque, relative))
        previous_frame, previous_point = frame, tip
    return MechanicsChain(ground, list(zip(a, b, strict=True)), rates, loads, links)


def two_axis_chain_mechanics(n: int) -> dict[str, sympy.Expr]:
    """The same chain's Q^q and Q^t by sympy.physics.mechanics: v2pt_theory velocities,
    `partial_velocity`, then dot products (the reference route of the speed benchmark)."""
    chain = two_axis_chain_built(n)
    t = me.dynamicsymbols._t
    velocities = [velocity for _, velocity in chain.loads]
    partials = me.partial_velocity(velocities, chain.rates, chain.ground)
    names = [f"{letter}{i}" for i in range(1, n + 1) for letter in "ab"]
    result = {name: sympy.Integer(0) for name in names}
    for (load, _), columns in zip(chain.loads, partials, strict=True):
        for name, column in zip(names, columns, strict=True):
            result[name] += load.dot(column)
    result["t"] = sympy.Integer(0)  # scleronomic: no prescribed motion
    static: dict[sympy.Expr, sympy.Expr] = {}
    for i, (a, b) in enumerate(chain.coordinates, 1):
        for letter, q in (("a", a), ("b", b)):
            static[q.diff(t)] = sympy.Symbol(f"{letter}{i}'", real=True)
            static[q] = sympy.Symbol(f"{letter}{i}", real=True)
    return {name: expr.xreplace(static) for name, expr in result.items()}
