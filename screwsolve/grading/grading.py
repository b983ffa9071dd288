"""One untrusted submission scored against an answer key, in a worker (`batch.py` hands the
class out and collects the results, `results.py`).

The key's truth (`key.py`) is computed once, checked, and cached by the key's full content and
the tools' versions; grading a submission then costs only parsing and numeric comparisons. Each
submission is read item by item, so one malformed item costs only that item, and each item gets
a verdict: correct, wrong (with feedback naming the mistake when one is recognised, then the
key's hint), unreadable, undecided (could not be evaluated) or missing. Probe points come from a
secret seed drawn per run and recorded in the report.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import replace
from pathlib import PurePath
from typing import Any

import sympy

from screwsolve.checking.claims import SECTIONS, Claim, Malformed, PartVerdict, Truth, walk
from screwsolve.checking.reports import QUALIFIED
from screwsolve.errors import InputError
from screwsolve.files.loading import load_data, validate_model
from screwsolve.files.reading import read_text
from screwsolve.files.schema import SubmissionEnvelope
from screwsolve.grading.diagnosis import causes
from screwsolve.grading.identity import identity_of
from screwsolve.grading.key import KeyReader
from screwsolve.grading.results import SEPARATOR, ItemResult, SubmissionResult, from_lms
from screwsolve.grading.truth import ItemTruth, KeyTruth, load_key
from screwsolve.grading.unit_feedback import screw_texts, unit_feedback
from screwsolve.solution.result import ScrewValue
from screwsolve.symbolic.equivalence import sample


class Grader:
    """Grades one submission file against the key, in a worker (`batch.py` hands it out and
    builds it once per process): the key's truth arrives as text and is parsed here."""

    def __init__(self, key_name: str, key_text: str, truth: KeyTruth, seed: int) -> None:
        self.truth = truth
        self.seed = seed
        self.reader = KeyReader(load_key(key_text, key_name), truth, seed)

    def __call__(self, path: str) -> SubmissionResult:
        result = SubmissionResult(path)
        if PurePath(path).suffix.lower() not in (".yaml", ".yml"):
            result.notes.append(f"read as a YAML submission although it is named {path}")
        try:
            file, text = read_text(path)
            data, source = load_data(text, file, what="a submission")
            data = _envelope_keys(data, result.notes)
            envelope = validate_model(SubmissionEnvelope, data, source)
        except InputError as exc:
            result.status = "invalid"
            result.diagnostics = [str(d) for d in exc.diagnostics]
            result.identity = identity_of(path, "") if from_lms(path) else None
            return result
        result.declared = envelope.student
        result.identity = identity_of(path, envelope.student)
        problem = envelope.problem
        if problem != self.truth.key_id:
            if _normal_id(problem) != _normal_id(self.truth.key_id):
                close = difflib.get_close_matches(problem, [self.truth.key_id], n=1, cutoff=0.6)
                hint = f" (did you mean '{self.truth.key_id}'?)" if close else ""
                result.status = "rejected"
                result.diagnostics = [
                    f"answers problem '{problem}', not '{self.truth.key_id}'{hint}"
                ]
                return result
            result.notes.append(f"problem '{problem}' read as '{self.truth.key_id}'")
        answers: dict[tuple[str, ...], Claim | Malformed] = {}
        for found in walk(envelope.answers):
            answers[found.path] = found
        unmatched = [p for p in answers if p not in {i.path for i in self.truth.items}]
        unmatched += [(str(k),) for k in envelope.answers if k not in SECTIONS]
        for item in self.truth.items:
            result.items.append(self._isolated(item, answers.get(item.path), unmatched))
        return result

    def _isolated(
        self, item: ItemTruth, answer: Claim | Malformed | None, unmatched: list[tuple[str, ...]]
    ) -> ItemResult:
        """One item, whatever reading or comparing it costs: a failure (recursion, memory, a
        bug) makes that item unreadable and leaves every other item of the student as it is."""
        try:
            return self._item(item, answer, unmatched)
        except (RecursionError, MemoryError, ArithmeticError, ValueError, TypeError) as exc:
            written = answer.written() if isinstance(answer, Claim) else ""
            reason = type(exc).__name__
            return ItemResult(
                item.item, "unreadable", 0.0, item.points, f"cannot read it ({reason})", written
            )

    # -- one item ---------------------------------------------------------------------------

    def _item(
        self, item: ItemTruth, answer: Claim | Malformed | None, unmatched: list[tuple[str, ...]]
    ) -> ItemResult:
        points = item.points
        if answer is None:
            return ItemResult(item.item, "missing", 0.0, points, _no_answer(item, unmatched))
        if isinstance(answer, Malformed):
            return ItemResult(item.item, "unreadable", 0.0, points, answer.message)
        reader = self.reader
        written = answer.written()
        answer = replace(answer, series=item.series)  # the key sets the order asked for
        verdicts = reader.comparer.compare(answer, reader.value(item))
        error = next((v for v in verdicts if v.status == "error"), None)
        if error is not None:
            where = f" (column {error.offset + 1})" if error.offset is not None else ""
            part = f"the {error.part}: " if error.part else ""
            feedback = f"cannot read {part}{error.detail}{where}"
            return ItemResult(item.item, "unreadable", 0.0, points, feedback, written)
        if all(v.status == "ok" for v in verdicts):
            return ItemResult(item.item, "correct", points, points, "", written)
        if any(v.undecided for v in verdicts):
            why = next((v.detail for v in verdicts if v.undecided and v.detail), "")
            feedback = _join(
                "the answer could not be evaluated at enough points to decide it; it is on the "
                "instructor's review list" + (f" ({why})" if why else ""),
                item.hint,
            )
            return ItemResult(
                item.item, "undecided", 0.0, points, feedback, written, hint=item.hint
            )
        code, diagnosis = self._diagnose(item, answer, verdicts)
        return ItemResult(
            item.item, "wrong", 0.0, points, _join(diagnosis, item.hint), written, code, item.hint
        )

    def _diagnose(
        self, item: ItemTruth, answer: Claim, verdicts: list[PartVerdict]
    ) -> tuple[str, str]:
        """(code, feedback) of the recognised mistake, or ("", what is wrong in general)."""
        reader = self.reader
        truth = reader.value(item)
        if item.kind == "names":
            return "", _names_feedback(answer.names, truth.value)
        if item.kind == "flag":
            return "", ""
        if item.kind == "screw" and verdicts[0].part == "at":
            assert isinstance(truth.value, ScrewValue)
            return "wrong-point", f"resolve the screw about point {truth.value.point}"
        # every mistake that gives this value: when several do, the value cannot tell which
        # was made, and the feedback says so instead of naming one with confidence. First:
        # a typical mistake that changes the units (the speeds or the parts of a screw swapped)
        # is named by the value it gives, more precisely than by its units
        matched: list[tuple[str, str]] = []
        for index, wrong in enumerate(item.mistakes):
            if _all_ok(reader.comparer.compare(answer, reader.wrong(item, index))):
                matched.append((wrong.code, wrong.feedback))
        for code, feedback, value in _whole_answer_slips(truth):
            if _all_ok(reader.comparer.compare(answer, value)):
                matched.append((code, feedback))
        if matched:
            return causes(matched)
        # then units (when the key has them): a value of the wrong units is no typical slip
        texts = screw_texts(answer.screw) if item.kind == "screw" else (answer.text,)
        by_units = unit_feedback(reader.system, item.path, item.kind, texts)
        if by_units is not None:
            number = (
                self._number_for_parameter(answer.text, truth) if item.kind == "scalar" else None
            )
            if number is not None and "number 1:" not in number[1]:  # g written 9.81
                return number[0], f"{number[1]} ({by_units[1]})"
            return by_units
        for other in self.truth.items:
            if other.item == item.item or other.kind != item.kind:
                continue
            if _all_ok(reader.comparer.compare(answer, reader.value(other))):
                return "other-item", f"this is the answer to {other.item}"
        if item.kind == "scalar":
            found = self._number_for_parameter(answer.text, truth)
            if found is not None:
                return found
        if item.kind == "screw":
            wrong_parts = [v.part for v in verdicts if v.status == "fail"]
            return "", "the " + " and the ".join(p for p in wrong_parts if p) + " is wrong"
        detail = next((v.detail for v in verdicts if v.status == "fail" and v.detail), "")
        # no typical mistake gives this value: say where it is wrong, with both numbers
        if not detail:
            return "", "wrong value"
        return "", "no typical mistake gives this value: " + readable_difference(detail)

    def _number_for_parameter(
        self, text: str, truth: Truth, *, ones: bool = True
    ) -> tuple[str, str] | None:
        """The answer is the truth with one parameter (on which the truth depends linearly) set
        to a number: 'the parameter g was replaced by 9.81', or, for 0, 'the terms in g are
        missing'. With `ones` false, a parameter set to 1 or -1 is not one (with units, a
        factor left out is said so by them)."""
        reader = self.reader
        assert isinstance(truth.value, sympy.Expr)
        answer = reader.comparer.scalar(text)
        if truth.rates:
            answer = answer.xreplace(truth.rates)
        parameters = set(reader.system.parameters.values())
        for symbol in sorted(truth.value.free_symbols & parameters - answer.free_symbols, key=str):
            slope = truth.value.diff(symbol)
            if slope == 0 or slope.has(symbol):
                continue
            offset = truth.value.subs(symbol, 0)
            points = sample([answer - offset, slope], count=3, seed=self.seed)
            values = [a / b for a, b in points if abs(b) > 1e-12]
            if len(values) < 2 or any(abs(v - values[0]) > 1e-9 * abs(values[0]) for v in values):
                continue
            number = values[0]
            if abs(number.imag) > 1e-9 * max(1.0, abs(number.real)):
                continue
            if not ones and abs(abs(number.real) - 1) < 1e-9:
                continue
            zero = abs(number.real) < 1e-9
            constant = sympy.Integer(0) if zero else sympy.Float(number.real, 30)
            replaced = Truth("scalar", truth.value.subs(symbol, constant), truth.rates)
            if not _all_ok(reader.comparer.compare(Claim((), "scalar", text), replaced)):
                continue
            if zero:
                return "missing-terms", f"the terms in {symbol} are missing"
            return (
                "number-for-parameter",
                f"the parameter {symbol} was replaced by the number {number.real:.6g}: keep "
                "the parameters as symbols",
            )
        return None


ENVELOPE_KEYS = ("student", "problem", "answers")


def _normal_id(text: str) -> str:
    """A problem id as a student may write it: any case, spaces around, _ for -."""
    return text.strip().casefold().replace("_", "-")


def _envelope_keys(data: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    """The top-level keys read with intent: a misspelt one (`answer:`) as the key it is close
    to, when that key is missing; any other key ignored, with a note."""
    data = dict(data)
    for key in [k for k in data if k not in ENVELOPE_KEYS]:
        missing = [k for k in ENVELOPE_KEYS if k not in data]
        close = difflib.get_close_matches(str(key).strip().casefold(), missing, n=1, cutoff=0.75)
        if close:
            data[close[0]] = data.pop(key)
            notes.append(f"'{key}:' read as '{close[0]}:'")
        else:
            data.pop(key)
            notes.append(f"top-level '{key}:' ignored (a submission has student, problem, answers)")
    return data


def _close_section(key: str, section: str) -> bool:
    """A misspelt top-level answer key that means `section` (`power_coeficients:`,
    `potential:` for potential_energy)."""
    name = key.strip().casefold().replace(" ", "_").replace("-", "_")
    ratio = difflib.SequenceMatcher(None, name, section).ratio()
    return ratio >= 0.8 or (len(name) >= 5 and section.startswith(name))


def _all_ok(verdicts: list[PartVerdict]) -> bool:
    return all(v.status == "ok" for v in verdicts)


def _whole_answer_slips(truth: Truth) -> list[tuple[str, str, Truth]]:
    """What slips of the whole answer give: its sign, a factor of 2 either way, sin and cos
    swapped, angles converted by pi/180 once too often (each only when it changes the value)."""
    slips = [("sign", "the sign is wrong", _negated(truth))]
    value = truth.value
    if not isinstance(value, sympy.Expr):
        return slips
    slips.append(("factor-two", "the whole answer is twice the right one", _scaled(truth, 2)))
    slips.append(
        (
            "factor-two",
            "the whole answer is half the right one",
            _scaled(truth, sympy.Rational(1, 2)),
        )
    )
    trig = value.atoms(sympy.sin, sympy.cos)
    if trig:
        swap = {f: (sympy.cos if isinstance(f, sympy.sin) else sympy.sin)(f.args[0]) for f in trig}
        slips.append(
            (
                "sin-cos",
                "sin and cos are swapped: project on the axis the angle is measured from",
                replace(truth, value=value.xreplace(swap)),
            )
        )
    angles = value.atoms(sympy.sin, sympy.cos, sympy.tan, sympy.cot, sympy.sec, sympy.csc)
    if angles:
        degrees = {f: f.func(f.args[0] * sympy.pi / 180) for f in angles}
        slips.append(
            (
                "degrees",
                "an angle is converted with pi/180 where it is an angle already: sin(theta) "
                "takes theta as it is (in the unit the problem gives it)",
                replace(truth, value=value.xreplace(degrees)),
            )
        )
    return slips


_DIFFERS = re.compile(r"differs at (?P<where>.+): (?P<answer>\S+) vs (?P<key>\S+)$")


def readable_difference(detail: str) -> str:
    """A comparison's detail as a teacher says it, each number labelled: "at x=1.2, theta=0.6
    your answer gives 6.66, the key 5.44" (with "on the constraints" or "up to a constant,
    d/dtheta" kept in front)."""
    detail = detail.removeprefix(QUALIFIED)
    head, _, last = detail.rpartition("differs at ")
    found = _DIFFERS.match("differs at " + last) if last else None
    if found is None:
        return detail
    where, answer, key = found["where"], found["answer"], found["key"]
    lead = head.strip().rstrip(",")
    lead = f"{lead}, " if lead else ""
    return f"{lead}at {where} your answer gives {answer}, the key {key}"


def _scaled(truth: Truth, factor: sympy.Expr) -> Truth:
    assert isinstance(truth.value, sympy.Expr)
    return replace(truth, value=factor * truth.value)


def _negated(truth: Truth) -> Truth:
    if isinstance(truth.value, sympy.Expr):
        return replace(truth, value=-truth.value)  # a potential stays compared up to a constant
    assert isinstance(truth.value, ScrewValue)
    value = truth.value
    resultant = type(value.resultant)(tuple((-c, u) for c, u in value.resultant.terms))
    moment = type(value.moment)(tuple((-c, u) for c, u in value.moment.terms))
    return Truth("screw", ScrewValue(resultant, moment, value.point))


def _join(*parts: str) -> str:
    return SEPARATOR.join(p for p in parts if p)


def _no_answer(item: ItemTruth, unmatched: list[tuple[str, ...]]) -> str:
    """'no answer', with a did-you-mean when an answer sits under a close or misspelt key (at
    any level: a misspelt section holds the whole section's items)."""
    section = item.path[0]
    for path in unmatched:
        if len(path) == 1 and path[0] not in SECTIONS and _close_section(path[0], section):
            return (
                f"no answer for {item.item}; answers were given under '{path[0]}:' "
                f"(did you mean '{section}:'?)"
            )
    written = {".".join(p): p for p in unmatched}
    close = difflib.get_close_matches(item.item, list(written), n=1, cutoff=0.75)
    if not close:
        lowered = {k.lower(): k for k in written}
        match = lowered.get(item.item.lower())
        close = [match] if match else []
    if close:
        return f"no answer for {item.item}; an answer was given as '{close[0]}' (did you mean '{item.item}'?)"
    return "no answer given"


def _names_feedback(given: tuple[str, ...], true: object) -> str:
    assert isinstance(true, tuple)
    missing = sorted(set(true) - set(given))
    extra = sorted(set(given) - set(true))
    parts = []
    if missing:
        parts.append(f"also noncontributing: {', '.join(missing)}")
    if extra:
        parts.append(f"not noncontributing: {', '.join(extra)}")
    return "; ".join(parts)


# -- the batch -------------------------------------------------------------------------------
