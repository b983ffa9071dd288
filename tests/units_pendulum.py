"""A pendulum on a sliding block with every name given a unit: the base of the units tests
(tests/model/test_unit_checks.py mutates it slip by slip; tests/grading/test_unit_feedback.py
grades a class against it)."""

# A pendulum on a sliding block, every name with a unit. By hand: G = A + l x1 with
# x1 = cos(theta) x0 + sin(theta) y0, so the weight -m g y0 at G has V = m g l sin(theta) and
# Q^theta = -m g l cos(theta); the torsion spring adds -kt theta; the spring O-A (length x > 0)
# gives Q^x = -k (x - l0), the push F. Q^x is a force (N), Q^theta a moment (N m).
PENDULUM = """\
title: units
referential: 0
parameters:
  m: {positive, unit: kg}
  g: {positive, unit: m/s**2}
  l: positive
  k: positive
  l0: positive
  kt: positive
  F: real
units: {l: m, k: N/m, l0: m, kt: N*m/rad, F: N, x: m, theta: rad}
coordinates: [{x: positive}, theta]
frames:
  0: {}
  1: {from: 0, rotate: [z, theta]}
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
  - {name: spring, spring: {between: [O, A], stiffness: k, free_length: l0}, on: block}
  - {name: twist, on: 1, by: block, torsion_spring: {axis: z0, angle: theta, stiffness: kt}}
constraints:
  - x = l0
expected:
  power_coefficients:
    x: F - k*(x - l0)
    theta: -m*g*l*cos(theta) - kt*theta
"""
