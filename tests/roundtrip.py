"""What `run --format json` prints, written back into the problem as `expected:` claims.

One truth per quantity means that every value `run` reports is what `check` and `grade` compare:
a file whose claims are its own run's values must pass `check`, and used as a key, grade its
own answers full marks. This writes those claims (shared subexpressions written out); the
tests in tests/acceptance/test_roundtrip.py run them.
"""

from __future__ import annotations

import re
from typing import Any

from screwsolve.files.yaml_reader import parse_yaml

MAX_TEXT = 15_000  # a value longer than this, written out, is left out of the claims


def _expand(shared: dict[str, str]) -> Any:
    """text -> text with every shared name replaced by its definition (None: too long)."""
    if not shared:
        return lambda text: text
    names = re.compile(
        r"\b(" + "|".join(map(re.escape, sorted(shared, key=len, reverse=True))) + r")\b"
    )

    def expand(text: str) -> str | None:
        while names.search(text):
            text = names.sub(lambda m: "(" + shared[m.group(1)] + ")", text)
            if len(text) > MAX_TEXT:
                return None
        return text

    return expand


def claims_from_run(solution: dict[str, Any]) -> dict[str, Any]:
    """The `expected:` block of every value a run's JSON solution reports: screws, powers,
    coefficients (total and per action), interaction, potential energy and dissipation (total
    and per action), F_r and F~_r (total and per action)."""
    shared = {item["name"]: item["text"] for item in solution.get("shared") or []}
    expand = _expand(shared)

    def text(value: dict[str, Any] | None) -> str | None:
        return None if value is None else expand(value["text"])

    def by_key(values: dict[str, Any]) -> dict[str, str]:
        found = {k: text(v) for k, v in values.items()}
        return {k: v for k, v in found.items() if v is not None}

    def screw(value: dict[str, Any]) -> dict[str, str] | None:
        parts = {p: text(value[p]) for p in ("resultant", "moment")}
        if None in parts.values():
            return None
        return {"resultant": parts["resultant"], "moment": parts["moment"], "at": value["at"]}

    expected: dict[str, Any] = {}
    expected["kinematic_screws"] = {
        b: s for b, v in solution["kinematic_screws"].items() if (s := screw(v)) is not None
    }
    expected["partial_screws"] = {
        b: {q: s for q, v in by_q.items() if (s := screw(v)) is not None}
        for b, by_q in solution["partial_screws"].items()
    }
    actions = solution["actions"]
    expected["power"] = {a["name"]: text(a["power"]) for a in actions}
    total_power = text(solution["power"])
    coefficients: dict[str, Any] = by_key(solution["power_coefficients"])
    for action in actions:
        if not action["interaction"]:
            coefficients[action["name"]] = by_key(action["power_coefficients"])
    expected["power_coefficients"] = coefficients
    interaction = {k: by_key(v) for k, v in solution["interaction"].items()}
    if interaction:
        expected["interaction"] = interaction
    for key, per_action in (("potential_energy", "potential"), ("dissipation", "dissipation")):
        values = {a["name"]: text(a[per_action]) for a in actions if a[per_action] is not None}
        if key == "potential_energy":  # the sets run found conservative only together
            for found in solution["potential_energy_sets"]:
                values[" + ".join(found["actions"])] = text(found["potential"])
        if values:
            expected[key] = values
    speeds = solution.get("speeds")
    if speeds:
        forces = by_key(speeds["generalized_active_forces"]["total"])
        for name, row in speeds["generalized_active_forces"]["by_action"].items():
            forces[name] = by_key(row)
        expected["generalized_active_forces"] = forces
    reduced = solution.get("constrained_generalized_active_forces")
    if reduced and reduced["total"]:
        forces = by_key(reduced["total"])
        for name, row in reduced["by_action"].items():
            forces[name] = by_key(row)
        expected["constrained_generalized_active_forces"] = forces
    # the totals last: a key may claim a total and its parts
    totals = {
        "power": total_power,
        "potential_energy": text(solution["potential_energy"]),
        "dissipation": text(solution["dissipation"]),
    }
    return {"expected": expected, "totals": {k: v for k, v in totals.items() if v is not None}}


def problem_with_claims(problem_text: str, claims: dict[str, Any], total: str) -> dict[str, Any]:
    """The problem's data with `expected:` replaced by the per-item claims plus one total,
    `total` (`power`, `potential_energy` or `dissipation`), which replaces that section's
    per-action claims (a section is a total or a mapping by action)."""
    data = parse_yaml(problem_text, "problem.yaml")[0]
    data.pop("grading", None)
    expected = dict(claims["expected"])
    if total in claims["totals"]:
        expected[total] = claims["totals"][total]
    data["expected"] = expected
    return data
