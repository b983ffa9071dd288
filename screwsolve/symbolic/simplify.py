"""Expressions made as small as the textbook's own answers, each computed once, in bounded time.

Comoments of screws built term by term are already close to the book's form, so only cheap,
bounded rewrites are tried, in symengine: expansion (products of sums of sines and cosines often
cancel) and Pythagorean normal forms (tan, cot, sec, csc written with sines and cosines, then
sin^2 -> 1 - cos^2 or the reverse: cot^2 + 1 = 1/sin^2); then sympy's angle-sum folding
(cos a cos b - sin a sin b = cos(a + b), what a chain of frames produces) and common factors.
sympy's trigsimp and simplify are never called: they took minutes on a 3-link chain's
coefficients (trigsimp about 300 s) and, on the shipped problems, found nothing these rewrites
miss. A candidate is kept only when it is smaller (sympy `count_ops`): never larger than the input."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import symengine as se
import sympy
from sympy.simplify.fu import TR10i

from screwsolve.limits import (
    SIMPLIFY_ANGLE_SUM_OPERATIONS,
    SIMPLIFY_EXPAND_OPERATIONS,
    SIMPLIFY_FACTOR_OPERATIONS,
    SIMPLIFY_NODES,
)
from screwsolve.symbolic.bridge import UnsupportedError, from_engine, symbols_of, to_engine
from screwsolve.symbolic.graphs import exceeds

_TRIG = (sympy.sin, sympy.cos, sympy.tan, sympy.cot, sympy.sec, sympy.csc)


def _explosive(expr: sympy.Expr) -> bool:
    """True when expanding could multiply out a power of a sum into a huge number of terms."""
    return any(
        power.exp.is_Integer and abs(int(power.exp)) > 6 and isinstance(power.base, sympy.Add)
        for power in expr.atoms(sympy.Pow)
    )


def pythagorean(expr: se.Basic, square: Any, other: Any) -> se.Basic:
    """Expanded, every power >= 2 of `square` (sin or cos) of an angle written through `other`:
    sin(a)^2 = 1 - cos(a)^2. A normal form in which sin^2 + cos^2 cancels."""
    expanded = se.expand(expr)
    return rewrite_squares(expanded, expanded.atoms(se.Pow), square, other)


def rewrite_squares(expanded: se.Basic, powers: Any, square: Any, other: Any) -> se.Basic:
    """`pythagorean` of an already expanded expression, given the powers to look at."""
    mapping: dict[se.Basic, se.Basic] = {}
    for power in powers:
        base: se.Basic = power.args[0]
        exponent: se.Basic = power.args[1]
        if isinstance(base, square) and exponent.is_integer and int(exponent) >= 2:
            half = int(exponent) // 2
            mapping[power] = (
                base ** (int(exponent) - 2 * half) * (1 - other(base.args[0]) ** 2) ** half
            )
    return se.expand(expanded.xreplace(mapping)) if mapping else expanded


def _engine_candidate(expr: sympy.Expr) -> sympy.Expr | None:
    """The smallest of the expansion and the two Pythagorean forms, computed in symengine."""
    try:
        engine = to_engine(expr)
    except UnsupportedError:
        return None
    candidates = [se.expand(engine)]
    ratios = {
        f: se.cos(f.args[0]) / se.sin(f.args[0])
        if isinstance(f, se.cot)
        else se.sin(f.args[0]) / se.cos(f.args[0])
        if isinstance(f, se.tan)
        else 1 / se.cos(f.args[0])
        if isinstance(f, se.sec)
        else 1 / se.sin(f.args[0])
        for f in engine.atoms(se.cot, se.tan, se.sec, se.csc)
    }
    if ratios:  # cot^2 + 1 = 1/sin^2 once written with sines and cosines
        engine = engine.xreplace(ratios)
    if expr.has(*_TRIG):
        candidates.append(pythagorean(engine, se.sin, se.cos))
        candidates.append(pythagorean(engine, se.cos, se.sin))
    best = min(candidates, key=se.count_ops)
    if se.count_ops(best) >= se.count_ops(engine):
        return None  # nothing gained: spare the conversion back
    return from_engine(best, symbols_of(expr))


def factored(expr: sympy.Expr, size: int | None = None) -> sympy.Expr:
    """The expression or its common factors pulled out, whichever is smaller (cheap);
    `size`, when known, is its count_ops."""
    if size is None:
        if exceeds(expr, SIMPLIFY_NODES):
            return expr
        size = sympy.count_ops(expr)
    if size > SIMPLIFY_FACTOR_OPERATIONS:
        return expr
    factored = sympy.factor_terms(expr)
    penalty = 1 if factored.is_Mul and factored.args[0] is sympy.S.NegativeOne else 0
    return factored if sympy.count_ops(factored) + penalty < size else expr


def _signs(expr: sympy.Expr) -> sympy.Expr:
    """a/|a| (and |a|/a) written as sign(a), what Coulomb friction's derivatives produce."""

    def is_ratio(node: sympy.Basic) -> bool:
        if not isinstance(node, sympy.Mul):
            return False
        return any(
            isinstance(f, sympy.Pow) and isinstance(f.base, sympy.Abs) and f.exp in (1, -1)
            for f in node.args
        ) or any(isinstance(f, sympy.Abs) for f in node.args)

    def rewrite(node: sympy.Mul) -> sympy.Expr:
        factors = list(node.args)
        for index, factor in enumerate(factors):
            inverse = isinstance(factor, sympy.Pow) and factor.exp == -1
            absolute = factor.base if inverse else factor
            if not isinstance(absolute, sympy.Abs):
                continue
            inner = absolute.args[0]
            partner = inner if inverse else 1 / inner
            if partner in factors:
                rest = [
                    f for i, f in enumerate(factors) if i not in (index, factors.index(partner))
                ]
                return sympy.Mul(*rest) * sympy.sign(inner)
        return node

    return expr.replace(is_ratio, rewrite)


@lru_cache(maxsize=4096)
def simplest(expr: sympy.Expr) -> sympy.Expr:
    """A smaller equal form of a static expression (never larger than the input)."""
    if expr.is_Atom or exceeds(expr, SIMPLIFY_NODES):
        return expr  # too large for any rewrite to be tried: left as built
    best, best_size = expr, sympy.count_ops(expr)

    def consider(candidate: sympy.Expr | None) -> None:
        nonlocal best, best_size
        if candidate is None:
            return
        size = sympy.count_ops(candidate)
        if size < best_size:
            best, best_size = candidate, size

    if best_size <= SIMPLIFY_EXPAND_OPERATIONS and not _explosive(expr):
        consider(_engine_candidate(expr))
    if best_size <= SIMPLIFY_ANGLE_SUM_OPERATIONS and best.has(sympy.sin, sympy.cos):
        consider(TR10i(best))  # cos a cos b - sin a sin b = cos(a + b): a frame chain's dots
    if best_size <= SIMPLIFY_FACTOR_OPERATIONS:
        consider(factored(best, best_size))
    if best.has(sympy.Abs):
        consider(_signs(best))
    return best


@lru_cache(maxsize=1024)
def simplest_ratio(expr: sympy.Expr) -> sympy.Expr:
    """`simplest`, and for a small one also of its single cancelled fraction: linear algebra on
    trigonometric matrices (an inverse, a solved constraint) nests fractions that only
    cancelling over a common denominator undoes (the snakeboard's 2 F cos q4 cos q5 /
    sin(q4 - q5) came out of LU as 40 operations). Memoised: a problem's warnings, constrained
    forces and reductions meet the same fractions (the snakeboard: 24 calls, 11 values)."""
    best = simplest(expr)
    if exceeds(expr, SIMPLIFY_NODES) or sympy.count_ops(expr) > SIMPLIFY_FACTOR_OPERATIONS:
        return best
    candidate = simplest(sympy.cancel(sympy.together(expr)))
    return candidate if sympy.count_ops(candidate) < sympy.count_ops(best) else best
