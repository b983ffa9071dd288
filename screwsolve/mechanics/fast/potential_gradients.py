"""-dV/dq of weights' potentials at a probe point, for checking them against the power
coefficients (Remark 13.3.6) without building dV/dq as expressions.

Each V = -m g . r_OG comes from the Jacobian core as one symengine value; its gradient at a point
comes from one reverse pass over its tape (symbolic/graph_gradients). The check adds dV/dq to
Q^q at each probe point: Q^q + dV/dq must vanish.
"""

from __future__ import annotations

import decimal
from collections.abc import Mapping, Sequence

import symengine as se

from screwsolve.model.static import TIME
from screwsolve.symbolic.graph_gradients import combined_gradient_at, gradients_at
from screwsolve.symbolic.graph_values import tape_of_many
from screwsolve.symbolic.graphs import interned

ZERO = decimal.Decimal(0)


class PotentialGradients:
    """dV/dq for each potential and each variable, in that order, at a point: the offsets of
    `each_vanishes` over the same actions' coefficients. For t, the explicit derivative holding
    the coordinates, through the specified functions of time (F -> F', F' -> F''). Building one
    raises UnevaluableError when a V holds a step that is not differentiated here."""

    def __init__(
        self,
        energies: Sequence[se.Basic],
        variables: Sequence[str],
        time: str,
        chain: Sequence[tuple[str, str]],
    ) -> None:
        self.tape, self.roots = tape_of_many([interned(energy) for energy in energies])
        self.variables = list(variables)
        self.time = time
        self.chain = list(chain)  # (symbol, its rate) by name
        names = {p for kind, p, _ in self.tape.steps if kind == "symbol"}
        self.names = frozenset(names | {rate for symbol, rate in self.chain if symbol in names})

    def __call__(self, values: Mapping[str, str]) -> list[decimal.Decimal] | None:
        gradients = gradients_at(self.tape, self.roots, values)
        if gradients is None:
            return None
        result: list[decimal.Decimal] = []
        for gradient in gradients:
            for q in self.variables:
                result.append(self._by(gradient, q, values))
        return result

    def combined(
        self, values: Mapping[str, str], weights: Sequence[decimal.Decimal]
    ) -> list[decimal.Decimal] | None:
        """d(sum of weight * V)/dq for each variable at a point, in one reverse pass."""
        gradient = combined_gradient_at(self.tape, self.roots, weights, values)
        if gradient is None:
            return None
        return [self._by(gradient, q, values) for q in self.variables]

    def _by(
        self, gradient: Mapping[str, decimal.Decimal], q: str, values: Mapping[str, str]
    ) -> decimal.Decimal:
        if q != TIME:
            return gradient.get(q, ZERO)
        total = gradient.get(self.time, ZERO)
        for symbol, rate in self.chain:
            if symbol in gradient:
                total += gradient[symbol] * decimal.Decimal(values[rate])
        return total
