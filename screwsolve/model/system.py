"""Validated `Problem` -> sympy objects: symbols, frames, point positions, bodies, actions.

Every reference and every expression is checked here; all problems found in a file are collected
and raised together as one `InputError`, each located through the YAML source map.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypeVar

import sympy
from sympy.physics.vector import ReferenceFrame, Vector, dynamicsymbols

from screwsolve.errors import Diagnostic
from screwsolve.files.source_map import Path, SourceMap
from screwsolve.limits import MAX_ENTRIES
from screwsolve.model.actions import Action
from screwsolve.model.collector import Collector
from screwsolve.model.constraint_rows import RateRow, check_consistent, rate_rows
from screwsolve.model.frames import FrameTree
from screwsolve.model.grammar import (
    FUNCTION_NAMES,
    OMEGA,
    POSITION,
    VELOCITY,
    Formula,
    Namespace,
    check_name,
    parse_dyadic,
    parse_scalar,
    parse_vector,
    suggest,
)
from screwsolve.model.ordering import parents_first
from screwsolve.model.parts import BodySpec, ConstraintSpec, DomainSpec, JointSpec, PointSpec
from screwsolve.model.speeds import (
    build_speeds,
    check_completion,
    check_dependent,
    check_regular,
    dependent_speeds,
    implied_speeds,
)
from screwsolve.model.unit_checks import (
    ProblemUnits,
    check_units,
    declared_entry,
    parameter_assumptions,
)
from screwsolve.model.velocity_rule import PointVelocities

if TYPE_CHECKING:
    from screwsolve.files.schema import Problem

T = TypeVar("T")
ASSUMPTIONS: dict[str, dict[str, bool]] = {
    "positive": {"positive": True},
    "nonnegative": {"nonnegative": True, "real": True},
    "negative": {"negative": True},
    "nonzero": {"nonzero": True, "real": True},
    "real": {"real": True},
}


@dataclass
class System:
    """Everything the mechanics needs, in sympy form."""

    problem: Problem
    source: SourceMap
    time: sympy.Symbol
    parameters: dict[str, sympy.Symbol]
    coordinates: dict[str, sympy.Expr]
    rates: dict[str, sympy.Expr]
    namespace: Namespace
    frames: FrameTree
    points: dict[str, PointSpec]
    bodies: dict[str, BodySpec]
    actions: list[Action]
    constraints: list[ConstraintSpec]
    velocities: PointVelocities  # v(P) by DESIGN §2's rule, shared with the kinematics
    rate_rows: list[RateRow] = field(default_factory=list)  # the constraints linear in q'
    joints: list[JointSpec] = field(default_factory=list)
    functions: dict[str, sympy.Expr] = field(default_factory=dict)  # specified F(t)
    speeds: dict[str, sympy.Expr] = field(default_factory=dict)  # u_r in the rates, if declared
    dependent_speeds: tuple[str, ...] = ()
    implied_speeds: tuple[str, ...] = ()  # rates completing speeds printed fewer (q' for q)
    parameter_assumptions: dict[str, str] = field(default_factory=dict)
    domains: list[DomainSpec] = field(default_factory=list)
    units: ProblemUnits | None = None  # only when the file declares units
    warnings: tuple[Diagnostic, ...] = ()  # located, for `validate`: loads, may mislead

    @property
    def referential(self) -> ReferenceFrame:
        return self.frames.referential


def _has_rates(vector_or_expr: Vector | sympy.Expr) -> bool:
    if isinstance(vector_or_expr, Vector):
        return any(m.has(sympy.Derivative) for m, _ in vector_or_expr.args)
    return bool(vector_or_expr.has(sympy.Derivative))


def _check_sizes(problem: Problem, out: Collector) -> None:
    """Refuse problems larger than anything a textbook (or a fair grader) needs."""
    for key, limit in MAX_ENTRIES.items():
        count = len(getattr(problem, key))
        if count > limit:
            out.error((key,), f"{count} {key}: the limit is {limit}")
    out.raise_if_any()


def build_system(problem: Problem, source: SourceMap) -> System:
    """Check every reference and expression of a problem and build its sympy objects."""
    out = Collector(source)
    _check_sizes(problem, out)
    time = dynamicsymbols._t
    parameters: dict[str, sympy.Symbol] = {}
    for name, assumption in parameter_assumptions(problem).items():
        reason = check_name(name)
        if reason:
            out.error(("parameters", name), f"parameter {reason}", key=True)
            continue
        parameters[name] = sympy.Symbol(name, **ASSUMPTIONS[assumption])
    coordinates = _functions_of_time(problem, "coordinates", set(parameters), out)
    rates = {name: q.diff(time) for name, q in coordinates.items()}
    functions = _functions_of_time(problem, "functions", {*parameters, *coordinates}, out)
    namespace = Namespace(
        scalars={**parameters, **coordinates, **functions},
        vectors={},
        rates=rates,
        time=time,
        functions=functions,
    )
    _build_formulas(problem, namespace, out)
    frames = FrameTree.build(problem, namespace, out)
    if not frames.frames:  # without a referential nothing else can be checked meaningfully
        out.raise_if_any()
    namespace.vectors.update(frames.unit_vectors)
    namespace.angular_velocities = frames.angular_velocities()
    points = _build_points(problem, namespace, frames, out)
    _build_dyadics(problem, namespace, out)
    bodies = _build_bodies(problem, namespace, frames, points, out)
    velocities = PointVelocities(points, bodies, frames)
    namespace.point_velocities = velocities
    # after the points: a speed may be a point's velocity component, as in v(Q) . a_x
    speeds = build_speeds(problem, namespace, out)
    namespace.scalars.update(speeds)  # a speed's name stands for its definition in the rates
    implied = implied_speeds(problem, speeds)
    dependent = implied or dependent_speeds(problem, speeds or coordinates, out)
    from screwsolve.model.action_entries import build_actions, build_joints

    actions = build_actions(problem, namespace, frames, points, bodies, out)
    joints = build_joints(problem, namespace, frames, points, bodies, out)
    constraints = _build_constraints(problem, namespace, out)
    rows = rate_rows(namespace, constraints)
    check_consistent(rows, namespace, out)
    check_completion(namespace, speeds, implied, rows, out)
    if not implied:
        check_dependent(namespace, speeds, dependent, rows, out)
    domains = _build_domains(problem, namespace, out)
    _check_domains_meet(domains, out)
    if not out.diagnostics:
        check_regular(namespace, speeds, domains, out)
    units = check_units(problem, namespace, speeds, out)
    out.raise_if_any()
    return System(
        problem=problem,
        source=source,
        time=time,
        parameters=parameters,
        coordinates=coordinates,
        rates=rates,
        functions=functions,
        speeds=speeds,
        dependent_speeds=dependent,
        implied_speeds=implied,
        rate_rows=rows,
        namespace=namespace,
        frames=frames,
        points=points,
        bodies=bodies,
        actions=actions,
        constraints=constraints,
        joints=joints,
        parameter_assumptions=dict(parameter_assumptions(problem)),
        velocities=velocities,
        domains=domains,
        units=units,
        warnings=tuple(sorted(out.warnings, key=lambda d: (d.line, d.col))),
    )


def _functions_of_time(
    problem: Problem, key: Literal["coordinates", "functions"], taken: set[str], out: Collector
) -> dict[str, sympy.Expr]:
    """The coordinates q(t), or the specified functions F(t), each NAME or {NAME: assumption}."""
    what = "coordinate" if key == "coordinates" else "function"
    result: dict[str, sympy.Expr] = {}
    for index, entry in enumerate(getattr(problem, key)):
        if isinstance(entry, dict):
            if len(entry) != 1:
                out.error((key, index), f"write a {what} as NAME or {{NAME: assumption}}")
                continue
            name, declared = next(iter(entry.items()))
            assumption, _unit = declared_entry(declared)
        else:
            name, assumption = entry, "real"
        reason = check_name(name)
        if reason:
            out.error((key, index), f"{what} {reason}")
            continue
        if name in taken or name in result:
            out.error((key, index), f"'{name}' is declared twice")
            continue
        result[name] = dynamicsymbols(name, **ASSUMPTIONS[assumption])
    return result


def _build_formulas(problem: Problem, ns: Namespace, out: Collector) -> None:
    """Each formula's body over placeholders for its arguments, in the file's order (a formula
    may call those before it); its name must be new, its arguments distinct."""
    for name, spec in problem.formulas.items():
        path = ("formulas", name)
        taken = name in ns.scalars or name in ns.formulas or name in FUNCTION_NAMES
        reason = check_name(name)
        if taken or name in (OMEGA, VELOCITY, POSITION) or reason:
            why = f"formula {reason}" if reason else f"'{name}' is already a name"
            out.error(path, why, key=True)
            continue
        if len(set(spec.of)) != len(spec.of):
            out.error((*path, "of"), "an argument is named twice")
            continue
        placeholders = {arg: sympy.Dummy(arg, real=True) for arg in spec.of}
        local = dataclasses.replace(ns, scalars={**ns.scalars, **placeholders})
        body = out.expression((*path, "value"), spec.value, parse_scalar, local)
        if body is None:
            ns.broken_formulas.add(name)
        else:
            ns.formulas[name] = Formula(tuple(placeholders.values()), body, tuple(spec.of))


def _build_dyadics(problem: Problem, ns: Namespace, out: Collector) -> None:
    """Each dyadic of `dyadics:`, in the file's order (one may use those before it); its name
    must be new."""
    for name, text in problem.dyadics.items():
        path = ("dyadics", name)
        reason = check_name(name)
        taken = name in ns.scalars or name in ns.vectors or name in ns.dyadics
        if reason or taken or name in FUNCTION_NAMES or name in ns.formulas:
            out.error(
                path, f"dyadic {reason}" if reason else f"'{name}' is already a name", key=True
            )
            continue
        value = out.expression(path, text, parse_dyadic, ns)
        if value is not None:
            ns.dyadics[name] = value


def _build_points(
    problem: Problem, ns: Namespace, frames: FrameTree, out: Collector
) -> dict[str, PointSpec]:
    declared = problem.points
    bodies = problem.bodies

    # a position with no from is measured from the origin (the one point with neither), as a
    # source writes "Q at L x0" without naming O
    origins = [n for n, p in declared.items() if p.from_ is None and p.position is None]
    origin = origins[0] if len(origins) == 1 else None

    def start(name: str) -> str | None:
        spec = declared[name]
        if spec.from_ is not None:
            return spec.from_
        return origin if spec.position is not None and origin not in (None, name) else None

    def parent(name: str) -> str | None:
        found = start(name) if name in declared else None
        return found if found in declared else None

    order, cyclic = parents_first(declared, parent)
    for name in cyclic:
        out.error(("points", name, "from"), f"point '{name}' is located from itself (a cycle)")
    roots = [n for n in declared if start(n) is None]
    result: dict[str, PointSpec] = {}
    for name in order:
        spec = declared[name]
        path: Path = ("points", name)
        reason = check_name(name) if not (name.isascii() and name.isdigit()) else None
        if reason:
            out.error(path, f"point {reason}", key=True)
        body = spec.body
        if body is not None and body not in bodies:
            out.error((*path, "body"), f"unknown body '{body}'" + suggest(body, bodies))
            body = None
        rule: Literal["fixed", "geometric", "attached"] = "attached" if body else "geometric"
        if spec.fixed_in is not None:
            if spec.fixed_in not in frames.frames:
                out.error(
                    (*path, "fixed_in"),
                    f"unknown frame '{spec.fixed_in}'" + suggest(spec.fixed_in, frames.frames),
                )
            elif spec.fixed_in == problem.referential:
                rule = "fixed"
            else:
                owners = [b for b, bs in bodies.items() if bs.frame == spec.fixed_in]
                if len(owners) != 1:
                    out.error(
                        (*path, "fixed_in"),
                        f"frame '{spec.fixed_in}' is the frame of {len(owners)} bodies; "
                        "attach the point with body: instead",
                    )
                else:
                    body, rule = owners[0], "attached"
        from_ = start(name)
        if from_ is None:
            if spec.fixed_in is None:
                out.error(path, f"point '{name}' needs fixed_in, or from and position")
            elif rule != "fixed":
                out.error(
                    path,
                    f"point '{name}' has no from: only a point fixed in the "
                    "referential can be the origin",
                )
            elif len(roots) > 1 and name != roots[0]:
                out.error(
                    path,
                    f"point '{name}' has no from: only one point ('{roots[0]}') "
                    "may be the origin; locate the others with from and position",
                )
            if spec.position is not None:
                out.error(
                    (*path, "position"),
                    "position needs from: there is no single origin point to measure it from",
                )
            result[name] = PointSpec(name, Vector(0), rule, body)
            continue
        if from_ not in declared:
            out.error((*path, "from"), f"unknown point '{from_}'" + suggest(from_, declared))
            continue
        if spec.position is None:
            out.error(path, f"point '{name}' has from but no position")
            continue
        vec = out.expression((*path, "position"), spec.position, parse_vector, ns)
        if vec is None or from_ not in result:
            continue
        if _has_rates(vec):
            out.error((*path, "position"), "a position may not contain rates (q')")
            continue
        result[name] = PointSpec(name, result[from_].position + vec, rule, body)
    return result


def _build_bodies(
    problem: Problem,
    ns: Namespace,
    frames: FrameTree,
    points: dict[str, PointSpec],
    out: Collector,
) -> dict[str, BodySpec]:
    result: dict[str, BodySpec] = {}
    for name, spec in problem.bodies.items():
        reason = check_name(name) if not (name.isascii() and name.isdigit()) else None
        if reason:
            out.error(("bodies", name), f"body {reason}", key=True)
        path: Path = ("bodies", name)
        ok = True
        if spec.frame not in frames.frames:
            out.error(
                (*path, "frame"),
                f"unknown frame '{spec.frame}'" + suggest(spec.frame, frames.frames),
            )
            ok = False
        elif spec.frame == problem.referential:
            pass  # a particle translating in E
        if spec.origin not in problem.points:
            out.error(
                (*path, "origin"),
                f"unknown point '{spec.origin}'" + suggest(spec.origin, problem.points),
            )
            ok = False
        mass = None
        if spec.mass is not None:
            mass = out.expression((*path, "mass"), spec.mass, parse_scalar, ns)
        if spec.mass_center is not None and spec.mass_center not in problem.points:
            out.error(
                (*path, "mass_center"),
                f"unknown point '{spec.mass_center}'" + suggest(spec.mass_center, problem.points),
            )
            ok = False
        center = spec.mass_center
        if center is None and spec.frame == problem.referential:
            center = spec.origin  # a body that does not turn: its weight's power is the same there
        if ok:
            result[name] = BodySpec(name, spec.frame, spec.origin, mass, center)
    _check_origin_cycles(problem, result, points, out)
    return result


def _check_origin_cycles(
    problem: Problem, bodies: dict[str, BodySpec], points: dict[str, PointSpec], out: Collector
) -> None:
    """A body's origin velocity may come from another body, but never back to itself."""

    def next_body(body: str) -> str | None:
        origin = points.get(bodies[body].origin)
        if origin is None or origin.rule != "attached" or origin.body == body:
            return None
        return origin.body if origin.body in bodies else None

    _, cyclic = parents_first(bodies, next_body)
    for name in cyclic:
        out.error(
            ("bodies", name, "origin"),
            f"the origin of body '{name}' takes its velocity from a body that depends on it",
        )


def _build_constraints(problem: Problem, ns: Namespace, out: Collector) -> list[ConstraintSpec]:
    result = []
    for index, text in enumerate(problem.constraints):
        path: Path = ("constraints", index)
        sides = text.split("=")
        if len(sides) > 2 or (len(sides) == 2 and not all(s.strip() for s in sides)):
            out.error(path, "a constraint is one equation: lhs = rhs")
            continue
        lhs = out.expression(path, sides[0], parse_scalar, ns)
        rhs: sympy.Expr | None = sympy.Integer(0)
        if len(sides) == 2:
            shifted = " " * (len(sides[0]) + 1) + sides[1]
            rhs = out.expression(path, shifted, parse_scalar, ns)
        if lhs is not None and rhs is not None:
            result.append(ConstraintSpec(text, lhs - rhs, path))
    return result


_RELATIONS = ((">=", False), ("<=", False), (">", True), ("<", True))


DOMAIN_CHECK_DRAWS = 400  # points drawn to find one inside the domains (a claim draws ~120)


def _check_domains_meet(domains: list[DomainSpec], out: Collector) -> None:
    """Domains that no probe point satisfies (theta > 2 and theta < 1) are an error at
    `domains:`: every claim compared there would be undecided."""
    from screwsolve.symbolic.equivalence import Domain, admits_any

    if not domains:
        return
    domain = Domain(
        tuple(d.expr for d in domains if d.strict), tuple(d.expr for d in domains if not d.strict)
    )
    if not admits_any(domain, seed=1, draws=DOMAIN_CHECK_DRAWS):
        out.error(
            ("domains",),
            f"no point satisfies every domain together ({DOMAIN_CHECK_DRAWS} drawn as check "
            "draws them): are two of them contradictory? No claim could be compared there",
        )


def _build_domains(problem: Problem, ns: Namespace, out: Collector) -> list[DomainSpec]:
    """Each `lhs > rhs` (or >=, <, <=) of `domains:` as expr > 0 (or >= 0), static."""
    result = []
    for index, text in enumerate(problem.domains):
        path: Path = ("domains", index)
        found = next(((op, strict) for op, strict in _RELATIONS if op in text), None)
        if found is None or text.count("<") + text.count(">") + text.count("=") != len(found[0]):
            out.error(path, "a domain is one inequality: lhs > rhs (or >=, <, <=)")
            continue
        op, strict = found
        left, right = text.split(op)
        lhs = out.expression(path, left, parse_scalar, ns)
        rhs = out.expression(path, " " * (len(left) + len(op)) + right, parse_scalar, ns)
        if lhs is None or rhs is None:
            continue
        expr = ns.static(lhs - rhs if op.startswith(">") else rhs - lhs)
        result.append(DomainSpec(text, expr, strict))
    return result
