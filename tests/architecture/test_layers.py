"""The layout is the architecture: file -> models -> sympy system -> result -> renderer.

Each folder is a layer and imports only from layers below it (or from itself). The graph has no
cycle, and no import goes against the flow: the notebook hook (`Solution._repr_latex_`) calls
the LaTeX renderer that screwsolve.api installs.
"""

from __future__ import annotations

import pytest

from .imports import Edge, cycles, edges, modules

# Lower number = lower layer. A module may import its own layer or any lower one.
LAYERS = {
    "screwsolve.errors": 0,
    "screwsolve.limits": 0,
    "screwsolve.progress": 0,
    "screwsolve.quantities": 0,
    "screwsolve.version": 0,
    "screwsolve.files": 1,
    "screwsolve.symbolic": 2,
    "screwsolve.units": 2,
    "screwsolve.model": 3,
    "screwsolve.mechanics": 4,
    "screwsolve.solution": 5,
    "screwsolve.runtime": 6,
    "screwsolve.checking": 6,
    "screwsolve.grading": 6,
    "screwsolve.render": 7,
    "screwsolve.console": 7,
    "screwsolve.api": 8,
    "screwsolve.jobs": 8,
    "screwsolve.lean_imports": 6,  # imports nothing of screwsolve; every process's start uses it
    "screwsolve.cli": 9,
    "screwsolve.cli.help": 9,
    "screwsolve.launch": 10,
    "screwsolve.__main__": 11,
    "screwsolve": 11,
}
SYMBOLIC_PACKAGES = {"sympy", "symengine", "mpmath"}


def layer(module: str) -> int:
    best = max(
        (name for name in LAYERS if module == name or module.startswith(name + ".")), key=len
    )
    return LAYERS[best]


def inner(edge: Edge) -> bool:
    return edge.target == "screwsolve" or edge.target.startswith("screwsolve.")


def test_every_module_belongs_to_a_layer() -> None:
    for module in modules():
        assert layer(module) >= 0, module


def test_no_import_cycles() -> None:
    graph: dict[str, set[str]] = {m: set() for m in modules()}
    for edge in edges():
        if inner(edge):
            graph[edge.source].add(edge.target)
    assert cycles(graph) == []


def test_imports_only_go_down_the_layers() -> None:
    upward = [
        f"{e.source}:{e.line} imports {e.target}"
        for e in edges()
        if inner(e) and e.target != "screwsolve" and layer(e.target) > layer(e.source)
    ]
    assert upward == []


def test_files_layer_never_imports_sympy() -> None:
    offending = [
        f"{e.source}:{e.line} imports {e.target}"
        for e in edges()
        if e.source.startswith("screwsolve.files") and e.target in SYMBOLIC_PACKAGES
    ]
    assert offending == []


@pytest.mark.parametrize("package", ["screwsolve.symbolic", "screwsolve.files"])
def test_lower_layers_know_nothing_of_mechanics(package: str) -> None:
    offending = [
        f"{e.source}:{e.line} imports {e.target}"
        for e in edges()
        if e.source.startswith(package)
        and inner(e)
        and e.target.startswith(("screwsolve.model", "screwsolve.mechanics"))
    ]
    assert offending == []


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_renderers_compute_nothing() -> None:
    """Renderers format result objects: they import neither the model, the mechanics, nor any
    simplification, and call no simplify."""
    forbidden = ("screwsolve.model", "screwsolve.mechanics", "screwsolve.symbolic.simplify")
    offending = [
        f"{e.source}:{e.line} imports {e.target}"
        for e in edges()
        if e.source.startswith("screwsolve.render") and e.target.startswith(forbidden)
    ]
    assert offending == []
    for module, path in modules().items():
        if module.startswith("screwsolve.render"):
            text = path.read_text(encoding="utf-8")
            assert "simplify(" not in text and "trigsimp(" not in text, module
