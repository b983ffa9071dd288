"""LaTeX reads like the book: Bmatrix screws about a point, dotted rates, bold unit vectors."""

from __future__ import annotations

import sympy

from screwsolve.api import solution_to_print as solve  # what run prints
from screwsolve.render.latex import render_solution

from ..conftest import PROBLEMS, same


def test_plate_latex_has_textbook_notation() -> None:
    text = render_solution(solve(PROBLEMS / "plate-on-a-step.yaml"))
    assert (
        r"\begin{Bmatrix} \dot{\theta}\,\mathbf{z}_{0} \\ \dot{x}\,\mathbf{x}_{0} "
        r"\end{Bmatrix}_{A}"
    ) in text
    step = next(line for line in text.splitlines() if line.startswith("step &"))
    assert r"$\displaystyle \frac{N_{Q}\,h}{\sin {\theta}}$" in step  # Q^theta of the step
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
    from .compiled import compile_latex

    (tmp_path / "w.tex").write_text(_weird_document(), encoding="utf-8")
    compile_latex(tmp_path / "w.tex", pdflatex)


def test_shared_subexpressions_come_first_in_the_document_and_in_math() -> None:
    from screwsolve.render.latex import render_math
    from screwsolve.symbolic.printing import name_latex

    from ..two_axis_chain import two_axis_chain_yaml

    solution = solve(two_axis_chain_yaml(4))
    document = render_solution(solution)
    assert document.index("Shared subexpressions") < document.index("Kinematic screws")
    math = render_math(solution)
    assert math.index(name_latex(solution.shared[0][0])) < math.index(r"\mathcal{V}")


def test_names_are_upright_words_and_sources_are_the_books() -> None:
    """A body called car and the subscript fl of F_fl are words, set upright; the source of an
    action is what exerts it (the Earth), or the bar of the body it acts on."""
    car = render_solution(solve(PROBLEMS / "car-tyre-forces.yaml"))
    assert r"\overline{\mathrm{car}}\to \mathrm{car}/0" in car
    assert r"F_{\mathrm{fl}}" in car and "F_{fl}" not in car
    assert r"\mathbf{x}_{\mathrm{FL}}" in car
    sphere = render_solution(solve(PROBLEMS / "rolling-sphere.yaml"))
    assert r"\mathcal{P}_{\mathrm{Earth}\to 1/0}" in sphere


def test_power_coefficients_are_a_table_when_it_fits_the_page() -> None:
    """The sphere's six columns fit (actions as rows, coordinates and t as columns, totals
    last); the car's long coefficients do not, and are listed with the action's name."""
    sphere = render_solution(solve(PROBLEMS / "rolling-sphere.yaml"))
    table = sphere[sphere.index(r"\subsection*{Power coefficients}") :]
    header = table.splitlines()[5]
    assert header.startswith("action & $\\mathcal{Q}^{x}$ & $\\mathcal{Q}^{y}$")
    assert r"\textbf{total}" in table.split(r"\end{tabular}")[0]
    car = render_solution(solve(PROBLEMS / "car-tyre-forces.yaml"))
    coefficients = car[car.index(r"\subsection*{Power coefficients}") :]
    assert r"\begin{tabular}" not in coefficients.split(r"\subsection*", 2)[1]
    assert r"\tag*{\textit{front left}}" in coefficients


def test_the_worked_solution_writes_each_comoment_term_by_term() -> None:
    """Example 13.3.7: the weight -m g y0 at G meets V_G = {theta' z0 ; x' x0 + l theta' y1}:
    R . v_G + M_G . omega = (-m g y0) . (x' x0 + l theta' y1) + (0) . (theta' z0)
    = -m g l theta' cos(theta)."""
    text = render_solution(solve(PROBLEMS / "plate-on-a-step.yaml", steps=True))
    weight = text[text.index(r"\paragraph{weight}") :].split(r"\paragraph", 2)[1]
    assert (
        r"&= \left(- m\,g\,\mathbf{y}_{0}\right)\cdot\left(\dot{x}\,\mathbf{x}_{0} + "
        r"l\,\dot{\theta}\,\mathbf{y}_{1}\right) + \left(\mathbf{0}\right)\cdot"
        r"\left(\dot{\theta}\,\mathbf{z}_{0}\right)"
    ) in weight
    assert r"&= - m\,g\,l\,\dot{\theta}\,\cos {\theta}" in weight  # the book's -m g l theta' cos
    for line in text.splitlines():  # no blank rows
        assert line.strip() not in (r"\\", r"\\\\"), line


def test_remark_13_3_5_is_typeset_as_mathematics() -> None:
    """The plate: d(P under constraints)/d(theta') = F_A h/sin^2 + F_Q h cos/sin^2 - m g l cos
    (book, Example 13.3.7 b), which is not Q^theta."""
    solution = solve(PROBLEMS / "plate-on-a-step.yaml")
    theta, h, l, m, g = (sympy.Symbol(n, real=True) for n in ("theta", "h", "l", "m", "g"))
    f_a, f_q = sympy.Symbol("F_A", real=True), sympy.Symbol("F_Q", real=True)
    by_hand = (f_a * h + f_q * h * sympy.cos(theta)) / sympy.sin(theta) ** 2
    assert same(solution.constraints.mismatches["theta"], by_hand - m * g * l * sympy.cos(theta))
    text = render_solution(solution)
    remark = text[text.index("Remark 13.3.5") :]
    assert r"\frac{\partial \mathcal{P}_c}{\partial \dot{\theta}} &= " in remark
    assert r"\neq \mathcal{Q}^{\theta}" in remark
    assert "d(P under constraints)" not in text and "Q^theta" not in text


def test_a_value_beside_a_short_left_side_leaves_room_for_the_widest() -> None:
    r"""align puts every right side after its widest left side: the total power, beside
    \mathcal{P} alone, is broken to fit beside \mathcal{P}_{\overline{\mathrm{flywheel}}\to ...}."""
    from screwsolve.render.latex import _column, _equation
    from screwsolve.render.latex_lines import WIDTH, visible
    from screwsolve.symbolic.printing import latex

    k = sympy.symbols("k1:9", real=True)
    value = sympy.Add(*(ki * sympy.cos(ki) for ki in k))
    wide = r"\mathcal{P}_{\overline{\mathrm{flywheel}}\to \mathrm{flywheel}/0}"
    assert visible(r"\mathcal{P}") + visible(latex(value)) + 4 <= WIDTH  # fits beside P alone
    row = _equation(r"\mathcal{P}", value, "total", _column([wide, r"\mathcal{P}"]))
    column = visible(wide)
    assert r"\\" in row
    for line in row.split(r"\\"):
        right = line.split("&", 1)[1].removeprefix("= ").removeprefix(r"\quad ")
        assert column + visible(right.split(r" \tag*")[0]) + 4 <= WIDTH + 2


def test_the_three_link_chain_fits_the_page(tmp_path, pdflatex: str) -> None:
    """A long result (shared names, products of two sums, comoments of vectors wider than the
    page) compiles with no overfull box, with and without its worked solution."""
    from ..two_axis_chain import two_axis_chain_yaml
    from .compiled import compile_latex

    problem = two_axis_chain_yaml(3)
    for name, steps in (("chain", False), ("chain-steps", True)):
        source = tmp_path / f"{name}.tex"
        document = render_solution(solve(problem, steps=steps), standalone=True)
        source.write_text(document, encoding="utf-8")
        assert compile_latex(source, pdflatex) == [], name
