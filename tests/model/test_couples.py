"""A couple as a book gives it: a moment with no point. Its moment is the same about every
point, so the slider's motor (problems/slider-on-rotating-arm.yaml) written without `at:`
keeps the hand-derived Q^theta = Gamma, Q^r = 0; a force still needs its point."""

from __future__ import annotations

import pytest

from screwsolve.api import analyse
from screwsolve.checking.checking import check_claims
from screwsolve.errors import InputError
from screwsolve.files.loading import load_problem_text

from ..conftest import PROBLEMS

SLIDER = (PROBLEMS / "slider-on-rotating-arm.yaml").read_text(encoding="utf-8")
WITH_POINT = "  - {name: motor, on: arm, at: O, moment: Gamma*z0}"


def test_a_couple_needs_no_point() -> None:
    assert WITH_POINT in SLIDER
    text = SLIDER.replace(WITH_POINT, "  - {name: motor, on: arm, moment: Gamma*z0}")
    analysis = analyse(load_problem_text(text, "slider.yaml"))
    results = list(check_claims(analysis))
    motor = [c for c in results if c.path.startswith("power_coefficients.motor")]
    assert motor and all(c.status == "ok" for c in motor)
    assert all(c.status == "ok" for c in results)


def test_a_force_still_needs_its_point() -> None:
    text = SLIDER.replace(WITH_POINT, "  - {name: motor, on: arm, force: Gamma*x1/L}")
    with pytest.raises(InputError) as raised:
        analyse(load_problem_text(text, "slider.yaml"))
    assert any("needs a point (at)" in d.message for d in raised.value.diagnostics)
