"""What a source leaves unsaid, read as it means it, on the slider of
problems/slider-on-rotating-arm.yaml (its values derived by hand in the file):

- a couple with no point: its moment is the same about every point, so the motor written
  without `at:` keeps Q^theta = Gamma, Q^r = 0; a force still needs its point;
- a position with no `from`: measured from the origin, the one point with neither;
- a body with no frame (a particle, a sliding block): it does not turn."""

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


def test_a_position_without_from_is_measured_from_the_origin() -> None:
    """`G1: {position: L/2*x1, body: arm}` as a source writes it (no `from: O`): measured from
    the origin O, the one point with neither; the hand-derived weights and screws still hold."""
    declared = "  G1: {from: O, position: L/2*x1, body: arm}"
    assert declared in SLIDER
    text = SLIDER.replace(declared, "  G1: {position: L/2*x1, body: arm}")
    results = list(check_claims(analyse(load_problem_text(text, "slider.yaml"))))
    weight = [c for c in results if c.path.startswith("power_coefficients.weight of arm")]
    assert weight and all(c.status == "ok" for c in results)


def test_with_two_origins_a_position_needs_its_from() -> None:
    text = SLIDER.replace(
        "  G1: {from: O, position: L/2*x1, body: arm}",
        "  G1: {position: L/2*x1, body: arm}\n  O2: {fixed_in: 0}",
    )
    with pytest.raises(InputError) as raised:
        analyse(load_problem_text(text, "slider.yaml"))
    assert any("no single origin point" in d.message for d in raised.value.diagnostics)


PARTICLE = """
title: A block on a spring, sliding along x0
referential: 0
parameters: {m: positive, g: positive, k: positive, l0: positive}
coordinates: [{x: positive}]
frames: {0: {}}
points:
  O: {fixed_in: 0}
  P: {position: x*x0}
bodies:
  block: {origin: P, mass: m, mass_center: P}
gravity: -g*y0
actions:
  - {name: spring, spring: {between: [O, P], stiffness: k, free_length: l0}}
expected:
  # by hand: the block translates (no frame of its own: the referential's), v_P = x' x0, so
  # {V^x_block/0} = {0 ; x0}_P; the spring's tension k (x - l0) pulls P towards O:
  # Q^x = -k (x - l0); the weight -m g y0 is perpendicular to x0: Q^x = 0
  partial_screws:
    block: {x: {resultant: 0, moment: x0, at: P}}
  power_coefficients:
    spring: {x: -k*(x - l0)}
    weight of block: {x: 0}
"""


def test_a_body_with_no_frame_translates() -> None:
    """A particle or a sliding block written with no frame, as sources print it."""
    results = list(check_claims(analyse(load_problem_text(PARTICLE, "block.yaml"))))
    assert len(results) == 4 and all(c.status == "ok" for c in results), results
    turned = PARTICLE.replace("moment: x0, at: P}}", "moment: x0 + y0, at: P}}")
    wrong = list(check_claims(analyse(load_problem_text(turned, "block.yaml"))))
    assert [c.status for c in wrong].count("fail") == 1


# A particle on an incline written as a source prints it: a mass, no frame, no mass centre.
# By hand: P at x x0 + y y0 under gravity -g y0 has Q^x = 0, Q^y = -m g and V = m g y; a body
# that does not turn has one velocity at all its points, so its weight acts where it is.
PARTICLE_WEIGHT = """
title: a particle under its weight
referential: 0
parameters: {m: positive, g: positive}
coordinates: [x, y]
frames: {0: {}}
points: {O: {fixed_in: 0}, P: {position: x*x0 + y*y0}}
bodies: {bead: {origin: P, mass: m}}
gravity: -g*y0
expected:
  power_coefficients: {x: 0, y: -m*g}
  potential_energy: m*g*y
"""


def test_a_particle_weighs_at_its_origin() -> None:
    results = list(check_claims(analyse(load_problem_text(PARTICLE_WEIGHT, "bead.yaml"))))
    assert len(results) == 3 and all(c.status == "ok" for c in results), results


def test_a_turning_body_still_needs_its_mass_centre() -> None:
    text = PARTICLE_WEIGHT.replace(
        "frames: {0: {}}", "frames: {0: {}, B: {from: 0, rotate: [z, x]}}"
    ).replace("{origin: P, mass: m}", "{frame: B, origin: P, mass: m}")
    with pytest.raises(InputError, match="needs its mass and mass_center"):
        analyse(load_problem_text(text, "bead.yaml"))
