"""r(P, Q) and v(P, B) in expressions, on the slider of examples/relative/slider-relative.yaml
(slider P at r x1 on an arm turned by theta about z0; every value derived by hand):

    v(P)         = r' x1 + r theta' y1          (the slider's velocity in the referential)
    v(P, arm)    = v(P) - theta' z0 x r x1 = r' x1    (relative to the arm; its frame 1 is the
                                                   slider's too, so v(P, 1) names no one body)
    v(P, 0)      = v(P)                          (relative to the referential)
    r(P, O)      = r x1,   r(E, P) = (L - r) x1
    partial velocities of P: for theta r y1, for r x1.
"""

from __future__ import annotations

import pytest

from screwsolve.api import analyse
from screwsolve.checking.checking import check_claims
from screwsolve.errors import InputError
from screwsolve.files.loading import load_problem_text

from ..conftest import ROOT

SLIDER = (ROOT / "examples" / "relative" / "slider-relative.yaml").read_text(encoding="utf-8")
HEAD = SLIDER[: SLIDER.index("expected:")]


def _claims_hold(actions: str, expected: str) -> list[str]:
    text = HEAD.replace("actions:\n", "actions:\n" + actions, 1) + "expected:\n" + expected
    analysis = analyse(load_problem_text(text, "slider.yaml"))
    return [f"{c.path}: {c.status} {c.detail}" for c in check_claims(analysis) if c.status != "ok"]


def test_a_velocity_relative_to_a_body_is_not_the_absolute_one() -> None:
    """Drags on the slider from outside (no reaction): against v(P, arm) the power
    coefficients are (-c r' x1) . (r y1, x1) = (0, -c r'); against the arm's carrying velocity
    v(P) - v(P, arm) = r theta' y1 they are (-c r^2 theta', 0). Were v(P, arm) read as v(P),
    the first would give -c r^2 theta' for theta."""
    actions = (
        '  - {name: relative drag, on: slider, at: P, force: "-c*v(P, arm)"}\n'
        '  - {name: carried drag, on: slider, at: P, force: "-c*(v(P) - v(P, arm))"}\n'
        '  - {name: absolute drag, on: slider, at: P, force: "-c*v(P, 0)"}\n'
    )
    expected = (
        "  power_coefficients:\n"
        "    relative drag: {theta: 0, r: -c*r'}\n"
        "    carried drag: {theta: -c*r**2*theta', r: 0}\n"
        "    absolute drag: {theta: -c*r**2*theta', r: -c*r'}\n"
    )
    assert _claims_hold(actions, expected) == []


def test_positions_between_points() -> None:
    """A pull towards O along r(P, O) = r x1, and along r(P) (from the root point O): -k r
    for r, 0 for theta; k r(E, P) = k (L - r) x1: k (L - r) for r."""
    actions = (
        '  - {name: pull, on: slider, at: P, force: "-k*r(P, O)"}\n'
        '  - {name: pull from the root, on: slider, at: P, force: "-k*r(P)"}\n'
        '  - {name: to the end, on: slider, at: P, force: "k*r(E, P)"}\n'
    )
    expected = (
        "  power_coefficients:\n"
        "    pull: {theta: 0, r: -k*r}\n"
        "    pull from the root: {theta: 0, r: -k*r}\n"
        "    to the end: {theta: 0, r: k*(L - r)}\n"
    )
    assert _claims_hold(actions, expected) == []


def test_a_wrong_relative_claim_fails() -> None:
    actions = '  - {name: relative drag, on: slider, at: P, force: "-c*v(P, arm)"}\n'
    failed = _claims_hold(
        actions, "  power_coefficients:\n    relative drag: {theta: -c*r**2*theta'}\n"
    )
    assert len(failed) == 1 and failed[0].startswith("power_coefficients.relative drag.theta: fail")


@pytest.mark.parametrize(
    ("force", "message"),
    [
        ('"-c*v(P, nowhere)"', "v(P, nowhere): 'nowhere' is no body, body frame or referential"),
        ('"-k*r(P, X)"', "unknown point 'X'"),
        ('"-k*r(P, O, E)"', "r() takes 1 or 2 points: r(POINT, FROM_POINT)"),
        ('"-c*v()"', "v() takes 1 point and, relative to a body, the body"),
        # frame 1 is the arm's and the slider's: their points where P is move differently
        ('"-c*v(P, 1)"', "v(P, 1): frame '1' is the frame of arm, slider: name the body"),
    ],
)
def test_located_mistakes(force: str, message: str) -> None:
    text = HEAD.replace(
        "actions:\n", f"actions:\n  - {{name: bad, on: slider, at: P, force: {force}}}\n", 1
    )
    with pytest.raises(InputError) as raised:
        analyse(load_problem_text(text, "slider.yaml"))
    assert any(message in d.message for d in raised.value.diagnostics), raised.value
