"""A model shaped as a researcher writes it, not as the benchmark chain is: a cable of n
segments with absolute angles (each segment's frame turned from the ground), weights, a pull at
the free end and a spring-damper bending moment between neighbours. Its power coefficients are
derived by hand below."""

from __future__ import annotations

import sympy

from screwsolve.api import solve

from ..conftest import same

SEGMENTS = 24


def _cable(n: int) -> str:
    lines = [
        f"title: discretised cable of {n} segments",
        "referential: N",
        "parameters: {g: positive, k: positive, c: positive, l: positive, m: positive, F: real}",
        "coordinates: [" + ", ".join(f"th{i}" for i in range(1, n + 1)) + "]",
        "frames:",
        "  N: {}",
        *(f"  S{i}: {{from: N, rotate: [z, th{i}]}}" for i in range(1, n + 1)),
        "points:",
        "  P0: {fixed_in: N}",
    ]
    for i in range(1, n + 1):
        lines.append(f"  P{i}: {{from: P{i - 1}, position: l*xS{i}, body: s{i}}}")
        lines.append(f"  G{i}: {{from: P{i - 1}, position: l/2*xS{i}, body: s{i}}}")
    lines.append("bodies:")
    lines += [
        f"  s{i}: {{frame: S{i}, origin: P{i - 1}, mass: m, mass_center: G{i}}}"
        for i in range(1, n + 1)
    ]
    lines += ["gravity: -g*yN", "actions:", f"  - {{name: pull, on: s{n}, at: P{n}, force: F*xN}}"]
    lines += [
        f"  - {{name: bending {i}, on: s{i}, by: s{i - 1}, at: P{i - 1}, "
        f"moment: -(k*(th{i} - th{i - 1}) + c*(th{i}' - th{i - 1}'))*zN}}"
        for i in range(2, n + 1)
    ]
    return "\n".join(lines) + "\n"


def test_a_long_cable_in_absolute_angles_has_the_hand_derived_coefficients() -> None:
    """Q^th_j by hand, 1 < j < n: the pull F xN at the free end moves by l yS_j dth_j: -F l
    sin(th_j); every weight -m g yN from segment j on: segment j's centre rises l/2 cos(th_j),
    the n - j segments after it l cos(th_j); the bending moments on both sides of segment j:
    k (th_{j+1} - th_j) + c (th_{j+1}' - th_j') - k (th_j - th_{j-1}) - c (th_j' - th_{j-1}')."""
    n = SEGMENTS
    solution = solve(_cable(n))
    s = solution.symbols
    for j in (1, 2, n // 2, n - 1):
        bend = s["k"] * (s[f"th{j + 1}"] - s[f"th{j}"]) + s["c"] * (s[f"th{j + 1}'"] - s[f"th{j}'"])
        if j > 1:
            bend -= s["k"] * (s[f"th{j}"] - s[f"th{j - 1}"]) + s["c"] * (
                s[f"th{j}'"] - s[f"th{j - 1}'"]
            )
        weight = (
            -s["m"] * s["g"] * s["l"] * (sympy.Rational(1, 2) + (n - j)) * sympy.cos(s[f"th{j}"])
        )
        expected = -s["F"] * s["l"] * sympy.sin(s[f"th{j}"]) + weight + bend
        assert same(solution.unshared(solution.coefficients[f"th{j}"]), expected), j
    assert not solution.potential_mismatches
