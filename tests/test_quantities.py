"""The registry of quantities is the one definition every consumer reads: each quantity has a
truth for check and grade, a unit, a place in run's JSON (and its schema), and a section in the
table and the LaTeX that run prints. Walked over the registry, so a quantity added without one
of them fails here."""

from __future__ import annotations

import json
from typing import Any

import pytest

from screwsolve.checking.claims import SECTIONS, TRUTHS
from screwsolve.model.quantity_units import QuantityUnits
from screwsolve.quantities import QUANTITIES
from screwsolve.units import DIMENSIONLESS, TIME, VELOCITY

from .conftest import ROOT
from .golden_outputs import GOLDEN

SCHEMA = json.loads((ROOT / "schemas" / "result.schema.json").read_text(encoding="utf-8"))


def _schema_has(path: tuple[str, ...]) -> bool:
    node: Any = SCHEMA["properties"]["solution"]
    for part in path:
        node = _resolved(node)
        properties = node.get("properties", {})
        if part not in properties:
            return False
        node = properties[part]
    return True


def _resolved(node: dict[str, Any]) -> dict[str, Any]:
    """A schema node with its $ref followed and, of a oneOf with null, the object branch."""
    if "$ref" in node:
        node = SCHEMA["$defs"][node["$ref"].rsplit("/", 1)[1]]
    for branch in node.get("oneOf", []):
        branch = _resolved(branch)
        if "properties" in branch:
            return branch
    return node


def _shown(path: tuple[str, ...], document: dict[str, Any]) -> bool:
    """True when run's JSON has a value there that is not empty."""
    node: Any = document
    for part in path:
        if not isinstance(node, dict) or node.get(part) in (None, {}, []):
            return False
        node = node[part]
    return True


def test_claims_read_every_quantity_and_nothing_else() -> None:
    assert tuple(QUANTITIES) == SECTIONS
    assert set(TRUTHS) == set(QUANTITIES)


@pytest.mark.parametrize("key", list(QUANTITIES))
def test_every_quantity_has_a_unit_and_a_place_in_the_result_schema(key: str) -> None:
    quantity = QUANTITIES[key]
    assert _schema_has(quantity.json_path), quantity.json_path
    units = QuantityUnits({"x": VELOCITY, "t": DIMENSIONLESS / TIME}, {"x": VELOCITY})
    path = {
        "screw_by_body": (key, "B"),
        "screw_by_body_and_key": (key, "B", "x"),
        "by_action_and_key": (key, "a", "x"),
    }.get(quantity.shape, (key, "x"))
    found = units.of_claim(path)
    assert (found is None) == (quantity.unit == "none"), (key, found)


@pytest.mark.parametrize("key", list(QUANTITIES))
def test_every_quantity_is_shown_by_every_renderer(key: str) -> None:
    """For each quantity, the shipped problems whose run shows it (in its JSON): their table
    and LaTeX (the golden outputs, byte for byte what run prints) show its section too."""
    quantity = QUANTITIES[key]
    showing = []
    for folder in sorted(GOLDEN.iterdir()):
        if not folder.is_dir():
            continue
        document = json.loads((folder / "solution.json").read_text(encoding="utf-8"))
        if _shown(quantity.json_path, document["solution"]):
            showing.append(folder)
    assert showing, f"no shipped problem shows {key}"
    for folder in showing:
        table = (folder / "table.txt").read_text(encoding="utf-8")
        latex = (folder / "document.tex").read_text(encoding="utf-8")
        assert quantity.table in table, (folder.name, key)
        assert rf"\subsection*{{{quantity.latex}}}" in latex, (folder.name, key)
