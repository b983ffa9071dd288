"""An answer key: a problem file with `expected:` (the graded items) and `grading:`.

Before any submission is graded, the key itself is checked as `check` would: each of its
`expected:` claims must hold for its own problem, or the key is refused with the located
failures. Its truth - each item's true value, points, hint, and the wrong answers typical
mistakes produce - is plain text in screwsolve's grammar, so it is cached and re-read without
solving the problem again: grading then only needs the key's names (`Comparer`).
"""

from __future__ import annotations

from dataclasses import replace

from sympy.physics.vector import Vector

from screwsolve.checking.checking import check_claims
from screwsolve.checking.claim_kinds import ClaimKind
from screwsolve.checking.claims import (
    Comparer,
    TrueValue,
    Truth,
    Unknown,
    claims_of,
    value_of,
)
from screwsolve.checking.reports import clipped
from screwsolve.errors import Diagnostic, InputError
from screwsolve.files.loaded import Loaded
from screwsolve.grading.diagnosis import Mistake, Mistakes
from screwsolve.grading.truth import (
    ItemTruth,
    KeyTruth,
    Written,
    WrongAnswer,
    key_id,
)
from screwsolve.limits import MAX_EXPRESSION_CHARS
from screwsolve.mechanics.analysis import analyse
from screwsolve.model.grammar import parse_vector, suggest
from screwsolve.model.system import System, build_system
from screwsolve.solution.build import Presenter
from screwsolve.solution.result import ScrewValue, VectorValue
from screwsolve.symbolic.printing import text, vector_text


def written(value: TrueValue) -> Written:
    """A true value as text in the grammar (what the cache holds)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, ScrewValue):
        return [vector_text(value.resultant.terms), vector_text(value.moment.terms), value.point]
    return text(value)


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
