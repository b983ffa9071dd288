"""The file's `speeds:` and `dependent_speeds:`: Kane's generalized speeds u_r, each checked to
be linear in the rates, one per coordinate, together determining every rate (DESIGN §2 still
holds: partial screws by coordinate ignore every constraint; speeds only re-combine them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import sympy

from screwsolve.model.grammar import Namespace, check_name, parse_scalar, suggest
from screwsolve.symbolic.linear import probe_rank

if TYPE_CHECKING:
    from screwsolve.files.schema import Problem
    from screwsolve.model.collector import Collector


def build_speeds(problem: Problem, ns: Namespace, out: Collector) -> dict[str, sympy.Expr]:
    """Each declared speed's definition (in q, q', t), or {} when the file declares none."""
    if not problem.speeds:
        return {}
    symbols = ns.symbols
    rates = list(symbols.rate.values())
    speeds: dict[str, sympy.Expr] = {}
    rows: list[list[sympy.Expr]] = []
    for name, text in problem.speeds.items():
        path = ("speeds", name)
        reason = check_name(name)
        if reason:
            out.error(path, f"speed {reason}", key=True)
            continue
        if name in ns.scalars or name in ns.vectors:
            out.error(
                path, f"'{name}' is declared twice (a speed needs a name of its own)", key=True
            )
            continue
        definition = out.expression(path, text, parse_scalar, ns)
        if definition is None:
            continue
        static = symbols.static(definition)
        if any(static.diff(a, b) != 0 for a in rates for b in rates) or not static.has(*rates):
            out.error(path, "a generalized speed is a linear combination of the rates (q')")
            continue
        speeds[name] = definition
        rows.append([static.diff(rate) for rate in rates])
    if len(speeds) != len(problem.speeds):
        return speeds
    if len(speeds) != len(rates):
        out.error(
            ("speeds",),
            f"{len(speeds)} speeds for {len(rates)} coordinates: declare one speed per coordinate "
            "(the constraints then make some of them dependent)",
        )
    elif probe_rank(sympy.Matrix(rows)) < len(rates):
        out.error(
            ("speeds",),
            "these speeds do not determine every rate (the matrix of their rate coefficients is "
            "singular): choose independent combinations",
        )
    return speeds


def dependent_speeds(
    problem: Problem, speeds: Mapping[str, object], out: Collector
) -> tuple[str, ...]:
    """The declared dependent speeds (speed names, or coordinate names when no speeds are
    declared), each known and named once."""
    names: list[str] = []
    for index, name in enumerate(problem.dependent_speeds):
        path = ("dependent_speeds", index)
        if name not in speeds:
            out.error(path, f"unknown speed '{name}'" + suggest(name, list(speeds)))
        elif name in names:
            out.error(path, f"'{name}' is named twice")
        else:
            names.append(name)
    if names and not problem.constraints:
        out.error(("dependent_speeds",), "dependent speeds need constraints that fix them")
    if names and len(names) >= len(speeds):
        out.error(("dependent_speeds",), "at least one speed must stay independent")
    return tuple(names)
