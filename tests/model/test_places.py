"""Numeric positions at one instant (model/places.py) against the same positions worked out by
hand at the same values."""

from __future__ import annotations

import math

import pytest

from screwsolve.files.loading import load_problem_text
from screwsolve.model.places import Places, _value
from screwsolve.model.system import build_system

TWO_TURNS = """\
title: two turns
referential: 0
parameters: {l: positive, h: positive}
coordinates: [a, b]
frames: {0: {}, 1: {from: 0, rotate: [z, a]}, 2: {from: 1, rotate: [x, b]}}
points:
  O: {fixed_in: 0}
  P: {from: O, position: l*x1 + h*y2, body: 1}
bodies: {1: {frame: 2, origin: O}}
"""


def test_a_point_two_rotations_down() -> None:
    loaded = load_problem_text(TWO_TURNS, "turns.yaml")
    system = build_system(loaded.problem, loaded.source)
    places = Places(system.namespace, system.frames)
    symbols = [*system.coordinates.values(), *system.parameters.values()]  # a, b, l, h
    a, b, l, h = (float(_value(system.namespace.static(symbol))) for symbol in symbols)
    # x1 = (cos a, sin a, 0); y2 = cos b y1 + sin b z1, y1 = (-sin a, cos a, 0), z1 = z0
    expected = (
        l * math.cos(a) - h * math.cos(b) * math.sin(a),
        l * math.sin(a) + h * math.cos(b) * math.cos(a),
        h * math.sin(b),
    )
    assert places.position(system.points["P"].position) == pytest.approx(expected, rel=1e-12)


def test_every_value_lies_between_one_and_two() -> None:
    loaded = load_problem_text(TWO_TURNS, "turns.yaml")
    system = build_system(loaded.problem, loaded.source)
    values = [float(_value(s)) for s in system.parameters.values()]
    assert all(1 <= value < 2 for value in values) and len(set(values)) == len(values)
