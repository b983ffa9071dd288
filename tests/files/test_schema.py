"""The file models stay pure data: importing them does not import sympy."""

from __future__ import annotations

import subprocess
import sys

from screwsolve.files.schema import Problem, problem_json_schema


def test_schema_module_does_not_import_sympy() -> None:
    code = "import sys, screwsolve.files.schema, screwsolve.files.loading; print('sympy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_schema_forbids_unknown_keys_and_documents_fields() -> None:
    schema = problem_json_schema()
    assert schema["additionalProperties"] is False
    action = schema["$defs"]["Action"]
    assert action["additionalProperties"] is False
    assert all("description" in p for p in action["properties"].values())
    assert "from" in schema["$defs"]["Frame"]["properties"]


def test_parameters_listed_without_assumption_are_real() -> None:
    problem = Problem.model_validate(
        {"title": "t", "referential": "0", "frames": {"0": {}}, "parameters": {"k": None}}
    )
    assert problem.parameters == {"k": "real"}
