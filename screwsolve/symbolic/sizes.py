"""Bounded size checks for expression trees (sympy or symengine, anything with `.args`).

A long chain's expressions share their factors: as graphs they grow polynomially, as trees
exponentially, so any size measure that walks the whole tree (count_ops) must first be known to
be small.
"""

from __future__ import annotations

from typing import Any


def exceeds(expr: Any, nodes: int) -> bool:
    """True when the expression tree has more than `nodes` nodes; stops counting there, so
    it costs O(nodes) even on a tree of millions (where count_ops takes seconds or worse)."""
    stack = [expr]
    seen = 0
    while stack:
        seen += 1
        if seen > nodes:
            return True
        stack.extend(stack.pop().args)
    return False
