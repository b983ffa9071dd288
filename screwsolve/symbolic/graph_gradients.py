"""The gradient of a value at a point, by reverse accumulation over its tape.

One pass forward (the value of every step) and one back (the derivative of the value by every
step) give the derivative by every symbol at once, in time proportional to the tape. A weight's
potential V = -m g . r_OG is checked against the power coefficients this way (Q^q = -dV/dq at
random points): differentiating V symbolically by each of a 20-link chain's 41 variables built
and interned 19 000 new nodes, more than half a second, for values needed at twelve points.
"""

from __future__ import annotations

import decimal
from collections.abc import Callable, Mapping, Sequence

from screwsolve.symbolic.graph_values import (
    CONTEXT,
    NotRealError,
    Tape,
    UndefinedError,
    UnevaluableError,
    decimal_function,
    real_steps,
)

ONE = decimal.Decimal(1)

# d f(x) / dx from x and r = f(x), each in decimal arithmetic
_DERIVATIVES: dict[str, Callable[[decimal.Decimal, decimal.Decimal], decimal.Decimal]] = {
    "sin": lambda x, r: decimal_function("cos", [x]),
    "cos": lambda x, r: -decimal_function("sin", [x]),
    "tan": lambda x, r: ONE + r * r,
    "cot": lambda x, r: -(ONE + r * r),
    "sec": lambda x, r: r * decimal_function("tan", [x]),
    "csc": lambda x, r: -r * decimal_function("cot", [x]),
    "exp": lambda x, r: r,
    "log": lambda x, r: ONE / x,
    "sinh": lambda x, r: decimal_function("cosh", [x]),
    "cosh": lambda x, r: decimal_function("sinh", [x]),
    "tanh": lambda x, r: ONE - r * r,
    "asin": lambda x, r: ONE / (ONE - x * x).sqrt(CONTEXT),
    "acos": lambda x, r: -ONE / (ONE - x * x).sqrt(CONTEXT),
    "atan": lambda x, r: ONE / (ONE + x * x),
}


def gradient_at(tape: Tape, values: Mapping[str, str]) -> dict[str, decimal.Decimal] | None:
    """d value / d symbol at the point for every symbol of the tape (by name), at the tape's
    precision; None where the value or a derivative has no value there. UnevaluableError for
    a step this does not differentiate (a complex value, Abs, sign, atan2): the caller
    differentiates symbolically instead."""
    gradients = gradients_at(tape, [len(tape.steps) - 1], values)
    return gradients[0] if gradients is not None else None


def gradients_at(
    tape: Tape, roots: Sequence[int], values: Mapping[str, str]
) -> list[dict[str, decimal.Decimal]] | None:
    """gradient_at of each value of a tape_of_many, with one forward pass for all of them and
    each function's slope computed once (a chain's potentials share their sines and cosines)."""
    return _backward_passes(tape, [{root: ONE} for root in roots], values)


def combined_gradient_at(
    tape: Tape, roots: Sequence[int], weights: Sequence[decimal.Decimal], values: Mapping[str, str]
) -> dict[str, decimal.Decimal] | None:
    """The gradient of sum(weight * value) over the values of a tape_of_many, in one reverse
    pass (each value's adjoint starts at its weight): the pass over a value's steps costs what
    its graph holds, and a chain's potentials each hold most of the tape, so a pass per value
    grew like the cube of the links."""
    seeds: dict[int, decimal.Decimal] = {}
    for root, weight in zip(roots, weights, strict=True):
        seeds[root] = seeds.get(root, decimal.Decimal(0)) + weight
    gradients = _backward_passes(tape, [seeds], values)
    return gradients[0] if gradients is not None else None


def _backward_passes(
    tape: Tape, seeds: Sequence[Mapping[int, decimal.Decimal]], values: Mapping[str, str]
) -> list[dict[str, decimal.Decimal]] | None:
    """One forward pass at the point, then one reverse pass per seed (adjoints by step)."""
    with decimal.localcontext(CONTEXT):
        try:
            results = real_steps(tape, values)
            backward = _Backward(tape, results)
            return [backward.gradient(seed) for seed in seeds]
        except UndefinedError:
            return None
        except (decimal.DivisionByZero, decimal.Overflow, ZeroDivisionError):
            return None
        except (decimal.InvalidOperation, NotRealError) as error:  # e.g. the root of a negative
            raise UnevaluableError("a value outside the real numbers") from error


class _Backward:
    """Reverse passes over one evaluated tape."""

    def __init__(self, tape: Tape, results: list[decimal.Decimal]) -> None:
        self.steps = tape.steps
        self.results = results
        self.varies = _varying(tape)
        self.slopes: dict[int, decimal.Decimal] = {}

    def gradient(self, seeds: Mapping[int, decimal.Decimal]) -> dict[str, decimal.Decimal]:
        """The gradient of sum(seed * step) over the seeded steps."""
        steps, results, varies = self.steps, self.results, self.varies
        last = max(seeds)
        adjoint = [decimal.Decimal(0)] * (last + 1)
        for step, weight in seeds.items():
            adjoint[step] += weight
        gradient: dict[str, decimal.Decimal] = {}
        for index in range(last, -1, -1):
            weight = adjoint[index]
            if not weight or not varies[index]:
                continue
            kind, payload, args = steps[index]
            if kind == "symbol":
                gradient[payload] = gradient.get(payload, decimal.Decimal(0)) + weight
            elif kind == "add":
                for arg in args:
                    adjoint[arg] += weight
            elif kind == "mul":
                for position, arg in enumerate(args):
                    if varies[arg]:
                        others = weight
                        for other_position, other in enumerate(args):
                            if other_position != position:
                                others *= results[other]
                        adjoint[arg] += others
            elif kind == "pow":
                base, exponent = args
                if varies[base]:
                    adjoint[base] += weight * self._slope(index)
                if varies[exponent]:
                    adjoint[exponent] += weight * results[index] * results[base].ln()
            elif kind in _DERIVATIVES and len(args) == 1:
                adjoint[args[0]] += weight * self._slope(index)
            else:
                raise UnevaluableError(kind)
        return gradient

    def _slope(self, index: int) -> decimal.Decimal:
        """d step / d its (first) argument at the point, once per step."""
        if index not in self.slopes:
            kind, _, args = self.steps[index]
            argument, value = self.results[args[0]], self.results[index]
            if kind == "pow":
                self.slopes[index] = _power_slope(argument, self.results[args[1]], value)
            else:
                self.slopes[index] = _DERIVATIVES[kind](argument, value)
        return self.slopes[index]


def _power_slope(
    base: decimal.Decimal, power: decimal.Decimal, value: decimal.Decimal
) -> decimal.Decimal:
    """d base^power / d base."""
    if power == 1:
        return ONE
    if power == power.to_integral_value() and abs(power) <= 1000:
        if base == 0 and power < 1:
            raise UndefinedError
        return power * base ** int(power - 1)
    return power * value / base


def _varying(tape: Tape) -> list[bool]:
    """Which steps depend on a symbol (only those carry a derivative back)."""
    varies: list[bool] = []
    for kind, _, args in tape.steps:
        varies.append(kind == "symbol" or any(varies[arg] for arg in args))
    return varies
