"""A symengine value at one random point in floating point, each distinct node once.

Why: a value built one way can be an exact zero built another way only as a sum that cancels
(a moment rotated through a chain of frames and back, dotted with an axis it is normal to).
Evaluated in floats over its graph, such a sum comes out near zero where a genuine value does
not; only those few are then decided at high precision (equivalence.each_vanishes). The values
of one problem share their subexpressions, so the results are kept between values.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import symengine as se

from screwsolve.symbolic.graphs import DESCEND, NodeMemo, fold, has_arguments, node_key

_FUNCTIONS: dict[str, Callable[..., float]] = {
    "sin": math.sin,
    "cos": math.cos,
    "tan": math.tan,
    "asin": math.asin,
    "acos": math.acos,
    "atan": math.atan,
    "atan2": math.atan2,
    "sinh": math.sinh,
    "cosh": math.cosh,
    "tanh": math.tanh,
    "exp": math.exp,
    "log": math.log,
    "Abs": abs,
}

# A value whose float at the point is this small, against 1 for the point's order of magnitude,
# is decided at high precision
NEAR_ZERO = 1e-9


class FloatProbe:
    """Floats of symengine values at one point: each symbol a random number in [0.5, 1.5]
    (admissible for positive and real symbols alike), drawn when first met, by name."""

    def __init__(self, seed: int = 20_260_101) -> None:
        self._random = random.Random(seed)
        self._point: dict[str, float] = {}
        self._memo = NodeMemo()

    def near_zero(self, value: se.Basic) -> bool:
        """Whether the value may be zero: its float is tiny, or it could not be evaluated
        (False only when the float is clearly not zero)."""
        try:
            number = fold(value, self._before, self._after, key=node_key, results=self._memo)
        except (ArithmeticError, ValueError, KeyError, TypeError):
            return True
        return not abs(number) > NEAR_ZERO  # a NaN is near zero too: decided precisely

    def _before(self, node: se.Basic) -> Any:
        if node.is_Symbol:
            name = str(node)
            if name not in self._point:
                self._point[name] = self._random.uniform(0.5, 1.5)
            return self._point[name]
        if node.is_Number:
            return complex(node).real if getattr(node, "is_complex", False) else float(node)
        if has_arguments(node):
            return DESCEND
        return float(node)  # pi, E

    def _after(self, node: se.Basic, args: list[float]) -> float:
        if isinstance(node, se.Add):
            return math.fsum(args)
        if isinstance(node, se.Mul):
            return math.prod(args)
        if isinstance(node, se.Pow):
            return float(args[0] ** args[1])
        return _FUNCTIONS[type(node).__name__](*args)
