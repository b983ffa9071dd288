"""A Solution or a check report as one stable JSON document (sorted keys, no timestamps)."""

from __future__ import annotations

import json
from typing import Any

import sympy

from screwsolve.solution.result import (
    ReducedValue,
    ScrewValue,
    Solution,
    SpeedsValue,
    StepsValue,
    VectorValue,
)
from screwsolve.symbolic.printing import latex, text, vector_latex, vector_text
from screwsolve.version import __version__

SCHEMA_VERSION = 1


def _expr(expr: sympy.Expr) -> dict[str, str]:
    return {"text": text(expr), "latex": latex(expr)}


def _optional(expr: sympy.Expr | None) -> dict[str, str] | None:
    return None if expr is None else _expr(expr)


def _coefficients(values: dict[str, sympy.Expr]) -> dict[str, dict[str, str]]:
    return {key: _expr(value) for key, value in values.items()}


def _speeds(speeds: SpeedsValue, units: dict[str, str]) -> dict[str, Any]:
    return {
        "names": list(speeds.names),
        "definitions": _coefficients(speeds.definitions),
        "rates": _coefficients(speeds.rates),
        "partial_screws": {
            body: {u: _screw(screw, units) for u, screw in by_speed.items()}
            for body, by_speed in speeds.partial_screws.items()
        },
        "generalized_active_forces": {
            "total": _coefficients(speeds.total),
            "by_action": {name: _coefficients(f) for name, f in speeds.forces.items()},
        },
    }


def _reduced(reduced: ReducedValue) -> dict[str, Any]:
    return {
        "independent": list(reduced.independent),
        "dependent": list(reduced.dependent),
        "coefficients": {k: _coefficients(row) for k, row in reduced.coefficients.items()},
        "total": _coefficients(reduced.total),
        "by_action": {name: _coefficients(f) for name, f in reduced.forces.items()},
        "rates": _coefficients(reduced.rates),
        "warnings": list(reduced.warnings),
    }


def _vector(vector: VectorValue, units: dict[str, str]) -> dict[str, str]:
    return {"text": vector_text(vector.terms), "latex": vector_latex(vector.terms, units)}


def _screw(screw: ScrewValue, units: dict[str, str]) -> dict[str, Any]:
    return {
        "at": screw.point,
        "resultant": _vector(screw.resultant, units),
        "moment": _vector(screw.moment, units),
    }


def _steps(steps: StepsValue, units: dict[str, str]) -> dict[str, Any]:
    return {
        "kinematic_screw": _screw(steps.velocity, units),
        "partial_screws": {q: _screw(s, units) for q, s in steps.partials.items()},
        "power": _expr(steps.power),
        "power_coefficients": {q: _expr(v) for q, v in steps.shares.items()},
    }


def solution_document(solution: Solution) -> dict[str, Any]:
    """The `run --format json` envelope."""
    units = solution.notation.unit_latex
    c = solution.constraints
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "screwsolve", "version": __version__},
        "command": "run",
        "status": "ok",
        "solution": {
            "title": solution.title,
            "variables": list(solution.variables),
            "kinematic_screws": {b: _screw(s, units) for b, s in solution.kinematic_screws.items()},
            "partial_screws": {
                b: {q: _screw(s, units) for q, s in by.items()}
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
                            **_screw(s.screw, units),
                            "steps": _steps(s.steps, units) if s.steps is not None else None,
                        }
                        for s in a.screws
                    ],
                    "potential": _optional(a.potential),
                    "dissipation": _optional(a.dissipation),
                    "power": _expr(a.power),
                    "power_coefficients": {q: _expr(v) for q, v in a.coefficients.items()},
                }
                for a in solution.actions
            ],
            "shared": [{"name": name, **_expr(value)} for name, value in solution.shared],
            "power": _expr(solution.power),
            "power_coefficients": {q: _expr(v) for q, v in solution.coefficients.items()},
            "speeds": _speeds(solution.speeds, units) if solution.speeds else None,
            "constrained_generalized_active_forces": (
                _reduced(solution.reduced) if solution.reduced else None
            ),
            "potential_energy": _optional(solution.potential_energy),
            "dissipation": _optional(solution.dissipation),
            "interaction": {
                a.name: {q: _expr(v) for q, v in a.coefficients.items()}
                for a in solution.interactions
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
                    "constraint_action": _screw(j.screw, units),
                    "interaction": {q: _expr(v) for q, v in j.coefficients.items()},
                    "checked": list(j.checked),
                    "nonzero": list(j.nonzero),
                    "ideal": j.ideal,
                }
                for j in solution.joints
            ],
            "replacements": {b: _screw(s, units) for b, s in solution.replacements.items()},
            "constraints": {
                "equations": list(c.equations),
                "kinds": list(c.kinds),
                "eliminated_rates": {q: _expr(v) for q, v in c.eliminated.items()},
                "power": _expr(c.power) if c.power is not None else None,
                "action_powers": {k: _expr(v) for k, v in c.action_powers.items()},
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


def dumps(document: dict[str, Any]) -> str:
    """Stable serialisation: sorted keys, two-space indent, trailing newline; every character
    outside ASCII escaped, so no control character of untrusted text reaches a terminal raw."""
    return json.dumps(document, sort_keys=True, indent=2, ensure_ascii=True) + "\n"
