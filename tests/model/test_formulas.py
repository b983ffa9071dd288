"""`formulas:` a scalar function declared once and called in later expressions, as a source
writes V(q1, q2) once and uses it in several loads (values by hand below)."""

from __future__ import annotations

import pytest
import sympy

from screwsolve.errors import InputError

from ..conftest import same, solve_text

TEXT = """\
title: bead in a bowl
referential: N
parameters: {k: positive, R: positive}
coordinates: [q1, q2]
formulas:
  V: {of: [a, b], value: k*(a**2 + b**2)/2}
  depth: {of: [a], value: a**2/(2*R)}
  twice: {of: [a], value: 2*depth(a)}
frames:
  N: {}
points:
  O: {fixed_in: N}
  P: {from: O, position: q1*xN + q2*yN + depth(q1)*zN}
bodies:
  bead: {origin: P}
actions:
  - {name: bowl, on: bead, potential: "V(q1, q2)"}
  - {name: push, on: bead, at: P, force: "-V(q1, 0)*xN + twice(q2)*zN"}
"""


def test_a_formula_stands_for_its_value_with_the_arguments_in_place() -> None:
    analysis = solve_text(TEXT)
    q1, q2 = sympy.symbols("q1 q2", real=True)
    k, r = sympy.symbols("k R", positive=True)
    by_name = {terms.action.name: terms for terms in analysis.actions}
    bowl, push = by_name["bowl"], by_name["push"]
    static = analysis.static
    # V = k (q1^2 + q2^2)/2: Q^q = -dV/dq
    assert same(static(bowl.coefficients["q1"]), -k * q1)
    assert same(static(bowl.coefficients["q2"]), -k * q2)
    # P = (q1, q2, q1^2/(2R)): dP/dq1 = (1, 0, q1/R), dP/dq2 = (0, 1, 0); the push is
    # (-k q1^2/2, 0, q2^2/R): Q^q1 = -k q1^2/2 + q1 q2^2/R^2, Q^q2 = 0
    assert same(static(push.coefficients["q1"]), -k * q1**2 / 2 + q1 * q2**2 / r**2)
    assert same(static(push.coefficients["q2"]), 0)


@pytest.mark.parametrize(
    ("before", "after", "line", "message"),
    [
        ('"V(q1, q2)"', "V(q1)", 17, "V() takes 2 argument(s) (a, b), got 1"),
        ('"V(q1, q2)"', "V", 17, "'V' is a function: call it as V(...)"),
        ("V: {of: [a, b]", "V: {of: [a, a]", 6, "an argument is named twice"),
        ("depth: {of", "k: {of", 7, "'k' is already a name"),
        ("a**2/(2*R)}", "a**2/(2*R)*xN}", 7, "unknown name 'xN'"),
    ],
)
def test_a_wrong_formula_or_call_is_located(
    before: str, after: str, line: int, message: str
) -> None:
    with pytest.raises(InputError) as caught:
        solve_text(TEXT.replace(before, after, 1))
    found = [(d.line, d.message) for d in caught.value.diagnostics]
    assert (line, message) in found, found


def test_a_call_of_a_broken_formula_says_so_not_unknown() -> None:
    with pytest.raises(InputError) as caught:
        solve_text(TEXT.replace("a**2/(2*R)}", "a**2/(2*R)*xN}", 1))
    messages = [d.message for d in caught.value.diagnostics]
    assert "formula 'depth' has an error in its own value (reported there)" in messages
    assert not any("unknown function" in m for m in messages)
