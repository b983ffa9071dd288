"""A CheckReport as a pass/fail table, a JSON document or JUnit XML."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import PurePath
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from screwsolve import __version__
from screwsolve.batch.checking import CheckReport, ClaimResult
from screwsolve.render.escape import cell, github_data, github_property, markdown, xml_text
from screwsolve.solution.result import ScrewValue, VectorValue
from screwsolve.symbolic.printing import text, vector_text

STYLE = {"ok": "green", "fail": "red", "error": "red"}


def shown(value: object) -> str:
    """A true value as text: an expression, a vector, a screw, a list of names or a yes/no."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(value) + "]"
    if isinstance(value, VectorValue):
        return vector_text(value.terms)
    if isinstance(value, ScrewValue):
        return f"{{{shown(value.resultant)} ; {shown(value.moment)}}}_{value.point}"
    return text(value)


def claim_message(claim: ClaimResult) -> str:
    """What went wrong with a claim, in words."""
    if claim.status == "error":
        return claim.detail
    if claim.undecided:
        return f"undecided: {claim.detail}"
    if claim.status == "fail" and claim.got is None:
        return claim.detail
    return f"expected {claim.expected}, got {shown(claim.got)}"


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
        details = []
        for diagnostic in file.diagnostics:
            details.append(str(diagnostic))
        for claim in file.claims:
            if claim.status != "ok":
                details.append(
                    f"{file.path}:{claim.line}:{claim.col}: {claim.path}: {claim_message(claim)}"
                )
        passed = sum(1 for c in file.claims if c.status == "ok")
        table.add_row(
            cell(file.path),
            Text(file.status, style="" if plain else STYLE[file.status]),
            f"{passed}/{len(file.claims)}",
            cell("\n".join(details)),
        )
    summary = (
        f"{len(report.files)} files, {report.claim_count} claims, "
        f"{report.failed_count} failed, "
        f"{sum(1 for f in report.files if f.diagnostics)} invalid files"
    )
    return Group(table, Text(summary))


def check_document(report: CheckReport) -> dict[str, Any]:
    """The `check --json` envelope (schema_version 1)."""
    return {
        "schema_version": 1,
        "tool": {"name": "screwsolve", "version": __version__},
        "command": "check",
        "status": "ok" if report.ok else "fail",
        "files": [
            {
                "path": PurePath(f.path).as_posix(),
                "status": f.status,
                "claims": [
                    {
                        "path": c.path,
                        "line": c.line,
                        "col": c.col,
                        "status": c.status,
                        "expected": c.expected,
                        "got": shown(c.got),
                        "message": claim_message(c) if c.status != "ok" else "",
                    }
                    for c in f.claims
                ],
                "diagnostics": [
                    {"line": d.line, "col": d.col, "message": d.message} for d in f.diagnostics
                ],
            }
            for f in report.files
        ],
        "summary": {
            "files": len(report.files),
            "claims": report.claim_count,
            "failed": report.failed_count,
            "errors": sum(1 for f in report.files if f.diagnostics),
        },
    }


def junit_xml(report: CheckReport) -> str:
    """JUnit XML: a testsuite per file, a testcase per claim; an unloadable file is an error."""
    root = ET.Element("testsuites", name="screwsolve")
    total = failures = errors = 0
    for file in report.files:
        suite = ET.SubElement(root, "testsuite", name=xml_text(PurePath(file.path).as_posix()))
        classname = xml_text(PurePath(file.path).stem)
        cases = 0
        suite_failures = suite_errors = 0
        if file.diagnostics:
            case = ET.SubElement(suite, "testcase", classname=classname, name="load")
            error = ET.SubElement(
                case, "error", type="InputError", message=xml_text(str(file.diagnostics[0]))
            )
            error.text = xml_text("\n".join(str(d) for d in file.diagnostics))
            cases, suite_errors = 1, 1
        for claim in file.claims:
            case = ET.SubElement(suite, "testcase", classname=classname, name=xml_text(claim.path))
            cases += 1
            if claim.status == "fail":
                failure = ET.SubElement(
                    case, "failure", type="ClaimMismatch", message=xml_text(claim_message(claim))
                )
                failure.text = xml_text(f"expected: {claim.expected}\ngot: {shown(claim.got)}")
                suite_failures += 1
            elif claim.status == "error":
                error = ET.SubElement(
                    case, "error", type="ClaimError", message=xml_text(claim_message(claim))
                )
                error.text = xml_text(claim_message(claim))
                suite_errors += 1
        suite.set("tests", str(cases))
        suite.set("failures", str(suite_failures))
        suite.set("errors", str(suite_errors))
        total += cases
        failures += suite_failures
        errors += suite_errors
    root.set("tests", str(total))
    root.set("failures", str(failures))
    root.set("errors", str(errors))
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def github_annotations(report: CheckReport) -> str:
    """GitHub Actions workflow commands: one ::error per failed claim or invalid file."""
    lines = []
    for file in report.files:
        name = github_property(PurePath(file.path).as_posix())
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
            f"| {markdown(PurePath(file.path).as_posix())} | {file.status} | {passed}/{len(file.claims)} |"
        )
    return "### screwsolve check\n\n" + "\n".join(rows) + "\n"
