"""LaTeX reads like the book: Bmatrix screws about a point, dotted rates, bold unit vectors."""

from __future__ import annotations

from screwsolve.api import solve
from screwsolve.render.latex import render_solution

from ..conftest import PROBLEMS


def test_plate_latex_has_textbook_notation() -> None:
    text = render_solution(solve(PROBLEMS / "plate-on-a-step.yaml"))
    assert (
        r"\begin{Bmatrix} \dot{\theta}\,\mathbf{z}_{0} \\ \dot{x}\,\mathbf{x}_{0} "
        r"\end{Bmatrix}_{A}"
    ) in text
    assert r"\mathcal{Q}^{\theta}_{\bar{1}\to 1/0} &= \frac{N_{Q} h}{\sin {\theta}}" in text
    assert text.count(r"\begin{align*}") == text.count(r"\end{align*}")


def test_standalone_is_a_whole_document_and_titles_are_escaped() -> None:
    solution = solve(PROBLEMS / "rolling-sphere.yaml", at="I")
    text = render_solution(solution, standalone=True)
    assert text.startswith(r"\documentclass{article}")
    assert text.rstrip().endswith(r"\end{document}")
    assert r"\mathbf{u}" in text
    assert r"\end{Bmatrix}_{I}" in text
