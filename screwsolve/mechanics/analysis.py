"""Power, power coefficients and interaction coefficients of every action (DESIGN §1, §2).

Q^qi = {A}.{V^qi} and Q^t = {A}.{V^t} with both screws about the action's point. For an action
exerted by a body B1 of the system on B2, the pair (action and implied reaction) contributes
{A_B1->B2}.{V^qi_B2/B1}, with {V_B2/B1} = {V_B2/E} - {V_B1/E}: the interaction coefficient.
Power coefficients are never obtained by differentiating a power (Remark 13.3.5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

import sympy
from sympy.physics.vector import Vector

from screwsolve.files.loaded import Loaded
from screwsolve.limits import DEFAULT_SECONDS
from screwsolve.mechanics.actions import to_screws
from screwsolve.mechanics.constraints import ConstraintAnalysis, analyse_constraints
from screwsolve.mechanics.dissipation import dissipation as dissipation_of
from screwsolve.mechanics.kinematics import Kinematics
from screwsolve.mechanics.screws import AppliedScrew, Screw, comoment
from screwsolve.mechanics.speeds import (
    Reduction,
    SpeedMap,
    generalized_forces,
    reduction,
    speed_map,
    speed_screws,
)
from screwsolve.model.actions import Action, Potential, ScrewAction
from screwsolve.model.cost import check_work
from screwsolve.model.parts import JointSpec
from screwsolve.model.static import TIME
from screwsolve.model.system import System, build_system
from screwsolve.symbolic.equivalence import (
    Domain,
    SharedProbe,
    each_vanishes,
    equivalent,
    vanishes,
)
from screwsolve.symbolic.graphs import exceeds, forget

if TYPE_CHECKING:
    from screwsolve.mechanics.fast.potential_gradients import PotentialGradients


@dataclass(frozen=True)
class ForceTable:
    """Generalized forces by speed: of each action (by name) and of all of them."""

    by_action: dict[str, dict[str, sympy.Expr]]
    total: dict[str, sympy.Expr]


@dataclass(frozen=True)
class ActionTerms:
    """One action: the screws it exerts, its power and its power coefficients. The sympy forms
    are built on first use from `sympy_terms` (power, coefficients): presenting a long chain
    works on `engine` alone, and converting its coefficients to sympy trees costs seconds."""

    action: Action
    screws: tuple[AppliedScrew, ...]
    sympy_terms: Callable[[], tuple[sympy.Expr, dict[str, sympy.Expr]]]
    engine: dict[str, Any] | None = None  # the coefficients in symengine, when built there

    @cached_property
    def _sympy(self) -> tuple[sympy.Expr, dict[str, sympy.Expr]]:
        return self.sympy_terms()

    @property
    def power(self) -> sympy.Expr:
        return self._sympy[0]

    @property
    def coefficients(self) -> dict[str, sympy.Expr]:
        return self._sympy[1]


@dataclass(frozen=True)
class EnergyCheck:
    """-dV/dq (a potential V) or -dR/dq' (a dissipation function R) against the screw route."""

    action: str
    energy: Any  # sympy, or symengine for a weight of a long chain
    mismatched: tuple[str, ...]


@dataclass(frozen=True)
class PotentialTotal:
    """The total potential energy: the actions it holds (in the file's order), its static
    value (None when it holds none), and the actions it should hold that have no V, with why."""

    members: tuple[str, ...]
    value: sympy.Expr | None
    missing: dict[str, str]


@dataclass(frozen=True)
class CoefficientProbe:
    """The core's power coefficients probed together, and each one's place among them."""

    shared: SharedProbe
    position: dict[tuple[str, str], int]  # (action, variable) -> value


@dataclass(frozen=True)
class JointTerms:
    """A joint's unknown constraint action and its interaction coefficients."""

    joint: JointSpec
    coefficients: dict[str, sympy.Expr]
    checked: tuple[str, ...]
    nonzero: tuple[str, ...]

    @property
    def ideal(self) -> bool:
        return not self.nonzero


def comoments(
    kinematics: Kinematics, screws: list[AppliedScrew], variables: list[str]
) -> tuple[sympy.Expr, dict[str, sympy.Expr]]:
    """P = {A}.{V} and Q^q = {A}.{V^q} by comoments of sympy screws, each screw about its own
    point and relative to the source body for a pair: (power, coefficients)."""
    power = sympy.Integer(0)
    coefficients = {q: sympy.Integer(0) for q in variables}
    for applied in screws:
        velocity, partials = kinematics.relative_screws(applied.on, applied.by, applied.screw.point)
        power += comoment(applied.screw, velocity)
        for q in variables:
            coefficients[q] += comoment(applied.screw, partials[q])
    return power, coefficients


class Analysis:
    """Every quantity of DESIGN §1 for one system, in sympy form (rates as q'(t))."""

    def __init__(self, system: System) -> None:
        self.system = system
        self.kinematics = Kinematics(system)
        self._speed_screws: dict[tuple[str, str | None], dict[str, Screw]] = {}
        self._conservative: dict[tuple[str, ...], sympy.Expr | str] = {}

    @property
    def variables(self) -> list[str]:
        """The coordinates, then t: the keys of every coefficient table."""
        return [*self.system.coordinates, TIME]

    def static(self, expr: sympy.Expr) -> sympy.Expr:
        """q(t) -> q and q'(t) -> q' as plain real symbols (for printing and probing)."""
        return self.system.namespace.static(expr)

    @cached_property
    def actions(self) -> list[ActionTerms]:
        """Each action's power and power coefficients (interaction coefficients for pairs)."""
        return [self._terms(action) for action in self.system.actions]

    def _terms(self, action: Action) -> ActionTerms:
        """The route to an action's power coefficients is chosen here, never by the action:
        -dV/dq for a bare potential; otherwise Jacobian columns on plain symbols (each screw
        about its own point), and sympy comoments for an expression symengine cannot hold.
        The power is sum q' Q^q + Q^t, exact because every velocity is linear in the rates."""
        from screwsolve.symbolic.bridge import UnsupportedError

        if isinstance(action, Potential):
            return self._potential_terms(action)
        screws = to_screws(action, self.kinematics)
        try:
            readable_coefficients, engine = self.kinematics.jacobian.action_coefficients(screws)
        except UnsupportedError:
            return self._comoment_terms(action, screws)
        rates = self.system.rates

        def sympy_terms() -> tuple[sympy.Expr, dict[str, sympy.Expr]]:
            coefficients = readable_coefficients()
            power = sympy.Add(*(coefficients[q] * rates.get(q, 1) for q in self.variables))
            return power, coefficients

        return ActionTerms(action, tuple(screws), sympy_terms, engine)

    def _comoment_terms(self, action: Action, screws: list[AppliedScrew]) -> ActionTerms:
        """The sympy comoment route (the reference route, and the fallback)."""
        terms = comoments(self.kinematics, screws, self.variables)
        return ActionTerms(action, tuple(screws), lambda: terms)

    def _potential_terms(self, action: Potential) -> ActionTerms:
        """Q^q = -dV/dq, Q^t = -dV/dt holding q fixed, P = -dV/dt."""
        energy = action.potential
        assert energy is not None
        symbols = self.system.namespace.symbols
        coefficients = {
            q: -symbols.coordinate_derivative(energy, q) for q in self.variables if q != TIME
        }
        coefficients[TIME] = -symbols.explicit_time_derivative(energy)
        power = -energy.diff(self.system.time)
        return ActionTerms(action, (), lambda: (power, coefficients))

    @cached_property
    def power(self) -> sympy.Expr:
        """Total power of all actions (and implied reactions) in the system."""
        return sympy.Add(*(a.power for a in self.actions))

    @cached_property
    def coefficients(self) -> dict[str, sympy.Expr]:
        """Total power coefficient per coordinate and t."""
        return {q: sympy.Add(*(a.coefficients[q] for a in self.actions)) for q in self.variables}

    @cached_property
    def engine_coefficients(self) -> dict[str, Any] | None:
        """The total power coefficients as the core built them (symengine), or None when an
        action's were not built there."""
        if any(a.engine is None for a in self.actions):
            return None
        from symengine import Integer

        return {
            q: sum((a.engine[q] for a in self.actions if a.engine), Integer(0))
            for q in self.variables
        }

    @cached_property
    def domain(self) -> Domain:
        """Where the file says its values hold (`domains:`): every check compares there, as
        `check` does and as the printed forms assume (|h + q| is h + q where h + q > 0)."""
        domains = self.system.domains
        return Domain(
            tuple(d.expr for d in domains if d.strict),
            tuple(d.expr for d in domains if not d.strict),
        )

    def is_zero(self, expr: sympy.Expr) -> bool:
        """True when an expression vanishes identically in the domain (numeric probing)."""
        return bool(equivalent(self.static(expr), sympy.Integer(0), domain=self.domain).equal)

    def _coefficient_is(self, terms: ActionTerms, q: str, value: Any) -> bool:
        """Q^q of an action equals a static value (sympy, or symengine when the action has an
        engine form): probed on the symengine form when there is one, so a long chain's
        coefficient never becomes a sympy tree here."""
        if terms.engine is not None and not self.domain:  # vanishes() probes everywhere
            from screwsolve.symbolic.bridge import UnsupportedError, to_engine

            core = self.kinematics.jacobian
            try:
                if not isinstance(value, sympy.Basic):
                    difference = terms.engine[q] - value
                else:
                    difference = terms.engine[q] - to_engine(self.static(value))
            except UnsupportedError:
                pass
            else:
                return bool(vanishes(difference, core.static_symbols))
        if not isinstance(value, sympy.Basic):  # a symengine value: on the plain symbols too
            value = self.kinematics.jacobian.to_static(value)
        return self.is_zero(value - self.static(terms.coefficients[q]))

    @cached_property
    def noncontributing(self) -> list[str]:
        """Actions whose power coefficients all vanish identically: those built in symengine
        probed all together (they share their graph), the others one by one."""
        zero = sympy.Integer(0)
        probe = self._coefficient_probe
        found = []
        for terms in self.actions:
            if probe is not None and terms.engine is not None and not self.domain:
                positions = [probe.position[(terms.action.name, q)] for q in self.variables]
                verdicts = probe.shared.verdicts(positions, until_one_is=True)
                if False in verdicts:  # one coefficient does not vanish: the action contributes
                    continue
                if None not in verdicts:  # decided together; else each by itself below
                    found.append(terms.action.name)
                    continue
            if all(self._coefficient_is(terms, q, zero) for q in self.variables):
                found.append(terms.action.name)
        return found

    @cached_property
    def _coefficient_probe(self) -> CoefficientProbe | None:
        """The symengine power coefficients of every action probed together, at points that
        also give the weights' potentials their symbols; None when a node of them is not
        evaluated over graphs (each is then probed by itself)."""
        from screwsolve.symbolic.graph_values import UnevaluableError

        core = self.kinematics.jacobian
        position: dict[tuple[str, str], int] = {}
        values: list[Any] = []
        for terms in self.actions:
            if terms.engine is not None:
                for q in self.variables:
                    position[(terms.action.name, q)] = len(values)
                    values.append(terms.engine[q])
        if not values:
            return None
        gradients = self._potential_gradients
        names = gradients.names if gradients is not None else frozenset()
        try:
            shared = SharedProbe(values, core.static_symbols, names=names)
        except UnevaluableError:
            return None
        return CoefficientProbe(shared, position)

    @cached_property
    def constraints(self) -> ConstraintAnalysis:
        """Power once the file's constraints are substituted, and the Remark 13.3.5 warnings."""
        if not self.system.constraints:
            return ConstraintAnalysis()
        return analyse_constraints(
            self.system,
            self.power,
            {a.action.name: a.power for a in self.actions},
            self.coefficients,
        )

    @cached_property
    def speeds(self) -> SpeedMap:
        """The rates in the generalized speeds, q' = W u + X (u = q' unless declared)."""
        return speed_map(self.system)

    def speed_screws(self, body: str, at: str | None = None) -> dict[str, Screw]:
        """{V^u_r_B/E} for every speed (and the remainder under t), about the origin or `at`."""
        key = (body, at)
        if key not in self._speed_screws:
            partials = self.kinematics.partial_screws(body, at)
            self._speed_screws[key] = speed_screws(partials, self.speeds, self.system)
        return self._speed_screws[key]

    @cached_property
    def generalized_forces(self) -> ForceTable:
        """F_r of each action, and of all of them (static values)."""
        return ForceTable(
            {
                terms.action.name: generalized_forces(terms.coefficients, self.speeds, self.system)
                for terms in self.actions
            },
            generalized_forces(self.coefficients, self.speeds, self.system),
        )

    @cached_property
    def reduction(self) -> Reduction | None:
        """The constraints solved for the dependent speeds (None without constraints)."""
        return reduction(self.system, self.speeds)

    @cached_property
    def constrained_forces(self) -> ForceTable | None:
        """Kane's F~_r of each action and in total, for the independent speeds; None when the
        constraints fix no speed."""
        reduced = self.reduction
        if reduced is None or not reduced.dependent:
            return None
        table = self.generalized_forces
        return ForceTable(
            {name: reduced.reduced(forces) for name, forces in table.by_action.items()},
            reduced.reduced(table.total),
        )

    @cached_property
    def potential_total(self) -> PotentialTotal:
        """The total potential energy V, defined once for every consumer (run's outputs,
        check, grade, the API): the V of the actions whose `in_potential_total` holds (those
        conservative by their law, and those the file marks `conservative: true`), each one's
        own V summed and the others' integrated together from their power coefficients."""
        wanted = [t for t in self.actions if t.action.in_potential_total]
        own = [t for t in wanted if t.action.potential is not None]
        rest = tuple(t.action.name for t in wanted if t.action.potential is None)
        members = [t.action.name for t in own]
        value = sympy.Add(*(self.static(t.action.potential) for t in own))
        missing: dict[str, str] = {}
        if rest:
            integrated = self.potential_of(rest)
            if isinstance(integrated, str):
                missing = dict.fromkeys(rest, integrated)
            else:
                members.extend(rest)
                value += integrated
        order = [t.action.name for t in self.actions]
        members.sort(key=order.index)
        return PotentialTotal(tuple(members), value if members else None, missing)

    def potential_of(self, names: tuple[str, ...]) -> sympy.Expr | str:
        """The potential energy of a set of actions together (static): the own V of each that
        has one (an element's, a weight's), plus a V integrated from the summed power
        coefficients of the others (screws conservative alone or only together, such as a
        force and a couple of one field); or why the set has none."""
        key = tuple(sorted(set(names)))
        if key not in self._conservative:
            self._conservative[key] = self._potential_of(key)
        return self._conservative[key]

    @cached_property
    def potential_sets(self) -> dict[tuple[str, ...], sympy.Expr]:
        """Actions conservative only together, found: of the actions the total leaves out
        whose power coefficients are small and hold no rate (a force and a couple of one
        field, a beam's end forces), those with no V alone, when they have one together
        (`potential_of`, the V a claim `{A1 + A2: V}` is compared with). Neither added to the
        total nor required: reported, so that what a source calls the set's V is printed,
        never only claimable. The cheap tests come first, on the core's symengine values when
        there are some: a long chain's coefficients are never converted for this."""
        from screwsolve.mechanics.conservative import MAX_CONSERVATIVE_NODES

        symbols = self.system.namespace.symbols
        dynamic = {*symbols.rate.values(), *symbols.function.values()}
        dynamic = {str(s) for s in dynamic | set(symbols.function_rate.values())}

        def static_field(terms: ActionTerms) -> bool:
            values = (terms.engine or terms.coefficients).values()
            return not any(
                exceeds(v, MAX_CONSERVATIVE_NODES) or {str(s) for s in v.free_symbols} & dynamic
                for v in values
            )

        candidates = [
            t.action.name
            for t in self.actions
            if not t.action.in_potential_total and t.action.potential is None and t.screws
        ]
        if len(candidates) < 2:
            return {}
        by_name = {t.action.name: t for t in self.actions}
        candidates = [n for n in candidates if static_field(by_name[n])]
        alone_none = tuple(n for n in candidates if isinstance(self.potential_of((n,)), str))
        if len(alone_none) < 2:
            return {}
        together = self.potential_of(alone_none)
        return {} if isinstance(together, str) else {alone_none: together}

    def conservative_potential(self, name: str) -> sympy.Expr | str:
        """One action's potential energy (see `potential_of`), or why it has none."""
        return self.potential_of((name,))

    def _potential_of(self, names: tuple[str, ...]) -> sympy.Expr | str:
        from screwsolve.mechanics.conservative import integrated_potential

        chosen = [t for t in self.actions if t.action.name in names]
        own = [self.static(t.action.potential) for t in chosen if t.action.potential is not None]
        rest = [t for t in chosen if t.action.potential is None]
        energy = sympy.Add(*own)
        if rest:
            summed = {
                q: self.static(sympy.Add(*(t.coefficients[q] for t in rest)))
                for q in rest[0].coefficients
            }
            integrated = integrated_potential(summed, self.system.namespace.symbols)
            if isinstance(integrated, str):
                return integrated
            energy += integrated
        return energy

    @cached_property
    def dissipations(self) -> dict[str, sympy.Expr]:
        """The Rayleigh dissipation function R of each action that has one, by name."""
        result = {}
        for terms in self.actions:
            value = dissipation_of(terms.action, self.kinematics)
            if value is not None:
                result[terms.action.name] = value
        return result

    @cached_property
    def dissipation(self) -> sympy.Expr | None:
        """The sum of the actions' dissipation functions, or None when none has one."""
        return sympy.Add(*self.dissipations.values()) if self.dissipations else None

    @cached_property
    def dissipation_checks(self) -> list[EnergyCheck]:
        """Where an action has a dissipation function R, Q^q must equal -dR/dq'."""
        symbols = self.system.namespace.symbols
        result = []
        for terms in self.actions:
            energy = self.dissipations.get(terms.action.name)
            if energy is None:
                continue
            static = self.static(energy)
            mismatched = tuple(
                q
                for q in self.system.coordinates
                if not self._coefficient_is(terms, q, -static.diff(symbols.rate[q]))
            )
            result.append(EnergyCheck(terms.action.name, energy, mismatched))
        return result

    def engine_potential(self, terms: ActionTerms) -> Any | None:
        """A weight's V = -m g . r_OG from the Jacobian core's columns (symengine), or None for
        any other action: a long chain's heights are large sympy trees, slow to build and dot."""
        action = terms.action
        if terms.engine is None or action.kind != "gravity" or not isinstance(action, ScrewAction):
            return None
        from symengine import Integer

        from screwsolve.symbolic.bridge import UnsupportedError

        core = self.kinematics.jacobian
        try:
            return Integer(-1) * core.dot(core.vector(action.force), core.position(action.at))
        except UnsupportedError:
            return None

    @cached_property
    def potential_checks(self) -> list[EnergyCheck]:
        """Remark 13.3.6: where an action has a potential V, Q^q must equal -dV/dq."""
        result = []
        in_engine = self._engine_potential_mismatches()
        for terms in self.actions:
            if terms.action.name in in_engine:
                energy, mismatched = in_engine[terms.action.name]
                result.append(EnergyCheck(terms.action.name, energy, mismatched))
                continue
            energy = terms.action.potential
            if energy is None or not terms.screws:
                continue
            explicit = self.system.namespace.symbols.explicit_time_derivative(energy)
            gradient = self._negative_gradient(self.static(energy), terms.engine is not None)
            mismatched_terms = []
            for q in self.variables:
                if q == TIME and terms.action.law_in_time:
                    continue  # its V changes with time through its law, not through the motion
                derived = -explicit if q == TIME else gradient(q)
                if not self._coefficient_is(terms, q, derived):
                    mismatched_terms.append(q)
            result.append(EnergyCheck(terms.action.name, energy, tuple(mismatched_terms)))
        return result

    def _engine_potentials(self) -> list[tuple[str, Any, dict[str, Any]]]:
        """(name, V, Q^q by variable) of every action whose potential the core gives."""
        found = []
        for terms in self.actions:
            energy = self.engine_potential(terms)
            if energy is not None and terms.engine is not None:
                found.append((terms.action.name, energy, terms.engine))
        return found

    @cached_property
    def _potential_gradients(self) -> PotentialGradients | None:
        """dV/dq at a point of every core potential, by reverse accumulation over V's graph; None
        without one, or when a V holds a step not differentiated that way."""
        from screwsolve.mechanics.fast.potential_gradients import PotentialGradients
        from screwsolve.symbolic.graph_values import UnevaluableError

        found = self._engine_potentials()
        if not found:
            return None
        time, chain = self.kinematics.jacobian.time_chain
        try:
            return PotentialGradients([e for _, e, _ in found], self.variables, time, chain)
        except UnevaluableError:
            return None

    def _engine_potential_mismatches(self) -> dict[str, tuple[Any, tuple[str, ...]]]:
        """(V, the variables where Q^q != -dV/dq) of every action with a core potential, by
        action name: all probed together, dV/dq at each point from a reverse pass over V's
        graph, or built symbolically where that cannot be done."""
        from screwsolve.symbolic.graph_values import UnevaluableError

        found = self._engine_potentials()
        if not found:
            return {}
        core = self.kinematics.jacobian
        probe, gradients = self._coefficient_probe, self._potential_gradients
        verdicts: list[bool | None] | None = None
        if probe is not None and gradients is not None:
            positions = [probe.position[(name, q)] for name, _, _ in found for q in self.variables]
            width = len(self.variables)
            try:
                if probe.shared.combination_vanishes(positions, width, gradients.combined):
                    verdicts = [True] * len(positions)  # every one: the usual case, one pass
                else:  # which ones do not: value by value
                    verdicts = probe.shared.verdicts(positions, gradients, alone=True)
            except UnevaluableError:
                verdicts = None
        if verdicts is None or None in verdicts:
            differences = [
                engine[q] + core.derivative(energy, q)
                for _, energy, engine in found
                for q in self.variables
            ]
            verdicts = each_vanishes(differences, core.static_symbols)
        each = iter(verdicts)
        in_time = {t.action.name for t in self.actions if t.action.law_in_time}
        result = {}
        for name, energy, _ in found:
            bad = [q for q in self.variables if next(each) is not True]
            if name in in_time:  # V changes with time through its law: Q^t is not -dV/dt
                bad = [q for q in bad if q != TIME]
            result[name] = (energy, tuple(bad))
        return result

    def _negative_gradient(self, energy: sympy.Expr, in_engine: bool) -> Any:
        """q -> -dV/dq of a static potential, by plain symbols; in symengine when asked and
        possible (a long chain's heights are large trees, slow to differentiate in sympy)."""
        from screwsolve.symbolic.bridge import UnsupportedError, differentiable, to_engine

        plain = self.system.namespace.symbols.coordinate
        try:
            engine = to_engine(energy) if in_engine and differentiable(energy) else None
        except UnsupportedError:
            engine = None
        if engine is None:
            return lambda q: -energy.diff(plain[q])
        return lambda q: -engine.diff(to_engine(plain[q]))

    @cached_property
    def joints(self) -> list[JointTerms]:
        """Ideal-joint check (Remark 13.3.12): Q^q of the unknown joint action must vanish."""
        result = []
        for joint in self.system.joints:
            b1, b2 = joint.between
            screw = Screw(joint.force, joint.moment, joint.at)
            _, partials = self.kinematics.relative_screws(b2, b1, joint.at)
            coefficients = {q: comoment(screw, partials[q]) for q in self.variables}
            checked = joint.coordinates or tuple(self.variables)
            nonzero = tuple(q for q in checked if not self.is_zero(coefficients[q]))
            result.append(JointTerms(joint, coefficients, tuple(checked), nonzero))
        return result

    def replacement(self, body: str, point: str | None = None) -> Screw:
        """The resultant and couple about `point` (default: the origin) of all actions on a body,
        implied reactions included."""
        kin = self.kinematics
        target = point or self.system.bodies[body].origin
        total = Screw(Vector(0), Vector(0), target)
        for terms in self.actions:
            for applied in terms.screws:
                if applied.on == body:
                    total = total + kin.transport(applied.screw, target)
                if applied.by == body:
                    reaction = Screw(
                        -applied.screw.resultant, -applied.screw.moment, applied.screw.point
                    )
                    total = total + kin.transport(reaction, target)
        return total


def analyse(loaded: Loaded, seconds: float | None = DEFAULT_SECONDS) -> Analysis:
    """Check the meaning of a loaded problem (every reference and expression, all problems
    reported at once) and set up its analysis; each quantity is computed when first asked for.
    A problem whose estimated work is more than `seconds` allow is refused (None: any work).
    The symengine nodes remembered for the previous problem are let go."""
    forget()
    system = build_system(loaded.problem, loaded.source)
    check_work(system, seconds)
    return Analysis(system)
