"""Presentation: which pipeline simplifies a value, and what a long chain never builds."""

from __future__ import annotations

import pytest
import symengine as se
import sympy

from screwsolve.api import analyse, load
from screwsolve.mechanics.fast.jacobian import JacobianCore
from screwsolve.solution.build import Presenter, is_large, present
from screwsolve.symbolic.bridge import to_engine
from screwsolve.symbolic.equivalence import equivalent

from ..conftest import LARGE_PUBLISHED, PROBLEMS
from ..two_axis_chain import two_axis_chain_yaml


def test_every_shipped_problem_keeps_sympys_pipeline() -> None:
    """Their printed forms are the golden snapshots': no coefficient passes textbook size, but
    in the one published model named here."""
    for path in sorted(PROBLEMS.glob("*.yaml")):
        assert is_large(analyse(load(path))) == (path.name in LARGE_PUBLISHED), path.name


def test_a_chain_past_textbook_size_takes_one_pipeline_for_every_value() -> None:
    assert is_large(analyse(load(two_axis_chain_yaml(4))))
    assert not is_large(analyse(load(two_axis_chain_yaml(1))))


def test_the_symengine_pipeline_gives_no_coefficient_larger_than_sympys() -> None:
    """Every action's Q^q of a 3-link chain, both ways: equal values, and the symengine one
    no larger by sympy's own count of operations."""
    analysis = analyse(load(two_axis_chain_yaml(3)))
    by_sympy = Presenter(analysis)
    by_engine = Presenter(analysis, large=True)
    compared = 0
    for terms in analysis.actions:
        ours = by_engine.action_coefficients(terms)
        for q, reference in by_sympy.action_coefficients(terms).items():
            assert sympy.count_ops(ours[q]) <= sympy.count_ops(reference), (terms.action.name, q)
            assert equivalent(ours[q], reference).equal
            compared += reference != 0
    assert compared >= 20


def test_a_long_chain_is_presented_without_sympy_forms_of_its_coefficients(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only claims compare sympy forms: building them (about 1 s on the 8-link chain) is left
    until something asks, and presenting never does."""

    def refused(self: JacobianCore, expr: object) -> sympy.Expr:
        raise AssertionError("a coefficient was turned into a sympy tree")

    monkeypatch.setattr(JacobianCore, "readable", refused)
    analysis = analyse(load(two_axis_chain_yaml(4)))
    solution = present(analysis)
    assert solution.coefficients["a1"] != 0
    with pytest.raises(AssertionError, match="sympy tree"):
        _ = analysis.actions[0].coefficients


def test_a_large_problems_totals_are_the_sum_of_its_actions_where_that_is_smaller() -> None:
    """Q^q = sum over actions of Q^q_action: on a 4-link chain the core's whole totals are past
    the simplifier's bound, and the sum of the actions' simplified values prints smaller."""
    from screwsolve.symbolic.simplify_engine import simplest_engine, size

    analysis = analyse(load(two_axis_chain_yaml(4)))
    presenter = Presenter(analysis, engine_values=True, large=True)
    parts = [presenter.action_coefficients(terms) for terms in analysis.actions]
    totals = presenter.total_coefficients(parts)
    whole = analysis.engine_coefficients
    assert whole is not None
    core = analysis.kinematics.jacobian
    shrunk = 0
    for q, value in totals.items():
        engine = value if isinstance(value, se.Basic) else to_engine(value)
        static = core.to_static(value) if isinstance(value, se.Basic) else value
        simplified = simplest_engine(whole[q])
        assert size(engine) <= size(simplified), q
        assert equivalent(core.to_static(whole[q]), static).equal, q
        shrunk += size(engine) < size(simplified)
    assert shrunk >= 1
