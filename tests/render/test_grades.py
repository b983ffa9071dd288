"""The files an instructor publishes: gradebooks in Canvas's and Moodle's import layouts,
per-student feedback, the class report; stable, formula-safe, anonymisable."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest

from screwsolve.grading.batch import grade
from screwsolve.render.grades import (
    Gradebooks,
    Names,
    canvas_csv,
    class_report,
    grades_csv,
    moodle_csv,
    write_reports,
)

from ..conftest import ROOT

EXAMPLES = ROOT / "examples" / "grading"
KEY = str(EXAMPLES / "key-plate.yaml")


@pytest.fixture(scope="module")
def lms_class(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three of the shipped submissions as Canvas and Moodle downloads name them, one resubmitted,
    and one whose student: is a formula."""
    folder = tmp_path_factory.mktemp("downloads")
    source = EXAMPLES / "submissions"
    shutil.copy(source / "alice.yaml", folder / "liddellalice_1001_5001_answers.yaml")
    shutil.copy(source / "bob.yaml", folder / "bobbybob_1002_5002_answers.yaml")
    shutil.copy(source / "alice.yaml", folder / "bobbybob_LATE_1002_5003_answers-1.yaml")
    text = (source / "carol.yaml").read_text(encoding="utf-8")
    formula = text.replace("student: carol", "student: '=HYPERLINK(\"http://x\")'")
    (folder / "Carol Jones_77_assignsubmission_file_answers.yaml").write_text(
        formula, encoding="utf-8"
    )
    return folder


@pytest.fixture(scope="module")
def report(lms_class: Path):
    files = sorted(str(p) for p in lms_class.iterdir())
    return grade(KEY, files, timeout=0, seed=7, use_cache=False)


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_canvas_gradebook_layout(report) -> None:
    table = rows(canvas_csv(report, Gradebooks("Plate (123)")))
    assert table[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Plate (123)"]
    assert table[1] == ["Points Possible", "", "", "", "", "8"]
    by_id = {row[1]: row for row in table[2:]}
    assert set(by_id) == {"1001", "1002"}  # Moodle's participant is not in Canvas's file
    assert by_id["1001"][5] == "8"
    assert by_id["1002"][5] == "8"  # the resubmission (attempt 1) is the one kept


def test_moodle_worksheet_layout(report) -> None:
    table = rows(
        moodle_csv(report, Gradebooks("Plate", graded_at="2026-11-24T07:00:00+00:00"), Names())
    )
    assert table[0][:5] == ["Identifier", "Full name", "Email address", "Grade", "Maximum Grade"]
    assert table[0][5:] == ["Last modified (grade)", "Feedback comments"]
    assert table[1][5] == "2026-11-24T07:00:00+00:00"
    assert table[1][0] == "Participant 77" and table[1][1] == "Carol Jones"
    assert table[1][3] == "6" and table[1][4] == "8"


def test_grades_csv_is_formula_safe_and_stably_ordered(report) -> None:
    table = rows(grades_csv(report))
    assert table[0][:6] == ["file", "student", "lms", "lms_id", "declared_student", "status"]
    assert table[0][6:-2] == list(report.items) and table[0][-2:] == ["total", "max"]
    declared = [row[4] for row in table[1:]]
    assert '\'=HYPERLINK("http://x")' in declared
    assert not any(cell.startswith(("=", "+", "@")) for row in table for cell in row)


def test_duplicates_are_flagged(report) -> None:
    assert any("2 submissions from bobbybob" in w for w in report.warnings)


def test_anonymous_reports_hide_identities(report, tmp_path: Path) -> None:
    names = Names(anonymous=True, salt="s")
    text = grades_csv(report, names) + class_report(report, names)
    for secret in ("liddellalice", "bobbybob", "Carol", "1001", "HYPERLINK"):
        assert secret not in text
    written = write_reports(report, tmp_path, names, Gradebooks("Plate"), [])
    assert not (tmp_path / "canvas.csv").exists() and not (tmp_path / "moodle.csv").exists()
    assert all(p.name.startswith("student-") for p in written if p.parent.name == "feedback")


def test_every_report_is_written(report, tmp_path: Path) -> None:
    written = {
        p.relative_to(tmp_path).as_posix()
        for p in write_reports(
            report, tmp_path, Names(), Gradebooks("Plate"), ["x.json: not a .yaml or .yml file"]
        )
    }
    expected = {"grades.csv", "grades.json", "report.md", "needs-review.csv"}
    assert expected | {"canvas.csv", "moodle.csv"} <= written
    assert sum(1 for p in written if p.startswith("feedback/")) == len(report.results)
    assert "x.json: not a .yaml or .yml file" in (tmp_path / "report.md").read_text("utf-8")


def test_a_not_gradable_line_is_never_wrapped(tmp_path: Path) -> None:
    """The summary's `invalid: FILE: file:line:col: message` lines stay whole on a narrow
    terminal, so that the location can be copied."""
    from rich.console import Console

    from screwsolve.render.grades import render_summary

    broken = tmp_path / ("a-rather-long-submission-file-name-" * 3 + ".yaml")
    broken.write_text("student: x\nproblem: [\n", encoding="utf-8")
    report = grade(KEY, [str(broken)], timeout=0, seed=7, use_cache=False)
    console = Console(width=40, record=True, color_system=None)
    console.print(render_summary(report, plain=True), crop=False)  # as the command prints it
    lines = console.export_text().splitlines()
    invalid = [line for line in lines if line.startswith("invalid: ")]
    assert len(invalid) == 1 and f"{broken}:3:1: YAML syntax" in invalid[0]


def test_the_class_report_gives_mean_median_shares_and_a_figure(report, tmp_path: Path) -> None:
    """Scores and verdicts counted by hand from the graded rows: the mean and median of their
    scores, each item's share of correct answers; the figure names every item."""
    import statistics

    write_reports(report, tmp_path, Names(), Gradebooks("Plate"), [])
    text = (tmp_path / "report.md").read_text(encoding="utf-8")
    graded = [r for r in report.results if r.status == "graded"]
    scores = [r.score for r in graded]
    assert f"Mean {statistics.fmean(scores):.2f}, median " in text
    for item in report.items:
        right = sum(1 for r in graded for i in r.items if i.item == item and i.verdict == "correct")
        assert f"| {right} | {100 * right / len(graded):.0f}% |" in text
    svg = (tmp_path / "class.svg").read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and all(item.split(".")[-1] in svg for item in report.items)


def test_an_undecided_answer_is_on_the_review_list_with_its_points() -> None:
    from screwsolve.grading.identity import Identity
    from screwsolve.grading.results import GradeReport, ItemResult, SubmissionResult
    from screwsolve.render.grades import review_rows

    undecided = ItemResult("power_coefficients.x", "undecided", 0.0, 2.0, "could not be evaluated")
    result = SubmissionResult(
        "s.yaml", Identity("student", "ann", "ann"), items=[undecided], status="graded"
    )
    report = GradeReport("key.yaml", "k", "t", {"power_coefficients.x": 2.0}, [result], 1)
    ((student, _, _, file, status, reason),) = review_rows(report)
    assert (student, file, status) == ("ann", "s.yaml", "undecided")
    assert reason == "power_coefficients.x (2 points) could not be decided: given 0 until reviewed"
