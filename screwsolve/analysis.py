"""Power, power coefficients and interaction coefficients of every action (DESIGN §1, §2).

Q^qi = {A}.{V^qi} and Q^t = {A}.{V^t} with both screws about the action's point. For an action
exerted by a body B1 of the system on B2, the pair (action and implied reaction) contributes
{A_B1->B2}.{V^qi_B2/B1}, with {V_B2/B1} = {V_B2/E} - {V_B1/E}: the interaction coefficient.
Power coefficients are never obtained by differentiating a power (Remark 13.3.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import sympy

from .constraints import ConstraintAnalysis, analyse_constraints
from .equivalence import equivalent
from .kinematics import TIME, Kinematics
from .screws import Screw, comoment
from .system import ActionSpec, System


@dataclass(frozen=True)
class ActionTerms:
    """One action: its screw, the (relative) kinematic screws it meets, its power and Q's."""

    spec: ActionSpec
    screw: Screw
    velocity: Screw
    partials: dict[str, Screw]
    power: sympy.Expr
    coefficients: dict[str, sympy.Expr]


class Analysis:
    """Every quantity of DESIGN §1 for one system, in sympy form (rates as q'(t))."""

    def __init__(self, system: System) -> None:
        self.system = system
        self.kinematics = Kinematics(system)
        self._static_map: dict[sympy.Expr, sympy.Expr] = {}
        for name in system.coordinates:
            self._static_map[system.rates[name]] = sympy.Symbol(f"{name}'", real=True)
        for name, q in system.coordinates.items():
            self._static_map[q] = sympy.Symbol(name, real=True)

    @property
    def variables(self) -> list[str]:
        """The coordinates, then t: the keys of every coefficient table."""
        return [*self.system.coordinates, TIME]

    def static(self, expr: sympy.Expr) -> sympy.Expr:
        """q(t) -> q and q'(t) -> q' as plain real symbols (for printing and probing)."""
        return expr.xreplace(self._static_map)

    def relative_screws(self, spec: ActionSpec) -> tuple[Screw, dict[str, Screw]]:
        """Kinematic and partial screws met by the action, about its point (relative for pairs)."""
        kin = self.kinematics
        velocity = kin.kinematic_screw(spec.on, spec.at)
        partials = kin.partial_screws(spec.on, spec.at)
        if spec.interaction and spec.by is not None:
            velocity = velocity - kin.kinematic_screw(spec.by, spec.at)
            source = kin.partial_screws(spec.by, spec.at)
            partials = {q: partials[q] - source[q] for q in partials}
        return velocity, partials

    @cached_property
    def actions(self) -> list[ActionTerms]:
        """Each action's power and power coefficients (interaction coefficients for pairs)."""
        result = []
        for spec in self.system.actions:
            screw = Screw(spec.force, spec.moment, spec.at)
            velocity, partials = self.relative_screws(spec)
            coefficients = {q: comoment(screw, partials[q]) for q in self.variables}
            result.append(
                ActionTerms(
                    spec, screw, velocity, partials, comoment(screw, velocity), coefficients
                )
            )
        return result

    @cached_property
    def power(self) -> sympy.Expr:
        """Total power of all actions (and implied reactions) in the system."""
        return sympy.Add(*(a.power for a in self.actions))

    @cached_property
    def coefficients(self) -> dict[str, sympy.Expr]:
        """Total power coefficient per coordinate and t."""
        return {q: sympy.Add(*(a.coefficients[q] for a in self.actions)) for q in self.variables}

    def is_zero(self, expr: sympy.Expr) -> bool:
        """True when an expression vanishes identically (numeric probing)."""
        return bool(equivalent(self.static(expr), sympy.Integer(0)).equal)

    @cached_property
    def noncontributing(self) -> list[str]:
        """Actions whose power coefficients all vanish identically."""
        return [
            a.spec.name
            for a in self.actions
            if all(self.is_zero(a.coefficients[q]) for q in self.variables)
        ]

    @cached_property
    def constraints(self) -> ConstraintAnalysis:
        """Power once the file's constraints are substituted, and the Remark 13.3.5 warnings."""
        return analyse_constraints(self)
