"""Linear algebra on symbolic matrices at a generic point: ranks, independent columns and the
zero test of a pivot are decided numerically, at random points with 30 significant digits
(never by simplifying, and never by sympy's structural zero test, which takes
sin(a)**2 + cos(a)**2 - 1 for nonzero); linear equations are solved by LU decomposition with
pivots so tested, never by `solve`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import sympy

from screwsolve.symbolic.equivalence import sample

ZERO = 1e-18  # below this, a value of 30 significant digits is a cancellation to zero
PIVOT_POINTS = 3


def numerically_zero(expr: sympy.Expr) -> bool:
    """True when expr vanishes at every one of a few random admissible points, or cannot be
    evaluated at any (an undefined pivot is no pivot); a number is evaluated to 30 digits."""
    if expr == 0:
        return True
    if expr.is_number:
        try:
            return abs(complex(expr.evalf(30))) < ZERO
        except (TypeError, ValueError):
            return True
    values = sample([expr], PIVOT_POINTS)
    return all(abs(v[0]) < ZERO for v in values)


def derivatives_by(expr: sympy.Expr, variables: Sequence[sympy.Symbol]) -> list[sympy.Expr]:
    """[d expr/d v for v in variables], each term of the sum differentiated only by the
    variables it holds: a constraint of 240 rates is 240 derivatives of its terms, not 240
    derivatives of the whole sum (57 600 terms' worth)."""
    index = {v: i for i, v in enumerate(variables)}
    parts: list[list[sympy.Expr]] = [[] for _ in variables]
    for term in sympy.Add.make_args(expr):
        for variable in term.free_symbols & index.keys():
            parts[index[variable]].append(term.diff(variable))
    return [sympy.Add(*part) for part in parts]


NUMERIC_ZERO = 1e-9  # of a row's largest entry (values evaluated at 30 digits first)


def numeric_rank(rows: Sequence[Sequence[complex]]) -> int:
    """The rank of a matrix of numbers, by elimination with a relative zero test."""
    work = [list(row) for row in rows]
    rank = 0
    columns = len(work[0]) if work else 0
    for column in range(columns):
        pivot = max(range(rank, len(work)), key=lambda r: abs(work[r][column]), default=None)
        if pivot is None:
            break
        scale = max((abs(x) for row in work for x in row), default=0.0) or 1.0
        if abs(work[pivot][column]) < NUMERIC_ZERO * scale:
            continue
        work[rank], work[pivot] = work[pivot], work[rank]
        for r in range(rank + 1, len(work)):
            factor = work[r][column] / work[rank][column]
            work[r] = [a - factor * b for a, b in zip(work[r], work[rank], strict=True)]
        rank += 1
    return rank


def invert(square: Sequence[Sequence[complex]]) -> list[list[complex]] | None:
    """The inverse of a square matrix of numbers (Gauss-Jordan), or None when singular."""
    n = len(square)
    work = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(square)]
    scale = max((abs(x) for row in square for x in row), default=0.0) or 1.0
    for column in range(n):
        pivot = max(range(column, n), key=lambda r: abs(work[r][column]))
        if abs(work[pivot][column]) < NUMERIC_ZERO * scale:
            return None
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        work[column] = [x / lead for x in work[column]]
        for r in range(n):
            if r != column and work[r][column]:
                factor = work[r][column]
                work[r] = [a - factor * b for a, b in zip(work[r], work[column], strict=True)]
    return [row[n:] for row in work]


def probe_rank(matrix: sympy.Matrix) -> int:
    """Rank at a generic point: arbitrary values for every symbol (at two such points, the
    larger rank), entries evaluated to 30 digits and tested by `numerically_zero`."""
    atoms = sorted(matrix.free_symbols, key=str)
    best = 0
    for shift in range(2):
        values = {
            a: sympy.Float((3 + 2 * i + shift) / (7 + i + shift), 30) for i, a in enumerate(atoms)
        }
        numeric = matrix.xreplace(values).evalf(30)
        if numeric.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
            continue
        best = max(best, int(numeric.rank(iszerofunc=numerically_zero)))
    return best


def independent(matrix: sympy.Matrix, indices: Iterable[int], *, columns: bool) -> list[int]:
    """Greedily, in the order given, the columns (or rows) that raise the rank at a generic
    point."""
    chosen: list[int] = []
    rank = 0
    for index in indices:
        trial = [*chosen, index]
        part = matrix[:, trial] if columns else matrix[trial, :]
        new_rank = probe_rank(part)
        if new_rank > rank:
            chosen.append(index)
            rank = new_rank
        if rank == min(matrix.shape):
            break
    return chosen


def solve_square(matrix: sympy.Matrix, rhs: sympy.Matrix) -> sympy.Matrix | None:
    """The solution of a square system that is regular at a generic point; None when an entry
    of the solution is undefined (zoo, nan). Fraction-free over polynomials when the entries are
    polynomials (in symbols and in functions such as sin q taken as further unknowns), otherwise
    by LU with every pivot tested numerically."""
    solution = _solve_polynomial(matrix, rhs)
    if solution is None:
        solution = matrix.LUsolve(rhs, iszerofunc=numerically_zero)
    if solution.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        return None
    return solution


def _solve_polynomial(matrix: sympy.Matrix, rhs: sympy.Matrix) -> sympy.Matrix | None:
    """x = num / den by fraction-free elimination over a polynomial ring, each entry cancelled
    there; None when the entries are not polynomials or the common denominator vanishes at a
    generic point (sin q**2 + cos q**2 - 1 is a nonzero polynomial in sin q and cos q). LU on
    symbolic entries nests fractions that cost minutes to cancel: four constraints whose
    coefficients are products of parameters took more than 100 s, this 0.4 s."""
    from sympy.polys.matrices import DomainMatrix

    augmented = DomainMatrix.from_Matrix(matrix.row_join(rhs))
    domain = augmented.domain
    if not (domain.is_PolynomialRing or domain.is_ZZ or domain.is_QQ):
        return None
    size = matrix.shape[1]
    numerators, denominator = augmented[:, :size].solve_den(augmented[:, size:])
    if numerically_zero(domain.to_sympy(denominator)):
        return None
    entries = []
    for (numerator,) in numerators.to_list():
        if domain.is_PolynomialRing:
            numerator, bottom = numerator.cancel(denominator)
        else:
            bottom = denominator
        entries.append(domain.to_sympy(numerator) / domain.to_sympy(bottom))
    return sympy.Matrix(entries)
