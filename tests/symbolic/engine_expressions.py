"""Random symengine expressions over a, b, c, k (hypothesis), for the simplification and
printing tests."""

from __future__ import annotations

import symengine as se
import sympy
from hypothesis import strategies as st

NAMES = ("a", "b", "c", "k")
SYMBOLS = {name: sympy.Symbol(name, real=True) for name in NAMES}
a, b, c, k = (se.Symbol(name) for name in NAMES)


leaves = st.one_of(
    st.sampled_from([a, b, c, k]),
    st.integers(-3, 3).map(se.Integer),
    st.tuples(st.integers(1, 3), st.integers(2, 5)).map(lambda p: se.Rational(*p)),
)
expressions = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.tuples(inner, inner).map(lambda p: p[0] + p[1]),
        st.tuples(inner, inner).map(lambda p: p[0] * p[1]),
        st.tuples(inner, st.sampled_from([a, b, c, k])).map(lambda p: p[0] / p[1]),
        st.tuples(inner, st.integers(2, 3)).map(lambda p: p[0] ** p[1]),
        st.tuples(st.sampled_from([a, b, c, k]), st.integers(-2, -1)).map(lambda p: p[0] ** p[1]),
        inner.map(se.sin),
        inner.map(se.cos),
    ),
    max_leaves=12,
)


def tree_size(expr: se.Basic) -> int:
    """The nodes of an expression as a tree, counted by walking it (the reference)."""
    return 1 + sum(tree_size(arg) for arg in expr.args)
