"""A Solution or a check report as one stable JSON document (sorted keys, no timestamps)."""

from __future__ import annotations

import json
from typing import Any, TextIO

import sympy

from screwsolve.solution.result import (
    ReducedValue,
    ScrewValue,
    Solution,
    SpeedsValue,
    StepsValue,
    UnitsValue,
    VectorValue,
)
from screwsolve.symbolic.printing import latex, reading_order, text, vector_latex, vector_text
from screwsolve.units import Unit
from screwsolve.version import __version__

SCHEMA_VERSION = 1


Units = UnitsValue | None
Pair = tuple[Unit | None, Unit | None]
_NO_PAIR: Pair = (None, None)


def _partial(units: Units, key: str) -> Pair:
    """The units of a partial screw (none without units)."""
    return units.partial.get(key, _NO_PAIR) if units else _NO_PAIR


def _unit(unit: Unit | None) -> dict[str, dict[str, str]]:
    """{"unit": {text, latex}} when the unit is known, else nothing (files without units)."""
    return {} if unit is None else {"unit": {"text": unit.text(), "latex": unit.latex()}}


def _expr(expr: sympy.Expr, unit: Unit | None = None) -> dict[str, Any]:
    return {"text": text(expr), "latex": latex(expr), **_unit(unit)}


def _optional(expr: sympy.Expr | None, unit: Unit | None = None) -> dict[str, Any] | None:
    return None if expr is None else _expr(expr, unit)


def _coefficients(values: dict[str, sympy.Expr], unit_of: Any = None) -> dict[str, dict[str, Any]]:
    """{key: value}, each with the unit `unit_of(key)` gives (none without units)."""
    return {key: _expr(value, unit_of(key) if unit_of else None) for key, value in values.items()}


def _speeds(speeds: SpeedsValue, notation: dict[str, str], units: Units) -> dict[str, Any]:
    force = units.active_forces.get if units else None
    return {
        "names": list(speeds.names),
        "definitions": _coefficients(speeds.definitions, units.speeds.get if units else None),
        "rates": _coefficients(speeds.rates, units.rates.get if units else None),
        "partial_screws": {
            body: {u: _screw(screw, notation, _partial(units, u)) for u, screw in by_speed.items()}
            for body, by_speed in speeds.partial_screws.items()
        },
        "generalized_active_forces": {
            "total": _coefficients(speeds.total, force),
            "by_action": {name: _coefficients(f, force) for name, f in speeds.forces.items()},
        },
    }


def _reduced(reduced: ReducedValue, units: Units) -> dict[str, Any]:
    force = units.active_forces.get if units else None
    return {
        "independent": list(reduced.independent),
        "dependent": list(reduced.dependent),
        "coefficients": {k: _coefficients(row) for k, row in reduced.coefficients.items()},
        "total": _coefficients(reduced.total, force),
        "by_action": {name: _coefficients(f, force) for name, f in reduced.forces.items()},
        "rates": _coefficients(reduced.rates, units.rates.get if units else None),
        "warnings": list(reduced.warnings),
    }


def _vector(vector: VectorValue, notation: dict[str, str], unit: Unit | None) -> dict[str, Any]:
    return {
        "text": vector_text(vector.terms),
        "latex": vector_latex(vector.terms, notation),
        **_unit(unit),
    }


def _screw(screw: ScrewValue, notation: dict[str, str], units: Pair = _NO_PAIR) -> dict[str, Any]:
    return {
        "at": screw.point,
        "resultant": _vector(screw.resultant, notation, units[0]),
        "moment": _vector(screw.moment, notation, units[1]),
    }


def _steps(steps: StepsValue, notation: dict[str, str], units: Units) -> dict[str, Any]:
    kinematic: Pair = units.kinematic if units else _NO_PAIR
    return {
        "kinematic_screw": _screw(steps.velocity, notation, kinematic),
        "partial_screws": {
            q: _screw(s, notation, _partial(units, q)) for q, s in steps.partials.items()
        },
        "power": _expr(steps.power, units.power if units else None),
        "power_coefficients": _coefficients(
            steps.shares, units.coefficients.get if units else None
        ),
    }


def solution_document(solution: Solution) -> dict[str, Any]:
    """The `run --format json` envelope, every value printed in the problem's reading order."""
    with reading_order(solution.notation.reading_order):
        return _solution_document(solution)


def _solution_document(solution: Solution) -> dict[str, Any]:
    notation = solution.notation.unit_latex
    units = solution.units
    c = solution.constraints
    coefficient = units.coefficients.get if units else None
    kinematic: Pair = units.kinematic if units else _NO_PAIR
    replacement: Pair = units.action if units else _NO_PAIR
    power = units.power if units else None
    energy = units.energy if units else None
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "screwsolve", "version": __version__},
        "command": "run",
        "status": "ok",
        "solution": {
            "title": solution.title,
            "variables": list(solution.variables),
            # `run --only`: the sections asked for; the others are empty (or null)
            **({"only": list(solution.only)} if solution.only is not None else {}),
            "kinematic_screws": {
                b: _screw(s, notation, kinematic) for b, s in solution.kinematic_screws.items()
            },
            "partial_screws": {
                b: {q: _screw(s, notation, _partial(units, q)) for q, s in by.items()}
                for b, by in solution.partial_screws.items()
            },
            "actions": [
                {
                    "name": a.name,
                    "kind": a.kind,
                    "on": a.on,
                    "by": a.by,
                    "interaction": a.interaction,
                    "noncontributing": a.noncontributing,
                    "screws": [
                        {
                            "on": s.on,
                            "reaction_on": s.by,
                            **_screw(s.screw, notation, replacement),
                            "steps": (
                                _steps(s.steps, notation, units) if s.steps is not None else None
                            ),
                        }
                        for s in a.screws
                    ],
                    "potential": _optional(a.potential, energy),
                    "dissipation": _optional(a.dissipation, power),
                    "power": _optional(a.power, power),
                    "power_coefficients": _coefficients(a.coefficients, coefficient),
                }
                for a in solution.actions
            ],
            "shared": [{"name": name, **_expr(value)} for name, value in solution.shared],
            "power": _optional(solution.power, power),
            "power_coefficients": _coefficients(solution.coefficients, coefficient),
            "speeds": _speeds(solution.speeds, notation, units) if solution.speeds else None,
            "constrained_generalized_active_forces": (
                _reduced(solution.reduced, units) if solution.reduced else None
            ),
            "potential_energy": _optional(solution.potential.value, energy),
            "potential_energy_of": list(solution.potential.members),
            "potential_energy_missing": dict(solution.potential.missing),
            "potential_energy_sets": [
                {"actions": list(names), "potential": _optional(value, energy)}
                for names, value in solution.potential_sets.items()
            ],
            "dissipation": _optional(solution.dissipation, power),
            "interaction": {
                a.name: _coefficients(a.coefficients, coefficient) for a in solution.interactions
            },
            "checks": {
                "noncontributing": list(solution.noncontributing),
                "potential": {
                    name: {
                        "agrees": name not in solution.potential_mismatches,
                        "mismatched": list(solution.potential_mismatches.get(name, ())),
                    }
                    for name in solution.potential_checked
                },
                "dissipation": {
                    name: {
                        "agrees": name not in solution.dissipation_mismatches,
                        "mismatched": list(solution.dissipation_mismatches.get(name, ())),
                    }
                    for name in solution.dissipation_checked
                },
            },
            "joints": [
                {
                    "name": j.name,
                    "type": j.type,
                    "between": list(j.between),
                    "constraint_action": _screw(j.screw, notation, replacement),
                    "interaction": _coefficients(j.coefficients, coefficient),
                    "checked": list(j.checked),
                    "nonzero": list(j.nonzero),
                    "ideal": j.ideal,
                }
                for j in solution.joints
            ],
            "replacements": {
                b: _screw(s, notation, replacement) for b, s in solution.replacements.items()
            },
            "constraints": {
                "equations": list(c.equations),
                "kinds": list(c.kinds),
                "eliminated_rates": _coefficients(c.eliminated, units.rates.get if units else None),
                "power": _optional(c.power, power),
                "action_powers": _coefficients(c.action_powers, (lambda _: power)),
                "warnings": list(c.warnings),
            },
        },
    }


def error_document(diagnostics: list[dict[str, Any]]) -> dict[str, Any]:
    """The `run --format json` envelope when there is no solution: why, each as
    {file, line, col, message} (file and place when the problem is in the file)."""
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "screwsolve", "version": __version__},
        "command": "run",
        "status": "error",
        "solution": None,
        "diagnostics": diagnostics,
    }


def write_document(document: dict[str, Any], handle: TextIO) -> None:
    """The document written as it is encoded, never held whole as one string (a 30-link
    chain's is megabytes): the same characters as `dumps`."""
    encoder = json.JSONEncoder(sort_keys=True, indent=2, ensure_ascii=True)
    for chunk in encoder.iterencode(document):
        handle.write(chunk)
    handle.write("\n")


def dumps(document: dict[str, Any]) -> str:
    """Stable serialisation: sorted keys, two-space indent, trailing newline; every character
    outside ASCII escaped, so no control character of untrusted text reaches a terminal raw."""
    return json.dumps(document, sort_keys=True, indent=2, ensure_ascii=True) + "\n"
