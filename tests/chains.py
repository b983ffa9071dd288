"""Random trees of links written twice: as a screwsolve file, and built directly with
sympy.physics.mechanics (frames, points by v2pt_theory, partial velocities), so that the two
implementations can be compared.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from hypothesis import strategies as st
from sympy.physics import mechanics as me

AXES = ("x", "y", "z")


@dataclass(frozen=True)
class Link:
    """Link i: hinged at its parent's tip, turned about `axis` of the parent by its angle, tip
    along `tip` of its own frame. Loads: a force with two symbolic components at its tip or
    mass centre, a couple, a weight; optionally a torsion spring couple and a linear spring
    between its mass centre and its parent's (the fixed hinge for the ground)."""

    parent: int
    axis: str
    angle: str  # "q", "q+t" (q_i + Omega t) or "t" (Omega t: prescribed)
    tip: str
    force_frame: int
    force_axis: str
    couple_axis: str
    spring: bool
    force_at: str = "P"  # "P" (tip) or "G" (mass centre)
    second_frame: int = 0
    second_axis: str = "x"
    linear_spring: bool = False


@st.composite
def chains(draw: st.DrawFn, max_links: int = 3) -> list[Link]:
    """Random trees (a chain when every parent is the previous link)."""
    n = draw(st.integers(1, max_links))
    links = []
    for i in range(1, n + 1):
        angle = draw(st.sampled_from(["q", "q", "q+t", "t"])) if i > 1 else "q"
        parent = draw(st.integers(0, i - 1))
        links.append(
            Link(
                parent=parent,
                axis=draw(st.sampled_from(AXES)),
                angle=angle,
                tip=draw(st.sampled_from(AXES)),
                force_frame=draw(st.integers(0, i)),
                force_axis=draw(st.sampled_from(AXES)),
                couple_axis=draw(st.sampled_from(AXES)),
                spring=draw(st.booleans()) and parent > 0 and angle != "t",
                force_at=draw(st.sampled_from("PG")),
                second_frame=draw(st.integers(0, i)),
                second_axis=draw(st.sampled_from(AXES)),
                linear_spring=draw(st.booleans()),
            )
        )
    return links


def _coordinates(links: list[Link]) -> list[int]:
    return [i for i, link in enumerate(links, 1) if link.angle != "t"]


def to_yaml(links: list[Link]) -> str:
    """The chain as a screwsolve problem."""
    coords = _coordinates(links)
    lines = [
        "title: generated chain",
        "referential: 0",
        "parameters: {g: positive, Omega: positive, k: positive, "
        + ", ".join(
            f"L{i}: positive, m{i}: positive, F{i}: real, E{i}: real, C{i}: real"
            for i in range(1, len(links) + 1)
        )
        + ", l0: positive}",
        "coordinates: [" + ", ".join(f"q{i}" for i in coords) + "]",
        "frames:",
        "  0: {}",
    ]
    for i, link in enumerate(links, 1):
        angle = {"q": f"q{i}", "q+t": f"q{i} + Omega*t", "t": "Omega*t"}[link.angle]
        lines.append(f"  {i}: {{from: {link.parent}, rotate: [{link.axis}, {angle}]}}")
    lines += ["points:", "  P0: {fixed_in: 0}"]
    for i, link in enumerate(links, 1):
        base = f"P{link.parent}"
        lines.append(f"  P{i}: {{from: {base}, position: L{i}*{link.tip}{i}, body: {i}}}")
        lines.append(f"  G{i}: {{from: {base}, position: L{i}/2*{link.tip}{i}, body: {i}}}")
    lines.append("bodies:")
    for i, link in enumerate(links, 1):
        lines.append(
            f"  {i}: {{frame: {i}, origin: P{link.parent}, mass: m{i}, mass_center: G{i}}}"
        )
    lines += ["gravity: -g*z0", "actions:"]
    for i, link in enumerate(links, 1):
        lines.append(
            f"  - {{name: force {i}, on: {i}, at: {link.force_at}{i}, "
            f"force: F{i}*{link.force_axis}{link.force_frame} "
            f"+ E{i}*{link.second_axis}{link.second_frame}}}"
        )
        lines.append(
            f"  - {{name: couple {i}, on: {i}, at: P{i}, moment: C{i}*{link.couple_axis}{i}}}"
        )
        if link.spring:
            lines.append(
                f"  - {{name: spring {i}, on: {i}, by: {link.parent}, at: P{link.parent}, "
                f"moment: -k*q{i}*{link.axis}{link.parent}}}"
            )
        if link.linear_spring:
            anchor = f"G{link.parent}" if link.parent else "P0"
            lines.append(
                f"  - {{name: linear spring {i}, "
                f"spring: {{between: [{anchor}, G{i}], stiffness: k, free_length: l0}}}}"
            )
    return "\n".join(lines) + "\n"


def _velocity(kind: str, where: object, frame: me.ReferenceFrame) -> me.Vector:
    """Velocity of a loaded point, or angular velocity of a loaded frame, in the referential."""
    if kind == "point":
        return where.vel(frame)  # type: ignore[attr-defined,no-any-return]
    return where.ang_vel_in(frame)  # type: ignore[attr-defined,no-any-return]


def mechanics_coefficients(links: list[Link]) -> dict[str, sympy.Expr]:
    """Q^qi and Q^t built with sympy.physics.mechanics, with plain symbols for printing-free
    comparison: q_i -> Symbol('q_i'), q_i' -> Symbol("q_i'")."""
    t = me.dynamicsymbols._t
    n = len(links)
    g, omega, k, l0 = sympy.symbols("g Omega k l0", positive=True)
    length = sympy.symbols(f"L1:{n + 1}", positive=True)
    mass = sympy.symbols(f"m1:{n + 1}", positive=True)
    force = sympy.symbols(f"F1:{n + 1}", real=True)
    second = sympy.symbols(f"E1:{n + 1}", real=True)
    couple = sympy.symbols(f"C1:{n + 1}", real=True)
    q = {i: me.dynamicsymbols(f"q{i}", real=True) for i in _coordinates(links)}
    frames = [me.ReferenceFrame("N")]
    for i, link in enumerate(links, 1):
        frame = me.ReferenceFrame(f"B{i}")
        parent = frames[link.parent]
        angle = {"q": q.get(i), "q+t": q.get(i, 0) + omega * t, "t": omega * t}[link.angle]
        frame.orient_axis(parent, getattr(parent, link.axis), angle)
        frames.append(frame)
    points = [me.Point("P0")]
    points[0].set_vel(frames[0], 0)
    centres = [points[0]]
    loads: list[tuple[str, object, me.Vector]] = []  # ("point" or "frame", where, load vector)
    for i, link in enumerate(links, 1):
        frame = frames[i]
        base = points[link.parent]
        tip = me.Point(f"P{i}")
        tip.set_pos(base, length[i - 1] * getattr(frame, link.tip))
        tip.v2pt_theory(base, frames[0], frame)
        centre = me.Point(f"G{i}")
        centre.set_pos(base, length[i - 1] / 2 * getattr(frame, link.tip))
        centre.v2pt_theory(base, frames[0], frame)
        points.append(tip)
        centres.append(centre)
        applied = force[i - 1] * getattr(frames[link.force_frame], link.force_axis)
        applied += second[i - 1] * getattr(frames[link.second_frame], link.second_axis)
        loads.append(("point", tip if link.force_at == "P" else centre, applied))
        loads.append(("point", centre, -mass[i - 1] * g * frames[0].z))
        loads.append(("frame", frame, couple[i - 1] * getattr(frame, link.couple_axis)))
        if link.spring:
            torque = -k * q[i] * getattr(frames[link.parent], link.axis)
            loads.append(("frame", frame, torque))
            loads.append(("frame", frames[link.parent], -torque))
        if link.linear_spring:
            anchor = centres[link.parent]
            r = centre.pos_from(anchor)
            distance = sympy.sqrt(r.dot(r))
            pull = r * (-k * (distance - l0) / distance)
            loads.append(("point", centre, pull))
            if link.parent:
                loads.append(("point", anchor, -pull))
    rates = {i: qi.diff(t) for i, qi in q.items()}
    result: dict[str, sympy.Expr] = {}
    for i, rate in rates.items():
        total = sympy.Integer(0)
        for kind, where, vector in loads:
            total += vector.dot(_velocity(kind, where, frames[0]).diff(rate, frames[0]))
        result[f"q{i}"] = total
    zero = {rate: 0 for rate in rates.values()}
    total_t = sympy.Integer(0)
    for kind, where, vector in loads:
        total_t += vector.dot(_velocity(kind, where, frames[0])).xreplace(zero)
    result["t"] = total_t
    static: dict[sympy.Expr, sympy.Expr] = {rates[i]: sympy.Symbol(f"q{i}'", real=True) for i in q}
    static.update({qi: sympy.Symbol(f"q{i}", real=True) for i, qi in q.items()})
    return {name: expr.xreplace(static) for name, expr in result.items()}
