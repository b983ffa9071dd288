"""Write docs/reference.md from the two definitions it documents, so that it never drifts:
every key of a problem file from the published JSON Schema's descriptions
(`screwsolve/schemas/problem.schema.json`, itself `screwsolve schema`), and every claim of
`expected:` from the registry of quantities (`screwsolve/quantities.py`).

Run: python scripts/docs_reference.py [--check]. With --check it writes nothing and exits 1 when
the page is not what it would write (tests/test_docs.py runs it so).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from screwsolve.quantities import QUANTITIES  # noqa: E402

PAGE = ROOT / "docs" / "reference.md"
SCHEMA = ROOT / "screwsolve" / "schemas" / "problem.schema.json"

SHAPES = {
    "screw_by_body": "`{BODY: {resultant, moment, at}}`",
    "screw_by_body_and_key": "`{BODY: {COORD, SPEED or t: {resultant, moment, at}}}`",
    "total_or_by_action": "`EXPR` (the total), or `{ACTION: EXPR}`",
    "scalar": "`EXPR`",
    "by_key_or_action": "`{KEY: EXPR}` totals and/or `{ACTION: {KEY: EXPR}}`",
    "by_action_and_key": "`{ACTION: {KEY: EXPR}}`",
    "by_key": "`{KEY: EXPR}`",
    "names": "`[ACTION, ...]`",
    "flags": "`{NAME: true or false}`",
}
UNITS = {
    "kinematic": "rad/s ; m/s",
    "action": "N ; N·m",
    "partial": "per unit of the key's rate",
    "power": "W",
    "energy": "J",
    "coefficient": "W per unit of q' (N for a length, N·m for an angle)",
    "active_force": "W per unit of u_r",
    "rate": "the unit of q'",
    "none": "-",
}
# the models a top-level key holds, in the order a file is written
SECTIONS = [
    ("frames", "Frame"),
    ("points", "Point"),
    ("bodies", "Body"),
    ("actions", "Action"),
    ("joints", "Joint"),
    ("grading", "Grading"),
]
ACTION_KINDS = [
    ("spring", "SpringSpec"),
    ("pathway", "PathwaySpec"),
    ("pathway.wraps", "WrapSpec"),
    ("damper", "DamperSpec"),
    ("torsion_spring", "TorsionSpringSpec"),
    ("motor_torque", "MotorTorqueSpec"),
    ("friction", "FrictionSpec"),
    ("drag", "DragSpec"),
    ("contact", "ContactSpec"),
    ("potential", "PotentialSpec"),
]


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _required(model: dict[str, Any]) -> set[str]:
    return set(model.get("required", []))


def _table(model: dict[str, Any]) -> list[str]:
    rows = ["| key | required | meaning |", "| --- | --- | --- |"]
    required = _required(model)
    for name, spec in model.get("properties", {}).items():
        need = "yes" if name in required else ""
        rows.append(f"| `{name}` | {need} | {_cell(spec.get('description', ''))} |")
    return rows


def page() -> str:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    defs = schema["$defs"]
    out = [
        "# Reference",
        "",
        "Generated from the problem schema and the registry of quantities by",
        "`python scripts/docs_reference.py`: do not edit by hand. The same descriptions show",
        "in an editor that reads `schemas/problem.schema.json`.",
        "",
        "## Claims (`expected:`)",
        "",
        "Every quantity `run` reports, as a claim on it is written under `expected:` (and under",
        "`answers:` in a student's file). `KEY` is a coordinate, a speed or `t` as the quantity",
        "takes them; `EXPR` any expression of the file's names. Any scalar may be a series",
        "answer, `{value: EXPR, small: NAME, order: N}`.",
        "",
        "| claim | written | unit | meaning | `run` shows it under |",
        "| --- | --- | --- | --- | --- |",
    ]
    for key, quantity in QUANTITIES.items():
        out.append(
            f"| `{key}` | {SHAPES[quantity.shape]} | {UNITS[quantity.unit]} | "
            f"{_cell(quantity.meaning)} | {_cell(quantity.table)} |"
        )
    out += ["", "## The problem file", "", _cell(schema.get("description", "")), ""]
    out += _table(schema)
    for key, model in SECTIONS:
        out += ["", f"## `{key}`", "", _cell(defs[model].get("description", "")), ""]
        out += _table(defs[model])
    out += ["", "## Action kinds", ""]
    out += ["An action has a `name` and exactly one kind: a screw (`force` and/or `moment`, with"]
    out += ["`on` and `at`), `gravity`, or one of these, each a mapping of its own keys."]
    for key, model in ACTION_KINDS:
        out += ["", f"### `{key}`", "", _cell(defs[model].get("description", "")), ""]
        out += _table(defs[model])
    return "\n".join(out) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    arguments = parser.parse_args()
    text = page()
    if arguments.check:
        if PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE.name} is stale: run python scripts/docs_reference.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
