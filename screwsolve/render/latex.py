r"""A Solution as LaTeX in textbook notation: \begin{Bmatrix}...\end{Bmatrix}_A, \mathcal{Q}^{x}."""

from __future__ import annotations

import sympy

from screwsolve.render.escape import latex as escape_latex
from screwsolve.render.notation import screw_latex
from screwsolve.solution.result import ActionValue, Solution
from screwsolve.symbolic.printing import latex, name_latex

PREAMBLE = r"""\documentclass{article}
\usepackage[margin=2cm]{geometry}
\usepackage{amsmath}
\allowdisplaybreaks
\begin{document}
"""


LINE = 110  # characters of LaTeX source per displayed line, roughly a text width


def _rhs(expr: sympy.Expr) -> str:
    """A long sum broken after whole terms onto continuation lines of the align* row."""
    whole = latex(expr)
    if len(whole) <= LINE or not isinstance(expr, sympy.Add):
        return whole
    lines: list[str] = []
    current = ""
    for term in expr.as_ordered_terms():
        piece = latex(term)
        if not current:
            current = piece
            continue
        joined = f" - {piece[1:].lstrip()}" if piece.startswith("-") else f" + {piece}"
        if len(current) + len(joined) > LINE:
            lines.append(current)
            current = joined.strip()
        else:
            current += joined
    lines.append(current)
    return " \\\\\n&\\quad ".join(lines)


def _product(name: str, action: str, kinematic: str, value: sympy.Expr) -> str:
    """name = {A} . {V} = value, over three lines when one would be too wide."""
    if len(action) + len(kinematic) <= LINE:
        return rf"{name} &= {action} \cdot {kinematic} = {_rhs(value)}"
    return (
        rf"{name} &= {action} \\\\"
        "\n"
        rf"&\quad \cdot {kinematic} \\\\"
        "\n"
        rf"&= {_rhs(value)}"
    )


def _bar(body: str) -> str:
    return rf"\bar{{{body}}}" if len(body) == 1 else rf"\overline{{{body}}}"


def _breakable(text: str) -> str:
    """Escaped text with break points after operators, for long expressions in prose."""
    escaped = escape_latex(text)
    for mark in ("*", "+", "/", "(", ","):
        escaped = escaped.replace(mark, mark + r"\allowbreak{}")
    return escaped


def _source(action: ActionValue, ref: str) -> str:
    if action.on is None:
        return rf"\overline{{\Sigma}}\to \Sigma/{name_latex(ref)}"
    body = name_latex(action.on)
    if action.interaction and action.by is not None:
        return rf"{name_latex(action.by)}\leftrightarrow {body}"
    return rf"{_bar(body)}\to {body}/{name_latex(ref)}"


def _worked_solution(solution: Solution) -> list[str]:
    r"""Each action screw dotted with the kinematic screws about its point, as the book writes:
    \mathcal{Q}^{x} = \{A\}_P \cdot \{V^x\}_P = value."""
    units = solution.notation.unit_latex
    lines = [r"\subsection*{Worked solution}"]
    for action in solution.actions:
        rows = []
        label = rf"\text{{{escape_latex(action.name)}}}"
        for applied in action.screws:
            steps = applied.steps
            if steps is None:
                continue
            a = screw_latex(applied.screw, units)
            rows.append(
                _product(
                    rf"\mathcal{{P}}_{{{label}}}",
                    a,
                    screw_latex(steps.velocity, units),
                    steps.power,
                )
            )
            for q in solution.variables:
                rows.append(
                    _product(
                        rf"\mathcal{{Q}}^{{{name_latex(q)}}}_{{{label}}}",
                        a,
                        screw_latex(steps.partials[q], units),
                        steps.shares[q],
                    )
                )
        if not rows:
            continue
        lines.append(rf"\paragraph{{{escape_latex(action.name)}}}")
        lines.append(r"\begin{align*}")
        lines.append(" \\\\\n".join(rows))
        lines.append(r"\end{align*}")
    return lines


def render_solution(solution: Solution, *, standalone: bool = False) -> str:
    """A LaTeX fragment (or a whole document) with every result of the Solution."""
    units = solution.notation.unit_latex
    ref = name_latex(solution.notation.referential)
    lines: list[str] = []
    if standalone:
        lines.append(PREAMBLE)
    lines.append(rf"\section*{{{escape_latex(solution.title)}}}")
    if solution.shared:
        lines.append(r"\subsection*{Shared subexpressions}")
        lines.append(r"\begin{align*}")
        lines.append(" \\\\\n".join(_shared_rows(solution)))
        lines.append(r"\end{align*}")
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
        rf"\mathcal{{P}}_{{{_source(a, solution.notation.referential)}}} &= {_rhs(a.power)}"
        rf" && \text{{{escape_latex(a.name)}}}"
        for a in solution.actions
    ]
    rows.append(rf"\mathcal{{P}} &= {_rhs(solution.power)} && \text{{total}}")
    lines.append(" \\\\\n".join(rows))
    lines.append(r"\end{align*}")
    if any(s.steps for a in solution.actions for s in a.screws):
        lines.extend(_worked_solution(solution))
    lines.append(r"\subsection*{Power coefficients}")
    lines.append(r"\begin{align*}")
    rows = []
    for a in solution.actions:
        for q in solution.variables:
            rows.append(
                rf"\mathcal{{Q}}^{{{name_latex(q)}}}_{{{_source(a, solution.notation.referential)}}}"
                rf" &= {_rhs(a.coefficients[q])} && \text{{{escape_latex(a.name)}}}"
            )
    for q in solution.variables:
        rows.append(
            rf"\mathcal{{Q}}^{{{name_latex(q)}}} &= {_rhs(solution.coefficients[q])} && \text{{total}}"
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
                rf" && \text{{{escape_latex(joint.name)}}}"
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
            rf"\{{\mathcal{{A}}_{{{_bar(name_latex(b))}\to {name_latex(b)}}}\}} &= "
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
        rows.append(rf"\mathcal{{P}}_c &= {_rhs(c.power)}")
        lines.append(" \\\\\n".join(rows))
        lines.append(r"\end{align*}")
        for warning in c.warnings:
            lines.append(rf"\noindent\textit{{Warning: {_breakable(warning)}}}\par")
    if standalone:
        lines.append(r"\end{document}")
    return "\n".join(lines) + "\n"


def _shared_rows(solution: Solution) -> list[str]:
    return [rf"{name_latex(name)} &= {_rhs(value)}" for name, value in solution.shared]


def render_math(solution: Solution) -> str:
    """Math only (for notebooks): kinematic screws and total power coefficients, one align*."""
    units = solution.notation.unit_latex
    ref = name_latex(solution.notation.referential)
    rows = _shared_rows(solution)
    rows += [
        rf"\{{\mathcal{{V}}_{{{name_latex(b)}/{ref}}}\}} &= {screw_latex(s, units)}"
        for b, s in solution.kinematic_screws.items()
    ]
    rows += [
        rf"\mathcal{{Q}}^{{{name_latex(q)}}} &= {_rhs(solution.coefficients[q])}"
        for q in solution.variables
    ]
    return "$$\\begin{aligned}" + " \\\\ ".join(rows) + "\\end{aligned}$$"
