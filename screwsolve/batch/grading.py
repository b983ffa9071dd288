"""`screwsolve grade`: score untrusted submissions against an answer key.

The key is a problem file with `expected:` (the items) and `grading:` (points, hints, id). The
truth of every item is computed from the key's problem once, cached on disk by the key's content
and screwsolve's version, and each submission then costs only parsing and equivalence checks.
A submission is graded item by item: correct, wrong (with feedback: a missing action's
contribution, a flipped sign), unreadable (its expression breaks the grammar) or missing.
Submissions run in child processes, a chunk at a time; one bad or slow file never stops the batch.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

import sympy

from screwsolve import __version__
from screwsolve.errors import Diagnostic, ExpressionError, InputError
from screwsolve.files.schema import Expected, ScrewClaim, Submission

Verdict = Literal["correct", "wrong", "unreadable", "missing"]
Status = Literal["graded", "invalid", "rejected", "timeout", "crashed"]
CHUNK = 25


# -- items ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    """One answer or expected value: a scalar, a screw, a set of names or a yes/no."""

    kind: Literal["scalar", "screw", "set", "bool"]
    text: str = ""
    screw: tuple[str, str, str] | None = None  # resultant, moment, at
    names: tuple[str, ...] = ()
    flag: bool = False


def flatten(expected: Expected) -> dict[str, Claim]:
    """Every claim of an `expected:`/`answers:` block by its dotted path."""
    items: dict[str, Claim] = {}

    def screw(claim: ScrewClaim) -> Claim:
        return Claim("screw", screw=(claim.resultant, claim.moment, claim.at))

    for body, claim in (expected.kinematic_screws or {}).items():
        items[f"kinematic_screws.{body}"] = screw(claim)
    for body, by_coord in (expected.partial_screws or {}).items():
        for coord, claim in by_coord.items():
            items[f"partial_screws.{body}.{coord}"] = screw(claim)
    if isinstance(expected.power, str):
        items["power"] = Claim("scalar", expected.power)
    for action, text in (expected.power if isinstance(expected.power, dict) else {}).items():
        items[f"power.{action}"] = Claim("scalar", text)
    if expected.power_under_constraints is not None:
        items["power_under_constraints"] = Claim("scalar", expected.power_under_constraints)
    for key, value in (expected.power_coefficients or {}).items():
        if isinstance(value, str):
            items[f"power_coefficients.{key}"] = Claim("scalar", value)
        else:
            for coord, text in value.items():
                items[f"power_coefficients.{key}.{coord}"] = Claim("scalar", text)
    for action, shares in (expected.interaction or {}).items():
        for coord, share in shares.items():
            items[f"interaction.{action}.{coord}"] = Claim("scalar", share)
    if expected.noncontributing is not None:
        items["noncontributing"] = Claim("set", names=tuple(sorted(expected.noncontributing)))
    for joint, ideal in (expected.ideal_joints or {}).items():
        items[f"ideal_joints.{joint}"] = Claim("bool", flag=ideal)
    for body, claim in (expected.replacement or {}).items():
        items[f"replacement.{body}"] = screw(claim)
    return items


# -- the truth of a key --------------------------------------------------------------------


@dataclass(frozen=True)
class Truth:
    """What each item of a key really is, as text in screwsolve's grammar (cacheable)."""

    key_id: str
    items: dict[str, Claim]
    points: dict[str, float]
    hints: dict[str, str]
    terms: dict[str, dict[str, str]]  # total item path -> {action: its share}
    tolerance: float = 1e-9


def key_id(key_path: str, text: str) -> str:
    from screwsolve.files.loading import load_problem_text

    problem = load_problem_text(text, key_path).problem
    if problem.grading is not None and problem.grading.id:
        return problem.grading.id
    return Path(key_path).stem


def compute_truth(key_path: str, text: str) -> Truth:
    """Solve the key's problem and express every item's true value as text."""
    from screwsolve.api import solve_loaded
    from screwsolve.files.loading import load_problem_text
    from screwsolve.mechanics.analysis import Analysis
    from screwsolve.render.notation import text as expr_text
    from screwsolve.render.notation import vector_text
    from screwsolve.symbolic.simplify import simplest

    loaded = load_problem_text(text, key_path)
    problem = loaded.problem
    if problem.expected is None or problem.grading is None:
        raise InputError([Diagnostic(key_path, 1, 1, "a key needs expected: and grading: blocks")])
    analysis: Analysis = solve_loaded(loaded)
    kin = analysis.kinematics
    frames = analysis.system.frames
    actions = {a.action.name: a for a in analysis.actions}

    def scalar(expr: sympy.Expr) -> str:
        return expr_text(simplest(analysis.static(expr)))

    def vector(vec: Any) -> str:
        return vector_text(tuple((simplest(analysis.static(c)), u) for c, u in frames.terms(vec)))

    def screw_claim(found: Any, at: str) -> Claim:
        return Claim("screw", screw=(vector(found.resultant), vector(found.moment), at))

    items: dict[str, Claim] = {}
    terms: dict[str, dict[str, str]] = {}
    for path, claim in flatten(problem.expected).items():
        parts = path.split(".")
        head = parts[0]
        if head == "kinematic_screws":
            at = claim.screw[2] if claim.screw else ""
            items[path] = screw_claim(kin.kinematic_screw(parts[1], at), at)
        elif head == "partial_screws":
            at = claim.screw[2] if claim.screw else ""
            items[path] = screw_claim(kin.partial_screws(parts[1], at)[parts[2]], at)
        elif head == "replacement":
            at = claim.screw[2] if claim.screw else ""
            items[path] = screw_claim(analysis.replacement(parts[1], at), at)
        elif path == "power":
            items[path] = Claim("scalar", scalar(analysis.power))
            terms[path] = {n: scalar(a.power) for n, a in actions.items()}
        elif head == "power" and len(parts) == 2:
            items[path] = Claim("scalar", scalar(actions[parts[1]].power))
        elif path == "power_under_constraints":
            power = analysis.constraints.power
            items[path] = Claim("scalar", scalar(power if power is not None else sympy.nan))
        elif head == "power_coefficients" and len(parts) == 2:
            items[path] = Claim("scalar", scalar(analysis.coefficients[parts[1]]))
            terms[path] = {n: scalar(a.coefficients[parts[1]]) for n, a in actions.items()}
        elif head in ("power_coefficients", "interaction"):
            items[path] = Claim("scalar", scalar(actions[parts[1]].coefficients[parts[2]]))
        elif head == "noncontributing":
            items[path] = Claim("set", names=tuple(sorted(analysis.noncontributing)))
        elif head == "ideal_joints":
            joint = next(j for j in analysis.joints if j.joint.name == parts[1])
            items[path] = Claim("bool", flag=joint.ideal)
    grading = problem.grading
    points = {p: grading.points.get(p, grading.default_points) for p in items}
    return Truth(
        key_id(key_path, text), items, points, dict(grading.hints), terms, grading.tolerance
    )


def _cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "screwsolve" / "keys"


def cached_truth(key_path: str, text: str, *, use_cache: bool = True) -> Truth:
    """The key's truth, from the content-addressed cache when it is there."""
    digest = hashlib.sha256(f"{__version__}\0{text}".encode()).hexdigest()
    path = _cache_folder() / f"{digest}.json"
    if use_cache and path.is_file():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return _truth_from_json(data)
        except (ValueError, KeyError, TypeError):
            pass  # a damaged cache entry is recomputed
    truth = compute_truth(key_path, text)
    if use_cache:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(".tmp")
            temporary.write_text(json.dumps(asdict(truth), sort_keys=True), encoding="utf-8")
            temporary.replace(path)
        except OSError:
            pass  # no writable cache: grading still works
    return truth


def _truth_from_json(data: dict[str, Any]) -> Truth:
    items = {}
    for path, claim in data["items"].items():
        screw = tuple(claim["screw"]) if claim["screw"] else None
        items[path] = Claim(
            claim["kind"], claim["text"], screw, tuple(claim["names"]), claim["flag"]
        )  # type: ignore[arg-type]
    return Truth(
        data["key_id"], items, data["points"], data["hints"], data["terms"], data["tolerance"]
    )


# -- grading one submission ----------------------------------------------------------------


@dataclass
class ItemResult:
    """One item of one submission."""

    item: str
    verdict: Verdict
    points: float
    max_points: float
    feedback: str = ""
    answer: str = ""


@dataclass
class SubmissionResult:
    """One submission: its status, items and score."""

    file: str
    student: str = ""
    status: Status = "graded"
    items: list[ItemResult] = field(default_factory=list)
    diagnostics: list[str] = field(default_factory=list)

    @property
    def score(self) -> float:
        return sum(i.points for i in self.items)


class _Grader:
    """The key's system and parsed truths, built once per batch (inherited by child processes)."""

    def __init__(self, key_path: str, key_text: str, truth: Truth) -> None:
        from screwsolve.api import solve_loaded
        from screwsolve.files.loading import load_problem_text
        from screwsolve.mechanics.analysis import Analysis

        self.truth = truth
        self.analysis: Analysis = solve_loaded(load_problem_text(key_text, key_path))
        self.namespace = self.analysis.system.namespace
        self._parsed: dict[str, Any] = {}

    def static_scalar(self, text: str) -> sympy.Expr:
        from screwsolve.model.grammar import parse_scalar

        return self.analysis.static(parse_scalar(text, self.namespace))

    def static_vector(self, text: str) -> list[sympy.Expr]:
        from screwsolve.model.grammar import parse_vector

        vector = parse_vector(text, self.namespace)
        ref = self.analysis.system.referential
        return [self.analysis.static(c) for c in vector.to_matrix(ref)]

    def truth_scalar(self, text: str) -> sympy.Expr:
        if text not in self._parsed:
            self._parsed[text] = self.static_scalar(text)
        return self._parsed[text]  # type: ignore[no-any-return]

    def truth_vector(self, text: str) -> list[sympy.Expr]:
        key = "vector:" + text
        if key not in self._parsed:
            self._parsed[key] = self.static_vector(text)
        return self._parsed[key]  # type: ignore[no-any-return]

    def grade(self, path: str) -> SubmissionResult:
        from screwsolve.files.loading import read_text, validate_model
        from screwsolve.files.source_map import parse_yaml

        result = SubmissionResult(path)
        try:
            file, text = read_text(path)
            data, source = parse_yaml(text, file)
            submission = validate_model(Submission, data, source)
        except InputError as exc:
            result.status = "invalid"
            result.diagnostics = [str(d) for d in exc.diagnostics]
            return result
        result.student = submission.student
        if submission.problem != self.truth.key_id:
            result.status = "rejected"
            result.diagnostics = [
                f"answers problem '{submission.problem}', not '{self.truth.key_id}'"
            ]
            return result
        answers = flatten(submission.answers)
        for item, truth in self.truth.items.items():
            result.items.append(self._item(item, truth, answers.get(item)))
        return result

    def _item(self, item: str, truth: Claim, answer: Claim | None) -> ItemResult:
        points = self.truth.points.get(item, 1.0)
        hint = self.truth.hints.get(item, "")
        if answer is None:
            return ItemResult(item, "missing", 0.0, points, "no answer given")
        if answer.kind != truth.kind:
            return ItemResult(item, "unreadable", 0.0, points, f"expected a {truth.kind} answer")
        try:
            correct, feedback = self._compare(item, truth, answer)
        except ExpressionError as exc:
            return ItemResult(
                item,
                "unreadable",
                0.0,
                points,
                f"cannot read the answer: {exc.message} (column {exc.offset + 1})",
                _answer_text(answer),
            )
        if correct:
            return ItemResult(item, "correct", points, points, "", _answer_text(answer))
        message = "; ".join(m for m in (feedback, hint) if m)
        return ItemResult(item, "wrong", 0.0, points, message, _answer_text(answer))

    def _compare(self, item: str, truth: Claim, answer: Claim) -> tuple[bool, str]:

        if truth.kind == "set":
            missing = sorted(set(truth.names) - set(answer.names))
            extra = sorted(set(answer.names) - set(truth.names))
            parts = []
            if missing:
                parts.append(f"also noncontributing: {', '.join(missing)}")
            if extra:
                parts.append(f"not noncontributing: {', '.join(extra)}")
            return not parts, "; ".join(parts)
        if truth.kind == "bool":
            return truth.flag == answer.flag, ""
        if truth.kind == "screw":
            assert truth.screw is not None and answer.screw is not None
            if answer.screw[2] != truth.screw[2]:
                return False, f"resolve the screw about point {truth.screw[2]}"
            for index, name in ((0, "resultant"), (1, "moment")):
                mine = self.static_vector(answer.screw[index])
                real = self.truth_vector(truth.screw[index])
                if not all(self._same(a, b) for a, b in zip(real, mine, strict=True)):
                    return False, f"the {name} is wrong"
            return True, ""
        mine = self.static_scalar(answer.text)
        real = self.truth_scalar(truth.text)
        if self._same(real, mine):
            return True, ""
        return False, self._diagnose(item, real, mine)

    def _same(self, a: sympy.Expr, b: sympy.Expr) -> bool:
        from screwsolve.symbolic.equivalence import equivalent

        return bool(equivalent(a, b, tolerance=self.truth.tolerance).equal)

    def _diagnose(self, item: str, real: sympy.Expr, mine: sympy.Expr) -> str:
        """Name the likely mistake: a missing action, a flipped sign."""

        if self._same(-real, mine):
            return "the sign is wrong"
        for action, share_text in self.truth.terms.get(item, {}).items():
            share = self.truth_scalar(share_text)
            if share == 0 or self._same(share, sympy.Integer(0)):
                continue
            if self._same(real - share, mine):
                return f"the contribution of '{action}' is missing"
            if self._same(real - 2 * share, mine):
                return f"the contribution of '{action}' has the wrong sign"
        return ""


def _answer_text(answer: Claim) -> str:
    if answer.kind == "screw" and answer.screw is not None:
        return f"{{{answer.screw[0]} ; {answer.screw[1]}}}_{answer.screw[2]}"
    if answer.kind == "set":
        return ", ".join(answer.names)
    if answer.kind == "bool":
        return str(answer.flag).lower()
    return answer.text


_GRADER: _Grader | None = None


def _grade_chunk(paths: list[str]) -> list[SubmissionResult]:
    assert _GRADER is not None
    return [_GRADER.grade(p) for p in paths]


def _grade_one(path: str) -> SubmissionResult:
    return _grade_chunk([path])[0]


# -- the batch -----------------------------------------------------------------------------


@dataclass
class GradeReport:
    """Every submission's result, with the key's items and points."""

    key: str
    key_id: str
    items: dict[str, float]
    results: list[SubmissionResult]

    @property
    def max_points(self) -> float:
        return sum(self.items.values())


def grade(
    key_path: str,
    submissions: list[str],
    *,
    jobs: int = 1,
    timeout: float = 20.0,
    use_cache: bool = True,
    progress: Callable[[int], None] | None = None,
) -> GradeReport:
    """Grade every submission; never raises for a submission's sake."""
    from screwsolve.batch.sandbox import run_many
    from screwsolve.files.loading import read_text

    global _GRADER
    file, text = read_text(key_path)
    truth = cached_truth(file, text, use_cache=use_cache)
    _GRADER = _Grader(file, text, truth)
    chunks = [submissions[i : i + CHUNK] for i in range(0, len(submissions), CHUNK)]
    outcomes = run_many(
        _grade_chunk,
        chunks,
        jobs=jobs,
        seconds=timeout * CHUNK if timeout > 0 else 0,
        progress=(lambda _n: None),
    )
    results: list[SubmissionResult] = []
    for chunk, outcome in zip(chunks, outcomes, strict=True):
        if outcome.value is not None:
            results.extend(outcome.value)
            if progress:
                progress(len(chunk))
            continue
        singles = run_many(_grade_one, chunk, jobs=jobs, seconds=timeout)
        for path, single in zip(chunk, singles, strict=True):
            if single.value is not None:
                results.append(single.value)
            else:
                status: Status = "timeout" if single.failure == "timeout" else "crashed"
                results.append(SubmissionResult(path, status=status, diagnostics=[single.detail]))
        if progress:
            progress(len(chunk))
    return GradeReport(key_path, truth.key_id, dict(truth.points), results)


def iter_rows(report: GradeReport) -> Iterator[list[str]]:
    """grades.csv rows: a header, then one row per submission."""
    items = list(report.items)
    yield ["file", "student", "status", *items, "total", "max"]
    for result in report.results:
        by_item = {i.item: i for i in result.items}
        yield [
            result.file,
            result.student,
            result.status,
            *(f"{by_item[i].points:g}" if i in by_item else "0" for i in items),
            f"{result.score:g}",
            f"{report.max_points:g}",
        ]


__all__ = ["GradeReport", "SubmissionResult", "grade", "iter_rows"]
