"""Integrals of force laws from zero: exact for polynomials and the Stribeck law, none otherwise."""

from __future__ import annotations

import signal

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from screwsolve.symbolic.integrals import from_zero

v = sympy.Symbol("v", nonnegative=True)
F_c, F_s, v_s, c = sympy.symbols("F_c F_s v_s c", positive=True)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-5, 5), min_size=1, max_size=6))
def test_a_polynomial_law_integrates_to_its_antiderivative_from_zero(coefficients) -> None:
    law = sum(a * v**k for k, a in enumerate(coefficients))
    integral = from_zero(law, v)
    assert integral is not None
    assert sympy.expand(integral.diff(v) - law) == 0
    assert integral.subs(v, 0) == 0


def test_the_stribeck_law_integrates_through_erf() -> None:
    """d/dv [F_c v + (F_s - F_c) v_s sqrt(pi)/2 erf(v/v_s) + c v^2/2] is the law itself."""
    law = F_c + (F_s - F_c) * sympy.exp(-((v / v_s) ** 2)) + c * v
    integral = from_zero(law, v)
    assert integral is not None and integral.has(sympy.erf)
    assert sympy.simplify(integral.diff(v) - law) == 0
    assert sympy.simplify(integral.subs(v, 0)) == 0


def test_a_law_without_a_closed_form_or_too_large_has_no_integral() -> None:
    assert from_zero(sympy.exp(sympy.exp(v) ** 2) * sympy.sin(v**v), v) is None
    assert from_zero(1 / v, v) is None  # the integral from 0 diverges
    large = sum(sympy.sin(k * v) ** k for k in range(1, 40))
    assert from_zero(large, v) is None


def test_a_constant_law_gives_the_law_times_the_variable() -> None:
    assert from_zero(c, v) == c * v


@pytest.mark.skipif(
    not hasattr(signal, "setitimer"), reason="the budget needs POSIX timers (Windows: none)"
)
def test_a_law_whose_search_outlasts_its_budget_has_no_integral(monkeypatch) -> None:
    """F_c atan((v/v_s)^3) kept manualintegrate busy for 54 s: past the budget (made tiny
    here) the answer is None, as for a law with no closed form, and nothing is raised. The
    search is made to outlast it whatever the machine: a real one, already in sympy's cache
    or run on a fast core, finished inside 0.05 s once and this verdict depended on it."""
    import time

    import sympy.integrals.manualintegrate as manual

    from screwsolve.symbolic import integrals

    def endless(law: sympy.Expr, variable: sympy.Symbol) -> sympy.Expr:
        end = time.monotonic() + 30
        while time.monotonic() < end:
            pass
        raise AssertionError("the budget never ended the search")

    monkeypatch.setattr(integrals, "INTEGRAL_SECONDS", 0.05)
    monkeypatch.setattr(manual, "manualintegrate", endless)
    integrals.from_zero.cache_clear()
    started = time.monotonic()
    assert integrals.from_zero(F_c * sympy.atan((v / v_s) ** 3), v) is None
    assert time.monotonic() - started < 10
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # no timer left behind
    integrals.from_zero.cache_clear()
