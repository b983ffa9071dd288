"""A source's domain makes its answer's form: where `sin(theta) > 0`, |sin(theta)| is
sin(theta), so the sleigh's F~_y prints as Moore and Kane state it."""

from __future__ import annotations

import pytest

from screwsolve.api import solve
from screwsolve.symbolic.printing import text

from ..conftest import PROBLEMS, solve_text

SLEIGH = (PROBLEMS / "chaplygin-sleigh-friction.yaml").read_text(encoding="utf-8")


def test_a_domain_writes_the_answer_as_the_source_does() -> None:
    """By hand (the file's derivation): F~_y = -mu N_P sign(y')/|sin(theta)|, which for
    sin(theta) > 0 is -mu N_P sign(y')/sin(theta)."""
    solution = solve(SLEIGH)
    assert solution.reduced is not None
    assert text(solution.reduced.total["u_y"]) == "-N_P*mu*sign(y')/sin(theta)"


def test_without_the_domain_the_absolute_value_stays() -> None:
    solution = solve(SLEIGH.replace("domains:\n  - sin(theta) > 0\n", ""))
    assert solution.reduced is not None
    assert "Abs(sin(theta))" in text(solution.reduced.total["u_y"])


EMPTY = """
title: a rod turned by theta, with domains that meet nowhere
referential: 0
parameters: {F: real}
coordinates: [theta]
frames: {0: {}, 1: {from: 0, rotate: [z, theta]}}
points: {O: {fixed_in: 0}, P: {from: O, position: x1, body: b}}
bodies: {b: {frame: 1, origin: O}}
actions: [{name: push, on: b, at: P, force: F*x0}]
domains:
  - theta > 2
  - @second@
"""


def test_domains_that_admit_nothing_are_refused_at_domains() -> None:
    """theta > 2 and theta < 1 were accepted, and every claim was then undecided."""
    from screwsolve.errors import InputError

    with pytest.raises(InputError) as info:
        solve_text(EMPTY.replace("@second@", "theta < 1"))
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.line, diagnostic.col) == (11, 3)  # the list of domains
    assert "no point satisfies every domain together" in diagnostic.message
    # each alone, or both where they meet, is fine
    assert solve_text(EMPTY.replace("@second@", "theta < 3")).system.domains
