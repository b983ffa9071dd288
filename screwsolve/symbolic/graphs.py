"""Expressions walked as graphs: each distinct subexpression visited once.

A long chain's expressions share their subexpressions (the same direction cosine object sits in
thousands of places): as trees they grow exponentially with the number of links, as graphs
polynomially. Walks that recurse over the tree (sympy's xreplace and free_symbols, symengine's
conversion from sympy) therefore cost seconds to minutes on a ten-link chain; these cost the
size of the graph.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Hashable, Iterator
from functools import wraps
from typing import Any, TypeVar

import symengine as se
import sympy

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
    # every node visited is held until the walk ends (or as long as a kept memo): a sum's or a
    # product's arguments may be made afresh by `.args`, and a freed node's key be reused
    held: list[Any] = results.held if isinstance(results, NodeMemo) else []
    stack: list[tuple[Any, Any, Hashable]] = [(expr, None, key(expr))]
    hold, push, pop = held.append, stack.append, stack.pop  # bound once: the loop runs per node
    while stack:
        node, arguments, name = pop()
        if name in results:
            continue
        if arguments is not None:
            results[name] = after(node, [results[k] for k in arguments])
        else:
            value = before(node)
            if value is DESCEND:
                args = node.args
                names = [key(arg) for arg in args]
                push((node, names, name))
                for arg, k in zip(args, names, strict=True):
                    if k not in results:
                        push((arg, None, k))
                continue
            results[name] = value
        hold(node)
    return results[key(expr)]


# Sums, products and powers always have arguments: asking one for its `.args` only to see that
# there are some makes a sum's products (a coefficient times a term) afresh, for nothing.
_OPERATIONS = (se.Add, se.Mul, se.Pow)


def has_arguments(node: se.Basic) -> bool:
    """bool(node.args) of a symengine node, without making them for a sum, a product or a
    power."""
    return isinstance(node, _OPERATIONS) or bool(node.args)


def _pointer_offset() -> int | None:
    """Where a symengine wrapper holds the address of its C++ node (just after Python's object
    header, the one field of `Basic`), or None when this build lays its wrappers out otherwise:
    checked on nodes whose identity is known (two wrappers of one node, two equal nodes built
    apart, two different nodes)."""
    offset = object.__basicsize__
    if se.Basic.__basicsize__ != offset + ctypes.sizeof(ctypes.c_void_p):
        return None
    x, y = se.Symbol("x"), se.Symbol("y")
    one, apart, other = se.cos(x) * y + x, se.cos(x) * y + x, se.sin(x) * y + x

    def address(node: se.Basic) -> int | None:
        return ctypes.c_void_p.from_address(id(node) + offset).value

    same = address(one.args[0]) == address(one.args[0]) and address(one) is not None
    distinct = len({address(one), address(apart), address(other)}) == 3
    return offset if same and distinct else None


_OFFSET = _pointer_offset()


def node_key(node: Any) -> Hashable:
    """What makes a symengine node the same node in a walk: the C++ node it wraps. Python
    wrappers are made afresh on every `.args`, and comparing two equal nodes built apart walks
    both trees (their size doubles with each link of a chain: 74 s for one comparison of a
    20-level expression), while the node's address is one read. A node met twice by value but
    built twice is visited twice, which costs what building it cost. A key is only valid while
    its node is held: `.args` of a sum or a product may build its arguments afresh, and a freed
    node's address is reused (see fold and NodeMemo)."""
    if _OFFSET is None:
        return node
    return ctypes.c_void_p.from_address(id(node) + _OFFSET).value


class NodeMemo(dict[Hashable, Any]):
    """Results by node_key kept between walks, holding every node it has a result for: a freed
    node's address could be reused by another."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list[Any] = []

    def remember(self, node: Any, key: Hashable, value: Any) -> None:
        self[key] = value
        self.held.append(node)

    def clear(self) -> None:
        super().clear()
        self.held.clear()


# Results of one kind of walk over symengine values, by node, kept between the values of a
# problem (a chain's values share most of their subexpressions); see node_memo and forget.
_NODE_MEMOS: dict[str, NodeMemo] = {}
_FORGETTERS: list[Callable[[], None]] = []


def node_memo(name: str) -> NodeMemo:
    """The results by node of the walk called `name`, for `fold(results=...)` over symengine
    values. Kept until `forget`: a memo emptied in the middle of a problem has every node of
    the values still to come walked again (the 30-link chain's filled 200 000 entries and,
    emptied there, the rest of the run did not finish in minutes)."""
    return _NODE_MEMOS.setdefault(name, NodeMemo())


def on_forget(callback: Callable[[], None]) -> None:
    """Have `forget` call this too (a module's own memo of symengine nodes)."""
    _FORGETTERS.append(callback)


def forget() -> None:
    """Empty every memo of symengine nodes: a new problem starts (each problem's work is bounded
    by its own time and memory limits, and a process that solves many stays bounded)."""
    for memo in _NODE_MEMOS.values():
        memo.clear()
    _INTERNED.clear()
    for callback in _FORGETTERS:
        callback()


Result = TypeVar("Result")


def node_cache(size: int) -> Callable[[Callable[[Any], Result]], Callable[[Any], Result]]:
    """functools.lru_cache for functions of one symengine value, by node_key (an lru_cache
    compares keys by value: two equal large values built apart cost a walk of both trees).
    Emptied when full (the values a run asks for again are asked for soon), and by forget."""

    def decorate(function: Callable[[Any], Result]) -> Callable[[Any], Result]:
        memo = NodeMemo()

        @wraps(function)
        def cached(node: Any) -> Result:
            key = node_key(node)
            if key in memo:
                return memo[key]
            if len(memo) >= size:
                memo.clear()
            value = function(node)
            memo.remember(node, key, value)
            return value

        on_forget(memo.clear)
        return cached

    return decorate


class Interning:
    """Equal symengine nodes made one node: the canonical nodes by value, and by node_key (they
    are held here, so their keys stay theirs). Other nodes are not remembered: the values
    they belong to can be freed. The problem has one (let go by forget); a value checked once
    and then let go may have its own (the 40-link chain's potential check interned 175 000
    nodes that nothing after it needs)."""

    def __init__(self) -> None:
        self.by_value: dict[se.Basic, se.Basic] = {}
        self.by_node: dict[Hashable, se.Basic] = {}

    def canonical(self, node: se.Basic) -> se.Basic:
        found = self.by_value.setdefault(node, node)
        if found is node:
            self.by_node[node_key(node)] = node
        return found

    def clear(self) -> None:
        self.by_value.clear()
        self.by_node.clear()


_INTERNED = Interning()


def interned(
    expr: se.Basic, walked: NodeMemo | None = None, table: Interning | None = None
) -> se.Basic:
    """The same value, with every subexpression equal to one met before (in this value or an
    earlier one) the very node met before. Rebuilt bottom up, a node's arguments are already
    canonical, so finding its equal compares one level (symengine's equality stops at a shared
    node), where comparing two equal nodes built apart walks both trees. After it, every walk
    and symengine's own maps (xreplace, expand) meet each value once. Values that share nodes
    are interned with one `walked` memo, so that what they share is walked once. `table`: an
    Interning of the caller's instead of the problem's.

    The walk is `fold`'s, written out: it is the run's most frequent one (a 40-link chain's
    coefficients alone are an eighth of its `--only power_coefficients` run), and each node's
    address is read once here where fold's callbacks read it again."""
    if table is None:
        table = _INTERNED
        if walked is None:
            walked = node_memo("interned")
    # the problem's canonical nodes have their tree sizes counted as they are made (what
    # tree_nodes and exceeds would walk each value's graph again for); a caller's own table's
    # nodes are let go with it, so they are not counted into the problem's memo
    counts = node_memo("tree nodes") if table is _INTERNED else None
    results: dict[Hashable, se.Basic] = walked if walked is not None else {}
    held: list[Any] = walked.held if walked is not None else []
    by_node, by_value = table.by_node, table.by_value
    key = node_key
    root = key(expr)
    stack: list[tuple[se.Basic, list[Hashable] | None, Hashable]] = [(expr, None, root)]
    hold, push, pop = held.append, stack.append, stack.pop
    while stack:
        node, arguments, name = pop()
        if name in results:
            continue
        if arguments is None:
            known = by_node.get(name)
            if known is not None:
                results[name] = known
                hold(node)
                continue
            if has_arguments(node):
                args = node.args
                names = [key(arg) for arg in args]
                push((node, names, name))
                for arg, k in zip(args, names, strict=True):
                    if k not in results:
                        push((arg, None, k))
                continue
            made = node  # a leaf is its own rebuilding
        else:
            made = node.func(*[results[k] for k in arguments])
        canonical = by_value.setdefault(made, made)
        if canonical is made:
            made_key = key(made)
            by_node[made_key] = made
        else:
            made_key = key(canonical)
        if counts is not None and made_key not in counts:
            if arguments is None:
                counts[made_key] = 1  # held by the table
            else:
                _count_canonical(canonical, table, counts)
        results[name] = canonical
        hold(node)
    return results[root]


def _count_canonical(node: se.Basic, table: Interning, counts: NodeMemo) -> None:
    """Remember a new canonical node's tree size from its own arguments' (tree_nodes' count).
    Its arguments are not always those it was rebuilt from (symengine flattens a sum of a
    sum that an odd form held, `-sin(a + b - 1/a)`), and a sum's or a product's `.args` are
    made afresh: each is found among the canonical nodes by value. Left uncounted (tree_nodes
    walks it) when one is not there."""
    total = 1
    for arg in node.args:
        known = counts.get(node_key(arg))
        if known is None:
            canonical = table.by_value.get(arg)
            known = counts.get(node_key(canonical)) if canonical is not None else None
            if known is None:
                return
        total += known
    counts[node_key(node)] = total  # the node is held by the table as long as the memo lasts


def anywhere(expr: Any, found: Callable[[Any], bool], name: str) -> bool:
    """True when `found` holds for some node of a symengine value; each distinct node tested
    once, and remembered under `name` between values."""

    def before(node: Any) -> object:
        if found(node):
            return True
        return DESCEND if has_arguments(node) else False

    def after(node: Any, args: list[bool]) -> bool:
        return any(args)

    return bool(fold(expr, before, after, key=node_key, results=node_memo(name)))


def tree_nodes(expr: Any) -> int:
    """The nodes of a symengine value as a tree (what `exceeds` counts), counted on its graph
    and remembered between values: their trees reach millions of nodes, their graphs share
    most of theirs."""

    def before(node: Any) -> object:
        return DESCEND if has_arguments(node) else 1

    def after(node: Any, args: list[int]) -> int:
        return 1 + sum(args)

    return int(fold(expr, before, after, key=node_key, results=node_memo("tree nodes")))


def engine_symbols(expr: Any) -> frozenset[Any]:
    """The symbols of a symengine value, on its graph (symengine's free_symbols remembers the
    nodes it has seen by value, which costs a walk of both trees for equal nodes built apart).
    Nothing is remembered between calls: a set of symbols for every node of a 30-link chain
    would be hundreds of megabytes."""
    return frozenset(node for node in distinct_nodes(expr, node_key) if node.is_Symbol)


def distinct_nodes(expr: Any, key: Callable[[Any], Hashable] = id) -> Iterator[Any]:
    """Every distinct subexpression once: by identity for sympy, by node_key for symengine
    (each node is held until the walk ends, so that no key is reused)."""
    seen: set[Hashable] = set()
    held: list[Any] = []
    stack = [expr]
    while stack:
        node = stack.pop()
        name = key(node)
        if name in seen:
            continue
        seen.add(name)
        held.append(node)
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
    costs O(nodes) even on a tree of millions (where count_ops takes seconds or worse). A
    symengine value's answer is remembered (a long chain's values are asked about again and
    again: 9 % of the 20-link run was spent recounting)."""
    if not isinstance(expr, se.Basic):
        return _exceeds(expr, nodes)
    key = node_key(expr)
    counts = _NODE_MEMOS.get("tree nodes")
    counted = counts.get(key) if counts is not None else None
    if counted is not None:
        return bool(counted > nodes)
    memo = node_memo("exceeds")
    known = memo.get((key, nodes))
    if known is None:
        known = _exceeds_counted(expr, nodes, counts) if counts else _exceeds(expr, nodes)
        memo.remember(expr, (key, nodes), known)
    return bool(known)


def _exceeds_counted(expr: se.Basic, nodes: int, counts: NodeMemo) -> bool:
    """_exceeds, a node whose tree size is known counted whole instead of walked."""
    stack = [expr]
    seen = 0
    get = counts.get
    while stack:
        node = stack.pop()
        known = get(node_key(node))
        if known is not None:
            seen += known
            if seen > nodes:
                return True
            continue
        seen += 1
        if seen > nodes:
            return True
        stack.extend(node.args)
    return False


def _exceeds(expr: Any, nodes: int) -> bool:
    stack = [expr]
    seen = 0
    while stack:
        seen += 1
        if seen > nodes:
            return True
        stack.extend(stack.pop().args)
    return False
