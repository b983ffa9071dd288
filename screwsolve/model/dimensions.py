"""The unit of a built expression, from the units the file gives its names: sums must add alike
terms, functions such as sin take pure numbers, a power's exponent is a pure number.

Names without a unit are unknown, and so is whatever is made from them, so that a file giving
units to some names only is checked where they are known.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

import sympy
from sympy.core.function import AppliedUndef
from sympy.physics.vector import Vector

from screwsolve.model.grammar import Value
from screwsolve.units import DIMENSIONLESS, TIME, Unit

# functions of a pure number (an angle in rad) giving a pure number
_OF_PURE_NUMBERS = (
    sympy.sin, sympy.cos, sympy.tan, sympy.cot, sympy.sec, sympy.csc,
    sympy.asin, sympy.acos, sympy.atan, sympy.sinh, sympy.cosh, sympy.tanh,
    sympy.exp, sympy.log, sympy.erf,
)  # fmt: skip


# trigonometric functions: their argument is an angle, in rad or deg (a name declared in deg
# stands for the angle its number of degrees gives; sin(beta) is the sine of that angle)
_OF_ANGLES = (sympy.sin, sympy.cos, sympy.tan, sympy.cot, sympy.sec, sympy.csc)


class DimensionError(Exception):
    """Two terms that cannot meet: `message` names them and their units."""

    def __init__(self, message: str, term: sympy.Expr | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.term = term


@dataclass(frozen=True)
class UnitTable:
    """The unit of every name that has one: parameters by symbol, coordinates and specified
    functions by name (their rates follow), t in seconds."""

    symbols: Mapping[sympy.Symbol, Unit]
    functions: Mapping[str, Unit]
    time: sympy.Symbol
    show: Callable[[sympy.Expr], str] = str  # how a term is written in a message

    def of(self, expr: sympy.Expr) -> Unit | None:
        """The unit of a scalar, None when a name in it has none (DimensionError when its
        terms cannot meet)."""
        return _Walker(self).unit(expr)

    def of_vector(self, vector: Vector) -> Unit | None:
        """The unit of a vector's components (unit vectors are pure numbers): alike and in one
        unit, as the terms of a sum; None when none is known."""
        components = [c for matrix, _frame in vector.args for c in matrix if c != 0]
        return _Walker(self)._sum(tuple(components))

    def of_value(self, value: Value) -> Unit | None:
        """The unit of a parsed scalar or vector."""
        if value.kind == "vector" and value.vector is not None:
            return self.of_vector(value.vector)
        return self.of(value.scalar) if value.scalar is not None else None


class _Walker:
    def __init__(self, table: UnitTable) -> None:
        self.table = table
        self.memo: dict[sympy.Expr, Unit | None] = {}

    def unlike(self, a: sympy.Expr, unit_a: Unit, b: sympy.Expr, unit_b: Unit) -> str:
        show = self.table.show
        return (
            f"'{show(b)}' is {unit_b.describe()} but '{show(a)}' beside it is {unit_a.describe()}"
        )

    def unit(self, expr: sympy.Expr) -> Unit | None:
        if expr in self.memo:
            return self.memo[expr]
        found = self._unit(expr)
        self.memo[expr] = found
        return found

    def _unit(self, expr: sympy.Expr) -> Unit | None:
        table = self.table
        if expr.is_number and not expr.has(sympy.Derivative):
            return None if expr == 0 else DIMENSIONLESS  # zero is zero in any unit
        if isinstance(expr, sympy.Symbol):
            if expr == table.time:
                return TIME
            return table.symbols.get(expr)
        if isinstance(expr, AppliedUndef):
            return table.functions.get(type(expr).__name__)
        if isinstance(expr, sympy.Derivative):
            inner = self.unit(expr.expr)
            if inner is None:
                return None
            order = sum(count for _, count in expr.variable_count)
            return inner / TIME ** int(order)
        if isinstance(expr, sympy.Add):
            return self._sum(expr.args)
        if isinstance(expr, sympy.Mul):
            total = DIMENSIONLESS
            unknown = False
            for factor in expr.args:  # every factor walked: a mismatch inside one is found
                unit = self.unit(factor)
                if unit is None:
                    unknown = True
                else:
                    total = total * unit
            return None if unknown else total
        if isinstance(expr, sympy.Pow):
            return self._power(expr)
        if isinstance(expr, sympy.Abs):
            return self.unit(expr.args[0])
        if isinstance(expr, (sympy.sign, sympy.Heaviside)):
            self.unit(expr.args[0])
            return DIMENSIONLESS
        if isinstance(expr, sympy.atan2):
            self._sum(expr.args, what="atan2's two arguments")
            return DIMENSIONLESS
        if isinstance(expr, _OF_ANGLES):
            self._pure(expr.args[0], f"{type(expr).__name__}()", angle=True)
            return DIMENSIONLESS
        if isinstance(expr, _OF_PURE_NUMBERS):
            self._pure(expr.args[0], f"{type(expr).__name__}()")
            return DIMENSIONLESS
        return None  # anything else the grammar cannot build: not checked

    def _sum(self, terms: tuple[sympy.Expr, ...], what: str = "") -> Unit | None:
        found: tuple[sympy.Expr, Unit] | None = None
        for term in terms:
            unit = self.unit(term)
            if unit is None:
                continue
            if found is not None:
                if not found[1].alike(unit):
                    message = self.unlike(found[0], found[1], term, unit)
                    if what:
                        message = f"{what}: {message}"
                    raise DimensionError(message, term)
                if found[1].scale != unit.scale:
                    raise DimensionError(
                        f"'{self.table.show(term)}' is in {unit.text()} but "
                        f"'{self.table.show(found[0])}' beside it is in {found[1].text()}: "
                        "give both the same unit",
                        term,
                    )
            found = found or (term, unit)
        return found[1] if found else None

    def _pure(self, argument: sympy.Expr, function: str, *, angle: bool = False) -> None:
        """An argument that must be a pure number: in radians, or (`angle`: a trigonometric
        function's) an angle in any angle unit, as a book writes sin(beta) with beta = 30 deg."""
        unit = self.unit(argument)
        if unit is None:
            return
        if not unit.dimensionless:
            raise DimensionError(
                f"{function} takes a pure number or an angle, but "
                f"'{self.table.show(argument)}' is {unit.describe()}",
                argument,
            )
        if not unit.coherent and not angle:
            raise DimensionError(
                f"{function} takes an angle in radians, but '{self.table.show(argument)}' is "
                f"in {unit.text()}",
                argument,
            )

    def _power(self, expr: sympy.Pow) -> Unit | None:
        base, exponent = expr.args
        if exponent.is_Rational:
            unit = self.unit(base)
            if unit is None:
                return None
            return unit ** Fraction(int(exponent.p), int(exponent.q))
        self._pure(exponent, "an exponent")
        if base.is_number:
            return DIMENSIONLESS
        self._pure(base, "a power with an exponent that is not a number")
        return DIMENSIONLESS
