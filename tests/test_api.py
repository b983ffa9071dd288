"""The API's run_request: from a path (the library's use) or from a problem loaded elsewhere
(the command's worker, which must never import pydantic or PyYAML)."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from screwsolve.api import RunRequest, run_request
from screwsolve.files.loading import detached, load_problem

from .conftest import PROBLEMS
from .golden_outputs import GOLDEN

SOLVE_DETACHED = """
import pickle, sys
from screwsolve.api import run_request
request = pickle.loads(sys.stdin.buffer.read())
result = run_request(request)
sys.stdout.write(result.output)
sys.stderr.write(" ".join(sorted({name.split(".")[0] for name in sys.modules} & {"pydantic", "yaml"})))
"""


@pytest.mark.parametrize("name", ["plate-on-a-step", "car-tyre-forces"])
def test_a_request_by_path_loads_the_file_and_gives_the_golden_json(name: str) -> None:
    result = run_request(RunRequest(str(PROBLEMS / f"{name}.yaml"), format="json"))
    assert result.output.encode() == (GOLDEN / name / "solution.json").read_bytes()


def test_a_detached_problem_is_solved_without_pydantic_or_yaml() -> None:
    """What `run` hands its worker: the golden JSON, in a process that never imports either."""
    path = PROBLEMS / "car-tyre-forces.yaml"
    request = RunRequest(str(path), format="json", problem=detached(load_problem(str(path))))
    done = subprocess.run(
        [sys.executable, "-c", SOLVE_DETACHED],
        input=pickle.dumps(request),
        capture_output=True,
        check=True,
    )
    assert done.stdout == (GOLDEN / "car-tyre-forces" / "solution.json").read_bytes()
    assert done.stderr.decode() == ""


def test_semantic_errors_of_a_detached_problem_are_located() -> None:
    text = "title: t\nreferential: E\nframes: {E: {}}\nbodies: {B: {frame: F, origin: O}}\n"
    from screwsolve.files.loading import load_problem_text

    request = RunRequest(
        "p.yaml", format="json", problem=detached(load_problem_text(text, "p.yaml"))
    )
    result = run_request(request)
    assert result.output == ""
    assert [(d.file, d.line) for d in result.diagnostics][:1] == [("p.yaml", 4)]
