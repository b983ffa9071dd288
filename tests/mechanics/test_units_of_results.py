"""The mechanics keeps units: for every shipped problem (each declares them), the unit found by
walking each computed power, power coefficient and potential energy is the unit its quantity
must have (W; W per unit of q'; J). An independent check of both the screws' algebra (a term
with a lost factor would change its unit) and of the units the results print with."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import solve_text

ROOT = Path(__file__).resolve().parents[2]
PROBLEMS = sorted((ROOT / "problems").glob("*.yaml"))


@pytest.mark.parametrize("path", PROBLEMS, ids=[p.stem for p in PROBLEMS])
def test_every_computed_result_has_the_unit_of_its_quantity(path: Path) -> None:
    analysis = solve_text(path.read_text(encoding="utf-8"))
    units = analysis.system.units
    assert units is not None, "every shipped problem declares its units"
    table, quantities = units.table, units.quantities
    checked = 0
    for terms in analysis.actions:
        power = table.of(terms.power)
        if power is not None:
            assert power.alike(quantities.power), (terms.action.name, power.text())
            checked += 1
        for q, value in terms.coefficients.items():
            found, wanted = table.of(value), quantities.coefficient(q)
            if found is not None and wanted is not None:
                assert found.alike(wanted), (terms.action.name, q, found.text(), wanted.text())
                checked += 1
    energy = analysis.potential_total.value
    if energy is not None and table.of(energy) is not None:
        assert table.of(energy).alike(quantities.energy)  # type: ignore[union-attr]
    assert checked > 0
