"""`expected:` claims vs what screwsolve computes -> a CheckReport (records, never raises per claim).

Every claim is compared by numeric probing (`equivalence.py`): vectors component by component in
the referential, scalars directly. A file that cannot be loaded is recorded with its diagnostics
and the batch goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Literal, TypeVar

import sympy
from sympy.physics.vector import Vector

from screwsolve.errors import Diagnostic, ExpressionError, InputError, ScrewsolveError
from screwsolve.files.schema import ScrewClaim
from screwsolve.files.source_map import Path as DocPath
from screwsolve.mechanics.analysis import ActionTerms, Analysis
from screwsolve.mechanics.kinematics import Kinematics
from screwsolve.mechanics.screws import Screw
from screwsolve.model.grammar import Namespace, parse_scalar, parse_vector, suggest
from screwsolve.model.static import TIME
from screwsolve.symbolic.simplify import simplest

T = TypeVar("T")

Status = Literal["ok", "fail", "error"]


@dataclass(frozen=True)
class ClaimResult:
    """One claim's verdict, with what was expected and what was found."""

    path: str
    line: int
    col: int
    status: Status
    expected: str
    got: str = ""
    message: str = ""


@dataclass
class FileReport:
    """All claims of one file, or the diagnostics that stopped it from loading."""

    path: str
    claims: list[ClaimResult] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def status(self) -> Status:
        if self.diagnostics or any(c.status == "error" for c in self.claims):
            return "error"
        if any(c.status == "fail" for c in self.claims):
            return "fail"
        return "ok"


@dataclass
class CheckReport:
    """A batch of files; `ok` is the only thing the CLI looks at for the exit code."""

    files: list[FileReport] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(f.status == "ok" for f in self.files)

    @property
    def claim_count(self) -> int:
        return sum(len(f.claims) for f in self.files)

    @property
    def failed_count(self) -> int:
        return sum(1 for f in self.files for c in f.claims if c.status != "ok")


def problem_files(paths: Iterable[str]) -> list[str]:
    """Files named, and *.yaml / *.yml files under folders named (recursively), sorted."""
    found: list[str] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found.extend(
                str(p)
                for p in sorted(path.rglob("*"))
                if p.suffix in (".yaml", ".yml") and p.is_file()
            )
        else:
            found.append(name)
    return found


def check_paths(
    paths: Iterable[str],
    seed: int | None = None,
    *,
    jobs: int = 1,
    timeout: float = 0,
    progress: Callable[[int], None] | None = None,
) -> CheckReport:
    """Check every problem file under the given paths, in order.

    With `timeout` > 0 each file runs in its own child process (CPU, memory and wall-clock
    limits, `jobs` at a time); a file that exceeds them is reported, and the batch goes on.
    """
    from screwsolve.batch.sandbox import run_many

    files = problem_files(paths)
    outcomes = run_many(
        partial(_check_one, seed=seed), files, jobs=jobs, seconds=timeout, progress=progress
    )
    reports = []
    for path, outcome in zip(files, outcomes, strict=True):
        if outcome.value is not None:
            reports.append(outcome.value)
            continue
        reason = {"timeout": "timed out", "crash": "crashed", "error": "internal error"}.get(
            outcome.failure or "", "failed"
        )
        reports.append(
            FileReport(path, diagnostics=[Diagnostic(path, 1, 1, f"{reason}: {outcome.detail}")])
        )
    return CheckReport(reports)


def _check_one(path: str, seed: int | None) -> FileReport:
    return check_file(path, seed)


def check_file(path: str, seed: int | None = None) -> FileReport:
    """Load, solve and check one file; every failure is recorded, never raised."""
    from screwsolve.api import solve_loaded
    from screwsolve.files.loading import load_problem

    report = FileReport(path)
    try:
        loaded = load_problem(path)
        analysis = solve_loaded(loaded)
        report.claims = list(_Checker(analysis, seed).claims())
    except InputError as exc:
        report.diagnostics = exc.diagnostics
    except ScrewsolveError as exc:
        report.diagnostics = [Diagnostic(path, 1, 1, str(exc))]
    except RecursionError:
        report.diagnostics = [Diagnostic(path, 1, 1, "problem too deeply nested to solve")]
    except Exception as exc:  # one broken file must never stop the batch
        report.diagnostics = [
            Diagnostic(path, 1, 1, f"internal error ({type(exc).__name__}): {exc}")
        ]
    return report


class _Checker:
    """Walks the `expected:` block of one analysed problem."""

    def __init__(self, analysis: Analysis, seed: int | None) -> None:
        self.analysis = analysis
        self.system = analysis.system
        self.source = self.system.source
        self.seed = seed

    # -- helpers ----------------------------------------------------------------------------

    def _result(
        self, path: DocPath, status: Status, expected: str, got: str = "", message: str = ""
    ) -> ClaimResult:
        mark = self.source.locate(path)
        dotted = ".".join(str(p) for p in path[1:])
        return ClaimResult(dotted, mark.line, mark.col, status, expected, got, message)

    def _equal(self, a: sympy.Expr, b: sympy.Expr) -> tuple[bool | None, str]:
        from screwsolve.symbolic.equivalence import DEFAULT_SEED, equivalent

        verdict = equivalent(
            self.analysis.static(a), self.analysis.static(b), self.seed or DEFAULT_SEED
        )
        return verdict.equal, verdict.detail

    def _parse(
        self, path: DocPath, text: str, parser: Callable[[str, Namespace], T]
    ) -> tuple[T | None, ClaimResult | None]:
        try:
            return parser(text, self.system.namespace), None
        except ExpressionError as exc:
            diag = self.source.expression_diagnostic(path, text, exc.message, exc.offset)
            return None, ClaimResult(
                ".".join(str(p) for p in path[1:]),
                diag.line,
                diag.col,
                "error",
                text,
                message=exc.message,
            )

    def _scalar_claim(self, path: DocPath, text: str, computed: sympy.Expr) -> ClaimResult:
        expected, error = self._parse(path, text, parse_scalar)
        if error:
            return error
        assert isinstance(expected, sympy.Expr)
        got = str(simplest(self.analysis.static(computed)))
        equal, detail = self._equal(expected, computed)
        if equal:
            return self._result(path, "ok", text, got)
        if equal is None:
            return self._result(path, "fail", text, got, f"undecided: {detail}")
        return self._result(path, "fail", text, got, f"expected {text}, got {got}")

    def _vector_text(self, vector: Vector) -> str:
        from screwsolve.render.notation import vector_text

        return vector_text(
            tuple(
                (simplest(self.analysis.static(c)), u) for c, u in self.system.frames.terms(vector)
            )
        )

    def _vector_claim(self, path: DocPath, text: str, computed: Vector) -> ClaimResult:
        expected, error = self._parse(path, text, parse_vector)
        if error:
            return error
        assert isinstance(expected, Vector)
        got = self._vector_text(computed)
        difference = expected - computed
        ref = self.system.referential
        components = difference.to_matrix(ref) if difference != Vector(0) else sympy.zeros(3, 1)
        for component in components:
            equal, detail = self._equal(component, sympy.Integer(0))
            if not equal:
                message = (
                    f"expected {text}, got {got}" if equal is False else f"undecided: {detail}"
                )
                return self._result(path, "fail", text, got, message)
        return self._result(path, "ok", text, got)

    def _missing(self, path: DocPath, what: str, name: str, choices: Iterable[str]) -> ClaimResult:
        return self._result(
            path, "error", name, message=f"unknown {what} '{name}'" + suggest(name, list(choices))
        )

    # -- claims -----------------------------------------------------------------------------

    def claims(self) -> Iterator[ClaimResult]:
        expected = self.system.problem.expected
        if expected is None:
            return
        base: DocPath = ("expected",)
        kin = self.analysis.kinematics
        for body, claim in (expected.kinematic_screws or {}).items():
            path = (*base, "kinematic_screws", body)
            yield from self._screw_claims(
                path, body, claim, lambda b, at: kin.kinematic_screw(b, at)
            )
        for body, by_coord in (expected.partial_screws or {}).items():
            for coord, claim in by_coord.items():
                path = (*base, "partial_screws", body, coord)
                if coord not in self.analysis.variables:
                    yield self._missing(path, "coordinate", coord, self.analysis.variables)
                    continue
                yield from self._screw_claims(
                    path, body, claim, partial(_partial_screw, kin, coord)
                )
        yield from self._power_claims(base, expected.power)
        if expected.power_under_constraints is not None:
            yield self._constrained_claim(
                (*base, "power_under_constraints"), expected.power_under_constraints
            )
        yield from self._coefficient_claims(base, expected.power_coefficients or {})
        yield from self._interaction_claims(base, expected.interaction or {})
        if expected.noncontributing is not None:
            yield self._noncontributing_claim((*base, "noncontributing"), expected.noncontributing)
        for name, ideal in (expected.ideal_joints or {}).items():
            yield self._joint_claim((*base, "ideal_joints", name), name, ideal)
        for body, claim in (expected.replacement or {}).items():
            path = (*base, "replacement", body)
            yield from self._screw_claims(path, body, claim, self.analysis.replacement)

    def _noncontributing_claim(self, path: DocPath, names: list[str]) -> ClaimResult:
        found = self.analysis.noncontributing
        expected, got = ", ".join(sorted(names)), ", ".join(sorted(found))
        if sorted(names) == sorted(found):
            return self._result(path, "ok", expected, got)
        return self._result(path, "fail", expected, got, f"expected [{expected}], got [{got}]")

    def _joint_claim(self, path: DocPath, name: str, ideal: bool) -> ClaimResult:
        joint = next((j for j in self.analysis.joints if j.joint.name == name), None)
        if joint is None:
            return self._missing(path, "joint", name, [j.joint.name for j in self.analysis.joints])
        got = "ideal" if joint.ideal else "not ideal (Q^" + ", Q^".join(joint.nonzero) + " != 0)"
        expected = "ideal" if ideal else "not ideal"
        status: Status = "ok" if joint.ideal == ideal else "fail"
        return self._result(
            path, status, expected, got, "" if status == "ok" else f"expected {expected}, got {got}"
        )

    def _screw_claims(
        self,
        path: DocPath,
        body: str,
        claim: ScrewClaim,
        compute: Callable[[str, str], Screw],
    ) -> Iterator[ClaimResult]:
        if body not in self.system.bodies:
            yield self._missing(path, "body", body, self.system.bodies)
            return
        if claim.at not in self.system.points:
            yield self._missing((*path, "at"), "point", claim.at, self.system.points)
            return
        screw = compute(body, claim.at)
        yield self._vector_claim((*path, "resultant"), claim.resultant, screw.resultant)
        yield self._vector_claim((*path, "moment"), claim.moment, screw.moment)

    def _action(self, name: str) -> ActionTerms | None:
        return next((a for a in self.analysis.actions if a.action.name == name), None)

    def _power_claims(
        self, base: DocPath, power: str | dict[str, str] | None
    ) -> Iterator[ClaimResult]:
        if power is None:
            return
        if isinstance(power, str):
            yield self._scalar_claim((*base, "power"), power, self.analysis.power)
            return
        for name, text in power.items():
            path = (*base, "power", name)
            action = self._action(name)
            if action is None:
                yield self._missing(
                    path, "action", name, [a.action.name for a in self.analysis.actions]
                )
                continue
            yield self._scalar_claim(path, text, action.power)

    def _constrained_claim(self, path: DocPath, text: str) -> ClaimResult:
        constraints = self.analysis.constraints
        if constraints.power is None:
            return self._result(path, "error", text, message="the file has no usable constraints")
        expected, error = self._parse(path, text, parse_scalar)
        if error:
            return error
        assert isinstance(expected, sympy.Expr)
        rates = {self.system.rates[q]: v for q, v in constraints.eliminated.items()}
        substituted = expected.xreplace(rates)
        got = str(simplest(self.analysis.static(constraints.power)))
        equal, detail = self._equal(substituted, constraints.power)
        if equal:
            return self._result(path, "ok", text, got)
        return self._result(path, "fail", text, got, f"expected {text}, got {got} {detail}".strip())

    def _coefficient_claims(
        self, base: DocPath, claims: dict[str, str | dict[str, str]]
    ) -> Iterator[ClaimResult]:
        variables = self.analysis.variables
        for key, value in claims.items():
            path = (*base, "power_coefficients", key)
            if isinstance(value, str):
                if key not in variables:
                    yield self._missing(path, "coordinate", key, variables)
                    continue
                yield self._scalar_claim(path, value, self.analysis.coefficients[key])
                continue
            action = self._action(key)
            if action is None:
                yield self._missing(
                    path, "action", key, [a.action.name for a in self.analysis.actions]
                )
                continue
            for coord, text in value.items():
                if coord not in variables:
                    yield self._missing((*path, coord), "coordinate", coord, variables)
                    continue
                yield self._scalar_claim((*path, coord), text, action.coefficients[coord])

    def _interaction_claims(
        self, base: DocPath, claims: dict[str, dict[str, str]]
    ) -> Iterator[ClaimResult]:
        variables = self.analysis.variables
        for name, by_coord in claims.items():
            path = (*base, "interaction", name)
            action = self._action(name)
            if action is None:
                yield self._missing(
                    path, "action", name, [a.action.name for a in self.analysis.actions]
                )
                continue
            if not action.action.interaction:
                yield self._result(
                    path,
                    "error",
                    name,
                    message=f"action '{name}' is not an interaction (no by: body)",
                )
                continue
            for coord, text in by_coord.items():
                if coord not in variables:
                    yield self._missing((*path, coord), "coordinate", coord, variables)
                    continue
                yield self._scalar_claim((*path, coord), text, action.coefficients[coord])


def _partial_screw(kinematics: Kinematics, coordinate: str, body: str, at: str) -> Screw:
    return kinematics.partial_screws(body, at)[coordinate]


__all__ = ["TIME", "CheckReport", "ClaimResult", "FileReport", "check_file", "check_paths"]
