r"""A Solution as LaTeX in textbook notation: \begin{Bmatrix}...\end{Bmatrix}_A, \mathcal{Q}^{x}."""

from __future__ import annotations

from ..result import ActionValue, Solution
from .notation import latex, name_latex, screw_latex

PREAMBLE = r"""\documentclass{article}
\usepackage[margin=2cm]{geometry}
\usepackage{amsmath}
\begin{document}
"""


def _escape_text(value: str) -> str:
    table = {
        "\\": r"\textbackslash{}",
        "{": r"\{",
        "}": r"\}",
        "$": r"\$",
        "&": r"\&",
        "#": r"\#",
        "^": r"\^{}",
        "_": r"\_",
        "%": r"\%",
        "~": r"\~{}",
    }
    return "".join(table.get(ch, ch) for ch in value)


def _source(action: ActionValue, ref: str) -> str:
    if action.on is None:
        return rf"\bar{{\Sigma}}\to \Sigma/{name_latex(ref)}"
    body = name_latex(action.on)
    if action.interaction and action.by is not None:
        return rf"{name_latex(action.by)}\leftrightarrow {body}"
    return rf"\bar{{{body}}}\to {body}/{name_latex(ref)}"


def render_solution(solution: Solution, *, standalone: bool = False) -> str:
    """A LaTeX fragment (or a whole document) with every result of the Solution."""
    units = solution.notation.unit_latex
    ref = name_latex(solution.notation.referential)
    lines: list[str] = []
    if standalone:
        lines.append(PREAMBLE)
    lines.append(rf"\section*{{{_escape_text(solution.title)}}}")
    lines.append(r"\subsection*{Kinematic screws}")
    lines.append(r"\begin{align*}")
    rows = [
        rf"\{{\mathcal{{V}}_{{{name_latex(b)}/{ref}}}\}} &= {screw_latex(s, units)}"
        for b, s in solution.kinematic_screws.items()
    ]
    lines.append(" \\\\\n".join(rows))
    lines.append(r"\end{align*}")
    lines.append(r"\subsection*{Partial kinematic screws}")
    lines.append(r"\begin{align*}")
    rows = []
    for body, by_coord in solution.partial_screws.items():
        for coord, screw in by_coord.items():
            rows.append(
                rf"\{{\mathcal{{V}}^{{{name_latex(coord)}}}_{{{name_latex(body)}/{ref}}}\}} "
                rf"&= {screw_latex(screw, units)}"
            )
    lines.append(" \\\\\n".join(rows))
    lines.append(r"\end{align*}")
    lines.append(r"\subsection*{Power}")
    lines.append(r"\begin{align*}")
    rows = [
        rf"\mathcal{{P}}_{{{_source(a, solution.notation.referential)}}} &= {latex(a.power)}"
        rf" && \text{{{_escape_text(a.name)}}}"
        for a in solution.actions
    ]
    rows.append(rf"\mathcal{{P}} &= {latex(solution.power)} && \text{{total}}")
    lines.append(" \\\\\n".join(rows))
    lines.append(r"\end{align*}")
    lines.append(r"\subsection*{Power coefficients}")
    lines.append(r"\begin{align*}")
    rows = []
    for a in solution.actions:
        for q in solution.variables:
            rows.append(
                rf"\mathcal{{Q}}^{{{name_latex(q)}}}_{{{_source(a, solution.notation.referential)}}}"
                rf" &= {latex(a.coefficients[q])} && \text{{{_escape_text(a.name)}}}"
            )
    for q in solution.variables:
        rows.append(
            rf"\mathcal{{Q}}^{{{name_latex(q)}}} &= {latex(solution.coefficients[q])} && \text{{total}}"
        )
    lines.append(" \\\\\n".join(rows))
    lines.append(r"\end{align*}")
    if solution.joints:
        lines.append(r"\subsection*{Joints}")
        lines.append(r"\begin{align*}")
        rows = []
        for joint in solution.joints:
            pair = rf"{name_latex(joint.between[0])}\leftrightarrow {name_latex(joint.between[1])}"
            rows.append(
                rf"\{{\mathcal{{A}}^c_{{{pair}}}\}} &= {screw_latex(joint.screw, units)}"
                rf" && \text{{{_escape_text(joint.name)}}}"
            )
            for q in solution.variables:
                rows.append(
                    rf"\mathcal{{Q}}^{{{name_latex(q)}}}_{{{pair}}} &= "
                    rf"{latex(joint.coefficients[q])}"
                )
            verdict = "ideal" if joint.ideal else "not ideal"
            rows[-1] += rf" && \text{{{verdict}}}"
        lines.append(" \\\\\n".join(rows))
        lines.append(r"\end{align*}")
    if solution.replacements:
        lines.append(r"\subsection*{Resultant and couple of the actions on each body}")
        lines.append(r"\begin{align*}")
        rows = [
            rf"\{{\mathcal{{A}}_{{\bar{{{name_latex(b)}}}\to {name_latex(b)}}}\}} &= "
            rf"{screw_latex(s, units)}"
            for b, s in solution.replacements.items()
        ]
        lines.append(" \\\\\n".join(rows))
        lines.append(r"\end{align*}")
    c = solution.constraints
    if c.equations and c.power is not None:
        lines.append(r"\subsection*{Under the constraints}")
        lines.append(r"\begin{align*}")
        rows = [rf"\dot{{{name_latex(q)}}} &= {latex(v)}" for q, v in c.eliminated.items()]
        rows.append(rf"\mathcal{{P}}_c &= {latex(c.power)}")
        lines.append(" \\\\\n".join(rows))
        lines.append(r"\end{align*}")
        for warning in c.warnings:
            lines.append(rf"\noindent\textit{{Warning: {_escape_text(warning)}}}\par")
    if standalone:
        lines.append(r"\end{document}")
    return "\n".join(lines) + "\n"
