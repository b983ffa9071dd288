"""Expressions made as small as the textbook's own answers, each computed once.

Comoments of screws built term by term are already close to the book's form, so the cheap
rewrites come first; sympy's trigsimp/simplify (which dominate the cost of a run) are tried only
when the expression holds something they can collapse — a power or a product of trigonometric
functions of the same angle — and is small enough for them to finish quickly. A candidate is kept
only when it is smaller (sympy `count_ops`) than what we had.
"""

from __future__ import annotations

from functools import lru_cache

import sympy

SIMPLIFY_LIMIT = 120
_TRIG = (sympy.sin, sympy.cos, sympy.tan, sympy.cot, sympy.sec, sympy.csc)


def _trig_identities_possible(expr: sympy.Expr) -> bool:
    """True when a term holds trigonometric functions of one angle to a total degree of 2 or
    more (sin^2, sin*cos, 1/sin^2 ...): only then can sin^2 + cos^2 = 1 shrink the expression.
    A sum such as `F_u cos(psi) - F_v sin(psi)` is already as small as it gets."""
    for term in sympy.Add.make_args(sympy.expand(expr)):
        degree: dict[sympy.Expr, sympy.Expr] = {}
        for factor in sympy.Mul.make_args(term):
            base, exponent = factor.as_base_exp()
            if isinstance(base, _TRIG) and exponent.is_number:
                degree[base.args[0]] = degree.get(base.args[0], 0) + abs(exponent)
        if any(d >= 2 for d in degree.values()):
            return True
    return False


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
    consider(sympy.factor_terms(sympy.expand(expr)))
    if best_size <= SIMPLIFY_LIMIT and _trig_identities_possible(best):
        consider(sympy.trigsimp(best))
        if _trig_identities_possible(best):
            consider(sympy.simplify(best))
    return best
