"""Are two expressions equal? Numeric probing at random admissible points, high precision.

Each symbol is drawn from a range its assumptions admit (positive, nonnegative, negative, real);
values are computed by symengine with MPFR at the same precision where it can hold the expression
(sympy otherwise), which is what keeps probing a long chain's coefficients cheap;
points where either side is singular are skipped; values are compared as complex numbers, so
expressions that are complex at some points still compare. Symbolic simplification is only a
tie-breaker when too few points could be evaluated. Never string comparison.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache

import symengine as se
import sympy

PRECISION = 30  # significant digits
BITS = 100  # the same precision in bits, for symengine (MPFR)
PROBES = 10
MIN_VALID = 4
TOLERANCE = 1e-12
DEFAULT_SEED = 20261121


@dataclass(frozen=True, slots=True)
class Verdict:
    """equal is None when undecided; detail says why in words."""

    equal: bool | None
    detail: str = ""


def _draw(symbol: sympy.Symbol, rng: random.Random) -> sympy.Float:
    if symbol.is_positive:
        value = rng.uniform(0.3, 3.0)
    elif symbol.is_nonnegative:
        value = rng.uniform(0.1, 3.0)
    elif symbol.is_negative:
        value = -rng.uniform(0.3, 3.0)
    else:
        value = rng.uniform(-3.0, 3.0)
    return sympy.Float(repr(value), PRECISION)


def _evaluate(expr: sympy.Expr, values: dict[sympy.Symbol, sympy.Float]) -> complex | None:
    engine = _engine_form(expr)
    if engine is not None:
        return _evaluate_engine(engine, values)
    try:
        number = expr.xreplace(values).evalf(PRECISION)
        if number.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) or not number.is_number:
            return None
        result = complex(number)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError, ArithmeticError):
        return None
    if result != result or abs(result) > 1e100:
        return None
    return result


@lru_cache(maxsize=1024)
def _engine_form(expr: sympy.Expr) -> se.Basic | None:
    """The expression in symengine (evaluates large expressions many times faster), or None
    when symengine cannot hold it (sympy evaluates those)."""
    from screwsolve.symbolic.bridge import UnsupportedError, to_engine

    try:
        return to_engine(expr)
    except UnsupportedError:
        return None


def _evaluate_engine(expr: se.Basic, values: dict[sympy.Symbol, sympy.Float]) -> complex | None:
    mapping = {se.Symbol(s.name): se.RealMPFR(str(v), BITS) for s, v in values.items()}
    try:
        number = expr.xreplace(mapping).evalf(BITS)
        if not number.is_number or number.has(se.zoo, se.nan, se.oo, -se.oo):
            return None
        result = complex(number)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError, ArithmeticError, RuntimeError):
        return None
    if result != result or abs(result) > 1e100:
        return None
    return result


Pair = Callable[[dict[sympy.Symbol, sympy.Float]], tuple[complex | None, complex | None]]


def _probe(
    symbols: list[sympy.Symbol], pair: Pair, seed: int, tolerance: float
) -> tuple[Verdict | None, int]:
    """Both sides at random admissible points: a verdict as soon as one differs or PROBES
    points agree; else None and how many points could be evaluated."""
    rng = random.Random(seed)
    valid = 0
    for _ in range(PROBES * 3):
        values = {s: _draw(s, rng) for s in symbols}
        va, vb = pair(values)
        if va is None or vb is None:
            continue
        valid += 1
        if abs(va - vb) > tolerance * max(1.0, abs(va), abs(vb)):
            where = ", ".join(f"{s}={float(v):.4g}" for s, v in values.items())
            return Verdict(False, f"differs at {where}: {va:.6g} vs {vb:.6g}"), valid
        if valid >= PROBES:
            return Verdict(True), valid
    return None, valid


def vanishes(
    expr: se.Basic, symbols: Mapping[str, sympy.Symbol], seed: int = DEFAULT_SEED
) -> bool | None:
    """expr == 0 for a symengine expression (as the Jacobian route builds it, never turned into
    a sympy tree), by the same probing; `symbols` gives each name its assumptions."""
    if expr == 0:
        return True
    names = sorted({str(s) for s in expr.free_symbols})
    verdict, valid = _probe(
        [symbols.get(n, sympy.Symbol(n, real=True)) for n in names],
        lambda values: (_evaluate_engine(expr, values), 0j),
        seed,
        TOLERANCE,
    )
    if verdict is not None:
        return verdict.equal
    return True if valid >= MIN_VALID else None


def equivalent(
    a: sympy.Expr, b: sympy.Expr, seed: int = DEFAULT_SEED, tolerance: float = TOLERANCE
) -> Verdict:
    """Decide a == b for static (plain-symbol) sympy expressions, to a relative tolerance."""
    difference = a - b
    if difference == 0:
        return Verdict(True)
    symbols = sorted(difference.free_symbols | a.free_symbols | b.free_symbols, key=str)
    verdict, valid = _probe(
        symbols, lambda values: (_evaluate(a, values), _evaluate(b, values)), seed, tolerance
    )
    if verdict is not None:
        return verdict
    if valid >= MIN_VALID:
        return Verdict(True)
    try:
        if sympy.simplify(difference) == 0:
            return Verdict(True, "equal by simplification")
    except Exception:
        pass
    return Verdict(None, f"only {valid} probe points could be evaluated")
