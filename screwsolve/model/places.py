"""Where points are at one arbitrary instant, in numbers: a quick way to tell two points apart
before proving, symbolically, that they coincide.

Comparing positions symbolically multiplies the direction cosines of every frame between them
and walks trees that share nothing: the 272 spring and damper ends of a 16-link chain took 19 s
to compare. In numbers each frame's rotation is evaluated once and composed with its parent's
(sympy's rule: C.dcm(A) = C.dcm(B) * B.dcm(A)), so each point costs its own terms only.
"""

from __future__ import annotations

import zlib

import sympy
from sympy.physics.vector import Vector

from screwsolve.model.frames import FrameTree
from screwsolve.model.grammar import Namespace

Numbers = tuple[float, float, float]
Rotation = tuple[Numbers, Numbers, Numbers]  # rows: the frame's unit vectors in the referential


class Places:
    """Numeric positions in the referential at one instant, each frame's rotation computed once.
    Every symbol takes a value between 1 and 2 drawn from its name (positive, as a length or a
    mass may be assumed to be)."""

    def __init__(self, ns: Namespace, frames: FrameTree) -> None:
        self.ns, self.tree = ns, frames
        self.frame_names = {id(frame): name for name, frame in frames.frames.items()}
        self._rotations: dict[str, Rotation | None] = {}

    def position(self, vector: Vector) -> Numbers | None:
        """The vector's components in the referential; None when a value is not a real number."""
        total = [0.0, 0.0, 0.0]
        for components, frame in vector.args:
            rotation = self._rotation(self.frame_names[id(frame)])
            values = [self._number(component) for component in components]
            if rotation is None:
                return None
            for row, value in zip(rotation, values, strict=True):
                if value is None:
                    return None
                for axis in range(3):
                    total[axis] += row[axis] * value
        return (total[0], total[1], total[2])

    def _number(self, expr: sympy.Expr) -> float | None:
        static = self.ns.static(expr)
        values = {symbol: _value(symbol) for symbol in static.free_symbols}
        try:
            number = complex(static.xreplace(values).evalf(20))
        except (TypeError, ValueError):
            return None
        return number.real if abs(number.imag) <= 1e-12 * (1 + abs(number.real)) else None

    def _rotation(self, name: str) -> Rotation | None:
        """The frame's unit vectors in the referential, composed down from its nearest known
        ancestor (a loop, not a recursion: a chain may have a thousand frames)."""
        pending = []
        current: str | None = name
        while current is not None and current not in self._rotations:
            pending.append(current)
            current = self.tree.parents.get(current)
        for child in reversed(pending):
            parent = self.tree.parents.get(child)
            self._rotations[child] = (
                self._composed(child, parent) if parent is not None else _IDENTITY
            )
        return self._rotations[name]

    def _composed(self, child: str, parent: str) -> Rotation | None:
        above = self._rotations[parent]
        local = self.tree.frames[child].dcm(self.tree.frames[parent])
        entries = [self._number(local[i, j]) for i in range(3) for j in range(3)]
        if above is None or None in entries:
            return None
        known = [float(entry) for entry in entries if entry is not None]
        rows = [
            tuple(sum(known[3 * i + k] * above[k][j] for k in range(3)) for j in range(3))
            for i in range(3)
        ]
        return (_triple(rows[0]), _triple(rows[1]), _triple(rows[2]))


def _triple(row: tuple[float, ...]) -> Numbers:
    return (row[0], row[1], row[2])


_IDENTITY: Rotation = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def _value(symbol: sympy.Symbol) -> sympy.Float:
    return sympy.Float(1 + zlib.crc32(str(symbol).encode()) % 997 / 997, 20)
