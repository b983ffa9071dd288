"""Large results as shared subexpressions: exact, ordered, collision-free; small ones untouched."""

from __future__ import annotations

import dataclasses
import json

import jsonschema
import sympy

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
