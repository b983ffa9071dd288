"""Large results printed with shared subexpressions instead of as full trees.

A long chain's power coefficients repeat the same direction cosines and lever arms many times:
the n = 5 benchmark chain's ten coefficients hold about 17 000 operations as trees and about
1 400 once every repeated subexpression is named once (`w1 = cos(b3)*sin(b4)`, ...). Values
larger than SHARE_NODES tree nodes are rewritten that way, in one pass over their shared graph
(equal nodes made one first); textbook-sized values are never touched. A run of terms that
several sums begin with is named too (a lever arm to body k + 1 written as the arm to body k's
run plus its own terms), since symengine flattens a sum of sums into one node.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, TypeVar

import symengine as se
import sympy

from screwsolve.limits import SHARE_NODES
from screwsolve.symbolic.bridge import UnsupportedError, from_engine, symbols_of, to_engine
from screwsolve.symbolic.graphs import (
    DESCEND,
    exceeds,
    fold,
    has_arguments,
    interned,
    tree_nodes,
)

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


def _trivial(value: se.Basic, args: tuple[se.Basic, ...]) -> bool:
    """A function of one symbol (sin(a1)) or a number (`args`: value.args): clearer inline
    than named."""
    if value.is_Number or value.is_Symbol:
        return True
    return bool(isinstance(value, se.Function) and len(args) == 1 and args[0].is_Symbol)


def _uses(
    roots: list[se.Basic],
) -> tuple[dict[se.Basic, int], list[tuple[se.Basic, tuple[se.Basic, ...]]]]:
    """How many places use each operation node of the values' shared graph: each root once,
    each argument slot of each distinct node once; and the sums of PREFIX_TERMS terms or more
    with their terms, in the order met (a sum's `.args` makes its products afresh: read once).
    Keyed by value, which on an interned graph compares a level or two (see
    graphs.interned)."""
    uses: dict[se.Basic, int] = {}
    seen: set[se.Basic] = set()
    sums: list[tuple[se.Basic, tuple[se.Basic, ...]]] = []
    stack: list[se.Basic] = []
    for root in roots:
        uses[root] = uses.get(root, 0) + 1
        stack.append(root)
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        args = node.args
        if isinstance(node, se.Add) and len(args) >= PREFIX_TERMS:
            sums.append((node, args))
        for arg in args:
            if has_arguments(arg):
                uses[arg] = uses.get(arg, 0) + 1
                if arg not in seen:
                    stack.append(arg)
    return uses, sums


# A run of terms that several sums begin with (their terms ordered as below) is named once
# when it has at least this many: symengine flattens a sum of sums, so the lever arm from a
# joint to body k and to body k + 1 are two flat sums, the second the first's terms and one
# more, and naming whole nodes never shares them (a 60-link chain's longest definition held
# 117 terms, and the shared names' text grew like n^2.6).
PREFIX_TERMS = 4


class _Prefix:
    """A run of terms some sums begin with: a node of the trie of the sums' ordered terms."""

    __slots__ = ("children", "count", "depth", "name", "parent", "used")

    def __init__(self, depth: int, parent: _Prefix | None) -> None:
        self.children: dict[se.Basic, _Prefix] = {}
        self.count = 0  # sums that begin with this run
        self.depth = depth
        self.parent = parent
        self.used = False  # the longest run of some sum: named when first met
        self.name: str | None = None


def _common_prefixes(
    sums: list[tuple[se.Basic, tuple[se.Basic, ...]]],
) -> dict[se.Basic, tuple[list[se.Basic], _Prefix]]:
    """For each sum that begins with a run of PREFIX_TERMS terms or more that another sum also
    begins with (`sums`: each with its terms): its terms in order and its longest such run.
    Terms are ordered by how many of the sums hold them (most first), then by when they were
    first met, so that the terms nested sums share come first and a sum's own last: the lever
    arms' runs line up."""
    counts: dict[se.Basic, int] = {}
    first: dict[se.Basic, int] = {}
    for _, terms in sums:
        for term in terms:
            counts[term] = counts.get(term, 0) + 1
            first.setdefault(term, len(first))
    root = _Prefix(0, None)
    ordered: list[tuple[se.Basic, list[se.Basic]]] = []
    for total, terms in sums:
        sequence = sorted(terms, key=lambda term: (-counts[term], first[term]))
        ordered.append((total, sequence))
        node = root
        for term in sequence:
            child = node.children.get(term)
            if child is None:
                child = node.children[term] = _Prefix(node.depth + 1, node)
            child.count += 1
            node = child
    found: dict[se.Basic, tuple[list[se.Basic], _Prefix]] = {}
    for total, sequence in ordered:
        node, deepest = root, None
        for term in sequence:
            node = node.children[term]
            if node.count < 2:
                break
            deepest = node
        if deepest is not None and deepest.depth >= PREFIX_TERMS:
            deepest.used = True
            found[total] = (sequence, deepest)
    return found


def _own_operations(node: se.Basic, args: tuple[se.Basic, ...]) -> int:
    """The operations a node adds to its arguments' (`args`) when printed (about sympy's
    count_ops)."""
    if isinstance(node, se.Add | se.Mul):
        return max(len(args) - 1, 1)
    return 1


class _Naming:
    """Rebuilds the values bottom up, naming each node used in two places or more (unless it is
    clearer inline), in the order the names are defined: each definition uses earlier names
    only. Each distinct node is rebuilt once, so the pass is linear in the graph's size (where
    symengine's cse, run on the 30-link chain's values, had not finished in ten minutes)."""

    def __init__(
        self,
        uses: dict[se.Basic, int],
        stem: str,
        prefixes: dict[se.Basic, tuple[list[se.Basic], _Prefix]] | None = None,
    ) -> None:
        self.uses = uses
        self.stem = stem
        self.prefixes = prefixes or {}
        self.kept: list[tuple[str, se.Basic]] = []
        self.operations: dict[se.Basic, int] = {}  # of a rebuilt node, names counting none
        self.results: dict[se.Basic, se.Basic] = {}

    def rewritten(self, root: se.Basic) -> se.Basic:
        def before(node: se.Basic) -> object:
            return DESCEND if has_arguments(node) else node

        return fold(root, before, self._after, key=lambda node: node, results=self.results)

    def _after(self, node: se.Basic, args: list[se.Basic]) -> se.Basic:
        prefix = self.prefixes.get(node) if isinstance(node, se.Add) else None
        if prefix is not None:
            args = self._over_prefix(node, args, *prefix)
        rebuilt = node.func(*args)
        # read once: a sum's or a product's `.args` makes its products or powers afresh
        own = rebuilt.args
        operations = _own_operations(rebuilt, own) + sum(self.operations.get(a, 0) for a in args)
        if (
            self.uses.get(node, 0) < 2
            or _trivial(rebuilt, own)
            or not own
            or operations <= INLINE_OPERATIONS
        ):
            self.operations[rebuilt] = operations
            return rebuilt
        return self._named(rebuilt)

    def _named(self, value: se.Basic) -> se.Basic:
        name = f"{self.stem}{len(self.kept) + 1}"
        self.kept.append((name, value))
        return se.Symbol(name)

    def _over_prefix(
        self, node: se.Basic, args: list[se.Basic], sequence: list[se.Basic], run: _Prefix
    ) -> list[se.Basic]:
        """A sum's terms (`args`: rewritten) with the run it begins with as one name."""
        rewritten = dict(zip(node.args, args, strict=True))
        rest = [rewritten[term] for term in sequence[run.depth :]]
        return [self._run_name(run, sequence, rewritten), *rest]

    def _run_name(
        self, run: _Prefix, sequence: list[se.Basic], rewritten: dict[se.Basic, se.Basic]
    ) -> se.Basic:
        """The name of a run, defined when first met as the nearest shorter named run plus the
        terms after it (`sequence`: the terms of a sum that begins with it, and `rewritten`:
        each one rewritten)."""
        if run.name is None:
            shorter = run.parent
            while shorter is not None and not shorter.used:
                shorter = shorter.parent
            start = shorter.depth if shorter is not None else 0
            terms = [rewritten[term] for term in sequence[start : run.depth]]
            if shorter is not None:
                terms.insert(0, self._run_name(shorter, sequence, rewritten))
            run.name = self._named(se.Add(*terms)).name
        return se.Symbol(run.name)


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
    engine = [interned(value) for value in engine]
    uses, sums = _uses(engine)
    naming = _Naming(uses, _prefix(set(taken)), _common_prefixes(sums))
    reduced = [naming.rewritten(value) for value in engine]
    kept = naming.kept
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
        result[key] = back(value)
    return result, definitions


def unshared(expr: Any, definitions: Definitions) -> Any:
    """The full expression again: every shared name replaced by its definition."""
    for name, value in reversed(definitions):
        symbol = se.Symbol(name) if isinstance(expr, se.Basic) else sympy.Symbol(name, real=True)
        expr = expr.xreplace({symbol: value})
    return expr
