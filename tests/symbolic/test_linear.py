"""Linear algebra at a generic point: solve_square's two routes (fraction-free over
polynomials, LU otherwise) give the solution, checked by substituting it back."""

from __future__ import annotations

import sympy

from screwsolve.symbolic.linear import numerically_zero, solve_square

a, b, c, d, theta = sympy.symbols("a b c d theta")


def _solves(matrix: sympy.Matrix, rhs: sympy.Matrix, solution: sympy.Matrix) -> bool:
    residual = matrix * solution - rhs
    return all(numerically_zero(sympy.together(entry)) for entry in residual)


def test_a_two_by_two_of_symbols_is_cramers_rule() -> None:
    matrix = sympy.Matrix([[a, b], [c, d]])
    rhs = sympy.Matrix([1, 0])
    solution = solve_square(matrix, rhs)
    assert solution is not None
    # Cramer: x = d / (ad - bc), y = -c / (ad - bc)
    assert sympy.simplify(solution[0] - d / (a * d - b * c)) == 0
    assert sympy.simplify(solution[1] + c / (a * d - b * c)) == 0


def test_each_entry_comes_out_as_one_cancelled_fraction() -> None:
    # (a + b) x = a**2 - b**2: x = a - b once the common factor is cancelled
    solution = solve_square(sympy.Matrix([[a + b]]), sympy.Matrix([a**2 - b**2]))
    assert solution is not None
    assert sympy.expand(solution[0] - (a - b)) == 0
    assert sympy.denom(solution[0]) == 1


def test_a_dense_system_of_products_of_parameters() -> None:
    p = sympy.symbols("p0:16")
    matrix = sympy.Matrix(4, 4, lambda i, j: p[(3 * i + 5 * j) % 16] * p[(i + j) % 16])
    rhs = sympy.Matrix([p[1], 0, p[2], 1])
    solution = solve_square(matrix, rhs)
    assert solution is not None and _solves(matrix, rhs, solution)


def test_trigonometric_entries_are_unknowns_of_the_polynomials() -> None:
    matrix = sympy.Matrix([[sympy.cos(theta), -sympy.sin(theta)], [sympy.sin(theta), a]])
    rhs = sympy.Matrix([a, sympy.cos(theta)])
    solution = solve_square(matrix, rhs)
    assert solution is not None and _solves(matrix, rhs, solution)


def test_a_pivot_that_vanishes_only_by_an_identity_falls_back_to_lu() -> None:
    # sin**2 + cos**2 - 1 is a nonzero polynomial in sin and cos, zero as a function: the
    # system is [[0, 1], [1, 1]] x = [1, 2], whose solution is x = (1, 1)
    zero = sympy.sin(theta) ** 2 + sympy.cos(theta) ** 2 - 1
    matrix = sympy.Matrix([[zero, 1], [1, 1]])
    solution = solve_square(matrix, sympy.Matrix([1, 2]))
    assert solution is not None
    assert all(numerically_zero(sympy.together(entry - 1)) for entry in solution)


def test_a_rotation_matrix_is_inverted() -> None:
    matrix = sympy.Matrix(
        [[sympy.sin(theta), sympy.cos(theta)], [-sympy.cos(theta), sympy.sin(theta)]]
    )
    solution = solve_square(matrix, sympy.Matrix([1, 0]))
    assert solution is not None and _solves(matrix, sympy.Matrix([1, 0]), solution)


def test_numbers_alone() -> None:
    solution = solve_square(sympy.Matrix([[2, 1], [1, 1]]), sympy.Matrix([1, 2]))
    assert solution == sympy.Matrix([-1, 3])


def test_derivatives_by_each_variable_are_those_of_the_whole_sum() -> None:
    from screwsolve.symbolic.linear import derivatives_by

    x, y, z = sympy.symbols("x y z")
    expr = a * x + b * x * y + sympy.sin(c) * z + c * (x + y) + d
    expected = [a + b * y + c, b * x + c, sympy.sin(c)]  # by hand, term by term
    got = derivatives_by(expr, [x, y, z])
    assert [sympy.expand(g - w) for g, w in zip(got, expected, strict=True)] == [0, 0, 0]
    assert derivatives_by(d, [x]) == [0]
