"""The result object that renderers format: plain data holding simplified static values.

Coordinates print as plain symbols (`theta`), rates as symbols named `theta'`, vectors as
(coefficient, unit-vector name) terms. Values are sympy expressions; a large result of a long
chain is the symengine expression it was built and simplified as (printing never turns it into a
sympy tree). Renderers read this and compute nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

import symengine as se
import sympy

from screwsolve.units import Unit

if TYPE_CHECKING:
    from screwsolve.solution.sketch import Sketch

T = TypeVar("T")


@dataclass(frozen=True)
class VectorValue:
    """A vector as a sum of coefficient x named unit vector."""

    terms: tuple[tuple[sympy.Expr, str], ...]

    @property
    def is_zero(self) -> bool:
        return not self.terms


@dataclass(frozen=True)
class ScrewValue:
    """{resultant ; moment}_point."""

    resultant: VectorValue
    moment: VectorValue
    point: str


@dataclass(frozen=True)
class StepsValue:
    """The worked solution of one action screw: the kinematic screws it meets, about its point
    (relative to `by` for a pair), and its share of the power and of each power coefficient."""

    velocity: ScrewValue
    partials: dict[str, ScrewValue]
    power: sympy.Expr
    shares: dict[str, sympy.Expr]


@dataclass(frozen=True)
class AppliedValue:
    """One action screw on a body (`by`: the body bearing the implied reaction)."""

    on: str
    by: str | None
    screw: ScrewValue
    steps: StepsValue | None = None


@dataclass(frozen=True)
class ActionValue:
    """One action (or action-reaction pair) and what it contributes."""

    name: str
    kind: str
    on: str | None
    by: str | None
    interaction: bool
    screws: tuple[AppliedValue, ...]
    potential: sympy.Expr | None
    power: sympy.Expr | None  # None: not asked for (`run --only`)
    coefficients: dict[str, sympy.Expr]
    noncontributing: bool
    dissipation: sympy.Expr | None = None  # Rayleigh's R, Q^q = -dR/dq'


@dataclass(frozen=True)
class JointValue:
    """A joint: its unknown constraint action and whether it is ideal."""

    name: str
    type: str
    between: tuple[str, str]
    screw: ScrewValue
    coefficients: dict[str, sympy.Expr]
    checked: tuple[str, ...]
    nonzero: tuple[str, ...]

    @property
    def ideal(self) -> bool:
        return not self.nonzero


@dataclass(frozen=True)
class ConstraintValue:
    """What the file's constraints imply, reported and never used for partial screws."""

    equations: tuple[str, ...]
    kinds: tuple[str, ...]
    eliminated: dict[str, sympy.Expr]
    power: sympy.Expr | None
    action_powers: dict[str, sympy.Expr]
    warnings: tuple[str, ...]  # every warning as text: the notes, then the mismatches
    # coordinate -> d(P under constraints)/dq' where it is not Q^q (Remark 13.3.5)
    mismatches: dict[str, sympy.Expr] = field(default_factory=dict)
    notes: tuple[str, ...] = ()  # the other warnings: constraints ignored or not solved


@dataclass(frozen=True)
class SpeedsValue:
    """Kane's generalized speeds, as declared, and what is given with respect to them."""

    names: tuple[str, ...]
    definitions: dict[str, sympy.Expr]  # u_r in the rates
    rates: dict[str, sympy.Expr]  # q' in the speeds
    partial_screws: dict[str, dict[str, ScrewValue]]  # body -> speed (and t) -> screw
    forces: dict[str, dict[str, sympy.Expr]]  # action -> speed -> F_r
    total: dict[str, sympy.Expr]


@dataclass(frozen=True)
class ReducedValue:
    """Kane's constrained generalized active forces F~_r for the independent speeds (the
    coordinates' rates when no speeds are declared)."""

    independent: tuple[str, ...]
    dependent: tuple[str, ...]
    coefficients: dict[str, dict[str, sympy.Expr]]  # u_dep = sum A u_ind + ...
    forces: dict[str, dict[str, sympy.Expr]]  # action -> independent speed -> F~_r
    total: dict[str, sympy.Expr]
    warnings: tuple[str, ...]
    # q' on the constraints in the independent speeds, by coordinate (declared speeds only)
    rates: dict[str, sympy.Expr] = field(default_factory=dict)


def _rate_name(name: str) -> str:
    """theta_dot (a Python keyword) as the file writes the rate: theta'."""
    return name[: -len("_dot")] + "'" if name.endswith("_dot") else name


@dataclass(frozen=True)
class NumericFunction:
    """A value ready for numbers: `arguments` are its names as the problem spells them."""

    arguments: tuple[str, ...]
    value: Any  # the symengine value
    symbol_names: dict[str, str]  # argument -> the name of its symbol in `value`

    def __call__(self, **values: float) -> float | complex:
        from screwsolve.symbolic.graph_values import evaluate

        named = {_rate_name(name): value for name, value in values.items()}
        missing = [a for a in self.arguments if a not in named]
        if missing:
            raise TypeError(f"missing values for {', '.join(missing)}")
        extra = sorted(set(named) - set(self.arguments))
        if extra:
            raise TypeError(
                f"no argument named {', '.join(extra)} (it takes {', '.join(self.arguments)})"
            )
        numbers = {a: float(named[a]) for a in self.arguments}
        infinite = [a for a, v in numbers.items() if not math.isfinite(v)]
        if infinite:
            raise ValueError(f"{', '.join(infinite)}: a finite number is needed")
        texts = {self.symbol_names[a]: repr(v) for a, v in numbers.items()}
        number = evaluate(self.value, texts)
        if number is None:
            raise ValueError("the value is undefined at this point")
        return number.real if number.imag == 0 else number


UnitPair = tuple[Unit | None, Unit | None]


@dataclass(frozen=True)
class UnitsValue:
    """The unit of each reported quantity (None where a name's unit is unknown), for a file
    that declares units."""

    power: Unit
    energy: Unit
    kinematic: UnitPair  # {omega ; v}
    action: UnitPair  # {R ; M} of an action screw
    partial: dict[str, UnitPair]  # by coordinate, speed and t
    coefficients: dict[str, Unit | None]  # Q^q by coordinate and t
    active_forces: dict[str, Unit | None]  # F_r (and F~_r) by speed
    rates: dict[str, Unit | None]  # q' by coordinate
    speeds: dict[str, Unit | None]  # u_r by speed


@dataclass(frozen=True)
class TotalPotential:
    """The total potential energy V: its value (None when it holds no action), the actions it
    holds, and the actions it should hold that have no V, with why (Analysis.potential_total)."""

    value: sympy.Expr | None
    members: tuple[str, ...]
    missing: dict[str, str]


@dataclass(frozen=True)
class Notation:
    """How names print: unit vectors' LaTeX, parameter and coordinate symbols."""

    unit_latex: dict[str, str]
    referential: str
    # the order a product's symbols are read in (m g l cos(theta)): the renderers print in it
    reading_order: tuple[str, ...] = ()


@dataclass(frozen=True, repr=False)
class Solution:
    """Everything `screwsolve run` reports about one problem."""

    def __repr__(self) -> str:
        """One line: what was solved, not every value (a notebook shows those as LaTeX)."""
        bodies, actions = len(self.kinematic_screws), len(self.actions)
        return (
            f"<Solution {self.title!r}: coefficients for {', '.join(self.coefficients)}; "
            f"{bodies} {'body' if bodies == 1 else 'bodies'}, "
            f"{actions} {'action' if actions == 1 else 'actions'}>"
        )

    title: str
    notation: Notation
    variables: tuple[str, ...]
    kinematic_screws: dict[str, ScrewValue]
    partial_screws: dict[str, dict[str, ScrewValue]]
    actions: tuple[ActionValue, ...]
    power: sympy.Expr | None  # None: not asked for (`run --only`)
    coefficients: dict[str, sympy.Expr]
    constraints: ConstraintValue
    noncontributing: tuple[str, ...] = field(default_factory=tuple)
    potential_mismatches: dict[str, tuple[str, ...]] = field(default_factory=dict)
    potential_checked: tuple[str, ...] = field(default_factory=tuple)
    potential: TotalPotential = field(default_factory=lambda: TotalPotential(None, (), {}))
    # actions conservative only together, found (Analysis.potential_sets): members -> their V
    potential_sets: dict[tuple[str, ...], sympy.Expr] = field(default_factory=dict)
    dissipation: sympy.Expr | None = None  # the sum of the actions' R
    dissipation_mismatches: dict[str, tuple[str, ...]] = field(default_factory=dict)
    dissipation_checked: tuple[str, ...] = field(default_factory=tuple)
    speeds: SpeedsValue | None = None  # only when the file declares speeds
    reduced: ReducedValue | None = None  # only when the file has constraints
    joints: tuple[JointValue, ...] = field(default_factory=tuple)
    replacements: dict[str, ScrewValue] = field(default_factory=dict)
    shared: tuple[tuple[str, sympy.Expr], ...] = ()  # (name, value): large results use them
    # every name a value may hold, as the symbol in it: parameters, t, q, q', F, F', speeds
    symbols: dict[str, sympy.Symbol] = field(default_factory=dict)
    # the configuration's numbers (solution.sketch), only for a notebook to show
    figure: Sketch | None = None
    # the unit of each reported quantity, only when the file declares units
    units: UnitsValue | None = None
    # the same solution as run prints it (symengine values, shared names) when this one's
    # values were written out in sympy for the API: a notebook shows that one
    printed: Solution | None = field(default=None, repr=False, compare=False)
    # the quantity keys (quantities.py) asked for, in the registry's order; None: all of them.
    # What was not asked for is empty (or None), and no output shows its section.
    only: tuple[str, ...] | None = None

    def shows(self, quantity: str) -> bool:
        """Whether this solution holds (and its outputs show) a quantity's section."""
        return self.only is None or quantity in self.only

    @property
    def potential_energy(self) -> sympy.Expr | None:
        """The total potential energy V (of the actions `potential.members` names)."""
        return self.potential.value

    @property
    def interactions(self) -> tuple[ActionValue, ...]:
        return tuple(a for a in self.actions if a.interaction)

    def numeric(self, expr: sympy.Expr) -> NumericFunction:
        """A value as a function of its names, called with keywords as the file writes them
        (a rate as `theta_dot`, or `**{"theta'": 1.0}`), evaluated over its graph at 30 digits
        (no code is generated from it); shared names are expanded first."""
        from screwsolve.symbolic.bridge import to_engine
        from screwsolve.symbolic.graphs import free_symbols

        expr = self.unshared(expr)
        by_symbol = {symbol: name for name, symbol in self.symbols.items()}
        found = free_symbols(expr)  # over the value's graph: a large value's tree is huge
        names = tuple(sorted(by_symbol.get(s, str(s)) for s in found))
        return NumericFunction(
            names, to_engine(expr), {by_symbol.get(s, str(s)): str(s) for s in found}
        )

    def unshared(self, expr: sympy.Expr) -> sympy.Expr:
        """A value with every shared subexpression name replaced by its definition."""
        from screwsolve.symbolic.common_subexpressions import unshared

        return unshared(expr, self.shared)

    def _repr_html_(self) -> str | None:
        """In a notebook, the sketch above the screws and power coefficients (HTML, whose
        mathematics notebooks typeset); None without a sketch: the LaTeX below shows."""
        shown = self.printed or self
        if shown.figure is None or notebook_html is None:
            return None
        return notebook_html(shown)

    def _repr_latex_(self) -> str | None:
        """Jupyter shows a Solution as its screws and power coefficients in LaTeX, through the
        renderer screwsolve.api installs (the result never imports a renderer; None, Jupyter's
        "no LaTeX", before any is installed)."""
        return notebook_latex(self.printed or self) if notebook_latex is not None else None


# How a Solution shows as LaTeX in a notebook: set by screwsolve.api, the layer above both the
# result and its renderers (see api.solve).
notebook_latex: Callable[[Solution], str] | None = None
notebook_html: Callable[[Solution], str] | None = None


def map_expressions(value: T, change: Callable[[sympy.Expr], sympy.Expr]) -> T:
    """The same result object with every sympy value replaced by change(value), visited in a
    fixed order (fields, then dict and tuple items as stored), names and text untouched."""
    return _map(value, change)


def _map(value: Any, change: Callable[[sympy.Expr], sympy.Expr]) -> Any:
    if isinstance(value, Unit | UnitsValue):  # units are not values
        return value
    if isinstance(value, sympy.Basic | se.Basic):
        return change(value)
    if is_dataclass(value) and not isinstance(value, type):
        updates = {
            f.name: _map(getattr(value, f.name), change)
            for f in fields(value)
            if f.name != "printed"
        }
        return replace(value, **updates)
    if isinstance(value, dict):
        return {key: _map(item, change) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(_map(item, change) for item in value)
    return value


def in_sympy(solution: Solution) -> Solution:
    """The solution as a user of the API gets it: every value sympy, over the solution's own
    symbols, whatever the problem's size. A large result (the symengine value it was simplified
    as) is converted, and shared subexpression names are written out (each definition once:
    the values share its tree), so `solution.symbols["q1"]` is in every value that holds q1."""
    if not solution.shared and not _holds_engine_values(solution):
        return solution
    from screwsolve.symbolic.bridge import from_engine

    names: dict[str, Any] = dict(solution.symbols)
    shared = {name: sympy.Symbol(name, real=True) for name, _ in solution.shared}
    names.update(shared)

    def converted(value: Any) -> Any:
        return from_engine(value, names) if isinstance(value, se.Basic) else value

    written: dict[sympy.Symbol, Any] = {}
    for name, value in solution.shared:  # each defined from earlier ones only
        written[shared[name]] = converted(value).xreplace(written)
    values = map_expressions(solution, lambda v: converted(v).xreplace(written))
    return replace(values, shared=(), printed=solution)


def _holds_engine_values(solution: Solution) -> bool:
    found = False

    def look(value: Any) -> Any:
        nonlocal found
        found = found or isinstance(value, se.Basic)
        return value

    map_expressions(solution, look)
    return found
