"""A Solution as rich tables, in the textbook's screw notation ({omega ; v}_A)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..result import ActionValue, Solution
from .notation import screw_text, text


def _table(*columns: str, plain: bool) -> Table:
    table = Table(box=box.ASCII if plain else box.SIMPLE_HEAVY, expand=False)
    for column in columns:
        table.add_column(column, overflow="fold")
    return table


def _section(title: str, table: Table) -> Group:
    """A heading on its own full-width line (never squeezed to the table's width), then the table."""
    return Group(Text(""), Text(title, style="bold"), table)


def _screws_text(action: ActionValue) -> str:
    """The action's screws; one on each body for a spring or damper; V = ... for a potential."""
    if not action.screws:
        return f"V = {text(action.potential)}" if action.potential is not None else ""
    if len(action.screws) == 1:
        return screw_text(action.screws[0].screw)
    return "\n".join(f"{screw_text(s.screw)} on {s.on}" for s in action.screws)


def _action_label(action: ActionValue) -> str:
    if action.interaction:
        return f"{action.name} ({action.by}<->{action.on})"
    return action.name


def render_solution(solution: Solution, *, plain: bool = False) -> RenderableType:
    """Kinematic screws, partial screws, actions with their power, and the Q matrix."""
    ref = solution.notation.referential
    parts: list[RenderableType] = [Text(solution.title, style="bold")]

    kinematic = _table("body", "screw", plain=plain)
    for body, screw in solution.kinematic_screws.items():
        kinematic.add_row(escape(body), escape(screw_text(screw)))
    parts.append(_section(f"Kinematic screws {{V_B/{ref}}}", kinematic))

    partial = _table("body", "q", "screw", plain=plain)
    for body, by_coord in solution.partial_screws.items():
        for coord, screw in by_coord.items():
            partial.add_row(escape(body), escape(coord), escape(screw_text(screw)))
    parts.append(_section(f"Partial kinematic screws {{V^q_B/{ref}}}", partial))

    actions = _table("action", "on", "screw", "power", plain=plain)
    for action in solution.actions:
        actions.add_row(
            escape(_action_label(action)),
            escape(action.on or ""),
            escape(_screws_text(action)),
            escape(text(action.power)),
        )
    actions.add_row("total", "", "", escape(text(solution.power)), style="bold")
    parts.append(_section("Actions and their power", actions))

    matrix = _table("action", *(f"Q^{q}" for q in solution.variables), plain=plain)
    for action in solution.actions:
        label = _action_label(action) + (" [noncontributing]" if action.noncontributing else "")
        matrix.add_row(
            escape(label), *(escape(text(action.coefficients[q])) for q in solution.variables)
        )
    matrix.add_row(
        "total", *(escape(text(solution.coefficients[q])) for q in solution.variables), style="bold"
    )
    parts.append(_section("Power coefficients Q^q (pairs: interaction coefficients)", matrix))

    c = solution.constraints
    if c.equations:
        table = _table("item", "value", plain=plain)
        for equation, kind in zip(c.equations, c.kinds, strict=False):
            table.add_row(kind, escape(equation))
        for coord, value in c.eliminated.items():
            table.add_row(f"{coord}' =", escape(text(value)))
        if c.power is not None:
            table.add_row("power under constraints", escape(text(c.power)))
        for warning in c.warnings:
            table.add_row("warning", escape(warning), style="" if plain else "yellow")
        parts.append(_section("Constraints (never used for partial screws)", table))
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
                escape(f"{joint.name} ({joint.type} {joint.between[0]}-{joint.between[1]})"),
                escape(screw_text(joint.screw)),
                *(escape(text(joint.coefficients[q])) for q in solution.variables),
                verdict,
            )
        parts.append(_section("Joints (interaction coefficients of the constraint action)", table))
    if solution.replacements:
        table = _table("body", "equivalent action {R ; M}_P", plain=plain)
        for body, screw in solution.replacements.items():
            table.add_row(escape(body), escape(screw_text(screw)))
        parts.append(_section("Resultant and couple of the actions on each body", table))
    if solution.potential_checked:
        lines = []
        for name in solution.potential_checked:
            bad = solution.potential_mismatches.get(name)
            lines.append(f"{name}: " + (f"MISMATCH for {', '.join(bad)}" if bad else "agrees"))
        parts.append(Text("\nPotential route -dV/dq vs screw route: " + "; ".join(lines)))
    if solution.noncontributing:
        parts.append(Text("\nNoncontributing actions: " + ", ".join(solution.noncontributing)))
    return Group(*parts)
