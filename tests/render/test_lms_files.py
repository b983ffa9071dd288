"""The LMS's own files, filled in and checked by the LMS importers' own rules.

`moodle_import` and `canvas_import` below restate, independently of screwsolve's code, what
Moodle's offline grading worksheet importer (mod/assign/feedback/offline: importgradeslib.php,
locallib.php process_import_grades) and Canvas's GradebookImporter (app/models/
gradebook_importer.rb) do with an uploaded CSV; the files in tests/data/lms are laid out as the
two LMSs download them (Moodle's worksheet with its BOM and every column of the download;
Canvas's export with another assignment, read-only score columns, a Points Possible row and the
test student)."""

from __future__ import annotations

import csv
import io
import re
import shutil
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from screwsolve.cli import app
from screwsolve.errors import InputError
from screwsolve.grading.lms import canvas_gradebook, moodle_worksheet, read_sheet

from ..conftest import ROOT

DATA = Path(__file__).resolve().parent.parent / "data" / "lms"
EXAMPLES = ROOT / "examples" / "grading"
KEY = str(EXAMPLES / "key-plate.yaml")


# -- the importers' rules, from their source -------------------------------------------------


def moodle_import(
    text: str, current: dict[str, tuple[str, float]], maximum: float, feedback: str
) -> dict[str, tuple[float | None, str | None]]:
    """What Moodle stores for each participant id: (grade or None if skipped, feedback or None
    if not written). `current`: id -> (current grade text, its time modified)."""
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    header = rows[0]
    for required in ("Identifier", "Grade", "Last modified (grade)"):
        if required not in header:
            raise ValueError(f"invalidgradeimport: no {required}")  # the whole upload fails
    index = {name: header.index(name) for name in header}
    stored: dict[str, tuple[float | None, str | None]] = {}
    for row in rows[1:]:
        identifier = row[index["Identifier"]]
        participant = identifier[len("Participant ") :]
        if participant not in current:
            continue
        text_grade = row[index["Grade"]]
        modified = _strtotime(row[index["Last modified (grade)"]])
        old, old_time = current[participant]
        stale = old != "" and old_time > modified + 60
        grade: float | None
        try:
            grade = float(text_grade)
        except ValueError:
            grade = None
        skip = (
            grade is None
            or grade < 0
            or grade > maximum
            or (old != "" and float(old) == grade)
            or stale
        )
        written = row[index[feedback]] if feedback in index and not stale else None
        stored[participant] = (None if skip else grade, written)
    return stored


def _strtotime(text: str) -> float:
    """PHP's strtotime on the two forms these files hold; 0 (false) otherwise."""
    for form in ("%A, %d %B %Y, %I:%M %p", "%Y-%m-%dT%H:%M:%S%z"):
        try:
            return datetime.strptime(text.strip(), form).timestamp()
        except ValueError:
            continue
    return 0.0


def canvas_import(
    text: str, assignments: dict[int, str], students: set[str]
) -> tuple[dict[str, dict[int, str]], list[str]]:
    """(student id -> assignment id -> grade written, titles Canvas would create as new
    assignments), as GradebookImporter reads a CSV; raises when Canvas refuses the header."""
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    header = rows[0]
    if not (len(header) > 3 and "Student" in header[0] and "ID" in header[1]):
        raise ValueError("Invalid header row")
    columns = 3  # name, ID, section
    if re.match(r"SIS\s+Login\s+ID", header[2]):
        columns += 1
    elif re.match(r"SIS\s+User\s+ID", header[2]) and re.match(r"SIS\s+Login\s+ID", header[3]):
        columns += 2 + (1 if re.match(r"Integration\s+ID", header[4]) else 0)
    if "Section" not in header[columns - 1]:
        raise ValueError("Invalid header row")
    non_assignment = re.compile(
        "Current Score|Current Points|Current Grade|Final Score|Final Points|Final Grade"
    )
    new, matched = [], {}
    for index in range(columns, len(header)):
        title = header[index]
        if non_assignment.search(title):
            continue
        found = re.match(r"^(.*)\s+\((\d+)\)$", title)
        if found and int(found[2]) in assignments:
            matched[index] = int(found[2])
        elif title in assignments.values():
            matched[index] = next(i for i, t in assignments.items() if t == title)
        else:
            new.append(title)
    grades: dict[str, dict[int, str]] = {}
    for row in rows[1:]:
        if "Points Possible" in row[0]:
            continue
        if row[1] in students:
            grades[row[1]] = {a: row[i].strip() for i, a in matched.items()}
    return grades, new


# -- a class downloaded from each LMS ---------------------------------------------------------


@pytest.fixture()
def downloads(tmp_path: Path) -> Path:
    """Carol (Moodle participant 77) and Alice, Bob (Canvas users 1001, 1002; Bob twice), as
    the downloads name their files; and Dan's folder with a PDF only."""
    folder = tmp_path / "downloads"
    folder.mkdir()
    source = EXAMPLES / "submissions"
    shutil.copy(source / "carol.yaml", folder / "Carol Jones_77_assignsubmission_file_hw.yaml")
    shutil.copy(source / "alice.yaml", folder / "liddellalice_1001_5001_answers.yaml")
    shutil.copy(source / "bob.yaml", folder / "bobbybob_1002_5002_answers.yaml")
    shutil.copy(source / "alice.yaml", folder / "bobbybob_LATE_1002_5003_answers-1.yaml")
    (folder / "Dan Brown_78_assignsubmission_file_hw.pdf").write_bytes(b"%PDF-1.4\n\x00\xff")
    return folder


def _grade(downloads: Path, out: Path, *options: str) -> None:
    result = CliRunner().invoke(
        app,
        ["grade", "--key", KEY, str(downloads), "--out", str(out), "--seed", "3", *options],
    )
    assert result.exit_code == 0, result.output


def test_the_moodle_worksheet_comes_back_filled_and_moodle_takes_it(
    downloads: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    _grade(downloads, out, "--moodle-worksheet", str(DATA / "moodle-worksheet.csv"))
    filled = (out / "moodle.csv").read_text(encoding="utf-8")
    original = (DATA / "moodle-worksheet.csv").read_text(encoding="utf-8")
    assert filled.startswith("\ufeff")  # as downloaded
    before, after = (
        list(csv.reader(io.StringIO(t.removeprefix("\ufeff")))) for t in (original, filled)
    )
    assert before[0] == after[0] and len(before) == len(after)  # every column, every row
    assert after[2] == before[2] and after[3] == before[3]  # Dan (not graded) and Eve: as they were
    current = {"77": ("", 0.0), "78": ("", 0.0), "79": ("40.00", 0.0)}
    stored = moodle_import(filled, current, maximum=100.0, feedback="Feedback comments")
    # Carol scores 6 of 8 on the key: 75 on Moodle's scale of 100
    assert stored["77"][0] == 75.0 and stored["77"][1]
    assert stored["78"] == (None, "")  # no grade for Dan: he is on the review list instead
    review = (out / "needs-review.csv").read_text(encoding="utf-8")
    assert "Dan Brown" in review and "invalid" in review


def test_a_worksheet_without_the_required_columns_is_refused_before_grading(
    tmp_path: Path,
) -> None:
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("Identifier,Full name,Grade\nParticipant 1,A,\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        moodle_worksheet(read_sheet(str(sheet), sheet.read_bytes()))
    (diagnostic,) = info.value.diagnostics
    assert "'Last modified (grade)'" in diagnostic.message and diagnostic.line == 1


def test_moodle_csv_from_scratch_has_what_the_importer_requires(
    downloads: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    _grade(downloads, out)
    text = (out / "moodle.csv").read_text(encoding="utf-8")
    stored = moodle_import(text, {"77": ("", 0.0)}, maximum=8.0, feedback="Feedback comments")
    assert stored["77"][0] == 6.0
    # a grade changed in Moodle before screwsolve graded is protected by Moodle's own check
    graded_at = _strtotime(next(csv.DictReader(io.StringIO(text)))["Last modified (grade)"])
    assert graded_at > 0
    later = moodle_import(text, {"77": ("5", graded_at + 3600)}, 8.0, "Feedback comments")
    assert later["77"] == (None, None)


def test_the_canvas_gradebook_comes_back_filled_and_canvas_takes_it(
    downloads: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    gradebook = str(DATA / "canvas-gradebook.csv")
    _grade(downloads, out, "--canvas-gradebook", gradebook, "--assignment", "Plate on a step")
    filled = (out / "canvas.csv").read_text(encoding="utf-8")
    grades, new = canvas_import(
        filled, {1200: "Homework 4", 1234: "Plate on a step"}, {"1001", "1002", "9999"}
    )
    assert new == []  # no assignment created
    assert grades["1001"] == {1200: "9.00", 1234: "8"}  # the other assignment as exported
    assert grades["1002"][1234] == "8"  # Bob's later attempt (Alice's answers) is graded
    assert grades["9999"][1234] == ""  # the test student is left as exported
    review = list(csv.DictReader(io.StringIO((out / "needs-review.csv").read_text("utf-8"))))
    duplicate = [r for r in review if r["status"] == "duplicate"]
    assert [Path(r["file"]).name for r in duplicate] == ["bobbybob_1002_5002_answers.yaml"]


def test_a_canvas_file_from_scratch_names_the_assignment_by_its_id(
    downloads: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    _grade(downloads, out, "--assignment", "Plate on a step (1234)")
    grades, new = canvas_import(
        (out / "canvas.csv").read_text("utf-8"), {1234: "Plate on a step"}, {"1001", "1002"}
    )
    assert new == [] and grades["1001"][1234] == "8"
    _grade(downloads, out, "--assignment", "Plate on a step")  # no id: Canvas makes a new one
    _, new = canvas_import((out / "canvas.csv").read_text("utf-8"), {1234: "x"}, {"1001"})
    assert new == ["Plate on a step"]
    assert "new assignment" in (out / "report.md").read_text("utf-8")


def test_an_unknown_assignment_is_refused_with_the_gradebooks_assignments() -> None:
    sheet = read_sheet("gb.csv", (DATA / "canvas-gradebook.csv").read_bytes())
    with pytest.raises(InputError) as info:
        canvas_gradebook(sheet, "Plate on a stpe")
    message = info.value.diagnostics[0].message
    assert "did you mean 'Plate on a step'" in message and "Homework 4 (1200)" in message


def test_ungradable_students_get_zero_only_when_asked(downloads: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    worksheet = str(DATA / "moodle-worksheet.csv")
    _grade(downloads, out, "--moodle-worksheet", worksheet, "--zero-ungradable", "--excel")
    stored = moodle_import(
        (out / "moodle.csv").read_text("utf-8"),
        {"78": ("", 0.0)},
        maximum=100.0,
        feedback="Feedback comments",
    )
    assert stored["78"][0] == 0.0  # Dan's PDF: 0, as asked
    assert (out / "grades.csv").read_bytes().startswith(b"\xef\xbb\xbf")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe\x00bad", "not UTF-8 text"),
        (b"", "the file is empty"),
        (b"Name,Score\nA,1\n", "not a Canvas gradebook export"),
    ],
)
def test_a_wrong_lms_file_is_refused_before_grading(
    tmp_path: Path, downloads: Path, content: bytes, message: str
) -> None:
    """A file given as the Canvas gradebook that is not one: a located error, exit 1, and no
    submission graded (nothing half-written in --out)."""
    bad = tmp_path / "export.csv"
    bad.write_bytes(content)
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app,
        ["grade", "--key", KEY, str(downloads), "--out", str(out), "--canvas-gradebook", str(bad)],
    )
    assert result.exit_code == 1
    assert f"{bad}:1:1: " in result.stderr and message in result.stderr
    assert not (out / "grades.csv").exists()


def test_a_gradebook_over_the_size_limit_is_refused_not_cut(tmp_path: Path) -> None:
    from screwsolve.grading.lms import MAX_SHEET_BYTES

    big = tmp_path / "export.csv"
    big.write_bytes((DATA / "canvas-gradebook.csv").read_bytes() + b"x" * (MAX_SHEET_BYTES + 10))
    result = CliRunner().invoke(
        app, ["grade", "--key", KEY, str(tmp_path), "--canvas-gradebook", str(big)]
    )
    assert result.exit_code == 1 and "not a worksheet" in result.stderr


# -- hostile cells: data, never structure ----------------------------------------------------


def canvas_points_rows(text: str) -> list[list[str]]:
    """Every row Canvas's importer reads as points possible: any whose first cell holds the
    words (GradebookImporter#check_for_non_student_row tests row[0] =~ /Points Possible/)."""
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    return [row for row in rows[1:] if "Points Possible" in row[0]]


def _hostile_gradebook(folder: Path) -> Path:
    """The exported gradebook with a student whose display name holds "Points Possible" (her
    other assignment's cell 10.00, as if the points), and one whose name is a formula."""
    text = (DATA / "canvas-gradebook.csv").read_text("utf-8")
    text += '"Points Possible, Mallory","1003","M3","mallory","Mechanics 101","10.00","",""\n'
    text += '"=HYPERLINK(""http://x"")","1004","","","Mechanics 101","\x00\x1b[31m","","",""\n'
    path = folder / "gradebook.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_students_name_never_becomes_the_points_row(downloads: Path, tmp_path: Path) -> None:
    """Mallory's name holds "Points Possible": her row is not the points row (the class stays
    on 8 points: Alice's 8/8 is written 8, not 100), and since Canvas's own importer would read
    her row as points possible, it is left out of canvas.csv and named in the report, with
    her grade to enter by hand."""
    source = EXAMPLES / "submissions"
    shutil.copy(source / "alice.yaml", downloads / "pointspossiblemallory_1003_5009_answers.yaml")
    out = tmp_path / "out"
    gradebook = _hostile_gradebook(tmp_path)
    _grade(downloads, out, "--canvas-gradebook", str(gradebook), "--assignment", "1234")
    filled = (out / "canvas.csv").read_text(encoding="utf-8")
    points = canvas_points_rows(filled)
    assert len(points) == 1 and points[0][6] == "8.00"  # Canvas's own points row, untouched
    grades, new = canvas_import(
        filled, {1200: "Homework 4", 1234: "Plate on a step"}, {"1001", "1003", "1004"}
    )
    assert new == [] and grades["1001"][1234] == "8"
    assert "1003" not in grades
    report = (out / "report.md").read_text("utf-8")
    assert "student id 1003" in report and "enter this grade by hand" in report
    assert "graded 8 of 8" in report


def test_no_cell_written_back_is_a_formula_or_a_control(downloads: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    gradebook = _hostile_gradebook(tmp_path)
    _grade(downloads, out, "--canvas-gradebook", str(gradebook), "--assignment", "1234")
    rows = list(csv.reader(io.StringIO((out / "canvas.csv").read_text("utf-8"))))
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r")]
    assert not [c for c in cells if c.startswith("-") and c != "-" and not _number(c)]
    assert not [c for c in cells if "\x00" in c or "\x1b" in c]
    assert '\'=HYPERLINK("http://x")' in cells
    # what the importer needs is byte for byte as exported
    assert rows[0] == next(csv.reader(io.StringIO((DATA / "canvas-gradebook.csv").read_text())))
    assert rows[1][0] == "    Points Possible"


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def test_a_participant_listed_twice_is_refused_at_the_second_row(tmp_path: Path) -> None:
    text = (DATA / "moodle-worksheet.csv").read_text("utf-8")
    lines = text.splitlines()
    twice = tmp_path / "worksheet.csv"
    twice.write_text("\n".join([*lines, lines[1].replace("Carol", "Caroline")]) + "\n", "utf-8")
    with pytest.raises(InputError) as info:
        moodle_worksheet(read_sheet(str(twice), twice.read_bytes()))
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.line, diagnostic.col) == (len(lines) + 1, 1)
    assert "Participant 77 is on two rows (lines 2 and 5)" in diagnostic.message


def test_a_canvas_student_listed_twice_is_refused(tmp_path: Path) -> None:
    text = (DATA / "canvas-gradebook.csv").read_text("utf-8")
    twice = tmp_path / "gradebook.csv"
    twice.write_text(text + '"Liddell, Alice","1001","","","X","","","","",""\n', "utf-8")
    with pytest.raises(InputError) as info:
        canvas_gradebook(read_sheet(str(twice), twice.read_bytes()), "1234")
    (diagnostic,) = info.value.diagnostics
    assert diagnostic.line == 6 and "student id 1001 is on two rows (lines 3 and 6)" in (
        diagnostic.message
    )


def test_a_byte_that_is_not_utf8_is_located_at_its_line(tmp_path: Path) -> None:
    """A worksheet saved as Windows-1252: the first such byte (é as 0xe9) is on line 3."""
    text = (DATA / "moodle-worksheet.csv").read_text("utf-8").replace("Dan Brown", "Dan Bérard")
    sheet = tmp_path / "worksheet.csv"
    sheet.write_bytes(text.removeprefix("\ufeff").encode("cp1252"))
    with pytest.raises(InputError) as info:
        read_sheet(str(sheet), sheet.read_bytes())
    (diagnostic,) = info.value.diagnostics
    assert (diagnostic.line, diagnostic.col) == (3, 24)
    assert "byte 0xe9" in diagnostic.message


def test_rows_are_bounded_not_only_bytes(tmp_path: Path) -> None:
    """10 million one-cell rows fit in 20 MB; the reader stops at its row limit, located."""
    from screwsolve.grading.lms import MAX_SHEET_ROWS

    sheet = tmp_path / "rows.csv"
    sheet.write_bytes(b"Identifier\n" + b"x\n" * (MAX_SHEET_ROWS + 5))
    with pytest.raises(InputError) as info:
        read_sheet(str(sheet), sheet.read_bytes())
    (diagnostic,) = info.value.diagnostics
    assert diagnostic.line == MAX_SHEET_ROWS + 1 and "rows" in diagnostic.message


def test_students_are_named_as_the_lms_file_names_them(downloads: Path, tmp_path: Path) -> None:
    """With the exported gradebook, Canvas students are shown by its Student column ("Liddell,
    Alice"), not the download's squashed name; the test student, who submitted nothing, is
    listed as such before upload."""
    out = tmp_path / "out"
    gradebook = str(DATA / "canvas-gradebook.csv")
    _grade(downloads, out, "--canvas-gradebook", gradebook, "--assignment", "Plate on a step")
    rows = list(csv.DictReader(io.StringIO((out / "grades.csv").read_text("utf-8"))))
    assert {"Liddell, Alice", "Bobby, Bob"} <= {row["student"] for row in rows}
    assert "liddellalice" not in {row["student"] for row in rows}
    report = (out / "report.md").read_text(encoding="utf-8")
    assert (
        "with no submission graded (their cells are left as they were): 1: Test Student" in report
    )
