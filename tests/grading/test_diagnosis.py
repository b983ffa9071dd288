"""Each recognised mistake, on an answer derived by hand the way a student making it would.

The key is the plate on a step with its contact constraint x + h cot(theta) = c
(tests/data/grading/plate-constrained-key.yaml). By hand, about A: {V^x} = {0 ; x0},
{V^theta} = {z0 ; 0}; the step's force N_Q y1 + F_Q x1 acts at Q, r_AQ = (h/sin(theta)) x1, so by
transport v^theta_Q = z0 x (h/sin(theta)) x1 = (h/sin(theta)) y1, and (Example 13.3.7)
Q^x = F_A - N_Q sin(theta) + F_Q cos(theta), Q^theta = -m g l cos(theta) + h N_Q / sin(theta).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from screwsolve.grading.batch import prepare_key
from screwsolve.grading.grading import Grader
from screwsolve.grading.results import ItemResult
from screwsolve.runtime.cache import Store

from ..conftest import ROOT

KEY = ROOT / "tests" / "data" / "grading" / "plate-constrained-key.yaml"
QX = "F_A - N_Q*sin(theta) + F_Q*cos(theta)"
QT = "-m*g*l*cos(theta) + h*N_Q/sin(theta)"


@pytest.fixture(scope="module")
def grader() -> Grader:
    name, text, truth = prepare_key(str(KEY), Store("keys", enabled=False))
    return Grader(name, text, truth, seed=12345)


def graded(grader: Grader, tmp_path: Path, answers: dict) -> dict[str, ItemResult]:
    path = tmp_path / "answers.yaml"
    document = {"student": "s", "problem": "plate-constrained", "answers": answers}
    path.write_text(yaml.safe_dump(document), encoding="utf-8")
    return {i.item: i for i in grader(str(path)).items}


def verdict(grader: Grader, tmp_path: Path, item: str, answers: dict) -> ItemResult:
    return graded(grader, tmp_path, answers)[item]


def coefficient(grader: Grader, tmp_path: Path, q: str, text: str) -> ItemResult:
    return verdict(grader, tmp_path, f"power_coefficients.{q}", {"power_coefficients": {q: text}})


def test_correct_answers_in_other_forms_are_correct(grader: Grader, tmp_path: Path) -> None:
    forms = {
        "x": "F_Q*cos(theta) + F_A - N_Q*sin(theta)",
        "theta": "N_Q*h*csc(theta) - g*l*m*cos(theta)",
    }
    for q, text in forms.items():
        assert coefficient(grader, tmp_path, q, text).verdict == "correct"


def test_missing_contribution(grader: Grader, tmp_path: Path) -> None:
    """Q^theta without the step: by hand the same value as the step's force resolved with the
    kinematic screw about A (F_Q x1 + N_Q y1 . v^theta_A = 0): the feedback names both."""
    result = coefficient(grader, tmp_path, "theta", "-m*g*l*cos(theta)")
    assert result.verdict == "wrong" and result.mistake == "missing-action|different-points"
    assert result.feedback.startswith("the value cannot tell which: this is what you get if ")
    assert "if the contribution of 'step' is missing, or if the action screw" in result.feedback
    assert result.feedback.endswith("Resolve the step's force and the partial screw about Q.")


def test_contribution_with_the_wrong_sign(grader: Grader, tmp_path: Path) -> None:
    result = coefficient(grader, tmp_path, "x", "F_A + N_Q*sin(theta) - F_Q*cos(theta)")
    assert result.mistake == "action-sign"
    assert result.feedback == "the contribution of 'step' has the wrong sign"


def test_contribution_counted_twice(grader: Grader, tmp_path: Path) -> None:
    result = coefficient(grader, tmp_path, "x", "2*F_A - N_Q*sin(theta) + F_Q*cos(theta)")
    assert result.mistake == "action-twice"
    assert result.feedback == "the contribution of 'push at A' is counted twice"


def test_derivative_of_the_position_instead_of_transport(grader: Grader, tmp_path: Path) -> None:
    # r_OQ = x x0 + (h/sin theta) x1 differentiated: the theta' part of v_Q is
    # -(h cos(theta)/sin^2(theta)) x1 + (h/sin(theta)) y1, so the step adds
    # -F_Q h cos(theta)/sin^2(theta) to the true Q^theta.
    text = "-m*g*l*cos(theta) + h*N_Q/sin(theta) - F_Q*h*cos(theta)/sin(theta)**2"
    result = coefficient(grader, tmp_path, "theta", text)
    assert result.mistake == "derivative-not-transport"
    assert "time derivative of its position" in result.feedback and "Q" in result.feedback


def test_differentiated_power_under_constraints(grader: Grader, tmp_path: Path) -> None:
    # x' = h theta' / sin^2(theta) from the constraint; d(P_c)/d(theta') = Q^x h/sin^2 + Q^theta,
    # in which N_Q cancels (Remark 13.3.5).
    text = "F_A*h/sin(theta)**2 + F_Q*h*cos(theta)/sin(theta)**2 - m*g*l*cos(theta)"
    result = coefficient(grader, tmp_path, "theta", text)
    assert result.mistake == "differentiated-power"
    assert "Remark 13.3.5" in result.feedback


def test_differentiated_power_for_the_other_coordinate(grader: Grader, tmp_path: Path) -> None:
    # theta' = x' sin^2(theta)/h: d(P_c)/dx' = Q^x + Q^theta sin^2(theta)/h.
    text = "F_A + F_Q*cos(theta) - m*g*l*cos(theta)*sin(theta)**2/h"
    assert coefficient(grader, tmp_path, "x", text).mistake == "differentiated-power"


def test_screws_about_different_points(grader: Grader, tmp_path: Path) -> None:
    # The step's force about Q dotted with the velocity of A: v^theta_A = 0, so the step's
    # Q^theta share is taken as 0.
    answers = {"power_coefficients": {"step": {"theta": "0"}}}
    result = verdict(grader, tmp_path, "power_coefficients.step.theta", answers)
    assert result.mistake == "different-points"
    assert "resolve both about the same point" in result.feedback


def test_whole_sign_another_item_and_a_number_for_a_parameter(
    grader: Grader, tmp_path: Path
) -> None:
    assert coefficient(grader, tmp_path, "x", f"-({QX})").feedback == "the sign is wrong"
    swapped = coefficient(grader, tmp_path, "x", QT)  # Q^theta given for Q^x
    assert swapped.mistake == "coordinates-swapped"
    assert swapped.feedback.startswith("this is the coefficient of theta, not of x")
    number = coefficient(grader, tmp_path, "theta", "-9.81*m*l*cos(theta) + h*N_Q/sin(theta)")
    assert number.mistake == "number-for-parameter"
    assert number.feedback.startswith("the parameter g was replaced by the number 9.81")
    dropped = coefficient(grader, tmp_path, "x", "F_A + F_Q*cos(theta)")
    assert dropped.feedback == "the terms in N_Q are missing"


def test_kinematic_screw_mistakes(grader: Grader, tmp_path: Path) -> None:
    item = "kinematic_screws.1"

    def screw(resultant: str, moment: str, at: str = "Q") -> ItemResult:
        answer = {"resultant": resultant, "moment": moment, "at": at}
        return verdict(grader, tmp_path, item, {"kinematic_screws": {"1": answer}})

    assert screw("theta'*z0", "x'*x0 + h*theta'/sin(theta)*y1").verdict == "correct"
    # v_Q as d/dt r_OQ: x' x0 - h theta' cos(theta)/sin^2(theta) x1 + h theta'/sin(theta) y1
    derived = screw(
        "theta'*z0", "x'*x0 - h*theta'*cos(theta)/sin(theta)**2*x1 + h*theta'/sin(theta)*y1"
    )
    assert derived.mistake == "derivative-not-transport"
    assert screw("theta'*z0", "x'*x0").mistake == "moment-not-transported"  # v_A kept at Q
    swapped = screw("x'*x0 + h*theta'/sin(theta)*y1", "theta'*z0")
    assert swapped.mistake == "parts-swapped"
    assert screw("theta'*z0", "x'*x0", at="A").feedback == "resolve the screw about point Q"


def test_power_under_constraints_whichever_rate_was_eliminated(
    grader: Grader, tmp_path: Path
) -> None:
    item = "power_under_constraints"
    forms = [  # theta' eliminated (theta' = x' sin^2(theta)/h), then no rate eliminated
        "x'*(F_A + F_Q*cos(theta) - m*g*l*cos(theta)*sin(theta)**2/h)",
        "(F_A + F_Q*cos(theta))*x' - m*g*l*cos(theta)*theta'",
    ]
    for text in forms:
        assert verdict(grader, tmp_path, item, {item: text}).verdict == "correct", text
    wrong = verdict(grader, tmp_path, item, {item: "x'*(F_A + F_Q*cos(theta))"})
    assert wrong.verdict == "wrong"


def test_one_malformed_item_costs_only_that_item(grader: Grader, tmp_path: Path) -> None:
    answers = {"noncontributing": "none", "power_coefficients": {"x": QX, "Theta": QT}}
    results = graded(grader, tmp_path, answers)
    assert results["noncontributing"].verdict == "unreadable"
    assert results["power_coefficients.x"].verdict == "correct"
    theta = results["power_coefficients.theta"]
    assert theta.verdict == "missing"
    assert "did you mean 'power_coefficients.theta'" in theta.feedback
