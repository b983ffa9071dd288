"""Every kind of action reduces to action screws through one verb, `to_screws` (DESIGN §3).

An `AppliedScrew` is a screw exerted on a body `on`, optionally by a body `by` of the system, whose
reaction is then implied (Newton's third law): its contribution is {A}.{V_on/by}. The analysis
only sees contributions; it never asks which kind an action is. The one action that is not a
screw, a bare potential V, contributes Q^q = -dV/dq and Q^t = -dV/dt through the same interface.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import sympy
from sympy.physics.vector import Vector

from screwsolve.files.source_map import Path
from screwsolve.mechanics.kinematics import TIME, Kinematics
from screwsolve.mechanics.screws import Screw, comoment

if TYPE_CHECKING:
    from screwsolve.model.system import System


@dataclass(frozen=True)
class AppliedScrew:
    """A screw on body `on`; with `by` a body of the system, the reaction on `by` is implied."""

    on: str
    by: str | None
    screw: Screw


@dataclass(frozen=True)
class Contribution:
    """What one action adds to the system: its screws, power and power coefficients."""

    screws: tuple[AppliedScrew, ...]
    power: sympy.Expr
    coefficients: dict[str, sympy.Expr]
    engine: dict[str, Any] | None = None  # the same coefficients in symengine, when built there


def norm(vector: Vector) -> sympy.Expr:
    squared = vector.dot(vector)
    if sympy.count_ops(squared) < 80:
        squared = sympy.trigsimp(squared)
    return sympy.sqrt(squared)


@dataclass
class ActionKind(ABC):
    """Base of every action: a name, the body it acts on, and an optional source body."""

    name: str
    on: str | None
    by: str | None
    path: Path
    interaction: bool = False
    kind: str = "screw"
    energy: Callable[[], sympy.Expr] | None = field(default=None, kw_only=True, repr=False)

    @property
    def potential(self) -> sympy.Expr | None:
        """The potential energy V, if any, computed on first use (costly on long chains)."""
        if self.energy is None:
            return None
        if "_potential" not in self.__dict__:
            self.__dict__["_potential"] = self.energy()
        return self.__dict__["_potential"]

    @abstractmethod
    def to_screws(self, kinematics: Kinematics) -> list[AppliedScrew]:
        """The action screws this action exerts (about their points of application)."""

    def contribution(self, kinematics: Kinematics, variables: list[str]) -> Contribution:
        """Power coefficients from partial velocities (Jacobian columns), each screw resolved
        about its own point; the power is then sum q' Q^q + Q^t, which holds because every
        velocity is linear in the rates. Expressions symengine cannot hold take the sympy route."""
        from screwsolve.symbolic.bridge import UnsupportedError

        screws = self.to_screws(kinematics)
        try:
            coefficients, engine = kinematics.jacobian.action_coefficients(screws)
        except UnsupportedError:
            return self.comoments(kinematics, variables, screws)
        rates = kinematics.system.rates
        power = sympy.Add(*(coefficients[q] * rates.get(q, 1) for q in variables))
        return Contribution(tuple(screws), power, coefficients, engine)

    def comoments(
        self, kinematics: Kinematics, variables: list[str], screws: list[AppliedScrew]
    ) -> Contribution:
        """The same by comoments of sympy screws (the reference route, and the fallback)."""
        power = sympy.Integer(0)
        coefficients = {q: sympy.Integer(0) for q in variables}
        for applied in screws:
            velocity, partials = kinematics.relative_screws(
                applied.on, applied.by, applied.screw.point
            )
            power += comoment(applied.screw, velocity)
            for q in variables:
                coefficients[q] += comoment(applied.screw, partials[q])
        return Contribution(tuple(screws), power, coefficients)


@dataclass
class ScrewAction(ActionKind):
    """{force ; moment}_at on `on` (a weight is one, with its potential -m g.r_OG)."""

    at: str = ""
    force: Vector = field(default_factory=lambda: Vector(0))
    moment: Vector = field(default_factory=lambda: Vector(0))

    def to_screws(self, kinematics: Kinematics) -> list[AppliedScrew]:
        assert self.on is not None
        source = self.by if self.interaction else None
        return [AppliedScrew(self.on, source, Screw(self.force, self.moment, self.at))]


@dataclass
class Spring(ActionKind):
    """Tension k (L - l0) along P1P2: -k (L - l0) e on P2's body, +k (L - l0) e on P1's."""

    ends: tuple[str, str] = ("", "")
    owners: tuple[str | None, str | None] = (None, None)
    stiffness: sympy.Expr = sympy.S.Zero
    free_length: sympy.Expr = sympy.S.Zero
    kind: str = "spring"

    def _geometry(self, kinematics: Kinematics) -> tuple[Vector, sympy.Expr]:
        r = kinematics.relative(self.ends[0], self.ends[1])
        return r, norm(r)

    def to_screws(self, kinematics: Kinematics) -> list[AppliedScrew]:
        r, length = self._geometry(kinematics)
        force = r * (-self.stiffness * (length - self.free_length) / length)
        return _pair(self.ends, self.owners, force)


@dataclass
class Damper(ActionKind):
    """Force -c L' e on P2's body (and the opposite on P1's), L' the rate of the length."""

    ends: tuple[str, str] = ("", "")
    owners: tuple[str | None, str | None] = (None, None)
    coefficient: sympy.Expr = sympy.S.Zero
    kind: str = "damper"

    def to_screws(self, kinematics: Kinematics) -> list[AppliedScrew]:
        r = kinematics.relative(self.ends[0], self.ends[1])
        length = norm(r)
        v2 = kinematics.point_velocity(self.owners[1], self.ends[1])
        v1 = kinematics.point_velocity(self.owners[0], self.ends[0])
        rate = r.dot(v2 - v1) / length
        force = r * (-self.coefficient * rate / length)
        return _pair(self.ends, self.owners, force)


def _pair(
    ends: tuple[str, str], owners: tuple[str | None, str | None], force: Vector
) -> list[AppliedScrew]:
    screws = []
    if owners[1] is not None:
        screws.append(AppliedScrew(owners[1], None, Screw(force, Vector(0), ends[1])))
    if owners[0] is not None:
        screws.append(AppliedScrew(owners[0], None, Screw(-force, Vector(0), ends[0])))
    return screws


@dataclass
class Couple(ActionKind):
    """A couple on `on` (motor torque, torsion spring); with `by` a body, the opposite on it."""

    moment: Vector = field(default_factory=lambda: Vector(0))

    def to_screws(self, kinematics: Kinematics) -> list[AppliedScrew]:
        assert self.on is not None
        origin = kinematics.system.bodies[self.on].origin
        source = self.by if self.interaction else None
        return [AppliedScrew(self.on, source, Screw(Vector(0), self.moment, origin))]


@dataclass
class Friction(ActionKind):
    """Coulomb friction -mu N (slip direction) at a body point; sign() when the slip is 1-D."""

    at: str = ""
    normal: sympy.Expr = sympy.S.Zero
    coefficient: sympy.Expr = sympy.S.Zero
    kind: str = "friction"

    def to_screws(self, kinematics: Kinematics) -> list[AppliedScrew]:
        assert self.on is not None
        source = self.by if self.interaction else None
        slip = kinematics.relative_screws(self.on, source, self.at)[0].moment
        terms = kinematics.frames.terms(slip)
        magnitude = self.coefficient * self.normal
        if not terms:
            force = Vector(0)
        elif len(terms) == 1:
            coefficient, unit = terms[0]
            force = kinematics.system.namespace.vectors[unit] * (
                -magnitude * sympy.sign(coefficient)
            )
        else:
            force = slip * (-magnitude / norm(slip))
        return [AppliedScrew(self.on, source, Screw(force, Vector(0), self.at))]


@dataclass
class Drag(ActionKind):
    """Quadratic drag -c |v| v at a body point."""

    at: str = ""
    coefficient: sympy.Expr = sympy.S.Zero
    kind: str = "drag"

    def to_screws(self, kinematics: Kinematics) -> list[AppliedScrew]:
        assert self.on is not None
        source = self.by if self.interaction else None
        velocity = kinematics.relative_screws(self.on, source, self.at)[0].moment
        force = velocity * (-self.coefficient * norm(velocity))
        return [AppliedScrew(self.on, source, Screw(force, Vector(0), self.at))]


@dataclass
class Contact(ActionKind):
    """Hunt-Crossley: (k z^n + c z^n z') n while z > 0, zero otherwise (Heaviside(z))."""

    at: str = ""
    normal: Vector = field(default_factory=lambda: Vector(0))
    penetration: sympy.Expr = sympy.S.Zero
    stiffness: sympy.Expr = sympy.S.Zero
    exponent: sympy.Expr = field(default_factory=lambda: sympy.Rational(3, 2))
    damping: sympy.Expr = sympy.S.Zero
    kind: str = "contact"

    def to_screws(self, kinematics: Kinematics) -> list[AppliedScrew]:
        assert self.on is not None
        z = self.penetration
        rate = z.diff(kinematics.system.time)
        magnitude = sympy.Heaviside(z) * (
            self.stiffness * z**self.exponent + self.damping * z**self.exponent * rate
        )
        source = self.by if self.interaction else None
        return [AppliedScrew(self.on, source, Screw(self.normal * magnitude, Vector(0), self.at))]


@dataclass
class Potential(ActionKind):
    """An action known only by its potential energy: Q^q = -dV/dq, Q^t = -dV/dt, P = -dV/dt."""

    kind: str = "potential"

    def to_screws(self, kinematics: Kinematics) -> list[AppliedScrew]:
        return []

    def contribution(self, kinematics: Kinematics, variables: list[str]) -> Contribution:
        assert self.potential is not None
        energy = self.potential
        system = kinematics.system
        coefficients = {q: -energy.diff(system.coordinates[q]) for q in variables if q != TIME}
        coefficients[TIME] = -explicit_time_derivative(energy, system)
        power = -energy.diff(system.time)
        return Contribution((), power, coefficients)


def explicit_time_derivative(energy: sympy.Expr, system: System) -> sympy.Expr:
    """dV/dt holding the coordinates fixed."""
    frozen = {q: sympy.Dummy(name) for name, q in system.coordinates.items()}
    back = {d: q for q, d in frozen.items()}
    return energy.xreplace(frozen).diff(system.time).xreplace(back)
