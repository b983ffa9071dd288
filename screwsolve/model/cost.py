"""The work a problem will cost, estimated from its structure before any of it is done.

Count limits say what a file may declare; they cannot say what it costs (a chain of 60 links and
40 frames turned by 200-term angles are both far inside them, and both once ran out of memory).
The worker's time and memory limits stop such a file, but only after a minute's work and with a
stage, not a place. This estimate refuses it at validation, at the part of the file that costs
the most, and lets through every model a worker finishes under its default limits. Every
weight and the budget are in limits.py with the measurements behind them.

A *carrier* is what the output has a row of: a body (its partial screws, its weight), an action
or a joint. Its *reach* is what its velocity and its expressions depend on: the coordinates met on
the way from the referential (through frame angles and point positions), the simple rotations on
that way, and the size of the expressions met. Five kinds of work follow, and a sixth for the
constraints:

- rotations: each speed a carrier depends on, times the rotations its components pass through
  (a chain's direction cosines nest one level per rotation);
- size: each such speed, times the operations of the expressions it meets (long angles, long
  forces: symengine handles them in time linear in their size, once per speed);
- rows: every speed times every carrier (the tables are dense, zeros included);
- carriers' checks: a spring's, damper's or friction's work again for each speed it reaches (its
  length and its rate);
- checks: each such law once more for every speed of the problem (its potential and its
  dissipation checked against its power coefficients for every coordinate);
- elimination: the products in the determinant of the constraints solved for the dependent
  speeds, once per independent speed.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import sympy
from sympy.core.function import AppliedUndef
from sympy.physics.vector import ReferenceFrame, Vector

from screwsolve.errors import WorkLimitError
from screwsolve.limits import (
    DEFAULT_SECONDS,
    MAX_WORK,
    MAX_WORK_IN_MEMORY,
    WORK_PER_CHECKED_ROW,
    WORK_PER_CHECKED_SPEED,
    WORK_PER_ELIMINATION_TERM,
    WORK_PER_NODE,
    WORK_PER_ROTATION,
    WORK_PER_ROW,
    WORK_PER_SIZE,
)
from screwsolve.model.actions import Action
from screwsolve.model.frames import FrameTree
from screwsolve.model.laws import Law
from screwsolve.model.parts import BodySpec, JointSpec, PointSpec
from screwsolve.model.system import System

Path = tuple[str | int, ...]
# Actions given by a law along a line or a slip (their length or speed, its rate, and the checks
# of their potential and dissipation cost a speed's work again for each speed)
CHECKED_KINDS = frozenset({"spring", "damper", "pathway", "friction", "drag", "contact"})


@dataclass(frozen=True)
class Reach:
    """What a frame's, a point's or a carrier's kinematics depend on."""

    coordinates: frozenset[str] = frozenset()
    rotations: int = 0
    size: int = 0

    def joined(self, other: Reach) -> Reach:
        """Both reaches: shared ancestors are met once, so depths and sizes take the larger."""
        return Reach(
            self.coordinates | other.coordinates,
            max(self.rotations, other.rotations),
            max(self.size, other.size),
        )

    def plus(self, coordinates: frozenset[str], size: int) -> Reach:
        return Reach(self.coordinates | coordinates, self.rotations, self.size + size)


@dataclass(frozen=True)
class Carrier:
    path: Path
    label: str
    reach: Reach
    checked: bool = False  # a law whose potential or dissipation is checked, speed by speed

    def work(self) -> int:
        speeds = len(self.reach.coordinates)
        base = speeds * (WORK_PER_ROTATION * self.reach.rotations + WORK_PER_SIZE * self.reach.size)
        return base * (1 + WORK_PER_CHECKED_SPEED * speeds) if self.checked else base


@dataclass(frozen=True)
class Estimate:
    """The estimated work, by kind, and the carrier that costs the most."""

    total: int
    parts: dict[str, int]
    costliest: Carrier | None

    def where(self) -> Path:
        """The part of the file a refusal points at: what dominates the estimate."""
        largest = max(self.parts, key=self.parts.__getitem__)
        if largest == "elimination":
            return ("constraints",)
        if largest == "rows" or self.costliest is None:
            return ("coordinates",)
        if largest == "checks":
            return ("actions",)
        return self.costliest.path

    def message(self, limit: int) -> str:
        largest = max(self.parts, key=self.parts.__getitem__)
        if largest == "elimination":
            why = "solving its constraints for the dependent speeds costs the most"
        elif largest == "rows" or self.costliest is None:
            why = "its tables (every speed for every body and action) cost the most"
        elif largest == "checks":
            why = (
                "checking the potential and dissipation of each spring, damper, pathway or "
                "friction for every speed costs the most"
            )
        else:
            reach = self.costliest.reach
            why = (
                f"{self.costliest.label} costs the most: its velocity depends on "
                f"{len(reach.coordinates)} coordinates through {reach.rotations} rotations and "
                f"{reach.size} operations"
            )
        raise_it = "--timeout raises it" if limit < MAX_WORK_IN_MEMORY else "--timeout 0 lifts it"
        return (
            f"this model needs more work than a worker's limits allow (estimated "
            f"{self.total:,} units, the limit is {limit:,}; {raise_it}): {why}"
        )


class _Reaches:
    """Reaches of frames and points, each computed once from its parent's."""

    def __init__(
        self, frames: FrameTree, points: dict[str, PointSpec], coordinates: dict[str, sympy.Expr]
    ) -> None:
        self.tree = frames
        self.points = points
        self.names = {function: name for name, function in coordinates.items()}
        self.frame_names = {id(frame): name for name, frame in frames.frames.items()}
        self._frames: dict[str, Reach] = {}
        self._points: dict[str, Reach] = {}
        self.walked = 0  # every expression's nodes, each expression walked once

    def expression(self, expr: sympy.Basic) -> tuple[frozenset[str], int]:
        """The coordinates in an expression and its tree's nodes."""
        found: set[str] = set()
        nodes = 0
        stack = [expr]
        while stack:
            node = stack.pop()
            nodes += 1
            if isinstance(node, AppliedUndef):
                name = self.names.get(node)
                if name is not None:
                    found.add(name)
                continue
            stack.extend(node.args)
        self.walked += nodes
        return frozenset(found), nodes

    def frame(self, name: str) -> Reach:
        """A frame's reach: its parent's, then its own rotation."""
        pending = []
        current: str | None = name
        while current is not None and current not in self._frames:
            pending.append(current)
            current = self.tree.parents.get(current)
        for child in reversed(pending):
            parent = self.tree.parents.get(child)
            if parent is None:
                self._frames[child] = Reach()
                continue
            coordinates, size = self._rotation(child, parent)
            above = self._frames[parent]
            self._frames[child] = Reach(
                above.coordinates | coordinates, above.rotations + 1, above.size + size
            )
        return self._frames[name]

    def _rotation(self, child: str, parent: str) -> tuple[frozenset[str], int]:
        """What a frame's rotation from its parent depends on: its angle, or its axes' cosines."""
        angle = self.tree.angles.get(child)
        if angle is not None:
            return self.expression(angle)
        found: frozenset[str] = frozenset()
        size = 0
        for entry in self.tree.frames[child].dcm(self.tree.frames[parent]):  # stored: no work
            coordinates, nodes = self.expression(entry)
            found, size = found | coordinates, size + nodes
        return found, size

    def frames_of(self, vector: Vector) -> Reach:
        """The frames a vector is written in, joined."""
        reach = Reach()
        for _components, frame in vector.args:
            reach = reach.joined(self._frame_of(frame))
        return reach

    def vector(self, vector: Vector) -> Reach:
        """A position: its frames, then its components' coordinates and sizes."""
        reach = self.frames_of(vector)
        for component in _components(vector):
            coordinates, size = self.expression(component)
            reach = reach.plus(coordinates, size)
        return reach

    def point(self, name: str) -> Reach:
        if name not in self._points:
            spec = self.points.get(name)
            self._points[name] = self.vector(spec.position) if spec is not None else Reach()
        return self._points[name]

    def _frame_of(self, frame: ReferenceFrame) -> Reach:
        name = self.frame_names.get(id(frame))
        return self.frame(name) if name is not None else Reach()


def estimate(system: System) -> Estimate:
    """The work of a problem's kinematics, power coefficients and constraints, by the model
    above."""
    reaches = _Reaches(system.frames, system.points, system.coordinates)
    carriers = [_body_carrier(body, reaches) for body in system.bodies.values()]
    carriers += [_action_carrier(action, system.bodies, reaches) for action in system.actions]
    carriers += [
        _joint_carrier(index, joint, system.bodies, reaches)
        for index, joint in enumerate(system.joints)
    ]
    speeds = len(system.speeds) or len(system.coordinates)
    parts = {
        "rows": WORK_PER_ROW * speeds * len(carriers),
        "inputs": WORK_PER_NODE * reaches.walked,
        "carriers": sum(carrier.work() for carrier in carriers),
        "checks": WORK_PER_CHECKED_ROW * speeds * sum(c.checked for c in carriers),
        "elimination": _elimination(system, speeds),
    }
    return Estimate(sum(parts.values()), parts, max(carriers, key=Carrier.work, default=None))


def check_work(system: System, seconds: float | None = DEFAULT_SECONDS) -> None:
    """Refuse a problem whose estimated work is more than a worker limited to `seconds` can do,
    located at what costs the most. The budget is the default time limit's, raised in proportion
    by a longer one up to what the worker's memory holds (a shorter one is left to the clock:
    the estimate is for the default); None: no limit (in-process, as with --timeout 0)."""
    if seconds is None:
        return
    limit = min(int(MAX_WORK * max(seconds, DEFAULT_SECONDS) / DEFAULT_SECONDS), MAX_WORK_IN_MEMORY)
    found = estimate(system)
    if found.total <= limit:
        return
    where = found.where()
    diagnostic = system.source.diagnostic(where, found.message(limit), key=len(where) == 1)
    raise WorkLimitError([diagnostic])


def _elimination(system: System, speeds: int) -> int:
    """Solving the constraints for the dependent speeds: a determinant of their number, of at
    most prod over its rows of (r!)**(1/r) products for a row of r nonzero entries in the
    dependent speeds' columns (Bregman's bound on a permanent: R! when dense), over the rows that
    give the most, once per independent speed."""
    rows = system.rate_rows
    columns = _dependent_columns(system)
    size = min(len(columns), len(rows))
    if size < 2:
        return 0
    counts = sorted(
        (sum(1 for i in columns if row.coefficients[i] != 0) for row in rows), reverse=True
    )
    if counts[size - 1] == 0:
        return 0  # fewer rows than dependent speeds meet their columns: nothing to eliminate
    logs = sum(_log_bregman(count) for count in counts[:size])
    products = math.exp(min(logs, _LOG_CAP))
    return int(WORK_PER_ELIMINATION_TERM * products * max(1, speeds - size))


def _dependent_columns(system: System) -> list[int]:
    """The rate columns the dependent speeds stand for: a speed named (or implied) that is one
    coordinate's rate gives its column; otherwise, or when none is named, every column (one
    speed per row, so at most as many as rows)."""
    order = {rate: index for index, rate in enumerate(system.rates.values())}
    named = system.dependent_speeds or system.implied_speeds
    columns = [
        order.get(system.speeds.get(name, system.rates.get(name.rstrip("'")))) for name in named
    ]
    if not named or None in columns:
        return list(range(len(order)))
    return [column for column in columns if column is not None]


_LOG_CAP = math.log(1e15)  # past any budget: the count stays a float, 400 dense rows included


def _log_bregman(nonzero: int) -> float:
    """log((r!)**(1/r)) for r >= 1, in logarithms: 171! is past a float."""
    return math.lgamma(nonzero + 1) / nonzero


def _body_carrier(body: BodySpec, reaches: _Reaches) -> Carrier:
    reach = reaches.frame(body.frame).joined(reaches.point(body.origin))
    if body.mass_center is not None:
        reach = reach.joined(reaches.point(body.mass_center))
    return Carrier(("bodies", body.name), f"body '{body.name}'", reach)


def _action_carrier(action: Action, bodies: dict[str, BodySpec], reaches: _Reaches) -> Carrier:
    reach = Reach()
    for body in (action.on, action.by, *_named(action, "owners")):
        if body in bodies:
            reach = reach.joined(reaches.frame(bodies[body].frame))
    for point in (*_named(action, "at"), *_named(action, "ends"), *_named(action, "points")):
        reach = reach.joined(reaches.point(point))
    for value in _values(action):
        if isinstance(value, Vector):
            reach = reach.joined(reaches.frames_of(value))
            for component in _components(value):
                coordinates, size = reaches.expression(component)
                reach = reach.plus(coordinates, size)
        else:
            coordinates, size = reaches.expression(value)
            reach = reach.plus(coordinates, size)
    checked = action.kind in CHECKED_KINDS
    return Carrier(action.path, f"action '{action.name}'", reach, checked)


def _joint_carrier(
    index: int, joint: JointSpec, bodies: dict[str, BodySpec], reaches: _Reaches
) -> Carrier:
    reach = reaches.point(joint.at)
    for body in joint.between:
        if body in bodies:
            reach = reach.joined(reaches.frame(bodies[body].frame))
    for vector in (joint.force, joint.moment):
        reach = reach.joined(reaches.frames_of(vector))
        for component in _components(vector):
            coordinates, size = reaches.expression(component)
            reach = reach.plus(coordinates, size)
    return Carrier(("joints", index), f"joint '{joint.name}'", reach)


def _components(vector: Vector) -> Iterator[sympy.Basic]:
    for components, _frame in vector.args:
        yield from (component for component in components if component != 0)


def _named(action: Action, field: str) -> Iterator[str]:
    """The points or bodies an action names in one of its fields (a name, or a pair)."""
    value = getattr(action, field, None)
    if isinstance(value, str) and value:
        yield value
    elif isinstance(value, tuple):
        yield from (item for item in value if isinstance(item, str) and item)


def _values(action: Action) -> Iterable[Vector | sympy.Basic]:
    """Every vector and expression an action holds (forces, moments, laws, coefficients)."""
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if isinstance(value, Law):
            yield value.expr
        elif isinstance(value, Vector | sympy.Basic):
            yield value
