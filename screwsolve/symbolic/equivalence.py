"""Are two expressions equal? Numeric probing at random admissible points, high precision.

Each symbol is drawn from ranges its assumptions admit (positive, nonnegative, negative, real),
in turn a moderate range, a wide one (so that a term such as Heaviside(theta - 3) is met) and a
whole period (so that every quadrant of an angle is met). Points come from a seed: `check` uses a
fixed one, `grade` a secret one per run, so that no answer can be built to vanish at known points.
Either side holding a discontinuous function (Heaviside, sign, Abs) is probed at five times as
many points. Values are computed by symengine with MPFR where it can hold the expression (sympy
otherwise); points where either side is singular are skipped; values compare as complex numbers,
so expressions that are complex at some points still compare. When too few points can be
evaluated the answer is "undecided": no unbounded symbolic fallback (simplify) ever runs on an
untrusted expression. Never string comparison.
"""

from __future__ import annotations

import decimal
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

import symengine as se
import sympy

from screwsolve.limits import DEFAULT_SEED
from screwsolve.symbolic.graphs import Interning, engine_symbols, exceeds, interned
from screwsolve.symbolic.surface import Surface

if TYPE_CHECKING:
    from screwsolve.symbolic import graph_values

PRECISION = 30  # significant digits
BITS = 100  # the same precision in bits, for symengine (MPFR)
PROBES = 12
DISCONTINUOUS_PROBES = 60  # when either side has Heaviside, sign or Abs
MIN_VALID = 4
TOLERANCE = 1e-12


@dataclass(frozen=True, slots=True)
class Verdict:
    """equal is None when undecided; detail says why in words."""

    equal: bool | None
    detail: str = ""


MODES = ("moderate", "wide", "period")
_DISCONTINUOUS = (sympy.Heaviside, sympy.sign, sympy.Abs)


def _magnitude(rng: random.Random, mode: str) -> float:
    """A positive value: moderate (0.3 to 3), wide (log-uniform, 0.01 to 100) or a whole period
    (0.01 to 2 pi)."""
    if mode == "moderate":
        return rng.uniform(0.3, 3.0)
    if mode == "wide":
        return math.exp(rng.uniform(math.log(0.01), math.log(100.0)))
    return rng.uniform(0.01, 2 * math.pi)


def _kind(symbol: sympy.Symbol) -> str:
    if symbol.is_positive or symbol.is_nonnegative:
        return "positive"
    return "negative" if symbol.is_negative else "real"


def _draw(kind: str, rng: random.Random, mode: str) -> float:
    """A value its assumptions admit; a real symbol of either sign (wide: -30 to 30)."""
    if kind == "positive":
        return _magnitude(rng, mode)
    if kind == "negative":
        return -_magnitude(rng, mode)
    if mode == "moderate":
        return rng.uniform(-3.0, 3.0)
    if mode == "wide":
        return rng.uniform(-30.0, 30.0)
    return rng.uniform(-math.pi, math.pi)


class Point:
    """One probe point: each symbol's value as a decimal, turned into sympy Floats or symengine
    MPFR numbers (30 digits) only when an evaluation needs them, and then kept."""

    __slots__ = ("_engine", "_sympy", "symbols", "texts")

    def __init__(self, symbols: tuple[sympy.Symbol, ...], texts: tuple[str, ...]) -> None:
        self.symbols = symbols
        self.texts = texts
        self._sympy: dict[sympy.Symbol, sympy.Float] | None = None
        self._engine: dict[se.Symbol, se.Basic] | None = None

    def sympy_values(self) -> dict[sympy.Symbol, sympy.Float]:
        if self._sympy is None:
            self._sympy = {
                s: sympy.Float(t, PRECISION) for s, t in zip(self.symbols, self.texts, strict=True)
            }
        return self._sympy

    def engine_values(self) -> dict[se.Symbol, se.Basic]:
        if self._engine is None:
            self._engine = {
                se.Symbol(s.name): se.RealMPFR(t, BITS)
                for s, t in zip(self.symbols, self.texts, strict=True)
            }
        return self._engine

    def named_texts(self) -> dict[str, str]:
        """Each symbol's value by name, as the decimal text it was drawn as."""
        return {s.name: t for s, t in zip(self.symbols, self.texts, strict=True)}

    def describe(self) -> str:
        return ", ".join(
            f"{s}={float(t):.4g}" for s, t in zip(self.symbols, self.texts, strict=True)
        )


@lru_cache(maxsize=512)
def _points(symbols: tuple[sympy.Symbol, ...], seed: int, count: int) -> tuple[Point, ...]:
    """The probe points of a seed for these symbols, in order (the same for every comparison
    that meets the same symbols, so each point's numbers are made once)."""
    rng = random.Random(seed)
    kinds = [_kind(s) for s in symbols]
    points = []
    for attempt in range(count):
        mode = MODES[attempt % len(MODES)]
        points.append(Point(symbols, tuple(repr(_draw(k, rng, mode)) for k in kinds)))
    return tuple(points)


def _evaluate(expr: sympy.Expr, point: Point) -> complex | None:
    engine = _engine_form(expr)
    if engine is not None:
        return _evaluate_engine(engine, point)
    try:
        number = expr.xreplace(point.sympy_values()).evalf(PRECISION)
        if number.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) or not number.is_number:
            return None
        result = complex(number)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError, ArithmeticError):
        return None
    if result != result or abs(result) > 1e100:
        return None
    return result


# Functions symengine holds but leaves unevaluated at numbers (atan2(0.3, 0.7) stays a call):
# an expression with one is evaluated by sympy, or every right answer holding it was undecided.
ENGINE_UNEVALUATED = (sympy.atan2, sympy.LambertW, sympy.loggamma)


@lru_cache(maxsize=1024)
def _engine_form(expr: sympy.Expr) -> se.Basic | None:
    """The expression in symengine (evaluates large expressions many times faster), or None
    when symengine cannot hold it (sympy evaluates those)."""
    from screwsolve.symbolic.bridge import UnsupportedError, to_engine

    if expr.has(*ENGINE_UNEVALUATED):
        return None
    try:
        return to_engine(expr)
    except UnsupportedError:
        return None


GRAPH_EVALUATION_NODES = 2000  # a larger tree is evaluated over its graph (graph_values)


def _evaluate_engine(expr: se.Basic, point: Point, tape: Any = None) -> complex | None:
    if tape is not None or exceeds(expr, GRAPH_EVALUATION_NODES):
        from screwsolve.symbolic import graph_values

        try:
            return graph_values.evaluate(expr, point.named_texts(), tape)
        except graph_values.UnevaluableError:
            pass  # a node only symengine knows: its own evaluation, as for small values
    try:
        number = expr.xreplace(point.engine_values()).evalf(BITS)
        if not number.is_number or number.has(se.zoo, se.nan, se.oo, -se.oo):
            return None
        result = complex(number)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError, ArithmeticError, RuntimeError):
        return None
    if result != result or abs(result) > 1e100:
        return None
    return result


Pair = Callable[[Point], tuple[complex | None, complex | None]]


@dataclass(frozen=True, slots=True)
class Domain:
    """Where values are compared: every `positive` expression > 0 and every `nonnegative` one
    >= 0 (a source's "valid for L + q > 0"); static sympy expressions."""

    positive: tuple[sympy.Expr, ...] = ()
    nonnegative: tuple[sympy.Expr, ...] = ()
    # holonomic constraints every point is moved onto before the inequalities are asked
    surface: Surface | None = None

    def __bool__(self) -> bool:
        return bool(self.positive or self.nonnegative or self.surface)

    @property
    def symbols(self) -> set[sympy.Symbol]:
        found = set().union(*(e.free_symbols for e in (*self.positive, *self.nonnegative)))
        return found | (self.surface.symbols if self.surface else set())

    def placed(self, point: Point) -> Point | None:
        """The point moved onto the surface (itself without one); None when it cannot be."""
        if not self.surface:
            return point
        values = self.surface.place(point.sympy_values(), PRECISION)
        if values is None:
            return None
        return Point(point.symbols, tuple(str(values[s]) for s in point.symbols))

    def admits(self, point: Point) -> bool:
        """True when the point satisfies every inequality (and each can be evaluated there)."""
        for strict, exprs in ((True, self.positive), (False, self.nonnegative)):
            for expr in exprs:
                value = _evaluate(expr, point)
                if value is None or abs(value.imag) > 1e-20:
                    return False
                if value.real < 0 or (strict and value.real == 0):
                    return False
        return True

    def describe(self) -> str:
        parts = [f"{e} > 0" for e in self.positive] + [f"{e} >= 0" for e in self.nonnegative]
        if self.surface:
            parts.append(self.surface.describe())
        return ", ".join(parts)


EVERYWHERE = Domain()
DOMAIN_DRAWS = 10  # candidate points per probe needed when a domain rejects some


def admits_any(domain: Domain, seed: int, draws: int) -> bool:
    """True when one of `draws` probe points (drawn as comparisons draw them, then searched
    around as `admissible_points` does) is inside the domain: without one, no claim could be
    compared there."""
    symbols = tuple(sorted(domain.symbols, key=str))
    return next(admissible_points(symbols, seed, draws, domain), None) is not None


def _violation(domain: Domain, point: Point) -> float:
    """How far a point is from the domain: the sum of what each inequality misses by (0
    inside; infinite where one cannot be evaluated)."""
    total = 0.0
    for strict, exprs in ((True, domain.positive), (False, domain.nonnegative)):
        for expr in exprs:
            value = _evaluate(expr, point)
            if value is None or abs(value.imag) > 1e-20:
                return math.inf
            if value.real < 0 or (strict and value.real == 0):
                total += -value.real + (1e-12 if strict else 0.0)
    return total


SEARCH_STEPS = 600  # moves of the descent towards a domain no draw fell into
DESCENT_STARTS = 8  # the draws that miss by least, each a start of the descent in turn


def _nearest_admissible(
    symbols: tuple[sympy.Symbol, ...],
    kinds: list[str],
    seed: int,
    draws: int,
    domain: Domain,
    rng: random.Random,
) -> Point | None:
    """A point of the domain found by descent when no draw fell into it: from each of the
    draws that miss by least in turn, random moves that shrink what it misses by (a step that
    helps grows the next, one that does not shrinks it: the 1/5 rule). A thin wedge between
    several inequalities is found this way; one start alone stopped short of some (0 of 12
    points for three half-planes leaving a triangle of area 0.1)."""
    drawn = sorted(_points(symbols, seed, draws), key=lambda p: _violation(domain, p))
    for start in drawn[:DESCENT_STARTS]:
        found = _descend(start, symbols, kinds, domain, rng)
        if found is not None:
            return found
    return None


def _descend(
    best: Point,
    symbols: tuple[sympy.Symbol, ...],
    kinds: list[str],
    domain: Domain,
    rng: random.Random,
) -> Point | None:
    missed = _violation(domain, best)
    if missed == math.inf:
        return None
    scale = 1.0
    for _ in range(SEARCH_STEPS):
        if missed == 0:
            return best
        values = []
        for kind, text in zip(kinds, best.texts, strict=True):
            moved = float(text) + rng.gauss(0.0, scale * max(abs(float(text)), 0.2))
            if (kind == "positive" and moved <= 0) or (kind == "negative" and moved >= 0):
                moved = float(text) * rng.uniform(0.5, 1.0)
            values.append(repr(moved))
        candidate = Point(symbols, tuple(values))
        candidate_missed = _violation(domain, candidate)
        if candidate_missed < missed:
            best, missed = candidate, candidate_missed
            scale = min(scale * 1.5, 1.0)
        else:
            scale = max(scale * 0.9, 1e-4)
    return best if missed == 0 else None


WALK_DRAWS = 40  # candidates searched near each admissible point found (times the draws' own)
WALK_SCALE = 0.25  # of a value's size (at least 0.05): how far a search step moves it


def admissible_points(
    symbols: tuple[sympy.Symbol, ...], seed: int, draws: int, domain: Domain
) -> Iterator[Point]:
    """Points inside the domain, for as long as the caller takes them: the probe points drawn
    as everywhere, those the domain admits; then points near the admissible ones found (each
    value moved by a fraction of its size, keeping its sign when its assumptions fix it), so
    that a small region several inequalities leave (5 of 120 draws, once) still gives enough
    points; when no draw is admissible, wider draws first. Deterministic for a seed."""
    found: list[Point] = []
    for drawn in _points(symbols, seed, draws):
        point = domain.placed(drawn)
        if point is not None and domain.admits(point):
            found.append(point)
            yield point
    rng = random.Random(seed ^ 0x5EED)
    kinds = [_kind(s) for s in symbols]
    if not found:
        start = _nearest_admissible(symbols, kinds, seed, draws, domain, rng)
        start = domain.placed(start) if start is not None else None
        if start is None or not domain.admits(start):
            return
        found.append(start)
        yield start
    for attempt in range(draws * WALK_DRAWS):
        base = found[attempt % len(found)]
        values = []
        for kind, text in zip(kinds, base.texts, strict=True):
            value = float(text)
            moved = value + rng.gauss(0.0, WALK_SCALE * max(abs(value), 0.2))
            if (kind == "positive" and moved <= 0) or (kind == "negative" and moved >= 0):
                moved = value * rng.uniform(0.5, 1.0)  # the same sign, nearer 0
            values.append(repr(moved))
        point = domain.placed(Point(symbols, tuple(values)))
        if point is not None and domain.admits(point):
            found.append(point)
            yield point


def _probe(
    symbols: list[sympy.Symbol],
    pair: Pair,
    seed: int,
    tolerance: float,
    probes: int = PROBES,
    domain: Domain = EVERYWHERE,
) -> tuple[Verdict | None, int, str]:
    """Both sides at random admissible points (inside the domain): a verdict as soon as one
    differs or `probes` points agree; else None and how many points could be evaluated. Last,
    the first point where only one side could be evaluated, in words ('' if none)."""
    valid = 0
    one_side = ""
    if domain:
        symbols = sorted(set(symbols) | domain.symbols, key=str)
    draws = probes * (DOMAIN_DRAWS if domain else 3)
    candidates = (
        admissible_points(tuple(symbols), seed, draws, domain)
        if domain
        else iter(_points(tuple(symbols), seed, draws))
    )
    for point in candidates:
        va, vb = pair(point)
        if va is None or vb is None:
            if (va is not None or vb is not None) and not one_side:
                side = "the first side" if va is None else "the second side"
                one_side = f"{side} is undefined at {point.describe()}"
            continue
        valid += 1
        if abs(va - vb) > tolerance * max(1.0, abs(va), abs(vb)):
            where = point.describe()
            verdict = Verdict(False, f"differs at {where}: {_number(va)} vs {_number(vb)}")
            return verdict, valid, one_side
        if valid >= probes:
            return Verdict(True), valid, one_side
    return None, valid, one_side


def _number(value: complex) -> str:
    """A probe's value: a real number when its imaginary part is rounding."""
    if abs(value.imag) <= 1e-15 * max(1.0, abs(value.real)):
        return f"{value.real:.6g}"
    return f"{value.real:.6g}{value.imag:+.6g}i"


def vanishes(
    expr: se.Basic, symbols: Mapping[str, sympy.Symbol], seed: int = DEFAULT_SEED
) -> bool | None:
    """expr == 0 for a symengine expression (as the Jacobian route builds it, never turned into
    a sympy tree), by the same probing; `symbols` gives each name its assumptions."""
    if expr == 0:
        return True
    tape = None
    if exceeds(expr, GRAPH_EVALUATION_NODES):
        from screwsolve.symbolic import graph_values

        # its graph, walked below and at every probe, at its smallest; interned and compiled
        # for this check only, so that all of it is let go after
        expr = interned(expr, table=Interning())
        try:
            tape = graph_values.tape_of(expr)
        except graph_values.UnevaluableError:
            tape = None
    names = sorted({str(s) for s in engine_symbols(expr)})
    verdict, valid, _ = _probe(
        [symbols.get(n, sympy.Symbol(n, real=True)) for n in names],
        lambda values: (_evaluate_engine(expr, values, tape), 0j),
        seed,
        TOLERANCE,
    )
    if verdict is not None:
        return verdict.equal
    return True if valid >= MIN_VALID else None


class Offsets(Protocol):
    """Numbers added to each value of `each_vanishes` at a point (a derivative computed there
    rather than built as an expression), with the symbols they need drawn."""

    names: frozenset[str]

    def __call__(self, values: Mapping[str, str]) -> Sequence[decimal.Decimal] | None: ...


class SharedProbe:
    """Many symengine values that share their graph (a problem's power coefficients), probed
    together: interned and compiled to one tape once, each point evaluated once whatever asks
    (probed one by one, the 20-link chain's 478 coefficients interned and compiled the same
    graph 478 times). The values are interned into the problem's table: they are the
    problem's values. UnevaluableError when a node is not evaluated over graphs."""

    def __init__(
        self,
        exprs: Sequence[se.Basic],
        symbols: Mapping[str, sympy.Symbol],
        seed: int = DEFAULT_SEED,
        names: frozenset[str] = frozenset(),
    ) -> None:
        from screwsolve.symbolic import graph_values

        self.tape, self.roots = graph_values.tape_of_many([interned(e) for e in exprs])
        drawn = names | {p for kind, p, _ in self.tape.steps if kind == "symbol"}
        variables = tuple(symbols.get(n, sympy.Symbol(n, real=True)) for n in sorted(drawn))
        self.points = _points(variables, seed, PROBES * 3)
        self._raw: dict[int, list[Any] | None] = {}

    def _part(self, which: Sequence[int]) -> tuple[graph_values.Tape, list[int]]:
        """The tape's steps the values `which` names need, in their order, and the step of
        each of those values in it."""
        from screwsolve.symbolic import graph_values

        steps = self.tape.steps
        needed: set[int] = set()
        stack = [self.roots[k] for k in which]
        while stack:
            step = stack.pop()
            if step not in needed:
                needed.add(step)
                stack.extend(steps[step][2])
        order = sorted(needed)
        renumbered = {old: new for new, old in enumerate(order)}
        kept = tuple(
            (kind, payload, tuple(renumbered[a] for a in args))
            for kind, payload, args in (steps[i] for i in order)
        )
        return graph_values.Tape(kept), [renumbered[self.roots[k]] for k in which]

    def raw(self, point: int) -> list[Any] | None:
        """Every value at one point, at the tape's precision (None where one is undefined)."""
        from screwsolve.symbolic import graph_values

        if point not in self._raw:
            texts = self.points[point].named_texts()
            self._raw[point] = graph_values.raw_values_at(self.tape, self.roots, texts)
        return self._raw[point]

    def _values_at(
        self, index: int, which: Sequence[int], part: tuple[graph_values.Tape, list[int]] | None
    ) -> tuple[list[Any] | None, Sequence[int]]:
        """The raw values at point `index` and where each of `which` is among them: from the
        point's evaluation of every value when it is kept or no `part` is given, else from
        evaluating only the part (`_part(which)`), not kept."""
        from screwsolve.symbolic import graph_values

        if part is not None and index not in self._raw:
            texts = self.points[index].named_texts()
            return graph_values.raw_values_at(part[0], part[1], texts), range(len(which))
        return self.raw(index), which

    def verdicts(
        self,
        which: Sequence[int],
        offsets: Offsets | None = None,
        *,
        until_one_is: bool = False,
        alone: bool = False,
    ) -> list[bool | None]:
        """`vanishes` of each value `which` names (by position); with `offsets`, of each value
        plus its offset at the point. With `until_one_is`, the probing stops at the first value
        found not to vanish (False), the values still open left None: enough to know that not
        all of them vanish (an action that contributes), without evaluating every point for
        those that do. With `alone`, a point not evaluated yet is evaluated for these values
        only (the steps they need: the weights' potentials need 55 % of the 30-link chain's
        tape), and not kept."""
        from screwsolve.symbolic import graph_values

        verdicts: list[bool | None] = [None] * len(which)
        open_ = set(range(len(which)))
        valid = 0
        part = self._part(which) if alone else None
        for index, point in enumerate(self.points):
            raw, at = self._values_at(index, which, part)
            added = offsets(point.named_texts()) if offsets is not None else None
            if raw is None or (offsets is not None and added is None):
                continue
            valid += 1
            for k in list(open_):
                value = raw[at[k]]
                if added is not None:
                    value = graph_values.plus(value, added[k])
                number = complex(value)
                if number != number or abs(number) > 1e100:
                    continue
                if abs(number) > TOLERANCE * max(1.0, abs(number)):
                    verdicts[k] = False
                    open_.discard(k)
            if until_one_is and False in verdicts:
                return verdicts
            if valid >= PROBES or not open_:
                break
        settled = True if valid >= MIN_VALID else None
        for k in open_:
            verdicts[k] = settled
        return verdicts

    def combination_vanishes(
        self,
        which: Sequence[int],
        width: int,
        combined: Callable[
            [Mapping[str, str], Sequence[decimal.Decimal]], Sequence[decimal.Decimal] | None
        ],
        seed: int = DEFAULT_SEED,
    ) -> bool:
        """True when every value `which` names plus its offset vanishes, decided on one
        combination per column with weights drawn at random: `which` holds rows of `width`
        values (a potential's coefficients, one per variable) and `combined(point, weights)`
        gives each column's offsets combined with the same weights (one reverse pass over all
        the potentials, where a pass each grew like the cube of a chain's links). A combination
        that vanishes at every point while one of its values does not would need the weights
        on a hyperplane. False when not decided so (a combination that does not vanish, a
        value outside the reals, too few points): the caller then decides value by value."""
        from screwsolve.symbolic import graph_values

        rows = len(which) // width
        draw = random.Random(seed)
        weights = [decimal.Decimal(repr(draw.uniform(1.0, 2.0))) for _ in range(rows)]
        part = self._part(which)
        valid = 0
        for index, point in enumerate(self.points):
            raw, at = self._values_at(index, which, part)
            added = combined(point.named_texts(), weights) if raw is not None else None
            if raw is None or added is None:
                continue
            for column in range(width):
                total = added[column]
                for row in range(rows):
                    value = raw[at[row * width + column]]
                    if not isinstance(value, decimal.Decimal) or not value.is_finite():
                        return False
                    total = graph_values.CONTEXT.fma(weights[row], value, total)
                number = float(total)
                if number != number or abs(number) > TOLERANCE:
                    return False
            valid += 1
            if valid >= PROBES:
                break
        return valid >= MIN_VALID


def each_vanishes(
    exprs: Sequence[se.Basic], symbols: Mapping[str, sympy.Symbol], seed: int = DEFAULT_SEED
) -> list[bool | None]:
    """`vanishes` of each of many values sharing their graph, through one SharedProbe; each by
    itself where a node is not evaluated over graphs, or where they could not be decided
    together (one value undefined at every point)."""
    from screwsolve.symbolic import graph_values

    try:
        verdicts = SharedProbe(exprs, symbols, seed).verdicts(range(len(exprs)))
    except graph_values.UnevaluableError:
        verdicts = [None] * len(exprs)
    pairs = zip(exprs, verdicts, strict=True)
    return [vanishes(e, symbols, seed) if v is None else v for e, v in pairs]


def _both_sympy(a: Any, b: Any) -> tuple[sympy.Expr, sympy.Expr]:
    """Both sides as sympy, a symengine symbol becoming the sympy symbol of its name (real when
    neither side says otherwise)."""
    from screwsolve.symbolic.bridge import from_engine, symbols_of

    symbols: dict[str, sympy.Expr] = {}
    for side in (a, b):
        if isinstance(side, se.Basic):
            symbols.update({str(s): sympy.Symbol(str(s), real=True) for s in side.free_symbols})
    for side in (a, b):
        if not isinstance(side, se.Basic):
            symbols.update(symbols_of(side))
    return tuple(
        from_engine(side, symbols) if isinstance(side, se.Basic) else side for side in (a, b)
    )


def equivalent(
    a: sympy.Expr,
    b: sympy.Expr,
    seed: int = DEFAULT_SEED,
    tolerance: float = TOLERANCE,
    domain: Domain = EVERYWHERE,
) -> Verdict:
    """Decide a == b for static (plain-symbol) sympy expressions, to a relative tolerance, at
    points of the domain. A symengine value (a large presented result) is compared by name
    with the other side."""
    if isinstance(a, se.Basic) or isinstance(b, se.Basic):
        a, b = _both_sympy(a, b)
    difference = a - b
    if difference == 0:
        return Verdict(True)
    symbols = sorted(difference.free_symbols | a.free_symbols | b.free_symbols, key=str)
    probes = DISCONTINUOUS_PROBES if difference.has(*_DISCONTINUOUS) else PROBES

    def pair(values: Point) -> tuple[complex | None, complex | None]:
        return _evaluate(a, values), _evaluate(b, values)

    verdict, valid, one_side = _probe(symbols, pair, seed, tolerance, probes, domain)
    if verdict is not None:
        return verdict
    if valid >= MIN_VALID:
        return Verdict(True)
    where = f" in the domain {domain.describe()}" if domain else ""
    because = f"; {one_side}" if one_side else ""
    return Verdict(
        None, f"undefined: only {valid} probe points{where} gave a number on both sides{because}"
    )


def sample(
    exprs: list[sympy.Expr], count: int, seed: int = DEFAULT_SEED
) -> list[tuple[complex, ...]]:
    """The values of static expressions at up to `count` random admissible points (drawn as for
    probing) where every one of them evaluates."""
    symbols = tuple(sorted(set().union(*(e.free_symbols for e in exprs)), key=str))
    found: list[tuple[complex, ...]] = []
    for point in _points(symbols, seed, count * 3):
        results = [_evaluate(e, point) for e in exprs]
        if all(r is not None for r in results):
            found.append(tuple(r for r in results if r is not None))
            if len(found) >= count:
                break
    return found


def admissible_values(
    exprs: list[sympy.Expr], domain: Domain, count: int, seed: int = DEFAULT_SEED
) -> list[tuple[Point, list[complex]]]:
    """Static expressions' values at up to `count` points inside the domain (drawn as probes
    are) where every one of them evaluates, each with its point."""
    found = set().union(*(e.free_symbols for e in exprs)) | domain.symbols
    symbols = tuple(sorted(found, key=str))
    out: list[tuple[Point, list[complex]]] = []
    for point in admissible_points(symbols, seed, count, domain):
        values = [_evaluate(e, point) for e in exprs]
        if all(v is not None for v in values):
            out.append((point, [v for v in values if v is not None]))
            if len(out) >= count:
                break
    return out


SERIES_STEPS = ("1e-3", "1e-5")  # the small quantities' scale h at two steps, 100 apart
SERIES_DIGITS = 90  # a difference of order h^7 at h = 1e-5 is 1e-35 of values of order 1
MAX_SERIES_ORDER = 6


def agrees_to_order(
    a: sympy.Expr,
    b: sympy.Expr,
    small: list[sympy.Symbol],
    order: int,
    seed: int = DEFAULT_SEED,
    domain: Domain = EVERYWHERE,
) -> Verdict:
    """a == b up to terms of order `order` + 1 in the small symbols taken together (a series
    answer "to order k"): at random points, every small symbol scaled by h, the difference
    a - b must shrink like h^(k+1) from h = 1e-3 to h = 1e-5; its measured order decides.
    With a domain, only scaled points inside it count, each first moved onto the domain's
    surface along the coordinates that are not small (a pendulum's q1 follows its small q2 on
    sqrt(q1^2 + q2^2) = L)."""
    difference = a - b
    if difference == 0:
        return Verdict(True)
    surface = domain.surface
    symbols = sorted(difference.free_symbols | set(small) | domain.symbols, key=str)
    steps = [sympy.Float(step, SERIES_DIGITS) for step in SERIES_STEPS]
    valid = 0
    for point in _points(tuple(symbols), seed, PROBES * 3):
        values = {
            s: sympy.Float(t, SERIES_DIGITS)
            for s, t in zip(point.symbols, point.texts, strict=True)
        }
        sizes = []
        for h in steps:
            scaled = {s: v * h if s in small else v for s, v in values.items()}
            if surface:
                placed = surface.place(scaled, SERIES_DIGITS, held=small)
                if placed is None:
                    break
                scaled = placed
            if (domain.positive or domain.nonnegative) and not domain.admits(
                Point(point.symbols, tuple(str(scaled[s]) for s in point.symbols))
            ):
                break
            number = _evaluate_at(difference, scaled)
            if number is None:
                break
            sizes.append(abs(number))
        if len(sizes) < 2:
            continue
        valid += 1
        floor = sympy.Float(10) ** (-SERIES_DIGITS + 10)
        if sizes[0] < floor and sizes[1] < floor:
            measured = float("inf")  # no difference at this point at all
        elif sizes[1] < floor:
            measured = float("inf")
        elif sizes[0] < floor:
            return Verdict(
                False, f"does not vanish with the small quantities at {point.describe()}"
            )
        else:
            measured = float(sympy.log(sizes[0] / sizes[1], 10)) / 2
        if measured < order + 1 - 0.3:
            return Verdict(
                False,
                f"differs at order {measured:.2g} in the small quantities (to order {order}, the "
                f"difference must be of order {order + 1}), scaling "
                f"{', '.join(map(str, small))} towards 0 from {point.describe()}",
            )
        if valid >= 4:
            return Verdict(True)
    if valid:
        return Verdict(True)
    return Verdict(None, "could not be evaluated near the small quantities' zero")


def _evaluate_at(expr: sympy.Expr, values: dict[sympy.Symbol, sympy.Float]) -> sympy.Float | None:
    try:
        number = expr.xreplace(values).evalf(SERIES_DIGITS)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError, ArithmeticError):
        return None
    if not number.is_number or number.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        return None
    if not number.is_real:
        number = sympy.Abs(number).evalf(SERIES_DIGITS)
    return sympy.Float(number, SERIES_DIGITS)
