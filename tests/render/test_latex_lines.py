"""Long LaTeX broken into lines that fit: widths estimated, sums cut after whole terms."""

from __future__ import annotations

import sympy

from screwsolve.render.latex_lines import lines, visible
from screwsolve.symbolic.printing import latex

a, b, c = sympy.symbols("a b c", real=True)


def test_widths_follow_what_is_printed() -> None:
    assert visible("a + b") == 4.0  # two letters and a binary operator
    assert visible(r"\frac{a + b}{2}") == visible("a + b")  # the wider of the two levels
    assert visible(r"\sin{\left(a \right)}") < visible(r"\sin{\left(a + b \right)}")
    assert visible(r"x_{12}") < visible("x12")


def test_a_long_sum_is_cut_after_whole_terms_and_every_line_fits() -> None:
    terms = [sympy.Symbol(f"k{i}", real=True) * sympy.cos(a + i) for i in range(1, 16)]
    expr = sympy.Add(*terms)
    broken = lines(expr, 40)
    assert len(broken) > 2
    assert all(visible(line) <= 40 for line in broken)
    assert all(line.startswith(("+", "-")) for line in broken[1:])
    assert sum(line.count(r"\cos") for line in broken) == 15


def test_a_product_is_broken_inside_its_brackets() -> None:
    inner = sympy.Add(*(sympy.Symbol(f"F{i}", real=True) * sympy.sin(b + i) for i in range(12)))
    expr = c * inner / 2
    broken = lines(expr, 40)
    assert len(broken) > 1
    assert r"\left(" in broken[0] and broken[0].endswith(r"\right.")
    assert broken[-1].startswith(r"\left.") and broken[-1].endswith(r"\right)")
    assert sum(line.count(r"\left") for line in broken) == sum(
        line.count(r"\right") for line in broken
    )


def test_what_fits_is_left_whole() -> None:
    assert lines(a + b) == [latex(a + b)]
