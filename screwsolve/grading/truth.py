"""A key's truth as plain data: every graded item's true value as text, its points, hint and
typical wrong answers, read back from the cache and handed to the graders. Nothing here imports
the solver: `grade`'s own process reads a cached key with it, and only its workers compare
(`grading.py`); computing a truth is `key.py`'s."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any, TypeAlias

from screwsolve.checking.claim_kinds import ClaimKind, Series
from screwsolve.errors import Diagnostic, InputError
from screwsolve.files.loaded import Loaded
from screwsolve.files.loading import load_problem_text

Written: TypeAlias = (
    str | list[str] | bool
)  # a value as text: expression, screw parts or names, yes/no


@dataclass(frozen=True)
class WrongAnswer:
    """A typical mistake on one item: code, feedback, and the answer it produces (as text)."""

    code: str
    feedback: str
    value: Written


@dataclass(frozen=True)
class ItemTruth:
    """One graded item: its true value and the eliminated rates (as text), points, hint and the
    typical wrong answers."""

    item: str
    path: tuple[str, ...]
    kind: ClaimKind
    value: Written
    rates: dict[str, str] = field(default_factory=dict)
    points: float = 1.0
    hint: str = ""
    mistakes: tuple[WrongAnswer, ...] = ()
    up_to_constant: bool = False  # a potential energy: any added constant is as right
    series: Series | None = None  # the key asks for this order only: answers are held to it
    on_surface: bool = False  # compared with the coordinates on the holonomic constraints


@dataclass(frozen=True)
class KeyTruth:
    """Everything grading needs from a key besides its names."""

    key_id: str
    title: str
    tolerance: float
    items: tuple[ItemTruth, ...]
    hints_after_due_date: bool = False  # read from the key itself, like its id, never cached

    @property
    def max_points(self) -> float:
        return sum(i.points for i in self.items)

    def to_json(self) -> dict[str, Any]:
        return {
            "key_id": self.key_id,
            "title": self.title,
            "tolerance": self.tolerance,
            "items": [
                {
                    "item": i.item,
                    "path": list(i.path),
                    "kind": i.kind,
                    "value": i.value,
                    "rates": i.rates,
                    "points": i.points,
                    "hint": i.hint,
                    "mistakes": [
                        {"code": m.code, "feedback": m.feedback, "value": m.value}
                        for m in i.mistakes
                    ],
                    "up_to_constant": i.up_to_constant,
                    "series": (
                        {"small": list(i.series.small), "order": i.series.order}
                        if i.series is not None
                        else None
                    ),
                    "on_surface": i.on_surface,
                }
                for i in self.items
            ],
        }

    @staticmethod
    def from_json(data: Any) -> KeyTruth:
        """Read back a cached truth, refusing (ValueError) anything of another shape."""
        if not isinstance(data, dict):
            raise ValueError("not a mapping")
        items = []
        for entry in _list(data["items"]):
            kind = entry["kind"]
            if kind not in ("scalar", "screw", "names", "flag"):
                raise ValueError(f"unknown kind {kind!r}")
            mistakes = tuple(
                WrongAnswer(_str(m["code"]), _str(m["feedback"]), _written(kind, m["value"]))
                for m in _list(entry["mistakes"])
            )
            rates = entry["rates"]
            if not isinstance(rates, dict):
                raise ValueError("rates is not a mapping")
            series = entry["series"]
            if series is not None:
                order = series["order"]
                if not isinstance(order, int) or isinstance(order, bool):
                    raise ValueError("series order is not an integer")
                series = Series(tuple(_str(n) for n in _list(series["small"])), order)
            up_to_constant = entry["up_to_constant"]
            if not isinstance(up_to_constant, bool):
                raise ValueError("up_to_constant is not a boolean")
            on_surface = entry["on_surface"]
            if not isinstance(on_surface, bool):
                raise ValueError("on_surface is not a boolean")
            items.append(
                ItemTruth(
                    _str(entry["item"]),
                    tuple(_str(p) for p in _list(entry["path"])),
                    kind,
                    _written(kind, entry["value"]),
                    {_str(k): _str(v) for k, v in rates.items()},
                    _number(entry["points"]),
                    _str(entry["hint"]),
                    mistakes,
                    up_to_constant,
                    series,
                    on_surface,
                )
            )
        return KeyTruth(
            _str(data["key_id"]), _str(data["title"]), _number(data["tolerance"]), tuple(items)
        )


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("expected a list")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("expected text")
    return value


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("expected a number")
    return float(value)


def _written(kind: str, value: Any) -> Written:
    if kind == "scalar":
        return _str(value)
    if kind == "flag":
        if not isinstance(value, bool):
            raise ValueError("expected true or false")
        return value
    parts = [_str(v) for v in _list(value)]
    if kind == "screw" and len(parts) != 3:
        raise ValueError("a screw has three parts")
    return parts


def key_id(loaded: Loaded) -> str:
    """The id submissions must name: grading.id, or else the key's file stem."""
    grading = loaded.problem.grading
    if grading is not None and grading.id:
        return grading.id
    return PurePath(loaded.source.file).stem


def load_key(text: str, name: str) -> Loaded:
    """A key's text, validated as a problem that has `expected:` and `grading:` blocks."""
    loaded = load_problem_text(text, name)
    if loaded.problem.expected is None or loaded.problem.grading is None:
        raise InputError([Diagnostic(name, 1, 1, "a key needs expected: and grading: blocks")])
    return loaded
