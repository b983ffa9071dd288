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


def test_wide_letters_count_wider() -> None:
    """m is 8.8 pt and w 7.2 pt in math italic, against 5.95 pt per character of the page."""
    assert visible("m") > visible("w") > visible("a") == 1.0
    assert visible("m_{1} w_{12}") > visible("a_{1} b_{12}")


def test_a_product_of_two_long_sums_is_written_as_one_times_the_other() -> None:
    """(a + b + ...)(c + d + ...), too wide for one line: the first sum on its own lines, in
    its brackets (a sum multiplied without them would read as its last term multiplied), then
    × and the second sum."""
    first = sympy.Add(*(sympy.Symbol(f"X{i}", real=True) * sympy.cos(a + i) for i in range(5)))
    second = sympy.Add(*(sympy.Symbol(f"L{i}", real=True) * sympy.sin(b + i) for i in range(9)))
    broken = lines(first * second, 50)
    assert all(visible(line) <= 50 for line in broken)
    assert broken[0].startswith(r"\left(")
    times = next(i for i, line in enumerate(broken) if line.startswith(r"{}\times \left("))
    assert broken[times - 1].endswith(r"\right)")  # the first sum closed before the ×
    assert sum(line.count(r"\cos") for line in broken[:times]) == 5
    assert sum(line.count(r"\sin") for line in broken[times:]) == 9
    for line in broken:
        assert line.count(r"\left") == line.count(r"\right")


def test_a_long_denominator_is_broken_as_a_bracket_to_the_power_minus_one() -> None:
    """A fraction's denominator never breaks inside \\frac: 1/(a + b + ...) and k/(a + b + ...)
    too wide for a line are written (a + b + ...)^{-1}, the sum broken in its brackets (a
    shared subexpression of a published arm ran 10 866 pt off the page as \\frac{1}{...})."""
    inner = sympy.Add(*(sympy.Symbol(f"F{i}", real=True) * sympy.sin(b + i) for i in range(12)))
    for expr in (1 / inner, c / inner, -(c**2) / inner**2):
        broken = lines(expr, 40)
        assert len(broken) > 1
        assert all(visible(line) <= 40 for line in broken)
        assert not any(r"\frac" in line for line in broken)
        assert broken[-1].endswith((r"\right)^{-1}", r"\right)^{-2}"))
        assert sum(line.count(r"\left") for line in broken) == sum(
            line.count(r"\right") for line in broken
        )
