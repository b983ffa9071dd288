"""A CheckReport as the formats of `check --format`: concise lines, a table, a JSON document,
JUnit XML, GitHub workflow commands; and a Markdown job summary.

Machine formats are complete documents meant to be alone on standard output. Nothing here
imports sympy: values read from the cache are text already, fresh ones are printed on demand.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import PurePath
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from screwsolve.checking.reports import (
    QUALIFIED,
    CheckReport,
    ClaimResult,
    FileReport,
    clipped,
    text_of,
)
from screwsolve.errors import STDIN_NAME
from screwsolve.render.escape import (
    cell,
    github_data,
    github_property,
    markdown,
    terminal,
    xml_text,
)
from screwsolve.version import __version__

STYLE = {"ok": "green", "fail": "red", "error": "red"}
HUMAN_FORMATS = ("concise", "table")


MESSAGE_CHARS = 280  # a failure's line stays readable in a log; --format json has it all


def claim_message(claim: ClaimResult) -> str:
    """What went wrong with a claim, in words: both values (each cut to a readable length) and
    where they differ, or why the claim is undefined or undecided."""
    if claim.status == "error":
        return clipped(claim.detail, MESSAGE_CHARS)
    if claim.undecided:
        return clipped(f"undecided: {claim.detail}", MESSAGE_CHARS)
    if claim.status == "fail" and (claim.got is None or claim.got == ""):  # "": from the cache
        return clipped(claim.detail, MESSAGE_CHARS)
    message = f"expected {clipped(claim.expected)}, got {clipped(text_of(claim.got))}"
    detail = claim.detail.removeprefix(QUALIFIED)
    if detail:
        room = max(MESSAGE_CHARS - len(message) - 3, 40)
        message += f" ({clipped(detail, room)})"
    if claim.hint:  # screwsolve's own words on what to do: never cut for length
        message += f"; {claim.hint}"
    return message


def _posix(path: str) -> str:
    return PurePath(path).as_posix()


def problems(report: CheckReport) -> list[tuple[str, int, int, str]]:
    """(file, line, column, message) of every failure, in file order."""
    found = []
    for file in report.files:
        for d in file.diagnostics:
            found.append((_posix(file.path), d.line, d.col, d.message))
        for claim in file.claims:
            if claim.status != "ok":
                found.append(
                    (
                        _posix(file.path),
                        claim.line,
                        claim.col,
                        f"{claim.path}: {claim_message(claim)}",
                    )
                )
    return found


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def summary_line(report: CheckReport) -> str:
    cached = sum(1 for f in report.files if f.cached)
    invalid = sum(1 for f in report.files if f.diagnostics)
    errors = report.claim_error_count  # named apart: a claim that could not be read is no
    # wrong answer, and the reader fixes the two differently
    unreadable = f", {_count(errors, 'claim')} not checked" if errors else ""
    line = (
        f"{_count(len(report.files), 'file')}, {_count(report.claim_count, 'claim')}, "
        f"{report.failed_count} failed{unreadable}, {_count(invalid, 'invalid file')}"
    )
    return line + (f" ({cached} from the cache)" if cached else "")


def line_start(path: str) -> str:
    """A file name that begins a line, made unable to read as anything else: `./` before a name
    that does not start with a letter, a digit, `_`, `.`, `/` or `~` (a file named
    `::error file=README.md::...` would otherwise be a workflow command in GitHub Actions).
    Standard input's own name, `<stdin>`, is shown as it is: no file of that name is meant."""
    if path == STDIN_NAME or re.match(r"[\w./~]", path, re.ASCII):
        return path
    return f"./{path}"


def render_concise(report: CheckReport) -> str:
    """One `file:line:col: claim: expected X, got Y` line per failure, then a summary line;
    every line as ruff, mypy and pytest print theirs, so editors and CI logs link them."""
    lines = [
        terminal(f"{line_start(file)}:{line}:{col}: {message}")
        for file, line, col, message in problems(report)
    ]
    lines += [
        terminal(
            f"{line_start(_posix(f.path))}:1:1: warning: no claims to check "
            "(an expected: block holds them)"
        )
        for f in report.files
        if not f.claims and not f.diagnostics and f.final
    ]
    lines.append(summary_line(report))
    return "\n".join(lines) + "\n"


def render_check(report: CheckReport, *, plain: bool = False) -> RenderableType:
    """One row per file; failed claims and diagnostics expanded below their file."""
    table = Table(
        box=box.ASCII if plain else box.SIMPLE_HEAVY, title="screwsolve check", title_justify="left"
    )
    table.add_column("file", overflow="fold")
    table.add_column("status")
    table.add_column("claims", justify="right")
    table.add_column("details", overflow="fold")
    for file in report.files:
        details = [str(d) for d in file.diagnostics]
        details += [
            f"{file.path}:{c.line}:{c.col}: {c.path}: {claim_message(c)}"
            for c in file.claims
            if c.status != "ok"
        ]
        passed = sum(1 for c in file.claims if c.status == "ok")
        table.add_row(
            cell(file.path),
            Text(file.status, style="" if plain else STYLE[file.status]),
            f"{passed}/{len(file.claims)}",
            cell("\n".join(details)),
        )
    return Group(table, Text(summary_line(report)))


def check_document(report: CheckReport) -> dict[str, Any]:
    """The `check --format json` document (schemas/check.schema.json, schema_version 2)."""
    return {
        "schema_version": 2,
        "tool": {"name": "screwsolve", "version": __version__},
        "command": "check",
        "status": "ok" if report.ok else ("error" if _has_errors(report) else "fail"),
        "seed": report.seed,
        "files": [_file_document(f) for f in report.files],
        "summary": {
            "files": len(report.files),
            "claims": report.claim_count,
            "failed": report.failed_count,
            "claim_errors": report.claim_error_count,
            "errors": sum(1 for f in report.files if f.diagnostics),
            "cached": sum(1 for f in report.files if f.cached),
        },
    }


def _has_errors(report: CheckReport) -> bool:
    return not report.files or any(f.status == "error" for f in report.files)


def _file_document(file: FileReport) -> dict[str, Any]:
    return {
        "path": _posix(file.path),
        "status": file.status,
        "cached": file.cached,
        "claims": [
            {
                "path": c.path,
                "line": c.line,
                "col": c.col,
                "status": c.status,
                "expected": {"text": c.expected, "latex": c.expected_latex},
                "got": {"text": text_of(c.got), "latex": c.got_latex},
                "message": claim_message(c) if c.status != "ok" else "",
            }
            for c in file.claims
        ],
        "diagnostics": [
            {"line": d.line, "col": d.col, "message": d.message} for d in file.diagnostics
        ],
    }


def junit_xml(report: CheckReport) -> str:
    """JUnit XML: a testsuite per file, a testcase per claim; an unloadable file is an error."""
    root = ET.Element("testsuites", name="screwsolve")
    total = failures = errors = 0
    seconds = 0.0
    for file in report.files:
        suite = ET.SubElement(root, "testsuite", name=xml_text(_posix(file.path)))
        classname = xml_text(PurePath(file.path).stem)
        cases = suite_failures = suite_errors = 0
        if file.diagnostics:
            first = file.diagnostics[0]
            case = ET.SubElement(
                suite,
                "testcase",
                classname=classname,
                name="load",
                file=xml_text(_posix(file.path)),
                line=str(first.line),
            )
            error = ET.SubElement(
                case, "error", type="InputError", message=xml_text(str(file.diagnostics[0]))
            )
            error.text = xml_text("\n".join(str(d) for d in file.diagnostics))
            cases, suite_errors = 1, 1
        for claim in file.claims:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=classname,
                name=xml_text(claim.path),
                file=xml_text(_posix(file.path)),
                line=str(claim.line),
            )
            cases += 1
            message = xml_text(claim_message(claim))
            if claim.status == "fail":
                failure = ET.SubElement(case, "failure", type="ClaimMismatch", message=message)
                failure.text = xml_text(f"expected: {claim.expected}\ngot: {text_of(claim.got)}")
                suite_failures += 1
            elif claim.status == "error":
                error = ET.SubElement(case, "error", type="ClaimError", message=message)
                error.text = message
                suite_errors += 1
        suite.set("tests", str(cases))
        suite.set("failures", str(suite_failures))
        suite.set("errors", str(suite_errors))
        suite.set("time", f"{file.seconds:.3f}")
        seconds += file.seconds
        total, failures, errors = total + cases, failures + suite_failures, errors + suite_errors
    root.set("tests", str(total))
    root.set("time", f"{seconds:.3f}")
    root.set("failures", str(failures))
    root.set("errors", str(errors))
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def github_annotations(report: CheckReport) -> str:
    """GitHub Actions workflow commands: one ::error per failed claim or invalid file, at its
    line; every value escaped as GitHub documents, so no text can start a command."""
    lines = []
    for file in report.files:
        name = github_property(_posix(file.path))
        for d in file.diagnostics:
            lines.append(
                f"::error file={name},line={d.line},col={d.col},"
                f"title=invalid problem::{github_data(d.message)}"
            )
        for claim in file.claims:
            if claim.status != "ok":
                title = github_property(claim.path)
                lines.append(
                    f"::error file={name},line={claim.line},col={claim.col},"
                    f"title={title}::{github_data(claim_message(claim))}"
                )
    return "".join(line + "\n" for line in lines)


def step_summary(report: CheckReport) -> str:
    """A Markdown pass/fail table for $GITHUB_STEP_SUMMARY."""
    rows = ["| file | status | claims passed |", "| --- | --- | --- |"]
    for file in report.files:
        passed = sum(1 for c in file.claims if c.status == "ok")
        rows.append(
            f"| {markdown(_posix(file.path))} | {file.status} | {passed}/{len(file.claims)} |"
        )
    failing = problems(report)
    if failing:
        rows += ["", "| where | what |", "| --- | --- |"]
        rows += [
            f"| {markdown(f'{file}:{line}:{col}')} | {markdown(message)} |"
            for file, line, col, message in failing[:50]
        ]
        if len(failing) > 50:
            rows.append(f"| ... | {len(failing) - 50} more |")
    return "### screwsolve check\n\n" + "\n".join(rows) + f"\n\n{markdown(summary_line(report))}\n"
