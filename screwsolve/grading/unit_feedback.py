"""Feedback by units for a wrong answer, when the key declares them: an answer whose terms cannot
meet, or whose unit is not its quantity's, is named by its units before any other diagnosis,
with the factor that is likely missing (or extra) when a name's unit explains the difference —
"a moment is asked (N*m), this is a force (N): a factor in m is missing, such as l or h"."""

from __future__ import annotations

from screwsolve.errors import ExpressionError
from screwsolve.model.dimensions import DimensionError
from screwsolve.model.grammar import Value, parse
from screwsolve.model.system import System
from screwsolve.units import Unit

MAX_NAMED = 3


def unit_feedback(
    system: System, path: tuple[str, ...], kind: str, texts: tuple[str, ...]
) -> tuple[str, str] | None:
    """(code, feedback) when the answer's units are wrong, None when they are right or not
    known (a key without units, a name with none). `texts` is the scalar, or the screw's
    resultant and moment."""
    units = system.units
    if units is None or kind not in ("scalar", "screw"):
        return None
    required = units.quantities.of_claim(path)
    if kind == "screw":
        pair = required if isinstance(required, tuple) else (None, None)
        for part, text, unit in zip(("resultant", "moment"), texts, pair, strict=False):
            found = _one(system, text, unit)
            if found is not None:
                return found[0], f"the {part}: {found[1]}"
        return None
    return _one(system, texts[0], required if isinstance(required, Unit) else None)


def _one(system: System, text: str, required: Unit | None) -> tuple[str, str] | None:
    assert system.units is not None
    table = system.units.table
    try:
        value = parse(text, system.namespace)
    except ExpressionError:
        return None  # reported as unreadable elsewhere
    try:
        unit = table.of_value(value)
    except DimensionError as exc:
        return "units-in-terms", f"its terms cannot be added: {exc.message}"
    if unit is None or required is None or unit.alike(required):
        return None
    feedback = f"it is {unit.describe()}, but {required.describe()} is asked"
    held = {str(symbol) for symbol in _symbols(value)}
    return "units", feedback + _likely_factor(system, required / unit, held)


def _symbols(value: Value) -> set[object]:
    """The names an answer holds (a vector's, from its components in every frame)."""
    if value.scalar is not None:
        return set(value.scalar.free_symbols)
    if value.vector is not None:
        return set().union(*(components.free_symbols for components, _ in value.vector.args))
    return set()


def _likely_factor(system: System, ratio: Unit, held: set[str]) -> str:
    """': a factor in m is missing, such as l or h' when names of the file have the unit that
    `ratio` (asked / given) is, or its inverse (an extra factor). Only a cause the answer
    supports: an extra factor is one the answer holds, a missing one one it does not."""
    assert system.units is not None
    parameters = system.parameters
    names = {n: u for n, u in system.units.names.items() if n in parameters}
    for power, words in ((1, "missing"), (-1, "extra")):
        wanted = ratio if power == 1 else ratio**-1
        if wanted.dimensionless:
            continue
        matching = sorted(
            name
            for name, unit in names.items()
            if unit.alike(wanted) and (name in held) == (words == "extra")
        )
        if matching:
            shown = " or ".join(matching[:MAX_NAMED]) + (
                " ..." if len(matching) > MAX_NAMED else ""
            )
            return f": a factor in {wanted.text()} is {words}, such as {shown}"
    return ""


def screw_texts(screw: tuple[str, str, str] | None) -> tuple[str, ...]:
    """A claimed screw's resultant and moment texts."""
    return () if screw is None else (screw[0], screw[1])
