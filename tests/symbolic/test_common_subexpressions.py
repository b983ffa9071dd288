"""Large results as shared subexpressions: exact, ordered, collision-free; small ones untouched."""

from __future__ import annotations

import dataclasses
import json

import jsonschema
import pytest
import symengine as se
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from screwsolve.api import solution_to_print as solve  # what run prints
from screwsolve.limits import SHARE_NODES
from screwsolve.render.json import solution_document
from screwsolve.solution.result import map_expressions
from screwsolve.symbolic.common_subexpressions import share, unshared
from screwsolve.symbolic.graphs import exceeds

from ..conftest import LARGE_PUBLISHED, PROBLEMS, ROOT, same, solve_text
from ..two_axis_chain import two_axis_chain_yaml

SCHEMA = ROOT / "schemas" / "result.schema.json"
a, b, c, k = sympy.symbols("a b c k", real=True)


def _large() -> dict[str, sympy.Expr]:
    block = sympy.Add(*(sympy.cos(a + i) * sympy.sin(b) * (k + i) for i in range(40)))
    return {"first": block * sympy.cos(c) + block**2, "second": block * sympy.sin(c), "small": a}


def test_values_come_back_exactly_and_definitions_use_earlier_names_only() -> None:
    values = _large()
    assert exceeds(values["first"], SHARE_NODES)
    reduced, definitions = share(values, {"a", "b", "c", "k"})
    assert definitions and reduced["small"] == a
    defined: set[str] = set()
    for name, value in definitions:
        used = {s.name for s in value.free_symbols} - {"a", "b", "c", "k"}
        assert used <= defined, name
        defined.add(name)
    for key, value in values.items():
        assert same(unshared(reduced[key], definitions), value), key
    total = sum(sympy.count_ops(v) for v in reduced.values())
    total += sum(sympy.count_ops(v) for _, v in definitions)
    assert total < sum(sympy.count_ops(v) for v in values.values())


def test_shared_names_never_collide_with_the_problems_names() -> None:
    _, definitions = share(_large(), {"a", "b", "c", "k", "w1", "w2"})
    assert all(not name.startswith("w") or name.startswith("w_") for name, _ in definitions)


def test_textbook_results_are_never_shared() -> None:
    """Only a shipped problem past textbook size (LARGE_PUBLISHED) prints shared names."""
    for path in sorted(PROBLEMS.glob("*.yaml")):
        assert (solve(path).shared != ()) == (path.name in LARGE_PUBLISHED), path.name


def test_a_long_chain_prints_shared_subexpressions_that_expand_to_its_coefficients() -> None:
    text = two_axis_chain_yaml(4)
    solution = solve(text)
    analysis = solve_text(text)
    assert solution.shared
    for q, value in solution.coefficients.items():
        assert same(solution.unshared(value), analysis.static(analysis.coefficients[q])), q
    document = json.loads(json.dumps(solution_document(solution)))
    jsonschema.validate(document, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert [entry["name"] for entry in document["solution"]["shared"]] == [
        name for name, _ in solution.shared
    ]


def test_every_value_of_a_long_chain_unshares_to_the_value_printed_unshared(monkeypatch) -> None:
    """Screw components, potentials, coefficients and powers are shared in one pass; each
    comes back exactly, and large screws (here a body's resultant and couple) use the names."""
    text = two_axis_chain_yaml(4)
    shared_solution = solve(text)
    monkeypatch.setattr("screwsolve.solution.build.share", lambda values, taken: (values, ()))
    full_solution = solve(text)
    names = {name for name, _ in shared_solution.shared}
    screws = [*shared_solution.kinematic_screws.values(), *shared_solution.replacements.values()]
    components = [c for s in screws for v in (s.resultant, s.moment) for c, _ in v.terms]
    assert any({str(s) for s in c.free_symbols} & names for c in components)
    pairs: list[list[sympy.Expr]] = [[], []]
    for solution, found in zip((shared_solution, full_solution), pairs, strict=True):
        values_only = dataclasses.replace(solution, shared=())
        map_expressions(values_only, lambda expr, found=found: found.append(expr) or expr)
    assert len(pairs[0]) == len(pairs[1])
    changed = [(a, b) for a, b in zip(*pairs, strict=True) if a != b]
    assert changed
    for a, b in changed:
        assert same(shared_solution.unshared(a), b)


def test_the_latex_of_a_long_chain_uses_the_shared_names_as_the_table_does() -> None:
    from screwsolve.render import RENDERERS, RenderOptions

    solution = solve(two_axis_chain_yaml(4))
    latex = RENDERERS["latex"](solution, RenderOptions())
    assert isinstance(latex, str)
    for name, _ in solution.shared[:3]:
        assert f"{name[0]}_{{{name[1:]}}}" in latex


def test_sharing_is_linear_in_the_graph_not_the_tree() -> None:
    """Values whose trees double at each level (2**40 nodes) and whose graphs grow by a few
    nodes a level: every repeated node is named once (a walk of the tree would never end)."""
    import symengine as se

    x, y = se.symbols("x y")
    value = se.sin(x) * y
    for i in range(40):
        value = value * se.sin(x + i) + value * se.cos(y + i)
    reduced, definitions = share({"first": value, "second": value * x}, {"x", "y"})
    assert 40 <= len(definitions) <= 200
    from screwsolve.symbolic.graph_values import evaluate

    engine = unshared(reduced["first"], definitions)
    point = {"x": "0.3", "y": "0.7"}
    got, expected = evaluate(engine, point), evaluate(value, point)
    assert got is not None and expected is not None
    assert abs(got - expected) <= 1e-20 * max(1.0, abs(expected))


def _lever_arm_sums(count: int) -> tuple[dict[str, se.Basic], set[str]]:
    """What a chain's weights write (see bench/README.md, "What a chain's Q must print"):
    S_k = L1*c1 + ... + L(k-1)*c(k-1) + Lk*ck/2, the lever arm to the middle of link k, each
    in a value large enough to be shared (times a block of 60 terms)."""
    x, y = se.symbols("x y")
    lengths = se.symbols(" ".join(f"L{i}" for i in range(1, count + 1)))
    weights = se.symbols(" ".join(f"z{i}" for i in range(60)))
    cosines = [se.cos(x + i) * se.sin(y - i) for i in range(1, count + 1)]
    block = se.Add(*(se.cos(x + i) * se.sin(y) * weights[i] for i in range(60)))
    values = {}
    for k in range(1, count + 1):
        arm = se.Add(*(lengths[i] * cosines[i] for i in range(k - 1)))
        values[f"S{k}"] = block * (arm + lengths[k - 1] * cosines[k - 1] / 2)
    return values, {"x", "y", *(str(s) for s in (*lengths, *weights))}


def _sum_terms(expr: se.Basic) -> int:
    """The terms of every sum written in a value, outside functions' arguments (over its
    names, so a tree walk is short)."""
    return sum(len(node.args) for node in [expr, *_sub_nodes(expr)] if isinstance(node, se.Add))


def _sub_nodes(expr: se.Basic) -> list[se.Basic]:
    """The nodes under a value's sums, products and powers (not inside a function)."""
    found, stack = [], list(expr.args)
    while stack:
        node = stack.pop()
        found.append(node)
        if isinstance(node, se.Add | se.Mul | se.Pow):
            stack.extend(node.args)
    return found


def test_sums_that_begin_alike_are_written_over_one_named_run() -> None:
    """Flat, the twelve lever arms write 1 + 2 + ... + 12 = 78 terms, besides the block's 60.
    Each arm is the run of terms the next one begins with plus its own half link, and each run
    the run before plus one link: 2 terms per arm and 2 per run, at most 4 per arm (48). Every
    value comes back exactly, and each definition uses earlier names only."""
    values, taken = _lever_arm_sums(12)
    reduced, definitions = share(values, taken)
    written = [*reduced.values(), *(value for _, value in definitions)]
    assert sum(_sum_terms(value) for value in written) <= 60 + 4 * 12
    defined: set[str] = set()
    for name, value in definitions:
        assert {str(s) for s in value.free_symbols} - taken <= defined, name
        defined.add(name)
    for key, value in values.items():
        assert unshared(reduced[key], definitions) == value, key


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(st.integers(min_value=0, max_value=11), min_size=1, max_size=12, unique=True),
        min_size=1,
        max_size=8,
    )
)
def test_any_sums_sharing_terms_come_back_exactly(subsets: list[list[int]]) -> None:
    """Sums made of any terms of a pool of twelve, in any order: naming the runs they begin
    with never changes a value, and definitions only use names defined before them."""
    x, y = se.symbols("x y")
    pool = [(i + 1) * se.cos(x + i) * se.sin(y - i) - (i % 3) for i in range(12)]
    block = se.Add(*(se.cos(x + i) * se.sin(y) * (y + i) for i in range(40)))
    values = {
        f"v{n}": block * se.Add(*(pool[i] for i in subset)) for n, subset in enumerate(subsets)
    }
    reduced, definitions = share(values, {"x", "y"})
    defined: set[str] = set()
    for name, value in definitions:
        assert {str(s) for s in value.free_symbols} - {"x", "y"} <= defined, name
        defined.add(name)
    for key, value in values.items():
        assert unshared(reduced[key], definitions) == value, key


def test_a_chains_longest_shared_definition_does_not_grow_with_its_links() -> None:
    """Flat, the weight of body n's share of the first coordinate is a sum of 2n - 3 terms
    (29 at 16 links: bench/README.md measured 17 at 10 and 37 at 20); written over the runs
    its terms share with the weights before it, a few terms."""
    solution = solve(two_axis_chain_yaml(16), only=["power_coefficients"])
    longest = max(
        len(node.args)
        for _, value in solution.shared
        for node in [value, *_sub_nodes(value)]
        if isinstance(node, se.Add)
    )
    assert longest < 16


@pytest.mark.parametrize(
    "problem", ["chain of 8", "arm-with-wrapping-triceps.yaml"], ids=["chain-8", "arm"]
)
def test_every_value_unshares_to_the_value_printed_without_names(monkeypatch, problem) -> None:
    """Runs of terms named on a published problem and a chain past textbook size: each printed
    value, its names replaced by their definitions, is the value printed without any."""
    text = two_axis_chain_yaml(8) if problem == "chain of 8" else PROBLEMS / problem
    shared_solution = solve(text)
    assert shared_solution.shared
    monkeypatch.setattr("screwsolve.solution.build.share", lambda values, taken: (values, ()))
    full_solution = solve(text)
    pairs: list[list[sympy.Expr]] = [[], []]
    for solution, found in zip((shared_solution, full_solution), pairs, strict=True):
        values_only = dataclasses.replace(solution, shared=())
        map_expressions(values_only, lambda expr, found=found: found.append(expr) or expr)
    assert len(pairs[0]) == len(pairs[1])
    for a, b in zip(*pairs, strict=True):
        if a != b:
            assert same(_as_sympy(shared_solution.unshared(a)), _as_sympy(b))


def _as_sympy(value: object) -> sympy.Expr:
    from screwsolve.symbolic.bridge import from_engine

    if isinstance(value, se.Basic):
        names = {str(s): sympy.Symbol(str(s), real=True) for s in value.free_symbols}
        return from_engine(value, names)
    assert isinstance(value, sympy.Expr)
    return value
