"""The unit each reported quantity must have, from the coordinates' and speeds' units: the power
in W, Q^q in W per unit of q' (Q^x a force for a length x, Q^theta a moment for an angle),
F_r per unit of u_r, partial screws per unit of q' (DESIGN's {omega ; v} divided by q')."""

from __future__ import annotations

import pytest

from screwsolve.model.quantity_units import QuantityUnits, rate_units
from screwsolve.units import Unit, parse_unit

UNITS = {"x": parse_unit("m"), "theta": parse_unit("rad")}
RATES = rate_units(UNITS, ["x", "theta", "s"])  # s: a coordinate without a unit
SPEEDS: dict[str, Unit | None] = {"u": parse_unit("m/s"), "w": parse_unit("rad/s")}
QUANTITIES = QuantityUnits(RATES, SPEEDS)


@pytest.mark.parametrize(
    ("path", "unit"),
    [
        (("power",), "W"),
        (("power", "weight"), "W"),
        (("power_under_constraints",), "W"),
        (("dissipation",), "W"),
        (("potential_energy", "spring"), "J"),
        (("power_coefficients", "x"), "N"),
        (("power_coefficients", "theta"), "N*m"),
        (("power_coefficients", "t"), "W"),
        (("power_coefficients", "weight", "theta"), "N*m"),
        (("interaction", "pin", "x"), "N"),
        (("generalized_active_forces", "u"), "N"),
        (("constrained_generalized_active_forces", "push", "w"), "N*m"),
        (("rates_on_constraints", "x"), "m/s"),
    ],
)
def test_the_unit_of_a_scalar_quantity(path: tuple[str, ...], unit: str) -> None:
    found = QUANTITIES.of_claim(path)
    assert isinstance(found, Unit) and found.alike(parse_unit(unit)), path


@pytest.mark.parametrize(
    ("path", "resultant", "moment"),
    [
        (("kinematic_screws", "1"), "1/s", "m/s"),
        (("replacement", "1"), "N", "N*m"),
        (("partial_screws", "1", "x"), "1/m", "1"),  # {0 ; x0}: v per x'
        (("partial_screws", "1", "theta"), "1", "m"),  # {z0 ; l y1}: omega per theta'
        (("partial_screws", "1", "t"), "1/s", "m/s"),
        (("partial_screws", "1", "u"), "1/m", "1"),
    ],
)
def test_the_units_of_a_screw(path: tuple[str, ...], resultant: str, moment: str) -> None:
    found = QUANTITIES.of_claim(path)
    assert isinstance(found, tuple)
    assert found[0] is not None and found[0].alike(parse_unit(resultant))
    assert found[1] is not None and found[1].alike(parse_unit(moment))


def test_a_coordinate_without_a_unit_leaves_its_quantities_unknown() -> None:
    assert QUANTITIES.of_claim(("power_coefficients", "s")) is None
    assert QUANTITIES.of_claim(("partial_screws", "1", "s")) == (None, None)
    assert QUANTITIES.of_claim(("noncontributing",)) is None
