"""What `validate` says of valid files, on standard error: one definition for the command and
for the answer the launcher gives from the cache before the command line is parsed."""

from __future__ import annotations

from screwsolve.checking.reports import FileReport
from screwsolve.render.escape import terminal


def warning_lines(reports: list[FileReport]) -> list[str]:
    """Each located warning, escaped for the terminal (a file's name and text are the file's,
    not ours)."""
    return [
        f"{terminal(w.file)}:{w.line}:{w.col}: warning: {terminal(w.message)}"
        for report in reports
        for w in report.warnings
    ]


def valid_line(count: int) -> str:
    """What `validate` says last when every file is valid."""
    return f"{count} file{'' if count == 1 else 's'} valid"


def valid_lines(reports: list[FileReport]) -> list[str]:
    """Everything `validate` says when every file is valid: the warnings, then the count."""
    return [*warning_lines(reports), valid_line(len(reports))]
