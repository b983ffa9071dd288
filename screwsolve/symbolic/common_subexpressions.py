"""Large results printed with shared subexpressions instead of as full trees.

A long chain's power coefficients repeat the same direction cosines and lever arms many times:
the n = 5 benchmark chain's ten coefficients hold about 17 000 operations as trees and about
1 400 once every repeated subexpression is named once (`w1 = cos(b3)*sin(b4)`, ...). Values
larger than SHARE_NODES tree nodes are rewritten that way (symengine's cse, which works on the
shared graph); textbook-sized values are never touched.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

import symengine as se
import sympy

from screwsolve.limits import SHARE_NODES
from screwsolve.symbolic.bridge import UnsupportedError, from_engine, symbols_of, to_engine
from screwsolve.symbolic.graphs import exceeds

Definitions = tuple[tuple[str, sympy.Expr], ...]
Key = TypeVar("Key", bound=Hashable)


def _prefix(taken: set[str]) -> str:
    """A name stem whose numbered names collide with nothing in the problem."""
    for stem in ("w", "w_", "shared_"):
        if not any(name.startswith(stem) and name[len(stem) :].isdigit() for name in taken):
            return stem
    return "shared_w"


def _trivial(value: se.Basic) -> bool:
    """A function of one symbol (sin(a1)) or a number: clearer inline than named."""
    if value.is_Number or value.is_Symbol:
        return True
    args = value.args
    return bool(isinstance(value, se.Function) and len(args) == 1 and args[0].is_Symbol)


def share(
    values: dict[Key, sympy.Expr], taken: Iterable[str]
) -> tuple[dict[Key, sympy.Expr], Definitions]:
    """The large values rewritten over named shared subexpressions, and the definitions in
    order (each uses only earlier names). Small values are returned as they are."""
    large = {key: v for key, v in values.items() if exceeds(v, SHARE_NODES)}
    if not large:
        return values, ()
    try:
        engine = [to_engine(v) for v in large.values()]
    except UnsupportedError:
        return values, ()
    replacements, reduced = se.cse(engine)
    inline: dict[se.Basic, se.Basic] = {}
    kept: list[tuple[se.Basic, se.Basic]] = []
    for symbol, value in replacements:
        value = value.xreplace(inline) if inline else value
        if _trivial(value):
            inline[symbol] = value
        else:
            kept.append((symbol, value))
    stem = _prefix(set(taken))
    names = {symbol: f"{stem}{i}" for i, (symbol, _) in enumerate(kept, 1)}
    renamed = {symbol: se.Symbol(name) for symbol, name in names.items()}
    symbols: dict[str, sympy.Expr] = {}
    for value in large.values():
        symbols.update(symbols_of(value))
    symbols.update({name: sympy.Symbol(name, real=True) for name in names.values()})

    def back(expr: se.Basic) -> sympy.Expr:
        return from_engine(expr.xreplace(inline).xreplace(renamed), symbols)

    definitions = tuple((names[symbol], back(value)) for symbol, value in kept)
    result = dict(values)
    for key, value in zip(large, reduced, strict=True):
        result[key] = back(value)
    return result, definitions


def unshared(expr: sympy.Expr, definitions: Definitions) -> sympy.Expr:
    """The full expression again: every shared name replaced by its definition."""
    for name, value in reversed(definitions):
        expr = expr.xreplace({sympy.Symbol(name, real=True): value})
    return expr
