"""A Solution as rich tables, in the textbook's screw notation ({omega ; v}_A)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..result import ActionValue, Solution
from .notation import screw_text, text


def _table(title: str, *columns: str, plain: bool) -> Table:
    table = Table(
        title=title,
        title_justify="left",
        box=box.ASCII if plain else box.SIMPLE_HEAVY,
        show_lines=False,
        expand=False,
    )
    for column in columns:
        table.add_column(column, overflow="fold")
    return table


def _action_label(action: ActionValue) -> str:
    if action.interaction:
        return f"{action.name} ({action.by}<->{action.on})"
    return action.name


def render_solution(solution: Solution, *, plain: bool = False) -> RenderableType:
    """Kinematic screws, partial screws, actions with their power, and the Q matrix."""
    parts: list[RenderableType] = [Text(solution.title, style="bold")]
    ref = solution.notation.referential

    kinematic = _table(f"Kinematic screws {{V_B/{ref}}}", "body", "screw", plain=plain)
    for body, screw in solution.kinematic_screws.items():
        kinematic.add_row(escape(body), escape(screw_text(screw)))
    parts.append(kinematic)

    partial = _table(f"Partial kinematic screws {{V^q_B/{ref}}}", "body", "q", "screw", plain=plain)
    for body, by_coord in solution.partial_screws.items():
        for coord, screw in by_coord.items():
            partial.add_row(escape(body), escape(coord), escape(screw_text(screw)))
    parts.append(partial)

    actions = _table("Actions and their power", "action", "on", "screw", "power", plain=plain)
    for action in solution.actions:
        actions.add_row(
            escape(_action_label(action)),
            escape(action.on),
            escape(screw_text(action.screw)),
            escape(text(action.power)),
        )
    actions.add_row("total", "", "", escape(text(solution.power)), style="bold")
    parts.append(actions)

    matrix = _table(
        "Power coefficients Q^q (pairs: interaction coefficients)",
        "action",
        *(f"Q^{q}" for q in solution.variables),
        plain=plain,
    )
    for action in solution.actions:
        label = _action_label(action) + (" [noncontributing]" if action.noncontributing else "")
        matrix.add_row(
            escape(label), *(escape(text(action.coefficients[q])) for q in solution.variables)
        )
    matrix.add_row(
        "total", *(escape(text(solution.coefficients[q])) for q in solution.variables), style="bold"
    )
    parts.append(matrix)

    c = solution.constraints
    if c.equations:
        table = _table("Constraints (never used for partial screws)", "item", "value", plain=plain)
        for equation, kind in zip(c.equations, c.kinds, strict=False):
            table.add_row(kind, escape(equation))
        for coord, value in c.eliminated.items():
            table.add_row(f"{coord}' =", escape(text(value)))
        if c.power is not None:
            table.add_row("power under constraints", escape(text(c.power)))
        for warning in c.warnings:
            table.add_row("warning", escape(warning), style="yellow" if not plain else None)
        parts.append(table)
    if solution.noncontributing:
        parts.append(Text("Noncontributing actions: " + ", ".join(solution.noncontributing)))
    return Group(*parts)
