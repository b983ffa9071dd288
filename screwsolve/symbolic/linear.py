"""Linear algebra on symbolic matrices at a generic point: ranks and independent columns are
found by substituting arbitrary rationals for every symbol (never by simplifying), and linear
equations are solved by LU decomposition, never by `solve`."""

from __future__ import annotations

from collections.abc import Iterable

import sympy


def probe_rank(matrix: sympy.Matrix) -> int:
    """Rank at a generic point: arbitrary values for every symbol."""
    atoms = sorted(matrix.free_symbols, key=str)
    values = {a: sympy.Rational(3 + 2 * i, 7 + i) for i, a in enumerate(atoms)}
    return int(matrix.xreplace(values).rank())


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
