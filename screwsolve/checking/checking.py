"""`expected:` claims vs what screwsolve computes -> a CheckReport (records, never raises per claim).

Each file is loaded, analysed, and each claim compared with its true value through the walk that
`grade` shares (`claims.py`). A file that cannot be loaded is recorded with its diagnostics and the
batch goes on. Reports hold values (the true value of each claim); renderers word them.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from screwsolve.checking.claims import (
    Claim,
    Comparer,
    Malformed,
    PartVerdict,
    TrueValue,
    Unknown,
    claims_of,
    unknown_names,
    value_of,
    walk,
)
from screwsolve.checking.reports import ClaimResult, FileReport, Status
from screwsolve.checking.typeset import Typesetter
from screwsolve.errors import (
    Diagnostic,
    ExpressionError,
    InputError,
    ScrewsolveError,
    WorkLimitError,
)
from screwsolve.files.source_map import SourceMap
from screwsolve.limits import DEFAULT_SECONDS, DEFAULT_SEED
from screwsolve.mechanics.analysis import Analysis, analyse
from screwsolve.model.grammar import parse_vector, suggest
from screwsolve.model.system import System
from screwsolve.solution.build import Presenter
from screwsolve.solution.result import VectorValue


def check_file(
    path: str,
    seed: int | None = None,
    text: str | None = None,
    seconds: float | None = DEFAULT_SECONDS,
) -> FileReport:
    """Load (or read `text` as), solve and check one file, its work estimated against
    `seconds` (None: any work); every failure is recorded, never raised."""
    from screwsolve.files.loading import load_problem, load_problem_text

    report = FileReport(path)
    started = time.perf_counter()
    with _recorded(report, "problem too deeply nested to solve"):
        loaded = load_problem(path) if text is None else load_problem_text(text, path)
        analysis = analyse(loaded, seconds)
        # check_claims gives true values as text, printed here inside the worker's limits as
        # run prints them: the parent only reads them
        report.claims = list(check_claims(analysis, seed))
    report.seconds = time.perf_counter() - started
    return report


@contextmanager
def _recorded(report: FileReport, nested: str) -> Iterator[None]:
    """Any failure of the work inside as the file's diagnostics, never raised: one broken
    file must never stop the batch (`nested`: the message of a RecursionError)."""
    path = report.path
    try:
        yield
    except WorkLimitError as exc:  # a longer time limit changes it: not a verdict to cache
        report.diagnostics = exc.diagnostics
        report.final = False
    except InputError as exc:
        report.diagnostics = exc.diagnostics
    except ScrewsolveError as exc:
        report.diagnostics = [Diagnostic(path, 1, 1, str(exc))]
    except RecursionError:
        report.diagnostics = [Diagnostic(path, 1, 1, nested)]
    except Exception as exc:
        report.diagnostics = [
            Diagnostic(path, 1, 1, f"internal error ({type(exc).__name__}): {exc}")
        ]


def validate_file(path: str, text: str | None = None) -> FileReport:
    """Load one file and check its meaning without solving it: every reference and expression
    of the problem, and every claim of `expected:` (its names, and its expressions read with
    the same grammar and limits as `check`). Failures are recorded, never raised."""
    from screwsolve.files.loading import load_problem, load_problem_text
    from screwsolve.model.cost import check_work
    from screwsolve.model.system import build_system

    report = FileReport(path)
    with _recorded(report, "problem too deeply nested"):
        loaded = load_problem(path) if text is None else load_problem_text(text, path)
        system = build_system(loaded.problem, loaded.source)
        report.warnings = list(system.warnings)
        check_work(system)
        report.diagnostics = claim_diagnostics(system)
    return report


def claim_diagnostics(system: System) -> list[Diagnostic]:
    """The located problems of a problem's `expected:` claims that need no solving."""
    expected = system.problem.expected
    if expected is None:
        return []
    source = system.source
    comparer = Comparer(system)
    found: list[Diagnostic] = []
    for item in walk(expected.model_dump(exclude_none=True)):
        if isinstance(item, Malformed):  # a shape the schema let through (a series' order 7)
            where = source.locate(("expected", *item.path))
            found.append(Diagnostic(source.file, where.line, where.col, item.message))
    for claim in claims_of(expected):
        unknown = unknown_names(claim, system)
        if unknown is not None:
            where = source.locate(
                ("expected", *claim.path, *([unknown.part] if unknown.part else []))
            )
            found.append(Diagnostic(source.file, where.line, where.col, unknown.message))
            continue
        texts: list[tuple[str | None, str]] = []
        if claim.kind == "scalar":
            texts = [(None, claim.text)]
        elif claim.kind == "screw" and claim.screw is not None:
            texts = [("resultant", claim.screw[0]), ("moment", claim.screw[1])]
        elif claim.kind == "names":
            known = {a.name for a in system.actions}
            for index, name in enumerate(claim.names):
                if name not in known:
                    where = source.locate(("expected", *claim.path, index))
                    message = f"unknown action '{name}'" + suggest(name, sorted(known))
                    found.append(Diagnostic(source.file, where.line, where.col, message))
        for part, text in texts:
            document = ("expected", *claim.path, *([part] if part else []))
            try:
                if part is None:
                    comparer.scalar(text)
                else:
                    parse_vector(text, system.namespace)
            except ExpressionError as exc:
                found.append(source.expression_diagnostic(document, text, exc.message, exc.offset))
    return found


def check_claims(analysis: Analysis, seed: int | None = None) -> Iterator[ClaimResult]:
    """Every claim of the analysed problem's `expected:` block, with its verdict."""
    expected = analysis.system.problem.expected
    if expected is None:
        return
    source = analysis.system.source
    comparer = Comparer(analysis.system, DEFAULT_SEED if seed is None else seed)
    presenter = Presenter(analysis)
    typeset = Typesetter(presenter, comparer)
    for item in walk(expected.model_dump(exclude_none=True)):
        if isinstance(item, Malformed):  # never dropped without a word
            yield _located(source, Claim(item.path, "scalar"), None, "error", detail=item.message)
    for claim in claims_of(expected):
        truth = value_of(claim, analysis, presenter)
        if isinstance(truth, Unknown):
            result = _located(source, claim, truth.part, "error", detail=truth.message)
            yield replace(result, expected_latex=typeset.claimed(claim, truth.part))
            continue
        for verdict in comparer.compare(claim, truth):
            got, got_latex = typeset.true(verdict.got)  # as run prints it
            yield replace(
                _result(source, claim, verdict),
                got=got if verdict.got is not None else None,
                expected_latex=typeset.claimed(claim, verdict.part),
                got_latex=got_latex,
            )


def _result(source: SourceMap, claim: Claim, verdict: PartVerdict) -> ClaimResult:
    if verdict.offset is not None:  # an unreadable expression: point inside it
        document = ("expected", *claim.path, *([verdict.part] if verdict.part else []))
        text = _part_text(claim, verdict.part)
        where = source.expression_diagnostic(document, text, verdict.detail, verdict.offset)
        item = ".".join([*claim.path, *([verdict.part] if verdict.part else [])])
        return ClaimResult(item, where.line, where.col, "error", text, detail=verdict.detail)
    return _located(
        source,
        claim,
        verdict.part,
        verdict.status,
        got=verdict.got,
        detail=verdict.detail,
        undecided=verdict.undecided,
        hint=verdict.hint,
    )


def _located(
    source: SourceMap,
    claim: Claim,
    part: str | None,
    status: Status,
    *,
    got: TrueValue | VectorValue | None = None,
    detail: str = "",
    undecided: bool = False,
    hint: str = "",
) -> ClaimResult:
    path = [*claim.path, *([part] if part else [])]
    mark = source.locate(("expected", *path))
    return ClaimResult(
        ".".join(path),
        mark.line,
        mark.col,
        status,
        _part_text(claim, part),
        got,
        detail,
        undecided,
        hint,
    )


def _part_text(claim: Claim, part: str | None) -> str:
    """What the file writes for a claim, or for one part of a screw claim."""
    if claim.screw is not None and part in ("resultant", "moment", "at"):
        return claim.screw[("resultant", "moment", "at").index(part)]
    return claim.written()
