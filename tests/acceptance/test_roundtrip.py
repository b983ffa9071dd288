"""One truth per quantity: what `run` prints, written back into the file as claims, passes
`check`, and the file used as a key grades those same answers full marks.

Every shipped problem and example, and generated families (chains with springs and gravity,
sleds with friction and a constraint, speeds, conservative screws, a motor and a constant push
beside gravity and springs, a chain large enough for the symengine route) go through the
installed pipeline's own pieces: `solve` (what run prints, as its JSON), `check_file` and
`grade`. No expected value here comes from anywhere but the run being tested; what is tested is
that the three agree.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from screwsolve.api import solve
from screwsolve.checking.checking import check_file
from screwsolve.errors import InputError
from screwsolve.grading.batch import grade
from screwsolve.grading.key import key_truth
from screwsolve.grading.truth import load_key
from screwsolve.render.json import solution_document

from ..chains import chains, to_yaml
from ..conftest import LARGE_PUBLISHED, PROBLEMS, ROOT
from ..large_models import chain_yaml
from ..roundtrip import claims_from_run, problem_with_claims
from ..sleds import sled

UNWRITABLE = "this could expand to"  # the grammar's limit on a claim's expansion

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

SHIPPED = [*sorted(PROBLEMS.glob("*.yaml")), ROOT / "examples" / "grading" / "key-plate.yaml"]
TOTALS = ("power", "potential_energy", "dissipation")

# a double pendulum with a torsion spring, a motor and a constant push beside gravity: the
# motor and the push are inputs the total potential energy leaves out unless marked
DOUBLE_PENDULUM = """
title: double pendulum with a torsion spring, a motor and a constant push
referential: N
parameters: {m: positive, g: positive, l: positive, k: positive, T: real, F: real}
coordinates: [q1, q2]
frames: {N: {}, A: {from: N, rotate: [z, q1]}, B: {from: A, rotate: [z, q2]}}
points:
  O: {fixed_in: N}
  P: {from: O, position: l*xA, body: A}
  CA: {from: O, position: l/2*xA, body: A}
  CB: {from: P, position: l/2*xB, body: B}
  E: {from: P, position: l*xB, body: B}
bodies:
  A: {frame: A, origin: O, mass: m, mass_center: CA}
  B: {frame: B, origin: P, mass: m, mass_center: CB}
gravity: -g*yN
actions:
  - {name: spring, on: B, by: A, torsion_spring: {axis: zN, angle: q2, stiffness: k}}
  - {name: motor, on: A, motor_torque: {axis: zN, torque: T}}
  - {name: push, on: B, at: E, force: F*xN@mark@}
"""


def _write_claims_and_check(tmp_path: Path, text: str, name: str) -> None:
    """Run `text`, write each way of claiming its values back, check them, grade them."""
    source = tmp_path / f"{name}.yaml"
    source.write_text(text, encoding="utf-8")
    solution = solve(source)
    claims = claims_from_run(solution_document(solution)["solution"])
    left_out: set[str] = set()
    # the per-action claims with each total in turn (a section is one or the other)
    for total in ("none", *TOTALS):
        if total != "none" and total not in claims["totals"]:
            continue
        data = problem_with_claims(text, claims, total)
        path = tmp_path / f"{name}-{total}.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
        report = check_file(str(path), seconds=None)
        assert not report.diagnostics, [d.message for d in report.diagnostics]
        # a published model past textbook size prints values that, written out, may pass the
        # grammar's expansion limit: no user could write them as claims either (left out, as
        # values past MAX_TEXT are); nowhere else
        unwritable = [
            c for c in report.claims if c.status != "ok" and c.detail.startswith(UNWRITABLE)
        ]
        assert not unwritable or f"{name}.yaml" in LARGE_PUBLISHED, [c.path for c in unwritable]
        left_out.update(c.path for c in unwritable)
        failed = [
            (c.path, c.detail) for c in report.claims if c.status != "ok" and c not in unwritable
        ]
        assert not failed, f"{name} with total {total}: {failed}"
        assert report.claims
    # the file as a key, its own run's answers as a submission: full marks
    data = problem_with_claims(text, claims, "power")
    for dotted in left_out:
        *sections, last = dotted.split(".")
        place = data["expected"]
        for section in sections:
            place = place.get(section, {})
        place.pop(last, None)
    data["grading"] = {"id": "roundtrip"}
    key = tmp_path / f"{name}-key.yaml"
    key.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
    if f"{name}.yaml" in LARGE_PUBLISHED:
        # its constrained values carry rates past the 16 000 characters an expression may
        # have: the key refuses them, located, and names the way out (grading.items)
        try:
            key_truth(load_key(key.read_text(encoding="utf-8"), str(key)))
        except InputError as error:
            refused = [TOO_LARGE.search(d.message) for d in error.diagnostics]
            assert all(refused), [d.message for d in error.diagnostics]
            data["grading"]["items"] = [
                item
                for item in _items(data["expected"])
                if item not in {m[1] for m in refused if m}
            ]
            key.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
    answers = {"student": "s1", "problem": "roundtrip", "answers": data["expected"]}
    submission = tmp_path / f"{name}-answers.yaml"
    submission.write_text(yaml.safe_dump(answers, sort_keys=False), "utf-8")
    report = grade(str(key), [str(submission)], timeout=0, use_cache=False, seed=11)
    (result,) = report.results
    wrong = [(i.item, i.feedback) for i in result.items if i.points < i.max_points]
    assert not wrong, f"{name} graded against itself: {wrong}"
    assert result.score == report.max_points > 0


TOO_LARGE = re.compile(r"^the key's claim (\S+) is too large to grade")


def _items(expected: dict[str, Any], prefix: str = "") -> list[str]:
    """The dotted item of every claim below `expected:` (a mapping's leaves, a screw whole)."""
    found = []
    for key, value in expected.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, dict) and not {"resultant", "moment", "value"} & set(value):
            found += _items(value, dotted + ".")
        else:
            found.append(dotted)
    return found


@pytest.mark.parametrize("problem", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_shipped_problem_passes_its_own_run(tmp_path: Path, problem: Path) -> None:
    _write_claims_and_check(tmp_path, problem.read_text(encoding="utf-8"), problem.stem)


@pytest.mark.parametrize("mark", ["", ", conservative: true"], ids=["input", "conservative"])
def test_gravity_springs_a_motor_and_a_push(tmp_path: Path, mark: str) -> None:
    _write_claims_and_check(tmp_path, DOUBLE_PENDULUM.replace("@mark@", mark), "pendulum")


def test_a_chain_on_the_symengine_route(tmp_path: Path) -> None:
    """Five links: past textbook size, so run prints from the Jacobian core's symengine values
    (shared subexpressions) while check compares sympy's."""
    _write_claims_and_check(tmp_path, chain_yaml(5), "chain5")


def test_a_chain_whose_coefficients_come_from_moments_about_its_origins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three links turned about z then x, their screws taking the moments about the origins
    from the second link on (limits.NESTED_ORIGINS lowered: a chain long enough to take them
    by default has claims that, written out, pass the grammar's 16 000 characters): run's
    output written back as claims passes check and grades full marks."""
    from ..two_axis_chain import two_axis_chain_yaml

    monkeypatch.setattr("screwsolve.mechanics.fast.jacobian.NESTED_ORIGINS", 2)
    _write_claims_and_check(tmp_path, two_axis_chain_yaml(3), "nested")


@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(links=chains(max_links=3))
def test_generated_chains(tmp_path_factory: pytest.TempPathFactory, links: list) -> None:
    _write_claims_and_check(tmp_path_factory.mktemp("chain"), to_yaml(links), "chain")


@settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    gx=st.sampled_from(["0", "a"]),
    gy=st.sampled_from(["1", "-a"]),
    k=st.sampled_from([("0", "1"), ("cos(theta)", "2")]),
    speeds=st.sampled_from(["", "speeds:\n  u1: dot(v(P), xA)\n  u2: theta'\n"]),
)
def test_generated_sleds_with_friction_and_a_constraint(
    tmp_path_factory: pytest.TempPathFactory, gx: str, gy: str, k: tuple[str, str], speeds: str
) -> None:
    text = sled(gx, gy, k, speeds=speeds)
    _write_claims_and_check(tmp_path_factory.mktemp("sled"), text, "sled")
