"""`run --only`: each section asked for alone is exactly the section of the whole run (one
truth for both paths), and nothing else is computed or shown."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from screwsolve.api import quantities_asked, solution_to_print
from screwsolve.errors import UsageError
from screwsolve.quantities import QUANTITIES
from screwsolve.render import RENDERERS, RenderOptions
from screwsolve.render.json import solution_document

PROBLEMS = Path(__file__).resolve().parents[2] / "problems"
# actions and constraints; speeds and a constrained F~_r; joints; potentials and dissipation
CHOSEN = (
    "plate-on-a-step.yaml",
    "chaplygin-sleigh-friction.yaml",
    "double-pendulum-joints.yaml",
    "elastic-pendulum.yaml",
)
# the JSON keys under `solution` each quantity is shown at (besides its own json path)
ALSO = {
    "power": ("actions",),
    "power_coefficients": ("actions",),
    "interaction": ("actions",),
    "potential_energy": ("actions", "potential_energy_of", "potential_energy_missing", "checks"),
    "dissipation": ("actions", "checks"),
    "noncontributing": ("checks",),
    "rates_on_constraints": ("constrained_generalized_active_forces",),
    "constrained_generalized_active_forces": ("constrained_generalized_active_forces",),
    "generalized_active_forces": ("speeds",),
}


@cache
def _document(name: str, only: str | None = None) -> dict[str, Any]:
    solution = solution_to_print(PROBLEMS / name, only=None if only is None else [only])
    return solution_document(solution)["solution"]


def _unshared(document: dict[str, Any], key: str) -> Any:
    """A section with its shared names: equal only when the shared definitions are too."""
    return {"section": document.get(key), "shared": document["shared"]}


@pytest.mark.parametrize("name", CHOSEN)
@pytest.mark.parametrize("quantity", list(QUANTITIES))
def test_a_section_asked_alone_is_the_whole_runs(name: str, quantity: str) -> None:
    whole = _document(name)
    alone = _document(name, quantity)
    assert alone["only"] == [quantity]
    top = QUANTITIES[quantity].json_path[0]
    keys = {top, *ALSO.get(quantity, ())}
    for key in keys - {"actions", "checks"}:
        assert _unshared(alone, key) == _unshared(whole, key), key
    if "actions" in keys and quantity in {"power_coefficients", "interaction"}:
        assert [a["power_coefficients"] for a in alone["actions"]] == [
            a["power_coefficients"] for a in whole["actions"]
        ]
    if quantity == "power":
        assert [a["power"] for a in alone["actions"]] == [a["power"] for a in whole["actions"]]
    if quantity in {"noncontributing", "potential_energy", "dissipation"}:
        part = {"noncontributing": "noncontributing", "potential_energy": "potential"}
        check = part.get(quantity, quantity)
        assert alone["checks"][check] == whole["checks"][check]


@pytest.mark.parametrize("name", CHOSEN)
def test_what_was_not_asked_is_neither_computed_nor_shown(name: str) -> None:
    alone = _document(name, "power_coefficients")
    assert alone["kinematic_screws"] == {} and alone["partial_screws"] == {}
    assert alone["power"] is None and all(a["power"] is None for a in alone["actions"])
    assert alone["replacements"] == {} and alone["joints"] == []
    assert alone["speeds"] is None and alone["constrained_generalized_active_forces"] is None
    assert alone["checks"] == {"noncontributing": [], "potential": {}, "dissipation": {}}
    solution = solution_to_print(PROBLEMS / name, only=["power_coefficients"])
    table = RENDERERS["table"](solution, RenderOptions(plain=True))
    latex = RENDERERS["latex"](solution, RenderOptions())
    import io

    from screwsolve.console import text_console

    buffer = io.StringIO()
    text_console(buffer, color=False, width=200).print(table)
    shown = buffer.getvalue()
    assert QUANTITIES["power_coefficients"].table in shown
    assert QUANTITIES["power_coefficients"].latex in latex
    for other in ("kinematic_screws", "partial_screws", "power", "replacement"):
        assert QUANTITIES[other].table + " " not in shown.replace("\n", " ").replace(
            QUANTITIES["power_coefficients"].table, ""
        ), other
        assert "{" + QUANTITIES[other].latex + "}" not in latex, other


def test_an_unknown_or_empty_section_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="did you mean 'power_coefficients'"):
        quantities_asked(["power_coefficent"])
    with pytest.raises(UsageError, match="name at least one section"):
        quantities_asked([])
    assert quantities_asked("power") == frozenset({"power"})
    assert quantities_asked(None) is None
