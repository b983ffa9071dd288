"""Bounded tree-size checks: right on small trees, and they stop early on huge shared ones."""

from __future__ import annotations

import symengine as se
import sympy

from screwsolve.symbolic.graphs import exceeds


def _doubling(depth: int) -> se.Basic:
    """A graph of ~3 depth nodes whose tree has ~2^depth nodes (each level uses the last twice)."""
    x, y = se.symbols("x y")
    expr = se.sin(x) * y
    for i in range(depth):
        expr = expr * se.sin(x + i) + expr * se.cos(y + i)
    return expr


def test_counts_nodes_of_sympy_and_symengine_trees() -> None:
    a, b = sympy.symbols("a b")
    small = a * sympy.sin(b) + 1  # Add, Mul, a, sin, b, 1: 6 nodes
    assert not exceeds(small, 6) and exceeds(small, 5)
    assert not exceeds(se.sympify(small), 6) and exceeds(se.sympify(small), 5)
    assert not exceeds(a, 1)


def test_stops_at_the_limit_on_a_tree_of_a_billion_nodes() -> None:
    huge = _doubling(30)
    assert exceeds(huge, 10_000)  # walking the whole tree would never return
    assert not exceeds(_doubling(2), 10_000)
