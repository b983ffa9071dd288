"""Expressions walked as graphs: each distinct subexpression visited once.

A long chain's expressions share their subexpressions (the same direction cosine object sits in
thousands of places): as trees they grow exponentially with the number of links, as graphs
polynomially. Walks that recurse over the tree (sympy's xreplace and free_symbols, symengine's
conversion from sympy) therefore cost seconds to minutes on a ten-link chain; these cost the
size of the graph.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any

import sympy

from screwsolve.limits import NODE_MEMO_ENTRIES

DESCEND = object()  # returned by `before`: combine this node from its arguments' results


def fold(
    expr: Any,
    before: Callable[[Any], Any],
    after: Callable[[Any, list[Any]], Any],
    key: Callable[[Any], Hashable] = id,
    results: dict[Hashable, Any] | None = None,
) -> Any:
    """Post-order over the distinct nodes: before(node) gives a node's result, or DESCEND for
    after(node, results of its arguments). Nodes are the same when their keys are: identity
    for sympy (whose subexpressions are shared objects), the value itself for symengine (whose
    Python wrappers are made afresh on every access, while its hashes are cached). `results`
    may be kept between walks that compute the same function, so that subexpressions several
    expressions share are combined once."""
    if results is None:
        results = {}
    stack: list[tuple[Any, bool]] = [(expr, False)]
    while stack:
        node, expanded = stack.pop()
        name = key(node)
        if name in results:
            continue
        if expanded:
            results[name] = after(node, [results[key(arg)] for arg in node.args])
            continue
        value = before(node)
        if value is not DESCEND:
            results[name] = value
            continue
        stack.append((node, True))
        stack.extend((arg, False) for arg in node.args if key(arg) not in results)
    return results[key(expr)]


# Results of one kind of walk over symengine values, by node, kept between the values of a run
# (a chain's values share most of their subexpressions); see node_memo.
_NODE_MEMOS: dict[str, dict[Any, Any]] = {}


def node_memo(name: str) -> dict[Any, Any]:
    """The results by node of the walk called `name`, for `fold(results=...)` over symengine
    values (whose nodes are keyed by value), emptied past NODE_MEMO_ENTRIES entries so that a
    long-lived process stays bounded."""
    memo = _NODE_MEMOS.setdefault(name, {})
    if len(memo) > NODE_MEMO_ENTRIES:
        memo.clear()
    return memo


def anywhere(expr: Any, found: Callable[[Any], bool], name: str) -> bool:
    """True when `found` holds for some node of a symengine value; each distinct node tested
    once, and remembered under `name` between values."""

    def before(node: Any) -> object:
        if found(node):
            return True
        return DESCEND if node.args else False

    def after(node: Any, args: list[bool]) -> bool:
        return any(args)

    return bool(fold(expr, before, after, key=lambda node: node, results=node_memo(name)))


def tree_nodes(expr: Any) -> int:
    """The nodes of a symengine value as a tree (what `exceeds` counts), counted on its graph
    and remembered between values: their trees reach millions of nodes, their graphs share
    most of theirs."""

    def before(node: Any) -> object:
        return DESCEND if node.args else 1

    def after(node: Any, args: list[int]) -> int:
        return 1 + sum(args)

    return int(fold(expr, before, after, key=lambda node: node, results=node_memo("tree nodes")))


def distinct_nodes(expr: Any) -> Iterator[Any]:
    """Every distinct subexpression (by identity) once."""
    seen: set[int] = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        stack.extend(node.args)


def replaced(expr: sympy.Basic, mapping: dict[sympy.Basic, sympy.Basic]) -> sympy.Basic:
    """expr.xreplace(mapping), rebuilding each distinct subexpression once."""

    def before(node: sympy.Basic) -> Any:
        if node in mapping:
            return mapping[node]
        return DESCEND if node.args else node

    def after(node: sympy.Basic, args: list[sympy.Basic]) -> sympy.Basic:
        if all(new is old for new, old in zip(args, node.args, strict=True)):
            return node
        return node.func(*args)

    return fold(expr, before, after)


def free_symbols(expr: sympy.Basic) -> set[sympy.Symbol]:
    """expr.free_symbols for expressions without bound variables (no integrals or sums)."""
    return {node for node in distinct_nodes(expr) if isinstance(node, sympy.Symbol)}


def exceeds(expr: Any, nodes: int) -> bool:
    """True when the expression tree has more than `nodes` nodes; stops counting there, so it
    costs O(nodes) even on a tree of millions (where count_ops takes seconds or worse)."""
    stack = [expr]
    seen = 0
    while stack:
        seen += 1
        if seen > nodes:
            return True
        stack.extend(stack.pop().args)
    return False
