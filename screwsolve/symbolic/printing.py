"""Expressions and vectors as parseable text (screwsolve's own grammar) and as textbook LaTeX.

Text prints rates as `theta'` and unit vectors by name, so what is printed parses back; LaTeX
dots rates (`\\dot{\\theta}`) and folds function brackets (`\\sin{\\theta}`). Vectors are given as
(coefficient, unit-vector name) terms.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from types import MappingProxyType
from typing import Any, TypeAlias

import symengine as se
import sympy
from sympy.printing.conventions import split_super_sub
from sympy.printing.latex import LatexPrinter, translate
from sympy.printing.precedence import precedence
from sympy.printing.str import StrPrinter

from screwsolve.symbolic import engine_printing

# A result: a sympy expression, or for a large one the symengine value it was simplified as
# (symengine has no type stubs: to the type checker its values are Any).
Value: TypeAlias = Any
Terms = tuple[tuple[Value, str], ...]


# The order a product's factors are read in, as the book writes them (m g l cos(theta), not
# g l m cos(theta)): numbers, then the problem's symbols by rank (masses, g, the other
# parameters as declared, coordinates, rates), then the rest in sympy's order. It belongs to a
# problem (a Solution's notation) and holds only inside `reading_order(...)`: outside, and in
# any other thread or task, sympy's own order. The printers' memos are keyed by it too, so
# what one problem printed never changes what another prints.
_RANK: ContextVar[Mapping[str, int]] = ContextVar(
    "screwsolve_reading_order", default=MappingProxyType({})
)
# the same order as the memos' key, made once per block (not at each of a large problem's
# 56 000 values printed: a tuple of its 200 names each time)
_ORDER_KEY: ContextVar[tuple[str, ...]] = ContextVar("screwsolve_reading_order_key", default=())


@contextmanager
def reading_order(names: Sequence[str]) -> Iterator[None]:
    """Inside the block, print products with these symbols first, in this order, and sums
    with their positive terms first (k*(x - L0), not -k*(-L0 + x))."""
    rank = {name: index for index, name in enumerate(dict.fromkeys(names))}
    token, key_token = _RANK.set(rank), _ORDER_KEY.set(tuple(rank))
    try:
        yield
    finally:
        _ORDER_KEY.reset(key_token)
        _RANK.reset(token)


def _order_key() -> tuple[str, ...]:
    return _ORDER_KEY.get()


def _factor_key(factor: sympy.Expr) -> tuple[int, int]:
    if factor.is_Number:
        return (0, 0)
    base = factor.base if factor.is_Pow else factor
    if base.is_Symbol:
        name, rank = str(base), _RANK.get()
        return (1, rank[name]) if name in rank else (2, 0)
    return (3, 0)


def _reading_order(expr: sympy.Mul) -> list[sympy.Expr] | None:
    """A product's factors in reading order; None (sympy's own printing) when it has a
    denominator, or is already in that order."""
    factors = list(expr.args)
    if not _RANK.get() or any(f.is_Pow and f.exp.is_negative for f in factors):
        return None
    if factors[0].is_Rational and not factors[0].is_Integer:
        return None
    ordered = sorted(factors, key=_factor_key)
    return None if ordered == factors else ordered


def _signed(factors: list[sympy.Expr]) -> tuple[bool, list[sympy.Expr]]:
    """(negative?, the factors without the minus sign of a leading number)."""
    lead = factors[0]
    if not (lead.is_Number and lead.is_negative):
        return False, factors
    return True, ([-lead] if lead != -1 else []) + factors[1:]


def _positive_first(expr: sympy.Add, terms: list[sympy.Expr]) -> sympy.Expr:
    """The sum as an unevaluated Add, its terms as given but those with a plus sign first."""
    if not _RANK.get():
        return expr
    ordered = sorted(terms, key=lambda term: bool(term.could_extract_minus_sign()))
    return sympy.Add(*ordered, evaluate=False)


def _add_in_reading_order(print_add: Any, expr: sympy.Expr, order: str | None) -> str:
    """A printer's sum, positive terms first when a reading order is set."""
    if not _RANK.get():
        return str(print_add(expr, order))
    return str(print_add(_positive_first(expr, list(expr.as_ordered_terms())), order="none"))


class _TextPrinter(StrPrinter):
    """sympy's str form, which screwsolve's grammar reads back (rates print as q'), with
    products and sums in reading order."""

    def _print_Exp1(self, expr: sympy.Expr) -> str:
        return "exp(1)"

    def _print_ImaginaryUnit(self, expr: sympy.Expr) -> str:
        return "sqrt(-1)"

    def _print_Mul(self, expr: sympy.Expr) -> str:
        ordered = _reading_order(expr)
        if ordered is None:
            return str(super()._print_Mul(expr))
        negative, ordered = _signed(ordered)
        level = precedence(expr)
        product = "*".join(self.parenthesize(f, level, strict=False) for f in ordered)
        return ("-" if negative else "") + product

    def _print_Add(self, expr: sympy.Expr, order: str | None = None) -> str:
        return _add_in_reading_order(super()._print_Add, expr, order)


_TEXT = _TextPrinter({"order": None})


def text(expr: Value) -> str:
    """A scalar as text in screwsolve's own grammar (a large result may be a symengine value,
    printed straight from its graph), in the reading order in force."""
    return _text(expr, _order_key())


@lru_cache(maxsize=8192)
def _text(expr: Value, order: tuple[str, ...]) -> str:
    if isinstance(expr, se.Basic):
        return engine_printing.text(expr)
    return _TEXT.doprint(expr)


_LETTER_AND_NUMBER = re.compile(r"[A-Za-z][0-9]+")


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
    if _LETTER_AND_NUMBER.fullmatch(name):  # w12, a3: what sympy sets them as, 0.1 ms sooner
        return f"{name[0]}_{{{name[1:]}}}"  # (a 30-link chain prints 12 000 shared names)
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


class _BookLatexPrinter(LatexPrinter):
    """sympy's LaTeX with products and sums in reading order (see use_reading_order), factors
    apart by a thin space (T\\,r, never the one name Tr)."""

    def _print_Mul(self, expr: sympy.Expr) -> str:
        ordered = _reading_order(expr)
        if ordered is None:
            return str(super()._print_Mul(expr))
        negative, ordered = _signed(ordered)
        pieces = []
        for index, factor in enumerate(ordered):
            piece = self._print(factor)
            if self._needs_mul_brackets(factor, first=index == 0, last=index == len(ordered) - 1):
                piece = rf"\left({piece}\right)"
            pieces.append(piece)
        return ("- " if negative else "") + self._settings["mul_symbol_latex"].join(pieces)

    def _print_Add(self, expr: sympy.Expr, order: str | None = None) -> str:
        return _add_in_reading_order(super()._print_Add, expr, order)


def latex(expr: Value) -> str:
    """A scalar in textbook LaTeX: rates dotted, sin\\theta without brackets; in the reading
    order in force."""
    return _latex(expr, _order_key())


@lru_cache(maxsize=8192)
def _latex(expr: Value, order: tuple[str, ...]) -> str:
    if isinstance(expr, se.Basic):
        return engine_printing.latex(expr, symbol_latex)
    names = {s: symbol_latex(str(s)) for s in expr.free_symbols}
    # factors apart by a thin space whatever the order (T\,r: in math mode "T r" reads Tr)
    settings = {"symbol_names": names, "fold_func_brackets": True, "mul_symbol": r"\,"}
    return str(_BookLatexPrinter(settings).doprint(expr))


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
