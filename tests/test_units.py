"""Unit texts read through sympy.physics.units: SI dimensions and scales as a book states them
(1 N = 1 kg m/s^2, 1 cm = 1/100 m, 1 deg = pi/180 rad), never evaluated."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from screwsolve.errors import ExpressionError
from screwsolve.units import (
    BASES,
    COHERENT,
    DIMENSIONLESS,
    FORCE,
    LENGTH,
    MASS,
    MOMENT,
    POWER,
    TIME,
    Unit,
    _sympy_quantity,
    parse_unit,
)


def dims(**exponents: int) -> tuple[Fraction, ...]:
    return tuple(Fraction(exponents.get(base, 0)) for base in BASES)


@pytest.mark.parametrize(
    ("text", "expected", "scale"),
    [
        ("kg", dims(mass=1), 1),
        ("m", dims(length=1), 1),
        ("N", dims(mass=1, length=1, time=-2), 1),
        ("N*m/rad", dims(mass=1, length=2, time=-2), 1),
        ("kg*m/s**2", dims(mass=1, length=1, time=-2), 1),
        ("J", dims(mass=1, length=2, time=-2), 1),
        ("W", dims(mass=1, length=2, time=-3), 1),
        ("m/s**2", dims(length=1, time=-2), 1),
        ("rad", dims(), 1),
        ("1", dims(), 1),
        ("1/s", dims(time=-1), 1),
        ("cm", dims(length=1), sympy.Rational(1, 100)),
        ("g", dims(mass=1), sympy.Rational(1, 1000)),  # sympy's g is the gram
        ("deg", dims(), sympy.pi / 180),
        ("N/m**(3/2)", (Fraction(-1, 2), Fraction(1), Fraction(-2), *[Fraction(0)] * 4), 1),
    ],
)
def test_units_have_the_si_dimensions_and_scales_a_book_gives(
    text: str, expected: tuple[Fraction, ...], scale: object
) -> None:
    unit = parse_unit(text)
    assert unit.dims == expected
    assert sympy.simplify(unit.scale - scale) == 0


@pytest.mark.parametrize("name", sorted(COHERENT))
def test_the_units_known_without_sympy_are_sympys_own(name: str) -> None:
    """The coherent units read without importing sympy.physics.units are its definitions."""
    assert parse_unit(name) == _sympy_quantity(name)
    assert parse_unit(name).coherent


def test_a_file_in_coherent_units_never_imports_sympys_unit_systems() -> None:
    probe = (
        "import sys\n"
        "from screwsolve.units import parse_unit\n"
        "assert parse_unit('N*m/rad') == parse_unit('kg*m**2/s**2')\n"
        "print('sympy.physics.units' in sys.modules)\n"
        "parse_unit('cm')\n"
        "print('sympy.physics.units' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True"]


def test_derived_units_print_as_a_book_writes_them() -> None:
    assert parse_unit("kg*m/s**2").text() == "N"
    assert parse_unit("N*m/rad").text() == "N*m"
    assert (POWER / (LENGTH / TIME)).text() == "N"
    assert (POWER / (DIMENSIONLESS / TIME)).text() == "N*m"
    assert (MASS * LENGTH**2 / TIME).text() == "N*m*s"
    assert (MASS * LENGTH).text() == "kg*m"
    assert (MASS / (LENGTH * TIME**3)).text() == "kg/(m*s**3)"
    assert MOMENT.latex() == r"\mathrm{N\,m}"
    assert FORCE.describe() == "a force (N)"


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("kgg", "unknown unit 'kgg' (did you mean kg", 0),
        ("N*mm*s", "", 2),  # mm is a unit: no error (see below)
        ("N*metre_x", "unknown unit 'metre_x'", 2),
        ("c", "unknown unit 'c'", 0),  # the speed of light is a constant, not a unit
        ("__import__", "unknown unit '__import__'", 0),
        ("m^2", "character '^' is not part of a unit", 1),
        ("m**13", "exponent is a whole number up to 12", 3),
        ("m**x", "exponent is a whole number up to 12", 3),
        ("sin(m)", "a unit is names such as kg", 0),
        ("m.__class__", "character '.' is not part of a unit", 1),
        ("2*m", "a unit is names such as kg", 0),
        ("", "empty unit", 0),
        ("m" * 101, "unit longer than 100 characters", 100),
    ],
)
def test_a_bad_unit_is_refused_at_its_column(text: str, message: str, column: int) -> None:
    if not message:
        parse_unit(text)
        return
    with pytest.raises(ExpressionError) as caught:
        parse_unit(text)
    assert message in caught.value.message
    assert caught.value.offset == column


exponents = st.tuples(*[st.integers(-3, 3) for _ in range(3)])


@given(exponents)
def test_a_printed_unit_reads_back_as_the_same_unit(powers: tuple[int, int, int]) -> None:
    """text() is a unit text: parse_unit(unit.text()) is the unit again, for any exponents of
    m, kg and s."""
    unit = Unit(dims(length=powers[0], mass=powers[1], time=powers[2]))
    assert parse_unit(unit.text()).dims == unit.dims


@given(exponents, exponents)
def test_units_multiply_and_divide_as_their_dimensions(
    a: tuple[int, int, int], b: tuple[int, int, int]
) -> None:
    first = Unit(dims(length=a[0], mass=a[1], time=a[2]))
    second = Unit(dims(length=b[0], mass=b[1], time=b[2]))
    assert (first * second / second).alike(first)
    assert (first / first).dimensionless
    assert (first**2).alike(first * first)
