"""A potential where a source puts it: on a body (`bodies: {B: {potential: V}}`) or on the
whole system (`potential: V`), each an action whose Q^q is -dV/dq (by hand below)."""

from __future__ import annotations

import pytest
import sympy

from screwsolve.errors import InputError

from ..conftest import same, solve_text

TEXT = """\
title: a bead in a bowl, a second one on a line
referential: N
parameters: {k: positive, c: positive, m: positive}
coordinates: [x, y, s]
units: {k: N/m, c: N/m, m: kg, x: m, y: m, s: m}
frames:
  N: {}
points:
  O: {fixed_in: N}
  P: {from: O, position: x*xN + y*yN}
  Q: {from: O, position: s*zN}
bodies:
  bead: {origin: P, potential: k*(x**2 + y**2)/2}
  ring: {origin: Q}
potential: c*(s - x)**2/2
"""


def test_a_body_and_the_system_each_hold_a_potential_action() -> None:
    analysis = solve_text(TEXT)
    by_name = {terms.action.name: terms for terms in analysis.actions}
    assert set(by_name) == {"potential of bead", "potential"}
    bead, system = by_name["potential of bead"], by_name["potential"]
    assert (bead.action.on, system.action.on) == ("bead", None)
    static = analysis.static
    x, y, s = sympy.symbols("x y s", real=True)
    k, c = sympy.symbols("k c", positive=True)
    # V_bead = k (x^2 + y^2)/2: Q^x = -k x, Q^y = -k y; V = c (s - x)^2/2: Q^s = -c (s - x)
    assert same(static(bead.coefficients["x"]), -k * x)
    assert same(static(bead.coefficients["y"]), -k * y)
    assert same(static(system.coefficients["x"]), c * (s - x))
    assert same(static(system.coefficients["s"]), -c * (s - x))
    total = static(analysis.potential_total.value)
    assert same(total, k * (x**2 + y**2) / 2 + c * (s - x) ** 2 / 2)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("potential: k*(x**2 + y**2)/2}", "a potential energy must be a moment or an energy (J)"),
        ("potential: k*x*x'}", "a potential energy may not contain rates (q')"),
    ],
)
def test_a_wrong_potential_is_located(change: str, message: str) -> None:
    text = TEXT.replace("potential: k*(x**2 + y**2)/2}", change.replace("k*", "m*", 1))
    if "x'" in change:
        text = TEXT.replace("potential: k*(x**2 + y**2)/2}", change)
    with pytest.raises(InputError) as caught:
        solve_text(text)
    messages = [f"{d.line}: {d.message}" for d in caught.value.diagnostics]
    assert any(m.startswith("13: ") and message in m for m in messages), messages
