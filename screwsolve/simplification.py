"""Expressions made as small as the textbook's own answers, each computed once.

Comoments of screws built term by term are already close to the book's form, so the cheap
rewrites come first; sympy's trigsimp (and simplify, which dominate the cost of a run) are tried
only when a term holds a product of trigonometric functions (simplify: of one angle, as in
sin^2 or 1/sin^2) and the expression is small enough for them to finish quickly. A candidate is kept
only when it is smaller (sympy `count_ops`) than what we had.
"""

from __future__ import annotations

from functools import lru_cache

import sympy

SIMPLIFY_LIMIT = 120
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


@lru_cache(maxsize=4096)
def tidy(expr: sympy.Expr) -> sympy.Expr:
    """A smaller equal form of a static expression (never larger than the input)."""
    if expr.is_Atom:
        return expr
    best, best_size = expr, sympy.count_ops(expr)

    def consider(candidate: sympy.Expr) -> None:
        nonlocal best, best_size
        size = sympy.count_ops(candidate)
        if size < best_size:
            best, best_size = candidate, size

    consider(sympy.factor_terms(expr))
    if not _explosive(expr):
        consider(sympy.factor_terms(sympy.expand(expr)))
    if best_size <= SIMPLIFY_LIMIT and not _explosive(best):
        _, total = _trig_degree(best)
        if total >= 2:  # sin a sin b - cos a cos b = -cos(a + b), sin^2 + cos^2 = 1 ...
            consider(sympy.trigsimp(best))
        if _trig_degree(best)[0] >= 2:
            consider(sympy.simplify(best))
    return best
