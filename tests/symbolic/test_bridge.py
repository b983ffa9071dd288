"""sympy <-> symengine: names, assumptions and functions of time survive the round trip."""

from __future__ import annotations

import pytest
import sympy
from sympy.physics.vector import dynamicsymbols

from screwsolve.symbolic.bridge import UnsupportedError, from_engine, symbols_of, to_engine


def test_round_trip_restores_assumptions() -> None:
    m = sympy.Symbol("m", positive=True)
    q = sympy.Symbol("q", real=True)
    expr = m * sympy.sin(q) ** 2 + sympy.Abs(q) * sympy.sign(q) + sympy.exp(-q) / m
    back = from_engine(to_engine(expr), symbols_of(expr))
    assert back == expr
    assert back.free_symbols == {m, q}


def test_round_trip_to_functions_of_time() -> None:
    q = dynamicsymbols("q")
    plain = sympy.Symbol("q")
    assert from_engine(to_engine(sympy.cos(plain)), {"q": q}) == sympy.cos(q)


@pytest.mark.parametrize(
    "expr",
    [sympy.Function("f")(sympy.Symbol("x")), sympy.Heaviside(sympy.Symbol("x"))],
    ids=["undefined function", "function symengine only wraps"],
)
def test_functions_symengine_does_not_own_are_refused(expr: sympy.Expr) -> None:
    with pytest.raises(UnsupportedError):
        to_engine(expr)


def test_absolute_values_are_found_through_shared_subexpressions() -> None:
    """Results remembered by node between calls: a subexpression met first inside a value
    without Abs, then inside one with it, is judged by each value's own nodes."""
    import symengine as se

    from screwsolve.symbolic.bridge import has_absolute_values

    a, b = se.Symbol("a"), se.Symbol("b")
    absolute, sign = (
        to_engine(sympy.Abs(sympy.Symbol("a"))),
        to_engine(sympy.sign(sympy.Symbol("b"))),
    )
    shared = se.sin(a) * b + se.cos(b)
    assert not has_absolute_values(shared * a)
    assert has_absolute_values(shared * absolute + b)
    assert has_absolute_values(se.cos(shared + sign))
    assert not has_absolute_values(shared**2)


def test_values_are_searched_for_absolute_values_once_one_was_converted() -> None:
    """symengine makes no Abs or sign of its own, so none is looked for until one comes from
    sympy (a fresh process: what earlier tests converted does not count); from then on, for
    good, in every value."""
    import subprocess
    import sys

    script = """
import sympy
from screwsolve.symbolic import bridge
from screwsolve.symbolic.bridge import has_absolute_values, to_engine
x = sympy.Symbol("x")
plain = to_engine(sympy.sqrt(x**2) * sympy.cos(x))
assert not bridge._ABSOLUTE_VALUES_CONVERTED[0]
assert not has_absolute_values(plain.diff(to_engine(x)))
assert has_absolute_values(to_engine(sympy.Abs(x) * x))  # a sum, product or function
assert bridge._ABSOLUTE_VALUES_CONVERTED[0]
bridge._ABSOLUTE_VALUES_CONVERTED[0] = False  # as in a fresh process again
to_engine(sympy.Piecewise((sympy.Abs(x), x > 0), (1, True)))  # what sympy itself converts
assert bridge._ABSOLUTE_VALUES_CONVERTED[0]
assert has_absolute_values(to_engine(sympy.sign(x)) + plain)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
