"""Expressions made as small as the textbook's own answers, each computed once.

A candidate is kept only when it is smaller (sympy `count_ops`) than what we had; full `simplify`
is tried only on expressions small enough for it to finish quickly.
"""

from __future__ import annotations

from functools import lru_cache

import sympy

SIMPLIFY_LIMIT = 120


@lru_cache(maxsize=4096)
def tidy(expr: sympy.Expr) -> sympy.Expr:
    """A smaller equal form of a static expression (never larger than the input)."""
    if expr.is_Atom:
        return expr
    best, best_size = expr, sympy.count_ops(expr)
    candidates = [sympy.factor_terms(expr)]
    if best_size <= SIMPLIFY_LIMIT:
        candidates.append(sympy.trigsimp(expr))
        candidates.append(sympy.simplify(expr))
    else:
        candidates.append(sympy.expand(expr))
    for candidate in candidates:
        size = sympy.count_ops(candidate)
        if size < best_size:
            best, best_size = candidate, size
    return best
