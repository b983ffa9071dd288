"""screwsolve's power coefficients equal an independent build with sympy.physics.mechanics."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import HealthCheck, given, settings

from screwsolve.symbolic.simplify import simplest

from ..chains import Link, chains, mechanics_coefficients, to_yaml
from ..conftest import same, solve_text
from ..two_axis_chain import two_axis_chain_mechanics, two_axis_chain_yaml


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chains(max_links=3))
def test_power_coefficients_agree_with_sympy_mechanics(links: list[Link]) -> None:
    analysis = solve_text(to_yaml(links))
    expected = mechanics_coefficients(links)
    for name, value in expected.items():
        ours = analysis.static(analysis.coefficients[name])
        assert same(ours, value), (name, to_yaml(links))


@pytest.mark.parametrize("links", [1, 2, 3])
def test_two_axis_benchmark_chain_agrees_and_prints_no_larger(links: int) -> None:
    """The speed benchmark's chain: equal to sympy.physics.mechanics, and each printed
    coefficient no larger (sympy count_ops) than mechanics' unsimplified one."""
    analysis = solve_text(two_axis_chain_yaml(links))
    expected = two_axis_chain_mechanics(links)
    for name, value in expected.items():
        printed = simplest(analysis.static(analysis.coefficients[name]))
        assert same(printed, value), name
        assert sympy.count_ops(printed) <= sympy.count_ops(value), name
