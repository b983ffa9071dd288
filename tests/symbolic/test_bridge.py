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
    shared = se.sin(a) * b + se.cos(b)
    assert not has_absolute_values(shared * a)
    assert has_absolute_values(shared * se.Abs(a) + b)
    assert has_absolute_values(se.cos(shared + se.sign(b)))
    assert not has_absolute_values(shared**2)
