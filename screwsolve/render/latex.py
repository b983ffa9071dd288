r"""A Solution as LaTeX in textbook notation: \begin{Bmatrix}...\end{Bmatrix}_A, \mathcal{Q}^{x}.

The page follows the book: names upright, sources as subscripts (\bar{1}\to 1/0, a named body,
B_1\leftrightarrow B_2 for an interaction), power coefficients as a table of actions by
coordinates when it fits the page, every long expression broken at + and - (latex_lines), the
worked solution's comoments written out term by term, and remarks typeset as mathematics.
Only amsmath and geometry: both are in every stock TeX installation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import symengine as se
import sympy

from screwsolve.quantities import QUANTITIES, SET_JOIN
from screwsolve.render.escape import latex as escape_latex
from screwsolve.render.latex_lines import WIDTH, bracketed, continued, joined, lines, visible
from screwsolve.render.notation import screw_latex
from screwsolve.solution.result import ActionValue, ScrewValue, Solution, VectorValue
from screwsolve.symbolic.printing import (
    Value,
    latex,
    name_latex,
    reading_order,
    unit_symbol,
    vector_latex,
)
from screwsolve.units import Unit

PREAMBLE = r"""\documentclass{article}
\usepackage[margin=2cm]{geometry}
\usepackage{amsmath}
\allowdisplaybreaks
\begin{document}
"""

NEWLINE = " \\\\\n"


def _bar(body: str) -> str:
    return rf"\bar{{{body}}}" if len(body) == 1 else rf"\overline{{{body}}}"


def _source(action: ActionValue, ref: str) -> str:
    r"""The book's subscript: what exerts the action, on what, relative to what."""
    referential = name_latex(ref)
    if action.on is None:
        return rf"\overline{{\Sigma}}\to \Sigma/{referential}"
    body = name_latex(action.on)
    if action.interaction and action.by is not None:
        return rf"{name_latex(action.by)}\leftrightarrow {body}"
    source = name_latex(action.by) if action.by is not None else _bar(body)
    return rf"{source}\to {body}/{referential}"


def _tag(text: str) -> str:
    r"""A row's label at the right margin; amsmath moves it below when the row is wide."""
    return rf" \tag*{{\textit{{{escape_latex(text)}}}}}"


def _column(lefts: Iterable[str]) -> float:
    """The width of an align's left column: its widest left side (every right side starts
    after it, so a value beside a short left side has no more room than beside the widest)."""
    return max((visible(lhs) for lhs in lefts), default=0.0)


def _equation(lhs: str, value: Value, tag: str | None = None, column: float = 0.0) -> str:
    """lhs &= value, the value broken over continuation lines when it is too wide for the page
    beside a left column `column` wide (at least lhs)."""
    broken = lines(value, WIDTH - max(column, visible(lhs)) - 4)
    row = rf"{lhs} &= {broken[0]}" + (_tag(tag) if tag else "")
    return row + "".join(rf"{NEWLINE}&\quad {continued(line)}" for line in broken[1:])


def _align(rows: Iterable[str]) -> list[str]:
    rows = list(rows)
    if not rows:
        return []
    return [r"\begin{align*}", NEWLINE.join(rows), r"\end{align*}"]


def _screw_rows(
    lhs: str, screw: ScrewValue, units: dict[str, str], tag: str = "", column: float = 0.0
) -> list[str]:
    r"""lhs = \begin{Bmatrix} R \\ M \end{Bmatrix}_P; a screw too wide for the page (beside a
    left column `column` wide) is written as its resultant and its moment about P, each broken
    after whole terms."""
    whole = screw_latex(screw, units)
    if max(column, visible(lhs)) + visible(whole) + 4 <= WIDTH:
        return [rf"{lhs} &= {whole}" + (_tag(tag) if tag else "")]
    point = name_latex(screw.point)
    rows = [rf"{lhs} &: \text{{resultant and moment about }} {point}" + (_tag(tag) if tag else "")]
    for label, vector in (("R", screw.resultant), (rf"M_{{{point}}}", screw.moment)):
        parts = _vector_lines(vector, units, WIDTH - max(12.0, column + 4))
        rows.append(
            rf"{label} &= {parts[0]}"
            + "".join(rf"{NEWLINE}&\quad {continued(p)}" for p in parts[1:])
        )
    return rows


def _vector_lines(vector: VectorValue, units: dict[str, str], width: float) -> list[str]:
    """A vector's terms over lines of `width`; a coefficient too wide for one line is broken
    inside its brackets, its unit vector after the closing one."""
    terms: list[list[str]] = []
    for coefficient, unit in vector.terms:
        piece = vector_latex(((coefficient, unit),), units)
        broken = lines(coefficient, width - 6) if visible(piece) > width else [piece]
        if len(broken) > 1:
            if isinstance(coefficient, sympy.Add | se.Add):
                broken = bracketed(broken)
            broken[-1] += rf"\,{unit_symbol(unit, units)}"
        terms.append(broken)
    return joined(terms, width) or [r"\mathbf{0}"]


def _title(solution: Solution) -> list[str]:
    return [rf"\section*{{{escape_latex(solution.title)}}}"]


def _shared(solution: Solution) -> list[str]:
    if not solution.shared:
        return []
    column = _column(name_latex(name) for name, _ in solution.shared)
    rows = [_equation(name_latex(name), value, None, column) for name, value in solution.shared]
    return [r"\subsection*{Shared subexpressions}", *_align(rows)]


def _units_note(items: Sequence[tuple[str, Unit | None]]) -> list[str]:
    """One line saying the unit of each quantity (math left sides), for files with units."""
    known = [(lhs, unit) for lhs, unit in items if unit is not None]
    if not known:
        return []
    return [
        r"\noindent Units: "
        + ", ".join(f"${lhs}$ in ${unit.latex()}$" for lhs, unit in known)
        + r".\par"
    ]


def _kinematic(solution: Solution) -> list[str]:
    units = solution.notation.unit_latex
    ref = name_latex(solution.notation.referential)
    kinematic = {
        rf"\{{\mathcal{{V}}_{{{name_latex(body)}/{ref}}}\}}": screw
        for body, screw in solution.kinematic_screws.items()
    }
    partial = {
        rf"\{{\mathcal{{V}}^{{{name_latex(q)}}}_{{{name_latex(body)}/{ref}}}\}}": screw
        for body, by_coordinate in solution.partial_screws.items()
        for q, screw in by_coordinate.items()
    }
    quantities = solution.units
    kinematic_units: list[tuple[str, Unit | None]] = []
    partial_units: list[tuple[str, Unit | None]] = []
    if quantities is not None:
        omega, velocity = quantities.kinematic
        kinematic_units = [(r"\boldsymbol{\omega}", omega), (r"\mathbf{v}", velocity)]
        for q in solution.variables:
            resultant, moment = quantities.partial.get(q, (None, None))
            name = name_latex(q)
            partial_units += [
                (rf"\boldsymbol{{\omega}}^{{{name}}}", resultant),
                (rf"\mathbf{{v}}^{{{name}}}", moment),
            ]
    shown: list[str] = []
    if solution.shows("kinematic_screws"):
        shown += [
            _subsection("kinematic_screws"),
            *_align(_screws(kinematic, units)),
            *_units_note(kinematic_units),
        ]
    if solution.shows("partial_screws"):
        shown += [
            _subsection("partial_screws"),
            *_align(_screws(partial, units)),
            *_units_note(partial_units),
        ]
    return shown


def _screws(screws: dict[str, ScrewValue], units: dict[str, str]) -> list[str]:
    """The rows of one align of screws, by left side."""
    column = _column(screws)
    return [
        row for lhs, screw in screws.items() for row in _screw_rows(lhs, screw, units, "", column)
    ]


def _power(solution: Solution) -> list[str]:
    if solution.power is None:  # not asked for (--only)
        return []
    ref = solution.notation.referential
    entries: list[tuple[str, Value, str | None]] = [
        (rf"\mathcal{{P}}_{{{_source(a, ref)}}}", a.power, a.name)
        for a in solution.actions
        if a.power is not None
    ]
    entries.append((r"\mathcal{P}", solution.power, "total"))
    units = solution.units
    note = _units_note([(r"\mathcal{P}", units.power)]) if units is not None else []
    return [_subsection("power"), *_align(_equations(entries)), *note]


def _equations(entries: Sequence[tuple[str, Value, str | None]]) -> list[str]:
    """The rows of one align of equations (left side, value, tag), each value broken to fit
    beside the widest left side."""
    column = _column(lhs for lhs, _, _ in entries)
    return [_equation(lhs, value, tag, column) for lhs, value, tag in entries]


def _table(corner: str, columns: list[str], rows: list[tuple[str, list[Value]]]) -> list[str]:
    r"""A coefficient matrix as a tabular (actions by coordinates, totals last), or [] when it
    is wider than the page."""
    cells = [[latex(v) for v in values] for _, values in rows]
    widths = [
        max([visible(header)] + [visible(row[i]) for row in cells]) + 2
        for i, header in enumerate(columns)
    ]
    label_width = max(len(label) for label, _ in rows) * 0.9 + 2
    if label_width + sum(widths) > WIDTH:
        return []
    out = [
        r"\begin{center}",
        r"\renewcommand{\arraystretch}{2.2}",  # local to center: room for fractions
        r"\begin{tabular}{l" + "c" * len(columns) + "}",
        r"\hline",
    ]
    out.append(" & ".join([corner, *(f"${c}$" for c in columns)]) + r" \\ \hline")
    for index, ((label, _), row) in enumerate(zip(rows, cells, strict=True)):
        name = escape_latex(label)
        if index == len(rows) - 1:
            out.append(r"\hline")
            name = rf"\textbf{{{name}}}"
        out.append(" & ".join([name, *(rf"$\displaystyle {c}$" for c in row)]) + r" \\")
    out += [r"\hline", r"\end{tabular}", r"\end{center}"]
    return out


def _by_action(
    header: dict[str, str],
    rows: Sequence[tuple[str, str | None, dict[str, Value]]],
    total: dict[str, Value],
) -> list[str]:
    """Values per action and column (a power coefficient per coordinate, F_r per speed),
    totals last: a table when it fits the page, otherwise one equation each, tagged with the
    action's name (`rows`: name, subscript of its source or None, values by column)."""
    columns = list(header)
    table = _table(
        "action",
        [header[c] for c in columns],
        [(name, [values[c] for c in columns]) for name, _, values in rows]
        + [("total", [total[c] for c in columns])],
    )
    if table:
        return table
    entries = [
        (header[c] + (f"_{{{source}}}" if source else ""), values[c], name)
        for name, source, values in rows
        for c in columns
    ]
    entries += [(header[c], total[c], "total") for c in columns]
    return _align(_equations(entries))


def _coefficients(solution: Solution) -> list[str]:
    ref = solution.notation.referential
    header = {q: rf"\mathcal{{Q}}^{{{name_latex(q)}}}" for q in solution.variables}
    rows = [(a.name, _source(a, ref), a.coefficients) for a in solution.actions]
    units = solution.units
    note = _units_note([(header[q], units.coefficients.get(q)) for q in header]) if units else []
    noncontributing = (
        [
            r"\noindent Noncontributing actions (every power coefficient zero): "
            + ", ".join(escape_latex(name) for name in solution.noncontributing)
            + r".\par"
        ]
        if solution.noncontributing
        else []
    )
    if not (solution.shows("power_coefficients") or solution.shows("interaction")):
        return noncontributing
    return [
        _subsection("power_coefficients"),
        *_by_action(header, rows, solution.coefficients),
        *note,
        *noncontributing,
    ]


def _energies(solution: Solution) -> list[str]:
    entries: list[tuple[str, Value, str | None]] = [
        (r"V", a.potential, a.name) for a in solution.actions if a.potential is not None
    ]
    total = solution.potential
    listed = {name for _, _, name in entries}
    entries += [(r"V", v, SET_JOIN.join(names)) for names, v in solution.potential_sets.items()]
    if total.value is not None and not (len(total.members) == 1 and total.members[0] in listed):
        entries.append((r"V", total.value, "total"))
    entries += [
        (r"R", a.dissipation, a.name) for a in solution.actions if a.dissipation is not None
    ]
    if not entries:
        return []
    out = [_subsection("potential_energy")]
    out += _align(_equations(entries))
    if total.members:
        out.append(
            r"\noindent The total $V$ is the potential energy of: "
            + ", ".join(escape_latex(name) for name in total.members)
            + r".\par"
        )
    for name, reason in total.missing.items():
        out.append(
            rf"\noindent\textit{{Warning:}} {escape_latex(name)} has no potential energy: "
            rf"{escape_latex(reason)}.\par"
        )
    for names in solution.potential_sets:
        out.append(
            r"\noindent Conservative only together (no $V$ alone; not in the total): "
            + escape_latex(SET_JOIN.join(names))
            + r".\par"
        )
    checked = [*solution.potential_checked, *solution.dissipation_checked]
    if checked:
        out.append(
            r"\noindent $\mathcal{Q}^{q} = -\partial V/\partial q$ and "
            r"$\mathcal{Q}^{q} = -\partial R/\partial \dot{q}$ checked for: "
            + ", ".join(escape_latex(name) for name in checked)
            + r".\par"
        )
    for name, coordinates in {
        **solution.potential_mismatches,
        **solution.dissipation_mismatches,
    }.items():
        if coordinates:
            out.append(
                rf"\noindent\textit{{Warning:}} the energy of {escape_latex(name)} does not give "
                rf"$\mathcal{{Q}}^{{q}}$ for $q = {', '.join(name_latex(q) for q in coordinates)}$."
                r"\par"
            )
    return out


def _joints(solution: Solution) -> list[str]:
    if not solution.joints:
        return []
    units = solution.notation.unit_latex
    # Each joint's left sides: its constraint screw's, then its Q^q's (one align for them all).
    lefts = []
    for joint in solution.joints:
        pair = rf"{name_latex(joint.between[0])}\leftrightarrow {name_latex(joint.between[1])}"
        by = {q: rf"\mathcal{{Q}}^{{{name_latex(q)}}}_{{{pair}}}" for q in solution.variables}
        lefts.append((rf"\{{\mathcal{{A}}^c_{{{pair}}}\}}", by))
    column = _column(left for screw, by in lefts for left in (screw, *by.values()))
    rows = []
    for joint, (screw, by) in zip(solution.joints, lefts, strict=True):
        tag = f"{joint.name}, {'ideal' if joint.ideal else 'not ideal'}"
        rows += _screw_rows(screw, joint.screw, units, tag, column)
        rows += [_equation(lhs, joint.coefficients[q], None, column) for q, lhs in by.items()]
    return [_subsection("ideal_joints"), *_align(rows)]


def _replacements(solution: Solution) -> list[str]:
    if not solution.replacements:
        return []
    units = solution.notation.unit_latex
    screws = {
        rf"\{{\mathcal{{A}}_{{{_bar(name_latex(body))}\to {name_latex(body)}}}\}}": screw
        for body, screw in solution.replacements.items()
    }
    return [
        _subsection("replacement"),
        *_align(_screws(screws, units)),
    ]


def _speeds(solution: Solution) -> list[str]:
    speeds = solution.speeds
    if speeds is None:
        return []
    units = solution.notation.unit_latex
    ref = name_latex(solution.notation.referential)
    entries: list[tuple[str, Value, str | None]] = [
        (name_latex(u), value, None) for u, value in speeds.definitions.items()
    ]
    entries += [(rf"\dot{{{name_latex(q)}}}", value, None) for q, value in speeds.rates.items()]
    out = [r"\subsection*{Generalized speeds}", *_align(_equations(entries))]
    partial = {
        rf"\{{\mathcal{{V}}^{{{name_latex(u)}}}_{{{name_latex(body)}/{ref}}}\}}": screw
        for body, by_speed in speeds.partial_screws.items()
        for u, screw in by_speed.items()
    }
    out += [r"\subsection*{Partial kinematic screws by speed}", *_align(_screws(partial, units))]
    header = {u: rf"F_{{{name_latex(u)}}}" for u in speeds.total}
    forces = [(action, None, values) for action, values in speeds.forces.items()]
    return [
        *out,
        _subsection("generalized_active_forces"),
        *_by_action(header, forces, speeds.total),
    ]


def _reduced(solution: Solution) -> list[str]:
    reduced = solution.reduced
    if reduced is None or not reduced.independent:
        return []
    header = {u: rf"\tilde{{F}}_{{{name_latex(u)}}}" for u in reduced.total}
    rows = [(action, None, forces) for action, forces in reduced.forces.items()]
    rates: list[tuple[str, Value, str | None]] = [
        (rf"\dot{{{name_latex(q)}}}", value, None) for q, value in reduced.rates.items()
    ]
    on_constraints = (
        [_subsection("rates_on_constraints"), *_align(_equations(rates))] if rates else []
    )
    return [
        *on_constraints,
        _subsection("constrained_generalized_active_forces"),
        *_by_action(header, rows, reduced.total),
        *(rf"\noindent\textit{{Warning:}} {escape_latex(w)}\par" for w in reduced.warnings),
    ]


def _constraints(solution: Solution) -> list[str]:
    c = solution.constraints
    if not c.equations or c.power is None:
        return [rf"\noindent\textit{{Warning:}} {escape_latex(w)}\par" for w in c.notes]
    entries: list[tuple[str, Value, str | None]] = [
        (rf"\dot{{{name_latex(q)}}}", v, None) for q, v in c.eliminated.items()
    ]
    entries.append((r"\mathcal{P}_c", c.power, None))
    out = [_subsection("power_under_constraints"), *_align(_equations(entries))]
    if c.mismatches:
        out.append(
            r"\noindent\textit{Remark 13.3.5.} Differentiating the power under the constraints "
            r"does not give the power coefficients:"
        )
        out += _align(
            _equation(
                rf"\frac{{\partial \mathcal{{P}}_c}}{{\partial \dot{{{name_latex(q)}}}}}", derived
            )
            + rf" \neq \mathcal{{Q}}^{{{name_latex(q)}}}"
            for q, derived in c.mismatches.items()
        )
        out.append(
            r"\noindent they come from the partial screws with every constraint ignored.\par"
        )
    out += [rf"\noindent\textit{{Warning:}} {escape_latex(w)}\par" for w in c.notes]
    return out


def _comoment(
    action: ScrewValue, kinematic: ScrewValue, units: dict[str, str], width: float
) -> list[str]:
    r"""R \cdot v_P + M_P \cdot \omega written out, one product per line when it is wide, and
    a product too wide for a line with each vector over lines of its own."""
    products = [
        _dot(action.resultant, kinematic.moment, units, width),
        _dot(action.moment, kinematic.resultant, units, width),
    ]
    if all(len(p) == 1 for p in products) and visible(" + ".join(p[0] for p in products)) <= width:
        return [" + ".join(p[0] for p in products)]
    return [*products[0], f"+ {products[1][0]}", *products[1][1:]]


def _dot(left: VectorValue, right: VectorValue, units: dict[str, str], width: float) -> list[str]:
    r"""(left) \cdot (right) on one line, or over several: (left ...) then \cdot (right ...)."""
    whole = [rf"\left({vector_latex(v.terms, units)}\right)" for v in (left, right)]
    if visible(r"\cdot".join(whole)) + 2 <= width:
        return [r"\cdot".join(whole)]
    out: list[str] = []
    for vector, prefix in ((left, ""), (right, r"\cdot")):
        inside = _vector_lines(vector, units, width - 4)
        if len(inside) == 1:
            out.append(rf"{prefix}\left({inside[0]}\right)")
        else:
            out += bracketed(inside, prefix)
    return out


def _worked_rows(
    lhs: str,
    action: ScrewValue,
    kinematic: ScrewValue,
    value: Value,
    units: dict[str, str],
    column: float = 0.0,
) -> list[str]:
    r"""lhs = {A}_P \cdot {V}_P = R \cdot v_P + M_P \cdot \omega = value, as the book's solutions
    write each comoment (the screws left out when even one of them is wider than the page: the
    comoment written out follows). `column`: the widest left side of the align."""
    width = WIDTH - max(column, visible(lhs)) - 4
    a, v = screw_latex(action, units), screw_latex(kinematic, units)
    if visible(a) + visible(v) + 2 <= width:
        rows = [rf"{lhs} &= {a} \cdot {v}"]
    elif max(visible(a), visible(v)) + 4 <= width:
        rows = [rf"{lhs} &= {a}", rf"&\quad \cdot {v}"]
    else:
        rows = []
    for i, line in enumerate(_comoment(action, kinematic, units, width - 2)):
        start = (f"{lhs} &= " if not rows else "&= ") if i == 0 else r"&\quad "
        rows.append(start + (line if i == 0 else continued(line)))
    broken = lines(value, width)
    rows.append(rf"&= {broken[0]}")
    rows += [rf"&\quad {continued(line)}" for line in broken[1:]]
    return rows


def _worked_solution(solution: Solution) -> list[str]:
    r"""Each action screw dotted with the kinematic screws about its point:
    \mathcal{Q}^{x} = \{A\}_P \cdot \{V^x\}_P = R \cdot v^x_P + M_P \cdot \omega^x = value."""
    if not any(s.steps for a in solution.actions for s in a.screws):
        return []
    units = solution.notation.unit_latex
    ref = solution.notation.referential
    out = [r"\subsection*{Worked solution}"]
    for action in solution.actions:
        source = _source(action, ref)
        power = rf"\mathcal{{P}}_{{{source}}}"
        by = {q: rf"\mathcal{{Q}}^{{{name_latex(q)}}}_{{{source}}}" for q in solution.variables}
        column = _column([power, *by.values()])
        rows: list[str] = []
        for applied in action.screws:
            steps = applied.steps
            if steps is None:
                continue
            screw = applied.screw
            rows += _worked_rows(power, screw, steps.velocity, steps.power, units, column)
            for q, lhs in by.items():
                rows += _worked_rows(lhs, screw, steps.partials[q], steps.shares[q], units, column)
        if action.potential is not None and not action.screws:
            rows += _equations([(by[q], action.coefficients[q], None) for q in by])
        if rows:
            out.append(rf"\paragraph{{{escape_latex(action.name)}}}")
            out += _align(rows)
    return out


def render_solution(
    solution: Solution, *, standalone: bool = False, figure: str | None = None
) -> str:
    """A LaTeX fragment (or a whole document) with every result of the Solution; `figure`, a
    file beside the document (the sketch) shown under the title (its name is one screwsolve
    chose: letters, digits, `.`, `_`, `-`)."""
    with reading_order(solution.notation.reading_order):
        return _render_solution(solution, standalone=standalone, figure=figure)


def _render_solution(
    solution: Solution, *, standalone: bool = False, figure: str | None = None
) -> str:
    graphics = "\\usepackage{amsmath}\n\\usepackage{graphicx}"
    preamble = PREAMBLE.replace("\\usepackage{amsmath}", graphics)
    parts = [
        *([preamble if figure else PREAMBLE] if standalone else []),
        *_title(solution),
        *(_figure(figure) if figure else []),
        *_shared(solution),
        *_kinematic(solution),
        *_power(solution),
        *_worked_solution(solution),
        *_coefficients(solution),
        *_energies(solution),
        *_speeds(solution),
        *_reduced(solution),
        *_joints(solution),
        *_replacements(solution),
        *_constraints(solution),
        *([r"\end{document}"] if standalone else []),
    ]
    return "\n".join(parts) + "\n"


def _figure(name: str) -> list[str]:
    stem, dot, suffix = name.rpartition(".")
    safe = all(c.isascii() and (c.isalnum() or c in "._-") for c in name) and dot
    path = rf"{{{stem}}}.{suffix}" if safe else r"{sketch.pdf}"  # braces: a dotted stem is fine
    return [
        r"\begin{center}",
        rf"\includegraphics[width=0.75\textwidth]{{{path}}}",
        r"\end{center}",
    ]


def render_math(solution: Solution) -> str:
    """Math only (for notebooks): kinematic screws and total power coefficients, one aligned."""
    units = solution.notation.unit_latex
    ref = name_latex(solution.notation.referential)
    rows = [rf"{name_latex(name)} &= {latex(value)}" for name, value in solution.shared]
    rows += [
        rf"\{{\mathcal{{V}}_{{{name_latex(b)}/{ref}}}\}} &= {screw_latex(s, units)}"
        for b, s in solution.kinematic_screws.items()
    ]
    rows += [
        rf"\mathcal{{Q}}^{{{name_latex(q)}}} &= {latex(solution.coefficients[q])}"
        for q in solution.variables
        if q in solution.coefficients  # none when not asked for (--only)
    ]
    return "$$\\begin{aligned}" + " \\\\ ".join(rows) + "\\end{aligned}$$"


def _subsection(quantity: str) -> str:
    """A quantity's LaTeX heading (quantities.py)."""
    return rf"\subsection*{{{QUANTITIES[quantity].latex}}}"
