"""Expressions made as small as the textbook's own answers, each computed once, in bounded time.

Comoments of screws built term by term are already close to the book's form, so only cheap
rewrites are tried on every expression, in symengine: expansion (products of sums of sines and
cosines often cancel) and a Pythagorean normal form (sin^2 -> 1 - cos^2, or the reverse); then
common factors (sympy's factor_terms, on expressions small enough).
sympy's trigsimp and simplify can take minutes on a chain's coefficients (trigsimp of a 3-link
chain's took about 300 s), so they run only on small expressions holding few trigonometric
functions (the double pendulum's sin a sin b - cos a cos b = -cos(a + b)). A candidate is kept
only when it is smaller (sympy `count_ops`) than what we had: never larger than the input.
"""

from __future__ import annotations

from functools import lru_cache

import symengine as se
import sympy
from sympy.simplify.fu import TR10i

from .engine import UnsupportedError, from_engine, symbols_of, to_engine

SIMPLIFY_LIMIT = 120  # operations, for trigsimp and simplify
TRIG_FUNCTIONS_LIMIT = 4  # distinct trigonometric function calls, for trigsimp and simplify
EXPAND_LIMIT = 1500  # operations, for expansion and the Pythagorean forms
FACTOR_LIMIT = 600  # operations, for sympy's factor_terms (slow on large sums)
SUM_LIMIT = 300  # operations, for folding products of sines and cosines into angle sums
_TRIG = (sympy.sin, sympy.cos, sympy.tan, sympy.cot, sympy.sec, sympy.csc)


def _explosive(expr: sympy.Expr) -> bool:
    """True when expanding could multiply out a power of a sum into a huge number of terms."""
    return any(
        power.exp.is_Integer and abs(int(power.exp)) > 6 and isinstance(power.base, sympy.Add)
        for power in expr.atoms(sympy.Pow)
    )


def _trig_degree(expr: sympy.Expr) -> tuple[int, int]:
    """(highest trig degree of a term in one angle, highest total trig degree of a term)."""
    same = total = 0
    for term in sympy.Add.make_args(sympy.expand(expr)):
        degree: dict[sympy.Expr, int] = {}
        for factor in sympy.Mul.make_args(term):
            base, exponent = factor.as_base_exp()
            if isinstance(base, _TRIG) and exponent.is_Integer:
                degree[base.args[0]] = degree.get(base.args[0], 0) + abs(int(exponent))
        if degree:
            same = max(same, *degree.values())
            total = max(total, sum(degree.values()))
    return same, total


def _pythagorean(expr: se.Basic, square: type, other: type) -> se.Basic:
    """Expanded, every power >= 2 of `square` (sin or cos) of an angle written through `other`:
    sin(a)^2 = 1 - cos(a)^2. A normal form in which sin^2 + cos^2 cancels."""
    expanded = se.expand(expr)
    mapping = {}
    for power in expanded.atoms(se.Pow):
        base, exponent = power.args
        if isinstance(base, square) and exponent.is_integer and int(exponent) >= 2:
            half = int(exponent) // 2
            mapping[power] = (
                base ** (int(exponent) - 2 * half) * (1 - other(base.args[0]) ** 2) ** half
            )
    return se.expand(expanded.xreplace(mapping)) if mapping else expanded


def pythagorean_form(expr: sympy.Expr, square: type[sympy.Function]) -> sympy.Expr:
    """The Pythagorean normal form of a sympy expression (see `_pythagorean`)."""
    engine = to_engine(expr)
    pair = (se.sin, se.cos) if square is sympy.sin else (se.cos, se.sin)
    return from_engine(_pythagorean(engine, *pair), symbols_of(expr))


def _engine_candidate(expr: sympy.Expr) -> sympy.Expr | None:
    """The smallest of the expansion and the two Pythagorean forms, computed in symengine."""
    try:
        engine = to_engine(expr)
    except UnsupportedError:
        return None
    candidates = [se.expand(engine)]
    if expr.has(sympy.sin, sympy.cos):
        candidates.append(_pythagorean(engine, se.sin, se.cos))
        candidates.append(_pythagorean(engine, se.cos, se.sin))
    best = min(candidates, key=se.count_ops)
    return from_engine(best, symbols_of(expr))


def smaller_factored(expr: sympy.Expr) -> sympy.Expr:
    """The expression or its common factors pulled out, whichever is smaller (cheap)."""
    size = sympy.count_ops(expr)
    if size > FACTOR_LIMIT:
        return expr
    factored = sympy.factor_terms(expr)
    return factored if sympy.count_ops(factored) < size else expr


@lru_cache(maxsize=4096)
def tidy(expr: sympy.Expr) -> sympy.Expr:
    """A smaller equal form of a static expression (never larger than the input)."""
    if expr.is_Atom:
        return expr
    best, best_size = expr, sympy.count_ops(expr)

    def consider(candidate: sympy.Expr | None) -> None:
        nonlocal best, best_size
        if candidate is None:
            return
        size = sympy.count_ops(candidate)
        if size < best_size:
            best, best_size = candidate, size

    if best_size <= EXPAND_LIMIT and not _explosive(expr):
        consider(_engine_candidate(expr))
    if best_size <= SUM_LIMIT and best.has(sympy.sin, sympy.cos):
        consider(TR10i(best))  # cos a cos b - sin a sin b = cos(a + b): a frame chain's dots
    consider(smaller_factored(best))
    trig_calls = len(best.atoms(*_TRIG))
    if best_size <= SIMPLIFY_LIMIT and 0 < trig_calls <= TRIG_FUNCTIONS_LIMIT:
        _, total = _trig_degree(best)
        if total >= 2:  # sin a sin b - cos a cos b = -cos(a + b), sin^2 + cos^2 = 1 ...
            consider(sympy.trigsimp(best))
        if _trig_degree(best)[0] >= 2:
            consider(sympy.simplify(best))
    return best
