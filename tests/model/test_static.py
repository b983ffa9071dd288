"""StaticSymbols: coordinates, rates and specified functions of time as plain symbols."""

from __future__ import annotations

import sympy
from sympy.physics.vector import dynamicsymbols

from screwsolve.model.static import StaticSymbols

t = dynamicsymbols._t


def _symbols() -> StaticSymbols:
    q, F = dynamicsymbols("q F")
    return StaticSymbols({"q": q}, {"q": q.diff(t)}, t, {"F": F})


def test_a_function_of_time_and_its_rates_become_plain_symbols_and_back() -> None:
    symbols = _symbols()
    F = dynamicsymbols("F")
    expr = F * F.diff(t) + F.diff(t, 2)
    static = symbols.static(expr)
    assert {s.name for s in static.free_symbols} == {"F", "F'", "F''"}
    assert symbols.dynamic(static) == expr


def test_the_time_derivative_moves_functions_but_holds_nothing_else() -> None:
    """d/dt (q F) = q' F + q F' (whole); holding q: q F' (explicit)."""
    symbols = _symbols()
    q, dq = symbols.coordinate["q"], symbols.rate["q"]
    F, dF = symbols.function["F"], symbols.function_rate["F"]
    assert sympy.expand(symbols.time_derivative(q * F) - (dq * F + q * dF)) == 0
    assert sympy.expand(symbols.explicit_static_derivative(q * F + sympy.sin(symbols.time))) == (
        sympy.expand(q * dF + sympy.cos(symbols.time))
    )
