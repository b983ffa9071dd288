"""The one walk over claims, shared by `check` and `grade`.

An `expected:` block (a problem's claims) and a submission's `answers:` have the same shape. Both
are read here into `Claim`s, each at a path such as `power_coefficients.weight.theta`; the true
value of a claim comes from the analysis (`value_of`), and a claim is compared with a true value
in one way (`Comparer.compare`): vectors component by component in the referential, scalars
directly, the power under constraints with the problem's constraints applied to both sides.
Every comparison is numeric probing (`symbolic.equivalence`), never text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeAlias

import sympy
from sympy.physics.vector import Vector

from screwsolve.checking.claim_kinds import ClaimKind, Series
from screwsolve.checking.reports import QUALIFIED
from screwsolve.errors import ExpressionError
from screwsolve.files.schema import Expected
from screwsolve.limits import DEFAULT_SEED
from screwsolve.mechanics.analysis import ActionTerms, Analysis
from screwsolve.model.grammar import parse_scalar, parse_vector, suggest
from screwsolve.model.static import TIME
from screwsolve.model.system import System
from screwsolve.quantities import QUANTITIES, SET_JOIN, keys_of
from screwsolve.solution.build import Presenter
from screwsolve.solution.result import ScrewValue, TotalPotential, VectorValue
from screwsolve.symbolic.equivalence import (
    MAX_SERIES_ORDER,
    TOLERANCE,
    Domain,
    agrees_to_order,
    equivalent,
)
from screwsolve.symbolic.surface import Surface

Status = Literal["ok", "fail", "error"]
SCREW_PARTS = ("resultant", "moment")


@dataclass(frozen=True)
class Claim:
    """One claimed value, as written: an expression, a screw, a list of names or a yes/no."""

    path: tuple[str, ...]  # below expected: (or answers:)
    kind: ClaimKind
    text: str = ""
    screw: tuple[str, str, str] | None = None  # resultant, moment, at
    names: tuple[str, ...] = ()
    flag: bool = False
    series: Series | None = None  # a scalar right only to an order in small quantities
    # {value, on: constraints}: it holds where the constraints do (coordinates on the
    # holonomic ones, dependent rates at their constrained values), as a source states it
    on_constraints: bool = False

    @property
    def item(self) -> str:
        """The dotted path that names the claim in reports and in `grading.points`."""
        return ".".join(self.path)

    def written(self) -> str:
        """The claim as the file writes it."""
        if self.on_constraints:
            return f"{replace(self, on_constraints=False).written()} on the constraints"
        if self.series is not None:
            small = ", ".join(self.series.small)
            return f"{self.text} + O(({small})^{self.series.order + 1})"
        if self.kind == "screw" and self.screw is not None:
            return f"{{{self.screw[0]} ; {self.screw[1]}}}_{self.screw[2]}"
        if self.kind == "names":
            return "[" + ", ".join(self.names) + "]"
        if self.kind == "flag":
            return "true" if self.flag else "false"
        return self.text


@dataclass(frozen=True)
class Malformed:
    """An item whose value does not have the shape its path calls for (one bad item of a
    student's answers costs only that item)."""

    path: tuple[str, ...]
    message: str


SECTIONS = tuple(QUANTITIES)  # every claim section, in the registry's order
# {KEY: value} totals and/or {ACTION: {KEY: value}}, KEY a coordinate (or t) or a speed
BY_KEY_OR_ACTION = keys_of("by_key_or_action")
TOTAL_OR_PER_ACTION = keys_of("total_or_by_action")  # EXPR or {ACTION: EXPR}
FLAGS = {"true": True, "yes": True, "false": False, "no": False}


def claims_of(block: Expected | Mapping[str, Any]) -> list[Claim]:
    """Every claim of a validated `expected:` block (or of well-formed answers), in order."""
    data = block.model_dump(exclude_none=True) if isinstance(block, Expected) else block
    return [c for c in walk(data) if isinstance(c, Claim)]


def walk(data: Mapping[str, Any]) -> Iterator[Claim | Malformed]:
    """Every claim of an `expected:`/`answers:` mapping as plain data (strings, lists and
    mappings as the YAML loader gives them), in the block's order; an item of the wrong shape is
    Malformed and the walk goes on."""
    for section in SECTIONS:
        if section not in data or data[section] is None:
            continue
        value, shape = data[section], QUANTITIES[section].shape
        if shape == "screw_by_body":
            yield from _each(value, (section,), _screw)
        elif shape == "screw_by_body_and_key":
            if not isinstance(value, Mapping):
                yield Malformed((section,), "expected {BODY: {COORD: screw}}")
                continue
            for body, by_coordinate in value.items():
                yield from _each(by_coordinate, (section, str(body)), _screw)
        elif shape == "total_or_by_action" and _by_name(value):
            yield from _each(value, (section,), _scalar)
        elif shape in ("total_or_by_action", "scalar"):
            yield _scalar((section,), value)
        elif shape == "by_key_or_action":
            if not isinstance(value, Mapping):
                yield Malformed((section,), "expected {COORD: value} or {ACTION: {COORD: value}}")
                continue
            for key, item in value.items():
                if _by_name(item):
                    yield from _each(item, (section, str(key)), _scalar)
                else:
                    yield _scalar((section, str(key)), item)
        elif shape == "by_action_and_key":
            if not isinstance(value, Mapping):
                yield Malformed((section,), "expected {ACTION: {COORD: value}}")
                continue
            for action, by_coordinate in value.items():
                yield from _each(by_coordinate, (section, str(action)), _scalar)
        elif shape == "by_key":
            yield from _each(value, (section,), _scalar)
        elif shape == "names":
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                yield Claim((section,), "names", names=tuple(value))
            else:
                yield Malformed((section,), "expected a list of action names, such as [weight]")
        elif shape == "flags":
            yield from _each(value, (section,), _flag)


def _each(
    value: Any,
    path: tuple[str, ...],
    item: Callable[[tuple[str, ...], Any], Claim | Malformed],
) -> Iterator[Claim | Malformed]:
    if not isinstance(value, Mapping):
        yield Malformed(path, "expected a mapping of names to values")
        return
    for key, inner in value.items():
        yield item((*path, str(key)), inner)


def _by_name(value: Any) -> bool:
    """A mapping of names to values, not one series value {value, small, order}."""
    return isinstance(value, Mapping) and not _is_series(value)


def _is_series(value: Any) -> bool:
    return (
        isinstance(value, Mapping) and "value" in value and not isinstance(value["value"], Mapping)
    )


def _scalar(path: tuple[str, ...], value: Any) -> Claim | Malformed:
    if _is_series(value):
        return _series(path, value)
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return Malformed(path, "expected an expression")
    return Claim(path, "scalar", str(value))


SERIES_SHAPE = (
    "expected {value: EXPR, small: NAME or [NAMES], order: K} or {value: EXPR, on: constraints}"
    " (either with on: constraints)"
)
ON_CONSTRAINTS = "constraints"


def _series(path: tuple[str, ...], value: Mapping[str, Any]) -> Claim | Malformed:
    """{value: EXPR, small: NAME or [NAMES], order: K}: right to order K in the small names;
    {value: EXPR, on: constraints} (with or without small and order): right where the
    constraints hold."""
    on = value.get("on")
    if "on" in value and on != ON_CONSTRAINTS:
        return Malformed((*path, "on"), "on: constraints is the only place a value is said to hold")
    keys = set(value) - {"on"}
    if on == ON_CONSTRAINTS and keys == {"value"}:
        text = value["value"]
        if isinstance(text, bool) or not isinstance(text, str | int | float):
            return Malformed(path, SERIES_SHAPE)
        return Claim(path, "scalar", str(text), on_constraints=True)
    if keys != {"value", "small", "order"}:
        return Malformed(path, SERIES_SHAPE)
    text, small, order = value["value"], value["small"], value["order"]
    names = [small] if isinstance(small, str) else small
    if (
        isinstance(text, bool)
        or not isinstance(text, str | int | float)
        or not isinstance(names, list)
        or not names
        or not all(isinstance(n, str) for n in names)
    ):
        return Malformed(path, SERIES_SHAPE)
    try:
        degree = int(str(order))
    except ValueError:
        return Malformed(path, SERIES_SHAPE)
    if not 0 <= degree <= MAX_SERIES_ORDER:
        return Malformed(path, f"the order of a series answer is 0 to {MAX_SERIES_ORDER}")
    series = Series(tuple(names), degree)
    return Claim(path, "scalar", str(text), series=series, on_constraints=on == ON_CONSTRAINTS)


def _screw(path: tuple[str, ...], value: Any) -> Claim | Malformed:
    keys = ("resultant", "moment", "at")
    if not isinstance(value, Mapping) or set(value) != set(keys):
        return Malformed(path, "expected a screw {resultant: ..., moment: ..., at: POINT}")
    if not all(isinstance(value[k], str | int | float) for k in keys):
        return Malformed(path, "expected a screw {resultant: ..., moment: ..., at: POINT}")
    resultant, moment, at = (str(value[k]) for k in keys)
    return Claim(path, "screw", screw=(resultant, moment, at))


def _flag(path: tuple[str, ...], value: Any) -> Claim | Malformed:
    if isinstance(value, bool):
        return Claim(path, "flag", flag=value)
    if isinstance(value, str) and value.lower() in FLAGS:
        return Claim(path, "flag", flag=FLAGS[value.lower()])
    return Malformed(path, "expected true or false")


TrueValue: TypeAlias = sympy.Expr | ScrewValue | tuple[str, ...] | bool


@dataclass(frozen=True)
class Truth:
    """What a claim's quantity really is (static sympy values, unit vectors named as printed).

    `rates`, for the power under constraints: the eliminated rates (static) and their values,
    applied to a claim before it is compared, whichever rates it kept. A potential energy is
    compared `up_to_constant`: by its derivatives in the coordinates, time and the functions
    of time."""

    kind: ClaimKind
    value: TrueValue
    rates: dict[sympy.Symbol, sympy.Expr] = field(default_factory=dict)
    up_to_constant: bool = False  # a potential energy: any additive constant is as right
    # compared with the coordinates on the holonomic constraints (a value on the constraints)
    on_surface: bool = False
    note: str = ""  # said after a failure's detail (what a total holds, the form for another)


@dataclass(frozen=True)
class Unknown:
    """A claim about something the problem does not have (with a suggestion)."""

    message: str
    part: str | None = None  # the sub-path it is about (such as "at"), if not the claim itself


def unknown_names(claim: Claim, system: System) -> Unknown | None:
    """What a claim names that the problem does not have (a body, point, coordinate, action,
    joint), with a suggestion; None when every name exists. Needs no solving."""
    head, rest = claim.path[0], claim.path[1:]
    variables = [*system.coordinates, TIME]
    speeds = list(system.speeds or system.coordinates)
    actions = {a.name: a for a in system.actions}

    def missing(what: str, name: str, choices: list[str], part: str | None = None) -> Unknown:
        return Unknown(f"unknown {what} '{name}'" + suggest(name, choices), part)

    if head in ("kinematic_screws", "partial_screws", "replacement"):
        if rest[0] not in system.bodies:
            return missing("body", rest[0], list(system.bodies))
        assert claim.screw is not None
        if claim.screw[2] not in system.points:
            return missing("point", claim.screw[2], list(system.points), part="at")
        if head == "partial_screws" and rest[1] not in [*variables, *system.speeds]:
            return missing("coordinate", rest[1], [*variables, *system.speeds])
    elif head == "potential_energy" and rest:
        for name in potential_set(rest[0], list(actions)):
            if name not in actions:
                return missing("action", name, list(actions))
    elif head in TOTAL_OR_PER_ACTION and rest and rest[0] not in actions:
        return missing("action", rest[0], list(actions))
    elif head == "power_under_constraints" and not system.constraints:
        return Unknown("the problem has no constraints")
    elif head == "power_coefficients" and len(rest) == 1 and rest[0] not in variables:
        return missing("coordinate", rest[0], variables)
    elif head in ("power_coefficients", "interaction") and len(rest) == 2:
        name, coordinate = rest
        if name not in actions:
            return missing("action", name, list(actions))
        if head == "interaction" and not actions[name].interaction:
            return Unknown(f"action '{name}' is not an interaction (no by: body)")
        if coordinate not in variables:
            return missing("coordinate", coordinate, variables)
    elif (
        head in ("constrained_generalized_active_forces", "rates_on_constraints")
        and not system.constraints
    ):
        return Unknown("the problem has no constraints")
    elif head == "rates_on_constraints" and rest[0] not in system.coordinates:
        return missing("coordinate", rest[0], list(system.coordinates))
    elif head in BY_KEY_OR_ACTION[1:] and len(rest) == 1 and rest[0] not in speeds:
        return missing("speed", rest[0], speeds)
    elif head in BY_KEY_OR_ACTION[1:] and len(rest) == 2:
        if rest[0] not in actions:
            return missing("action", rest[0], list(actions))
        if rest[1] not in speeds:
            return missing("speed", rest[1], speeds)
    elif head == "ideal_joints" and rest[0] not in [j.name for j in system.joints]:
        return missing("joint", rest[0], [j.name for j in system.joints])
    return None


def value_of(
    claim: Claim, analysis: Analysis, presenter: Presenter | None = None
) -> Truth | Unknown:
    """The true value of the quantity a claim is about, or why there is none: the quantity's
    truth function (TRUTHS, one per entry of quantities.py)."""
    unknown = unknown_names(claim, analysis.system)
    if unknown is not None:
        return unknown
    truth = TRUTHS[claim.path[0]](claim, claim.path[1:], analysis, presenter or Presenter(analysis))
    if claim.on_constraints and isinstance(truth, Truth) and truth.kind == "scalar":
        return _on_constraints(truth, analysis)
    return truth


def _on_constraints(truth: Truth, analysis: Analysis) -> Truth:
    """A truth compared where the constraints hold: the rates the constraints fix at their
    values (in the true value and in the claim) and, by the Comparer, the coordinates on the
    holonomic ones. A value already on the constraints (F~_r) keeps its own rates."""
    if truth.rates:
        return replace(truth, on_surface=True)
    symbols = analysis.system.namespace.symbols
    rates = {
        symbols.rate[name]: analysis.static(value)
        for name, value in analysis.constraints.eliminated.items()
    }
    assert isinstance(truth.value, sympy.Expr)
    value = truth.value.xreplace(rates) if rates else truth.value
    return replace(truth, value=value, rates=rates, on_surface=True)


TruthOf = Callable[[Claim, tuple[str, ...], Analysis, Presenter], "Truth | Unknown"]


def _screw_truth(claim: Claim, rest: tuple[str, ...], analysis: Analysis, p: Presenter) -> Truth:
    """A screw about the claim's point, by the very Presenter methods run prints them with
    (the Jacobian core's columns where it holds them)."""
    assert claim.screw is not None
    body, at, head = rest[0], claim.screw[2], claim.path[0]
    if head == "kinematic_screws":
        return Truth("screw", p.kinematic_screw(body, at))
    if head == "replacement":
        return Truth("screw", p.replacement(body, at))
    if rest[1] in analysis.system.speeds:
        return Truth("screw", p.screw(analysis.speed_screws(body, at)[rest[1]]))
    return Truth("screw", p.partial_screws(body, at)[rest[1]])


def _terms(analysis: Analysis, name: str) -> ActionTerms:
    return next(t for t in analysis.actions if t.action.name == name)


def _power(_: Claim, rest: tuple[str, ...], analysis: Analysis, p: Presenter) -> Truth:
    power = _terms(analysis, rest[0]).power if rest else analysis.power
    return Truth("scalar", p.scalar(power))


def _potential_energy(
    _: Claim, rest: tuple[str, ...], analysis: Analysis, p: Presenter
) -> Truth | Unknown:
    return _potential(rest, analysis, p)


def _dissipation(
    _: Claim, rest: tuple[str, ...], analysis: Analysis, p: Presenter
) -> Truth | Unknown:
    value = analysis.dissipations.get(rest[0]) if rest else analysis.dissipation
    if value is None:
        return Unknown(f"{_whose(rest)} no dissipation function")
    return Truth("scalar", p.scalar(value))


def _active_forces(
    claim: Claim, rest: tuple[str, ...], analysis: Analysis, p: Presenter
) -> Truth | Unknown:
    return _generalized_force(claim.path[0], rest, analysis, p)


def _power_under_constraints(
    _: Claim, rest: tuple[str, ...], analysis: Analysis, p: Presenter
) -> Truth | Unknown:
    constraints = analysis.constraints
    if constraints.power is None:
        return Unknown("the problem's constraints fix no rate")
    symbols = analysis.system.namespace.symbols
    rates = {
        symbols.rate[name]: analysis.static(value) for name, value in constraints.eliminated.items()
    }
    return Truth("scalar", p.scalar(constraints.power), rates)


def _rates_on_constraints(
    _: Claim, rest: tuple[str, ...], analysis: Analysis, p: Presenter
) -> Truth | Unknown:
    reduction = analysis.reduction
    if reduction is None or not reduction.dependent:
        return Unknown("the constraints fix no speed")
    rate = analysis.system.namespace.symbols.rate[rest[0]]
    # q' on the constraints in the independent speeds' definitions; the claim is put there
    # too, whichever speeds it is written in
    return Truth("scalar", reduction.on_constraints(rate), reduction.projection)


def _coefficient(_: Claim, rest: tuple[str, ...], analysis: Analysis, p: Presenter) -> Truth:
    if len(rest) == 1:
        return Truth("scalar", p.scalar(analysis.coefficients[rest[0]]))
    return Truth("scalar", p.scalar(_terms(analysis, rest[0]).coefficients[rest[1]]))


def _noncontributing(_: Claim, rest: tuple[str, ...], analysis: Analysis, p: Presenter) -> Truth:
    return Truth("names", tuple(analysis.noncontributing))


def _ideal_joint(_: Claim, rest: tuple[str, ...], analysis: Analysis, p: Presenter) -> Truth:
    joint = next(j for j in analysis.joints if j.joint.name == rest[0])
    return Truth("flag", joint.ideal)


# How each quantity's true value is found: one function per entry of quantities.py
TRUTHS: dict[str, TruthOf] = {
    "kinematic_screws": _screw_truth,
    "partial_screws": _screw_truth,
    "replacement": _screw_truth,
    "power": _power,
    "power_under_constraints": _power_under_constraints,
    "power_coefficients": _coefficient,
    "interaction": _coefficient,
    "noncontributing": _noncontributing,
    "ideal_joints": _ideal_joint,
    "potential_energy": _potential_energy,
    "dissipation": _dissipation,
    "generalized_active_forces": _active_forces,
    "constrained_generalized_active_forces": _active_forces,
    "rates_on_constraints": _rates_on_constraints,
}


def _generalized_force(
    head: str, rest: tuple[str, ...], analysis: Analysis, presenter: Presenter
) -> Truth | Unknown:
    """F_r, or Kane's constrained F~_r, of one action or of all, for one speed."""
    table = (
        analysis.generalized_forces
        if head == "generalized_active_forces"
        else analysis.constrained_forces
    )
    if table is None:
        return Unknown("the constraints fix no speed")
    forces = table.by_action[rest[0]] if len(rest) == 2 else table.total
    if rest[-1] not in forces:
        independent = ", ".join(forces)
        return Unknown(f"'{rest[-1]}' is a dependent speed; F~ is given for {independent}")
    value = presenter.scalar(forces[rest[-1]])
    if head == "generalized_active_forces" or analysis.reduction is None:
        return Truth("scalar", value)
    # F~_r is a value on the constraints: a claim is compared there too, whichever speeds it
    # is written in (the dependent ones at their constrained values)
    return Truth("scalar", value, analysis.reduction.projection)


def potential_set(key: str, actions: list[str]) -> tuple[str, ...]:
    """The actions a `potential_energy` key names: one action (its name, even when the name
    holds " + "), or several joined by " + "."""
    if key in actions or SET_JOIN not in key:
        return (key,)
    return tuple(part.strip() for part in key.split(SET_JOIN))


def _potential(rest: tuple[str, ...], analysis: Analysis, presenter: Presenter) -> Truth | Unknown:
    """The total V exactly as `run` prints it (Presenter.total_potential, the one definition),
    or the V of one action or of a named set of actions together."""
    if not rest:
        total = presenter.total_potential()
        if total.value is None:
            why = "; ".join(f"'{name}': {reason}" for name, reason in total.missing.items())
            return Unknown(
                "the total potential energy holds no action"
                + (f" ({why})" if why else "")
                + f": {_total_rule(analysis)}"
            )
        return Truth("scalar", total.value, up_to_constant=True, note=_total_note(total, analysis))
    names = potential_set(rest[0], [a.action.name for a in analysis.actions])
    energy = analysis.potential_of(names)
    if isinstance(energy, str):
        whose = f"action '{names[0]}' has" if len(names) == 1 else "these actions together have"
        return Unknown(f"{whose} no potential energy: {energy}")
    return Truth("scalar", energy, up_to_constant=True)


def _total_rule(analysis: Analysis) -> str:
    left = [t.action.name for t in analysis.actions if not t.action.in_potential_total]
    rule = (
        "it holds the actions conservative by their law (gravity, springs, torsion springs, "
        "potentials) and those marked `conservative: true`"
    )
    if left:
        rule += "; it leaves out " + ", ".join(f"'{n}'" for n in left)
    return rule + "; the V of other actions is claimed as {A1 + A2: V}"


def _total_note(total: TotalPotential, analysis: Analysis) -> str:
    """What a total holds and how to claim another set: the way out for a claim written under
    another reading of "total" (a total once held every action whose coefficients
    integrate, a constant push or motor torque included; now such an action counts only when
    the file marks it `conservative: true`)."""
    held = ", ".join(f"'{n}'" for n in total.members)
    left = [t.action.name for t in analysis.actions if not t.action.in_potential_total]
    note = f"the total is the V of {held}"
    if left:
        example = SET_JOIN.join([*total.members, left[0]])
        quoted = ", ".join(f"'{n}'" for n in left)
        note += (
            f"; it leaves out {quoted} (inputs: mark one "
            f"`conservative: true` to count it, or claim a set, such as `{example}: V`)"
        )
    return note


def _whose(rest: tuple[str, ...]) -> str:
    return f"action '{rest[0]}' has" if rest else "no action of the problem has a"


@dataclass(frozen=True)
class PartVerdict:
    """The verdict on a claim, or on one part of a screw claim (its resultant or moment)."""

    part: str | None
    status: Status
    got: TrueValue | VectorValue | None = None
    detail: str = ""  # why it failed: where the sides differ, or why it is undecided
    offset: int | None = None  # for an unreadable expression: 0-based column in the text
    undecided: bool = False  # too few probe points could be evaluated to tell
    hint: str = ""  # after a failure, what the file can do (a total's note), never cut


def configuration_surface(system: System) -> Surface | None:
    """The problem's holonomic constraints (those that hold no rate), static, with the
    coordinates a probe point may be moved along; None without one."""
    namespace = system.namespace
    symbols = namespace.symbols
    rates = list(symbols.rate.values())
    coordinates = tuple(symbols.coordinate.values())
    equations, texts = [], []
    for constraint in system.constraints:
        static = namespace.static(constraint.expr)
        if not static.has(*rates) and static.has(*coordinates):
            equations.append(static)
            texts.append(constraint.text)
    if not equations:
        return None
    return Surface(tuple(equations), coordinates, tuple(texts))


class Comparer:
    """Compares claims with true values in the terms of one problem (its names, its referential),
    by probing at points drawn from `seed`, to a relative `tolerance`."""

    def __init__(
        self, system: System, seed: int = DEFAULT_SEED, tolerance: float = TOLERANCE
    ) -> None:
        self.system = system
        self.namespace = system.namespace
        self.seed = seed
        self.tolerance = tolerance
        self.domain = Domain(
            tuple(d.expr for d in system.domains if d.strict),
            tuple(d.expr for d in system.domains if not d.strict),
        )
        surface = configuration_surface(system)
        # where values on the constraints are compared: the coordinates on the holonomic ones
        self.on_surface = replace(self.domain, surface=surface) if surface else self.domain
        self._components: dict[VectorValue, list[sympy.Expr]] = {}

    def scalar(self, text: str) -> sympy.Expr:
        """A claimed scalar, static (raises ExpressionError)."""
        return self.namespace.static(parse_scalar(text, self.namespace))

    def components(self, vector: Vector) -> list[sympy.Expr]:
        """A vector's components in the referential, static."""
        if vector == Vector(0):
            return [sympy.Integer(0)] * 3
        return [self.namespace.static(c) for c in vector.to_matrix(self.system.referential)]

    def vector(self, value: VectorValue) -> Vector:
        """A printed vector (terms on named unit vectors) as a sympy Vector again."""
        symbols = self.namespace.symbols
        total = Vector(0)
        for coefficient, unit in value.terms:
            total += self.namespace.vectors[unit] * symbols.dynamic(coefficient)
        return total

    def equal(
        self, a: sympy.Expr, b: sympy.Expr, domain: Domain | None = None
    ) -> tuple[bool | None, str]:
        verdict = equivalent(a, b, self.seed, self.tolerance, domain or self.domain)
        return verdict.equal, verdict.detail

    def compare(self, claim: Claim, truth: Truth) -> list[PartVerdict]:
        """The verdict on each part of a claim (one part unless it is a screw)."""
        if claim.kind != truth.kind:
            return [PartVerdict(None, "fail", truth.value, f"expected a {truth.kind} answer")]
        if truth.kind == "names":
            assert isinstance(truth.value, tuple)
            same = sorted(claim.names) == sorted(truth.value)
            return [PartVerdict(None, "ok" if same else "fail", truth.value)]
        if truth.kind == "flag":
            same = claim.flag == truth.value
            return [PartVerdict(None, "ok" if same else "fail", truth.value)]
        if truth.kind == "screw":
            assert isinstance(truth.value, ScrewValue) and claim.screw is not None
            return self._screw(claim.screw, truth.value)
        assert isinstance(truth.value, sympy.Expr)
        return [self._scalar(claim.text, truth, claim.series)]

    def _scalar(self, text: str, truth: Truth, series: Series | None = None) -> PartVerdict:
        assert isinstance(truth.value, sympy.Expr)
        try:
            claimed = self.scalar(text)
        except ExpressionError as exc:
            return PartVerdict(None, "error", None, exc.message, exc.offset)
        if series is not None:
            unknown = [n for n in series.small if n not in self.namespace.scalars]
            if unknown:
                message = f"unknown small quantity '{unknown[0]}'"
                return PartVerdict(
                    None, "error", None, message + suggest(unknown[0], self.namespace.scalars)
                )
        if truth.rates:
            claimed = claimed.xreplace(truth.rates)
        on = truth.on_surface or bool(truth.rates)
        domain = self.on_surface if on else self.domain
        if series is not None:
            equal, detail = self._to_order(claimed, truth.value, series, domain)
        elif truth.up_to_constant:
            equal, detail = self._up_to_constant(claimed, truth.value)
        else:
            equal, detail = self.equal(claimed, truth.value, domain)
        if on and detail:
            where = domain.surface.describe() if domain.surface else ""
            detail = f"on the constraints{f' ({where})' if where else ''}, {detail}"
        status: Status = "ok" if equal else "fail"
        hint = truth.note if not equal else ""
        return PartVerdict(None, status, truth.value, detail, undecided=equal is None, hint=hint)

    def _to_order(
        self, claimed: sympy.Expr, truth: sympy.Expr, series: Series, domain: Domain
    ) -> tuple[bool | None, str]:
        small = [self.namespace.static(self.namespace.scalars[n]) for n in series.small]
        symbols = [s for s in small if isinstance(s, sympy.Symbol)]
        if len(symbols) != len(small):
            return False, "a small quantity must be a coordinate, a parameter or a function of time"
        verdict = agrees_to_order(truth, claimed, symbols, series.order, self.seed, domain)
        return verdict.equal, f"{QUALIFIED}{verdict.detail}" if verdict.detail else ""

    def _up_to_constant(self, claimed: sympy.Expr, truth: sympy.Expr) -> tuple[bool | None, str]:
        """Equal up to an additive constant: equal derivatives in every coordinate, t and
        function of time (a difference of parameters alone is a constant)."""
        symbols = self.namespace.symbols
        variables = [*symbols.coordinate.values(), *symbols.function.values(), symbols.time]
        for variable in variables:
            equal, detail = self.equal(claimed.diff(variable), truth.diff(variable))
            if not equal:
                where = f"d/d{variable} {detail}" if detail else f"it differs in {variable}"
                return equal, f"{QUALIFIED}up to a constant, {where}"
        return True, ""

    def _screw(self, claim: tuple[str, str, str], truth: ScrewValue) -> list[PartVerdict]:
        if claim[2] != truth.point:
            detail = f"resolved about {claim[2]}, not about {truth.point}"
            return [PartVerdict("at", "fail", None, detail)]
        verdicts = []
        for index, part in enumerate(SCREW_PARTS):
            value: VectorValue = getattr(truth, part)
            try:
                claimed = parse_vector(claim[index], self.namespace)
            except ExpressionError as exc:
                verdicts.append(PartVerdict(part, "error", None, exc.message, exc.offset))
                continue
            if value not in self._components:  # the truth's, once per comparer
                self._components[value] = self.components(self.vector(value))
            known = self._components[value]
            difference = [a - b for a, b in zip(self.components(claimed), known, strict=True)]
            status: Status = "ok"
            detail, undecided = "", False
            for component in difference:
                equal, detail = self.equal(component, sympy.Integer(0))
                if not equal:
                    status, undecided = "fail", equal is None
                    break
            verdicts.append(PartVerdict(part, status, value, detail, undecided=undecided))
        return verdicts
