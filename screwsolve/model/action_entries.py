"""The file's `actions:` and `joints:` entries -> action and joint objects, every error located.

Each entry has exactly one kind. Springs, dampers, friction, drag and contact find the bodies they
act on from their points (a point attached to a body, a body's origin, or a point fixed in E).
"""

from __future__ import annotations

import difflib
import itertools
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import sympy
from sympy.physics.vector import Vector

from screwsolve.model.actions import (
    Action,
    Contact,
    Couple,
    Damper,
    Drag,
    Friction,
    Pathway,
    Potential,
    ScrewAction,
    Spring,
)
from screwsolve.model.collector import Collector
from screwsolve.model.grammar import UNRELATED, Namespace, parse_scalar, parse_vector, suggest
from screwsolve.model.laws import Law, slip_speed_symbol, stretch_symbol
from screwsolve.model.parts import BodySpec, JointSpec, PointSpec
from screwsolve.model.places import Places
from screwsolve.model.wrapping import Wrap, wrap_geometry
from screwsolve.symbolic.equivalence import equivalent

if TYPE_CHECKING:
    from screwsolve.files.schema import Action as Entry
    from screwsolve.files.schema import Problem
    from screwsolve.files.source_map import Path
    from screwsolve.model.frames import FrameTree

KINDS = (
    "gravity",
    "spring",
    "damper",
    "pathway",
    "torsion_spring",
    "motor_torque",
    "friction",
    "drag",
    "contact",
    "potential",
)
DISSIPATIVE = ("damper", "friction", "drag", "contact")  # never `conservative: true`


class _Context:
    """What every builder needs: names, bodies, points, and where to report."""

    def __init__(
        self,
        problem: Problem,
        ns: Namespace,
        frames: FrameTree,
        points: dict[str, PointSpec],
        bodies: dict[str, BodySpec],
        out: Collector,
    ) -> None:
        self.problem, self.ns, self.frames = problem, ns, frames
        self.points, self.bodies, self.out = points, bodies, out
        self.places = Places(ns, frames)

    def scalar(self, path: Path, text: str) -> sympy.Expr | None:
        return self.out.expression(path, text, parse_scalar, self.ns)

    def vector(self, path: Path, text: str) -> Vector | None:
        return self.out.expression(path, text, parse_vector, self.ns)

    def unit(self, path: Path, text: str) -> Vector | None:
        """A vector that must be of unit length (an axis or a normal)."""
        axis = self.vector(path, text)
        if axis is None:
            return None
        try:
            square = axis.dot(axis) if axis != Vector(0) else sympy.Integer(0)
        except ValueError:  # frames with no orientation path: a rotation of theirs failed
            self.out.error(path, UNRELATED)
            return None
        length_squared = self.ns.static(square)
        if not equivalent(length_squared, sympy.Integer(1)).equal:
            self.out.error(path, f"'{text}' is not a unit vector (its length is not 1)")
            return None
        return axis

    def _reference(
        self, path: Path, name: str | None, known: dict[str, Any], kind: str, missing: str
    ) -> str | None:
        """`name` when it names a known point or body; otherwise report and return None."""
        if name is None:
            self.out.error(path, missing)
            return None
        if name not in known:
            declared = self.problem.points if kind == "point" else self.problem.bodies
            if name not in declared:
                self.out.error(path, f"unknown {kind} '{name}'" + suggest(name, list(declared)))
            # else: declared, but its own definition failed, and was reported there: naming it
            # again as unknown would send the reader to a second, false mistake
            return None
        return name

    def point(self, path: Path, name: str | None, what: str) -> str | None:
        return self._reference(path, name, self.points, "point", f"{what} needs a point (at)")

    def owners(self, point: str) -> list[str | None] | None:
        """What a point can belong to: its body:, else every body it is the origin of (a pivot
        can be the origin of two), and None (the referential) first when the point stands
        still in E (fixed in it, or placed where no coordinate and no time moves it); None for a
        geometric point that moves with no body."""
        spec = self.points[point]
        if spec.body is not None:
            return [spec.body]
        origins: list[str | None] = [b for b, body in self.bodies.items() if body.origin == point]
        if spec.rule == "fixed" or not _moves(spec.position, self.ns.time):
            return [None, *origins]
        return origins or None

    def owner(
        self, path: Path, point: str, prefer: list[str | None], what: str
    ) -> tuple[bool, str | None]:
        """(ok, body) of a point, its body chosen among several by the first of `prefer` (the
        action's on: or by:) that is one of them; reports and returns (False, None) if none."""
        candidates = self.owners(point)
        if candidates is None:
            self.out.error(
                path,
                f"{what} '{point}' is on no body and moves in the referential: attach it to a "
                "body with body:",
            )
            return False, None
        if len(candidates) == 1:
            return True, candidates[0]
        chosen = next((b for b in prefer if b is not None and b in candidates), None)
        if chosen is None and None in candidates:
            return True, None  # standing still: the referential's end unless named
        if chosen is None:
            self.out.error(
                path,
                f"{what} '{point}' is the origin of bodies {', '.join(map(str, candidates))}: say which "
                "one the action acts on with on: (by: for the first end of a spring or damper)",
            )
            return False, None
        return True, chosen

    def body(self, path: Path, name: str | None, what: str) -> str | None:
        missing = f"{what} needs the body it acts on (on)"
        return self._reference(path, name, self.bodies, "body", missing)


def build_actions(
    problem: Problem,
    ns: Namespace,
    frames: FrameTree,
    points: dict[str, PointSpec],
    bodies: dict[str, BodySpec],
    out: Collector,
) -> list[Action]:
    """Every action of the file (and the weights implied by top-level gravity)."""
    ctx = _Context(problem, ns, frames, points, bodies, out)
    result: list[Action] = []
    seen: set[str] = set()
    for index, spec in enumerate(problem.actions):
        path: Path = ("actions", index)
        if spec.name in seen:
            out.error((*path, "name"), f"action name '{spec.name}' is used twice")
        seen.add(spec.name)
        kinds = [k for k in KINDS if getattr(spec, k) is not None]
        if spec.force is not None or spec.moment is not None:
            kinds.insert(0, "force/moment")
        if not kinds:
            out.error(
                path,
                f"action '{spec.name}' needs a force and/or a moment, or one of "
                + ", ".join(KINDS),
            )
            continue
        if len(kinds) > 1:
            out.error(
                path,
                f"action '{spec.name}' has several kinds ({', '.join(kinds)}); give it exactly one",
            )
            continue
        if spec.by is not None and spec.by == spec.on:
            out.error((*path, "by"), "an action cannot be exerted by a body on itself")
            continue
        near = _near_body(spec.by, ctx.bodies)
        if near is not None:
            out.error(
                (*path, "by"),
                f"by: '{spec.by}' is no body, but '{near}' is: name it exactly for an action "
                f"between two bodies of the problem (an outside source, such as Earth, is a "
                f"name no body has or nearly has)",
            )
            continue
        if spec.conservative and kinds[0] in DISSIPATIVE:
            out.error(
                (*path, "conservative"),
                f"a {kinds[0]} works through the rates: it has no potential energy, so it "
                "cannot be conservative",
            )
            continue
        builder = _BUILDERS[kinds[0]]
        action = builder(ctx, spec, path)
        if action is not None:
            action.conservative = spec.conservative
            result.append(action)
    result.extend(_top_level_gravity(ctx, seen))
    result.extend(_declared_potentials(ctx, seen))
    return result


def _declared_potentials(ctx: _Context, seen: set[str]) -> list[Action]:
    """A body's `potential:` (an action 'potential of BODY' on it) and the file's own (an
    action 'potential' on no body): V as a source gives it, Q^q = -dV/dq."""
    declared: list[tuple[str, str | None, Path, str]] = [
        (f"potential of {name}", name, ("bodies", name, "potential"), body.potential)
        for name, body in ctx.problem.bodies.items()
        if body.potential is not None
    ]
    if ctx.problem.potential is not None:
        declared.append(("potential", None, ("potential",), ctx.problem.potential))
    result: list[Action] = []
    for label, on, path, text in declared:
        if label in seen:
            ctx.out.error(path, f"an action is already named '{label}'")
            continue
        energy = ctx.scalar(path, text)
        if energy is None:
            continue
        if energy.has(sympy.Derivative):
            ctx.out.error(path, "a potential energy may not contain rates (q')")
            continue
        result.append(Potential(label, on, None, path, False, energy=_returning(energy)))
    return result


def _returning(value: sympy.Expr) -> Callable[[], sympy.Expr | None]:
    """An action's `energy`: a value known already (a loop's lambda would see the last)."""
    return lambda: value


def _near_body(by: str | None, bodies: Mapping[str, object]) -> str | None:
    """The body a `by:` that names none was most likely meant to name (the same but for case,
    or one slip away), or None: `by: Inner` beside a body `inner` made a motor external and
    its reaction silently disappeared."""
    if by is None or by in bodies:
        return None
    names = [str(name) for name in bodies]
    same_case = [name for name in names if name.casefold() == by.casefold()]
    if same_case:
        return same_case[0]
    close = difflib.get_close_matches(by, names, n=1, cutoff=0.8)
    return close[0] if close else None


def _interaction(ctx: _Context, spec: Entry) -> bool:
    return spec.by is not None and spec.by in ctx.bodies


def _screw(ctx: _Context, spec: Entry, path: Path) -> Action | None:
    on = ctx.body((*path, "on"), spec.on, "an action")
    at_name = spec.at
    if at_name is None and spec.force is None and spec.moment is not None and on is not None:
        # a couple, as a book gives it, has no point: its moment is the same about every one,
        # so it is resolved about its body's origin
        at_name = ctx.bodies[on].origin
    at = ctx.point((*path, "at"), at_name, "a force (or a moment with a force)")
    force = ctx.vector((*path, "force"), spec.force) if spec.force is not None else Vector(0)
    moment = ctx.vector((*path, "moment"), spec.moment) if spec.moment is not None else Vector(0)
    if on is None or at is None or force is None or moment is None:
        return None
    return ScrewAction(
        spec.name, on, spec.by, path, _interaction(ctx, spec), at=at, force=force, moment=moment
    )


def _weight(ctx: _Context, name: str, body: str, gravity: Vector, path: Path) -> Action | None:
    spec = ctx.bodies[body]
    if spec.mass is None or spec.mass_center is None:
        ctx.out.error(path, f"the weight of body '{body}' needs its mass and mass_center")
        return None
    if spec.mass_center not in ctx.points:
        return None  # the point itself was reported bad
    position = ctx.points[spec.mass_center].position
    mass = spec.mass

    def energy() -> sympy.Expr:
        return -mass * gravity.dot(position) if position != Vector(0) else sympy.Integer(0)

    return ScrewAction(
        name,
        body,
        "Earth",
        path,
        False,
        "gravity",
        energy=energy,
        at=spec.mass_center,
        force=gravity * spec.mass,
    )


def _gravity(ctx: _Context, spec: Entry, path: Path) -> Action | None:
    on = ctx.body((*path, "on"), spec.on, "a weight")
    assert spec.gravity is not None
    gravity = ctx.vector((*path, "gravity"), spec.gravity)
    if on is None or gravity is None:
        return None
    return _weight(ctx, spec.name, on, gravity, path)


def _top_level_gravity(ctx: _Context, seen: set[str]) -> list[Action]:
    problem = ctx.problem
    if problem.gravity is None:
        return []
    gravity = ctx.vector(("gravity",), problem.gravity)
    if gravity is None:
        return []
    result = []
    for name, body in ctx.bodies.items():
        if body.mass is None:
            continue
        label = f"weight of {name}"
        if label in seen:
            ctx.out.error(("gravity",), f"an action is already named '{label}'")
            continue
        action = _weight(ctx, label, name, gravity, ("bodies", name))
        if action is not None:
            result.append(action)
    return result


def _ends(
    ctx: _Context, path: Path, between: list[str], on: str | None = None, by: str | None = None
) -> tuple[tuple[str, str], tuple[str | None, str | None]] | None:
    first = ctx.point((*path, 0), between[0], "an end")
    second = ctx.point((*path, 1), between[1], "an end")
    if first is None or second is None:
        return None
    names = (first, second)
    owners: list[str | None] = []
    preferences: list[list[str | None]] = [[by, on], [on, by]]  # on: acts on the second end
    for i, point in enumerate(names):
        ok, owner = ctx.owner((*path, i), point, preferences[i], "end")
        if not ok:
            return None
        owners.append(owner)
    if names[0] == names[1] or _coincide(ctx, ctx.points[names[0]], ctx.points[names[1]]):
        ctx.out.error(
            path,
            f"the ends '{names[0]}' and '{names[1]}' coincide: the line of action is undefined",
        )
        return None
    if owners[0] is None and owners[1] is None:
        ctx.out.error(path, "both ends are fixed in the referential: the action acts on no body")
        return None
    return (names[0], names[1]), (owners[0], owners[1])


def _coincide(ctx: _Context, first: PointSpec, second: PointSpec) -> bool:
    """Two points at the same place at every instant: apart in numbers at one instant
    (model/places.py), else their positions' difference zero as written or at random points."""
    here, there = ctx.places.position(first.position), ctx.places.position(second.position)
    if here is not None and there is not None:
        gap = max(abs(a - b) for a, b in zip(here, there, strict=True))
        if gap > 1e-9 * (1 + max(abs(a) for a in here)):
            return False
    difference = first.position - second.position
    if difference == Vector(0):
        return True
    frame = difference.args[0][1]
    components = [difference.dot(unit) for unit in (frame.x, frame.y, frame.z)]
    zero = sympy.Integer(0)
    return all(equivalent(ctx.ns.static(c), zero).equal is True for c in components)


def _law(
    ctx: _Context,
    path: Path,
    linear: tuple[str, str | None],
    law: tuple[str, str | None],
    what: str,
) -> Law | None:
    """The law of a spring or torsion spring: `stiffness` k (the law k s) or a law in s, exactly
    one of them. `linear` and `law` are (key, text)."""
    (linear_key, linear_text), (law_key, law_text) = linear, law
    stretch = stretch_symbol()
    if (linear_text is None) == (law_text is None):
        where = (*path, law_key) if law_text is not None else path
        ctx.out.error(
            where,
            f"a {what} needs {linear_key} (linear) or {law_key} (a law of s), exactly one of them",
        )
        return None
    if linear_text is not None:
        k = ctx.scalar((*path, linear_key), linear_text)
        return None if k is None else Law(k * stretch, stretch)
    assert law_text is not None
    return _law_of(ctx, (*path, law_key), law_text, stretch)


def _law_of(ctx: _Context, path: Path, text: str, variable: sympy.Symbol) -> Law | None:
    """A law written in its one variable (s or v), which the problem may not also declare."""
    name = variable.name
    if name in ctx.ns.scalars or name in ctx.ns.vectors:
        ctx.out.error(
            path,
            f"'{name}' is the variable of this law, and the problem declares '{name}' too: "
            "rename the problem's",
        )
        return None
    local = replace(ctx.ns, scalars={**ctx.ns.scalars, name: variable})
    expr = ctx.out.expression(path, text, parse_scalar, local)
    if expr is None:
        return None
    if expr.has(sympy.Derivative):
        ctx.out.error(path, "a law may not contain rates (q'): add a damper or a drag for those")
        return None
    return Law(expr, variable)


def _in_time(ctx: _Context, *exprs: sympy.Expr) -> bool:
    """True when a law or a free length holds t or a function of time (s(t) holds t)."""
    return any(ctx.ns.time in expr.free_symbols for expr in exprs)


def _spring(ctx: _Context, spec: Entry, path: Path) -> Action | None:
    assert spec.spring is not None
    base = (*path, "spring")
    ends = _ends(ctx, (*base, "between"), spec.spring.between, spec.on, spec.by)
    law = _law(
        ctx,
        base,
        ("stiffness", spec.spring.stiffness),
        ("force", spec.spring.force),
        "spring",
    )
    l0 = ctx.scalar((*base, "free_length"), spec.spring.free_length)
    if ends is None or law is None or l0 is None:
        return None
    in_time = _in_time(ctx, law.expr, l0)
    if in_time:
        _warn_in_time(ctx, base, "spring", "free length")
    (p1, p2), (b1, b2) = ends
    r = ctx.points[p2].position - ctx.points[p1].position
    on, by = (b2, b1) if b2 is not None else (b1, b2)
    return Spring(
        spec.name,
        on,
        by,
        path,
        b1 is not None and b2 is not None,
        "spring",
        energy=lambda: law.integral(ctx.ns.symbols.length(r) - l0),
        ends=(p1, p2),
        owners=(b1, b2),
        law=law,
        free_length=l0,
        law_in_time=in_time,
    )


def _warn_in_time(ctx: _Context, base: Path, kind: str, free: str) -> None:
    """A law or free length that changes with time still has a potential V(q, t), but only
    for Q^q = -dV/dq: said where the file can see it, since a source's V may mean more."""
    ctx.out.warn(
        base,
        f"this {kind}'s law or {free} changes with time: its potential V(q, t) gives "
        "Q^q = -dV/dq for each coordinate, not Q^t = -dV/dt (that one comes from the "
        "screws), and the energy is not conserved",
    )


def _pathway(ctx: _Context, spec: Entry, path: Path) -> Action | None:
    """A tension along straight segments: each point's body as for a spring's ends (the last
    point acts on `on`, the others prefer `by`); an interaction when it joins two bodies. A
    tension of parameters alone (no coordinate, rate or time) has the potential T L."""
    assert spec.pathway is not None
    base = (*path, "pathway")
    names: list[str] = []
    for index, name in enumerate(spec.pathway.through):
        point = ctx.point((*base, "through", index), name, "a pathway")
        if point is None:
            return None
        names.append(point)
    owners: list[str | None] = []
    for index, point in enumerate(names):
        prefer = [spec.on, spec.by] if index == len(names) - 1 else [spec.by, spec.on]
        ok, owner = ctx.owner((*base, "through", index), point, prefer, "point")
        if not ok:
            return None
        owners.append(owner)
    for index in range(len(names) - 1):
        first, second = names[index], names[index + 1]
        if first == second or _coincide(ctx, ctx.points[first], ctx.points[second]):
            ctx.out.error(
                (*base, "through", index + 1),
                f"'{first}' and '{second}' coincide: the segment between them has no direction",
            )
            return None
    bodies = list(dict.fromkeys(owner for owner in owners if owner is not None))
    if not bodies:
        ctx.out.error(
            (*base, "through"),
            "every point is fixed in the referential: the pathway acts on no body",
        )
        return None
    tension = ctx.scalar((*base, "tension"), spec.pathway.tension)
    if tension is None:
        return None
    wrap = None
    if spec.pathway.wraps is not None:
        wrap = _wrap(ctx, spec, (*base, "wraps"), names)
        if wrap is None:
            return None
        if wrap.owner is not None and wrap.owner not in bodies:
            bodies.append(wrap.owner)
    on = owners[-1] if owners[-1] is not None else bodies[-1]
    others = [body for body in bodies if body != on]
    by = others[0] if len(others) == 1 else None
    positions = [ctx.points[name].position for name in names]

    def length() -> sympy.Expr:
        if wrap is not None:
            centre = ctx.points[wrap.around].position
            to = [position - centre for position in positions]
            return wrap_geometry(to[0], to[1], wrap, ctx.ns.symbols.simplest).length
        pairs = itertools.pairwise(positions)
        return sympy.Add(*(ctx.ns.symbols.length(second - first) for first, second in pairs))

    constant = not _in_time(ctx, tension)
    return Pathway(
        spec.name,
        on,
        by,
        path,
        by is not None,
        "pathway",
        energy=(lambda: tension * length()) if constant else None,
        points=tuple(names),
        owners=tuple(owners),
        tension=tension,
        wrap=wrap,
    )


def _wrap(ctx: _Context, spec: Entry, base: Path, names: list[str]) -> Wrap | None:
    """The cylinder or sphere a pathway wraps: its centre, radius, axis and body checked, and
    (a cylinder) both points in the plane through the centre normal to the axis."""
    assert spec.pathway is not None and spec.pathway.wraps is not None
    wraps = spec.pathway.wraps
    if len(names) != 2:
        ctx.out.error(
            (*base[:-1], "through"),
            "a wrapping pathway goes from one point to another: through: [P1, P2] (its "
            "tangent points are computed)",
        )
        return None
    around = ctx.point((*base, "around"), wraps.around, "a wrap")
    radius = ctx.scalar((*base, "radius"), wraps.radius)
    axis = ctx.unit((*base, "axis"), wraps.axis) if wraps.axis is not None else None
    if around is None or radius is None or (wraps.axis is not None and axis is None):
        return None
    if wraps.body is not None:
        owner = ctx.body((*base, "body"), wraps.body, "a wrap")
        if owner is None:
            return None
    else:
        ok, owner = ctx.owner((*base, "around"), around, [spec.by, spec.on], "centre")
        if not ok:
            return None
    helical = False
    if axis is not None:
        centre = ctx.points[around].position
        to = [ctx.points[name].position - centre for name in names]
        zero = sympy.Integer(0)
        heights = [ctx.ns.static(axis.dot(w)) for w in to]
        if not all(equivalent(h, zero).equal for h in heights):
            # off the plane normal to the axis: a helix, between points on the surface only
            for index, (name, w) in enumerate(zip(names, to, strict=True)):
                off = ctx.ns.static(w.dot(w) - axis.dot(w) ** 2 - radius**2)
                if not equivalent(off, zero).equal:
                    ctx.out.error(
                        (*base[:-1], "through", index),
                        f"'{name}' is neither in the plane through '{around}' normal to the "
                        "axis nor on the cylinder: a wrap is planar, or a helix between two "
                        "points on the surface",
                    )
                    return None
            helical = True
    return Wrap(around, owner, radius, axis, helical)


def _damper(ctx: _Context, spec: Entry, path: Path) -> Action | None:
    assert spec.damper is not None
    base = (*path, "damper")
    ends = _ends(ctx, (*base, "between"), spec.damper.between, spec.on, spec.by)
    c = ctx.scalar((*base, "coefficient"), spec.damper.coefficient)
    if ends is None or c is None:
        return None
    (p1, p2), (b1, b2) = ends
    on, by = (b2, b1) if b2 is not None else (b1, b2)
    return Damper(
        spec.name,
        on,
        by,
        path,
        b1 is not None and b2 is not None,
        "damper",
        ends=(p1, p2),
        owners=(b1, b2),
        coefficient=c,
    )


def _torsion_spring(ctx: _Context, spec: Entry, path: Path) -> Action | None:
    assert spec.torsion_spring is not None
    base = (*path, "torsion_spring")
    t = spec.torsion_spring
    on = ctx.body((*path, "on"), spec.on, "a torsion spring")
    axis = ctx.unit((*base, "axis"), t.axis)
    angle = ctx.scalar((*base, "angle"), t.angle)
    law = _law(ctx, base, ("stiffness", t.stiffness), ("torque", t.torque), "torsion spring")
    free = ctx.scalar((*base, "free_angle"), t.free_angle)
    if on is None or axis is None or angle is None or law is None or free is None:
        return None
    in_time = _in_time(ctx, law.expr, free)
    if in_time:
        _warn_in_time(ctx, base, "torsion spring", "free angle")
    return Couple(
        spec.name,
        on,
        spec.by,
        path,
        _interaction(ctx, spec),
        "torsion_spring",
        energy=lambda: law.integral(angle - free),
        moment=axis * (-law.at(angle - free)),
        law_in_time=in_time,
    )


def _motor_torque(ctx: _Context, spec: Entry, path: Path) -> Action | None:
    assert spec.motor_torque is not None
    base = (*path, "motor_torque")
    on = ctx.body((*path, "on"), spec.on, "a motor torque")
    axis = ctx.unit((*base, "axis"), spec.motor_torque.axis)
    torque = ctx.scalar((*base, "torque"), spec.motor_torque.torque)
    if on is None or axis is None or torque is None:
        return None
    return Couple(
        spec.name, on, spec.by, path, _interaction(ctx, spec), "motor_torque", moment=axis * torque
    )


def _located_on(
    ctx: _Context, spec: Entry, path: Path, at: str | None, what: str
) -> tuple[str, str] | None:
    point = ctx.point(path, at or spec.at, what)
    if point is None:
        return None
    if spec.on is not None:
        on = ctx.body((*path[:2], "on"), spec.on, what)
        return (on, point) if on is not None else None
    ok, owner = ctx.owner(path, point, [spec.on], f"{what} at point")
    if not ok:
        return None
    if owner is None:
        ctx.out.error(
            path,
            f"{what} at point '{point}', which is on no body: attach the point with body: or "
            "give on:",
        )
        return None
    return owner, point


def _friction(ctx: _Context, spec: Entry, path: Path) -> Action | None:
    assert spec.friction is not None
    base = (*path, "friction")
    friction = spec.friction
    located = _located_on(ctx, spec, base, friction.at, "friction")
    law: Law | None = None
    if friction.law is not None:
        if friction.normal is not None or friction.coefficient is not None:
            ctx.out.error(
                (*base, "law"), "give a friction law, or normal and coefficient (Coulomb), not both"
            )
            return None
        law = _law_of(ctx, (*base, "law"), friction.law, slip_speed_symbol())
    elif friction.normal is None or friction.coefficient is None:
        ctx.out.error(
            base,
            "friction needs normal and coefficient (Coulomb's mu N), or a law of the slip speed v",
        )
        return None
    else:
        normal = ctx.scalar((*base, "normal"), friction.normal)
        mu = ctx.scalar((*base, "coefficient"), friction.coefficient)
        if normal is not None and mu is not None:
            law = Law(mu * normal, slip_speed_symbol())
    if located is None or law is None:
        return None
    on, at = located
    return Friction(spec.name, on, spec.by, path, _interaction(ctx, spec), at=at, law=law)


def _drag(ctx: _Context, spec: Entry, path: Path) -> Action | None:
    assert spec.drag is not None
    base = (*path, "drag")
    located = _located_on(ctx, spec, base, spec.drag.at, "drag")
    c = ctx.scalar((*base, "coefficient"), spec.drag.coefficient)
    if located is None or c is None:
        return None
    on, at = located
    return Drag(spec.name, on, spec.by, path, _interaction(ctx, spec), at=at, coefficient=c)


def _contact(ctx: _Context, spec: Entry, path: Path) -> Action | None:
    assert spec.contact is not None
    base = (*path, "contact")
    c = spec.contact
    located = _located_on(ctx, spec, base, c.at, "contact")
    normal = ctx.unit((*base, "normal"), c.normal)
    values = [
        ctx.scalar((*base, key), getattr(c, key))
        for key in ("penetration", "stiffness", "exponent", "damping")
    ]
    if located is None or normal is None or any(v is None for v in values):
        return None
    on, at = located
    z, k, n, damping = values
    return Contact(
        spec.name,
        on,
        spec.by,
        path,
        _interaction(ctx, spec),
        at=at,
        normal=normal,
        penetration=z,
        stiffness=k,
        exponent=n,
        damping=damping,
    )


def _potential(ctx: _Context, spec: Entry, path: Path) -> Action | None:
    assert spec.potential is not None
    text = spec.potential if isinstance(spec.potential, str) else spec.potential.energy
    where = (
        (*path, "potential") if isinstance(spec.potential, str) else (*path, "potential", "energy")
    )
    energy = ctx.scalar(where, text)
    if energy is None:
        return None
    if energy.has(sympy.Derivative):
        ctx.out.error(where, "a potential energy may not contain rates (q')")
        return None
    on = ctx.body((*path, "on"), spec.on, "a potential") if spec.on is not None else None
    return Potential(spec.name, on, spec.by, path, _interaction(ctx, spec), energy=lambda: energy)


_BUILDERS: dict[str, Callable[[_Context, Entry, Path], Action | None]] = {
    "force/moment": _screw,
    "gravity": _gravity,
    "spring": _spring,
    "damper": _damper,
    "torsion_spring": _torsion_spring,
    "motor_torque": _motor_torque,
    "friction": _friction,
    "drag": _drag,
    "pathway": _pathway,
    "contact": _contact,
    "potential": _potential,
}


def build_joints(
    problem: Problem,
    ns: Namespace,
    frames: FrameTree,
    points: dict[str, PointSpec],
    bodies: dict[str, BodySpec],
    out: Collector,
) -> list[JointSpec]:
    """Each joint with its unknown constraint action: pin {R ; M perpendicular to the axis},
    slider {R perpendicular to the axis ; M}, ball and rolling contact {R ; 0}, weld {R ; M}."""
    ctx = _Context(problem, ns, frames, points, bodies, out)
    taken = set(ns.scalars)
    result: list[JointSpec] = []
    for index, joint in enumerate(problem.joints):
        path: Path = ("joints", index)
        names = [ctx.body((*path, "between", i), b, "a joint") for i, b in enumerate(joint.between)]
        at = ctx.point((*path, "at"), joint.at, "a joint")
        if names[0] is None or names[1] is None or at is None:
            continue
        if names[0] == names[1]:
            out.error((*path, "between"), "a joint joins two different bodies")
            continue
        frame_key = None
        if joint.type in ("pin", "slider"):
            if joint.axis is None:
                out.error(path, f"a {joint.type} joint needs an axis (a unit-vector name)")
                continue
            frame_key = next((k for k, u in frames.unit_names.items() if u == joint.axis), None)
            if frame_key is None:
                out.error(
                    (*path, "axis"),
                    f"axis '{joint.axis}' is not a unit-vector name"
                    + suggest(joint.axis, list(frames.unit_vectors)),
                )
                continue
        frame_name = frame_key[0] if frame_key else problem.referential
        axis_index = frame_key[1] if frame_key else -1
        units = [frames.unit_names[(frame_name, i)] for i in range(3)]
        force_axes = [i for i in range(3) if not (joint.type == "slider" and i == axis_index)]
        moment_axes = {
            "pin": [i for i in range(3) if i != axis_index],
            "slider": [0, 1, 2],
            "ball": [],
            "rolling": [],
            "weld": [0, 1, 2],
        }[joint.type]
        unknowns: list[sympy.Symbol] = []
        force, moment = Vector(0), Vector(0)
        for prefix, axes in (("R", force_axes), ("M", moment_axes)):
            for i in axes:
                base = f"{prefix}_{frames.display_name((frame_name, i))}"
                name = base if base not in taken else f"{base}_{index + 1}"
                taken.add(name)
                symbol = sympy.Symbol(name, real=True)
                unknowns.append(symbol)
                term = frames.unit_vectors[units[i]] * symbol
                if prefix == "R":
                    force += term
                else:
                    moment += term
        coordinates = tuple(joint.coordinates or ())
        for i, q in enumerate(coordinates):
            if q not in ns.rates:
                out.error(
                    (*path, "coordinates", i),
                    f"unknown coordinate '{q}'" + suggest(q, list(ns.rates)),
                )
        result.append(
            JointSpec(
                joint.name,
                joint.type,
                (names[0], names[1]),
                at,
                force,
                moment,
                tuple(unknowns),
                coordinates,
            )
        )
    return result


def _moves(position: Vector, time: sympy.Symbol) -> bool:
    """True when a position depends on time (through a coordinate or t itself)."""
    return any(matrix.has(time) for matrix, _ in position.args)
