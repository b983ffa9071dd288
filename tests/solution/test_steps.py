"""`--steps`: a worked solution reads the same quantities as the tables (one truth), and the
Jacobian core's worked solution is the sympy route's, written out, for every shipped problem."""

from __future__ import annotations

from pathlib import Path

import pytest
import sympy
from sympy.physics.vector import Vector

from screwsolve.api import analyse, load, solve
from screwsolve.mechanics.analysis import Analysis
from screwsolve.solution.build import Presenter
from screwsolve.solution.result import ScrewValue, VectorValue
from screwsolve.symbolic.equivalence import equivalent

from ..conftest import PROBLEMS
from ..render.test_deep_frames import _evaluated, _tower, _y_last_in_referential

SHIPPED = sorted(PROBLEMS.glob("*.yaml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_a_worked_solution_adds_up_to_its_actions_coefficients_and_power(path: Path) -> None:
    """Σ over an action's screws of each worked share is the action's Q^q in the coefficients
    table, and Σ of their powers is its power in the power table."""
    solution = solve(path, steps=True)
    for action in solution.actions:
        if not action.screws:  # known by its potential alone: no screw to work out
            continue
        worked = [s.steps for s in action.screws]
        assert all(w is not None for w in worked), action.name
        for q, value in action.coefficients.items():
            shares = sympy.Add(*(w.shares[q] for w in worked if w is not None))
            assert equivalent(shares, value).equal, (path.stem, action.name, q)
        powers = sympy.Add(*(w.power for w in worked if w is not None))
        assert equivalent(powers, action.power).equal, (path.stem, action.name)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_a_screw_on_a_body_meets_the_partial_screws_the_table_prints(path: Path) -> None:
    """A screw on B by the referential meets {V^q_B/E} about its point: what `run --at P`
    prints as B's partial screws, value for value."""
    plain = solve(path, steps=True)
    for point in sorted({s.screw.point for a in plain.actions for s in a.screws}):
        about = solve(path, at=point, steps=True)
        for action in about.actions:
            for applied in action.screws:
                if applied.by is not None or applied.screw.point != point:
                    continue
                assert applied.steps is not None
                assert applied.steps.partials == about.partial_screws[applied.on], (
                    path.stem,
                    action.name,
                )


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_cores_worked_solution_is_the_sympy_routes(path: Path) -> None:
    """Both routes, every screw (pairs: relative to the body bearing the reaction): the same
    kinematic screw, partial screws, shares and power, compared as vectors in the referential
    (the core may write a component in another frame)."""
    analysis = analyse(load(path))
    presenter = Presenter(analysis)
    compared = 0
    for terms in analysis.actions:
        for applied in terms.screws:
            core, route = presenter.steps(applied), presenter._sympy_steps(applied)
            assert set(core.shares) == set(route.shares)
            for q, share in route.shares.items():
                assert equivalent(core.shares[q], share).equal, (terms.action.name, q)
            assert equivalent(core.power, route.power).equal, terms.action.name
            pairs = [(core.velocity, route.velocity)]
            pairs += [(core.partials[q], route.partials[q]) for q in route.partials]
            for ours, theirs in pairs:
                _assert_same_screw(analysis, ours, theirs)
                compared += 1
    assert compared > 0


def _assert_same_screw(analysis: Analysis, ours: ScrewValue, theirs: ScrewValue) -> None:
    assert ours.point == theirs.point
    frame = analysis.system.referential
    for a, b in ((ours.resultant, theirs.resultant), (ours.moment, theirs.moment)):
        difference = _vector(analysis, a) - _vector(analysis, b)
        if difference != Vector(0):
            for component in difference.to_matrix(frame):
                assert equivalent(component, sympy.Integer(0)).equal, component


def _vector(analysis: Analysis, value: VectorValue) -> Vector:
    frames = analysis.system.frames
    keys = {name: key for key, name in frames.unit_names.items()}
    total = Vector(0)
    for coefficient, unit in value.terms:
        frame, index = keys[unit]
        axes = frames.frames[frame]
        total += coefficient * (axes.x, axes.y, axes.z)[index]
    return total


def test_a_worked_solution_at_the_depth_limit_has_the_towers_q() -> None:
    """Frames 120 deep: the worked solution (once exponential in the depth, built from sympy's
    direction cosines) gives the push's share Q^q = -P L (y_F0 . y_Fn), rotated by hand."""
    from screwsolve.api import solution_to_print  # what run prints: over shared names
    from screwsolve.limits import MAX_FRAME_DEPTH

    depth = MAX_FRAME_DEPTH
    solution = solution_to_print(_tower(depth), steps=True)
    push = next(a for a in solution.actions if a.name == "push")
    worked = push.screws[0].steps
    assert worked is not None
    angles = {f"a{k}": 0.1 * k - 5 for k in range(2, depth + 1)}
    angles["q"] = 0.7
    values = {**angles, "L": 1.7, "P": 2.3, "m": 1.1, "g": 9.8, "q'": 0.4}
    expected = -2.3 * 1.7 * _y_last_in_referential(depth, angles)[1]
    assert _evaluated(solution, worked.shares["q"], values) == pytest.approx(
        expected, rel=1e-9, abs=1e-12
    )
    assert _evaluated(solution, worked.power, values) == pytest.approx(
        0.4 * expected, rel=1e-9, abs=1e-12
    )


def test_the_worked_solutions_are_a_stage_of_their_own() -> None:
    """While they are built the progress line says so (it said "energy checks"), counted by
    action screw."""
    from screwsolve import progress
    from screwsolve.solution.build import present

    analysis = analyse(load(PROBLEMS / "plate-on-a-step.yaml"))
    reports: list[tuple[str, int, int]] = []
    with progress.reporting(lambda stage, done, total: reports.append((stage, done, total))):
        present(analysis, steps=True)
    screws = sum(len(terms.screws) for terms in analysis.actions)
    worked = [r for r in reports if r[0] == "worked solutions"]
    assert worked[0] == ("worked solutions", 0, screws) and worked[-1][1] == screws
    assert [stage for stage, _, _ in reports].index("worked solutions") > 0
