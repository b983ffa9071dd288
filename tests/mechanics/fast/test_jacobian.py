"""The Jacobian-column route equals the sympy comoment route, action by action, and falls back."""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import pytest
import sympy
from hypothesis import HealthCheck, given, settings

from screwsolve.model.actions import Potential
from screwsolve.symbolic import bridge as engine

from ...chains import chains, to_yaml
from ...conftest import ALIASED_AXIS, PROBLEMS, same, solve_text
from ...strategies import problems
from ...two_axis_chain import two_axis_chain_mechanics, two_axis_chain_yaml


def assert_routes_agree(text: str) -> None:
    """Every screw action's coefficients and power: Jacobian route == sympy comoment route."""
    analysis = solve_text(text)
    for terms in analysis.actions:
        if isinstance(terms.action, Potential):
            continue  # a bare potential: not a screw
        reference = analysis._comoment_terms(terms.action, list(terms.screws))
        for q in analysis.variables:
            ours = analysis.static(terms.coefficients[q])
            theirs = analysis.static(reference.coefficients[q])
            assert same(ours, theirs), (terms.action.name, q, text)
        assert same(analysis.static(terms.power), analysis.static(reference.power))


@pytest.mark.parametrize("path", sorted(PROBLEMS.glob("*.yaml")), ids=lambda p: p.stem)
def test_each_action_matches_the_comoment_route(path) -> None:
    assert_routes_agree(path.read_text(encoding="utf-8"))


def test_fallback_route_when_symengine_cannot_hold_an_expression(monkeypatch) -> None:
    def refuse(expr: sympy.Expr) -> None:
        raise engine.UnsupportedError("refused for the test")

    monkeypatch.setattr("screwsolve.mechanics.fast.jacobian.to_engine", refuse)
    analysis = solve_text(two_axis_chain_yaml(1))
    expected = two_axis_chain_mechanics(1)
    for q, value in expected.items():
        assert same(analysis.static(analysis.coefficients[q]), value), q


def test_prescribed_and_geometric_points_have_time_columns() -> None:
    """A bead at s on a rod turning at Omega t: Q^s = F, Q^t = N s Omega (hand derivation:
    v = s' x1 + s Omega y1, partial screws {0; x1} and {Omega z0; s Omega y1})."""
    text = """
title: bead
referential: 0
parameters: {Omega: positive, F: real, N: real}
coordinates: [s]
frames: {0: {}, 1: {from: 0, rotate: [z, Omega*t]}}
points:
  O: {fixed_in: 0}
  B: {from: O, position: s*x1}
bodies: {bead: {frame: 1, origin: B}}
actions: [{name: push, on: bead, at: B, force: F*x1 + N*y1}]
"""
    analysis = solve_text(text)
    assert same(analysis.static(analysis.coefficients["s"]), sympy.Symbol("F", real=True))
    expected_t = sympy.Symbol("N", real=True) * sympy.Symbol("s", real=True)
    expected_t *= sympy.Symbol("Omega", positive=True)
    assert same(analysis.static(analysis.coefficients["t"]), expected_t)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_random_problems_match_the_comoment_route(text: str) -> None:
    """Trees of frames, prescribed angles, geometric points, interactions: both routes agree."""
    assert_routes_agree(text)


def test_checks_on_the_symengine_form_tell_right_from_wrong() -> None:
    """The weight of link 2: Q^a1 = -dV/da1 holds on the engine form; a value off by a
    term does not (so the potential check and noncontributing can fail)."""
    analysis = solve_text(two_axis_chain_yaml(2))
    weight = next(a for a in analysis.actions if a.action.kind == "gravity")
    assert weight.engine is not None
    energy = analysis.static(weight.action.potential)
    right = -energy.diff(sympy.Symbol("a1", real=True))
    assert analysis._coefficient_is(weight, "a1", right)
    assert not analysis._coefficient_is(weight, "a1", right + sympy.Symbol("g", positive=True))
    assert not analysis._coefficient_is(weight, "b1", sympy.Integer(0))
    assert weight.action.name not in analysis.noncontributing


def test_axis_named_through_an_alias_matches_the_comoment_route() -> None:
    assert_routes_agree(ALIASED_AXIS)


def test_a_product_with_a_huge_tree_is_ranked_by_rotations_without_counting_it(
    monkeypatch,
) -> None:
    """x of the 16th link's last frame written in the referential is a small graph but a tree
    of billions of nodes (each of 32 rotations doubles it): the frame choice ranks it by its
    2^32 rotation spread, after every small candidate, and never calls count_ops on it."""
    import symengine as se

    core = solve_text(two_axis_chain_yaml(16)).kinematics.jacobian
    unit = ("B16", 0)
    far = core.in_frame(unit, "B0")[1]
    near = core.in_frame(unit, "A16")[1]
    small_key = core._compactness([near], [unit], "A16")
    assert small_key == (0, se.count_ops(near))

    def refuse(*args: se.Basic) -> int:
        raise AssertionError("count_ops called on a huge tree")

    monkeypatch.setattr(se, "count_ops", refuse)
    far_key = core._compactness([far], [unit], "B0")
    assert far_key == (1, 2**32) and small_key < far_key


def test_steps_count_simple_rotations_between_a_unit_vector_and_a_frame() -> None:
    core = solve_text(ALIASED_AXIS).kinematics.jacobian
    assert core._steps(("2", 1), "2") == 0
    assert core._steps(("2", 0), "1") == 0  # frame 2 turns about x1: x2 is x1
    assert core._steps(("2", 1), "1") == 1  # y2 rotated into frame 1
    assert core._steps(("2", 1), "0") == 2
    assert core._steps(("1", 0), "3") == 0  # x1 is frame 3's rotation axis: an axis of 3
    assert core._steps(("3", 2), "1") == 2


def test_a_product_of_two_branches_is_tried_only_on_the_way_between_them() -> None:
    """In a tree of links all turned about z, z is an axis of every frame: a product of z with
    x of one leaf is tried in the frames from that leaf to the other end through their common
    ancestor, not in each of the 31 frames (the cost was quadratic in the tree's size)."""
    from ...large_models import tree_yaml

    core = solve_text(tree_yaml(31)).kinematics.jacobian
    # F30's ancestors: F14, F6, F2, F0; F15's: F7, F3, F1, F0
    tried = [frame for frame, _, _ in core._candidates(("F30", 2), ("F15", 0))]
    assert set(tried) == {"F30", "F14", "F6", "F2", "F0", "F1", "F3", "F7", "F15"}
    assert core._way("F30", "F14") == {"F30", "F14"}
    assert core.unit_cross(("F30", 2), ("F15", 0)).columns.keys() <= set(tried)
    assert_routes_agree(tree_yaml(7))


def _coefficients_by_route(text: str, nested_from: int) -> tuple[Any, dict[tuple[str, str], Any]]:
    """Every action's Q^q as the core builds them, with the moments about the origins taken
    for chains of `nested_from` bodies or more (1: every screw, planar chains too; a huge
    number: none)."""
    from screwsolve.mechanics.fast.jacobian import JacobianCore

    planar = JacobianCore._one_axis if nested_from > 1 else lambda self, body: False
    with (
        patch("screwsolve.mechanics.fast.jacobian.NESTED_ORIGINS", nested_from),
        patch.object(JacobianCore, "_one_axis", planar),
    ):
        analysis = solve_text(text)
        values = {
            (terms.action.name, q): value
            for terms in analysis.actions
            if terms.engine is not None
            for q, value in terms.engine.items()
        }
    return analysis, values


def assert_nested_equals_products(text: str) -> None:
    """The moments about the origins (JacobianCore._nested_shares) and the products of each
    screw with its point's partial velocities give the same coefficients, and every one the
    products give as an exact zero is an exact zero the other way too (it prints as 0, not as
    a sum that cancels)."""
    analysis, nested = _coefficients_by_route(text, 1)
    _, products = _coefficients_by_route(text, 10**6)
    assert nested.keys() == products.keys()
    core = analysis.kinematics.jacobian
    for key, value in nested.items():
        assert same(core.to_static(value), core.to_static(products[key])), (key, text)
    hidden = [key for key, value in products.items() if value == 0 and nested[key] != 0]
    assert not hidden, (hidden, text)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chains(max_links=4))
def test_moments_about_the_origins_equal_the_products_on_trees_of_links(links) -> None:
    """Trees of links hinged at their parents' tips (origins carried by the parent), prescribed
    angles, forces in other links' frames, couples, springs between links (a reaction on the
    parent): both ways agree, action by action and variable by variable (t included)."""
    assert_nested_equals_products(to_yaml(links))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_moments_about_the_origins_equal_the_products_on_random_problems(text: str) -> None:
    """Bodies whose origins are geometric points (their own velocity ends the chain at once),
    actions between two bodies, frames shared by bodies."""
    assert_nested_equals_products(text)


def test_a_long_chain_takes_the_moments_and_matches_sympy_mechanics() -> None:
    """Past NESTED_ORIGINS bodies the run takes the moments about the origins (lowered to six
    here: sympy.physics.mechanics' route takes minutes past eleven links); the totals equal
    that route's (partial velocities, then dot products)."""
    links = 7
    with patch("screwsolve.mechanics.fast.jacobian.NESTED_ORIGINS", 6):
        analysis = solve_text(two_axis_chain_yaml(links))
        assert analysis.coefficients  # computed while the patch holds
    core = analysis.kinematics.jacobian
    assert core._nested_screws  # the moments were taken
    assert len(core._origin_chain(str(links))) == links
    expected = two_axis_chain_mechanics(links)
    for q, value in expected.items():
        assert same(analysis.static(analysis.coefficients[q]), value), q


def test_moments_about_the_origins_on_frames_turned_from_the_ground() -> None:
    """A cable whose segments' frames are each turned from the ground (absolute angles): a
    segment's partial angular velocity for its neighbour's angle is zero while the neighbour's
    is not, so the relative one is the neighbour's, negated."""
    from ...solution.test_large_models import _cable

    assert_nested_equals_products(_cable(4))


def test_a_planar_chain_keeps_the_products() -> None:
    """Links all turned about z carry a moment's z component from one origin to the next as it
    is: the moments would be flat sums again, so the core keeps the products there; links
    turned about z then x nest."""
    from ...large_models import chain_yaml

    planar = solve_text(chain_yaml(8)).kinematics.jacobian
    assert len(planar._origin_chain("8")) == 8 and planar._one_axis("8")
    turning = solve_text(two_axis_chain_yaml(8)).kinematics.jacobian
    assert not turning._one_axis("8")


def test_zeros_of_the_moments_are_exact() -> None:
    """By hand, in the two-axis chain of n = NESTED_ORIGINS links (the shortest that takes the
    moments): the weight -m_n g z0 about the vertical first axis z0: Q^a1 = z0 . (r x (-m_n g
    z0)) = 0; the spring-damper couple between links n - 1 and n moves with both for every
    joint before the n-th: Q^a1 ... Q^b(n-1) = 0. Printed as 0, not as sums that cancel (the
    moments are rotated through every frame of the chain)."""
    from screwsolve.limits import NESTED_ORIGINS

    links = NESTED_ORIGINS
    analysis = solve_text(two_axis_chain_yaml(links))
    terms = {t.action.name: t for t in analysis.actions}
    assert analysis.kinematics.jacobian._nested_screws  # the moments were taken
    assert terms[f"weight of {links}"].engine["a1"] == 0
    couple = terms[f"spring-damper {links}"].engine
    before = [f"{letter}{i}" for i in range(1, links) for letter in "ab"]
    assert all(couple[q] == 0 for q in before)
    assert couple[f"b{links}"] != 0
