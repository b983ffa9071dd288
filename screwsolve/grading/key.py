"""An answer key: a problem file with `expected:` (the graded items) and `grading:`.

Before any submission is graded, the key itself is checked as `check` would: each of its
`expected:` claims must hold for its own problem, or the key is refused with the located
failures. Its truth - each item's true value, points, hint, and the wrong answers typical
mistakes produce - is plain text in screwsolve's grammar, so it is cached and re-read without
solving the problem again: grading then only needs the key's names (`Comparer`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import PurePath
from typing import Any, TypeAlias

from sympy.physics.vector import Vector

from screwsolve.checking.checking import check_claims
from screwsolve.checking.claims import (
    ClaimKind,
    Comparer,
    Series,
    TrueValue,
    Truth,
    Unknown,
    claims_of,
    value_of,
)
from screwsolve.checking.reports import clipped
from screwsolve.errors import Diagnostic, InputError
from screwsolve.files.loaded import Loaded
from screwsolve.files.loading import load_problem_text
from screwsolve.grading.diagnosis import Mistake, Mistakes
from screwsolve.limits import MAX_EXPRESSION_CHARS
from screwsolve.mechanics.analysis import analyse
from screwsolve.model.grammar import parse_vector, suggest
from screwsolve.model.system import System, build_system
from screwsolve.solution.build import Presenter
from screwsolve.solution.result import ScrewValue, VectorValue
from screwsolve.symbolic.printing import text, vector_text

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


def written(value: TrueValue) -> Written:
    """A true value as text in the grammar (what the cache holds)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, ScrewValue):
        return [vector_text(value.resultant.terms), vector_text(value.moment.terms), value.point]
    return text(value)


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


def key_truth(loaded: Loaded) -> KeyTruth:
    """Solve the key's problem, check its own claims, and give every item's truth."""
    problem = loaded.problem
    assert problem.expected is not None and problem.grading is not None
    analysis = analyse(loaded)
    failures = [
        Diagnostic(
            loaded.source.file,
            result.line,
            result.col,
            f"the key's own claim {result.path} does not hold"
            + (f": {clipped(result.detail, 200)}" if result.status == "error" else "")
            + (
                f" (the problem gives {clipped(str(result.got))})" if result.got is not None else ""
            ),
        )
        for result in check_claims(analysis)
        if result.status != "ok"
    ]
    if failures:
        raise InputError(failures)
    grading = problem.grading
    claims = claims_of(problem.expected)
    _check_grading_names(loaded, [c.item for c in claims])
    if grading.items is not None:
        claims = [c for c in claims if _chosen(c.item, grading.items)]
    presenter = Presenter(analysis)
    mistakes = Mistakes(analysis, presenter)
    items = []
    too_large = []
    for claim in claims:
        truth = value_of(claim, analysis, presenter)
        assert not isinstance(truth, Unknown)  # the key's claims were just checked
        symbols = analysis.system.namespace.symbols
        names = {static: name for name, static in symbols.rate.items()}
        rates = {names[rate]: text(value) for rate, value in truth.rates.items()}
        value = written(truth.value)
        longest = max(map(len, [*_texts(value), *rates.values()]), default=0)
        if longest > MAX_EXPRESSION_CHARS:  # graded, it would be read back: refused there
            too_large.append(
                loaded.source.diagnostic(
                    ("expected", *claim.path),
                    f"the key's claim {claim.item} is too large to grade: its value, or a rate "
                    f"the constraints eliminate, is {longest} characters written out (an "
                    f"expression has at most {MAX_EXPRESSION_CHARS}); leave it out with "
                    "grading: {items: [...]}",
                )
            )
            continue
        items.append(
            ItemTruth(
                claim.item,
                claim.path,
                claim.kind,
                value,
                rates,
                grading.points.get(claim.item, grading.default_points),
                grading.hints.get(claim.item, ""),
                tuple(_wrong(m) for m in mistakes.of(claim, truth)),
                truth.up_to_constant,
                claim.series,
                truth.on_surface,
            )
        )
    if too_large:
        raise InputError(too_large)
    return KeyTruth(key_id(loaded), problem.title, grading.tolerance, tuple(items))


def _texts(value: Written) -> list[str]:
    """The expression texts of a written truth (a scalar, or a screw's vectors)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [part for part in value if isinstance(part, str)]
    return []


def _wrong(mistake: Mistake) -> WrongAnswer:
    return WrongAnswer(mistake.code, mistake.feedback, written(mistake.value))


def _chosen(item: str, chosen: list[str]) -> bool:
    """An item is graded when `grading.items` names it or a section above it."""
    return any(item == name or item.startswith(name + ".") for name in chosen)


def _check_grading_names(loaded: Loaded, items: list[str]) -> None:
    """`grading.points`, `grading.hints` and `grading.items` may only name items of
    `expected:` (items: a section too)."""
    grading = loaded.problem.grading
    assert grading is not None
    problems = []
    for index, name in enumerate(grading.items or []):
        if not any(_chosen(item, [name]) for item in items):
            problems.append(
                loaded.source.diagnostic(
                    ("grading", "items", index),
                    f"grading.items names '{name}', which is neither an item of expected: nor "
                    "a section holding one" + suggest(name, items),
                )
            )
    for block in ("points", "hints"):
        for name in getattr(grading, block):
            if name not in items:
                problems.append(
                    loaded.source.diagnostic(
                        ("grading", block, name),
                        f"grading.{block} names '{name}', which is not an item of expected:"
                        + suggest(name, items),
                        key=True,
                    )
                )
    if problems:
        raise InputError(problems)


class KeyReader:
    """The key's truths as sympy values again, parsed with the key's names (no solving): each
    item's truth and wrong answers, parsed on first use."""

    def __init__(self, loaded: Loaded, truth: KeyTruth, seed: int) -> None:
        self.system: System = build_system(loaded.problem, loaded.source)
        self.truth = truth
        self.comparer = Comparer(self.system, seed, truth.tolerance)
        self._values: dict[tuple[str, str], Truth] = {}

    def value(self, item: ItemTruth) -> Truth:
        """An item's truth."""
        key = (item.item, "")
        if key not in self._values:
            truth = self._truth(item.kind, item.value, item.rates)
            self._values[key] = replace(
                truth, up_to_constant=item.up_to_constant, on_surface=item.on_surface
            )
        return self._values[key]

    def wrong(self, item: ItemTruth, index: int) -> Truth:
        """The answer an item's index-th typical mistake produces."""
        key = (item.item, str(index))
        if key not in self._values:
            mistake = item.mistakes[index]
            wrong = self._truth(item.kind, mistake.value, item.rates)
            self._values[key] = replace(wrong, on_surface=item.on_surface)
        return self._values[key]

    def _truth(self, kind: ClaimKind, value: Written, rates: dict[str, str]) -> Truth:
        symbols = self.system.namespace.symbols
        parsed_rates = {symbols.rate[name]: self.comparer.scalar(t) for name, t in rates.items()}
        if kind == "scalar":
            assert isinstance(value, str)
            # a wrong answer may hold the rates the constraints eliminate (F_r, the constraints
            # ignored): it is put on the constraints as a student's answer is
            scalar = self.comparer.scalar(value).xreplace(parsed_rates)
            return Truth(kind, scalar, parsed_rates)
        if kind == "screw":
            assert isinstance(value, list)
            resultant, moment, at = value
            return Truth(kind, ScrewValue(self._vector(resultant), self._vector(moment), at))
        if kind == "names":
            assert isinstance(value, list)
            return Truth(kind, tuple(value))
        assert isinstance(value, bool)
        return Truth(kind, value)

    def _vector(self, written_vector: str) -> VectorValue:
        vector = parse_vector(written_vector, self.system.namespace)
        if vector == Vector(0):
            return VectorValue(())
        static = self.system.namespace.static
        terms = self.system.frames.terms(vector)
        return VectorValue(tuple((static(c), unit) for c, unit in terms))
