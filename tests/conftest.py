"""Shared helpers: problem folders and a way to solve YAML text in a test."""

from __future__ import annotations

from pathlib import Path

import pytest
import sympy

ROOT = Path(__file__).resolve().parent.parent
PROBLEMS = ROOT / "problems"
INVALID = Path(__file__).resolve().parent / "data" / "invalid"
HOSTILE = Path(__file__).resolve().parent / "data" / "hostile"


def solve_text(text: str):
    """Load and analyse a problem given as YAML text."""
    from screwsolve.api import solve_loaded
    from screwsolve.loading import load_problem_text

    return solve_loaded(load_problem_text(text, "test.yaml"))


def same(a: sympy.Expr, b: sympy.Expr | str | int) -> bool:
    """Static expressions equal by numeric probing (b may be text in the problem's grammar)."""
    from screwsolve.equivalence import equivalent

    if isinstance(b, int):
        b = sympy.Integer(b)
    return bool(equivalent(a, b).equal)


@pytest.fixture(scope="session")
def plate():
    from screwsolve.api import load, solve_loaded

    return solve_loaded(load(PROBLEMS / "plate-on-a-step.yaml"))


@pytest.fixture(scope="session")
def sphere():
    from screwsolve.api import load, solve_loaded

    return solve_loaded(load(PROBLEMS / "rolling-sphere.yaml"))
