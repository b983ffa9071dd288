"""Hypothesis strategies that write valid problem files: chains of frames, points, bodies, actions."""

from __future__ import annotations

from hypothesis import strategies as st

COORDS = ["q1", "q2", "q3"]
PARAMS = {
    "a": "positive",
    "b": "positive",
    "Omega": "positive",
    "F1": "real",
    "F2": "real",
    "C": "real",
}


@st.composite
def problems(draw: st.DrawFn) -> str:
    """YAML text of a random, valid open chain with forces, couples and interactions."""
    n_frames = draw(st.integers(1, 3))
    frames = {"0": "{}"}
    units = ["x0", "y0", "z0"]
    for i in range(1, n_frames + 1):
        parent = draw(st.sampled_from(list(frames)))
        axis = draw(st.sampled_from(["x", "y", "z"]))
        angle = draw(st.sampled_from([*COORDS, "Omega*t", "q1 + Omega*t", "2*q2"]))
        frames[str(i)] = f"{{from: {parent}, rotate: [{axis}, {angle}]}}"
        units += [f"x{i}", f"y{i}", f"z{i}"]
    coefficient = st.sampled_from(["a", "b", "q1", "q2", "q3", "1", "a*q1", "b*sin(q2)"])
    vector = st.lists(st.tuples(coefficient, st.sampled_from(units)), min_size=1, max_size=3).map(
        lambda terms: " + ".join(f"{c}*{u}" for c, u in terms)
    )
    n_bodies = draw(st.integers(1, 2))
    bodies = [f"B{k}" for k in range(1, n_bodies + 1)]
    points = {"O": "{fixed_in: 0}"}
    geometric = ["O"]
    for j in range(1, 4):
        parent = draw(st.sampled_from(list(points)))
        position = draw(vector)
        body = draw(st.sampled_from([None, *bodies]))
        name = f"P{j}"
        suffix = f", body: {body}" if body else ""
        points[name] = f"{{from: {parent}, position: {position}{suffix}}}"
        if body is None:
            geometric.append(name)
    body_lines = [
        f"  {b}: {{frame: {draw(st.sampled_from(list(frames)))}, "
        f"origin: {draw(st.sampled_from(geometric))}}}"
        for b in bodies
    ]
    actions = []
    for k in range(draw(st.integers(1, 3))):
        on = draw(st.sampled_from(bodies))
        others = [b for b in bodies if b != on]
        by = draw(st.sampled_from([None, *others])) if others else None
        force = draw(vector).replace("a*", "F1*", 1)
        moment = draw(st.sampled_from([None, "C*z0", "C*x1" if n_frames else "C*x0"]))
        parts = [
            f"name: a{k}",
            f"on: {on}",
            f"at: {draw(st.sampled_from(list(points)))}",
            f"force: {force}",
        ]
        if by:
            parts.append(f"by: {by}")
        if moment:
            parts.append(f"moment: {moment}")
        actions.append("  - {" + ", ".join(parts) + "}")
    lines = [
        "title: generated",
        "referential: 0",
        "parameters: {" + ", ".join(f"{k}: {v}" for k, v in PARAMS.items()) + "}",
        f"coordinates: [{', '.join(COORDS)}]",
        "frames:",
        *(f"  {k}: {v}" for k, v in frames.items()),
        "points:",
        *(f"  {k}: {v}" for k, v in points.items()),
        "bodies:",
        *body_lines,
        "actions:",
        *actions,
    ]
    return "\n".join(lines) + "\n"
