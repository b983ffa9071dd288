"""Analysis (sympy, rates as functions of t) -> Solution (plain data, simplified static values).

This is the last computing step before rendering: conversion to static symbols, simplification,
and naming of unit vectors as the textbook does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, TypeVar

import symengine as se
import sympy
from sympy.physics.vector import Vector

from screwsolve import progress
from screwsolve.limits import COMPACT_VECTOR_NODES, ENGINE_VALUE_NODES, SYMPY_SIMPLIFY_NODES
from screwsolve.mechanics.analysis import ActionTerms, Analysis
from screwsolve.mechanics.fast.jacobian import Vec
from screwsolve.mechanics.screws import AppliedScrew, Screw, comoment
from screwsolve.model.frames import AXES
from screwsolve.model.system import System
from screwsolve.quantities import QUANTITIES
from screwsolve.solution.result import (
    ActionValue,
    AppliedValue,
    ConstraintValue,
    JointValue,
    Notation,
    ReducedValue,
    ScrewValue,
    Solution,
    SpeedsValue,
    StepsValue,
    TotalPotential,
    UnitsValue,
    VectorValue,
    map_expressions,
)
from screwsolve.symbolic.bridge import (
    UnsupportedError,
    from_engine,
    has_absolute_values,
    symbols_of,
    to_engine,
)
from screwsolve.symbolic.common_subexpressions import share
from screwsolve.symbolic.graphs import exceeds
from screwsolve.symbolic.printing import Value, name_latex
from screwsolve.symbolic.simplify import factored, simplest
from screwsolve.symbolic.simplify_engine import factored_only, keep_content, simplest_engine
from screwsolve.symbolic.simplify_engine import size as engine_size
from screwsolve.units import ANGULAR_VELOCITY, ENERGY, FORCE, MOMENT, POWER, VELOCITY

V = TypeVar("V")


class Presenter:
    """Turns one analysis into values a renderer can print."""

    def __init__(
        self, analysis: Analysis, *, engine_values: bool = False, large: bool | None = None
    ) -> None:
        """The one place the algebra route is chosen, for run's outputs and for the truths of
        check and grade alike. `large` (default: `is_large`, decided on first use): every value
        takes symengine's pipeline; with `engine_values` (run's printing) a large result stays
        the symengine value it was simplified as, otherwise every result is sympy (claims,
        the API)."""
        self.analysis = analysis
        self.frames = analysis.system.frames
        self.engine_values = engine_values
        self._large = large
        self._engine_scalars: dict[Any, Value] = {}
        self._partials: dict[tuple[str, str | None], dict[str, ScrewValue]] = {}

    @property
    def large(self) -> bool:
        if self._large is None:
            self._large = is_large(self.analysis)
        return self._large

    def scalar(self, expr: sympy.Expr) -> Value:
        """A value in its simplest printed form."""
        return self._simplified(self.analysis.static(expr), simplest, simplest_engine)

    def _simplified(
        self,
        static: sympy.Expr,
        by_sympy: Callable[[sympy.Expr], sympy.Expr],
        by_engine: Callable[[Any], Any],
    ) -> Value:
        """A static sympy value simplified by sympy's pipeline at textbook sizes (and where Abs,
        whose textbook forms only sympy writes, or what symengine cannot hold, is met);
        symengine's above them or in a large problem (`simplify_engine`)."""
        static = self._in_domain(static)
        if self._past(static, SYMPY_SIMPLIFY_NODES) and not static.has(sympy.Abs):
            try:
                engine = to_engine(static)
            except UnsupportedError:
                return self._in_domain(by_sympy(static))
            return self._finished(by_engine(engine), static)
        # simplifying can make the |e| a domain removes (sqrt(y'**2/sin(theta)**2))
        return self._in_domain(by_sympy(static))

    def _in_domain(self, static: sympy.Expr) -> sympy.Expr:
        """Where the file's domains say `e > 0` (or `e >= 0`), |e| is e (and sign(e) is 1):
        the answer as the source states it, valid where the source says it is."""
        domains = self.analysis.system.domains
        if not domains or not static.has(sympy.Abs, sympy.sign):
            return static
        mapping: dict[sympy.Expr, sympy.Expr] = {}
        for domain in domains:
            inside = self.analysis.static(domain.expr)
            mapping[sympy.Abs(inside)] = inside
            if domain.strict:
                mapping[sympy.sign(inside)] = sympy.Integer(1)
        replaced = static.xreplace(mapping)
        if replaced == static or exceeds(replaced, SYMPY_SIMPLIFY_NODES):
            return replaced
        # (q - h)/|h - q| became (q - h)/(h - q): only cancelling sees that it is -1
        cancelled = sympy.cancel(sympy.together(replaced))
        return cancelled if sympy.count_ops(cancelled) < sympy.count_ops(replaced) else replaced

    def _past(self, value: Any, nodes: int) -> bool:
        """Past a textbook size: every value of a large problem is."""
        return self.large or exceeds(value, nodes)

    def engine_scalar(self, value: Any) -> Value:
        """`scalar` of a value the Jacobian core built (a symengine expression): large ones are
        never turned into sympy trees before they are simplified. Memoised: a chain's screws
        repeat the same component in many columns."""
        known = self._engine_scalars.get(value)
        if known is None:
            known = self._engine_scalars[value] = self._engine_scalar(value)
        return known

    def _engine_scalar(self, value: Any) -> Value:
        core = self.analysis.kinematics.jacobian
        if self._past(value, SYMPY_SIMPLIFY_NODES) and not has_absolute_values(value):
            return self._finished(simplest_engine(value), None)
        return simplest(self._in_domain(core.to_static(value)))

    def _finished(self, simplified: Any, source: sympy.Expr | None) -> Value:
        """A simplified symengine value as a result: kept when large and engine values are
        asked for, otherwise as sympy."""
        if self.engine_values and self._past(simplified, ENGINE_VALUE_NODES):
            return simplified
        names = self._names(source) if source is not None else None
        core = self.analysis.kinematics.jacobian
        value = from_engine(simplified, names) if names is not None else core.to_static(simplified)
        return keep_content(value)

    def _names(self, static: sympy.Expr) -> dict[str, sympy.Expr]:
        names = dict(self.analysis.kinematics.jacobian.static_symbols)
        names.update(symbols_of(static))
        return names

    def vector(self, vector: Vector) -> VectorValue:
        terms = [(self.scalar(c), unit) for c, unit in self.frames.terms(vector)]
        return VectorValue(tuple((c, u) for c, u in terms if c != 0))

    def compact_vector(self, vector: Vector, also: str) -> VectorValue:
        """The vector in whichever of its frames (or `also`, a body's frame) prints it
        smallest: a partial screw by generalized speed is a combination of partial screws by
        coordinate spread over several frames (a top's d(omega)/du1 is x_B itself)."""
        best = self.vector(vector)
        if vector == Vector(0) or any(exceeds(c, COMPACT_VECTOR_NODES) for c, _ in best.terms):
            return best
        names = dict.fromkeys([*(self.frames.frame_name(f) for _, f in vector.args), also])
        for name in names:
            candidate = self.vector(vector.express(self.frames.frames[name]))
            if _printed_size(candidate) < _printed_size(best):
                best = candidate
        return best

    def compact_screw(self, screw: Screw, also: str) -> ScrewValue:
        return ScrewValue(
            self.compact_vector(screw.resultant, also),
            self.compact_vector(screw.moment, also),
            screw.point,
        )

    def coefficients(self, values: dict[str, sympy.Expr]) -> dict[str, Value]:
        """Each value simplified."""
        return {q: self.scalar(v) for q, v in values.items()}

    def action_coefficients(self, terms: ActionTerms | None) -> dict[str, Value]:
        """An action's Q^q and Q^t (all actions' with None), simplified from the core's
        symengine values when it built them: their sympy forms are then never made."""
        analysis = self.analysis
        engine = analysis.engine_coefficients if terms is None else terms.engine
        if engine is not None:
            return {q: self.engine_scalar(engine[q]) for q in analysis.variables}
        return self.coefficients(analysis.coefficients if terms is None else terms.coefficients)

    def total_coefficients(self, parts: list[dict[str, Value]]) -> dict[str, Value]:
        """Q^q of all the actions, from the actions' simplified Q^q (`parts`) where their sum
        (the book's sum over actions) prints smaller than the core's total simplified whole: in
        a large problem only, whose whole totals are too large for the simplifier (the 5-link
        chain's Q^a1: 5 035 operations whole, 3 278 as the sum)."""
        whole = self.action_coefficients(None)
        if not self.large or not parts:
            return whole
        totals = {}
        for q, value in whole.items():
            try:
                summed = factored_only(se.Add(*(_engine(part[q]) for part in parts)))
                current = _engine(value)
            except UnsupportedError:
                totals[q] = value
                continue
            smaller = engine_size(summed) < engine_size(current)
            totals[q] = self._finished(summed, None) if smaller else value
        return totals

    def power(self, coefficients: dict[str, Value]) -> Value:
        """P = sum q' Q^q + Q^t from simplified coefficients: the power reads as the book
        decomposes it, and no large power expression is simplified whole."""
        rates = self.analysis.system.rates
        if any(isinstance(v, se.Basic) for v in coefficients.values()):
            return self._engine_power(coefficients)
        power = sympy.Add(
            *(
                self.analysis.static(rates[q]) * value if q in rates else value
                for q, value in coefficients.items()
            )
        )
        return self._simplified(power, factored, factored_only)

    def _engine_power(self, coefficients: dict[str, Value]) -> Value:
        """The power of coefficients some of which are symengine values, built in symengine."""
        rates = self.analysis.system.rates
        terms = []
        for q, value in coefficients.items():
            engine = _engine(value)
            terms.append(se.Symbol(f"{q}'") * engine if q in rates else engine)
        return self._finished(factored_only(se.Add(*terms)), None)

    def potential(self, terms: ActionTerms) -> Value | None:
        """An action's potential energy, from the core's columns for a weight when it can; for
        an action marked `conservative: true` without a V of its own, the V integrated from its
        power coefficients (None when it has none alone)."""
        engine = self.analysis.engine_potential(terms)
        if engine is not None:
            return self.engine_scalar(engine)
        own = terms.action.potential
        if own is None and terms.action.conservative:
            integrated = self.analysis.conservative_potential(terms.action.name)
            return None if isinstance(integrated, str) else self.scalar(integrated)
        return _optional(self, own)

    def total_potential(self) -> TotalPotential:
        """The total potential energy as `Analysis.potential_total` defines it (in symengine
        when every action it holds is a weight the core built)."""
        analysis = self.analysis
        wanted = [t for t in analysis.actions if t.action.in_potential_total]
        engines = [analysis.engine_potential(t) for t in wanted]
        if wanted and all(e is not None for e in engines):
            names = tuple(t.action.name for t in wanted)
            return TotalPotential(self.engine_scalar(se.Add(*engines)), names, {})
        total = analysis.potential_total
        return TotalPotential(_optional(self, total.value), total.members, total.missing)

    def screw(self, screw: Screw) -> ScrewValue:
        return ScrewValue(self.vector(screw.resultant), self.vector(screw.moment), screw.point)

    def replacement(self, body: str, at: str | None) -> ScrewValue:
        """The resultant and couple of all actions on a body about `at` (default: its origin),
        from the Jacobian core's columns; the sympy route for what symengine cannot hold."""
        point = at or self.analysis.system.bodies[body].origin
        analysis = self.analysis
        try:
            resultant, moment = analysis.kinematics.jacobian.replacement(
                [s for terms in analysis.actions for s in terms.screws], body, point
            )
        except UnsupportedError:
            return self.screw(analysis.replacement(body, at))
        return ScrewValue(self.columns(resultant), self.columns(moment), point)

    def columns(self, vector: Vec) -> VectorValue:
        """A vector of the Jacobian core (symengine columns) in print form."""
        terms = self.frames.named_terms((value, key) for value, key in vector.units())
        printed = [(self.engine_scalar(c), unit) for c, unit in terms]
        return VectorValue(tuple((c, u) for c, u in printed if c != 0))

    def kinematic_screw(self, body: str, at: str | None) -> ScrewValue:
        """{V_B/E} about `at` (default: the body's origin), from the Jacobian core's columns
        (no sympy cross product); the sympy route for what symengine cannot hold."""
        point = at or self.analysis.system.bodies[body].origin
        try:
            resultant, moment = self.analysis.kinematics.jacobian.kinematic_screw(body, point)
        except UnsupportedError:
            return self.screw(self.analysis.kinematics.kinematic_screw(body, at))
        return ScrewValue(self.columns(resultant), self.columns(moment), point)

    def partial_screws(self, body: str, at: str | None) -> dict[str, ScrewValue]:
        """{V^q_B/E} for every coordinate and t, from the Jacobian core's columns (once per
        body and point: run prints them all, a key claims them one by one)."""
        key = (body, at)
        if key not in self._partials:
            self._partials[key] = self._partial_screws(body, at)
        return self._partials[key]

    def _partial_screws(self, body: str, at: str | None) -> dict[str, ScrewValue]:
        point = at or self.analysis.system.bodies[body].origin
        try:
            columns = self.analysis.kinematics.jacobian.partial_screws(body, point)
        except UnsupportedError:
            partials = self.analysis.kinematics.partial_screws(body, at)
            return {q: self.screw(s) for q, s in partials.items()}
        return {
            q: ScrewValue(self.columns(omega), self.columns(velocity), point)
            for q, (omega, velocity) in columns.items()
        }

    def steps(self, applied: AppliedScrew) -> StepsValue:
        """The kinematic screws an action screw meets, about its point, and its comoments:
        {V_on/E} - {V_by/E} and each coordinate's part from the Jacobian core's columns, the
        comoments as the action's power coefficients are (one truth: a worked solution's
        partial screw of a body on E is the partial screws table's, its shares add up to the
        action's Q^q); the sympy route for what symengine cannot hold."""
        point = applied.screw.point
        core = self.analysis.kinematics.jacobian
        try:
            shares = core.screw_coefficients(applied)
            if applied.by is None:
                on = self.partial_screws(applied.on, point)
                velocity = self.kinematic_screw(applied.on, point)
            else:
                columns = core.partial_screws(applied.on, point)
                reference = core.partial_screws(applied.by, point)
                on = {
                    q: ScrewValue(
                        self.columns(omega - reference[q][0]),
                        self.columns(moment - reference[q][1]),
                        point,
                    )
                    for q, (omega, moment) in columns.items()
                }
                resultant, moment = core.kinematic_screw(applied.on, point)
                by_resultant, by_moment = core.kinematic_screw(applied.by, point)
                velocity = ScrewValue(
                    self.columns(resultant - by_resultant), self.columns(moment - by_moment), point
                )
        except UnsupportedError:
            return self._sympy_steps(applied)
        simplified = {q: self.engine_scalar(value) for q, value in shares.items()}
        return StepsValue(
            velocity=velocity, partials=on, power=self.power(simplified), shares=simplified
        )

    def _sympy_steps(self, applied: AppliedScrew) -> StepsValue:
        velocity, partials = self.analysis.kinematics.relative_screws(
            applied.on, applied.by, applied.screw.point
        )
        return StepsValue(
            velocity=self.screw(velocity),
            partials={q: self.screw(s) for q, s in partials.items()},
            power=self.scalar(comoment(applied.screw, velocity)),
            shares={q: self.scalar(comoment(applied.screw, s)) for q, s in partials.items()},
        )

    def names(self) -> set[str]:
        """Every name a problem already uses in expressions (shared names must differ)."""
        system = self.analysis.system
        return {
            *system.parameters,
            *system.coordinates,
            *system.functions,
            *system.speeds,
            *self.frames.unit_names.values(),
        }

    def notation(self) -> Notation:
        latex: dict[str, str] = {}
        for (frame, index), unit in self.frames.unit_names.items():
            if unit in self.frames.renamed:
                latex[unit] = rf"\mathbf{{{unit}}}"
            else:
                latex[unit] = rf"\mathbf{{{AXES[index]}}}_{{{name_latex(frame)}}}"
        system = self.analysis.system
        return Notation(latex, system.problem.referential, tuple(reading_order(system)))


def reading_order(system: System) -> list[str]:
    """The symbols in the order a product of them is read (m g l cos(theta)): the bodies'
    masses, the symbols of gravity, the other parameters as the file declares them, then the
    coordinates, their rates and the specified functions."""
    import re

    parameters = list(system.parameters)
    masses = [
        str(s)
        for body in system.bodies.values()
        if body.mass is not None
        for s in sorted(body.mass.free_symbols, key=str)
    ]
    gravity = system.problem.gravity or ""
    weights = [n for n in re.findall(r"[A-Za-z_]\w*", gravity) if n in system.parameters]
    coordinates = list(system.coordinates)
    rates = [f"{q}'" for q in coordinates]
    functions = [*system.functions, *(f"{f}'" for f in system.functions)]
    return [*masses, *weights, *parameters, *coordinates, *rates, *functions]


def present(
    analysis: Analysis,
    at: str | None = None,
    *,
    steps: bool = False,
    only: frozenset[str] | None = None,
) -> Solution:
    """Build the Solution; `at` resolves every body screw about that point instead of the origin;
    `steps` adds each action screw's worked solution (the screws it meets and its comoments);
    `only` (quantity keys, quantities.py) computes those sections and what they need, nothing
    else: Q alone never builds a partial screw or runs a check."""
    system = analysis.system
    p = Presenter(analysis, engine_values=True)

    def asked(*keys: str) -> bool:
        return only is None or any(key in only for key in keys)

    kinematic = (
        _each("kinematic screws", system.bodies, lambda b: p.kinematic_screw(b, at))
        if asked("kinematic_screws")
        else {}
    )
    partial = (
        _each("partial screws", system.bodies, lambda b: p.partial_screws(b, at))
        if asked("partial_screws")
        else {}
    )
    noncontributing = set(analysis.noncontributing) if asked("noncontributing") else set()
    by_action_keys = ("power", "power_coefficients", "interaction")
    energies = asked("potential_energy", "dissipation")
    # Coefficients and powers of each action, then in total (from the actions' where smaller).
    by_action: list[dict[str, Value]] = []
    chosen = analysis.actions if asked(*by_action_keys) or energies else []
    actions_done = progress.steps(
        "power coefficients", len(chosen) if asked(*by_action_keys) else 0
    )
    for terms in chosen if asked(*by_action_keys) else []:
        by_action.append(p.action_coefficients(terms))
        actions_done(len(by_action))
    progress.report("energy checks", 0, 0)
    potential_checks = analysis.potential_checks if asked("potential_energy") else []
    dissipation_checks = analysis.dissipation_checks if asked("dissipation") else []
    powers = [p.power(c) for c in by_action] if asked("power") else [None] * len(by_action)
    total = p.total_coefficients(by_action) if asked(*by_action_keys) else {}
    worked = _worked_solutions(p, [s for a in chosen for s in a.screws]) if steps else {}
    actions = tuple(
        ActionValue(
            name=a.action.name,
            kind=a.action.kind,
            on=a.action.on,
            by=a.action.by,
            interaction=a.action.interaction,
            screws=tuple(
                AppliedValue(s.on, s.by, p.screw(s.screw), worked.get(id(s))) for s in a.screws
            ),
            potential=p.potential(a) if asked("potential_energy") else None,
            power=powers[index] if by_action else None,
            coefficients=by_action[index] if by_action else {},
            noncontributing=a.action.name in noncontributing,
            dissipation=(
                _optional(p, analysis.dissipations.get(a.action.name))
                if asked("dissipation")
                else None
            ),
        )
        for index, a in enumerate(chosen)
    )
    joints = tuple(
        JointValue(
            name=j.joint.name,
            type=j.joint.type,
            between=j.joint.between,
            screw=p.screw(Screw(j.joint.force, j.joint.moment, j.joint.at)),
            coefficients={q: p.scalar(v) for q, v in j.coefficients.items()},
            checked=j.checked,
            nonzero=j.nonzero,
        )
        for j in (analysis.joints if asked("ideal_joints") else [])
    )
    if asked("power_under_constraints"):
        c = analysis.constraints
        constraints = ConstraintValue(
            equations=tuple(x.text for x in system.constraints),
            kinds=tuple(c.kinds),
            eliminated={k: p.scalar(v) for k, v in c.eliminated.items()},
            power=p.scalar(c.power) if c.power is not None else None,
            action_powers={k: p.scalar(v) for k, v in c.action_powers.items()},
            warnings=tuple(c.warnings),
            mismatches={q: p.scalar(v) for q, v in c.mismatches.items()},
            notes=tuple(c.notes),
        )
    else:
        constraints = ConstraintValue((), (), {}, None, {}, ())
    reduced_keys = ("constrained_generalized_active_forces", "rates_on_constraints")
    solution = Solution(
        title=system.problem.title,
        notation=p.notation(),
        variables=tuple(analysis.variables),
        kinematic_screws=kinematic,
        partial_screws=partial,
        actions=actions,
        power=p.power(total) if asked("power") else None,
        coefficients=total,
        constraints=constraints,
        noncontributing=tuple(analysis.noncontributing) if asked("noncontributing") else (),
        potential_mismatches={c.action: c.mismatched for c in potential_checks if c.mismatched},
        potential_checked=tuple(c.action for c in potential_checks),
        potential=p.total_potential()
        if asked("potential_energy")
        else TotalPotential(None, (), {}),
        potential_sets=(  # sought at textbook size: a long chain's coefficients stay symengine
            {names: p.scalar(v) for names, v in analysis.potential_sets.items()}
            if asked("potential_energy") and not p.large
            else {}
        ),
        dissipation=_optional(p, analysis.dissipation) if asked("dissipation") else None,
        dissipation_mismatches={c.action: c.mismatched for c in dissipation_checks if c.mismatched},
        dissipation_checked=tuple(c.action for c in dissipation_checks),
        joints=joints,
        replacements=(
            {b: p.replacement(b, at) for b in system.bodies} if asked("replacement") else {}
        ),
        speeds=_speeds(p, at) if system.speeds and asked("generalized_active_forces") else None,
        reduced=_reduced(p) if asked(*reduced_keys) else None,
        symbols=_symbols(analysis),
        units=_units(system, analysis),
        only=tuple(key for key in QUANTITIES if key in only) if only is not None else None,
    )
    progress.report("shared subexpressions", 0, 0)
    return _shared(solution, p.names())


def _worked_solutions(p: Presenter, screws: list[AppliedScrew]) -> dict[int, StepsValue]:
    """`--steps`: each action screw's worked solution, keyed by the screw's identity (two
    screws of one action may be equal), reported as a stage of its own."""
    done = progress.steps("worked solutions", len(screws))
    worked: dict[int, StepsValue] = {}
    for count, applied in enumerate(screws, 1):
        worked[id(applied)] = p.steps(applied)
        done(count)
    return worked


def _units(system: System, analysis: Analysis) -> UnitsValue | None:
    """Each reported quantity's unit, from the units the file declares (None without)."""
    if system.units is None:
        return None
    units = system.units.quantities
    keys = [*analysis.variables, *system.speeds]
    speeds = list(system.speeds) or list(system.coordinates)
    return UnitsValue(
        power=POWER,
        energy=ENERGY,
        kinematic=(ANGULAR_VELOCITY, VELOCITY),
        action=(FORCE, MOMENT),
        partial={key: units.partial(key) for key in keys},
        coefficients={key: units.coefficient(key) for key in analysis.variables},
        active_forces={u: units.active_force(u) for u in speeds},
        rates=dict(units.rates),
        speeds={u: units.speeds.get(u) for u in speeds},
    )


def _each(stage: str, names: Iterable[str], value: Callable[[str], V]) -> dict[str, V]:
    """{name: value(name)} for each name, reported as the stage's steps."""
    names = list(names)
    done = progress.steps(stage, len(names))
    result: dict[str, V] = {}
    for name in names:
        result[name] = value(name)
        done(len(result))
    return result


def _symbols(analysis: Analysis) -> dict[str, sympy.Symbol]:
    """Every name a result may hold, as the very symbol in it (assumptions included): the
    parameters, t, the coordinates and their rates (theta'), the functions of time and theirs,
    and the declared speeds."""
    system = analysis.system
    symbols = system.namespace.symbols
    found: dict[str, sympy.Symbol] = dict(system.parameters)
    found["t"] = sympy.Symbol("t", real=True)
    for name in system.coordinates:
        found[name] = symbols.coordinate[name]
        found[f"{name}'"] = symbols.rate[name]
    for name in system.functions:
        found[name] = symbols.function[name]
        found[f"{name}'"] = symbols.function_rate[name]
    for name in system.speeds:
        if name not in found:
            found[name] = sympy.Symbol(name, real=True)
    return found


def is_large(analysis: Analysis) -> bool:
    """True when a power coefficient passes textbook size (SYMPY_SIMPLIFY_NODES), as in a long
    chain: then every value takes symengine's pipeline and printer, one look for all of them
    and a fraction of the time (on the 8-link chain sympy's pipeline took 1.1 s, converting
    and printing its values in sympy 0.3 s). Of the shipped problems only SymPy's
    biomechanical arm is large."""
    engine = analysis.engine_coefficients
    return engine is not None and any(exceeds(v, SYMPY_SIMPLIFY_NODES) for v in engine.values())


def _speeds(p: Presenter, at: str | None) -> SpeedsValue:
    analysis = p.analysis
    system = analysis.system
    table = analysis.generalized_forces
    implied = system.implied_speeds
    return SpeedsValue(
        names=analysis.speeds.names,
        # a rate that completes speeds printed fewer than the coordinates is its own speed:
        # neither its definition nor its value in the speeds says anything
        definitions={u: p.scalar(d) for u, d in system.speeds.items() if u not in implied},
        rates={
            q: p.scalar(v) for q, v in analysis.speeds.rates().items() if f"{q}'" not in implied
        },
        partial_screws={
            b: {
                u: p.compact_screw(s, system.bodies[b].frame)
                for u, s in analysis.speed_screws(b, at).items()
            }
            for b in system.bodies
        },
        forces={name: p.coefficients(forces) for name, forces in table.by_action.items()},
        total=p.coefficients(table.total),
    )


def _reduced(p: Presenter) -> ReducedValue | None:
    analysis = p.analysis
    reduction = analysis.reduction
    if reduction is None:
        return None
    table = analysis.constrained_forces
    return ReducedValue(
        independent=reduction.independent if table else (),
        dependent=reduction.dependent,
        coefficients={k: p.coefficients(row) for k, row in reduction.coefficients.items()},
        forces={n: p.coefficients(f) for n, f in table.by_action.items()} if table else {},
        total=p.coefficients(table.total) if table else {},
        warnings=reduction.warnings,
        rates={q: p.scalar(v) for q, v in reduction.rates.items()}
        if table and analysis.speeds.declared
        else {},
    )


def _engine(value: Value) -> Any:
    """A value as symengine (large values already are)."""
    return value if isinstance(value, se.Basic) else to_engine(value)


def _printed_size(value: VectorValue) -> int:
    return sum(sympy.count_ops(c) + 1 for c, _ in value.terms)


def _optional(presenter: Presenter, value: sympy.Expr | None) -> sympy.Expr | None:
    return None if value is None else presenter.scalar(value)


def _shared(solution: Solution, taken: set[str]) -> Solution:
    """Every large value of the solution (screw components, potentials, coefficients, powers)
    rewritten over one set of named shared subexpressions; small ones are left as they are."""
    found: list[sympy.Expr] = []

    def collect(expr: sympy.Expr) -> sympy.Expr:
        found.append(expr)
        return expr

    map_expressions(solution, collect)
    reduced, definitions = share(dict(enumerate(found)), taken)
    if not definitions:
        return solution
    order = iter(range(len(found)))
    solution = map_expressions(solution, lambda _: reduced[next(order)])
    return replace(solution, shared=definitions)
