"""Conversion between sympy (what users see: printing, LaTeX, probing) and symengine (where the
heavy algebra runs: Jacobian columns, expansion). Only expression objects cross; no text."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import symengine as se
import sympy
from symengine.lib.symengine_wrapper import sympy2symengine

from screwsolve.symbolic.graphs import (
    DESCEND,
    anywhere,
    distinct_nodes,
    fold,
    free_symbols,
    node_key,
)


class UnsupportedError(Exception):
    """An expression symengine cannot hold; callers fall back to sympy."""


_OPERATIONS: dict[type, Callable[..., se.Basic]] = {
    sympy.Add: se.Add,
    sympy.Mul: se.Mul,
    sympy.Pow: se.Pow,
}
_FUNCTION_NAMES = (
    *("sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan", "atan2"),
    *("sinh", "cosh", "tanh", "log", "Abs", "sign"),
)  # exp is a power of E in symengine
_OPERATIONS.update({getattr(sympy, name): getattr(se, name) for name in (*_FUNCTION_NAMES, "exp")})


def to_engine(expr: sympy.Expr) -> se.Basic:
    """A sympy expression as symengine (symbols keep their names, not their assumptions).
    Functions symengine only wraps (Heaviside calls back into sympy) or does not know are
    refused, so callers take the sympy route for them. Sums, products, powers and the
    elementary functions are rebuilt once per distinct subexpression (a long chain's trees are
    far larger than their graphs); anything else goes through sympy's own conversion."""

    def before(node: sympy.Basic) -> Any:
        if node.args and type(node) in _OPERATIONS:
            if type(node) in _NOT_DIFFERENTIABLE:
                _ABSOLUTE_VALUES_CONVERTED[0] = True
            return DESCEND
        return _convert(node)

    def after(node: sympy.Basic, args: list[se.Basic]) -> se.Basic:
        return _OPERATIONS[type(node)](*args)

    return fold(expr, before, after)


def _convert(expr: sympy.Basic) -> se.Basic:
    if not expr.is_Atom and expr.has(*_NOT_DIFFERENTIABLE):
        _ABSOLUTE_VALUES_CONVERTED[0] = True
    try:
        result = sympy2symengine(expr)
    except (RuntimeError, TypeError, NotImplementedError, AttributeError) as error:
        raise UnsupportedError(str(error)) from error
    if not isinstance(result, se.Basic) or result.atoms(se.FunctionSymbol):
        raise UnsupportedError(str(expr))
    return result


_BACK: dict[str, Callable[..., sympy.Expr]] = {
    "Add": sympy.Add,
    "Mul": sympy.Mul,
    "Pow": sympy.Pow,
    **{name: getattr(sympy, name) for name in _FUNCTION_NAMES},
}


# symengine holds these but cannot differentiate them (it returns an unevaluated Derivative)
_NOT_DIFFERENTIABLE = (sympy.Abs, sympy.sign)


def differentiable(expr: sympy.Basic) -> bool:
    """True when symengine can differentiate the sympy expression's conversion (each distinct
    subexpression looked at once): no Abs or sign anywhere in it."""
    return not any(isinstance(node, _NOT_DIFFERENTIABLE) for node in distinct_nodes(expr))


# Whether this process has converted an Abs or a sign to symengine. symengine never makes one
# of its own (sqrt(x**2) stays sqrt(x**2); screwsolve never calls se.Abs, se.sign or abs() on a
# value), so until a conversion does, no value holds one and none needs walking: a 30-link
# chain walked all its values for them (0.7 s) and found none. Never reset (a problem analysed
# earlier may still be asked about), so it only ever errs towards walking.
_ABSOLUTE_VALUES_CONVERTED = [False]


def has_absolute_values(expr: se.Basic) -> bool:
    """True when a symengine expression holds Abs or sign (whose textbook forms, such as
    sign(x) for x/|x|, only sympy's pipeline writes, and which symengine cannot differentiate).
    Sees those that came from sympy through `to_engine`, the only way in."""
    if not _ABSOLUTE_VALUES_CONVERTED[0]:
        return False
    return anywhere(expr, _absolute_value, "absolute values")


def _absolute_value(node: se.Basic) -> bool:
    return isinstance(node, se.Abs | se.sign)


def from_engine(expr: se.Basic, symbols: Mapping[str, sympy.Expr]) -> sympy.Expr:
    """Back to sympy, each symbol replaced by the sympy object of that name (assumptions and
    functions of time come back); each distinct subexpression converted once."""

    def before(node: se.Basic) -> Any:
        if node.is_Symbol:
            name = str(node)
            return symbols[name] if name in symbols else node._sympy_()
        if node.args and type(node).__name__ in _BACK:
            return DESCEND
        converted = node._sympy_()
        return converted.xreplace(
            {s: symbols[s.name] for s in converted.free_symbols if s.name in symbols}
        )

    def after(node: se.Basic, args: list[sympy.Expr]) -> sympy.Expr:
        return _BACK[type(node).__name__](*args)

    return fold(expr, before, after, key=node_key)


def symbols_of(expr: sympy.Expr) -> dict[str, sympy.Expr]:
    return {s.name: s for s in free_symbols(expr)}
