"""The file's `speeds:` and `dependent_speeds:`: Kane's generalized speeds u_r, each checked to
be linear in the rates. One per coordinate, or fewer, as a source prints them when the
constraints fix the rest: the rates left out then complete the speeds as dependent ones (DESIGN
§2 still holds: partial screws by coordinate ignore every constraint; speeds only re-combine
them)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import sympy

from screwsolve.model.grammar import Namespace, check_name, parse_scalar, suggest
from screwsolve.symbolic.equivalence import Domain, admissible_values, sample
from screwsolve.symbolic.linear import derivatives_by, invert, numeric_rank, probe_rank

if TYPE_CHECKING:
    from screwsolve.files.schema import Problem
    from screwsolve.model.collector import Collector
    from screwsolve.model.constraint_rows import RateRow
    from screwsolve.model.parts import DomainSpec


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
        row = derivatives_by(static, rates)  # linear: no coefficient holds a rate
        if any(c.has(*rates) for c in row) or not static.has(*rates):
            out.error(path, "a generalized speed is a linear combination of the rates (q')")
            continue
        speeds[name] = definition
        rows.append(row)
    if len(speeds) != len(problem.speeds):
        return speeds
    Y = sympy.Matrix(rows)
    if probe_rank(Y) < len(rows):
        out.error(
            ("speeds",),
            "these speeds are not independent (the matrix of their rate coefficients has a "
            "smaller rank than their number): choose independent combinations",
        )
    elif len(speeds) > len(rates):
        out.error(
            ("speeds",),
            f"{len(speeds)} speeds for {len(rates)} coordinates: at most one speed per coordinate",
        )
    elif len(speeds) < len(rates):
        if not problem.constraints:
            out.error(
                ("speeds",),
                f"{len(speeds)} speeds for {len(rates)} coordinates: without constraints, declare "
                "one speed per coordinate",
            )
        elif problem.dependent_speeds:
            out.error(
                ("dependent_speeds",),
                "the speeds declared are fewer than the coordinates, so they are all "
                "independent: the rates they leave out are the dependent ones (drop "
                "`dependent_speeds`, or declare one speed per coordinate)",
            )
        else:
            speeds.update(_completion(Y, ns))
    return speeds


def _completion(Y: sympy.Matrix, ns: Namespace) -> dict[str, sympy.Expr]:
    """Kane's speeds as a source prints them, fewer than the coordinates: the rates left out
    become speeds of their own, named as the rates (x' for x), in coordinate order, each one
    raising the rank of the speeds' rate coefficients; the constraints must then fix them."""
    symbols = ns.symbols
    names = list(symbols.rate)
    n = len(names)
    rows = [list(Y.row(i)) for i in range(Y.rows)]
    rank = len(rows)
    added: dict[str, sympy.Expr] = {}
    for index, name in enumerate(names):
        if rank == n:
            break
        unit = [sympy.Integer(1 if j == index else 0) for j in range(n)]
        if probe_rank(sympy.Matrix([*rows, unit])) > rank:
            rows.append(unit)
            rank += 1
            added[f"{name}'"] = ns.rates[name]
    return added


def check_completion(
    ns: Namespace,
    speeds: Mapping[str, sympy.Expr],
    implied: tuple[str, ...],
    rows: Sequence[RateRow],
    out: Collector,
) -> None:
    """Speeds printed fewer than the coordinates must, with the constraints, fix every rate:
    the rows of the speeds' and the constraints' rate coefficients reach the number of
    coordinates."""
    if not implied:
        return
    symbols = ns.symbols
    rates = list(symbols.rate.values())
    matrix = [
        [symbols.static(d).diff(rate) for rate in rates]
        for name, d in speeds.items()
        if name not in implied
    ]
    matrix += [row.coefficients for row in rows]
    rank = probe_rank(sympy.Matrix(matrix))
    if rank < len(rates):
        declared = len(speeds) - len(implied)
        out.error(
            ("speeds",),
            f"{declared} speeds for {len(rates)} coordinates, and the constraints fix only "
            f"{rank - declared} of the {len(implied)} rates left out ({', '.join(implied)}): "
            "declare more speeds, or state the constraints that fix the rest",
        )


def implied_speeds(problem: Problem, speeds: Mapping[str, object]) -> tuple[str, ...]:
    """The rates that complete speeds declared fewer than the coordinates (all dependent)."""
    return tuple(name for name in speeds if name not in problem.speeds)


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


def check_dependent(
    ns: Namespace,
    speeds: Mapping[str, sympy.Expr],
    dependent: tuple[str, ...],
    rows: Sequence[RateRow],
    out: Collector,
) -> None:
    """Dependent speeds the constraints fix, and only those: written in the speeds, the
    constraints' coefficients of the dependent speeds must be regular (one independent
    constraint per dependent speed, solvable for them), else `run` could not eliminate them.
    Decided at generic points (a point where the sine of an angle vanishes is not one)."""
    if not dependent or not rows:
        return
    symbols = ns.symbols
    rates = list(symbols.rate.values())
    names = list(speeds) if speeds else list(symbols.rate)
    if speeds:
        in_rates = [derivatives_by(symbols.static(speeds[name]), rates) for name in names]
    else:
        in_rates = [
            [sympy.Integer(int(i == j)) for j in range(len(rates))] for i in range(len(rates))
        ]
    entries = [e for row in in_rates for e in row] + [c for row in rows for c in row.coefficients]
    points = sample(entries, 2)
    if not points:
        return
    width = len(rates)
    columns = [names.index(name) for name in dependent if name in names]
    verdicts = []
    for values in points:
        square = [list(values[i * width : (i + 1) * width]) for i in range(len(names))]
        flat = values[len(names) * width :]
        constraint = [list(flat[i * width : (i + 1) * width]) for i in range(len(rows))]
        in_speeds = _in_speeds(constraint, square)
        if in_speeds is None:
            return  # the speeds are singular here: not decided at this point
        independent = numeric_rank(in_speeds)
        on_dependent = numeric_rank([[row[c] for c in columns] for row in in_speeds])
        verdicts.append((independent, on_dependent))
    independent, on_dependent = max(verdicts)
    if on_dependent < len(columns) or independent != len(columns):
        count = f"{independent} independent constraint{'s' if independent != 1 else ''}"
        named = f"{len(columns)} dependent speed{'s' if len(columns) != 1 else ''} named"
        out.error(
            ("dependent_speeds",),
            f"the constraints cannot be solved for {', '.join(dependent)} ({count}, {named}): "
            "name as dependent the speeds the constraints can be solved for",
        )


def _in_speeds(
    constraint: list[list[complex]], square: list[list[complex]]
) -> list[list[complex]] | None:
    """The constraint rows C (in the rates) written in the speeds u = Y q': C Y^-1, or None
    when Y is singular at the point."""
    n = len(square)
    inverse = invert(square)
    if inverse is None:
        return None
    return [[sum(row[k] * inverse[k][j] for k in range(n)) for j in range(n)] for row in constraint]


REGULARITY_POINTS = 40  # configurations inside the domains where the speeds' matrix is tried


def check_regular(
    ns: Namespace, speeds: Mapping[str, sympy.Expr], domains: Sequence[DomainSpec], out: Collector
) -> None:
    """A warning when the speeds fix the rates in some configurations of the domains and not in
    others: the determinant of their rate coefficients takes both signs there, so it vanishes
    between (Euler angles' body speeds at gimbal lock). Their values still hold wherever it is
    not 0; a domain on one side, or other speeds, removes the warning."""
    symbols = ns.symbols
    rates = list(symbols.rate.values())
    if not speeds or len(speeds) != len(rates):
        return
    entries = [derivatives_by(symbols.static(d), rates) for d in speeds.values()]
    if not any(e.free_symbols for row in entries for e in row):
        return  # constant coefficients: regular everywhere or nowhere (refused above)
    domain = Domain(
        tuple(d.expr for d in domains if d.strict), tuple(d.expr for d in domains if not d.strict)
    )
    flat = [e for row in entries for e in row]
    signs: dict[int, str] = {}
    for point, values in admissible_values(flat, domain, REGULARITY_POINTS, seed=7):
        n = len(rates)
        det = _determinant([[values[i * n + j].real for j in range(n)] for i in range(n)])
        if det != 0.0:
            signs.setdefault(1 if det > 0 else -1, point.describe())
        if len(signs) == 2:
            out.warn(
                ("speeds",),
                "these speeds fix the rates only where the determinant of their rate "
                f"coefficients{_written(entries)} is not 0, and it changes sign inside the "
                "domains (at "
                f"{signs[1]}; at {signs[-1]}): between, some rates cannot be found from the "
                "speeds (as Euler angles' at gimbal lock). Restrict `domains:` to one side, or "
                "choose other speeds",
                key=True,
            )
            return


def _determinant(rows: list[list[float]]) -> float:
    """det by elimination with partial pivoting, in floats (a sign is all that is asked)."""
    a = [row[:] for row in rows]
    det = 1.0
    for col in range(len(a)):
        pivot = max(range(col, len(a)), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            return 0.0
        if pivot != col:
            a[col], a[pivot] = a[pivot], a[col]
            det = -det
        det *= a[col][col]
        for r in range(col + 1, len(a)):
            factor = a[r][col] / a[col][col]
            for c in range(col, len(a)):
                a[r][c] -= factor * a[col][c]
    return det


def _written(entries: list[list[sympy.Expr]]) -> str:
    """' (= det)' for up to three speeds, where the determinant stays short; else nothing."""
    if len(entries) > 3:
        return ""
    det = sympy.factor(sympy.trigsimp(sympy.Matrix(entries).det(method="berkowitz")))
    text = str(det)
    return f" ({text})" if len(text) <= 80 else ""
