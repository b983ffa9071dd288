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
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from screwsolve.errors import Diagnostic, InputError
from screwsolve.grading.results import SubmissionResult

MOODLE_REQUIRED = ("Identifier", "Grade", "Last modified (grade)")
MOODLE_FEEDBACK = "Feedback comments"
MOODLE_PARTICIPANT = "Participant "
_TITLE_AND_ID = re.compile(r"^(?P<title>.*?)\s*\((?P<id>\d+)\)\s*$")
MAX_SHEET_BYTES = 20_000_000
MAX_SHEET_ROWS = 100_000  # a class, with room: 10 million one-cell rows fit in 20 MB
MAX_SHEET_CELLS = 5_000_000


@dataclass
class Sheet:
    """A CSV file as rows of cells, with where it came from; `bom` when it began with one."""

    file: str
    rows: list[list[str]]
    delimiter: str = ","
    bom: bool = False

    lines: list[int] = field(default_factory=list)  # each row's first line in the file

    @property
    def header(self) -> list[str]:
        return self.rows[0] if self.rows else []

    def error(self, message: str, line: int = 1, col: int = 1) -> InputError:
        return InputError([Diagnostic(self.file, line, col, message)])

    def line_of(self, row: int) -> int:
        """The line (1-based) a row starts on (a quoted cell may hold line breaks)."""
        return self.lines[row] if row < len(self.lines) else row + 1

    def twice(self, who: str, first: int, again: int, why: str, col: int = 1) -> InputError:
        """One person on two rows: located at the second, naming both lines."""
        lines = f"lines {self.line_of(first)} and {self.line_of(again)}"
        return self.error(f"{who} is on two rows ({lines}); {why}", self.line_of(again), col)


def read_sheet(file: str, data: bytes) -> Sheet:
    """A downloaded CSV (UTF-8, with or without a BOM; comma or semicolon, as Canvas detects),
    bounded in bytes, rows and cells; a byte that is not UTF-8 located at its line."""
    if len(data) > MAX_SHEET_BYTES:
        raise InputError([Diagnostic(file, 1, 1, f"over {MAX_SHEET_BYTES} bytes: not a worksheet")])
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1 - (3 if bom and line == 1 else 0)
        raise InputError(
            [
                Diagnostic(
                    file,
                    line,
                    col,
                    f"not UTF-8 text: byte 0x{data[exc.start]:02x} (save the file as UTF-8; "
                    "both LMSs export UTF-8)",
                )
            ]
        ) from None
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[list[str]] = []
    lines: list[int] = []
    cells, start = 0, 1
    try:
        for row in reader:
            if row:
                rows.append(row)
                lines.append(start)
                cells += len(row)
            if len(rows) > MAX_SHEET_ROWS or cells > MAX_SHEET_CELLS:
                raise InputError(
                    [
                        Diagnostic(
                            file,
                            start,
                            1,
                            f"more than {MAX_SHEET_ROWS} rows or {MAX_SHEET_CELLS} cells: "
                            "not a class's worksheet",
                        )
                    ]
                )
            start = reader.line_num + 1
    except csv.Error as exc:
        raise InputError([Diagnostic(file, start, 1, f"not a CSV file: {exc}")]) from None
    if not rows:
        raise InputError([Diagnostic(file, 1, 1, "the file is empty")])
    return Sheet(file, rows, delimiter, bom, lines)


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
        if not identifier.startswith(MOODLE_PARTICIPANT):
            continue
        participant = identifier[len(MOODLE_PARTICIPANT) :].strip()
        if participant in worksheet.rows_by_participant:
            raise sheet.twice(
                identifier.strip(),
                worksheet.rows_by_participant[participant],
                number,
                "Moodle would take both, the last one winning: download the worksheet again",
                column["Identifier"] + 1,
            )
        worksheet.rows_by_participant[participant] = number
    return worksheet


@dataclass
class CanvasGradebook:
    """An exported Canvas gradebook: rows kept whole, the assignment's column located."""

    sheet: Sheet
    assignment: int  # the column index
    rows_by_student: dict[str, int] = field(default_factory=dict)
    points_row: int | None = None
    # students whose row Canvas's importer would read as points possible (by id): never written
    unsafe_rows: dict[str, int] = field(default_factory=dict)

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
        student_id = row[1].strip() if len(row) > 1 else ""
        if not student_id.isdigit():
            # Canvas writes its points row first under the header, with no student id: found
            # there, never by a name that happens to hold the words
            if number == 1 and row and row[0].strip() == "Points Possible":
                gradebook.points_row = number
            continue
        if student_id in gradebook.rows_by_student:
            raise sheet.twice(
                f"student id {student_id}",
                gradebook.rows_by_student[student_id],
                number,
                "Canvas would take either: export the gradebook again",
            )
        if "Points Possible" in row[0]:
            # Canvas's importer reads every row whose first cell holds these words as points
            # possible: written back, this student's row would rescale the assignments
            gradebook.unsafe_rows[student_id] = number
            continue
        gradebook.rows_by_student[student_id] = number
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


def write_sheet(
    sheet: Sheet,
    *,
    bom: bool,
    escape: Callable[[str], str],
    leave_out: frozenset[int] = frozenset(),
) -> str:
    """The rows back as CSV text, in the file's own delimiter (CRLF, as both LMSs export),
    every cell through `escape` (the renderer's, for a spreadsheet: the LMS's own cells too,
    a name may be a formula); the rows numbered in `leave_out` are not written."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=sheet.delimiter, lineterminator="\r\n")
    writer.writerows(
        [escape(cell) for cell in row]
        for number, row in enumerate(sheet.rows)
        if number not in leave_out
    )
    return ("\ufeff" if bom else "") + buffer.getvalue()


def names_from_books(
    results: list[SubmissionResult],
    canvas: CanvasGradebook | None,
    moodle: MoodleWorksheet | None,
) -> None:
    """Each LMS identity named as the LMS file given names the student (Canvas's `Student`
    column, Moodle's `Full name`) rather than by the download's squashed name (`nguyen_tranbao`
    for "Nguyen_Tran, Bao")."""
    for result in results:
        identity = result.identity
        if identity is None:
            continue
        name = ""
        if identity.source == "canvas" and canvas is not None:
            row = canvas.rows_by_student.get(identity.key)
            cells = canvas.sheet.rows[row] if row is not None else []
            name = cells[0].strip() if cells else ""
        elif identity.source == "moodle" and moodle is not None:
            row = moodle.rows_by_participant.get(identity.key)
            column = moodle.column.get("Full name")
            cells = moodle.sheet.rows[row] if row is not None else []
            name = cells[column].strip() if column is not None and column < len(cells) else ""
        if name:
            result.identity = replace(identity, name=name)
