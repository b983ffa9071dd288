"""Units of measure: a unit text of the file (`kg`, `N*m/rad`, `m/s**2`) read through
sympy.physics.units, and the `Unit` (SI dimension exponents and scale) the checks compute with.

A unit text is parsed by `ast` and a whitelist, as expressions are: its names are looked up among
sympy.physics.units' quantities only (never evaluated). sympy.physics.units is imported only by a
file that declares a unit other than the coherent SI ones of `COHERENT`.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from screwsolve.errors import ExpressionError

if TYPE_CHECKING:
    import sympy

# SI base dimensions, in the order of `Unit.dims`, and their coherent units
BASES = ("length", "mass", "time", "current", "temperature", "amount_of_substance",
         "luminous_intensity")  # fmt: skip
BASE_SYMBOLS = ("m", "kg", "s", "A", "K", "mol", "cd")
MAX_UNIT_CHARS = 100
MAX_UNIT_EXPONENT = 12

Dims = tuple[Fraction, ...]
_ZERO: Dims = (Fraction(0),) * len(BASES)


def _dims(**exponents: int) -> Dims:
    return tuple(Fraction(exponents.get(base, 0)) for base in BASES)


# Derived dimensions a mechanics book names, with the unit it writes and the quantity's name
NAMED: dict[Dims, tuple[str, str, str]] = {
    _ZERO: ("1", "1", "a pure number or an angle"),
    _dims(length=1): ("m", "m", "a length"),
    _dims(mass=1): ("kg", "kg", "a mass"),
    _dims(time=1): ("s", "s", "a time"),
    _dims(time=-1): ("1/s", "1/s", "a rate (per second)"),
    _dims(length=1, time=-1): ("m/s", "m/s", "a velocity"),
    _dims(length=1, time=-2): ("m/s**2", "m/s^{2}", "an acceleration"),
    _dims(mass=1, length=1, time=-2): ("N", "N", "a force"),
    _dims(mass=1, length=2, time=-2): ("N*m", r"N\,m", "a moment or an energy"),
    _dims(mass=1, length=2, time=-3): ("W", "W", "a power"),
    _dims(mass=1, time=-2): ("N/m", "N/m", "a stiffness (force per length)"),
    _dims(mass=1, time=-1): ("N*s/m", r"N\,s/m", "a damping coefficient (force per velocity)"),
    _dims(mass=1, length=-1): ("kg/m", "kg/m", "a drag coefficient (force per velocity squared)"),
    _dims(mass=1, length=1, time=-1): ("N*s", r"N\,s", "a momentum"),
    _dims(mass=1, length=2, time=-1): ("N*m*s", r"N\,m\,s", "an angular momentum"),
    _dims(mass=1, length=2): ("kg*m**2", r"kg\,m^{2}", "a moment of inertia"),
    _dims(length=-1): ("1/m", "1/m", "units of 1/m"),
}


@dataclass(frozen=True)
class Unit:
    """A unit as SI dimension exponents and a scale to the coherent SI unit (cm: 1/100,
    deg: pi/180); `name` overrides how it prints (J for an energy, rad/s for a rotation)."""

    dims: Dims
    scale: sympy.Expr | int = 1
    name: str | None = None

    def __mul__(self, other: Unit) -> Unit:
        dims = tuple(a + b for a, b in zip(self.dims, other.dims, strict=True))
        return Unit(dims, self.scale * other.scale)

    def __truediv__(self, other: Unit) -> Unit:
        return self * other**-1

    def __pow__(self, exponent: Fraction | int) -> Unit:
        power = Fraction(exponent)
        scale = self.scale
        if scale != 1:
            import sympy

            scale = sympy.Pow(scale, sympy.Rational(power.numerator, power.denominator))
        return Unit(tuple(d * power for d in self.dims), scale)

    def named(self, name: str) -> Unit:
        return Unit(self.dims, self.scale, name)

    def alike(self, other: Unit) -> bool:
        """The same dimension (whatever the scale)."""
        return self.dims == other.dims

    @property
    def dimensionless(self) -> bool:
        return self.dims == _ZERO

    @property
    def coherent(self) -> bool:
        return bool(self.scale == 1)

    def text(self) -> str:
        """The unit as the book writes it: N*m, m/s**2, kg*m**2/s (plain text)."""
        if self.name is not None:
            return self.name
        named = NAMED.get(self.dims)
        body = named[0] if named else _composed(self.dims, latex=False)
        return body if self.coherent else f"{_scale_text(self.scale)}*{body}"

    def latex(self) -> str:
        """The unit in LaTeX, upright (\\mathrm), with no package beyond a stock pdflatex."""
        if self.name is not None:  # J, rad/s, or a declared unit as written (m/s**2)
            powered = re.sub(r"\*\*\(?(-?[0-9/]+)\)?", r"^{\1}", self.name)
            body = powered.replace("*", r"\,")
        else:
            named = NAMED.get(self.dims)
            body = named[1] if named else _composed(self.dims, latex=True)
        if not self.coherent:
            body = f"{_scale_text(self.scale)}\\,{body}"
        return rf"\mathrm{{{body}}}"

    def describe(self) -> str:
        """'a force (N)', for messages."""
        named = NAMED.get(self.dims)
        return f"{named[2]} ({self.text()})" if named else f"in units of {self.text()}"


DIMENSIONLESS = Unit(_ZERO)
LENGTH = Unit(_dims(length=1))
MASS = Unit(_dims(mass=1))
TIME = Unit(_dims(time=1))
FORCE = Unit(_dims(mass=1, length=1, time=-2))
MOMENT = FORCE * LENGTH
ENERGY = MOMENT.named("J")
POWER = Unit(_dims(mass=1, length=2, time=-3))
VELOCITY = LENGTH / TIME
ACCELERATION = VELOCITY / TIME
ANGULAR_VELOCITY = (DIMENSIONLESS / TIME).named("rad/s")


def _scale_text(scale: object) -> str:
    try:
        return f"{float(scale):g}"  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return str(scale)


def _composed(dims: Dims, *, latex: bool) -> str:
    """kg*m**2/s**3 from the exponents (numerator first, as a book writes units)."""

    def power(symbol: str, exponent: Fraction) -> str:
        if exponent == 1:
            return symbol
        shown = str(exponent)
        if latex:
            return f"{symbol}^{{{shown}}}"
        return f"{symbol}**{shown}" if exponent.denominator == 1 else f"{symbol}**({shown})"

    glue = r"\," if latex else "*"
    # kg*m**2/s**3: mass first, as books write units
    order = [1, 0, *range(2, len(BASES))]
    pairs = [(BASE_SYMBOLS[i], dims[i]) for i in order]
    top = [power(s, e) for s, e in pairs if e > 0]
    bottom = [power(s, -e) for s, e in pairs if e < 0]
    numerator = glue.join(top) or "1"
    if not bottom:
        return numerator
    denominator = glue.join(bottom)
    return f"{numerator}/({denominator})" if len(bottom) > 1 else f"{numerator}/{denominator}"


# The coherent SI units files write most, as sympy.physics.units defines them (a test compares
# each with sympy's): a file that uses only these never imports sympy.physics.units, whose
# unit systems cost 0.19 s to set up (about a quarter of `validate` on the plate).
COHERENT: dict[str, Dims] = {
    "m": _dims(length=1),
    "kg": _dims(mass=1),
    "s": _dims(time=1),
    "A": _dims(current=1),
    "K": _dims(temperature=1),
    "mol": _dims(amount_of_substance=1),
    "cd": _dims(luminous_intensity=1),
    "rad": _ZERO,
    "N": _dims(mass=1, length=1, time=-2),
    "J": _dims(mass=1, length=2, time=-2),
    "W": _dims(mass=1, length=2, time=-3),
    "Pa": _dims(mass=1, length=-1, time=-2),
    "Hz": _dims(time=-1),
}


def _quantity(name: str) -> Unit | None:
    """The Unit of one of sympy.physics.units' quantities (m, kg, N, rad, deg, cm, ...), or None
    when the name is not one (physical constants such as c or G are not units)."""
    dims = COHERENT.get(name)
    return Unit(dims) if dims is not None else _sympy_quantity(name)


@cache
def _sympy_quantity(name: str) -> Unit | None:
    """_quantity of a name looked up in sympy.physics.units itself."""
    from sympy.physics import units
    from sympy.physics.units.quantities import PhysicalConstant
    from sympy.physics.units.systems.si import SI, dimsys_SI

    if not name.isidentifier() or name.startswith("_"):
        return None
    quantity = vars(units).get(name)
    if not isinstance(quantity, units.Quantity) or isinstance(quantity, PhysicalConstant):
        return None
    dependencies = dimsys_SI.get_dimensional_dependencies(SI.get_quantity_dimension(quantity))
    exponents = {str(dimension.name): exponent for dimension, exponent in dependencies.items()}
    if any(base not in BASES for base in exponents):
        return None
    dims = tuple(Fraction(int(exponents.get(base, 0))) for base in BASES)
    # sympy's scale factors count mass in grams: kg (and N, J, W) are 1000
    scale = SI.get_quantity_scale_factor(quantity) / 1000 ** int(exponents.get("mass", 0))
    return Unit(dims, scale)


def known_unit_names() -> list[str]:
    """Every unit name a file may write, for suggestions."""
    from sympy.physics import units

    return [name for name in vars(units) if _quantity(name) is not None]


def parse_unit(text: str) -> Unit:
    """A unit text (`kg`, `N*m/rad`, `m/s**2`, `1`) as a Unit; ExpressionError with the column
    of what is wrong."""
    if not text.strip():
        raise ExpressionError("empty unit", 0)
    if len(text) > MAX_UNIT_CHARS:
        raise ExpressionError(f"unit longer than {MAX_UNIT_CHARS} characters", MAX_UNIT_CHARS)
    for index, char in enumerate(text):
        if not (char.isascii() and (char.isalnum() or char in " _*/()-+")):
            raise ExpressionError(f"character {char!r} is not part of a unit", index)
    lead = len(text) - len(text.lstrip())
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise ExpressionError(
            "a unit is names such as kg, m, s, N, rad joined by *, / and **",
            lead + max((exc.offset or 1) - 1, 0),
        ) from None
    return _UnitBuilder(lead).build(tree.body)


class _UnitBuilder:
    def __init__(self, lead: int) -> None:
        self.lead = lead

    def _error(self, node: ast.AST, message: str) -> ExpressionError:
        return ExpressionError(message, self.lead + getattr(node, "col_offset", 0))

    def build(self, node: ast.AST) -> Unit:
        if isinstance(node, ast.Name):
            unit = _quantity(node.id)
            if unit is None:
                import difflib

                close = difflib.get_close_matches(node.id, known_unit_names(), n=3)
                hint = f" (did you mean {' or '.join(close)}?)" if close else ""
                raise self._error(node, f"unknown unit '{node.id}'{hint}")
            return unit
        if isinstance(node, ast.Constant) and node.value == 1 and type(node.value) is int:
            return DIMENSIONLESS
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult | ast.Div):
            left, right = self.build(node.left), self.build(node.right)
            return left * right if isinstance(node.op, ast.Mult) else left / right
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
            return self.build(node.left) ** self._exponent(node.right)
        raise self._error(node, "a unit is names such as kg, m, s, N, rad joined by *, / and **")

    def _exponent(self, node: ast.AST) -> Fraction:
        """A whole exponent (2, -1) or a fraction in parentheses (3/2, -(5/2)), as a
        Hunt-Crossley stiffness needs (N/m**(3/2))."""
        sign = 1
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            sign, node = -1, node.operand
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return sign * self._exponent(node.left) / self._whole(node.right)
        return sign * Fraction(self._whole(node))

    def _whole(self, node: ast.AST) -> int:
        if (
            isinstance(node, ast.Constant)
            and type(node.value) is int
            and 0 < node.value <= MAX_UNIT_EXPONENT
        ):
            return node.value
        raise self._error(
            node, f"a unit's exponent is a whole number up to {MAX_UNIT_EXPONENT}, or a fraction"
        )
