"""The configuration at one instant, in numbers: what `screwsolve sketch` draws.

Positions come from the same position vectors as the kinematics (r_OP from the root point,
resolved in the referential), evaluated with the values given and stated defaults for the rest:
parameters 1, 1.2, 1.4, ... in the file's order (negative when declared so), coordinates 0.6,
0.5, 0.4, ..., specified functions and rates 0.5, t = 0: distinct, so that two lengths or
angles the file does not fix never put two points in one place. Forces and couples are the
actions' screws at their points of application.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import sympy
from sympy.physics.vector import Vector

from screwsolve.errors import UsageError
from screwsolve.mechanics.analysis import Analysis
from screwsolve.model.frames import AXES
from screwsolve.model.grammar import suggest
from screwsolve.model.system import System

Point3 = tuple[float, float, float]
MAX_SKETCH_LABELS = 100  # points, frames' unit vectors, forces and couples: more is a blur


@dataclass(frozen=True)
class Arrow:
    """A force (or a couple's axis) of an action, at its point of application."""

    label: str
    at: Point3
    vector: Point3


@dataclass(frozen=True)
class FrameAxes:
    """A frame's unit vectors (as the file names them), drawn at a point."""

    name: str
    at: Point3
    units: tuple[tuple[str, Point3], ...]


@dataclass(frozen=True)
class Sketch:
    title: str
    points: dict[str, Point3]
    fixed: frozenset[str]
    bodies: dict[str, tuple[str, ...]]  # body -> its points, origin first
    frames: tuple[FrameAxes, ...]
    forces: tuple[Arrow, ...]
    couples: tuple[Arrow, ...]
    values: dict[str, float]
    assumed: dict[str, float] = field(default_factory=dict)
    contacts: frozenset[str] = frozenset()  # points of contact, friction and joints

    @property
    def planar(self) -> bool:
        """Every point, force and couple axis in the referential's x-y plane (couples along z)."""
        flat = all(abs(p[2]) < 1e-9 for p in self.points.values())
        flat = flat and all(abs(a.vector[2]) < 1e-9 and abs(a.at[2]) < 1e-9 for a in self.forces)
        return flat and all(abs(c.vector[0]) + abs(c.vector[1]) < 1e-9 for c in self.couples)


def _in_radians(system: System, values: dict[str, float]) -> dict[str, float]:
    """The values as the model's expressions take them: a name declared in an angle unit other
    than rad (deg) is given in that unit (beta=30 is 30 degrees) and enters in radians."""
    units = system.units.names if system.units is not None else {}
    scaled = dict(values)
    for name, unit in units.items():
        if name in scaled and unit.dimensionless and not unit.coherent:
            scaled[name] = scaled[name] * float(unit.scale)
    return scaled


DEGREE_DEFAULT = 30.0  # a name in deg is drawn at 30 degrees unless given


def default_values(analysis: Analysis) -> dict[str, float]:
    """The stated defaults: parameters 1, 1.2, ..., 2 (again 1, ...; negative when declared so),
    coordinates 0.6, 0.5, ..., functions and rates 0.5."""
    system = analysis.system
    values: dict[str, float] = {}
    for index, (name, symbol) in enumerate(system.parameters.items()):
        size = round(1.0 + 0.2 * (index % 6), 1)  # distinct: equal lengths put points together
        values[name] = -size if symbol.is_negative else size
    for index, name in enumerate(system.coordinates):
        values[name] = round(max(0.6 - 0.1 * index, 0.15 + 0.05 * index), 2)
    for name in system.functions:
        values[name] = 0.5
    units = system.units.names if system.units is not None else {}
    for name, unit in units.items():
        if name in values and unit.dimensionless and not unit.coherent:
            values[name] = DEGREE_DEFAULT
    for name in [*system.coordinates, *system.functions]:  # rates, for forces that hold them
        values[f"{name}'"] = 0.5
    return values


def sketch_of(analysis: Analysis, given: Mapping[str, float]) -> Sketch:
    """The configuration with `given` values (by name) and the defaults for the rest."""
    system = analysis.system
    defaults = default_values(analysis)
    unknown = [name for name in given if name not in defaults]
    if unknown:
        raise UsageError(
            f"--values: '{unknown[0]}' is no parameter, coordinate or function of the problem"
            + suggest(unknown[0], list(defaults))
        )
    drawn = {system.frames.referential_name} | {b.frame for b in system.bodies.values()}
    screws = sum(len(terms.screws) for terms in analysis.actions)
    labels = len(system.points) + 3 * len(drawn) + 2 * screws
    if labels > MAX_SKETCH_LABELS:
        raise UsageError(
            f"too large to draw legibly: {len(system.points)} points, {len(drawn)} frames and "
            f"{screws} action screws would be about {labels} labels (at most {MAX_SKETCH_LABELS})"
        )
    values = {**defaults, **given}
    assumed = {name: value for name, value in defaults.items() if name not in given}
    numbers = _Numbers(analysis, _in_radians(system, values))
    points = {name: numbers.vector(spec.position) for name, spec in system.points.items()}
    fixed = frozenset(name for name, spec in system.points.items() if spec.rule == "fixed")
    touching = {getattr(a, "at", "") for a in system.actions if a.kind in ("contact", "friction")}
    touching |= {joint.at for joint in system.joints}
    contacts = frozenset(p for p in touching if p in system.points) - fixed
    bodies = {}
    for name, body in system.bodies.items():
        members = [body.origin] + [
            p for p, spec in system.points.items() if spec.body == name and p != body.origin
        ]
        bodies[name] = tuple(members)
    frames = []
    drawn_at: dict[str, str] = {system.frames.referential_name: _root(system)}
    for body in system.bodies.values():
        drawn_at.setdefault(body.frame, body.origin)
    for frame, point in drawn_at.items():
        units = tuple(
            (
                system.frames.unit_names[(frame, index)],
                numbers.vector(
                    system.frames.unit_vectors[system.frames.unit_names[(frame, index)]]
                ),
            )
            for index in range(len(AXES))
        )
        frames.append(FrameAxes(frame, points[point], units))
    forces, couples = [], []
    for terms in analysis.actions:
        for applied in terms.screws:
            screw = applied.screw
            at = points[screw.point]
            if screw.resultant != Vector(0):
                forces.append(Arrow(terms.action.name, at, numbers.vector(screw.resultant)))
            if screw.moment != Vector(0):
                couples.append(Arrow(terms.action.name, at, numbers.vector(screw.moment)))
    _check_drawable(points, forces, couples)
    return Sketch(
        system.problem.title,
        points,
        fixed,
        bodies,
        tuple(frames),
        tuple(forces),
        tuple(couples),
        values,
        assumed,
        contacts,
    )


MAX_SKETCH_COORDINATE = 1e12  # past this a figure's axes cannot be laid out (1e308: no figure)


def _check_drawable(points: dict[str, Point3], forces: list[Arrow], couples: list[Arrow]) -> None:
    """Refuse values that put a point or an arrow out of every figure (inf, nan, 1e308), by
    name, before matplotlib meets them."""
    import math

    places = [(f"point '{name}'", at) for name, at in points.items()]
    places += [(f"the arrow of '{arrow.label}'", arrow.vector) for arrow in (*forces, *couples)]
    for what, where in places:
        if not all(math.isfinite(x) and abs(x) <= MAX_SKETCH_COORDINATE for x in where):
            shown = ", ".join(f"{x:.3g}" for x in where)
            raise UsageError(
                f"--values put {what} at ({shown}), out of any figure (coordinates up to "
                f"{MAX_SKETCH_COORDINATE:g}): give values of ordinary size"
            )


def _root(system: System) -> str:
    """The point every position starts from (the first fixed point)."""
    points = system.points
    return next((n for n, s in points.items() if s.rule == "fixed"), next(iter(points)))


class _Numbers:
    """Vectors of the problem as numbers in the referential. Each frame's rotation is composed
    numerically from its parent's (one simple rotation each), and a vector is summed from its
    components in the frames it is written in: resolving a 20-link chain's positions
    symbolically in the referential (to_matrix) did not finish in 120 s."""

    def __init__(self, analysis: Analysis, values: Mapping[str, float]) -> None:
        self.analysis = analysis
        self.values = values
        self.time = str(analysis.system.time)
        tree = analysis.system.frames
        self.tree = tree
        self.name_of = {id(frame): name for name, frame in tree.frames.items()}
        self.rotations: dict[str, sympy.Matrix] = {tree.referential_name: sympy.eye(3)}

    def scalar(self, expr: sympy.Expr) -> float:
        """A scalar at the values (by name; t = 0, any other name left 1)."""
        static = self.analysis.static(expr)
        if not isinstance(static, sympy.Basic):
            return float(static)
        chosen = {
            s: sympy.Float(self.values.get(str(s), 0.0 if str(s) == self.time else 1.0))
            for s in static.free_symbols
        }
        number = complex(sympy.N(static.xreplace(chosen)))
        return number.real if number == number else 0.0

    def rotation(self, frame: str) -> sympy.Matrix:
        """Referential components of a vector from its components in `frame` (numbers)."""
        if frame not in self.rotations:
            parent = self.tree.parents[frame]
            assert parent is not None
            own = self.tree.frames[parent].dcm(self.tree.frames[frame])
            step = sympy.Matrix(3, 3, [self.scalar(entry) for entry in own])
            self.rotations[frame] = self.rotation(parent) * step
        return self.rotations[frame]

    def vector(self, vector: Vector) -> Point3:
        total = sympy.zeros(3, 1)
        for components, frame in vector.args:
            numbers = sympy.Matrix([self.scalar(c) for c in components])
            total += self.rotation(self.name_of[id(frame)]) * numbers
        return (float(total[0]), float(total[1]), float(total[2]))
