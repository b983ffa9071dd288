"""A class graded against a key with units: planted dimension mistakes (a lever arm, a mass or g
left out, a length too many, a force added to a moment) are named by their units, with the
parameter likely missing; right answers stay right and unit-consistent slips keep their own
diagnosis."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from screwsolve.grading.batch import grade

from ..conftest import solve_text
from ..units_pendulum import PENDULUM

# The key: the shared pendulum on a block (tests/units_pendulum.py), graded. By hand (its
# comment): Q^theta = -m g l cos(theta) - kt theta (a moment, N m), Q^x = F - k (x - l0) (N).
KEY = PENDULUM + "grading: {id: pendulum-units}\n"
THETA_TRUE = "-m*g*l*cos(theta) - kt*theta"
X_TRUE = "F - k*(x - l0)"

# (category, answer to Q^theta, answer to Q^x, {item: (verdict, mistake code, words)})
THETA, X = "power_coefficients.theta", "power_coefficients.x"
PLANTED = [
    (
        "right",
        "-kt*theta - m*l*g*cos(theta)",
        "F + k*(l0 - x)",
        {THETA: ("correct", "", []), X: ("correct", "", [])},
    ),
    (
        "lever arm",
        "-m*g*cos(theta) - kt*theta",
        X_TRUE,
        {THETA: ("wrong", "units-in-terms", ["cannot be added", "a force (N)", "a moment"])},
    ),
    (
        "lever arm, weight alone",
        "-m*g*cos(theta)",
        X_TRUE,
        {THETA: ("wrong", "units", ["a force (N)", "a moment", "in m is missing", "l or l0"])},
    ),
    (
        "mass",
        "-g*l*cos(theta)",
        X_TRUE,
        {THETA: ("wrong", "units", ["m**2/s**2", "in kg is missing, such as m"])},
    ),
    (
        "g",
        "-m*l*cos(theta)",
        X_TRUE,
        {THETA: ("wrong", "units", ["kg*m", "in m/s**2 is missing, such as g"])},
    ),
    (
        "extra length",
        THETA_TRUE,
        "F*l - k*(x - l0)*l",
        {X: ("wrong", "units", ["a moment", "a force (N) is asked", "in m is extra", "l or l0"])},
    ),
    (
        "sign (units right)",
        "m*g*l*cos(theta) + kt*theta",
        X_TRUE,
        {THETA: ("wrong", "sign", [])},
    ),
    (
        "g as a number",
        "-m*9.81*l*cos(theta) - kt*theta",
        X_TRUE,
        {THETA: ("wrong", "number-for-parameter", ["9.81"])},
    ),
]


def test_planted_dimension_mistakes_are_named_by_their_units(tmp_path: Path) -> None:
    key = tmp_path / "key.yaml"
    key.write_text(KEY, encoding="utf-8")
    rng = random.Random(3)
    files, wanted = [], []
    for index in range(40):
        category, theta, x, items = (
            PLANTED[index % len(PLANTED)] if index < 8 else rng.choice(PLANTED)
        )
        path = tmp_path / "class" / f"s{index:02d}.yaml"
        path.parent.mkdir(exist_ok=True)
        answers = {"power_coefficients": {"theta": theta, "x": x}}
        path.write_text(
            yaml.safe_dump(
                {"student": f"s{index}", "problem": "pendulum-units", "answers": answers}
            ),
            encoding="utf-8",
        )
        files.append(str(path))
        wanted.append((category, items))
    report = grade(str(key), files, jobs=2, timeout=60, seed=5, use_cache=False)
    assert len(report.results) == len(files)
    for (category, items), result in zip(wanted, report.results, strict=True):
        got = {i.item: i for i in result.items}
        for item, (verdict, code, words) in items.items():
            found = got[item]
            assert found.verdict == verdict, (category, found)
            assert code in found.mistake.split("|"), (category, found)
            for word in words:
                assert word in found.feedback, (category, word, found.feedback)


def test_a_key_without_units_diagnoses_as_before(tmp_path: Path) -> None:
    """The missing lever arm, graded by a key with no units: no word of units."""
    key = tmp_path / "key.yaml"
    without = KEY.replace("units: {l: m, k: N/m, l0: m, kt: N*m/rad, F: N, x: m, theta: rad}\n", "")
    without = without.replace("{positive, unit: kg}", "positive")
    without = without.replace("{positive, unit: m/s**2}", "positive")
    assert "unit:" not in without and "units:" not in without
    key.write_text(without, encoding="utf-8")
    path = tmp_path / "s.yaml"
    answers = {"power_coefficients": {"theta": "-m*g*cos(theta)", "x": X_TRUE}}
    path.write_text(
        yaml.safe_dump({"student": "s", "problem": "pendulum-units", "answers": answers}),
        encoding="utf-8",
    )
    report = grade(str(key), [str(path)], jobs=1, timeout=60, seed=5, use_cache=False)
    theta = next(i for i in report.results[0].items if i.item == THETA)
    assert theta.verdict == "wrong"
    assert "unit" not in theta.feedback and "units" not in theta.mistake


def test_a_factor_is_suggested_only_when_the_answer_supports_it() -> None:
    """An extra factor is one the answer holds; a missing one one it does not hold."""
    from screwsolve.grading.unit_feedback import _likely_factor
    from screwsolve.units import Unit

    system = solve_text(PENDULUM).system
    assert system.units is not None
    metre = system.units.names["l"]
    assert isinstance(metre, Unit)
    assert "missing, such as l or l0" in _likely_factor(system, metre, held=set())
    # l is there: it cannot be the one missing (l0 still can)
    assert _likely_factor(system, metre, held={"l"}).endswith("missing, such as l0")
    assert _likely_factor(system, metre, held={"l", "l0"}) == ""
    assert _likely_factor(system, metre**-1, held={"l"}).endswith("extra, such as l")
    assert _likely_factor(system, metre**-1, held=set()) == ""  # no length: none is extra
