"""Expressions and vectors as parseable text (screwsolve's own grammar) and as textbook LaTeX.

Text prints rates as `theta'` and unit vectors by name, so what is printed parses back; LaTeX
dots rates (`\\dot{\\theta}`) and folds function brackets (`\\sin{\\theta}`). Vectors are given as
(coefficient, unit-vector name) terms.
"""

from __future__ import annotations

from functools import lru_cache

import sympy
from sympy.printing.latex import LatexPrinter
from sympy.printing.str import StrPrinter

Terms = tuple[tuple[sympy.Expr, str], ...]


class _TextPrinter(StrPrinter):
    """sympy's str form, which screwsolve's grammar reads back (rates print as q')."""

    def _print_Exp1(self, expr: sympy.Expr) -> str:
        return "exp(1)"

    def _print_ImaginaryUnit(self, expr: sympy.Expr) -> str:
        return "sqrt(-1)"


_TEXT = _TextPrinter({"order": None})


def text(expr: sympy.Expr) -> str:
    """A scalar as text in screwsolve's own grammar."""
    return _TEXT.doprint(expr)


def _symbol_latex(name: str) -> str:
    return LatexPrinter().doprint(sympy.Symbol(name))


@lru_cache(maxsize=1024)
def latex(expr: sympy.Expr) -> str:
    """A scalar in textbook LaTeX: rates dotted, sin\\theta without brackets."""
    names = {}
    for symbol in expr.free_symbols:
        name = str(symbol)
        if name.endswith("''"):
            names[symbol] = rf"\ddot{{{_symbol_latex(name[:-2])}}}"
        elif name.endswith("'"):
            names[symbol] = rf"\dot{{{_symbol_latex(name[:-1])}}}"
    return sympy.latex(expr, symbol_names=names, fold_func_brackets=True)


def _needs_brackets(coefficient: sympy.Expr) -> bool:
    return isinstance(coefficient, sympy.Add)


def vector_text(terms: Terms) -> str:
    """A vector as `a*x0 + (b + c)*y1`; the zero vector as 0."""
    parts: list[str] = []
    for coefficient, unit in terms:
        if coefficient == 1:
            piece = unit
        elif coefficient == -1:
            piece = f"-{unit}"
        elif _needs_brackets(coefficient):
            piece = f"({text(coefficient)})*{unit}"
        else:
            piece = f"{text(coefficient)}*{unit}"
        parts.append(piece)
    return _join(parts) or "0"


def vector_latex(terms: Terms, unit_latex: dict[str, str]) -> str:
    """A vector as `\\dot\\theta\\,\\mathbf{z}_0 + ...`; the zero vector as \\mathbf{0}."""
    parts: list[str] = []
    for coefficient, unit in terms:
        symbol = unit_latex.get(unit, rf"\mathbf{{{unit}}}")
        if coefficient == 1:
            piece = symbol
        elif coefficient == -1:
            piece = f"-{symbol}"
        elif _needs_brackets(coefficient):
            piece = rf"\left({latex(coefficient)}\right)\,{symbol}"
        else:
            piece = rf"{latex(coefficient)}\,{symbol}"
        parts.append(piece)
    return _join(parts) or r"\mathbf{0}"


def _join(parts: list[str]) -> str:
    out = ""
    for piece in parts:
        if not out:
            out = piece
        elif piece.startswith("-"):
            out += f" - {piece[1:]}"
        else:
            out += f" + {piece}"
    return out


def name_latex(name: str) -> str:
    """A point, body or frame name inside math mode."""
    if (name.isalnum() and len(name) == 1) or name.isdigit():
        return name
    return LatexPrinter().doprint(sympy.Symbol(name))
