"""screwsolve's power coefficients equal an independent build with sympy.physics.mechanics."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from .chains import Link, chains, mechanics_coefficients, to_yaml
from .conftest import same, solve_text


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chains(max_links=3))
def test_power_coefficients_agree_with_sympy_mechanics(links: list[Link]) -> None:
    analysis = solve_text(to_yaml(links))
    expected = mechanics_coefficients(links)
    for name, value in expected.items():
        ours = analysis.static(analysis.coefficients[name])
        assert same(ours, value), (name, to_yaml(links))
