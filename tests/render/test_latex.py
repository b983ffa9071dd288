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


def _weird_document() -> str:
    """The notional couple with LaTeX's special characters in its title and action name."""
    from screwsolve.files.loading import load_problem_text

    text = (PROBLEMS / "notional-couple.yaml").read_text(encoding="utf-8")
    text = text.replace("title: Notional couple", "title: '50% & $x_1$ #1 {a} ~b^c\\ couple")
    text = text.replace("(Section 13.3)", "(Section 13.3)'")
    text = text.replace("name: couple", 'name: "c&u_p%l{e}$"')
    text = text.replace("  couple:", '  "c&u_p%l{e}$":') if "  couple:" in text else text
    return render_solution(solve(load_problem_text(text, "weird.yaml")), standalone=True)


def test_free_text_is_escaped() -> None:
    assert r"50\% \& \$x\_1\$ \#1 \{a\}" in _weird_document()


def test_a_document_with_escaped_free_text_compiles(tmp_path, pdflatex: str) -> None:
    import subprocess

    (tmp_path / "w.tex").write_text(_weird_document(), encoding="utf-8")
    done = subprocess.run(
        [pdflatex, "-interaction=nonstopmode", "-halt-on-error", "w.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-1500:]


def test_shared_subexpressions_come_first_in_the_document_and_in_math() -> None:
    from screwsolve.render.latex import render_math
    from screwsolve.symbolic.printing import name_latex

    from ..chains import two_axis_chain_yaml

    solution = solve(two_axis_chain_yaml(4))
    document = render_solution(solution)
    assert document.index("Shared subexpressions") < document.index("Kinematic screws")
    math = render_math(solution)
    assert math.index(name_latex(solution.shared[0][0])) < math.index(r"\mathcal{V}")
