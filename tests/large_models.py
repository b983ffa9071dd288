"""Families of valid problems that grow without bound inside every count limit, each stressing
one kind of work of model/cost.py: depth (a chain), rows (a star of pendulums), size (frames
turned by long angles; long forces) and elimination (constraints that mix every speed). Used by
the cost model's tests and by bench/bench_cost.py, which times them."""

from __future__ import annotations

import random

PARAMETERS = [f"p{i}" for i in range(40)]


def chain_yaml(links: int) -> str:
    """A planar chain of pinned links, each turned by its own angle about z, with its weight at
    mid-length and a force at its tip along the link's y."""
    lines = [
        "title: chain",
        "referential: 0",
        "parameters: {g: positive, L: positive, m: positive, F: real}",
        "coordinates: [" + ", ".join(f"q{i}" for i in range(1, links + 1)) + "]",
        "frames:",
        "  0: {}",
    ]
    lines += [f"  {i}: {{from: {i - 1}, rotate: [z, q{i}]}}" for i in range(1, links + 1)]
    lines += ["points:", "  P0: {fixed_in: 0}"]
    for i in range(1, links + 1):
        lines.append(f"  P{i}: {{from: P{i - 1}, position: L*x{i}, body: {i}}}")
        lines.append(f"  G{i}: {{from: P{i - 1}, position: L/2*x{i}, body: {i}}}")
    lines.append("bodies:")
    lines += [
        f"  {i}: {{frame: {i}, origin: P{i - 1}, mass: m, mass_center: G{i}}}"
        for i in range(1, links + 1)
    ]
    lines += ["gravity: -g*y0", "actions:"]
    lines += [
        f"  - {{name: tip {i}, on: {i}, at: P{i}, force: F*y{i}}}" for i in range(1, links + 1)
    ]
    return "\n".join(lines) + "\n"


def star_yaml(pendulums: int) -> str:
    """Independent pendulums on one pivot: every table is dense (each speed for each body)."""
    lines = [
        "title: star of pendulums",
        "referential: 0",
        "parameters: {g: positive, L: positive, m: positive}",
        "coordinates: [" + ", ".join(f"q{i}" for i in range(pendulums)) + "]",
        "frames:",
        "  0: {}",
    ]
    lines += [f"  F{i}: {{from: 0, rotate: [z, q{i}]}}" for i in range(pendulums)]
    lines += ["points:", "  O: {fixed_in: 0}"]
    lines += [f"  G{i}: {{from: O, position: L*xF{i}, body: B{i}}}" for i in range(pendulums)]
    lines.append("bodies:")
    lines += [
        f"  B{i}: {{frame: F{i}, origin: O, mass: m, mass_center: G{i}}}" for i in range(pendulums)
    ]
    return "\n".join([*lines, "gravity: -g*y0"]) + "\n"


def coupled_frames_yaml(frames: int, terms: int = 200, seed: int = 2) -> str:
    """Frames in a line, frame i turned about z or x by a `terms`-term sum of p_j*q_k mixing all
    coordinates, a point per frame and a force on each body (84 kB at 40 frames)."""
    rng = random.Random(seed)
    coordinates = [f"q{i}" for i in range(frames)]

    def angle() -> str:
        return " + ".join(
            f"{rng.choice(PARAMETERS)}*{rng.choice(coordinates)}" for _ in range(terms)
        )

    lines = [
        "title: frames with long coupled angles\nreferential: 0\n",
        "parameters: {" + ", ".join(f"{p}: positive" for p in PARAMETERS) + "}\n",
        "coordinates: [" + ", ".join(coordinates) + "]\n",
        "frames:\n  0: {}\n",
    ]
    parent = "0"
    for i in range(frames):
        axis = "z" if i % 2 == 0 else "x"
        lines.append(f"  F{i}: {{from: {parent}, rotate: [{axis}, {angle()}]}}\n")
        parent = f"F{i}"
    lines.append("points:\n  O: {fixed_in: 0}\n")
    previous = "O"
    for i in range(frames):
        lines.append(f"  P{i}: {{from: {previous}, position: p1*xF{i}, body: B{i}}}\n")
        previous = f"P{i}"
    lines.append("bodies:\n")
    for i in range(frames):
        lines.append(f"  B{i}: {{frame: F{i}, origin: {'O' if i == 0 else f'P{i - 1}'}}}\n")
    lines.append("actions:\n")
    for i in range(frames):
        lines.append(f"  - {{name: f{i}, on: B{i}, at: P{i}, force: p2*y0 + p3*zF{i}}}\n")
    return "".join(lines)


def _moved_body(title: str, coordinates: list[str], assumption: str, *extra: str) -> list[str]:
    """The head of a file whose one body B is moved along fixed axes by every coordinate."""
    position = " + ".join(f"{q}*{'xyz'[i % 3]}0" for i, q in enumerate(coordinates))
    return [
        f"title: {title}",
        "referential: 0",
        "parameters: {" + ", ".join(f"{p}: {assumption}" for p in PARAMETERS) + "}",
        "coordinates: [" + ", ".join(coordinates) + "]",
        *extra,
        "frames: {0: {}}",
        "points:",
        "  O: {fixed_in: 0}",
        f"  P: {{from: O, position: {position}, body: B}}",
        "bodies: {B: {frame: 0, origin: P}}",
    ]


def long_forces_yaml(coordinates: int, actions: int, terms: int, seed: int = 3) -> str:
    """One body moved by every coordinate along a fixed axis, and `actions` forces each a
    `terms`-term sum of p_j*q_k."""
    rng = random.Random(seed)
    names = [f"q{i}" for i in range(coordinates)]
    lines = [*_moved_body("long forces", names, "real"), "actions:"]
    for k in range(actions):
        force = " + ".join(f"{rng.choice(PARAMETERS)}*{rng.choice(names)}" for _ in range(terms))
        lines.append(f"  - {{name: a{k}, on: B, at: P, force: ({force})*x0}}")
    return "\n".join(lines) + "\n"


def dense_constraints_yaml(coordinates: int, dependent: int, seed: int = 5) -> str:
    """A body moved by every coordinate, with `dependent` constraints each mixing every speed
    by a parameter: solving them is a dense `dependent`-square system."""
    rng = random.Random(seed)
    names = [f"q{i}" for i in range(coordinates)]
    speeds = "speeds: {" + ", ".join(f'u{i}: "{q}\'"' for i, q in enumerate(names)) + "}"
    dependents = "dependent_speeds: [" + ", ".join(f"u{i}" for i in range(dependent)) + "]"
    lines = [
        *_moved_body("dense constraints", names, "positive", speeds, dependents),
        "actions: [{name: F, on: B, at: P, force: p1*x0 + p2*y0 + p3*z0}]",
        "constraints:",
    ]
    for _ in range(dependent):
        row = " + ".join(f"{rng.choice(PARAMETERS)}*{q}'" for q in names)
        lines.append(f"  - {row} = 0")
    return "\n".join(lines) + "\n"


def spring_mesh_yaml(links: int, every: int = 1) -> str:
    """The chain of chain_yaml with a linear spring and a damper between every two of its
    joints' points, taking every `every`-th point (at most 1 900 actions)."""
    text = chain_yaml(links).replace(
        "F: real}", "F: real, k: positive, c: positive, l0: positive}", 1
    )
    points = [f"P{i}" for i in range(0, links + 1, every)]
    actions = []
    for index, first in enumerate(points):
        for second in points[index + 1 :]:
            pair = f"between: [{first}, {second}]"
            actions.append(
                f"  - {{name: spring {first} {second}, "
                f"spring: {{{pair}, free_length: l0, force: k*s}}}}"
            )
            actions.append(
                f"  - {{name: damper {first} {second}, damper: {{{pair}, coefficient: c}}}}"
            )
    return text + "\n".join(actions[:1900]) + "\n"


def particles_all_pairs_yaml(particles: int) -> str:
    """Particles in a plane (x_i, y_i each), their weights, and a linear spring between every
    two of them: n(n-1)/2 springs, each reaching four coordinates."""
    names = [f"{axis}{i}" for i in range(1, particles + 1) for axis in ("x", "y")]
    lines = [
        "title: particles joined in pairs by springs",
        "referential: N",
        "parameters: {g: positive, m: positive, k: positive, l0: positive}",
        "coordinates: [" + ", ".join(names) + "]",
        "frames: {N: {}}",
        "points:",
        "  O: {fixed_in: N}",
    ]
    lines += [f"  P{i}: {{position: x{i}*xN + y{i}*yN}}" for i in range(1, particles + 1)]
    lines.append("bodies:")
    lines += [f"  p{i}: {{origin: P{i}, mass: m}}" for i in range(1, particles + 1)]
    lines += ["gravity: -g*yN", "actions:"]
    for i in range(1, particles + 1):
        for j in range(i + 1, particles + 1):
            lines.append(
                f"  - {{name: s{i}_{j}, spring: {{between: [P{i}, P{j}], stiffness: k, "
                "free_length: l0}}"
            )
    return "\n".join(lines) + "\n"


def tree_yaml(bodies: int) -> str:
    """A binary tree of pinned links: link i hangs from the tip of link (i - 1) // 2 (link 0
    from the fixed pivot), turned by its own angle about z from its parent; weights at
    mid-length. Depth grows as log2 of the size, the rows as the size."""
    lines = [
        "title: tree of links",
        "referential: N",
        "parameters: {g: positive, L: positive, m: positive}",
        "coordinates: [" + ", ".join(f"q{i}" for i in range(bodies)) + "]",
        "frames:",
        "  N: {}",
    ]
    parent = {i: (i - 1) // 2 for i in range(1, bodies)}
    lines.append("  F0: {from: N, rotate: [z, q0]}")
    lines += [f"  F{i}: {{from: F{parent[i]}, rotate: [z, q{i}]}}" for i in range(1, bodies)]
    lines += ["points:", "  O: {fixed_in: N}"]
    for i in range(bodies):
        base = "O" if i == 0 else f"T{parent[i]}"
        lines.append(f"  T{i}: {{from: {base}, position: L*xF{i}, body: B{i}}}")
        lines.append(f"  G{i}: {{from: {base}, position: L/2*xF{i}, body: B{i}}}")
    lines.append("bodies:")
    for i in range(bodies):
        base = "O" if i == 0 else f"T{parent[i]}"
        lines.append(f"  B{i}: {{frame: F{i}, origin: {base}, mass: m, mass_center: G{i}}}")
    return "\n".join([*lines, "gravity: -g*yN"]) + "\n"
