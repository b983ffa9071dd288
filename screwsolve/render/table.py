"""A Solution as rich tables, in the textbook's screw notation ({omega ; v}_A)."""

from __future__ import annotations

import sympy
from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from screwsolve.quantities import QUANTITIES, SET_JOIN
from screwsolve.render.escape import cell, clean
from screwsolve.render.notation import screw_text, vector_value_text
from screwsolve.solution.result import ActionValue, ScrewValue, Solution
from screwsolve.symbolic.printing import reading_order, text
from screwsolve.units import Unit


def _table(*columns: str, plain: bool) -> Table:
    table = Table(box=box.ASCII if plain else box.SIMPLE_HEAVY, expand=False)
    for column in columns:
        table.add_column(column, overflow="fold")
    return table


_SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def unit_text(unit: Unit | None, *, plain: bool) -> str:
    """A unit as a table shows it: N·m, m/s² (N*m, m/s**2 in plain ASCII); '' when unknown."""
    if unit is None:
        return ""
    written = unit.text()
    if plain:
        return written
    parts = written.replace("**(", "^(").split("**")  # m**(3/2) stays a bracketed power
    shown = parts[0]
    for part in parts[1:]:
        exponent = part[: len(part) - len(part.lstrip("-0123456789"))]
        shown += exponent.translate(_SUPERSCRIPTS) + part[len(exponent) :]
    return shown.replace("*", "·")


def _screw_units(pair: tuple[Unit | None, Unit | None], *, plain: bool) -> str:
    if pair[0] is None and pair[1] is None:
        return ""
    return f"{{{unit_text(pair[0], plain=plain)} ; {unit_text(pair[1], plain=plain)}}}"


def _header(title: str, unit: Unit | None, *, plain: bool) -> str:
    """A column heading with its unit in brackets (a file with units)."""
    return title if unit is None else f"{title} [{unit_text(unit, plain=plain)}]"


def _unit_row(table: Table, units: list[Unit | None] | None, *, plain: bool) -> None:
    """A last row giving each column's unit (a file with units: `units` not None)."""
    if units is not None:
        table.add_row("unit", *(unit_text(u, plain=plain) for u in units), style="dim")


def _section(title: str, table: Table) -> Group:
    """A heading on its own full-width line (never squeezed to the table's width), then the table."""
    return Group(Text(""), Text(clean(title), style="bold"), table)


def _screws_text(action: ActionValue) -> str:
    """The action's screws; one on each body for a spring or damper; V = ... for a potential."""
    if not action.screws:
        return f"V = {text(action.potential)}" if action.potential is not None else ""
    if len(action.screws) == 1:
        return screw_text(action.screws[0].screw)
    return "\n".join(f"{screw_text(s.screw)} on {s.on}" for s in action.screws)


def _optional_text(value: sympy.Expr | None) -> str:
    return "" if value is None else text(value)


def _comoment_text(action: ScrewValue, kinematic: ScrewValue) -> str:
    """R.v + M.omega written out, both screws about the same point."""
    return (
        f"({vector_value_text(action.resultant)}).({vector_value_text(kinematic.moment)}) + "
        f"({vector_value_text(action.moment)}).({vector_value_text(kinematic.resultant)})"
    )


def _worked_solution(solution: Solution, *, plain: bool) -> list[RenderableType]:
    """For each action screw: {A}_P . {V^q}_P = R.v^q + M.omega^q = its share of Q^q."""
    parts: list[RenderableType] = []
    for action in solution.actions:
        table = _table("", "action screw", "kinematic screw", "comoment", "=", plain=plain)
        for applied in action.screws:
            steps = applied.steps
            if steps is None:
                continue
            relative = f"/{applied.by}" if applied.by else ""
            rows = [(f"P{relative}", steps.velocity, steps.power)] + [
                (f"Q^{q}{relative}", steps.partials[q], steps.shares[q]) for q in solution.variables
            ]
            for label, kinematic, value in rows:
                table.add_row(
                    cell(label),
                    cell(screw_text(applied.screw)),
                    cell(screw_text(kinematic)),
                    cell(_comoment_text(applied.screw, kinematic)),
                    cell(text(value)),
                )
        if action.potential is not None and not action.screws:
            for q in solution.variables:
                table.add_row(
                    f"Q^{q}",
                    cell(f"-d({text(action.potential)})/d{q}"),
                    "",
                    "",
                    cell(text(action.coefficients[q])),
                )
        parts.append(_section(f"Worked solution: {_action_label(action)} on {action.on}", table))
    return parts


def _action_label(action: ActionValue) -> str:
    if action.interaction:
        return f"{action.name} ({action.by}<->{action.on})"
    return action.name


def _force_table(
    forces: dict[str, dict[str, sympy.Expr]],
    total: dict[str, sympy.Expr],
    speeds: tuple[str, ...],
    solution: Solution,
    *,
    plain: bool,
) -> Table:
    """Actions down, speeds across, the total last."""
    table = _table("action", *speeds, plain=plain)
    for action in solution.actions:
        row = forces.get(action.name, {})
        table.add_row(cell(_action_label(action)), *(cell(text(row[u])) for u in speeds))
    table.add_row("total", *(cell(text(total[u])) for u in speeds), style="bold")
    units = solution.units
    _unit_row(table, [units.active_forces.get(u) for u in speeds] if units else None, plain=plain)
    return table


def _speeds(solution: Solution, *, plain: bool) -> list[RenderableType]:
    """Kane's speeds (definitions, partial screws, F_r) and the constrained F~_r."""
    ref = solution.notation.referential
    parts: list[RenderableType] = []
    speeds = solution.speeds
    if speeds is not None:
        table = _table("speed", "definition", plain=plain)
        for u, definition in speeds.definitions.items():
            table.add_row(cell(u), cell(text(definition)))
        for q, value in speeds.rates.items():
            table.add_row(cell(f"{q}'"), cell(text(value)))
        parts.append(_section("Generalized speeds (and the rates in them)", table))
        partial = _table("body", "u", "screw", plain=plain)
        for body, by_speed in speeds.partial_screws.items():
            for u, screw in by_speed.items():
                partial.add_row(cell(body), cell(u), cell(screw_text(screw)))
        parts.append(
            _section(f"Partial kinematic screws {{V^u_B/{ref}}} by generalized speed", partial)
        )
        forces = _force_table(speeds.forces, speeds.total, speeds.names, solution, plain=plain)
        parts.append(_section(_heading("generalized_active_forces"), forces))
    reduced = solution.reduced
    if reduced is not None:
        mark = "'" if speeds is None else ""  # the speeds are the rates q' unless declared
        if reduced.independent:
            table = _force_table(
                reduced.forces, reduced.total, reduced.independent, solution, plain=plain
            )
            dependent = ", ".join(f"{u}{mark}" for u in reduced.dependent)
            title = (
                f"{_heading('constrained_generalized_active_forces')} F~_r (dependent: {dependent})"
            )
            parts.append(_section(title, table))
        if reduced.coefficients or reduced.warnings:
            table = _table("item", "value", plain=plain)
            for q, value in reduced.rates.items():
                table.add_row(cell(f"{q}' ="), cell(text(value)))
            for dependent, row in reduced.coefficients.items():
                for independent, value in row.items():
                    label = f"A: d{dependent}{mark}/d{independent}{mark}"
                    table.add_row(cell(label), cell(text(value)))
            for warning in reduced.warnings:
                table.add_row("warning", cell(warning), style="" if plain else "yellow")
            title = (
                f"{_heading('rates_on_constraints')}: the rates q' and "
                "A_kr of F~_r = F_r + sum_k F_k A_kr"
                if reduced.rates
                else "Dependent speeds in the independent ones: F~_r = F_r + sum_k F_k A_kr"
            )
            parts.append(_section(title, table))
    return parts


def render_solution(solution: Solution, *, plain: bool = False) -> RenderableType:
    """Kinematic screws, partial screws, actions with their power, and the Q matrix, in the
    problem's reading order."""
    with reading_order(solution.notation.reading_order):
        return _render_solution(solution, plain=plain)


def _render_solution(solution: Solution, *, plain: bool) -> RenderableType:
    ref = solution.notation.referential
    parts: list[RenderableType] = [Text(clean(solution.title), style="bold")]
    if solution.shared:
        shared = _table("name", "value", plain=plain)
        for name, value in solution.shared:
            shared.add_row(cell(name), cell(text(value)))
        parts.append(_section("Shared subexpressions (large results below use them)", shared))

    units = solution.units
    with_units = ("unit",) if units else ()
    if solution.shows("kinematic_screws"):
        kinematic = _table("body", "screw", *with_units, plain=plain)
        for body, screw in solution.kinematic_screws.items():
            unit = (_screw_units(units.kinematic, plain=plain),) if units else ()
            kinematic.add_row(cell(body), cell(screw_text(screw)), *unit)
        parts.append(_section(f"{_heading('kinematic_screws')} {{V_B/{ref}}}", kinematic))

    if solution.shows("partial_screws"):
        partial = _table("body", "q", "screw", *with_units, plain=plain)
        for body, by_coord in solution.partial_screws.items():
            for coord, screw in by_coord.items():
                unit = (
                    (_screw_units(units.partial.get(coord, (None, None)), plain=plain),)
                    if units
                    else ()
                )
                partial.add_row(cell(body), cell(coord), cell(screw_text(screw)), *unit)
        parts.append(_section(f"{_heading('partial_screws')} {{V^q_B/{ref}}}", partial))

    if solution.power is not None:
        power_heading = _header("power", units.power if units else None, plain=plain)
        actions = _table("action", "on", "screw", power_heading, plain=plain)
        for action in solution.actions:
            actions.add_row(
                cell(_action_label(action)),
                cell(action.on or ""),
                cell(_screws_text(action)),
                cell(_optional_text(action.power)),
            )
        actions.add_row("total", "", "", cell(text(solution.power)), style="bold")
        parts.append(_section(_heading("power"), actions))

    if any(s.steps for a in solution.actions for s in a.screws):
        parts.extend(_worked_solution(solution, plain=plain))

    if solution.shows("power_coefficients") or solution.shows("interaction"):
        parts.append(_coefficient_matrix(solution, plain=plain))
    parts.extend(_after_coefficients(solution, plain=plain))
    return Group(*parts)


def _coefficient_matrix(solution: Solution, *, plain: bool) -> RenderableType:
    """Every action's Q^q and the total: one row per action (pairs: interaction coefficients)."""
    units = solution.units
    matrix = _table("action", *(f"Q^{q}" for q in solution.variables), plain=plain)
    for action in solution.actions:
        label = _action_label(action) + (" [noncontributing]" if action.noncontributing else "")
        matrix.add_row(
            cell(label), *(cell(text(action.coefficients[q])) for q in solution.variables)
        )
    matrix.add_row(
        "total", *(cell(text(solution.coefficients[q])) for q in solution.variables), style="bold"
    )
    coefficient_units = [units.coefficients.get(q) for q in solution.variables] if units else None
    _unit_row(matrix, coefficient_units, plain=plain)
    return _section(
        f"{_heading('power_coefficients')} Q^q (pairs: interaction coefficients)", matrix
    )


def _together(members: tuple[str, ...]) -> str:
    """Why a set's V is printed but not in the total, and how to claim it or count it."""
    return (
        f"Conservative only together: {SET_JOIN.join(members)} (no V alone; not in the total: "
        "claim it as `" + SET_JOIN.join(members) + ": V`, or mark each `conservative: true`)"
    )


def _after_coefficients(solution: Solution, *, plain: bool) -> list[RenderableType]:
    """Speeds, energies, constraints, joints, replacements and the checks, as asked for."""
    units = solution.units
    parts: list[RenderableType] = []
    parts.extend(_speeds(solution, plain=plain))
    energies = [a for a in solution.actions if a.potential is not None or a.dissipation]
    total = solution.potential
    if energies or total.missing or total.value is not None or solution.potential_sets:
        table = _table(
            "action",
            _header("potential energy V", units.energy if units else None, plain=plain),
            _header("dissipation function R", units.power if units else None, plain=plain),
            plain=plain,
        )
        for action in energies:
            table.add_row(
                cell(_action_label(action)),
                cell(_optional_text(action.potential)),
                cell(_optional_text(action.dissipation)),
            )
        for members, energy in solution.potential_sets.items():
            table.add_row(cell(SET_JOIN.join(members)), cell(text(energy)), cell(""))
        table.add_row(
            "total",
            cell(_optional_text(total.value)),
            cell(_optional_text(solution.dissipation)),
            style="bold",
        )
        parts.append(
            _section(f"{_heading('potential_energy')} (Q^q = -dV/dq, and -dR/dq' for R)", table)
        )
        if total.members:
            parts.append(Text(clean("Total V of: " + ", ".join(total.members))))
        for name, reason in total.missing.items():
            parts.append(Text(clean(f"warning: {name} has no potential energy: {reason}")))
        for members in solution.potential_sets:
            parts.append(Text(clean(_together(members))))

    c = solution.constraints
    if c.equations:
        table = _table("item", "value", plain=plain)
        for equation, kind in zip(c.equations, c.kinds, strict=False):
            table.add_row(kind, cell(equation))
        for coord, value in c.eliminated.items():
            table.add_row(f"{coord}' =", cell(text(value)))
        if c.power is not None:
            table.add_row("power under constraints", cell(text(c.power)))
        for warning in c.warnings:
            table.add_row("warning", cell(warning), style="" if plain else "yellow")
        parts.append(
            _section(
                f"{_heading('power_under_constraints')} (never used for partial screws)", table
            )
        )
    if solution.joints:
        table = _table(
            "joint",
            "constraint action",
            *(f"Q^{q}" for q in solution.variables),
            "ideal",
            plain=plain,
        )
        for joint in solution.joints:
            verdict = "yes" if joint.ideal else "no: Q^" + ", Q^".join(joint.nonzero) + " != 0"
            table.add_row(
                cell(f"{joint.name} ({joint.type} {joint.between[0]}-{joint.between[1]})"),
                cell(screw_text(joint.screw)),
                *(cell(text(joint.coefficients[q])) for q in solution.variables),
                verdict,
            )
        parts.append(
            _section(
                f"{_heading('ideal_joints')} (interaction coefficients of the constraint action)",
                table,
            )
        )
    if solution.replacements:
        table = _table("body", "equivalent action {R ; M}_P", plain=plain)
        for body, screw in solution.replacements.items():
            table.add_row(cell(body), cell(screw_text(screw)))
        parts.append(_section(_heading("replacement"), table))
    routes = (
        ("Potential route -dV/dq", solution.potential_checked, solution.potential_mismatches),
        (
            "Dissipation route -dR/dq'",
            solution.dissipation_checked,
            solution.dissipation_mismatches,
        ),
    )
    for label, checked, mismatches in routes:
        if not checked:
            continue
        lines = []
        for name in checked:
            bad = mismatches.get(name)
            lines.append(f"{name}: " + (f"MISMATCH for {', '.join(bad)}" if bad else "agrees"))
        parts.append(Text(clean(f"\n{label} vs screw route: " + "; ".join(lines))))
    if solution.noncontributing:
        names = ", ".join(solution.noncontributing)
        parts.append(Text(clean(f"\n{_heading('noncontributing')}: " + names)))
    return parts


def _heading(quantity: str) -> str:
    """A quantity's section heading (quantities.py)."""
    return QUANTITIES[quantity].table
