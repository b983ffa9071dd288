"""The work estimate (model/cost.py): its terms derived by hand on small problems, every shipped
problem far under the limit, research-size chains accepted, and models past the limit refused
at the part of the file that costs the most (bench/bench_cost.py times the same families)."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from screwsolve.checking.checking import check_file, validate_file
from screwsolve.errors import WorkLimitError
from screwsolve.files.loading import load_problem, load_problem_text
from screwsolve.limits import (
    DEFAULT_SECONDS,
    MAX_WORK,
    MAX_WORK_IN_MEMORY,
    WORK_PER_CHECKED_ROW,
    WORK_PER_CHECKED_SPEED,
    WORK_PER_ELIMINATION_TERM,
    WORK_PER_NODE,
    WORK_PER_ROTATION,
    WORK_PER_ROW,
    WORK_PER_SIZE,
)
from screwsolve.mechanics.analysis import analyse
from screwsolve.model.cost import Estimate, _log_bregman, check_work, estimate
from screwsolve.model.system import System, build_system

from ..conftest import PROBLEMS
from ..large_models import (
    chain_yaml,
    coupled_frames_yaml,
    dense_constraints_yaml,
    particles_all_pairs_yaml,
    spring_mesh_yaml,
)
from ..two_axis_chain import two_axis_chain_yaml

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

TWO_LINKS = """\
title: two links
referential: 0
parameters: {L: positive, F: real}
coordinates: [q1, q2]
frames: {0: {}, 1: {from: 0, rotate: [z, q1]}, 2: {from: 1, rotate: [z, q2]}}
points:
  O: {fixed_in: 0}
  A: {from: O, position: L*x1, body: 1}
  B: {from: A, position: L*x2, body: 2}
bodies: {1: {frame: 1, origin: O}, 2: {frame: 2, origin: A}}
actions: [{name: push, on: 2, at: B, force: F*y2}]
"""


def system_of(text: str, name: str = "model.yaml") -> System:
    loaded = load_problem_text(text, name)
    return build_system(loaded.problem, loaded.source)


def test_two_links_by_hand() -> None:
    # Reaches (coordinates, rotations, size): frame 1 ({q1}, 1, 1), frame 2 ({q1, q2}, 2, 2);
    # A = L x1: ({q1}, 1, 1 + 1); B = L x1 + L x2: ({q1, q2}, 2, 2 + 2).
    # Body 1 (frame 1, origin O): 1 speed x (1 rotation, size 1).
    # Body 2 (frame 2, origin A): 2 speeds x (2 rotations, size 2).
    # push (on 2, at B, F y2): 2 speeds x (2 rotations, size 4 + the force's F: 5).
    # Rows: 2 speeds x 3 carriers. Inputs: q1, q2, L (A), L and L (B), F: 6 nodes.
    found = estimate(system_of(TWO_LINKS))
    assert found.parts == {
        "rows": 6 * WORK_PER_ROW,
        "inputs": 6 * WORK_PER_NODE,
        "carriers": (1 + 4 + 4) * WORK_PER_ROTATION + (1 + 4 + 10) * WORK_PER_SIZE,
        "checks": 0,
        "elimination": 0,
    }
    assert found.costliest is not None and found.costliest.label == "action 'push'"


def test_a_spring_costs_its_work_again_for_each_speed() -> None:
    # the spring from O (fixed) to B (on body 2): reach of B ({q1, q2}, 2 rotations, size 4),
    # plus its law k*s (3 nodes) and its free length 0 (1 node): 2 speeds x (2 rotations,
    # size 8), then again for each of its 2 speeds
    sprung = TWO_LINKS.replace("{L: positive, F: real}", "{L: positive, F: real, k: positive}")
    sprung += "  - {name: coil, spring: {between: [O, B], stiffness: k}}\n"
    sprung = sprung.replace("actions: [{name: push, on: 2, at: B, force: F*y2}]\n", "actions:\n")
    sprung += "  - {name: push, on: 2, at: B, force: F*y2}\n"
    found = estimate(system_of(sprung))
    coil = 2 * (2 * WORK_PER_ROTATION + 8 * WORK_PER_SIZE) * (1 + 2 * WORK_PER_CHECKED_SPEED)
    without = estimate(system_of(TWO_LINKS)).parts["carriers"]
    assert found.parts["carriers"] == without + coil
    # and its potential checked for both speeds of the problem
    assert found.parts["checks"] == 2 * WORK_PER_CHECKED_ROW


def test_springs_between_every_two_particles_are_refused_where_they_would_time_out() -> None:
    """Measured (bench/bench_cost.py): 40 particles joined in pairs took 41.8 s, 50 took 83.6 s;
    the checks of 1 225 springs for 100 speeds put the 50 over the budget, the 40 under it."""
    forty = estimate(system_of(particles_all_pairs_yaml(40)))
    fifty = estimate(system_of(particles_all_pairs_yaml(50)))
    assert forty.total < 0.7 * MAX_WORK < MAX_WORK < fifty.total
    assert fifty.where() == ("actions",)
    assert "checking the potential and dissipation" in fifty.message(MAX_WORK)


def test_a_spring_mesh_is_accepted_where_it_finishes_and_refused_where_it_would_not() -> None:
    """Measured (bench/bench_cost.py, in the worker): a spring and a damper between every two
    joints of a 9-link chain took 19.6 s, of a 12-link one 101.3 s. The rotation weight, refitted
    on the chains, must not let the larger one through."""
    nine = estimate(system_of(spring_mesh_yaml(9)))
    twelve = estimate(system_of(spring_mesh_yaml(12)))
    assert nine.total < 0.8 * MAX_WORK < MAX_WORK < twelve.total
    assert twelve.parts["carriers"] == max(twelve.parts.values())


def test_a_joint_is_a_carrier_too() -> None:
    pinned = TWO_LINKS + "joints: [{name: pin, type: pin, between: [1, 2], at: A, axis: z1}]\n"
    without, found = estimate(system_of(TWO_LINKS)), estimate(system_of(pinned))
    assert found.parts["rows"] == 2 * 4 * WORK_PER_ROW  # 2 speeds, 2 bodies, push, the pin
    assert found.parts["carriers"] > without.parts["carriers"]


def test_dense_constraints_by_hand() -> None:
    # 3 constraints, each with all 3 dependent speeds: Bregman's bound (3!)**(1/3) a row, 3! = 6
    # products in their determinant, once per each of the 3 independent speeds
    found = estimate(system_of(dense_constraints_yaml(6, 3)))
    assert found.parts["elimination"] == pytest.approx(6 * 3 * WORK_PER_ELIMINATION_TERM, rel=1e-9)


def test_only_the_dependent_speeds_columns_count() -> None:
    # the rocket car (pydy): 8 rolling conditions fix q1', q3', q5' ... q8'; in those columns
    # its rows have 3, 1, 3, 1, 3, 2, 3, 2 entries; the 6 largest bound (3!)**(4/3) * 2 products,
    # once per each of its 2 independent speeds
    loaded = load_problem(str(PROBLEMS / "rocket-car.yaml"))
    found = estimate(build_system(loaded.problem, loaded.source))
    expected = 6 ** (4 / 3) * 2 * 2 * WORK_PER_ELIMINATION_TERM
    assert found.parts["elimination"] == pytest.approx(expected, abs=1)


def test_a_dense_row_of_four_hundred_speeds_is_counted_in_logarithms() -> None:
    # (400!)**(1/400): 400! is past any float, its logarithm is not
    assert _log_bregman(400) == pytest.approx(math.lgamma(401) / 400)
    assert math.exp(_log_bregman(3) * 3) == pytest.approx(6)


def test_a_single_constraint_needs_no_elimination() -> None:
    assert estimate(system_of(dense_constraints_yaml(6, 1))).parts["elimination"] == 0


@pytest.mark.parametrize("path", sorted(PROBLEMS.glob("*.yaml")), ids=lambda p: p.name)
def test_every_shipped_problem_is_far_under_the_limit(path: Path) -> None:
    # the largest is the rocket car's 8 rolling conditions, bound to 44 products (about 6 %)
    loaded = load_problem(str(path))
    assert estimate(build_system(loaded.problem, loaded.source)).total < MAX_WORK / 10


def test_each_link_costs_more_than_the_one_before() -> None:
    totals = [estimate(system_of(chain_yaml(links))).total for links in range(1, 13)]
    assert all(b > a for a, b in itertools.pairwise(totals))
    steps = [b - a for a, b in itertools.pairwise(totals)]
    assert all(b > a for a, b in itertools.pairwise(steps))  # and more each time


@pytest.mark.parametrize(
    "text",
    [two_axis_chain_yaml(50), chain_yaml(90)],
    ids=["two-axis chain 50", "chain 90"],
)
def test_research_size_chains_are_accepted(text: str) -> None:
    check_work(system_of(text))  # bench_cost: 26.1 s and 35.3 s in the worker, under 0.8 GB


def test_a_sixty_link_two_axis_chain_is_accepted_by_runs_default_time() -> None:
    system = system_of(two_axis_chain_yaml(60))  # bench_cost: 45.5 s in the worker, 1.08 GB
    check_work(system, 300.0)
    with pytest.raises(WorkLimitError):
        check_work(system)  # but not in check's and grade's 60 s


def _refusal(text: str) -> tuple[str, str]:
    """The refused file's located line and the message."""
    with pytest.raises(WorkLimitError) as raised:
        check_work(system_of(text))
    (diagnostic,) = raised.value.diagnostics
    return text.splitlines()[diagnostic.line - 1][diagnostic.col - 1 :], diagnostic.message


def test_forty_frames_turned_by_long_angles_are_refused_at_the_costliest_action() -> None:
    line, message = _refusal(coupled_frames_yaml(40))  # bench_cost: out of memory after 66 s
    assert line.startswith("{name: f39,")
    assert "action 'f39' costs the most" in message
    assert "40 coordinates through 40 rotations" in message
    assert f"the limit is {MAX_WORK:,}" in message and "--timeout raises it" in message


def test_a_long_chain_is_refused_at_its_last_link() -> None:
    # the last body's weight (at its mass centre, in the frame 0) is located at the body
    line, message = _refusal(chain_yaml(100))
    assert line.startswith("{frame: 100, origin: P99,")
    assert "action 'weight of 100' costs the most" in message
    assert "100 coordinates through 100 rotations" in message


def test_dense_constraints_are_refused_at_the_constraints() -> None:
    line, message = _refusal(dense_constraints_yaml(14, 7))
    assert line == "constraints:"
    assert "solving its constraints for the dependent speeds costs the most" in message


def test_dense_tables_are_refused_at_the_coordinates() -> None:
    found = Estimate(MAX_WORK + 1, {"rows": MAX_WORK, "inputs": 1, "carriers": 0}, None)
    assert found.where() == ("coordinates",)
    assert "every speed for every body and action" in found.message(MAX_WORK)


def test_a_longer_time_limit_raises_the_budget_in_proportion() -> None:
    system = system_of(chain_yaml(100))  # over the default budget, under what memory holds
    total = estimate(system).total
    assert MAX_WORK < total < MAX_WORK_IN_MEMORY
    needed = DEFAULT_SECONDS * total / MAX_WORK
    check_work(system, needed * 1.01)
    with pytest.raises(WorkLimitError, match="--timeout raises it"):
        check_work(system, needed * 0.99)


def test_no_time_limit_raises_it_past_what_memory_holds() -> None:
    system = system_of(chain_yaml(110))
    with pytest.raises(WorkLimitError, match=f"the limit is {MAX_WORK_IN_MEMORY:,}; --timeout 0"):
        check_work(system, 3600)
    check_work(system, None)  # --timeout 0: in-process, no limit at all


def test_a_shorter_time_limit_is_left_to_the_clock() -> None:
    check_work(system_of(two_axis_chain_yaml(40)), 1.0)


def test_validate_check_and_analyse_all_refuse_it(tmp_path: Path) -> None:
    text = chain_yaml(100)
    path = tmp_path / "long.yaml"
    path.write_text(text, encoding="utf-8")
    validated = validate_file(str(path))
    assert [d.message.split(" (")[0] for d in validated.diagnostics] == [
        "this model needs more work than a worker's limits allow"
    ]
    checked = check_file(str(path))
    assert checked.diagnostics == validated.diagnostics
    assert not checked.final  # a longer --timeout changes the verdict: never cached
    with pytest.raises(WorkLimitError):
        analyse(load_problem(str(path)))
