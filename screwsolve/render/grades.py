"""A GradeReport as grades.csv, grades.json and a terminal summary."""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import asdict
from pathlib import PurePath
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from screwsolve import __version__
from screwsolve.batch.grading import GradeReport, iter_rows


def grades_csv(report: GradeReport) -> str:
    """One row per submission, one column per item, then total and max."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for row in iter_rows(report):
        writer.writerow(row)
    return buffer.getvalue()


def grades_document(report: GradeReport) -> dict[str, Any]:
    """Everything, feedback included (schema_version 1, sorted keys on output)."""
    return {
        "schema_version": 1,
        "tool": {"name": "screwsolve", "version": __version__},
        "command": "grade",
        "key": PurePath(report.key).as_posix(),
        "problem": report.key_id,
        "items": report.items,
        "max_points": report.max_points,
        "submissions": [
            {
                "file": PurePath(r.file).as_posix(),
                "student": r.student,
                "status": r.status,
                "score": r.score,
                "diagnostics": r.diagnostics,
                "items": [asdict(i) for i in r.items],
            }
            for r in report.results
        ],
    }


def render_summary(report: GradeReport, *, plain: bool = False) -> RenderableType:
    """Score distribution, most-missed items and the submissions that could not be graded."""
    graded = [r for r in report.results if r.status == "graded"]
    maximum = report.max_points or 1.0
    parts: list[RenderableType] = [
        Text(
            f"{len(report.results)} submissions for '{report.key_id}': {len(graded)} graded, "
            f"{len(report.results) - len(graded)} not gradable",
            style="bold",
        )
    ]
    bins = Counter(min(int(10 * r.score / maximum), 9) for r in graded)
    distribution = Table(box=box.ASCII if plain else box.SIMPLE_HEAVY)
    distribution.add_column("score")
    distribution.add_column("students", justify="right")
    for b in range(10):
        upper = "100%" if b == 9 else f"{10 * b + 10}%"
        distribution.add_row(f"{10 * b}%-{upper}", str(bins.get(b, 0)))
    parts.append(distribution)
    missed = Counter(i.item for r in graded for i in r.items if i.verdict != "correct")
    if missed:
        table = Table(
            box=box.ASCII if plain else box.SIMPLE_HEAVY,
            title="most missed items",
            title_justify="left",
        )
        table.add_column("item", overflow="fold")
        table.add_column("missed by", justify="right")
        for item, count in missed.most_common(10):
            table.add_row(escape(item), f"{count}/{len(graded)}")
        parts.append(table)
    failed = [r for r in report.results if r.status != "graded"]
    for result in failed[:20]:
        detail = result.diagnostics[0] if result.diagnostics else ""
        parts.append(Text(f"{result.status}: {result.file}: {detail}"))
    if len(failed) > 20:
        parts.append(Text(f"... and {len(failed) - 20} more not gradable"))
    return Group(*parts)
