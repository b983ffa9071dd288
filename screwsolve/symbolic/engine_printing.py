"""Text and LaTeX of symengine expressions, each distinct subexpression printed once.

Why: a long chain's results are symengine graphs; turning each into a sympy tree only to print
it cost more than solving the chain (8-link chain: 2.6 s of conversions and 1.5 s of sympy's
printers, which sort every sum's terms). Large values are printed here straight from the graph
(textbook-sized ones keep sympy's printers, so their printed forms do not change). The text is
screwsolve's own grammar: it parses back.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import symengine as se
import sympy

from screwsolve.symbolic.graphs import NodeMemo, node_key, on_forget
from screwsolve.symbolic.rationals import Rational, rational_of

_ADD, _MUL, _POW, _ATOM = 1, 2, 3, 4
_FUNCTION_TEXT = {"abs": "Abs", "Abs": "Abs"}
_FUNCTION_LATEX = {
    **{name: rf"\{name}" for name in ("sin", "cos", "tan", "cot", "sec", "csc", "sinh")},
    **{name: rf"\{name}" for name in ("cosh", "tanh", "log")},
    "asin": r"\operatorname{asin}",
    "acos": r"\operatorname{acos}",
    "atan": r"\operatorname{atan}",
    "atan2": r"\operatorname{atan_{2}}",
    "sign": r"\operatorname{sign}",
    "erf": r"\operatorname{erf}",
    "Heaviside": r"\theta",
}


def text(expr: se.Basic) -> str:
    """An expression as text in screwsolve's grammar."""
    return _printer(None).show(expr)


def latex(expr: se.Basic, symbol_latex: Callable[[str], str]) -> str:
    """An expression in LaTeX; `symbol_latex` sets each symbol's name (as sympy would)."""
    return _printer(symbol_latex).show(expr)


@lru_cache(maxsize=8)
def _printer(symbol_latex: Callable[[str], str] | None) -> _Printer:
    """One printer per way of printing, whose printed nodes are remembered between values (the
    values of one solution share subexpressions the shared-names table leaves inline)."""
    return _Printer(latex=symbol_latex is not None, symbol_latex=symbol_latex)


def _coefficient(expr: se.Basic) -> tuple[Rational, list[se.Basic]]:
    """A product as its rational coefficient and its other factors (symengine keeps a product's
    one number first among its arguments)."""
    if expr.is_Number and expr.is_Rational:
        return rational_of(expr), []
    if not isinstance(expr, se.Mul):
        return 1, [expr]
    factors = list(expr.args)
    first = factors[0]
    if first.is_Number and first.is_Rational:
        return rational_of(first), factors[1:]
    return 1, factors


def _function_name(expr: se.Basic) -> str:
    return type(expr).__name__


class _Printer:
    def __init__(self, *, latex: bool, symbol_latex: Callable[[str], str] | None = None) -> None:
        self.latex = latex
        self.symbol_latex = symbol_latex or (lambda name: name)
        self.memo = NodeMemo()
        on_forget(self.memo.clear)

    def show(self, expr: se.Basic) -> str:
        return self.printed(expr)[0]

    def printed(self, expr: se.Basic) -> tuple[str, int]:
        """(text, precedence) of a subexpression, computed once per distinct node."""
        key = node_key(expr)
        known = self.memo.get(key)
        if known is None:
            known = self._print(expr)
            self.memo.remember(expr, key, known)
        return known

    def wrapped(self, expr: se.Basic, at_least: int) -> str:
        return self._bracketed(*self.printed(expr), at_least)

    # -- kinds ------------------------------------------------------------------------------

    def _print(self, expr: se.Basic) -> tuple[str, int]:
        if expr.is_Symbol:
            return self.symbol_latex(str(expr)) if self.latex else str(expr), _ATOM
        if expr.is_Number:
            return self._number(expr)
        if isinstance(expr, se.Add):
            return self._sum(expr), _ADD
        if isinstance(expr, se.Mul) or (isinstance(expr, se.Pow) and _negative_power(expr)):
            return self._product(expr)
        if isinstance(expr, se.Pow):
            return self._power(expr)
        if not expr.args:  # a constant (pi, E): never as its class, Pi(); E as exp(1) reads back
            constant = expr._sympy_()
            if self.latex:
                return sympy.latex(constant), _ATOM
            return ("exp(1)" if constant is sympy.E else str(constant)), _ATOM
        return self._function(expr), _ATOM

    def _number(self, expr: se.Basic) -> tuple[str, int]:
        if not expr.is_Rational:
            return str(expr), _ATOM
        value = rational_of(expr)
        if value.denominator == 1:
            return str(value.numerator), _ATOM if value >= 0 else _ADD
        if self.latex:
            sign = "-" if value < 0 else ""
            return rf"{sign}\frac{{{abs(value.numerator)}}}{{{value.denominator}}}", _MUL
        return f"{value.numerator}/{value.denominator}", _MUL

    def _sum(self, expr: se.Basic) -> str:
        """Positive terms first, then negative ones, each group in the order of its printed
        text. A negative term is printed once, negated (its own printed form is that text
        behind a minus sign, so sorting by either gives one order)."""
        terms: list[tuple[bool, str, str]] = []
        for term in expr.args:
            coefficient, factors = _coefficient(term)
            negative = coefficient < 0
            shown, precedence = (
                self._negated(term, coefficient, factors) if negative else self.printed(term)
            )
            terms.append((negative, shown, self._bracketed(shown, precedence, _ADD + 1)))
        pieces: list[str] = []
        for negative, _, shown in sorted(terms):
            if not pieces:
                pieces.append(f"-{shown}" if negative else shown)
            else:
                pieces.append(f" - {shown}" if negative else f" + {shown}")
        return "".join(pieces)

    def _negated(
        self, term: se.Basic, coefficient: Rational, factors: list[se.Basic]
    ) -> tuple[str, int]:
        """What printing -term gives, without building -term (a new node a sum's every
        negative term would make, each one missed by the memo): a number or a product whose
        rational coefficient changes sign."""
        if not factors:  # a number
            return self.printed(-term)
        if coefficient == -1 and len(factors) == 1:  # -term is the factor itself
            return self.printed(factors[0])
        # not remembered: a sum's terms are made afresh whenever it is read, so a term's node is
        # met once (the sum itself is printed once), and keeping it would only hold it alive
        return self._product_of(-coefficient, factors)

    def _bracketed(self, shown: str, precedence: int, at_least: int) -> str:
        if precedence >= at_least:
            return shown
        return rf"\left({shown}\right)" if self.latex else f"({shown})"

    def _product(self, expr: se.Basic) -> tuple[str, int]:
        return self._product_of(*_coefficient(expr))

    def _product_of(self, coefficient: Rational, factors: list[se.Basic]) -> tuple[str, int]:
        """A product's text from its rational coefficient and its other factors."""
        above_factors: list[tuple[int, str, int]] = []
        below_factors: list[tuple[int, str, int]] = []
        for factor in factors:
            if isinstance(factor, se.Pow) and _negative_power(factor):
                base, exponent = factor.args
                below_factors.append(self._ordered(base ** (-exponent)))
            else:
                above_factors.append(self._ordered(factor))
        above = [
            self._bracketed(shown, p, _MUL)
            for _, shown, p in sorted(above_factors, key=_rank_and_text)
        ]
        tight = _MUL + 1 if self.latex else _POW
        below = [
            self._bracketed(shown, p, tight)
            for _, shown, p in sorted(below_factors, key=_rank_and_text)
        ]
        sign = "-" if coefficient < 0 else ""
        numerator, denominator = abs(coefficient.numerator), coefficient.denominator
        if numerator != 1 or not above:
            above.insert(0, str(numerator))
        if denominator != 1:
            below.insert(0, str(denominator))
        joint = " " if self.latex else "*"
        top = joint.join(above)
        precedence = _MUL if not sign else _ADD
        if not below:
            return f"{sign}{top}", precedence
        bottom = joint.join(below)
        if self.latex:
            return rf"{sign}\frac{{{top}}}{{{bottom}}}", precedence
        if len(below) > 1:
            bottom = f"({bottom})"
        return f"{sign}{top}/{bottom}", precedence

    def _ordered(self, factor: se.Basic) -> tuple[int, str, int]:
        """(rank, text, precedence) of a factor, ordered by its first two: symbols, then powers
        and functions, then sums, each by its printed text."""
        rank = 0 if factor.is_Symbol else 2 if isinstance(factor, se.Add) else 1
        shown, precedence = self.printed(factor)
        return rank, shown, precedence

    def _power(self, expr: se.Basic) -> tuple[str, int]:
        base, exponent = expr.args
        if base == se.E:
            shown = self.show(exponent)
            return (rf"e^{{{shown}}}" if self.latex else f"exp({shown})"), _ATOM
        if exponent == se.Rational(1, 2):
            shown = self.show(base)
            return (rf"\sqrt{{{shown}}}" if self.latex else f"sqrt({shown})"), _ATOM
        if self.latex:
            if isinstance(base, se.Function) and len(base.args) == 1 and base.args[0].is_Symbol:
                name = _FUNCTION_LATEX.get(_function_name(base))
                if name is not None:
                    argument = self.show(base.args[0])
                    return rf"{name}^{{{self.show(exponent)}}}{{{argument}}}", _POW
            return rf"{self.wrapped(base, _ATOM)}^{{{self.show(exponent)}}}", _POW
        return f"{self.wrapped(base, _ATOM)}**{self.wrapped(exponent, _ATOM)}", _POW

    def _function(self, expr: se.Basic) -> str:
        name = _function_name(expr)
        arguments = [self.show(a) for a in expr.args]
        if not self.latex:
            return f"{_FUNCTION_TEXT.get(name, name)}({', '.join(arguments)})"
        if name in ("Abs", "abs"):
            return rf"\left|{arguments[0]}\right|"
        command = _FUNCTION_LATEX.get(name, rf"\operatorname{{{name}}}")
        if len(expr.args) == 1 and (expr.args[0].is_Symbol or expr.args[0].is_Number):
            return rf"{command}{{{arguments[0]}}}"
        return rf"{command}{{\left({', '.join(arguments)} \right)}}"


def _rank_and_text(ordered: tuple[int, str, int]) -> tuple[int, str]:
    return ordered[0], ordered[1]


def _negative_power(expr: se.Basic) -> bool:
    exponent = expr.args[1]
    return bool(exponent.is_Number and exponent < 0)
