"""Claims true on the constraints are probed there: the coordinates on the holonomic ones (the
configuration surface), the rates they fix at their values. SymPy's nonminimal pendulum
(problems/nonminimal-pendulum.yaml, derivation there): F~_u2 = -m g q2/q1 exactly, and
-m g q2/L to first order in q2 only where q1 = sqrt(L^2 - q2^2)."""

from __future__ import annotations

from pathlib import Path

from screwsolve.checking.checking import check_file
from screwsolve.grading.batch import grade

ROOT = Path(__file__).resolve().parents[2]
PENDULUM = (ROOT / "problems" / "nonminimal-pendulum.yaml").read_text(encoding="utf-8")
HEAD = PENDULUM[: PENDULUM.index("expected:")]


def _claims(tmp_path: Path, expected: str, head: str = HEAD) -> dict[str, object]:
    path = tmp_path / "pendulum.yaml"
    path.write_text(head + "expected:\n" + expected, encoding="utf-8")
    report = check_file(str(path))
    assert not report.diagnostics, report.diagnostics
    return {c.path: c for c in report.claims}


def test_a_wrong_first_order_value_fails_and_says_where_it_was_probed(tmp_path: Path) -> None:
    claims = _claims(
        tmp_path,
        "  constrained_generalized_active_forces:\n"
        "    u2: {value: -m*g*q2/2/L, small: q2, order: 1}\n",
    )
    claim = claims["constrained_generalized_active_forces.u2"]
    assert claim.status == "fail"
    assert claim.detail.startswith("on the constraints (sqrt(q1**2 + q2**2) = L), ")


def test_the_branch_the_domain_names_decides_the_sign(tmp_path: Path) -> None:
    """Without `q1 > 0` half the surface (the bob above the pivot, q1 = -L) is probed too,
    where -m g q2/L is wrong at first order: the source's meaning needs its domain."""
    head = HEAD.replace("domains:\n  - q1 > 0\n", "")
    claims = _claims(
        tmp_path,
        "  constrained_generalized_active_forces:\n"
        "    u2: {value: -m*g*q2/L, small: q2, order: 1}\n",
        head,
    )
    assert claims["constrained_generalized_active_forces.u2"].status == "fail"


def test_any_scalar_claim_may_say_it_holds_on_the_constraints(tmp_path: Path) -> None:
    """The power of R is m g q1'; on the constraints q1' = -q2 q2'/q1 (and u2 = q2')."""
    claims = _claims(
        tmp_path,
        "  power:\n"
        "    R: {value: -m*g*q2*q2'/q1, on: constraints}\n"
        "  power_coefficients:\n"
        "    R: {q1: {value: m*g, on: constraints}, q2: 0}\n"
        "  power_under_constraints: {value: -m*g*q2*u2/q1, on: constraints}\n",
    )
    assert {path: c.status for path, c in claims.items()} == {
        "power.R": "ok",
        "power_coefficients.R.q1": "ok",
        "power_coefficients.R.q2": "ok",
        "power_under_constraints": "ok",
    }
    off = _claims(tmp_path, "  power:\n    R: -m*g*q2*q2'/q1\n")
    assert off["power.R"].status == "fail"


def test_on_names_only_the_constraints(tmp_path: Path) -> None:
    path = tmp_path / "pendulum.yaml"
    path.write_text(HEAD + "expected:\n  power:\n    R: {value: 0, on: surface}\n")
    report = check_file(str(path))
    (diagnostic,) = report.diagnostics
    assert diagnostic.line == len(HEAD.splitlines()) + 3
    assert "constraints" in diagnostic.message


def test_a_key_on_the_constraints_grades_answers_there(tmp_path: Path) -> None:
    key = tmp_path / "key.yaml"
    key.write_text(
        HEAD + "expected:\n"
        "  constrained_generalized_active_forces:\n"
        "    u2: {value: -m*g*q2/L, small: q2, order: 1}\n"
        "  power:\n"
        "    R: {value: -m*g*q2*q2'/q1, on: constraints}\n"
        "grading: {id: nonminimal}\n",
        encoding="utf-8",
    )
    answers = {
        "linear": ("-m*g*q2/L", "-m*g*q2*q2'/q1"),
        "exact": ("-m*g*q2/q1", "m*g*q1'"),
        "half": ("-m*g*q2/2/L", "m*g*q2'"),
    }
    files = []
    for student, (force, power) in answers.items():
        path = tmp_path / f"{student}.yaml"
        path.write_text(
            f"student: {student}\nproblem: nonminimal\nanswers:\n"
            f'  constrained_generalized_active_forces: {{u2: "{force}"}}\n'
            f'  power: {{R: "{power}"}}\n',
            encoding="utf-8",
        )
        files.append(str(path))
    report = grade(str(key), files, jobs=1, timeout=0)
    verdicts = {r.student: [i.verdict for i in r.items] for r in report.results}
    assert verdicts == {
        "linear": ["correct", "correct"],
        "exact": ["correct", "correct"],
        "half": ["wrong", "wrong"],
    }
