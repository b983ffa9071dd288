"""The wrong answers that students' typical mistakes produce, computed from the key's analysis.

A wrong answer is diagnosed by comparing it with each of these (`grading.py`), so feedback names
the mistake instead of only saying "wrong". Each is what the mistake really gives for this
problem, derived the way the student would have derived it:

- a total missing one action's contribution, with it of the wrong sign, or with it twice;
- an interaction without its implied reaction ({A}.{V_B2/E} instead of {A}.{V_B2/B1});
- the velocity of a body's point taken as the time derivative of its position instead of by
  transport (DESIGN §2 rule 2);
- the action screw and the kinematic screw resolved about different points;
- d(power under constraints)/dq' taken for a power coefficient (Remark 13.3.5);
- for screws: the moment of the body's origin kept (not transported), resultant and moment
  swapped.

Mistakes found while grading rather than here (they need the student's answer): a flipped sign
of the whole answer, the answer to another item, a number written for a parameter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import sympy
from sympy.physics.vector import Vector

from screwsolve.checking.claims import Claim, TrueValue, Truth
from screwsolve.mechanics.analysis import ActionTerms, Analysis, comoments
from screwsolve.mechanics.constraints import rate_equations, solve_rates
from screwsolve.mechanics.kinematics import Kinematics
from screwsolve.mechanics.screws import AppliedScrew, Screw
from screwsolve.model.static import TIME
from screwsolve.model.velocity_rule import velocity_rule
from screwsolve.solution.build import Presenter
from screwsolve.solution.result import ScrewValue, VectorValue
from screwsolve.symbolic.equivalence import equivalent


@dataclass(frozen=True)
class Mistake:
    """A typical mistake: a code, what to tell the student, and the answer it produces."""

    code: str
    feedback: str
    value: TrueValue


class DerivedKinematics(Kinematics):
    """Kinematics in which some points of bodies are (wrongly) given the time derivative of their
    position as velocity, instead of the transport of their body's screw."""

    def __init__(self, analysis: Analysis, points: set[str]) -> None:
        super().__init__(analysis.system)
        self.derived = points

    def kinematic_screw(self, body: str, at: str | None = None) -> Screw:
        origin = self.system.bodies[body].origin
        if at is None or at == origin or at not in self.derived:
            return super().kinematic_screw(body, at)
        return Screw(self.angular_velocity(body), self.frames.dt(self.position(at)), at)

    def partial_screws(self, body: str, at: str | None = None) -> dict[str, Screw]:
        origin = self.system.bodies[body].origin
        if at is None or at == origin or at not in self.derived:
            return super().partial_screws(body, at)
        return self.partials_of(self.kinematic_screw(body, at))


class Mistakes:
    """The typical wrong answers of every item of one key (each computed once)."""

    def __init__(self, analysis: Analysis, presenter: Presenter) -> None:
        self.analysis = analysis
        self.presenter = presenter
        self.system = analysis.system
        self.actions = {a.action.name: a for a in analysis.actions}
        self._derived_cache: dict[str, tuple[list[str], dict[str, sympy.Expr]] | None] = {}

    def of(self, claim: Claim, truth: Truth) -> list[Mistake]:
        """The distinct wrong answers for this item, none equal to the truth. Mistakes that
        give the same value are one wrong answer, said as what each would give: the value
        cannot tell them apart, so none is named as the cause."""
        groups: list[list[Mistake]] = []
        for mistake in self._candidates(claim):
            if self._same(mistake.value, truth.value):
                continue
            group = next((g for g in groups if self._same(mistake.value, g[0].value)), None)
            if group is None:
                groups.append([mistake])
            elif all(m.feedback != mistake.feedback for m in group):
                group.append(mistake)
        return [_merged(group) for group in groups]

    # -- comparisons of candidate values ------------------------------------------------------

    def _same(self, a: TrueValue, b: TrueValue) -> bool:
        if isinstance(a, sympy.Expr) and isinstance(b, sympy.Expr):
            return bool(equivalent(a, b).equal)
        if isinstance(a, ScrewValue) and isinstance(b, ScrewValue):
            return a.point == b.point and all(
                self._same_vector(getattr(a, p), getattr(b, p)) for p in ("resultant", "moment")
            )
        return a == b

    def _same_vector(self, a: VectorValue, b: VectorValue) -> bool:
        namespace = self.system.namespace
        difference = Vector(0)
        for coefficient, unit in a.terms:
            difference += namespace.vectors[unit] * namespace.symbols.dynamic(coefficient)
        for coefficient, unit in b.terms:
            difference -= namespace.vectors[unit] * namespace.symbols.dynamic(coefficient)
        if difference == Vector(0):
            return True
        components = difference.to_matrix(self.system.referential)
        return all(
            bool(equivalent(namespace.static(c), sympy.Integer(0)).equal) for c in components
        )

    # -- candidates ---------------------------------------------------------------------------

    def _candidates(self, claim: Claim) -> Iterator[Mistake]:
        head, rest = claim.path[0], claim.path[1:]
        if head in ("partial_screws", "kinematic_screws") and claim.screw is not None:
            yield from self._screw_mistakes(head, rest, claim.screw[2])
        elif head == "replacement" and claim.screw is not None:
            yield from self._replacement_mistakes(rest[0], claim.screw[2])
        elif head == "power" and not rest:
            yield from self._total_mistakes(lambda a: a.power, "power", None)
        elif head == "power":
            yield from self._action_mistakes(rest[0], "power")
        elif head == "power_coefficients" and len(rest) == 1:
            yield from self._total_mistakes(lambda a: a.coefficients[rest[0]], rest[0], rest[0])
            yield from self._swapped(rest[0], None)
        elif head == "power_coefficients" and rest[0] in self.actions:
            yield from self._action_mistakes(rest[0], rest[1])
            yield from self._swapped(rest[1], rest[0])
        elif head in ("power_coefficients", "interaction"):
            yield from self._action_mistakes(rest[0], rest[1])
        elif head == "power_under_constraints":
            yield from self._constrained_mistakes()
        elif head in ("generalized_active_forces", "constrained_generalized_active_forces"):
            yield from self._speed_force_mistakes(head, rest)

    def _speed_force_mistakes(self, head: str, rest: tuple[str, ...]) -> Iterator[Mistake]:
        """F_r or F~_r: an action's share missing, of the wrong sign or twice (as for Q^q);
        another speed's value; for F~_r, the constraints ignored (F_r given) or the sign of
        their coefficients A_sr wrong (F_r - sum F_s A_sr = 2 F_r - F~_r)."""
        plain = self.analysis.generalized_forces
        constrained = head == "constrained_generalized_active_forces"
        table = self.analysis.constrained_forces if constrained else plain
        if table is None or plain is None:
            return
        speed = rest[-1]
        if len(rest) == 2:
            by_action = table.by_action.get(rest[0], {})
            if constrained and speed in by_action and speed in plain.by_action.get(rest[0], {}):
                yield from self._constraint_slips(plain.by_action[rest[0]][speed], by_action[speed])
            return
        if speed not in table.total:
            return
        shares = {
            name: forces[speed] for name, forces in table.by_action.items() if speed in forces
        }
        yield from self._share_mistakes(table.total[speed], shares, twice=True)
        for other, value in table.total.items():
            if other != speed:
                yield Mistake(
                    "speeds-swapped",
                    f"this is the value for the speed {other}, not for {speed}: the speeds are "
                    f"swapped (F_{speed} takes the partial screws of {speed})",
                    self._scalar(value),
                )
        if constrained and speed in plain.total:
            yield from self._constraint_slips(plain.total[speed], table.total[speed])

    def _constraint_slips(self, free: sympy.Expr, constrained: sympy.Expr) -> Iterator[Mistake]:
        yield Mistake(
            "constraints-ignored",
            "the constraints are ignored: this is F_r; Kane's F~_r adds each dependent speed's "
            "F_s times its coefficient A_sr (u_s = sum of A_sr u_r)",
            self._scalar(free),
        )
        yield Mistake(
            "constraint-sign",
            "the coefficients A_sr of the constraints have the wrong sign: F~_r = F_r + sum of "
            "F_s A_sr, with u_s = sum of A_sr u_r",
            self._scalar(2 * free - constrained),
        )

    def _swapped(self, coordinate: str, action: str | None) -> Iterator[Mistake]:
        """Q for another coordinate given for this one (the coordinates swapped)."""
        for other in self.system.coordinates:
            if other == coordinate or coordinate not in self.system.coordinates:
                continue
            if action is None:
                value = self.analysis.coefficients[other]
            else:
                value = self.actions[action].coefficients[other]
            yield Mistake(
                "coordinates-swapped",
                f"this is the coefficient of {other}, not of {coordinate}: the coordinates are "
                f"swapped (Q^{coordinate} = {{A}}.{{V^{coordinate}}})",
                self._scalar(value),
            )

    def _scalar(self, expr: sympy.Expr) -> sympy.Expr:
        return self.presenter.scalar(expr)

    def _total_mistakes(
        self, share_of: Callable[[ActionTerms], sympy.Expr], variable: str, coordinate: str | None
    ) -> Iterator[Mistake]:
        total = sum((share_of(a) for a in self.analysis.actions), sympy.Integer(0))
        shares = {name: share_of(terms) for name, terms in self.actions.items()}
        yield from self._share_mistakes(total, shares, twice=True)
        for name in self.actions:
            for code, feedback, wrong in self._wrong_shares(name, variable):
                share = share_of(self.actions[name])
                yield Mistake(code, feedback, self._scalar(total - share + wrong))
        if coordinate is not None:
            trap = self._differentiated_power(coordinate, None)
            if trap is not None:
                yield trap

    def _action_mistakes(self, name: str, variable: str) -> Iterator[Mistake]:
        if name not in self.actions:
            return
        for code, feedback, wrong in self._wrong_shares(name, variable):
            yield Mistake(code, feedback, self._scalar(wrong))
        if variable not in ("power", TIME):
            trap = self._differentiated_power(variable, name)
            if trap is not None:
                yield trap

    def _constrained_mistakes(self) -> Iterator[Mistake]:
        constraints = self.analysis.constraints
        if constraints.power is None:
            return
        yield from self._share_mistakes(constraints.power, constraints.action_powers, twice=False)

    def _share_mistakes(
        self, total: sympy.Expr, shares: dict[str, sympy.Expr], *, twice: bool
    ) -> Iterator[Mistake]:
        """A total without one action's share, with it of the wrong sign, or with it twice."""
        for name, share in shares.items():
            if self.analysis.is_zero(share):
                continue
            label = f"the contribution of '{name}'"
            yield Mistake("missing-action", f"{label} is missing", self._scalar(total - share))
            wrong_sign = self._scalar(total - 2 * share)
            yield Mistake("action-sign", f"{label} has the wrong sign", wrong_sign)
            if twice:
                yield Mistake(
                    "action-twice", f"{label} is counted twice", self._scalar(total + share)
                )

    # -- an action's share computed the wrong way ------------------------------------------------

    def _wrong_shares(self, name: str, variable: str) -> Iterator[tuple[str, str, sympy.Expr]]:
        """(code, feedback, the action's power or power coefficient as the mistake gives it)."""
        terms = self.actions[name]
        screws = list(terms.screws)
        if not screws:
            return
        wrong = self._derived_shares(name)
        if wrong is not None:
            points, values = wrong
            where = ", ".join(points)
            yield (
                "derivative-not-transport",
                f"the velocity of {where} was taken as the time derivative of its position; a "
                "point of a body moves with it, so its velocity comes by transport from the "
                "body's origin (v_P = v_A + omega x AP)",
                values[variable],
            )
        if any(s.screw.point != self.system.bodies[s.on].origin for s in screws):
            values = self._unmatched_point_shares(name)
            yield (
                "different-points",
                "the action screw and the kinematic screw are resolved about different points: "
                "resolve both about the same point before taking their comoment",
                values[variable],
            )
        if terms.action.interaction:
            alone = [AppliedScrew(s.on, None, s.screw) for s in screws]
            power, coefficients = comoments(
                self.analysis.kinematics, alone, self.analysis.variables
            )
            values = {**coefficients, "power": power}
            yield (
                "reaction-missing",
                f"the reaction on '{terms.action.by}' is missing: an action of one body of the "
                "system on another contributes {A}.{V_on/by} (Newton's third law)",
                values[variable],
            )

    def _derived_shares(self, name: str) -> tuple[list[str], dict[str, sympy.Expr]] | None:
        """The action's power and coefficients with its body points' velocities derived."""
        if name in self._derived_cache:
            return self._derived_cache[name]
        screws = list(self.actions[name].screws)
        points = sorted(
            {
                s.screw.point
                for s in screws
                if velocity_rule(self.system.points, self.system.bodies, s.screw.point).kind
                == "transport"
            }
        )
        result = None
        if points:
            kinematics = DerivedKinematics(self.analysis, set(points))
            power, coefficients = comoments(kinematics, screws, self.analysis.variables)
            result = (points, {**coefficients, "power": power})
        self._derived_cache[name] = result
        return result

    def _unmatched_point_shares(self, name: str) -> dict[str, sympy.Expr]:
        """R . v_A + M_P . omega: the action screw about its point P, the kinematic screw about
        the body's origin A, never transported to P."""
        kinematics = self.analysis.kinematics
        variables = self.analysis.variables
        values = {q: sympy.Integer(0) for q in [*variables, "power"]}
        for applied in self.actions[name].screws:
            origin = self.system.bodies[applied.on].origin
            velocity, partials = kinematics.relative_screws(applied.on, applied.by, origin)
            screw = applied.screw
            for key, kinematic in [*partials.items(), ("power", velocity)]:
                values[key] += _dot(screw.resultant, kinematic.moment) + _dot(
                    screw.moment, kinematic.resultant
                )
        return values

    def _differentiated_power(self, coordinate: str, action: str | None) -> Mistake | None:
        """d(P under constraints)/dq', the other rates eliminated (Remark 13.3.5)."""
        if not self.system.constraints or coordinate not in self.system.rates:
            return None
        symbols = self.system.namespace.symbols
        _, equations, _ = rate_equations(self.system)
        rate = symbols.rate[coordinate]
        replace = solve_rates(equations, list(symbols.rate.values()), keep=rate)
        if not replace or rate in replace:
            return None
        power = self.analysis.power if action is None else self.actions[action].power
        derived = symbols.static(power).xreplace(replace).diff(rate)
        return Mistake(
            "differentiated-power",
            f"this is d(P under constraints)/d{coordinate}': a power coefficient is never found "
            "by differentiating the power under constraints (Remark 13.3.5); take the comoment "
            f"of the action screw with the partial screw {{V^{coordinate}}}, every constraint "
            "ignored",
            self._scalar(symbols.dynamic(derived)),
        )

    # -- screws -----------------------------------------------------------------------------

    def _screw_mistakes(self, head: str, rest: tuple[str, ...], at: str) -> Iterator[Mistake]:
        body = rest[0]
        if body not in self.system.bodies or at not in self.system.points:
            return
        kinematics = self.analysis.kinematics
        variable = rest[1] if head == "partial_screws" and len(rest) > 1 else None
        if variable is not None and variable in self.analysis.system.speeds:
            yield from self._speed_screw_mistakes(body, variable, at)
            return
        if variable is not None and variable not in self.analysis.variables:
            return

        def screw(kin: Kinematics, point: str) -> Screw:
            if variable is None:
                return kin.kinematic_screw(body, point)
            return kin.partial_screws(body, point)[variable]

        right = screw(kinematics, at)
        origin = self.system.bodies[body].origin
        if at != origin:
            derived = screw(DerivedKinematics(self.analysis, {at}), at)
            yield Mistake(
                "derivative-not-transport",
                f"the moment (velocity of {at}) was taken as the time derivative of its position; "
                f"{at} moves with body {body}, so transport the screw from {origin}: "
                f"v_{at} = v_{origin} + omega x {origin}{at}",
                self.presenter.screw(derived),
            )
            yield self._moment_kept(screw(kinematics, origin), origin, at)
        yield self._parts_swapped(right, at, "a kinematic screw is {omega ; v_P}_P")

    def _speed_screw_mistakes(self, body: str, speed: str, at: str) -> Iterator[Mistake]:
        """A partial screw by a generalized speed: its moment about the origin kept, or its
        resultant and moment swapped."""
        right = self.analysis.speed_screws(body, at)[speed]
        origin = self.system.bodies[body].origin
        if at != origin:
            yield self._moment_kept(self.analysis.speed_screws(body, origin)[speed], origin, at)
        yield self._parts_swapped(right, at, "a partial screw is {omega_r ; v_r}_P")

    def _moment_kept(self, kept: Screw, origin: str, at: str) -> Mistake:
        """The screw about the origin written as if it were about `at` (not transported)."""
        return Mistake(
            "moment-not-transported",
            f"this is the moment about {origin}: transport it to {at} "
            f"(M_{at} = M_{origin} + R x {origin}{at})",
            self.presenter.screw(Screw(kept.resultant, kept.moment, at)),
        )

    def _parts_swapped(self, right: Screw, at: str, form: str) -> Mistake:
        return Mistake(
            "parts-swapped",
            f"the resultant and the moment are swapped: {form}",
            self.presenter.screw(Screw(right.moment, right.resultant, at)),
        )

    def _replacement_mistakes(self, body: str, at: str) -> Iterator[Mistake]:
        if body not in self.system.bodies or at not in self.system.points:
            return
        origin = self.system.bodies[body].origin
        if at == origin:
            return
        about_origin = self.analysis.replacement(body, origin)
        yield Mistake(
            "moment-not-transported",
            f"this is the moment about {origin}: transport it to {at} "
            f"(M_{at} = M_{origin} + R x {origin}{at})",
            self.presenter.screw(Screw(about_origin.resultant, about_origin.moment, at)),
        )


SEVERAL = "the value cannot tell which: this is what you get "


def causes(matched: list[tuple[str, str]]) -> tuple[str, str]:
    """(code, feedback) of the mistakes a value is consistent with: one named as the cause,
    several (an already combined one counted as its parts) named as what each would give,
    their codes joined by |."""
    distinct: dict[str, str] = {}
    for code, feedback in matched:
        if feedback.startswith(SEVERAL) and "|" in code:  # already several causes: list each
            for part, one in zip(
                feedback[len(SEVERAL) :].split(", or "), code.split("|"), strict=False
            ):
                distinct.setdefault(part.removeprefix("if "), one)
        else:
            distinct.setdefault(feedback, code)
    if len(distinct) == 1:
        ((feedback, code),) = distinct.items()
        return code, feedback
    codes = list(dict.fromkeys(distinct.values()))
    listed = ", or ".join(f"if {feedback}" for feedback in distinct)
    return "|".join(codes), f"{SEVERAL}{listed}"


def _merged(group: list[Mistake]) -> Mistake:
    """One wrong answer that several mistakes give, said as `causes` says it."""
    code, feedback = causes([(m.code, m.feedback) for m in group])
    return Mistake(code, feedback, group[0].value)


def _dot(a: Vector, b: Vector) -> sympy.Expr:
    if a == Vector(0) or b == Vector(0):
        return sympy.Integer(0)
    return sympy.Integer(0) + a.dot(b)
