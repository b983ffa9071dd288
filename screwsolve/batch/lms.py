"""The files an instructor downloads from an LMS and uploads back, read as the LMS's own
importer reads them, so that what `grade` fills in is accepted as it is.

Moodle's offline grading worksheet (mod/assign/feedback/offline, importgradeslib.php and
locallib.php): the importer finds its columns by their exact header text and refuses the whole
file unless `Identifier`, `Grade` and `Last modified (grade)` are all there; an Identifier is
`Participant N` (the prefix is cut off and N looked up); a grade that is empty, negative or above
the assignment's maximum is skipped; a grade changed in Moodle more than a minute after the
row's `Last modified (grade)` is not overwritten (nor its feedback); feedback goes in the column
named as the feedback plugin's field, `Feedback comments`.

Canvas's gradebook import (app/models/gradebook_importer.rb): the header row must start with a
column containing `Student` and one containing `ID`, and the student columns end with
`Section` (after the optional SIS User ID, SIS Login ID, Integration ID, Root Account); an
assignment column is matched by the id in `Title (id)`, else by an exact title, else it
becomes a new assignment; a row starting `Points Possible` gives the points; students are
matched by ID, then by SIS ids, then by name; blank or `-` means no score.
"""

from __future__ import annotations

import csv
import difflib
import io
import re
from dataclasses import dataclass, field

from screwsolve.errors import Diagnostic, InputError

MOODLE_REQUIRED = ("Identifier", "Grade", "Last modified (grade)")
MOODLE_FEEDBACK = "Feedback comments"
MOODLE_PARTICIPANT = "Participant "
CANVAS_STUDENT_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
_TITLE_AND_ID = re.compile(r"^(?P<title>.*?)\s*\((?P<id>\d+)\)\s*$")
MAX_SHEET_BYTES = 20_000_000


@dataclass
class Sheet:
    """A CSV file as rows of cells, with where it came from; `bom` when it began with one."""

    file: str
    rows: list[list[str]]
    delimiter: str = ","
    bom: bool = False

    @property
    def header(self) -> list[str]:
        return self.rows[0] if self.rows else []

    def error(self, message: str, line: int = 1, col: int = 1) -> InputError:
        return InputError([Diagnostic(self.file, line, col, message)])


def read_sheet(file: str, data: bytes) -> Sheet:
    """A downloaded CSV (UTF-8, with or without a BOM; comma or semicolon, as Canvas detects)."""
    if len(data) > MAX_SHEET_BYTES:
        raise InputError([Diagnostic(file, 1, 1, f"over {MAX_SHEET_BYTES} bytes: not a worksheet")])
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError([Diagnostic(file, 1, 1, f"not UTF-8 text ({exc.reason})")]) from None
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error as exc:
        raise InputError([Diagnostic(file, 1, 1, f"not a CSV file: {exc}")]) from None
    rows = [row for row in rows if row]
    if not rows:
        raise InputError([Diagnostic(file, 1, 1, "the file is empty")])
    return Sheet(file, rows, delimiter, bom)


@dataclass
class MoodleWorksheet:
    """A downloaded grading worksheet: its rows kept whole, its columns located."""

    sheet: Sheet
    column: dict[str, int]
    rows_by_participant: dict[str, int] = field(default_factory=dict)

    @property
    def has_feedback(self) -> bool:
        return MOODLE_FEEDBACK in self.column

    def maximum(self, participant: str) -> float | None:
        """The row's `Maximum Grade`, when the worksheet has it and it is a number."""
        index = self.column.get("Maximum Grade")
        row = self.rows_by_participant.get(participant)
        if index is None or row is None:
            return None
        return _number(self.sheet.rows[row][index])


def moodle_worksheet(sheet: Sheet) -> MoodleWorksheet:
    """The worksheet checked as Moodle's importer checks it (a located error otherwise)."""
    header = [cell.strip() for cell in sheet.header]
    column = {name: index for index, name in enumerate(header)}
    missing = [name for name in MOODLE_REQUIRED if name not in column]
    if missing:
        raise sheet.error(
            f"not a Moodle grading worksheet: no {', '.join(repr(m) for m in missing)} column "
            "(Moodle refuses an upload without Identifier, Grade and Last modified (grade); "
            "download the worksheet again: Submissions, Download grading worksheet)"
        )
    worksheet = MoodleWorksheet(sheet, column)
    for number, row in enumerate(sheet.rows[1:], start=1):
        identifier = row[column["Identifier"]] if len(row) > column["Identifier"] else ""
        if identifier.startswith(MOODLE_PARTICIPANT):
            worksheet.rows_by_participant[identifier[len(MOODLE_PARTICIPANT) :].strip()] = number
    return worksheet


@dataclass
class CanvasGradebook:
    """An exported Canvas gradebook: rows kept whole, the assignment's column located."""

    sheet: Sheet
    assignment: int  # the column index
    rows_by_student: dict[str, int] = field(default_factory=dict)
    points_row: int | None = None

    def points_possible(self) -> float | None:
        if self.points_row is None:
            return None
        return _number(self.sheet.rows[self.points_row][self.assignment])


def canvas_gradebook(sheet: Sheet, assignment: str | None) -> CanvasGradebook:
    """The gradebook checked as Canvas's importer checks its header, and the column of
    `assignment` (its full header, its title, or its id) found, with a did-you-mean."""
    header = sheet.header
    if len(header) <= 3 or "Student" not in header[0] or "ID" not in header[1]:
        raise sheet.error(
            "not a Canvas gradebook export: its first columns must be Student and ID (Canvas "
            "refuses such a header row); export it from Grades, Export, Export Entire Gradebook"
        )
    if "Section" not in header:
        raise sheet.error("not a Canvas gradebook export: no Section column")
    first = header.index("Section") + 1
    candidates = {index: header[index] for index in range(first, len(header))}
    assignments = {i: h for i, h in candidates.items() if _TITLE_AND_ID.match(h)}
    if assignment is None:
        raise sheet.error(
            "name the assignment's column with --assignment (its title or id): "
            + ", ".join(repr(h) for h in assignments.values())
        )
    wanted = assignment.strip()
    found = [
        index
        for index, title in candidates.items()
        if title.strip() == wanted
        or (
            (match := _TITLE_AND_ID.match(title)) is not None
            and wanted in (match["title"], match["id"])
        )
    ]
    if len(found) != 1:
        titles = [_TITLE_AND_ID.sub(r"\g<title>", h) for h in assignments.values()]
        close = difflib.get_close_matches(wanted, titles, n=1, cutoff=0.6)
        why = "no column" if not found else f"{len(found)} columns"
        raise sheet.error(
            f"{why} of this gradebook is the assignment '{wanted}'"
            + (f" (did you mean '{close[0]}'?)" if close else "")
            + "; its assignments: "
            + ", ".join(repr(h) for h in assignments.values())
        )
    gradebook = CanvasGradebook(sheet, found[0])
    for number, row in enumerate(sheet.rows[1:], start=1):
        if row and "Points Possible" in row[0]:
            gradebook.points_row = number
        elif len(row) > 1 and row[1].strip().isdigit():
            gradebook.rows_by_student[row[1].strip()] = number
    return gradebook


def names_an_assignment_id(header: str) -> bool:
    """True when Canvas will match this column to an existing assignment by its id (`Title
    (id)`); any other header becomes a new assignment."""
    return _TITLE_AND_ID.match(header) is not None


def _number(text: str) -> float | None:
    try:
        value = float(text.strip().replace(",", "."))
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


def write_sheet(sheet: Sheet, *, bom: bool) -> str:
    """The rows back as CSV text, in the file's own delimiter (CRLF, as both LMSs export)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=sheet.delimiter, lineterminator="\r\n")
    writer.writerows(sheet.rows)
    return ("\ufeff" if bom else "") + buffer.getvalue()
