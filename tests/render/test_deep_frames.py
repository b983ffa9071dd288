"""A problem at the frame-depth limit: its values nest one level per rotation, and every format
prints them (sympy's printers once recursed too deep on that nesting)."""

from __future__ import annotations

import io
import math
import random
from typing import Any

import pytest
from rich.console import Console

from screwsolve.api import solution_to_print as solve  # what run prints
from screwsolve.limits import MAX_FRAME_DEPTH
from screwsolve.render import RENDERERS, RenderOptions
from screwsolve.solution.result import Solution


def _tower(depth: int) -> str:
    """Frames F1..F<depth>: F1 turned about z by the coordinate q, each next one about x or z
    in turn by its own parameter; one body on the last frame, pushed at its mass centre."""
    names = ", ".join(f"a{k}: real" for k in range(2, depth + 1))
    lines = [
        "title: deep tower",
        "referential: F0",
        "coordinates: [q]",
        f"parameters: {{L: positive, m: positive, g: positive, P: real, {names}}}",
        "frames:",
        "  F0: {}",
        "  F1: {from: F0, rotate: [z, q]}",
    ]
    lines += [
        f"  F{k}: {{from: F{k - 1}, rotate: [{'zx'[k % 2]}, a{k}]}}" for k in range(2, depth + 1)
    ]
    lines += [
        "points:",
        "  O: {fixed_in: F0}",
        f"  G: {{from: O, position: L*yF{depth}, body: B}}",
        "bodies:",
        f"  B: {{frame: F{depth}, origin: O, mass: m, mass_center: G}}",
        "gravity: -g*zF0",
        "actions:",
        "  - {name: push, on: B, at: G, force: P*xF0}",
    ]
    return "\n".join(lines) + "\n"


def _y_last_in_referential(depth: int, angles: dict[str, float]) -> list[float]:
    """y of the last frame in F0's components: each frame's unit vectors written in its
    parent's, from the last frame up (rotation matrices, independent of the program)."""
    y = [0.0, 1.0, 0.0]
    for k in range(depth, 0, -1):
        angle = angles["q" if k == 1 else f"a{k}"]
        c, s = math.cos(angle), math.sin(angle)
        x0, y0, z0 = y
        if k == 1 or k % 2 == 0:  # about z
            y = [c * x0 - s * y0, s * x0 + c * y0, z0]
        else:  # about x
            y = [x0, c * y0 - s * z0, s * y0 + c * z0]
    return y


def test_a_problem_at_the_depth_limit_prints_in_every_format_with_its_q() -> None:
    depth = MAX_FRAME_DEPTH
    solution = solve(_tower(depth))
    for name, formatter in RENDERERS.items():
        printed = formatter(solution, RenderOptions())
        if name == "table":
            buffer = io.StringIO()
            Console(file=buffer, color_system=None, width=100).print(printed)
            printed = buffer.getvalue()
        assert "push" in printed, name
    # Q^q = (P xF0 - m g zF0) . (zF0 x L yF<n>): the weight is along q's axis and does no work,
    # the push gives P L (xF0 x zF0) . yF<n> = -P L (yF0 . yF<n>)
    draw = random.Random(depth)
    angles = {f"a{k}": draw.uniform(-3, 3) for k in range(2, depth + 1)}
    angles["q"] = draw.uniform(-3, 3)
    values = {**angles, "L": 1.7, "P": 2.3, "m": 1.1, "g": 9.8, "q'": 0.4}
    expected = -2.3 * 1.7 * _y_last_in_referential(depth, angles)[1]
    assert _evaluated(solution, solution.coefficients["q"], values) == pytest.approx(
        expected, rel=1e-9, abs=1e-12
    )


def _evaluated(solution: Solution, value: Any, values: dict[str, float]) -> float:
    """A value over shared names, each name evaluated in turn (written out whole, the value's
    tree doubles with every rotation)."""
    import symengine

    numbers = {
        symengine.Symbol(solution.symbols[name].name): number for name, number in values.items()
    }
    for name, shared in solution.shared:
        numbers[symengine.Symbol(name)] = float(shared.xreplace(numbers))
    return float(value.xreplace(numbers))
