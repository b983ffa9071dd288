"""What each action of a problem is: its kind, the bodies and points it concerns, its sympy data.

These are descriptions only, like sympy's loads: they say what acts where, and compute nothing.
The mechanics turns each into action screws (`mechanics.actions.to_screws`), and the analysis
chooses how its power coefficients are computed. A description built from the file has every
reference checked (see `action_entries.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import sympy
from sympy.physics.vector import Vector

from screwsolve.files.source_map import Path
from screwsolve.model.laws import Law, slip_speed_symbol, stretch_symbol
from screwsolve.model.wrapping import Wrap


@dataclass
class Action:
    """Base of every action: a name, the body it acts on, and an optional source body.

    `interaction` is true when `by` is a body of the system: the reaction on it is implied
    (Newton's third law), and the action's row is the pair's. `energy`, when given, computes the
    potential V on first use (costly on long chains)."""

    name: str
    on: str | None
    by: str | None
    path: Path
    interaction: bool = False
    kind: str = "screw"
    energy: Callable[[], sympy.Expr | None] | None = field(default=None, kw_only=True, repr=False)
    conservative: bool | None = field(default=None, kw_only=True)  # the file's word, if any
    # its law or free length changes with time (k(t), l0(t)): V(q, t) still gives Q^q = -dV/dq,
    # but Q^t (the motion of time in the positions) is not -dV/dt
    law_in_time: bool = field(default=False, kw_only=True)

    @property
    def in_potential_total(self) -> bool:
        """Whether the total potential energy holds this action: the file's `conservative:`,
        else yes for an action conservative by its law (one with its own V: gravity, a spring,
        a torsion spring, a potential) and no for the rest (a push, a motor: inputs)."""
        if self.conservative is not None:
            return self.conservative
        return self.energy is not None

    @property
    def potential(self) -> sympy.Expr | None:
        """The potential energy V, if any (a law without a closed-form integral has none),
        computed once."""
        if self.energy is None:
            return None
        if "_potential" not in self.__dict__:
            self.__dict__["_potential"] = self.energy()
        return self.__dict__["_potential"]


@dataclass
class ScrewAction(Action):
    """{force ; moment}_at on `on` (a weight is one, with its potential -m g.r_OG)."""

    at: str = ""
    force: Vector = field(default_factory=lambda: Vector(0))
    moment: Vector = field(default_factory=lambda: Vector(0))


@dataclass
class Spring(Action):
    """Tension T(L - l0) along P1P2 between the bodies of its ends (`owners`; None: fixed in E):
    the law k s of a linear spring, or any law of the stretch s."""

    ends: tuple[str, str] = ("", "")
    owners: tuple[str | None, str | None] = (None, None)
    law: Law = field(default_factory=lambda: Law(sympy.S.Zero, stretch_symbol()))
    free_length: sympy.Expr = sympy.S.Zero
    kind: str = "spring"


@dataclass
class Pathway(Action):
    """Tension T along straight segments through `points` (`owners`: each one's body, None
    for the referential): each segment pulls its two ends together; or, with a `wrap`, along
    the tangents from its two points to a cylinder or sphere and around it. Its power is -T L'
    for the path's whole length L (Kane's Q^q = -T dL/dq)."""

    points: tuple[str, ...] = ()
    owners: tuple[str | None, ...] = ()
    tension: sympy.Expr = sympy.S.Zero
    wrap: Wrap | None = None  # a cylinder or sphere it wraps between its two points
    kind: str = "pathway"


@dataclass
class Damper(Action):
    """Force -c L' along P1P2 on P2's body (and the opposite on P1's), L' the length's rate."""

    ends: tuple[str, str] = ("", "")
    owners: tuple[str | None, str | None] = (None, None)
    coefficient: sympy.Expr = sympy.S.Zero
    kind: str = "damper"


@dataclass
class Couple(Action):
    """A couple on `on` (motor torque, torsion spring); with `by` a body, the opposite on it."""

    moment: Vector = field(default_factory=lambda: Vector(0))


@dataclass
class Friction(Action):
    """Friction at a body point opposing the slip velocity, of magnitude f(v) in the slip speed
    v: the constant mu N of Coulomb's law, or any law (viscous, Stribeck)."""

    at: str = ""
    law: Law = field(default_factory=lambda: Law(sympy.S.Zero, slip_speed_symbol()))
    kind: str = "friction"


@dataclass
class Drag(Action):
    """Quadratic drag -c |v| v at a body point."""

    at: str = ""
    coefficient: sympy.Expr = sympy.S.Zero
    kind: str = "drag"


@dataclass
class Contact(Action):
    """Hunt-Crossley: (k z^n + c z^n z') n while the penetration z > 0, zero otherwise."""

    at: str = ""
    normal: Vector = field(default_factory=lambda: Vector(0))
    penetration: sympy.Expr = sympy.S.Zero
    stiffness: sympy.Expr = sympy.S.Zero
    exponent: sympy.Expr = field(default_factory=lambda: sympy.Rational(3, 2))
    damping: sympy.Expr = sympy.S.Zero
    kind: str = "contact"


@dataclass
class Potential(Action):
    """An action known only by its potential energy V(q, t): no screw."""

    kind: str = "potential"
