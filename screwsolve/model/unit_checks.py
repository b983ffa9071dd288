"""Dimension checks of a problem that declares units, each a located error naming the term and
both units: positions are lengths, forces forces, moments force x length, springs' stiffness
alike with their law, rotation angles pure numbers, both sides of a constraint alike, and every
`expected:` claim of the unit its quantity must have.

Runs after the system is built (every expression already parsed without error), re-reading the
texts it checks; a file without units never comes here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import sympy
from sympy.core.function import AppliedUndef

from screwsolve.errors import ExpressionError
from screwsolve.model.dimensions import DimensionError, UnitTable
from screwsolve.model.frames import frame_entries
from screwsolve.model.grammar import Namespace, Value, parse, suggest
from screwsolve.model.laws import slip_speed_symbol, stretch_symbol
from screwsolve.model.quantity_units import QuantityUnits, rate_units
from screwsolve.symbolic.printing import text as printed
from screwsolve.units import (
    ACCELERATION,
    DIMENSIONLESS,
    ENERGY,
    FORCE,
    LENGTH,
    MASS,
    MOMENT,
    VELOCITY,
    Unit,
    parse_unit,
)

if TYPE_CHECKING:
    from screwsolve.files.schema import Problem, ScrewClaim
    from screwsolve.files.source_map import Path
    from screwsolve.model.collector import Collector


@dataclass(frozen=True)
class ProblemUnits:
    """What a problem's units give: the unit of each name, and of each reported quantity."""

    table: UnitTable
    names: dict[str, Unit]  # declared units by name (parameters, coordinates, functions)
    quantities: QuantityUnits


def declared_entry(entry: Any) -> tuple[str, str | None]:
    """(assumption, unit text or None) of a parameter's or coordinate's declaration: a word,
    nothing, or {assumption, unit} (read by its fields: a solving worker's problem is plain)."""
    if entry is None or isinstance(entry, str):
        return entry or "real", None
    return getattr(entry, "assumption", None) or "real", getattr(entry, "unit", None)


def parameter_assumptions(problem: Problem) -> dict[str, str]:
    """Each parameter's assumption (real when none is given)."""
    return {name: declared_entry(entry)[0] for name, entry in problem.parameters.items()}


def declared_units(problem: Problem) -> Iterator[tuple[str, str, Path]]:
    """(name, unit text, where it is written) of every unit the file declares."""
    for name, entry in problem.parameters.items():
        unit = declared_entry(entry)[1]
        if unit is not None:
            yield name, unit, ("parameters", name, "unit")
    for key in ("coordinates", "functions"):
        for index, item in enumerate(getattr(problem, key)):
            if isinstance(item, dict) and len(item) == 1:
                name, entry = next(iter(item.items()))
                unit = declared_entry(entry)[1]
                if unit is not None:
                    yield name, unit, (key, index, name, "unit")
    for name, text in (getattr(problem, "units", None) or {}).items():
        yield name, text, ("units", name)


def _fields(model: Any) -> list[tuple[str, Any]]:
    """A model's fields and values, pydantic or plain."""
    names = getattr(type(model), "model_fields", None)
    if names is not None:
        return [(name, getattr(model, name)) for name in names]
    return list(vars(model).items())


def check_units(
    problem: Problem,
    ns: Namespace,
    speeds: dict[str, sympy.Expr],
    out: Collector,
) -> ProblemUnits | None:
    """Every dimension check of the file, reported to `out`; None when it declares no unit."""
    declared = list(declared_units(problem))
    if not declared:
        return None
    symbols: dict[sympy.Symbol, Unit] = {}
    functions: dict[str, Unit] = {}
    names: dict[str, Unit] = {}
    for name, text, path in declared:
        if name in names:
            out.error(path, f"'{name}' is given a unit twice")
            continue
        scalar = ns.scalars.get(name)
        if scalar is None or name in speeds:
            out.error(
                path,
                f"'{name}' is not a parameter, coordinate or function: only they take units"
                + suggest(name, [n for n in ns.scalars if n not in speeds]),
                key=path[0] == "units",
            )
            continue
        unit = out.expression(path, text, lambda t, _ns: parse_unit(t), ns)
        if unit is None:
            continue
        unit = replace(unit, name=text.strip())
        names[name] = unit
        if isinstance(scalar, AppliedUndef):
            functions[name] = unit
        else:
            symbols[scalar] = unit

    def show(expr: sympy.Expr) -> str:
        return printed(ns.static(expr))

    table = UnitTable(symbols, functions, ns.time, show)
    checker = _Checker(problem, ns, table, out)
    rates = rate_units(names, list(ns.rates))
    speed_units: dict[str, Unit | None] = {}
    for name in speeds:
        if name in problem.speeds:
            speed_units[name] = checker.check(("speeds", name), problem.speeds[name], None, "")
        else:  # a rate completing the declared speeds (q1' for q1)
            speed_units[name] = rates.get(name.removesuffix("'"))
    quantities = QuantityUnits(rates, speed_units or dict(rates))
    checker.run(quantities)
    return ProblemUnits(table, names, quantities)


Required = Unit | None


class _Checker:
    def __init__(self, problem: Problem, ns: Namespace, table: UnitTable, out: Collector) -> None:
        self.problem, self.ns, self.table, self.out = problem, ns, table, out

    # one expression ------------------------------------------------------------------------
    def _value(self, text: str, ns: Namespace | None = None) -> Value | None:
        try:
            return parse(text, ns or self.ns)
        except ExpressionError:
            return None  # reported when the system was built

    def check(
        self,
        path: Path,
        text: str,
        required: Required,
        what: str,
        table: UnitTable | None = None,
        ns: Namespace | None = None,
    ) -> Unit | None:
        """The unit of the expression at `path` (None when unknown), reported when its terms
        cannot meet or it is not `required`."""
        table = table or self.table
        value = self._value(text, ns)
        if value is None:
            return None
        try:
            unit = table.of_value(value)
        except DimensionError as exc:
            self._report(path, text, exc.message, exc.term)
            return None
        if unit is not None and required is not None and not unit.alike(required):
            self._report(
                path,
                text,
                f"{what} must be {required.describe()}, and '{text.strip()}' is {unit.describe()}",
            )
        return unit

    def _report(self, path: Path, text: str, message: str, term: sympy.Expr | None = None) -> None:
        column = _column_of(text, term) if term is not None else len(text) - len(text.lstrip())
        self.out.diagnostics.append(
            self.out.source.expression_diagnostic(path, text, message, column)
        )

    def _law(
        self,
        path: Path,
        text: str,
        variable: sympy.Symbol,
        unit: Required,
        required: Required,
        what: str,
    ) -> None:
        """A law written in its own variable (s, v), whose unit is `unit`."""
        name = variable.name
        ns = replace(self.ns, scalars={**self.ns.scalars, name: variable})
        symbols = dict(self.table.symbols)
        if unit is not None:
            symbols[variable] = unit
        self.check(path, text, required, what, replace(self.table, symbols=symbols), ns)

    # the whole file ------------------------------------------------------------------------
    def run(self, quantities: QuantityUnits) -> None:
        problem = self.problem
        silent = _Silent()
        for entry in frame_entries(problem, silent).values():
            if entry.rotate is not None:
                self.check(
                    (*entry.rotate_path, 1), entry.rotate[1], DIMENSIONLESS, "a rotation angle"
                )
        for name, point in problem.points.items():
            if point.position is not None:
                self.check(("points", name, "position"), point.position, LENGTH, "a position")
        for name, body in problem.bodies.items():
            if body.mass is not None:
                self.check(("bodies", name, "mass"), body.mass, MASS, "a mass")
            if body.potential is not None:
                where = ("bodies", name, "potential")
                self.check(where, body.potential, ENERGY, "a potential energy")
        if problem.gravity is not None:
            self.check(("gravity",), problem.gravity, ACCELERATION, "gravity")
        if problem.potential is not None:
            self.check(("potential",), problem.potential, ENERGY, "a potential energy")
        for index, action in enumerate(problem.actions):
            self._action(("actions", index), action)
        for index, text in enumerate(problem.constraints):
            self._sides(("constraints", index), text, ("=",), "a constraint")
        for index, text in enumerate(problem.domains):
            self._sides(("domains", index), text, (">=", "<=", ">", "<"), "a domain")
        if problem.expected is not None:
            self._claims(("expected",), problem.expected, quantities)

    def _sides(self, path: Path, text: str, relations: tuple[str, ...], what: str) -> None:
        op = next((r for r in relations if r in text), None)
        if op is None:
            return
        left, _, right = text.partition(op)
        shifted = " " * (len(left) + len(op)) + right
        units = [self.check(path, side, None, what) for side in (left, shifted)]
        if units[0] is not None and units[1] is not None and not units[0].alike(units[1]):
            self._report(
                path,
                shifted,
                f"the two sides of {what} differ: '{left.strip()}' is {units[0].describe()}, "
                f"'{right.strip()}' is {units[1].describe()}",
            )

    def _action(self, path: Path, action: Any) -> None:
        check = self.check
        if action.force is not None:
            check((*path, "force"), action.force, FORCE, "an action's force")
        if action.moment is not None:
            check((*path, "moment"), action.moment, MOMENT, "an action's moment")
        if action.gravity is not None:
            check((*path, "gravity"), action.gravity, ACCELERATION, "gravity")
        if action.spring is not None:
            spring, base = action.spring, (*path, "spring")
            if spring.stiffness is not None:
                check((*base, "stiffness"), spring.stiffness, FORCE / LENGTH, "a stiffness")
            if spring.force is not None:
                self._law(
                    (*base, "force"),
                    spring.force,
                    stretch_symbol(),
                    LENGTH,
                    FORCE,
                    "a spring's tension",
                )
            check((*base, "free_length"), spring.free_length, LENGTH, "a free length")
        if action.damper is not None:
            check(
                (*path, "damper", "coefficient"),
                action.damper.coefficient,
                FORCE / VELOCITY,
                "a damping coefficient",
            )
        if action.pathway is not None:
            check((*path, "pathway", "tension"), action.pathway.tension, FORCE, "a tension")
            if action.pathway.wraps is not None:
                radius = action.pathway.wraps.radius
                check((*path, "pathway", "wraps", "radius"), radius, LENGTH, "a radius")
        if action.torsion_spring is not None:
            self._torsion((*path, "torsion_spring"), action.torsion_spring)
        if action.motor_torque is not None:
            check(
                (*path, "motor_torque", "torque"),
                action.motor_torque.torque,
                MOMENT,
                "a motor torque",
            )
        if action.friction is not None:
            friction, base = action.friction, (*path, "friction")
            if friction.normal is not None:
                check((*base, "normal"), friction.normal, FORCE, "a normal force")
            if friction.coefficient is not None:
                check(
                    (*base, "coefficient"),
                    friction.coefficient,
                    DIMENSIONLESS,
                    "a friction coefficient",
                )
            if friction.law is not None:
                self._law(
                    (*base, "law"),
                    friction.law,
                    slip_speed_symbol(),
                    VELOCITY,
                    FORCE,
                    "a friction force",
                )
        if action.drag is not None:
            check(
                (*path, "drag", "coefficient"),
                action.drag.coefficient,
                FORCE / VELOCITY**2,
                "a drag coefficient",
            )
        if action.contact is not None:
            self._contact((*path, "contact"), action.contact)
        if action.potential is not None:
            text = (
                action.potential if isinstance(action.potential, str) else (action.potential.energy)
            )
            where = (
                (*path, "potential")
                if isinstance(action.potential, str)
                else (*path, "potential", "energy")
            )
            check(where, text, ENERGY, "a potential energy")

    def _torsion(self, base: Path, spring: Any) -> None:
        angle = self.check(
            (*base, "angle"), spring.angle, DIMENSIONLESS, "a torsion spring's angle"
        )
        self.check((*base, "free_angle"), spring.free_angle, angle, "a free angle")
        per = angle or DIMENSIONLESS
        if spring.stiffness is not None:
            self.check(
                (*base, "stiffness"), spring.stiffness, MOMENT / per, "a torsional stiffness"
            )
        if spring.torque is not None:
            self._law(
                (*base, "torque"),
                spring.torque,
                stretch_symbol(),
                per,
                MOMENT,
                "a torsion spring's torque",
            )

    def _contact(self, base: Path, contact: Any) -> None:
        self.check((*base, "penetration"), contact.penetration, LENGTH, "a penetration")
        self.check((*base, "exponent"), contact.exponent, DIMENSIONLESS, "an exponent")
        parsed = self._value(contact.exponent)
        exponent = parsed.scalar if parsed is not None else None
        if exponent is None or not exponent.is_Rational:
            return
        per = LENGTH ** Fraction(int(exponent.p), int(exponent.q))
        self.check((*base, "stiffness"), contact.stiffness, FORCE / per, "a contact stiffness")
        self.check((*base, "damping"), contact.damping, FORCE / per / VELOCITY, "a contact damping")

    # expected: -----------------------------------------------------------------------------
    def _claims(self, path: Path, expected: Any, quantities: QuantityUnits) -> None:
        for key, value in _fields(expected):
            if value is None or key in ("noncontributing", "ideal_joints"):
                continue
            self._claim((*path, key), (key,), value, quantities)

    def _claim(
        self, path: Path, item: tuple[str, ...], value: Any, quantities: QuantityUnits
    ) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                self._claim((*path, key), (*item, str(key)), inner, quantities)
            return
        required = quantities.of_claim(item)
        what = "the claim " + ".".join(item)
        if hasattr(value, "resultant"):
            screw: ScrewClaim = value
            resultant, moment = required if isinstance(required, tuple) else (None, None)
            self.check((*path, "resultant"), screw.resultant, resultant, f"{what}'s resultant")
            self.check((*path, "moment"), screw.moment, moment, f"{what}'s moment")
            return
        unit = required if isinstance(required, Unit) else None
        if hasattr(value, "small"):  # a series value
            self.check((*path, "value"), value.value, unit, what)
        elif isinstance(value, str):
            self.check(path, value, unit, what)


class _Silent:
    """A reporter that drops what it is told (the frames were reported when built)."""

    def error(self, path: Path, message: str, *, key: bool = False) -> None:
        return None

    def expression(self, path: Path, text: str, parse: Callable[..., Any], ns: Namespace) -> Any:
        return None


def _column_of(text: str, term: sympy.Expr) -> int:
    """Where a term's first name is written in the text (a heuristic good for the names a
    dimension error is about), else where the text starts."""
    names = {s.name for s in term.free_symbols if isinstance(s, sympy.Symbol)}
    names |= {type(f).__name__ for f in term.atoms(AppliedUndef)}
    names.discard("t")
    found = [
        match.start()
        for name in names
        for match in [re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", text)]
        if match
    ]
    return min(found) if found else len(text) - len(text.lstrip())
