"""Graph walks: the same results as sympy's tree walks, each distinct subexpression once."""

from __future__ import annotations

import symengine as se
import sympy
from hypothesis import example, given, settings
from hypothesis import strategies as st
from symengine.lib.symengine_wrapper import sympy2symengine

from screwsolve.symbolic import graphs
from screwsolve.symbolic.bridge import from_engine, to_engine
from screwsolve.symbolic.graphs import (
    DESCEND,
    distinct_nodes,
    engine_symbols,
    exceeds,
    fold,
    free_symbols,
    has_arguments,
    interned,
    node_key,
    replaced,
    tree_nodes,
)

from . import engine_expressions
from .engine_expressions import tree_size

a, b, c = sympy.symbols("a b c", real=True)
LEAVES = st.sampled_from([a, b, c, sympy.Integer(2), sympy.Rational(1, 3), -sympy.Integer(1)])


def _combine(children: st.SearchStrategy[sympy.Expr]) -> st.SearchStrategy[sympy.Expr]:
    pair = st.tuples(children, children)
    return st.one_of(
        pair.map(lambda p: p[0] + p[1]),
        pair.map(lambda p: p[0] * p[1]),
        children.map(sympy.sin),
        children.map(sympy.cos),
        children.map(lambda e: e**2),
        children.map(lambda e: sympy.atan2(e, b)),
    )


EXPRESSIONS = st.recursive(LEAVES, _combine, max_leaves=12)


def _doubling(depth: int) -> sympy.Expr:
    """A graph of ~3 depth nodes whose tree has ~2^depth nodes (each level uses the last twice)."""
    expr = sympy.sin(a) * b
    for i in range(depth):
        expr = sympy.Add(sympy.Mul(expr, sympy.sin(a + i)), sympy.Mul(expr, sympy.cos(b + i)))
    return expr


def _agree_numerically(x: sympy.Expr, y: sympy.Expr) -> bool:
    """Equal values at a few points where both are finite (sign and atan2 jump: each point is
    compared exactly there, not probed around)."""
    import cmath

    # generic points: with |a| = |b|, atan2(a, b) and atan2(b, b) cancel exactly and the outer
    # atan2(0, b < 0) is +pi or -pi by the sign of a rounding error
    for point in ({a: 0.7, b: -0.6, c: 1.3}, {a: -1.1, b: 0.4, c: 2.2}, {a: 0.3, b: 1.9, c: -0.6}):
        u, v = complex(sympy.N(x.xreplace(point), 30)), complex(sympy.N(y.xreplace(point), 30))
        if all(cmath.isfinite(w) for w in (u, v)) and abs(u - v) > 1e-9 * max(1.0, abs(u)):
            return False
    return True


@settings(max_examples=150, deadline=None)
@given(EXPRESSIONS)
def test_walks_agree_with_sympys_own(expr: sympy.Expr) -> None:
    mapping = {a: sympy.Symbol("x", real=True), sympy.sin(b): c}
    assert replaced(expr, mapping) == expr.xreplace(mapping)
    assert free_symbols(expr) == expr.free_symbols
    engine = to_engine(expr)
    assert se.expand(engine - sympy2symengine(expr)) == 0
    assert _agree_numerically(from_engine(engine, {"a": a, "b": b, "c": c}), expr)


def test_each_distinct_subexpression_is_combined_once() -> None:
    expr = _doubling(12)  # a tree of tens of thousands of nodes
    combined: list[sympy.Basic] = []

    def after(node: sympy.Basic, args: list[int]) -> int:
        combined.append(node)
        return 1 + sum(args)

    counted = fold(expr, lambda node: DESCEND if node.args else 1, after)
    distinct = sum(1 for _ in distinct_nodes(expr))
    assert counted > 10_000 > 10 * distinct
    assert len(combined) == len({id(node) for node in combined}) < distinct


def test_a_shared_tree_of_a_million_nodes_is_rewritten_and_converted_exactly() -> None:
    import math

    expr = _doubling(20)
    renamed = replaced(expr, {b: c})
    assert free_symbols(expr) == {a, b} and free_symbols(renamed) == {a, c}
    x, z = 0.3, 0.7
    engine = to_engine(renamed).subs({se.Symbol("a"): x, se.Symbol("c"): z})
    expected = math.sin(x) * z  # the recurrence of _doubling, with b renamed c
    for i in range(20):
        expected *= math.sin(x + i) + math.cos(z + i)
    assert math.isclose(float(engine), expected, rel_tol=1e-9)


def test_conversion_back_to_sympy_keeps_the_sharing() -> None:
    engine = to_engine(_doubling(20))
    back = from_engine(engine, {"a": a, "b": b})
    assert free_symbols(back) == {a, b}
    assert sum(1 for _ in distinct_nodes(back)) < 500  # a graph, not a million-node tree


def _engine_doubling(depth: int) -> se.Basic:
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
    huge = _engine_doubling(30)
    assert exceeds(huge, 10_000)  # walking the whole tree would never return
    assert not exceeds(_engine_doubling(2), 10_000)


@settings(max_examples=100, deadline=None)
@given(engine_expressions.expressions)
def test_tree_nodes_counts_the_tree_on_the_graph(expr: se.Basic) -> None:
    assert tree_nodes(expr) == tree_size(expr)


def test_a_shared_subexpression_counts_once_per_use_in_the_tree() -> None:
    """x = sin(a) + cos(b) (5 nodes: the sum, two functions, two symbols) in k x + c x: the sum,
    and twice a product of a symbol and x."""
    a, b, c, k = (
        engine_expressions.a,
        engine_expressions.b,
        engine_expressions.c,
        engine_expressions.k,
    )
    x = se.sin(a) + se.cos(b)
    assert tree_nodes(x) == 5
    assert tree_nodes(k * x + c * x) == 1 + 2 * (1 + 1 + 5)


def _doubling_apart(depth: int) -> se.Basic:
    """The same value as _engine_doubling, every level built twice: equal nodes, no shared
    ones, so comparing it with an equal value walks its tree (2**depth)."""
    x, y = se.symbols("x y")
    left = right = se.sin(x) * y
    for i in range(depth):
        left, right = (
            left * se.sin(x + i) + right * se.cos(y + i),
            right * se.sin(x + i) + left * se.cos(y + i),
        )
    return left


def test_a_node_is_known_by_the_node_it_wraps_not_by_its_value() -> None:
    x, y = se.symbols("x y")
    value = se.cos(x) * y + x
    assert graphs._OFFSET is not None  # this build's wrappers are read, not compared
    assert node_key(value.args[0]) == node_key(value.args[0])  # two wrappers, one node
    apart = se.cos(x) * y + x
    assert apart == value and node_key(apart) != node_key(value)


def test_interning_makes_equal_nodes_one_and_keeps_the_value() -> None:
    """Two values equal level by level but built apart: after interning they are the same
    node, found in linear time (comparing them before takes 2**depth steps)."""
    first, second = _doubling_apart(40), _doubling_apart(40)
    one, other = interned(first), interned(second)
    assert node_key(one) == node_key(other)
    small = _doubling_apart(6)
    assert interned(small) == small and tree_nodes(interned(small)) == tree_size(small)


@settings(max_examples=100, deadline=None)
@given(engine_expressions.expressions)
@example(se.sin(-(engine_expressions.a + engine_expressions.b) + 1 / engine_expressions.a))
def test_interned_values_and_walks_agree_with_symengine_on_random_values(
    expr: se.Basic,
) -> None:
    """Sums and products build their arguments afresh on each `.args` (a coefficient times a
    term): a walk keyed by node must hold them, or a freed node's key is reused. The same
    value, which symengine's `==` (structural) may not see: it writes sin(-(a + b) + 1/a) as
    -sin(x) with x an unflattened sum of a sum, which interning rebuilds flattened (sympy's
    forms of the two are one)."""
    assert interned(expr)._sympy_() == expr._sympy_()
    assert engine_symbols(expr) == frozenset(expr.free_symbols)
    assert tree_nodes(expr) == tree_size(expr)
    assert tree_nodes(interned(expr)) == tree_size(interned(expr))


@settings(max_examples=200, deadline=None)
@given(engine_expressions.expressions, engine_expressions.expressions, st.integers(0, 40))
def test_a_value_over_interned_parts_is_sized_from_their_counts(
    first: se.Basic, second: se.Basic, limit: int
) -> None:
    """A product built from interned parts (as a chain's dot products are from its interned
    columns) is measured by adding the parts' known tree sizes, never walking them: the
    same answer as counting its tree."""
    value = interned(first) * se.Symbol("k") + interned(second) * se.cos(interned(first))
    assert exceeds(value, limit) == (tree_size(value) > limit)


@settings(max_examples=100, deadline=None)
@given(engine_expressions.expressions)
def test_has_arguments_says_what_args_would(expr: se.Basic) -> None:
    """Every node of a value, the constants and infinities too: a walk decides whether to
    descend without making a sum's arguments."""
    extra = [se.pi, se.E, se.oo, se.zoo, se.nan, se.I, se.Float(1.5)]
    for node in [*distinct_nodes(expr, node_key), *extra]:
        assert has_arguments(node) == bool(node.args), node


def test_symbols_of_a_value_are_found_on_its_graph() -> None:
    huge = _doubling_apart(40)  # symengine's own free_symbols walks the tree
    assert {str(s) for s in engine_symbols(interned(huge))} == {"x", "y"}
