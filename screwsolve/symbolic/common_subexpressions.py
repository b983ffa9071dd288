"""Large results printed with shared subexpressions instead of as full trees.

A long chain's power coefficients repeat the same direction cosines and lever arms many times:
the n = 5 benchmark chain's ten coefficients hold about 17 000 operations as trees and about
1 400 once every repeated subexpression is named once (`w1 = cos(b3)*sin(b4)`, ...). Values
larger than SHARE_NODES tree nodes are rewritten that way (symengine's cse, which works on the
shared graph); textbook-sized values are never touched.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, TypeVar

import symengine as se
import sympy

from screwsolve.limits import SHARE_NODES
from screwsolve.symbolic.bridge import UnsupportedError, from_engine, symbols_of, to_engine
from screwsolve.symbolic.graphs import exceeds, tree_nodes

Definitions = tuple[tuple[str, Any], ...]
Key = TypeVar("Key", bound=Hashable)


def _prefix(taken: set[str]) -> str:
    """A name stem whose numbered names collide with nothing in the problem."""
    for stem in ("w", "w_", "shared_"):
        if not any(name.startswith(stem) and name[len(stem) :].isdigit() for name in taken):
            return stem
    return "shared_w"


# A shared subexpression of at most this many operations (cos(a)*sin(b)) is written where it is
# used: naming it costs a reader more than it saves (the 8-link chain had 1 258 names, 763 of
# them shorter than 20 characters).
INLINE_OPERATIONS = 4


def _trivial(value: se.Basic) -> bool:
    """A function of one symbol (sin(a1)) or a number: clearer inline than named."""
    if value.is_Number or value.is_Symbol:
        return True
    args = value.args
    return bool(isinstance(value, se.Function) and len(args) == 1 and args[0].is_Symbol)


def _uses(
    names: set[se.Basic], definitions: list[se.Basic], reduced: list[se.Basic]
) -> dict[se.Basic, int]:
    """How often each cse name occurs, counted in the trees: x1**2 + x1*cos(c) uses x1 twice.
    After cse no subtree repeats, so the walk is linear in the printed size."""
    uses: dict[se.Basic, int] = {}
    stack = [*definitions, *reduced]
    while stack:
        node = stack.pop()
        if node in names:
            uses[node] = uses.get(node, 0) + 1
        elif not node.is_Atom:
            stack.extend(node.args)
    return uses


def _large(value: Any) -> bool:
    """Over SHARE_NODES tree nodes (counted on the graph for a symengine value, whose sizes
    are remembered between values: walking 2 000 trees cost 0.3 s on the 12-link chain)."""
    if isinstance(value, se.Basic):
        return tree_nodes(value) > SHARE_NODES
    return exceeds(value, SHARE_NODES)


def share(values: dict[Key, Any], taken: Iterable[str]) -> tuple[dict[Key, Any], Definitions]:
    """The large values rewritten over named shared subexpressions, and the definitions in
    order (each uses only earlier names). Small values are returned as they are. Values may be
    sympy or symengine; a symengine value stays one (its definitions too)."""
    large = {key: v for key, v in values.items() if _large(v)}
    if not large:
        return values, ()
    try:
        engine = [v if isinstance(v, se.Basic) else to_engine(v) for v in large.values()]
    except UnsupportedError:
        return values, ()
    replacements, reduced = se.cse(engine)
    uses = _uses({symbol for symbol, _ in replacements}, [v for _, v in replacements], reduced)
    stem = _prefix(set(taken))
    # each cse symbol -> what it is printed as: its value (inlined) or its shared name, so
    # every value is rewritten in one pass
    final: dict[se.Basic, se.Basic] = {}
    kept: list[tuple[str, se.Basic]] = []
    for symbol, value in replacements:
        value = _named(value, final)
        if _trivial(value) or uses.get(symbol, 0) < 2 or se.count_ops(value) <= INLINE_OPERATIONS:
            final[symbol] = value
        else:
            name = f"{stem}{len(kept) + 1}"
            final[symbol] = se.Symbol(name)
            kept.append((name, value))
    as_sympy = not all(isinstance(v, se.Basic) for v in large.values())
    symbols: dict[str, sympy.Expr] = {}
    if as_sympy:
        for value in large.values():
            if not isinstance(value, se.Basic):
                symbols.update(symbols_of(value))
        symbols.update({name: sympy.Symbol(name, real=True) for name, _ in kept})

    def back(expr: se.Basic) -> Any:
        return from_engine(expr, symbols) if as_sympy else expr

    definitions = tuple((name, back(value)) for name, value in kept)
    result = dict(values)
    for key, value in zip(large, reduced, strict=True):
        result[key] = back(_named(value, final))
    return result, definitions


def _named(value: se.Basic, final: dict[se.Basic, se.Basic]) -> se.Basic:
    """value.xreplace(final) for the symbols it holds: symengine copies the whole mapping on
    each call, which made the loop over the 8-link chain's 1 545 subexpressions quadratic."""
    mapping = {s: final[s] for s in value.free_symbols if s in final}
    return value.xreplace(mapping) if mapping else value


def unshared(expr: Any, definitions: Definitions) -> Any:
    """The full expression again: every shared name replaced by its definition."""
    for name, value in reversed(definitions):
        symbol = se.Symbol(name) if isinstance(expr, se.Basic) else sympy.Symbol(name, real=True)
        expr = expr.xreplace({symbol: value})
    return expr
