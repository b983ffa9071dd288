"""Frames as chains of simple rotations, their unit vectors, and vector algebra that stays compact.

sympy's `cross` expresses one factor in the other's frame, which turns `theta' u x (-r z0)` into a
sum of sines and cosines. Here each product of two unit vectors is taken in the frame where both
are simplest: a rotation about a parent's axis makes that axis a unit vector of both frames
(an *alias*), so results keep the textbook's form (`r theta' v`, `r phi' sin(theta) u`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

import sympy
from sympy.physics.vector import ReferenceFrame, Vector, dynamicsymbols

from screwsolve.limits import CROSS_PRODUCT_NODES, MAX_FRAME_DEPTH
from screwsolve.model.grammar import Namespace, check_name, parse_scalar, suggest
from screwsolve.model.ordering import parents_first
from screwsolve.symbolic.graphs import exceeds

if TYPE_CHECKING:
    from screwsolve.files.schema import Problem
    from screwsolve.files.source_map import Path

AXES = ("x", "y", "z")
UnitKey = tuple[str, int]  # (frame name, axis index)


@dataclass(frozen=True)
class FrameEntry:
    """One frame to build: the referential, or one simple rotation of a parent. A sequence of
    rotations written in one line (`rotate: [[z, psi], [x, theta], [z, phi]]`) gives one entry
    per rotation, the intermediate frames named NAME_1, NAME_2, ..."""

    name: str
    from_: str | None
    rotate: tuple[str, str] | None  # axis text, angle text
    axes: dict[str, str]
    path: Path
    rotate_path: Path


def frame_entries(problem: Problem, out: _Reporter) -> dict[str, FrameEntry]:
    """The file's frames, sequences of rotations expanded, in the file's order."""
    entries: dict[str, FrameEntry] = {}
    for name, spec in problem.frames.items():
        path: Path = ("frames", name)
        steps = spec.rotate
        if steps is None or isinstance(steps[0], str):
            rotate = None if steps is None else (str(steps[0]), str(steps[1]))
            entries[name] = FrameEntry(
                name,
                spec.from_,
                rotate,
                {str(k): v for k, v in (spec.axes or {}).items()},
                path,
                (*path, "rotate"),
            )
            continue
        parent = spec.from_
        for index, step in enumerate(steps):
            last = index == len(steps) - 1
            step_name = name if last else f"{name}_{index + 1}"
            if step_name in problem.frames and not last:
                out.error(
                    (*path, "rotate", index),
                    f"the intermediate frame of this rotation would be named '{step_name}', "
                    "which names a frame of the file already",
                )
            entries[step_name] = FrameEntry(
                step_name,
                parent,
                (str(step[0]), str(step[1])),
                {str(k): v for k, v in (spec.axes or {}).items()} if last else {},
                path,
                (*path, "rotate", index),
            )
            parent = step_name
    return entries


class _Reporter(Protocol):
    def error(self, path: Path, message: str, *, key: bool = False) -> None: ...

    def expression(
        self, path: Path, text: str, parse: Callable[[str, Namespace], Any], ns: Namespace
    ) -> Any: ...


@dataclass
class FrameTree:
    """Frames by name, unit-vector names, aliases (identical unit vectors), and vector algebra."""

    referential_name: str
    frames: dict[str, ReferenceFrame]
    parents: dict[str, str | None]
    angles: dict[str, sympy.Expr]
    unit_names: dict[UnitKey, str]
    unit_vectors: dict[str, Vector]
    renamed: set[str]
    body_frames: set[str] = field(default_factory=set)
    axes: dict[str, UnitKey] = field(default_factory=dict)  # frame -> axis it turns about
    _alias: dict[UnitKey, UnitKey] = field(default_factory=dict)
    _cross_memo: dict[tuple[UnitKey, UnitKey], Vector] = field(default_factory=dict)
    _omega_memo: dict[str, Vector] = field(default_factory=dict)
    _members: dict[UnitKey, list[UnitKey]] = field(default_factory=dict)  # aliases by root
    _display: dict[UnitKey, str] = field(default_factory=dict)

    @property
    def referential(self) -> ReferenceFrame:
        return self.frames[self.referential_name]

    # -- building -------------------------------------------------------------------------

    @classmethod
    def build(cls, problem: Problem, ns: Namespace, out: _Reporter) -> FrameTree:
        """Orient every frame of the problem, parents first, reporting every bad entry."""
        declared = frame_entries(problem, out)
        tree = cls(problem.referential, {}, {}, {}, {}, {}, set())
        tree.body_frames = {b.frame for b in problem.bodies.values()}
        if problem.referential not in declared:
            out.error(
                ("referential",),
                f"the referential '{problem.referential}' is not a frame"
                + suggest(problem.referential, declared),
            )
            return tree
        if declared[problem.referential].from_ is not None:
            out.error(
                ("frames", problem.referential, "from"), "the referential has no parent frame"
            )
        taken: dict[str, str] = {}
        for name, spec in declared.items():
            path = spec.path
            written = str(path[-1])  # the file's name (an intermediate frame's is derived)
            reason = None if written.isascii() and written.isdigit() else check_name(written)
            if reason and written == name:
                out.error(path, f"frame {reason}", key=True)
            names = {axis: f"{axis}{name}" for axis in AXES}
            for axis, new in spec.axes.items():
                why = check_name(new)
                if why:
                    out.error((*path, "axes", axis), f"unit vector {why}")
                names[axis] = new
                tree.renamed.add(new)
            for index, letter in enumerate(AXES):
                unit = names[letter]
                if unit in taken:
                    out.error(
                        (*path, "axes"),
                        f"unit vector name '{unit}' is already used by frame '{taken[unit]}'",
                    )
                elif unit in ns.scalars:
                    out.error((*path, "axes"), f"unit vector name '{unit}' is also a symbol")
                taken[unit] = name
                tree.unit_names[(name, index)] = unit
            if name != problem.referential and spec.from_ is None:
                out.error(path, f"frame '{name}' needs from (only the referential stands alone)")
            if spec.from_ is not None and spec.rotate is None:
                out.error(path, f"frame '{name}' has from but no rotate: [axis, angle]")
            if spec.rotate is not None and spec.from_ is None:
                out.error(spec.rotate_path, "rotate needs from")
        for name in declared:
            tree.frames[name] = ReferenceFrame(
                f"F{len(tree.frames)}",
                indices=tuple(tree.unit_names.get((name, i), AXES[i]) for i in range(3)),
            )
            tree.unit_vectors.update(
                {
                    tree.unit_names[(name, i)]: tree.frames[name].x
                    if i == 0
                    else (tree.frames[name].y if i == 1 else tree.frames[name].z)
                    for i in range(3)
                    if (name, i) in tree.unit_names
                }
            )
        tree._orient(declared, ns, out)
        return tree

    def _orient(self, declared: dict[str, FrameEntry], ns: Namespace, out: _Reporter) -> None:
        def parent(name: str) -> str | None:
            spec = declared[name]
            return spec.from_ if spec.from_ in declared else None

        order, cyclic = parents_first(declared, parent)
        for name in cyclic:
            out.error(
                (*declared[name].path, "from"), f"frame '{name}' is rotated from itself (a cycle)"
            )
        unit_ns = replace(ns, vectors=dict(self.unit_vectors))
        depth: dict[str, int] = {}
        for name in order:
            spec = declared[name]
            above = parent(name)
            depth[name] = 0 if above is None else depth[above] + 1
            if depth[name] > MAX_FRAME_DEPTH:
                if depth[name] == MAX_FRAME_DEPTH + 1:  # once, at the first frame past it
                    out.error(
                        (*spec.path, "from"),
                        f"frame '{name}' is {depth[name]} rotations from the referential: the "
                        f"limit is {MAX_FRAME_DEPTH} (deeper frames nest every expression of the "
                        "problem one level per rotation)",
                    )
                self.parents[name] = None
                continue
            # Linked to its parent only once oriented in it: the walks up the tree (omega of a
            # frame, met while the rest of a faulty file is still being checked) then never meet
            # an unknown or unrelated parent.
            self.parents[name] = None
            if spec.from_ is None or spec.rotate is None:
                continue
            path, rotate_path = spec.path, spec.rotate_path
            if spec.from_ not in declared:
                out.error(
                    (*path, "from"), f"unknown frame '{spec.from_}'" + suggest(spec.from_, declared)
                )
                continue
            axis_text, angle_text = spec.rotate
            negative = axis_text.startswith("-")  # about -y by q is about y by -q
            axis_text = axis_text.removeprefix("-").strip()
            parent_frame = self.frames[spec.from_]
            axis_key = self._axis_key(name, spec.from_, axis_text)
            if axis_key is None:
                out.error(
                    (*rotate_path, 0),
                    f"axis '{axis_text}' is not x, y, z or a unit vector (with - before it for the "
                    "opposite direction)" + suggest(axis_text, [*AXES, *self.unit_vectors]),
                )
                continue
            angle = out.expression((*rotate_path, 1), angle_text, parse_scalar, unit_ns)
            if not isinstance(angle, sympy.Expr):
                continue
            if angle.has(sympy.Derivative):
                out.error((*rotate_path, 1), "a rotation angle may not contain rates (q')")
                continue
            if negative:
                angle = -angle
            axis_frame, axis_index = axis_key
            if axis_frame == name:  # the child's own axis, identical to the parent's same axis
                axis_frame, axis_index = spec.from_, axis_index
            axis_vector = _unit(self.frames[axis_frame], axis_index)
            child = self.frames[name]
            try:
                child.orient_axis(parent_frame, axis_vector, angle)
            except ValueError:  # the axis moves in the parent, or is not related to it yet
                out.error(
                    (*rotate_path, 0),
                    f"axis '{axis_text}' is not fixed in frame '{spec.from_}': a rotation "
                    "turns about an axis of the frame it starts from (or one aligned with it)",
                )
                continue
            child.set_ang_vel(parent_frame, angle.diff(ns.time) * axis_vector)
            self.parents[name] = spec.from_
            self.angles[name] = angle
            self.axes[name] = (axis_frame, axis_index)
            # The child keeps the axis it turns about: that axis of the parent is its own too
            # (also when the axis was named through an alias, such as x1 for a frame of frame 2).
            parent_axis = next((k for k in self.aliases(axis_key) if k[0] == spec.from_), None)
            if parent_axis is not None:
                self._join(parent_axis, (name, parent_axis[1]))

    def _axis_key(self, child: str, parent: str, text: str) -> UnitKey | None:
        if text in AXES:
            return (parent, AXES.index(text))
        for key, unit in self.unit_names.items():
            if unit == text:
                return key
        return None

    def _find(self, key: UnitKey) -> UnitKey:
        while self._alias.get(key, key) != key:
            key = self._alias[key]
        return key

    def _join(self, a: UnitKey, b: UnitKey) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra != rb:
            self._alias[rb] = ra
            self._members.clear()
            self._display.clear()

    # -- names ----------------------------------------------------------------------------

    def aliases(self, key: UnitKey) -> list[UnitKey]:
        """Every (frame, axis) that is the same unit vector as `key`."""
        root = self._find(key)
        members = self._members.get(root)
        if members is None:  # remembered: asked for each component printed (30-link chain: 1 s)
            members = self._members[root] = [k for k in self.unit_names if self._find(k) == root]
        return list(members)

    def _depth(self, frame: str) -> int:
        depth = 0
        while self.parents.get(frame) is not None:
            frame = self.parents[frame]  # type: ignore[assignment]
            depth += 1
        return depth

    def display_name(self, key: UnitKey) -> str:
        """The name a textbook would use for this unit vector among its aliases."""
        known = self._display.get(key)
        if known is None:
            known = self._display[key] = self._display_name(key)
        return known

    def _display_name(self, key: UnitKey) -> str:
        def rank(k: UnitKey) -> tuple[int, int, int]:
            unit = self.unit_names[k]
            return (
                0 if unit in self.renamed else 1,
                0 if k[0] == self.referential_name else (1 if k[0] in self.body_frames else 2),
                self._depth(k[0]),
            )

        return self.unit_names[min(self.aliases(key), key=rank)]

    def frame_name(self, frame: ReferenceFrame) -> str:
        for name, candidate in self.frames.items():
            if candidate is frame:
                return name
        raise KeyError(frame)

    def terms(self, vector: Vector) -> list[tuple[sympy.Expr, str]]:
        """A vector as (coefficient, unit-vector display name) pairs, aliases merged."""
        components = (
            (matrix[index], (self.frame_name(frame), index))
            for matrix, frame in vector.args
            for index in range(3)
        )
        return self.named_terms(components)

    def named_terms(self, components: Iterable[tuple[Any, UnitKey]]) -> list[tuple[Any, str]]:
        """(coefficient, unit vector) pairs as (coefficient, display name) pairs in textbook
        order, aliases merged and zeros dropped (coefficients of sympy or symengine)."""
        merged: dict[str, Any] = {}
        order: list[str] = []
        for coefficient, key in components:
            if coefficient == 0:
                continue
            unit = self.display_name(key)
            if unit not in merged:
                order.append(unit)
                merged[unit] = coefficient
            else:
                merged[unit] = merged[unit] + coefficient
        rank = {unit: self._unit_rank(unit) for unit in order}
        return [(merged[u], u) for u in sorted(order, key=rank.__getitem__) if merged[u] != 0]

    def _unit_rank(self, unit: str) -> tuple[int, int, str]:
        """Textbook order: the referential's unit vectors first, then down the frame chain."""
        for (frame, index), name in self.unit_names.items():
            if name == unit:
                return (self._depth(frame), index, frame)
        return (99, 0, unit)

    # -- algebra --------------------------------------------------------------------------

    def cross(self, a: Vector, b: Vector) -> Vector:
        """a x b, each pair of unit vectors crossed in the frame where both are simplest."""
        total = Vector(0)
        for ca, ka in self._unit_terms(a):
            for cb, kb in self._unit_terms(b):
                total += ca * cb * self._cross_units(ka, kb)
        return total

    def _unit_terms(self, vector: Vector) -> Iterable[tuple[sympy.Expr, UnitKey]]:
        for matrix, frame in vector.args:
            name = self.frame_name(frame)
            for index in range(3):
                if matrix[index] != 0:
                    yield matrix[index], (name, index)

    def _cross_units(self, ka: UnitKey, kb: UnitKey) -> Vector:
        if (ka, kb) not in self._cross_memo:
            self._cross_memo[(ka, kb)] = self._cross_units_uncached(ka, kb)
        return self._cross_memo[(ka, kb)]

    def _cross_units_uncached(self, ka: UnitKey, kb: UnitKey) -> Vector:
        aliases_a, aliases_b = self.aliases(ka), self.aliases(kb)
        for fa, ia in aliases_a:  # a frame where both are axes: exact
            for fb, ib in aliases_b:
                if fa == fb:
                    return _axis_cross(self.frames[fa], ia, ib)
        candidates: list[Vector] = []
        for fa, ia in aliases_a:  # express b in a frame of a, or a in a frame of b
            ua = _unit(self.frames[fa], ia)
            ub = _unit(self.frames[kb[0]], kb[1]).express(self.frames[fa])
            candidates.append(ua.cross(ub))
        for fb, ib in aliases_b:
            ub = _unit(self.frames[fb], ib)
            ua = _unit(self.frames[ka[0]], ka[1]).express(self.frames[fb])
            candidates.append(ua.cross(ub))
        return min(candidates, key=_size)

    def dt(self, vector: Vector) -> Vector:
        """Time derivative in the referential: components' rates plus omega x each term."""
        total = Vector(0)
        ref = self.referential
        time = dynamicsymbols._t
        for matrix, frame in vector.args:
            if matrix.has(time):  # element by element: Matrix.diff goes through array calculus
                total += Vector([(matrix.applyfunc(lambda e: e.diff(time)), frame)])
            if frame is not ref:
                total += self.cross(
                    self.angular_velocity(self.frame_name(frame)), Vector([(matrix, frame)])
                )
        return total

    def angular_velocities(self) -> Mapping[str, Vector]:
        """Every frame's angular velocity relative to the referential, each computed when read."""
        return _AngularVelocities(self)

    def angular_velocity(self, frame: str) -> Vector:
        """omega of a frame relative to the referential: the sum of its chain's rotation rates."""
        memo = self._omega_memo
        if frame in memo:
            return memo[frame]
        omega = Vector(0)
        node: str | None = frame
        while node is not None and node != self.referential_name:
            parent = self.parents.get(node)
            if parent is None:
                break
            omega += self.frames[node].ang_vel_in(self.frames[parent])
            node = parent
        memo[frame] = omega
        return omega


class _AngularVelocities(Mapping[str, Vector]):
    def __init__(self, tree: FrameTree) -> None:
        self.tree = tree

    def __getitem__(self, frame: str) -> Vector:
        if frame not in self.tree.frames:
            raise KeyError(frame)
        return self.tree.angular_velocity(frame)

    def __contains__(self, frame: object) -> bool:
        return frame in self.tree.frames  # without computing anything

    def __iter__(self) -> Iterator[str]:
        return iter(self.tree.frames)

    def __len__(self) -> int:
        return len(self.tree.frames)


def _unit(frame: ReferenceFrame, index: int) -> Vector:
    return (frame.x, frame.y, frame.z)[index]


def _axis_cross(frame: ReferenceFrame, i: int, j: int) -> Vector:
    if i == j:
        return Vector(0)
    k = 3 - i - j
    sign = 1 if (j - i) % 3 == 1 else -1
    return sign * _unit(frame, k)


def _size(vector: Vector) -> tuple[int, int]:
    """Sort key of a candidate product: its count_ops, or (after every small one) nothing when
    a component's tree is too large to count (a long chain's direction cosines)."""
    if any(exceeds(e, CROSS_PRODUCT_NODES) for m, _ in vector.args for e in m):
        return (1, 0)
    return (0, sum(sympy.count_ops(m) + sum(1 for e in m if e != 0) for m, _ in vector.args))
