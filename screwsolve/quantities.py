"""Every quantity screwsolve reports, defined once: how a claim on it is written, its unit, and
where each output shows it.

`check` and `grade` read claims by these keys (`checking/claims.py`: one truth function per
quantity, the same values `run` prints), the units of claims come from `unit`, and the table,
LaTeX and JSON renderers take their headings and keys from here; tests/test_quantities.py
walks this registry and fails when a quantity lacks a truth, a unit, a JSON key in the result
schema, or a section in any renderer's output. Adding a quantity is one entry here, its truth
function and its renderer entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# The name of a set of actions whose potential energy is claimed or reported together:
# `force + couple: V` (a claim), "force + couple" (a row of run's energies).
SET_JOIN = " + "

# How claims on a quantity are written (the `expected:` and `answers:` shapes):
#   screw_by_body         {BODY: {resultant, moment, at}}
#   screw_by_body_and_key {BODY: {COORD, SPEED or t: {resultant, moment, at}}}
#   total_or_by_action    EXPR, or {ACTION: EXPR}
#   scalar                EXPR
#   by_key_or_action      {KEY: EXPR} totals and/or {ACTION: {KEY: EXPR}}
#   by_action_and_key     {ACTION: {KEY: EXPR}}
#   by_key                {KEY: EXPR}
#   names                 [ACTION, ...]
#   flags                 {NAME: true|false}
Shape = Literal[
    "screw_by_body",
    "screw_by_body_and_key",
    "total_or_by_action",
    "scalar",
    "by_key_or_action",
    "by_action_and_key",
    "by_key",
    "names",
    "flags",
]
# The unit of a value (model/quantity_units.py): a fixed one, or one per key of the claim
UnitKind = Literal[
    "kinematic",  # {omega ; v}
    "action",  # {R ; M}
    "partial",  # {omega ; v} per unit of the key's rate
    "power",
    "energy",
    "coefficient",  # power per unit of q'
    "active_force",  # power per unit of u
    "rate",  # the unit of q'
    "none",
]


@dataclass(frozen=True)
class Quantity:
    """One reported quantity."""

    key: str  # the claim section
    shape: Shape
    unit: UnitKind
    table: str  # its section in run's table (the heading's start)
    latex: str  # its LaTeX \subsection* heading
    meaning: str
    json: str = ""  # where run's JSON holds it under `solution` (dotted; default: the key)

    @property
    def json_path(self) -> tuple[str, ...]:
        return tuple((self.json or self.key).split("."))


QUANTITIES: dict[str, Quantity] = {
    q.key: q
    for q in (
        Quantity(
            "kinematic_screws",
            "screw_by_body",
            "kinematic",
            "Kinematic screws",
            "Kinematic screws",
            "{V_B/E} of each body about its origin (or --at)",
        ),
        Quantity(
            "partial_screws",
            "screw_by_body_and_key",
            "partial",
            "Partial kinematic screws",
            "Partial kinematic screws",
            "{V^q_B/E} by coordinate and t (and by speed), every constraint ignored",
        ),
        Quantity(
            "power",
            "total_or_by_action",
            "power",
            "Actions and their power",
            "Power",
            "P = {A}.{V} of each action and in total",
        ),
        Quantity(
            "power_under_constraints",
            "scalar",
            "power",
            "Constraints",
            "Under the constraints",
            "the total power with the constraints' rates substituted",
            "constraints.power",
        ),
        Quantity(
            "power_coefficients",
            "by_key_or_action",
            "coefficient",
            "Power coefficients",
            "Power coefficients",
            "Q^q = {A}.{V^q} of each action and in total",
        ),
        Quantity(
            "interaction",
            "by_action_and_key",
            "coefficient",
            "Power coefficients",
            "Power coefficients",
            "Q^q of an action between two bodies of the system and its reaction",
        ),
        Quantity(
            "noncontributing",
            "names",
            "none",
            "Noncontributing actions",
            "Power coefficients",
            "the actions whose power coefficients all vanish",
            "checks.noncontributing",
        ),
        Quantity(
            "ideal_joints",
            "flags",
            "none",
            "Joints",
            "Joints",
            "whether a joint's constraint action does no work",
            "joints",
        ),
        Quantity(
            "replacement",
            "screw_by_body",
            "action",
            "Resultant and couple of the actions on each body",
            "Resultant and couple of the actions on each body",
            "the resultant and couple of all actions on a body",
            "replacements",
        ),
        Quantity(
            "potential_energy",
            "total_or_by_action",
            "energy",
            "Energy",
            "Potential energies and dissipation functions",
            "V of each action, of a set (A1 + A2) and the total (analysis.potential_total)",
        ),
        Quantity(
            "dissipation",
            "total_or_by_action",
            "power",
            "Energy",
            "Potential energies and dissipation functions",
            "Rayleigh's R of each action and in total (Q^q = -dR/dq')",
        ),
        Quantity(
            "generalized_active_forces",
            "by_key_or_action",
            "active_force",
            "Generalized active forces F_r",
            "Generalized active forces",
            "Kane's F_r by speed, of each action and in total",
            "speeds.generalized_active_forces",
        ),
        Quantity(
            "constrained_generalized_active_forces",
            "by_key_or_action",
            "active_force",
            "Constrained generalized active forces",
            "Constrained generalized active forces",
            "Kane's F~_r for the independent speeds, on the constraints",
        ),
        Quantity(
            "rates_on_constraints",
            "by_key",
            "rate",
            "On the constraints, in the independent speeds",
            "Rates on the constraints",
            "each q' on the constraints in the independent speeds",
            "constrained_generalized_active_forces.rates",
        ),
    )
}


def keys_of(*shapes: Shape) -> tuple[str, ...]:
    """The quantities claimed in these shapes, in the registry's order."""
    return tuple(key for key, q in QUANTITIES.items() if q.shape in shapes)
