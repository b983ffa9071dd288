"""Floats of symengine values at a random point: near zero only where a value may vanish."""

from __future__ import annotations

import symengine as se

from screwsolve.symbolic.float_probe import FloatProbe


def test_a_sum_that_cancels_is_near_zero_and_a_genuine_value_is_not() -> None:
    a, b = se.symbols("a b")
    probe = FloatProbe()
    cancels = se.cos(a) * (se.cos(a) * b) + se.sin(a) * (se.sin(a) * b) - b  # b (cos^2 + sin^2 - 1)
    assert cancels != 0  # symengine keeps it as built
    assert probe.near_zero(cancels)
    assert not probe.near_zero(se.cos(a) * b + 2)
    assert not probe.near_zero(se.atan2(a, b) + se.sqrt(a) * se.exp(b))


def test_a_value_it_cannot_evaluate_is_left_to_the_precise_test() -> None:
    a = se.Symbol("a")
    probe = FloatProbe()
    assert probe.near_zero(se.log(-1 - a**2))  # a complex number: not decided in floats
    assert probe.near_zero(se.Function("f")(a))  # a function it does not know


def test_each_symbol_has_one_value_and_shared_nodes_are_computed_once() -> None:
    a, b = se.symbols("a b")
    probe = FloatProbe()
    shared = se.cos(a) * se.sin(b)
    assert not probe.near_zero(shared + 1)
    known = len(probe._memo)
    assert not probe.near_zero(shared * 3 + a)
    assert len(probe._memo) < 2 * known  # the shared product was not walked again
    assert probe.near_zero(shared - se.cos(a) * se.sin(b))  # symengine: exactly 0 already
