"""Text and LaTeX straight from symengine graphs: the text parses back to the same value, the
LaTeX reads as sympy's would."""

from __future__ import annotations

import symengine as se
from hypothesis import given, settings

from screwsolve.model.grammar import Namespace, parse_scalar
from screwsolve.symbolic.bridge import from_engine
from screwsolve.symbolic.engine_printing import latex, text
from screwsolve.symbolic.equivalence import equivalent
from screwsolve.symbolic.printing import symbol_latex

from .engine_expressions import SYMBOLS, a, b, c, expressions, k

RATE = se.Symbol("a'")


def _namespace() -> Namespace:
    return Namespace(scalars=dict(SYMBOLS))


@settings(max_examples=150, deadline=None)
@given(expressions)
def test_printed_text_parses_back_to_the_same_value(expr: se.Basic) -> None:
    parsed = parse_scalar(text(expr), _namespace())
    assert equivalent(parsed, from_engine(expr, SYMBOLS)).equal is not False


def test_text_reads_as_screwsolves_grammar() -> None:
    assert text(se.sin(a) * b / 2) == "b*sin(a)/2"
    assert text(-k * RATE * se.cos(a + b) / 3) == "-a'*k*cos(a + b)/3"
    assert text(c * (a + b) ** 2) == "c*(a + b)**2"
    assert text(1 / se.sin(a) ** 2) == "1/sin(a)**2"


def test_latex_writes_rates_dotted_fractions_and_powers_as_the_book_does() -> None:
    assert latex(se.sin(a) * b / 2, symbol_latex) == r"\frac{b \sin{a}}{2}"
    assert (
        latex(-k * RATE * se.cos(a + b) / 3, symbol_latex)
        == r"-\frac{\dot{a} k \cos{\left(a + b \right)}}{3}"
    )
    assert latex(1 / se.sin(a) ** 2, symbol_latex) == r"\frac{1}{\sin^{2}{a}}"
    assert latex(k * RATE**2, symbol_latex) == r"k \dot{a}^{2}"


def test_a_subexpression_printed_in_one_value_prints_the_same_in_the_next() -> None:
    """Printed nodes are remembered between values (one printer per way of printing); the
    text of each value is that of a fresh printer."""
    from screwsolve.symbolic import engine_printing
    from screwsolve.symbolic.printing import symbol_latex

    x, y = se.Symbol("x"), se.Symbol("y")
    shared = se.sin(x) - 2 * se.cos(y) / 3
    values = [shared * y, shared**2 + x, -shared]
    for value in values:
        fresh = engine_printing._Printer(latex=False)
        assert engine_printing.text(value) == fresh.show(value)
        fresh_latex = engine_printing._Printer(latex=True, symbol_latex=symbol_latex)
        assert engine_printing.latex(value, symbol_latex) == fresh_latex.show(value)


def test_constants_print_as_sympy_writes_them() -> None:
    """pi and E in a large value's text and LaTeX: never symengine's class names (Pi())."""
    value = se.cos(se.pi / 4 + a) * se.E + b
    assert text(value) == "b + cos(a + pi/4)*exp(1)"
    parsed = parse_scalar(text(value), _namespace())
    assert equivalent(parsed, from_engine(value, SYMBOLS)).equal
    assert r"\frac{\pi}{4}" in latex(value, symbol_latex)
