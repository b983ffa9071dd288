"""`screwsolve check`: the shipped problems hold; wrong claims fail and say why; bad files are recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from screwsolve.checking.batch import check_paths
from screwsolve.checking.checking import check_file
from screwsolve.checking.discovery import problem_files
from screwsolve.checking.reports import ClaimResult, FileReport
from screwsolve.render.check import claim_message

from ..conftest import PROBLEMS

PLATE = (PROBLEMS / "plate-on-a-step.yaml").read_text(encoding="utf-8")


def test_every_shipped_problem_passes() -> None:
    report = check_paths(problem_files([str(PROBLEMS)]).files)
    assert len(report.files) >= 5
    failures = [
        (f.path, c.path, claim_message(c))
        for f in report.files
        for c in f.claims
        if c.status != "ok"
    ]
    assert not failures
    assert all(not f.diagnostics for f in report.files)
    assert report.ok
    assert report.claim_count > 50


def test_a_wrong_claim_fails_at_its_line(tmp_path: Path) -> None:
    wrong = PLATE.replace(
        "theta: -m*g*l*cos(theta) + h*N_Q/sin(theta)", "theta: m*g*l*cos(theta) + h*N_Q/sin(theta)"
    )
    path = tmp_path / "plate.yaml"
    path.write_text(wrong, encoding="utf-8")
    report = check_file(str(path))
    failed = [c for c in report.claims if c.status == "fail"]
    assert [c.path for c in failed] == ["power_coefficients.theta"]
    line = next(
        i for i, text in enumerate(wrong.splitlines(), 1) if "theta: m*g*l*cos(theta)" in text
    )
    assert failed[0].line == line
    assert "expected" in claim_message(failed[0])
    assert report.status == "fail"


def test_a_wrong_vector_claim_fails(tmp_path: Path) -> None:
    wrong = PLATE.replace(
        "x: {resultant: 0, moment: x0, at: A}", "x: {resultant: 0, moment: y0, at: A}"
    )
    path = tmp_path / "plate.yaml"
    path.write_text(wrong, encoding="utf-8")
    failed = [c.path for c in check_file(str(path)).claims if c.status == "fail"]
    assert failed == ["partial_screws.1.x.moment"]


def test_claims_about_unknown_names_are_errors(tmp_path: Path) -> None:
    text = PLATE.replace("    t: 0\n    push at A:", "    tt: 0\n    push at A:")
    path = tmp_path / "plate.yaml"
    path.write_text(text, encoding="utf-8")
    errors = [c for c in check_file(str(path)).claims if c.status == "error"]
    assert errors and "unknown coordinate 'tt' (did you mean 't'?)" in claim_message(errors[0])


def test_a_bad_file_is_recorded_and_the_batch_goes_on(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("referential: 0\ntitle: [\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text(PLATE, encoding="utf-8")
    report = check_paths(problem_files([str(tmp_path)]).files)
    assert [f.status for f in report.files] == ["error", "ok"]
    assert not report.ok


def test_folders_recurse_and_sort(tmp_path: Path) -> None:
    (tmp_path / "z").mkdir()
    for name in ["z/b.yml", "a.yaml", "c.txt"]:
        (tmp_path / name).write_text("referential: 0\n", encoding="utf-8")
    found = [Path(p).relative_to(tmp_path).as_posix() for p in problem_files([str(tmp_path)]).files]
    assert found == ["a.yaml", "z/b.yml"]


ENERGY = """title: block on a spring, in oil
referential: 0
parameters: {k: positive, l0: positive, c: positive, m: positive, g: positive}
coordinates: [{x: positive}]
frames: {0: {}}
points: {O: {fixed_in: 0}, B: {from: O, position: x*x0}}
bodies: {block: {frame: 0, origin: B, mass: m, mass_center: B}}
gravity: -g*x0
actions:
  - {name: spring, spring: {between: [O, B], stiffness: k, free_length: l0}}
  - {name: oil, on: block, friction: {at: B, law: c*v}}
expected:
  potential_energy:
    spring: k*(x - l0)**2/2 + 7*k*l0**2
    weight of block: m*g*x
  dissipation: {oil: c*x'**2/2}
"""


def _check(tmp_path: Path, text: str):
    path = tmp_path / "energy.yaml"
    path.write_text(text, encoding="utf-8")
    return {c.path: c for c in check_file(str(path)).claims}


def test_energies_are_claimed_a_potential_up_to_a_constant(tmp_path: Path) -> None:
    """Hand derivation: V = k (x - l0)^2/2 (any constant added is as right), the weight along
    -x0 has V = m g x, the oil's R = c x'^2/2; in total k (x - l0)^2/2 + m g x and c x'^2/2."""
    claims = _check(tmp_path, ENERGY)
    assert {p: c.status for p, c in claims.items()} == {
        "potential_energy.spring": "ok",
        "potential_energy.weight of block": "ok",
        "dissipation.oil": "ok",
    }
    totals = ENERGY.replace(
        "  potential_energy:\n    spring: k*(x - l0)**2/2 + 7*k*l0**2\n    weight of block: m*g*x\n"
        "  dissipation: {oil: c*x'**2/2}\n",
        "  potential_energy: k*(x - l0)**2/2 + m*g*x - 3\n  dissipation: c*x'**2/2\n",
    )
    claims = _check(tmp_path, totals)
    assert {p: c.status for p, c in claims.items()} == {
        "potential_energy": "ok",
        "dissipation": "ok",
    }


def test_a_wrong_energy_fails_and_one_that_does_not_exist_is_an_error(tmp_path: Path) -> None:
    wrong = ENERGY.replace("spring: k*(x - l0)**2/2 + 7*k*l0**2", "spring: k*(x - l0)**2")
    wrong = wrong.replace("{oil: c*x'**2/2}", "{oil: c*x'**2/2 + x}")
    claims = _check(tmp_path, wrong)
    assert claims["potential_energy.spring"].status == "fail"
    assert claims["dissipation.oil"].status == "fail"  # R is compared exactly
    missing = ENERGY.replace("{oil: c*x'**2/2}", "{spring: 0}")
    claim = _check(tmp_path, missing)["dissipation.spring"]
    assert claim.status == "error"
    assert "action 'spring' has no dissipation function" in claim_message(claim)


PENDULUM = (PROBLEMS / "pendulum-on-a-moving-support.yaml").read_text(encoding="utf-8")
SERIES = "push: {theta: {value: F*l, small: theta, order: 1}}"


def test_a_series_claim_holds_to_its_order_only(tmp_path: Path) -> None:
    """F l cos(theta) is F l to first order, not to second (F l theta^2/2 is missing);
    F l (1 - theta^2/2) is right to third order; F l + F l theta is wrong at first order."""
    cases = {
        SERIES: "ok",
        SERIES.replace("order: 1", "order: 2"): "fail",
        SERIES.replace("F*l,", "F*l*(1 - theta**2/2),").replace("order: 1", "order: 3"): "ok",
        SERIES.replace("F*l,", "F*l + F*l*theta,"): "fail",
    }
    for written, status in cases.items():
        claims = _check(tmp_path, PENDULUM.replace(SERIES, written))
        claim = claims["power_coefficients.push.theta"]
        assert claim.status == status, (written, claim_message(claim))
    failed = _check(tmp_path, PENDULUM.replace(SERIES, SERIES.replace("order: 1", "order: 2")))
    message = claim_message(failed["power_coefficients.push.theta"])
    assert "differs at order 2" in message and "must be of order 3" in message


def test_a_malformed_series_claim_or_an_unknown_small_quantity_is_an_error(tmp_path: Path) -> None:
    claims = _check(
        tmp_path, PENDULUM.replace(SERIES, SERIES.replace("small: theta", "small: phi"))
    )
    claim = claims["power_coefficients.push.theta"]
    assert claim.status == "error" and "unknown small quantity 'phi'" in claim_message(claim)
    report = check_file_text(PENDULUM.replace(SERIES, SERIES.replace("order: 1", "order: 9")))
    assert report.status == "error"  # the schema refuses an order above 6, at its place


def check_file_text(text: str):
    return check_file("pendulum.yaml", text=text)


def test_generalized_force_claims_name_speeds_and_independent_speeds(tmp_path: Path) -> None:
    snakeboard = (PROBLEMS / "snakeboard-driven.yaml").read_text(encoding="utf-8")
    text = snakeboard.replace(
        "  constrained_generalized_active_forces:\n",
        "  constrained_generalized_active_forces:\n    u1: 0\n    uu3: 0\n",
    )
    claims = _check(tmp_path, text)
    dependent = claims["constrained_generalized_active_forces.u1"]
    assert dependent.status == "error"
    assert "'u1' is a dependent speed; F~ is given for u3, u4, u5" in claim_message(dependent)
    unknown = claims["constrained_generalized_active_forces.uu3"]
    assert "unknown speed 'uu3' (did you mean 'u3'?)" in claim_message(unknown)
    wrong = snakeboard.replace(
        "u3: 2*F*cos(q4)*cos(q5)/sin(q4 - q5)\n", "u3: 2*F*cos(q4)*cos(q5)\n"
    )
    claim = _check(tmp_path, wrong)["constrained_generalized_active_forces.u3"]
    assert claim.status == "fail"


SPRING_ON_A_ROD = """
title: a slider on a spring of length L + q, its answers written for L + q > 0
referential: 0
parameters: {k: positive, L: positive}
coordinates: [q]
frames: {0: {}}
points: {O: {fixed_in: 0}, P: {from: O, position: (L + q)*x0}}
bodies: {s: {frame: 0, origin: P}}
actions:
  - {name: spring, spring: {between: [O, P], stiffness: k, free_length: L}}
@DOMAINS@
expected:
  power_coefficients: {q: -k*q}
  potential_energy: k*q**2/2
"""


def test_a_domain_holds_answers_where_the_source_says_they_hold() -> None:
    """By hand: the spring's length is |L + q|, its tension k(|L + q| - L) along the unit
    vector sign(L + q) x0, so Q^q = -k (|L + q| - L) sign(L + q): -k q where L + q > 0 only."""
    without = check_file_text(SPRING_ON_A_ROD.replace("@DOMAINS@", ""))
    assert {c.path: c.status for c in without.claims}["power_coefficients.q"] == "fail"
    within = check_file_text(SPRING_ON_A_ROD.replace("@DOMAINS@", "domains: [L + q > 0]"))
    assert [c.status for c in within.claims] == ["ok", "ok"], [c.detail for c in within.claims]
    outside = check_file_text(SPRING_ON_A_ROD.replace("@DOMAINS@", "domains: ['L + q <= 0']"))
    assert {c.path: c.status for c in outside.claims}["power_coefficients.q"] == "fail"


@pytest.mark.parametrize(
    ("domains", "message"),
    [("[L + q]", "one inequality"), ("[L > q > 0]", "one inequality"), ("[L + r > 0]", "r")],
)
def test_a_bad_domain_is_refused_at_its_place(domains: str, message: str) -> None:
    report = check_file_text(SPRING_ON_A_ROD.replace("@DOMAINS@", f"domains: {domains}"))
    assert report.diagnostics and message in report.diagnostics[0].message
    assert report.diagnostics[0].line == 11


def test_constraints_written_with_v_as_sources_print_them_keep_every_claim() -> None:
    """Moore writes the snakeboard's constraints as Bo.vel(N).dot(B.y) = 0, Kane the rolling
    disc's as v^C . n = 0 for the disc's contact point: stated so, with v(P), the shipped files'
    claims (the sources' answers) all still hold."""
    snakeboard = (PROBLEMS / "snakeboard-driven.yaml").read_text(encoding="utf-8")
    written = [line for line in snakeboard.splitlines() if line.startswith('  - "dot(q1')]
    assert len(written) == 2
    for old, new in zip(written, ["  - dot(v(Bo), yB) = 0", "  - dot(v(Co), yC) = 0"], strict=True):
        snakeboard = snakeboard.replace(old, new)
    disc = (PROBLEMS / "rolling-disc-speeds.yaml").read_text(encoding="utf-8")
    disc = disc.replace(
        "  D: {from: C, position: r*zL}\n",
        "  D: {from: C, position: r*zL}\n  Cd: {from: D, position: -r*zL, body: disc}\n",
    )
    disc_lines = [line for line in disc.splitlines() if line.startswith('  - "dot(q4')]
    assert len(disc_lines) == 2
    for old, axis in zip(disc_lines, ["xN", "yN"], strict=True):
        disc = disc.replace(old, f"  - dot(v(Cd), {axis}) = 0")
    for text in (snakeboard, disc):
        assert "dot(v(" in text
        report = check_file_text(text)
        assert not report.diagnostics, report.diagnostics
        assert report.claims and all(c.status == "ok" for c in report.claims)


def test_true_values_are_printed_in_the_worker_and_a_cached_failure_reads_the_same() -> None:
    """check_file (the worker's job) hands back true values as text: the parent printed every
    value for the cache under no limit. A failure with no value (a screw about another point)
    reads the same from the cache, where its value is stored as ''."""
    from screwsolve.checking.reports import report_from_json, report_to_json

    report = check_file(str(PROBLEMS / "plate-on-a-step.yaml"), seed=3)
    assert report.claims and all(isinstance(c.got, str) for c in report.claims)
    failed = ClaimResult(
        "partial_screws.1.x.at", 30, 5, "fail", "Q", None, "resolved about Q, not about A"
    )
    cached = report_from_json("p.yaml", report_to_json(FileReport("p.yaml", [failed])))
    assert claim_message(failed) == claim_message(cached.claims[0])
    assert claim_message(cached.claims[0]) == "resolved about Q, not about A"
