"""Expressions and vectors as parseable text (screwsolve's own grammar) and as textbook LaTeX.

Text prints rates as `theta'` and unit vectors by name, so what is printed parses back; LaTeX
dots rates (`\\dot{\\theta}`) and folds function brackets (`\\sin{\\theta}`). Vectors are given as
(coefficient, unit-vector name) terms.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypeAlias

import symengine as se
import sympy
from sympy.printing.conventions import split_super_sub
from sympy.printing.latex import LatexPrinter, translate
from sympy.printing.str import StrPrinter

from screwsolve.symbolic import engine_printing

# A result: a sympy expression, or for a large one the symengine value it was simplified as
# (symengine has no type stubs: to the type checker its values are Any).
Value: TypeAlias = Any
Terms = tuple[tuple[Value, str], ...]


class _TextPrinter(StrPrinter):
    """sympy's str form, which screwsolve's grammar reads back (rates print as q')."""

    def _print_Exp1(self, expr: sympy.Expr) -> str:
        return "exp(1)"

    def _print_ImaginaryUnit(self, expr: sympy.Expr) -> str:
        return "sqrt(-1)"


_TEXT = _TextPrinter({"order": None})


@lru_cache(maxsize=8192)
def text(expr: Value) -> str:
    """A scalar as text in screwsolve's own grammar (a large result may be a symengine value,
    printed straight from its graph)."""
    if isinstance(expr, se.Basic):
        return engine_printing.text(expr)
    return _TEXT.doprint(expr)


def _piece(piece: str) -> str:
    """One part of a name: Greek letters and modifiers as sympy writes them, a word upright."""
    translated = translate(piece)
    if translated == piece and len(piece) > 1 and piece.isalpha():
        return rf"\mathrm{{{piece}}}"
    return translated


@lru_cache(maxsize=1024)
def _symbol_latex(name: str) -> str:
    """sympy's LaTeX of a name, except that a word (car, Bo, the fl of F_fl) is set upright as
    the book sets names, never as a product of italic letters."""
    base, superscripts, subscripts = split_super_sub(name)
    words = [p for p in (base, *superscripts, *subscripts) if _piece(p).startswith(r"\mathrm")]
    if not words:
        return LatexPrinter().doprint(sympy.Symbol(name))
    out = _piece(base)
    if subscripts:
        out += "_{" + " ".join(_piece(p) for p in subscripts) + "}"
    if superscripts:
        out += "^{" + " ".join(_piece(p) for p in superscripts) + "}"
    return out


@lru_cache(maxsize=4096)
def symbol_latex(name: str) -> str:
    """A symbol's LaTeX as sympy sets it, rates dotted (theta' -> \\dot{\\theta})."""
    if name.endswith("''"):
        return rf"\ddot{{{_symbol_latex(name[:-2])}}}"
    if name.endswith("'"):
        return rf"\dot{{{_symbol_latex(name[:-1])}}}"
    return _symbol_latex(name)


@lru_cache(maxsize=8192)
def latex(expr: Value) -> str:
    """A scalar in textbook LaTeX: rates dotted, sin\\theta without brackets."""
    if isinstance(expr, se.Basic):
        return engine_printing.latex(expr, symbol_latex)
    names = {s: symbol_latex(str(s)) for s in expr.free_symbols}
    return sympy.latex(expr, symbol_names=names, fold_func_brackets=True)


def _needs_brackets(coefficient: Value) -> bool:
    return isinstance(coefficient, sympy.Add | se.Add)


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


def unit_symbol(unit: str, unit_latex: dict[str, str]) -> str:
    """A unit vector's LaTeX (\\mathbf{x}_{0}); a renamed one bold under its own name."""
    return unit_latex.get(unit, rf"\mathbf{{{unit}}}")


def vector_latex(terms: Terms, unit_latex: dict[str, str]) -> str:
    """A vector as `\\dot\\theta\\,\\mathbf{z}_0 + ...`; the zero vector as \\mathbf{0}."""
    parts: list[str] = []
    for coefficient, unit in terms:
        symbol = unit_symbol(unit, unit_latex)
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
    """A point, body or frame name inside math mode (a rate q' as a dotted q: the speeds a
    source leaves out are named by their rates)."""
    if name.endswith("'") and name[:-1] and "'" not in name[:-1]:
        return rf"\dot{{{name_latex(name[:-1])}}}"
    if (name.isalnum() and len(name) == 1) or name.isdigit():
        return name
    return _symbol_latex(name)
