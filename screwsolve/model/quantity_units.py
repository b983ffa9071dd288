"""The unit each reported quantity must have, from the units of the coordinates and speeds:
power in W, Q for q in W per unit of q' (N for a length, N*m for an angle), partial screws per
unit of q', F_r per unit of u_r. Shared by the claims' checks, the results and grading."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from screwsolve.quantities import QUANTITIES
from screwsolve.units import (
    ANGULAR_VELOCITY,
    ENERGY,
    FORCE,
    MOMENT,
    POWER,
    TIME,
    VELOCITY,
    Unit,
)


@dataclass(frozen=True)
class QuantityUnits:
    """Units of the results of one problem; None wherever a coordinate's unit is unknown."""

    rates: Mapping[str, Unit | None]  # q -> unit of q' (and F -> F'), 't' -> 1 (per second)
    speeds: Mapping[str, Unit | None]  # u -> unit of u (q' when no speeds are declared)

    @property
    def power(self) -> Unit:
        return POWER

    @property
    def energy(self) -> Unit:
        return ENERGY

    def coefficient(self, key: str) -> Unit | None:
        """Q^q: the power per unit of q' (Q^t: a power)."""
        if key == "t":
            return POWER
        rate = self.rates.get(key)
        return None if rate is None else POWER / rate

    def active_force(self, speed: str) -> Unit | None:
        """Kane's F_r: the power per unit of u_r."""
        unit = self.speeds.get(speed)
        return None if unit is None else POWER / unit

    def partial(self, key: str) -> tuple[Unit | None, Unit | None]:
        """(resultant, moment) of a partial kinematic screw for a coordinate, a speed or t."""
        if key == "t":
            return ANGULAR_VELOCITY, VELOCITY
        per = self.rates.get(key) or self.speeds.get(key)
        if per is None:
            return None, None
        return ANGULAR_VELOCITY / per, VELOCITY / per

    def of_claim(self, path: tuple[str, ...]) -> Unit | tuple[Unit | None, Unit | None] | None:
        """The unit an `expected:` item must have, by its path (power_coefficients.theta,
        power.weight, partial_screws.1.x), from its quantity's unit (quantities.py): a
        Unit for a scalar, (resultant, moment) for a screw, None when unknown."""
        quantity = QUANTITIES.get(path[0])
        if quantity is None:
            return None
        rest = path[1:]
        fixed = {"kinematic": (ANGULAR_VELOCITY, VELOCITY), "action": (FORCE, MOMENT)}
        if quantity.unit in fixed:
            return fixed[quantity.unit]
        if quantity.unit == "power":
            return POWER
        if quantity.unit == "energy":
            return ENERGY
        if quantity.unit == "partial":
            return self.partial(rest[-1]) if len(rest) >= 2 else None
        if not rest:
            return None
        if quantity.unit == "coefficient":
            return self.coefficient(rest[-1])
        if quantity.unit == "active_force":
            return self.active_force(rest[-1])
        if quantity.unit == "rate":
            return self.rates.get(rest[-1])
        return None


def rate_units(units: Mapping[str, Unit], names: list[str]) -> dict[str, Unit | None]:
    """q -> unit of q' for each coordinate (or function) name, and t -> per second."""
    return {name: (units[name] / TIME if name in units else None) for name in names}
