"""A class graded against a key with units: planted dimension mistakes (a lever arm, a mass or g
left out, a length too many, a force added to a moment) are named by their units, with the
parameter likely missing; right answers stay right and unit-consistent slips keep their own
diagnosis."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from screwsolve.batch.grading import grade

# A pendulum (mass m at distance l, angle theta from x0 about z0) on a block pushed by F along
# x0. By hand: G = A + l x1, x1 = cos(theta) x0 + sin(theta) y0, weight -m g y0 at G:
# Q^theta = -m g l cos(theta) (a moment, N m); Q^x = F (a force, N: the weight has no x share).
KEY = """\
title: pendulum on a block
referential: 0
parameters: {m: positive, g: positive, l: positive, h: positive, F: real}
units: {m: kg, g: m/s**2, l: m, h: m, F: N, x: m, theta: rad}
coordinates: [x, theta]
frames: {0: {}, 1: {from: 0, rotate: [z, theta]}}
points:
  O: {fixed_in: 0}
  A: {from: O, position: x*x0}
  G: {from: A, position: l*x1, body: 1}
bodies:
  block: {frame: 0, origin: A}
  1: {frame: 1, origin: A, mass: m, mass_center: G}
gravity: -g*y0
actions:
  - {name: push, on: block, at: A, force: F*x0}
expected:
  power_coefficients:
    x: F
    theta: -m*g*l*cos(theta)
grading: {id: pendulum-units}
"""

# (category, answer to Q^theta, answer to Q^x, {item: (verdict, mistake code, words)})
THETA, X = "power_coefficients.theta", "power_coefficients.x"
PLANTED = [
    ("right", "-m*l*g*cos(theta)", "F", {THETA: ("correct", "", []), X: ("correct", "", [])}),
    (
        "lever arm",
        "-m*g*cos(theta)",
        "F",
        {THETA: ("wrong", "units", ["a force (N)", "a moment", "in m is missing", "l"])},
    ),
    (
        "mass",
        "-g*l*cos(theta)",
        "F",
        {THETA: ("wrong", "units", ["m**2/s**2", "in kg is missing, such as m"])},
    ),
    (
        "g",
        "-m*l*cos(theta)",
        "F",
        {THETA: ("wrong", "units", ["kg*m", "in m/s**2 is missing, such as g"])},
    ),
    (
        "extra length",
        "-m*g*l*cos(theta)",
        "F*h",
        {X: ("wrong", "units", ["a moment", "a force (N) is asked", "in m is extra", "h or l"])},
    ),
    (
        "mixed terms",
        "-m*g*l*cos(theta) + m*g",
        "F",
        {THETA: ("wrong", "units-in-terms", ["cannot be added", "a force (N)", "a moment"])},
    ),
    ("sign (units right)", "m*g*l*cos(theta)", "F", {THETA: ("wrong", "sign", [])}),
    (
        "g as a number",
        "-m*9.81*l*cos(theta)",
        "F",
        {THETA: ("wrong", "number-for-parameter", ["9.81", "in m/s**2 is missing"])},
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
    key.write_text(
        KEY.replace("units: {m: kg, g: m/s**2, l: m, h: m, F: N, x: m, theta: rad}\n", ""),
        encoding="utf-8",
    )
    path = tmp_path / "s.yaml"
    answers = {"power_coefficients": {"theta": "-m*g*cos(theta)", "x": "F"}}
    path.write_text(
        yaml.safe_dump({"student": "s", "problem": "pendulum-units", "answers": answers}),
        encoding="utf-8",
    )
    report = grade(str(key), [str(path)], jobs=1, timeout=60, seed=5, use_cache=False)
    theta = next(i for i in report.results[0].items if i.item == THETA)
    assert theta.verdict == "wrong"
    assert "unit" not in theta.feedback and "units" not in theta.mistake
