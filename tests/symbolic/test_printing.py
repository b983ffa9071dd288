"""Names in LaTeX: the short way taken for a letter and a number sets what sympy sets."""

from __future__ import annotations

import string

import pytest
import sympy
from sympy.printing.latex import LatexPrinter

from screwsolve.symbolic.printing import symbol_latex


@pytest.mark.parametrize("letter", string.ascii_letters)
@pytest.mark.parametrize("number", ["0", "1", "07", "12", "123456"])
def test_a_letter_and_a_number_are_set_as_sympy_sets_them(letter: str, number: str) -> None:
    name = letter + number
    assert symbol_latex(name) == LatexPrinter().doprint(sympy.Symbol(name))
    assert symbol_latex(name + "'") == r"\dot{" + LatexPrinter().doprint(sympy.Symbol(name)) + "}"


@pytest.mark.parametrize(
    ("name", "expected"),
    [("w12", "w_{12}"), ("alpha1", r"\alpha_{1}"), ("car2", r"\mathrm{car}_{2}"), ("x_1", "x_{1}")],
)
def test_names_beside_the_short_way_keep_the_long_one(name: str, expected: str) -> None:
    assert symbol_latex(name) == expected
