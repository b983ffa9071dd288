"""A symengine value evaluated at a point over its graph: each distinct subexpression once.

symengine's own `xreplace(...).evalf()` walks a value as a tree, and a long chain's values are
trees of millions of nodes over graphs of thousands: on the 20-link chain one such evaluation
did not finish in minutes. Here each distinct node is computed once, with mpmath at the probes'
precision (complex where a root or a logarithm of a negative number takes the value there).

Sums, products and integer powers, nearly every step of a chain's values, are first computed
with the standard library's decimal numbers at the same precision (implemented in C: the
30-link chain's potential check, 91 000 steps, took 1.3 s a point in mpmath); functions go
through mpmath there too. A step that leaves the real numbers, or a number decimal cannot hold,
sends the whole value to mpmath's complex evaluation.
"""

from __future__ import annotations

import decimal
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import mpmath
import symengine as se

from screwsolve.symbolic.graphs import DESCEND, NodeMemo, fold, interned, node_cache, node_key

DIGITS = 30  # as the probes' sympy and MPFR values

_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "sin": mpmath.sin,
    "cos": mpmath.cos,
    "tan": mpmath.tan,
    "cot": mpmath.cot,
    "sec": mpmath.sec,
    "csc": mpmath.csc,
    "asin": mpmath.asin,
    "acos": mpmath.acos,
    "atan": mpmath.atan,
    "atan2": lambda y, x: mpmath.atan2(y, x),
    "sinh": mpmath.sinh,
    "cosh": mpmath.cosh,
    "tanh": mpmath.tanh,
    "exp": mpmath.exp,
    "log": mpmath.log,
    "Abs": abs,
    "sign": lambda x: mpmath.sign(x),
}


class UnevaluableError(Exception):
    """A node this evaluator does not know (the caller falls back to symengine's)."""


@dataclass(frozen=True)
class Tape:
    """A value's graph in evaluation order: each step an operation on earlier steps' results,
    each distinct subexpression one step (compiled once, evaluated at every probe)."""

    steps: tuple[tuple[str, Any, tuple[int, ...]], ...]  # (kind, payload, argument steps)


@node_cache(64)
def compile_tape(expr: se.Basic) -> Tape:
    """The tape of a symengine value (UnevaluableError for a node this evaluator lacks)."""
    return tape_of(interned(expr))


def tape_of(expr: se.Basic) -> Tape:
    """compile_tape, not remembered: for a value evaluated at a few points and then let go
    (expr best interned: each equal node is then one step)."""
    tape, _ = tape_of_many([expr])
    return tape


def tape_of_many(exprs: Sequence[se.Basic]) -> tuple[Tape, list[int]]:
    """One tape for values that share their graph, and the step of each value: what they share
    is one step, evaluated once per point for all of them."""
    steps: list[tuple[str, Any, tuple[int, ...]]] = []

    def before(node: se.Basic) -> Any:
        leaf = _leaf(node)
        if leaf is DESCEND:
            return DESCEND
        steps.append(leaf)
        return len(steps) - 1

    def after(node: se.Basic, args: list[int]) -> int:
        steps.append((_operation(node), None, tuple(args)))
        return len(steps) - 1

    walked = NodeMemo()
    roots = [fold(expr, before, after, key=node_key, results=walked) for expr in exprs]
    if roots and roots[-1] != len(steps) - 1:  # evaluation reads the last step as the value
        steps.append(("add", None, (roots[-1],)))
        roots[-1] = len(steps) - 1
    return Tape(tuple(steps)), roots


def evaluate(expr: se.Basic, values: Mapping[str, str], tape: Tape | None = None) -> complex | None:
    """expr at the point (decimal texts by symbol name), or None where it is undefined; `tape`,
    when the caller has compiled expr's already."""
    tape = tape or compile_tape(expr)
    try:
        return _real_evaluation(tape, values)
    except NotRealError:
        return _complex_evaluation(tape, values)


class NotRealError(Exception):
    """A step the real decimal evaluation cannot take (a complex value or number)."""


CONTEXT = decimal.Context(
    prec=DIGITS + 4,
    Emax=decimal.MAX_EMAX,
    Emin=decimal.MIN_EMIN,
    traps=[decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow],
)


def raw_values_at(tape: Tape, roots: Sequence[int], values: Mapping[str, str]) -> list[Any] | None:
    """The values of a tape_of_many at a point at the tape's precision (decimals, or mpmath
    complex numbers where a step leaves the reals), or None where any step is undefined there."""
    try:
        try:
            results: list[Any] = real_steps(tape, values)
        except NotRealError:
            results = _complex_steps(tape, values)
    except UndefinedError:
        return None
    return [results[i] for i in roots]


def plus(value: Any, offset: decimal.Decimal) -> Any:
    """A raw value plus a decimal, at the tape's precision (a difference of two large values
    keeps its digits)."""
    if isinstance(value, decimal.Decimal):
        return CONTEXT.add(value, offset)
    with mpmath.workdps(DIGITS):
        return value + mpmath.mpf(str(offset))


class UndefinedError(Exception):
    """A step without a value at the point (a division by zero, an overflow)."""


def _real_evaluation(tape: Tape, values: Mapping[str, str]) -> complex | None:
    try:
        results = real_steps(tape, values)
    except UndefinedError:
        return None
    number = complex(float(results[-1]))
    if number != number or abs(number) > 1e100:
        return None
    return number


def real_steps(tape: Tape, values: Mapping[str, str]) -> list[decimal.Decimal]:
    """Every step's value at the point in real decimal arithmetic (NotRealError for a step
    that leaves the real numbers, UndefinedError where one has no value)."""
    context = CONTEXT
    results: list[decimal.Decimal] = []
    append = results.append
    try:
        for kind, payload, args in tape.steps:
            if kind == "add":
                total = results[args[0]]
                for i in args[1:]:
                    total = context.add(total, results[i])
                append(total)
            elif kind == "mul":
                product = results[args[0]]
                for i in args[1:]:
                    product = context.multiply(product, results[i])
                append(product)
            elif kind == "symbol":
                if payload not in values:
                    raise UnevaluableError(payload)
                append(context.create_decimal(values[payload]))
            elif kind == "rational":
                append(context.divide(decimal.Decimal(payload[0]), decimal.Decimal(payload[1])))
            elif kind == "number":
                append(_decimal_number(payload))
            elif kind == "pow":
                append(_decimal_power(results[args[0]], results[args[1]], context))
            else:
                append(decimal_function(kind, [results[i] for i in args]))
    except (decimal.DivisionByZero, ZeroDivisionError, OverflowError, decimal.Overflow) as error:
        raise UndefinedError from error
    except decimal.InvalidOperation as error:
        raise NotRealError from error
    return results


def _decimal_number(number: Any) -> decimal.Decimal:
    if not isinstance(number, mpmath.mpf):
        raise NotRealError
    return CONTEXT.create_decimal(mpmath.nstr(number, DIGITS + 4, strip_zeros=False))


def _decimal_power(
    base: decimal.Decimal, exponent: decimal.Decimal, context: decimal.Context
) -> decimal.Decimal:
    if exponent == exponent.to_integral_value() and abs(exponent) <= 1000:
        if base == 0 and exponent < 0:
            raise ZeroDivisionError
        return context.power(base, int(exponent))
    if base < 0:
        raise NotRealError  # a root of a negative number: complex
    if base == 0:
        if exponent < 0:
            raise ZeroDivisionError
        return decimal.Decimal(0)
    return context.power(base, exponent)


def decimal_function(kind: str, args: list[decimal.Decimal]) -> decimal.Decimal:
    """A function of real decimals through mpmath, at the tape's precision (NotRealError when
    its value is not a finite real number)."""
    with mpmath.workdps(DIGITS + 4):
        result = _FUNCTIONS[kind](*(mpmath.mpf(str(arg)) for arg in args))
        if not isinstance(result, mpmath.mpf) or not mpmath.isfinite(result):
            raise NotRealError
        return CONTEXT.create_decimal(mpmath.nstr(result, DIGITS + 4, strip_zeros=False))


def _complex_evaluation(tape: Tape, values: Mapping[str, str]) -> complex | None:
    try:
        with mpmath.workdps(DIGITS):
            number = complex(_complex_steps(tape, values)[-1])
    except UndefinedError:
        return None
    if number != number or abs(number) > 1e100:
        return None
    return number


def _complex_steps(tape: Tape, values: Mapping[str, str]) -> list[Any]:
    with mpmath.workdps(DIGITS):
        results: list[Any] = []
        try:
            for kind, payload, args in tape.steps:
                if kind == "symbol":
                    if payload not in values:
                        raise UnevaluableError(payload)
                    results.append(mpmath.mpf(values[payload]))
                elif kind == "rational":
                    results.append(mpmath.mpf(payload[0]) / payload[1])
                elif kind == "number":
                    results.append(payload)
                else:
                    results.append(_combine(kind, [results[i] for i in args]))
        except (ZeroDivisionError, ValueError, OverflowError) as error:
            raise UndefinedError from error
        return results


def _leaf(node: se.Basic) -> Any:
    """A leaf step (symbol or number), or DESCEND for an operation."""
    if node.is_Symbol:
        return ("symbol", str(node), ())
    if node.is_Number:
        if node.is_Rational:
            numerator, denominator = (int(part) for part in node.get_num_den())
            return ("rational", (numerator, denominator), ())
        if getattr(node, "is_complex", False):
            return ("number", _complex(node), ())
        with mpmath.workdps(DIGITS):
            return ("number", mpmath.mpf(str(node)), ())
    if not node.args:
        name = str(node)
        if name in ("pi", "E"):
            with mpmath.workdps(DIGITS):
                return ("number", +mpmath.pi if name == "pi" else +mpmath.e, ())
        raise UnevaluableError(name)
    return DESCEND


def _operation(node: se.Basic) -> str:
    if isinstance(node, se.Add):
        return "add"
    if isinstance(node, se.Mul):
        return "mul"
    if isinstance(node, se.Pow):
        return "pow"
    name = type(node).__name__
    if name not in _FUNCTIONS:
        raise UnevaluableError(name)
    return name


def _complex(node: se.Basic) -> Any:
    value = complex(node)
    return mpmath.mpc(value.real, value.imag)


def _combine(kind: str, args: list[Any]) -> Any:
    if kind == "add":
        return mpmath.fsum(args)
    if kind == "mul":
        result = mpmath.mpf(1)
        for arg in args:
            result *= arg
        return result
    if kind == "pow":
        base, exponent = args
        if base == 0 and mpmath.re(exponent) < 0:
            raise ZeroDivisionError
        return mpmath.power(base, exponent)
    return _FUNCTIONS[kind](*args)
