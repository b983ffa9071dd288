"""The API's run_request: from a path (the library's use) or from a problem loaded elsewhere
(the command's worker, which must never import pydantic or PyYAML)."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

import screwsolve
from screwsolve.files.loading import detached, load_problem
from screwsolve.jobs import RunRequest, run_request

from .conftest import PROBLEMS
from .golden_outputs import GOLDEN

SOLVE_DETACHED = """
import pickle, sys
from screwsolve.jobs import run_request
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


def test_a_solutions_symbols_are_the_ones_in_its_values() -> None:
    """solution.symbols['theta'] is the very symbol in the results (real, as declared), so
    subs and numeric functions act on it; rates are named as the file writes them."""
    import math

    import screwsolve

    solution = screwsolve.solve(PROBLEMS / "plate-on-a-step.yaml")
    symbols = solution.symbols
    q_theta = solution.coefficients["theta"]
    assert symbols["theta"] in q_theta.free_symbols
    assert symbols["theta'"] in solution.power.free_symbols
    assert not q_theta.subs(symbols["theta"], 1).has(symbols["theta"])
    # by hand (the book's Q^theta = h N_Q / sin(theta) - m g l cos(theta))
    f = solution.numeric(q_theta)
    assert f.arguments == ("N_Q", "g", "h", "l", "m", "theta")
    value = f(N_Q=1.0, h=2.0, g=9.81, l=1.0, m=1.0, theta=1.0)
    assert math.isclose(value, 2.0 / math.sin(1.0) - 9.81 * math.cos(1.0))
    power = solution.numeric(solution.power)
    assert "theta'" in power.arguments
    values = dict.fromkeys(power.arguments, 0.5)
    values.pop("theta'")
    assert power(theta_dot=0.0, **values) == power(**{"theta'": 0.0}, **values)
    with pytest.raises(TypeError, match="missing values for theta"):
        f(N_Q=1.0, h=2.0, g=9.81, l=1.0, m=1.0)
    # an infinite value is said in words (it was "invalid literal for int()")
    with pytest.raises(ValueError, match="theta: a finite number is needed"):
        f(N_Q=1.0, h=2.0, g=9.81, l=1.0, m=1.0, theta=math.inf)


def test_a_large_problems_values_are_sympy_over_the_solutions_symbols() -> None:
    """A 20-link chain is past textbook size: run prints it from symengine values and shared
    names, but the API hands out sympy values written out, holding the very symbols. By hand,
    for the last link (its weight m at L/2 along x20 under -g y0, the force F y20 at its tip,
    and only q20's rate moving it relative to link 19): Q^q20 = F L - m g (L/2) cos(q1+...+q20)."""
    import sympy

    import screwsolve
    from screwsolve.symbolic.graphs import free_symbols

    from .large_models import chain_yaml

    solution = screwsolve.solve(chain_yaml(20))
    values = [*solution.coefficients.values(), solution.power, solution.potential_energy]
    values += [c for a in solution.actions for c in a.coefficients.values()]
    assert all(isinstance(v, sympy.Basic) for v in values)
    assert not solution.shared
    symbols = solution.symbols
    q20 = solution.coefficients["q20"]
    # its symbols found over its graph (sympy's free_symbols walks the written-out tree: 14 s)
    assert {symbols[f"q{i}"] for i in range(1, 21)} <= free_symbols(q20)
    # compared at a point, over the value's graph (its tree, written out, is far too large)
    import math

    values = {"F": 1.3, "L": 0.7, "m": 2.1, "g": 9.8}
    values.update({f"q{i}": 0.1 * i - 0.9 for i in range(1, 21)})
    angle = sum(values[f"q{i}"] for i in range(1, 21))
    by_hand = values["F"] * values["L"] - values["m"] * values["g"] * values["L"] / 2 * math.cos(
        angle
    )
    evaluate = solution.numeric(q20)
    got = evaluate(**{name: values[name] for name in evaluate.arguments})
    assert math.isclose(got, by_hand, rel_tol=1e-12)


def test_the_package_says_it_is_typed() -> None:
    from importlib.resources import files

    assert files("screwsolve").joinpath("py.typed").is_file()


def test_the_model_objects_print_in_one_short_line() -> None:
    """A notebook or a debugger shows what was loaded and solved, not 18 000 characters."""
    loaded = screwsolve.load(PROBLEMS / "plate-on-a-step.yaml")
    shown = [repr(loaded), repr(screwsolve.solve(loaded)), repr(screwsolve.to_mechanics(loaded))]
    assert all(len(text) < 200 and "\n" not in text for text in shown), shown
    assert shown[0].startswith("<Loaded 'Plate on a step") and "2 coordinates" in shown[0]
    assert "coefficients for x, theta, t" in shown[1] and "3 actions" in shown[1]
    assert shown[2].startswith("<MechanicsModel: 2 frames") and "1 velocity constraints" in shown[2]
