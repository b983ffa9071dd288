"""Conversion between sympy (what users see: printing, LaTeX, probing) and symengine (where the
heavy algebra runs: Jacobian columns, expansion). Only expression objects cross; no text."""

from __future__ import annotations

from collections.abc import Mapping

import symengine as se
import sympy
from symengine.lib.symengine_wrapper import sympy2symengine


class UnsupportedError(Exception):
    """An expression symengine cannot hold; callers fall back to sympy."""


def to_engine(expr: sympy.Expr) -> se.Basic:
    """A sympy expression as symengine (symbols keep their names, not their assumptions).
    Functions symengine only wraps (Heaviside calls back into sympy) or does not know are
    refused, so callers take the sympy route for them."""
    try:
        result = sympy2symengine(expr)
    except (RuntimeError, TypeError, NotImplementedError, AttributeError) as error:
        raise UnsupportedError(str(error)) from error
    if not isinstance(result, se.Basic) or result.atoms(se.FunctionSymbol):
        raise UnsupportedError(str(expr))
    return result


def from_engine(expr: se.Basic, symbols: Mapping[str, sympy.Expr]) -> sympy.Expr:
    """Back to sympy, each symbol replaced by the sympy object of that name (assumptions and
    functions of time come back)."""
    converted = expr._sympy_()
    mapping = {s: symbols[s.name] for s in converted.free_symbols if s.name in symbols}
    return converted.xreplace(mapping)


def symbols_of(expr: sympy.Expr) -> dict[str, sympy.Expr]:
    return {s.name: s for s in expr.free_symbols if isinstance(s, sympy.Symbol)}
