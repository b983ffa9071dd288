"""What `check` reports: a verdict per claim, per file, per batch (plain data, no sympy).

Reports hold values - a claim's true value as sympy or a printed vector - and renderers word
them. A report read back from the cache holds the same values as text. Nothing here imports
sympy, so a check served entirely from the cache never loads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from screwsolve.errors import Diagnostic

Status = Literal["ok", "fail", "error"]


# Starts the detail of a failed claim compared in a qualified way (to an order, up to a
# constant): reports show it, for "expected X, got Y" alone would not say why X is wrong.
QUALIFIED = "as compared: "
VALUE_CHARS = 90  # a value in a message: its beginning and end (every format but JSON)


def clipped(text: str, limit: int = VALUE_CHARS) -> str:
    """`text`, or its beginning and end around ' ... ' when longer than `limit`."""
    if len(text) <= limit:
        return text
    half = (limit - 5) // 2
    return f"{text[:half]} ... {text[-half:]}"


@dataclass(frozen=True)
class ClaimResult:
    """One claim's verdict (or one part of a screw claim's), where it is written, what it
    claims and the true value; `detail` says where the sides differ or why it could not tell."""

    path: str
    line: int
    col: int
    status: Status
    expected: str
    got: Any = None  # the true value as run prints it (text), or None when there is none
    detail: str = ""
    undecided: bool = False
    hint: str = ""  # what the file can do about a failure, said after the message in full
    expected_latex: str = ""  # the claim typeset (checking/typeset.py), for JSON's {text, latex}
    got_latex: str = ""  # the true value typeset; empty when too large or unknown


@dataclass
class FileReport:
    """All claims of one file, or the diagnostics that stopped it from loading."""

    path: str
    claims: list[ClaimResult] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    cached: bool = False
    warnings: list[Diagnostic] = field(default_factory=list)  # located; never a failure
    final: bool = True  # False when its worker timed out or crashed: not a verdict to cache
    seconds: float = 0.0  # the work's wall time (0 from the cache: none was done)

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
    seed: int = 0

    @property
    def ok(self) -> bool:
        return bool(self.files) and all(f.status == "ok" for f in self.files)

    @property
    def claim_count(self) -> int:
        return sum(len(f.claims) for f in self.files)

    @property
    def failed_count(self) -> int:
        """Claims that do not hold (a claim that could not be checked is not among them)."""
        return sum(1 for f in self.files for c in f.claims if c.status == "fail")

    @property
    def claim_error_count(self) -> int:
        """Claims that could not be checked: unreadable, unknown names, undefined values."""
        return sum(1 for f in self.files for c in f.claims if c.status == "error")


def text_of(value: Any) -> str:
    """A true value as text in screwsolve's grammar: an expression, a vector, a screw, names
    or a yes/no (sympy's printers are loaded only for values that need them)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(value) + "]"
    from screwsolve.solution.result import ScrewValue, VectorValue
    from screwsolve.symbolic.graphs import exceeds
    from screwsolve.symbolic.printing import text, vector_text

    if isinstance(value, VectorValue):
        if any(exceeds(c, GOT_TEXT_NODES) for c, _unit in value.terms):
            return TOO_LARGE_TO_SHOW
        return vector_text(value.terms)
    if isinstance(value, ScrewValue):
        return f"{{{text_of(value.resultant)} ; {text_of(value.moment)}}}_{value.point}"
    if exceeds(value, GOT_TEXT_NODES):
        return TOO_LARGE_TO_SHOW
    return str(text(value))


# A true value larger than this (tree nodes) is not printed into a report: a 14-link chain's
# weights printed 500 000 characters each, 3.5 s apiece, which no reader reads.
GOT_TEXT_NODES = 5000
TOO_LARGE_TO_SHOW = "(a value too large to show here: `screwsolve run` prints it with shared names)"


def report_to_json(report: FileReport) -> dict[str, Any]:
    """A file's report as plain data for the cache (true values as text)."""
    return {
        "claims": [
            {
                "path": c.path,
                "line": c.line,
                "col": c.col,
                "status": c.status,
                "expected": c.expected,
                "got": text_of(c.got),
                "detail": c.detail,
                "undecided": c.undecided,
                "hint": c.hint,
                "expected_latex": c.expected_latex,
                "got_latex": c.got_latex,
            }
            for c in report.claims
        ],
        "diagnostics": [
            {"line": d.line, "col": d.col, "message": d.message} for d in report.diagnostics
        ],
        "warnings": [{"line": d.line, "col": d.col, "message": d.message} for d in report.warnings],
    }


def report_from_json(path: str, data: Any) -> FileReport:
    """A cached report for `path` (the file may have moved: its verdicts depend on its text),
    refusing (ValueError) anything of another shape."""
    if not isinstance(data, dict):
        raise ValueError("not a mapping")
    claims = []
    for entry in _list(data["claims"]):
        status = entry["status"]
        if status not in ("ok", "fail", "error"):
            raise ValueError(f"unknown status {status!r}")
        claims.append(
            ClaimResult(
                _text(entry["path"]),
                _number(entry["line"]),
                _number(entry["col"]),
                status,
                _text(entry["expected"]),
                _text(entry["got"]),
                _text(entry["detail"]),
                bool(entry["undecided"]),
                _text(entry.get("hint", "")),
                _text(entry.get("expected_latex", "")),
                _text(entry.get("got_latex", "")),
            )
        )
    diagnostics, warnings = (
        [
            Diagnostic(path, _number(d["line"]), _number(d["col"]), _text(d["message"]))
            for d in _list(data[key] if key == "diagnostics" else data.get(key, []))
        ]
        for key in ("diagnostics", "warnings")
    )
    return FileReport(path, claims, diagnostics, cached=True, warnings=warnings)


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("expected a list")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("expected text")
    return value


def _number(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("expected a whole number")
    return value
