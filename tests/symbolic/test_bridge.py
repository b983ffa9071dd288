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
