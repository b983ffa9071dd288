"""The unit of an expression from its names' units: sums of alike terms, functions of pure
numbers, powers, rates per second; unknown where a name has no unit."""

from __future__ import annotations

from dataclasses import replace

import pytest
import sympy
from sympy.physics.vector import ReferenceFrame, dynamicsymbols

from screwsolve.model.dimensions import DimensionError, UnitTable
from screwsolve.units import DIMENSIONLESS, Unit, parse_unit

t = dynamicsymbols._t
m, g, l, c, d, free = sympy.symbols("m g l c d free", positive=True)
theta, x, alpha = dynamicsymbols("theta x alpha")


def declared(text: str) -> Unit:
    """A unit as a file declares it: it prints as written."""
    return replace(parse_unit(text), name=text)


TABLE = UnitTable(
    {
        m: declared("kg"),
        g: declared("m/s**2"),
        l: declared("m"),
        c: declared("N*s/m"),
        d: declared("cm"),
    },
    {"theta": declared("rad"), "x": declared("m"), "alpha": declared("deg")},
    t,
    show=lambda expr: str(expr).replace("(t)", ""),
)


@pytest.mark.parametrize(
    ("expr", "unit"),
    [
        (m * g * l * sympy.cos(theta), "N*m"),
        (m * g - c * x.diff(t), "N"),
        (l * theta.diff(t) ** 2, "m/s**2"),
        (sympy.sqrt(l**2 + x**2), "m"),
        (m * g * l * (1 - sympy.cos(theta)), "J"),
        (sympy.atan2(x, l), "1"),
        (sympy.Abs(x.diff(t)) * x.diff(t) * m / l, "N"),
        (sympy.exp(-theta) * l, "m"),
        (sympy.Integer(0), None),  # zero is zero in any unit
        (free * l, None),  # a name without a unit: unknown
    ],
)
def test_the_unit_of_an_expression(expr: sympy.Expr, unit: str | None) -> None:
    found = TABLE.of(expr)
    if unit is None:
        assert found is None
    else:
        assert found is not None and found.alike(parse_unit(unit))


def test_unknown_terms_do_not_hide_known_ones() -> None:
    """free + l: the sum has l's unit (a file with units for some names only)."""
    found = TABLE.of(free + l)
    assert found is not None and found.alike(parse_unit("m"))
    with pytest.raises(DimensionError):
        TABLE.of(free + l + theta)


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        (l + theta, ["'theta' is a pure number or an angle (rad)", "'l'", "a length (m)"]),
        (m * g + m * g * l, ["a force", "a moment or an energy"]),
        (sympy.sin(l), ["sin() takes a pure number or an angle", "'l' is a length (m)"]),
        (sympy.exp(alpha), ["exp() takes an angle in radians", "deg"]),  # sin(alpha) is fine
        (l + d, ["'d'", "in cm", "'l'", "in m", "same unit"]),
        (theta**l, ["an exponent takes a pure number", "'l' is a length"]),
        (sympy.atan2(x, m), ["atan2's two arguments"]),
    ],
)
def test_terms_that_cannot_meet_are_named_with_their_units(
    expr: sympy.Expr, words: list[str]
) -> None:
    with pytest.raises(DimensionError) as caught:
        TABLE.of(expr)
    for word in words:
        assert word in caught.value.message


def test_a_vector_has_the_unit_of_its_components() -> None:
    frame = ReferenceFrame("A")
    unit = TABLE.of_vector(l * frame.x + x * frame.y)
    assert unit is not None and unit.alike(parse_unit("m"))
    angle = TABLE.of_vector(theta * frame.x)
    assert angle is not None and angle.alike(DIMENSIONLESS)
    with pytest.raises(DimensionError):
        TABLE.of_vector(l * frame.x + m * g * frame.y)
    with pytest.raises(DimensionError, match="same unit"):  # components in m and in cm
        TABLE.of_vector(l * frame.x + d * frame.y)
