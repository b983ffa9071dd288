"""The parts of a system as built from its file: points, bodies, joints and constraints.

Plain data holding sympy values; every name in them refers to something that exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import sympy
from sympy.physics.vector import Vector

from screwsolve.files.source_map import Path


@dataclass(frozen=True)
class PointSpec:
    """A point's position from the root point and how its velocity is found."""

    name: str
    position: Vector
    rule: Literal["fixed", "geometric", "attached"]
    body: str | None


@dataclass(frozen=True)
class BodySpec:
    """A body's frame and origin."""

    name: str
    frame: str
    origin: str
    mass: sympy.Expr | None
    mass_center: str | None


@dataclass(frozen=True)
class DomainSpec:
    """One inequality of `domains:` as `expr > 0` (or `expr >= 0` when not strict)."""

    text: str
    expr: sympy.Expr
    strict: bool


@dataclass(frozen=True)
class ConstraintSpec:
    """One constraint equation as `expr = 0`, with its text and where it sits."""

    text: str
    expr: sympy.Expr
    path: Path


@dataclass(frozen=True)
class JointSpec:
    """A joint and the unknown constraint action it can exert."""

    name: str
    type: str
    between: tuple[str, str]
    at: str
    force: Vector
    moment: Vector
    unknowns: tuple[sympy.Symbol, ...]
    coordinates: tuple[str, ...]
