"""Screws as `{R ; M}_P` text and as `\\begin{Bmatrix} R \\\\ M \\end{Bmatrix}_P` LaTeX."""

from __future__ import annotations

from screwsolve.solution.result import ScrewValue, VectorValue
from screwsolve.symbolic.printing import name_latex, vector_latex, vector_text


def screw_text(screw: ScrewValue) -> str:
    """{R ; M}_P"""
    return f"{{{vector_text(screw.resultant.terms)} ; {vector_text(screw.moment.terms)}}}_{screw.point}"


def screw_latex(screw: ScrewValue, unit_latex: dict[str, str]) -> str:
    r"""\begin{Bmatrix} R \\ M \end{Bmatrix}_P"""
    return (
        r"\begin{Bmatrix} "
        + vector_latex(screw.resultant.terms, unit_latex)
        + r" \\ "
        + vector_latex(screw.moment.terms, unit_latex)
        + r" \end{Bmatrix}_{"
        + name_latex(screw.point)
        + "}"
    )


def vector_value_text(vector: VectorValue) -> str:
    return vector_text(vector.terms)
