"""A source's domain makes its answer's form: where `sin(theta) > 0`, |sin(theta)| is
sin(theta), so the sleigh's F~_y prints as Moore and Kane state it."""

from __future__ import annotations

from screwsolve.api import solve
from screwsolve.symbolic.printing import text

from ..conftest import PROBLEMS

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
