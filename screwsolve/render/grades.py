"""A GradeReport as the files an instructor publishes, and a terminal summary.

- `grades.csv`: one row per submission, a column per item in the key's order (stable);
- `canvas.csv`: Canvas's gradebook import layout (Student, ID, SIS User ID, SIS Login ID,
  Section, one column for the assignment, a "Points Possible" row), students matched by their
  Canvas user id from the download's file names;
- `moodle.csv`: Moodle's offline grading worksheet layout (Identifier "Participant N", Full
  name, Email address, Grade, Maximum Grade, Feedback comments);
- `grades.json`: everything, feedback and the probe seed included;
- `feedback/NAME.md`: each student's items, verdicts, points and feedback;
- `report.md`: the class: score histogram, per item the share correct, the most common wrong
  answers and the mistakes recognised, warnings.
Every cell and line of untrusted text goes through `escape`.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
import statistics
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path, PurePath
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from screwsolve.grading.lms import (
    MOODLE_FEEDBACK,
    CanvasGradebook,
    MoodleWorksheet,
    names_an_assignment_id,
    write_sheet,
)
from screwsolve.grading.results import (
    GradeReport,
    SubmissionResult,
    gradebook_rows,
    superseded,
    tied,
)
from screwsolve.render.class_figure import CLASS_FIGURE, class_svg
from screwsolve.render.escape import csv_cell, markdown, markup, sheet_cell, terminal
from screwsolve.version import __version__

HISTOGRAM_BINS = 10


@dataclass(frozen=True)
class Names:
    """How students are named in reports: as themselves, or by stable pseudonyms."""

    anonymous: bool = False
    salt: str = ""

    def of(self, result: SubmissionResult) -> str:
        if not self.anonymous:
            return result.student
        identity = result.identity
        key = f"{identity.source}:{identity.key}" if identity else f"file:{result.file}"
        return "student-" + hashlib.sha256(f"{self.salt}\0{key}".encode()).hexdigest()[:8]

    def file(self, result: SubmissionResult) -> str:
        return "(hidden)" if self.anonymous else PurePath(result.file).as_posix()

    def scrub(self, text: str, result: SubmissionResult) -> str:
        """Text about a submission (a diagnostic, a note) without what would name its author
        in anonymous mode: its path and every folder or name in it, its identity's name and
        id, its declared `student:`."""
        if not self.anonymous:
            return text
        pure = PurePath(result.file)
        secrets = {result.file, pure.as_posix(), *pure.parts, pure.stem, result.declared}
        if result.identity is not None:
            secrets |= {result.identity.name, result.identity.key}
        for secret in sorted((s for s in secrets if len(s) > 1), key=len, reverse=True):
            text = text.replace(secret, "(hidden)")
        return text

    def scrub_all(self, texts: list[str], result: SubmissionResult) -> list[str]:
        return [self.scrub(text, result) for text in texts]


def _score(value: float) -> str:
    return f"{value:g}"


def _csv(rows: list[list[str]], *, excel: bool = False) -> str:
    """CSV with CRLF ends; with a BOM for `excel`, which on Windows reads UTF-8 only so."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for row in rows:
        writer.writerow(row)
    return ("\ufeff" if excel else "") + buffer.getvalue()


def grades_csv(report: GradeReport, names: Names = Names(), *, excel: bool = False) -> str:
    """One row per submission, then total and maximum; item columns in the key's order."""
    items = list(report.items)
    rows = [["file", "student", "lms", "lms_id", "declared_student", "status", *items]]
    rows[0] += ["total", "max"]
    for result in report.results:
        by_item = {i.item: i for i in result.items}
        identity = result.identity
        anonymous = names.anonymous
        rows.append(
            [
                csv_cell(names.file(result)),
                csv_cell(names.of(result)),
                identity.source if identity else "",
                "" if anonymous or identity is None else csv_cell(identity.lms_id),
                "" if anonymous else csv_cell(result.declared),
                result.status,
                *(_score(by_item[i].points) if i in by_item else "0" for i in items),
                _score(result.score),
                _score(report.max_points),
            ]
        )
    return _csv(rows, excel=excel)


@dataclass(frozen=True)
class Gradebooks:
    """The LMS files to fill in: Canvas's and Moodle's as downloaded (None: written from
    scratch as their importers require), and how to treat who could not be graded."""

    assignment: str
    moodle: MoodleWorksheet | None = None
    canvas: CanvasGradebook | None = None
    zero_ungradable: bool = False
    excel: bool = False
    graded_at: str = ""  # ISO 8601, for Moodle's Last modified (grade)


def publishable(report: GradeReport, books: Gradebooks) -> list[SubmissionResult]:
    """One submission per LMS student (the latest), leaving out those not graded unless
    --zero-ungradable: they are on the review list first."""
    rows = gradebook_rows(report.results)
    return [r for r in rows if r.status == "graded" or books.zero_ungradable]


def _scaled(score: float, report: GradeReport, maximum: float | None) -> str:
    """The score in the LMS's own scale (its maximum grade or points possible), 2 decimals."""
    if maximum is not None and report.max_points and maximum != report.max_points:
        score = score * maximum / report.max_points
    return f"{score:.2f}".rstrip("0").rstrip(".")


def canvas_csv(report: GradeReport, books: Gradebooks) -> str:
    """Canvas gradebook import: the exported gradebook with the assignment's column filled for
    each student graded (every other cell as exported), or a file written from scratch."""
    results = [
        r for r in publishable(report, books) if r.identity and r.identity.source == "canvas"
    ]
    if books.canvas is not None:
        gradebook = books.canvas
        rows = [list(row) for row in gradebook.sheet.rows]
        maximum = gradebook.points_possible()
        width = gradebook.assignment + 1
        for result, row in _matched(results, rows, gradebook.rows_by_student, width):
            row[gradebook.assignment] = _scaled(result.score, report, maximum)
        sheet = replace(gradebook.sheet, rows=rows)
        unsafe = frozenset(gradebook.unsafe_rows.values())
        bom = books.excel or gradebook.sheet.bom
        return write_sheet(sheet, bom=bom, escape=sheet_cell, leave_out=unsafe)
    rows = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", csv_cell(books.assignment)]]
    rows.append(["Points Possible", "", "", "", "", _score(report.max_points)])
    for result in results:
        assert result.identity is not None
        rows.append(
            [csv_cell(result.identity.name), result.identity.key, "", "", "", _score(result.score)]
        )
    return _csv(rows, excel=books.excel)


def moodle_csv(report: GradeReport, books: Gradebooks, names: Names) -> str:
    """Moodle's offline grading worksheet: the downloaded one with Grade and Feedback comments
    set for each participant graded (every other cell as downloaded, Last modified (grade)
    included, so Moodle's own check against later changes still holds), or one written with
    the columns its importer requires."""
    results = [
        r for r in publishable(report, books) if r.identity and r.identity.source == "moodle"
    ]
    if books.moodle is not None:
        worksheet = books.moodle
        rows = [list(row) for row in worksheet.sheet.rows]
        width = max(worksheet.column.values()) + 1
        for result, row in _matched(results, rows, worksheet.rows_by_participant, width):
            assert result.identity is not None
            maximum = worksheet.maximum(result.identity.key)
            row[worksheet.column["Grade"]] = _scaled(result.score, report, maximum)
            if worksheet.has_feedback:
                row[worksheet.column[MOODLE_FEEDBACK]] = csv_cell(_comment(result, report, names))
        sheet = replace(worksheet.sheet, rows=rows)
        return write_sheet(sheet, bom=books.excel or worksheet.sheet.bom, escape=sheet_cell)
    header = ["Identifier", "Full name", "Email address", "Grade", "Maximum Grade"]
    rows = [[*header, "Last modified (grade)", MOODLE_FEEDBACK]]
    for result in results:
        assert result.identity is not None
        rows.append(
            [
                f"Participant {result.identity.key}",
                csv_cell(result.identity.name),
                "",
                _score(result.score),
                _score(report.max_points),
                books.graded_at,
                csv_cell(_comment(result, report, names)),
            ]
        )
    return _csv(rows, excel=books.excel)


def _matched(
    results: list[SubmissionResult], rows: list[list[str]], index: dict[str, int], width: int
) -> Iterator[tuple[SubmissionResult, list[str]]]:
    """Each result whose LMS id has a row in the LMS's file, with that row (padded to `width`
    cells, so a short row can take the grade)."""
    for result in results:
        number = index.get(result.identity.key) if result.identity else None
        if number is None:
            continue
        row = rows[number]
        row.extend([""] * (width - len(row)))
        yield result, row


COMMENT_CHARS = 1000  # a gradebook comment: the rest is in the student's feedback file


def _comment(result: SubmissionResult, report: GradeReport, names: Names) -> str:
    """The feedback comment of a gradebook row: the summary, cut with a pointer to the file."""
    line = _summary_line(result)
    if len(line) <= COMMENT_CHARS:
        return line
    return line[: COMMENT_CHARS - 60].rstrip() + " ... (the rest is in your feedback file)"


def _sheet_name(book: CanvasGradebook | MoodleWorksheet, row: int) -> str:
    """The student's name in an LMS file's row: Canvas's first column, Moodle's Full name."""
    cells = book.sheet.rows[row]
    if isinstance(book, CanvasGradebook):
        return cells[0] if cells else ""
    column = book.column.get("Full name")
    return cells[column] if column is not None and column < len(cells) else ""


def gradebook_notes(report: GradeReport, books: Gradebooks) -> list[str]:
    """What the instructor must know before uploading the gradebook files."""
    notes = []
    canvas = [r for r in publishable(report, books) if r.identity and r.identity.source == "canvas"]
    moodle = [r for r in publishable(report, books) if r.identity and r.identity.source == "moodle"]
    if canvas and books.canvas is None and not names_an_assignment_id(books.assignment):
        notes.append(
            f"canvas.csv: the column '{books.assignment}' has no assignment id, so Canvas will "
            "import it as a new assignment; give --assignment 'Title (id)' (the id ends the "
            "assignment's address) or --canvas-gradebook with the exported gradebook"
        )
    if moodle and books.moodle is None:
        notes.append(
            f"moodle.csv: grades are in the key's points (out of {_score(report.max_points)}); "
            "Moodle skips a grade above the assignment's maximum grade: give --moodle-worksheet "
            "with the downloaded worksheet to have them scaled to it"
        )
    for book, found, lms in (
        (books.canvas, canvas, "the Canvas gradebook"),
        (books.moodle, moodle, "the Moodle worksheet"),
    ):
        if book is None:
            continue
        rows = (
            book.rows_by_student if isinstance(book, CanvasGradebook) else book.rows_by_participant
        )
        unsafe = book.unsafe_rows if isinstance(book, CanvasGradebook) else {}
        absent = [
            r.student
            for r in found
            if r.identity and r.identity.key not in rows and r.identity.key not in unsafe
        ]
        if absent:
            notes.append(f"not in {lms} (left out): {', '.join(absent)}")
        submitted = {r.identity.key for r in found if r.identity}
        silent = [key for key in rows if key not in submitted]
        if silent:
            who = [_sheet_name(book, rows[key]) or key for key in silent]
            shown = ", ".join(who[:20]) + (f" and {len(who) - 20} more" if len(who) > 20 else "")
            notes.append(
                f"in {lms} with no submission graded (their cells are left as they were): "
                f"{len(silent)}: {shown}"
            )
        for key, number in unsafe.items():
            result = next((r for r in found if r.identity and r.identity.key == key), None)
            score = (
                f" (graded {_score(result.score)} of {_score(report.max_points)})" if result else ""
            )
            notes.append(
                f"canvas.csv: the row of student id {key} (line {book.sheet.line_of(number)}) "
                "is left out: its name holds 'Points Possible', which Canvas's importer reads "
                f"as the points row; enter this grade by hand{score}"
            )
    return notes


REVIEW_HEADER = ["student", "lms", "lms_id", "file", "status", "reason"]


def review_rows(report: GradeReport, names: Names = Names()) -> list[list[str]]:
    """Every submission that is not simply graded into the gradebook, with why: not gradable
    (invalid, rejected, timed out, crashed), another file of the same student graded instead, an
    answer that could not be decided (0 until reviewed), or a file kept over others that nothing
    the LMS wrote orders it before (cells as plain text; escaped where written)."""
    replaced = superseded(report.results)
    ties = tied(report.results)
    rows = []
    for result in report.results:
        identity = result.identity
        lms = identity.source if identity else ""
        lms_id = identity.lms_id if identity and not names.anonymous else ""
        status: str
        if id(result) in replaced:
            status = "duplicate"
            reason = f"another file of this student was graded: {names.file(replaced[id(result)])}"
        elif result.status != "graded":
            reason = result.diagnostics[0] if result.diagnostics else result.status
            reason = names.scrub(reason, result)
            status = result.status
        else:
            undecided = [i for i in result.items if i.verdict == "undecided"]
            others = ties.get(id(result))
            if undecided:
                status = "undecided"
                reason = "; ".join(
                    f"{i.item} ({_score(i.max_points)} points) could not be decided: given 0 "
                    "until reviewed"
                    for i in undecided
                )
            elif others:
                status = "tie"
                reason = (
                    "graded, but nothing the LMS wrote orders it before "
                    + ", ".join(names.file(t) for t in others)
                    + " (same kind, same time): check which one the student meant"
                )
            else:
                continue
        rows.append([names.of(result), lms, lms_id, names.file(result), status, reason])
    return rows


def needs_review_csv(report: GradeReport, names: Names, *, excel: bool = False) -> str:
    rows = [REVIEW_HEADER] + [[csv_cell(c) for c in row] for row in review_rows(report, names)]
    return _csv(rows, excel=excel)


def has_lms(report: GradeReport, source: str) -> bool:
    return any(r.identity is not None and r.identity.source == source for r in report.results)


def _summary_line(result: SubmissionResult) -> str:
    wrong = [i for i in result.items if i.verdict != "correct"]
    if result.status != "graded":
        return f"{result.status}: " + "; ".join(result.diagnostics[:1])
    if not wrong:
        return "All answers correct."
    return " ".join(
        f"{i.item}: {i.verdict}" + (f" ({i.feedback})" if i.feedback else "") + "." for i in wrong
    )


def grades_document(report: GradeReport, names: Names = Names()) -> dict[str, Any]:
    """Everything, feedback and the probe seed included (schema_version 1)."""
    return {
        "schema_version": 1,
        "tool": {"name": "screwsolve", "version": __version__},
        "command": "grade",
        "key": PurePath(report.key).as_posix(),
        "problem": report.key_id,
        "title": report.title,
        "seed": report.seed,
        "items": report.items,
        "max_points": report.max_points,
        "warnings": report.warnings if not names.anonymous else [],
        "submissions": [
            {
                "file": names.file(r),
                "student": names.of(r),
                "declared_student": "" if names.anonymous else r.declared,
                "lms": r.identity.source if r.identity else "",
                "lms_id": r.identity.lms_id if r.identity and not names.anonymous else "",
                "status": r.status,
                "score": r.score,
                "diagnostics": names.scrub_all(r.diagnostics, r),
                "notes": names.scrub_all(r.notes, r),
                "items": [
                    {
                        "item": i.item,
                        "verdict": i.verdict,
                        "points": i.points,
                        "max_points": i.max_points,
                        "feedback": i.feedback,
                        "answer": i.answer,
                        "mistake": i.mistake,
                    }
                    for i in r.items
                ],
            }
            for r in report.results
        ],
    }


_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
FEEDBACK_NAME_CHARS = 60
# Names Windows keeps for devices, with any extension (CON.md is the console there)
_WINDOWS_DEVICES = re.compile(r"(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?", re.IGNORECASE)


def _file_stem(label: str) -> str:
    """A label as a portable file-name stem: NFKC-normalised, ASCII letters, digits, `.`, `_`
    and `-` only, cut to FEEDBACK_NAME_CHARS, no leading or trailing dot or dash, never a
    Windows device name."""
    import unicodedata

    ascii_label = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", label))
    ascii_label = ascii_label.encode("ascii", "ignore").decode()
    stem = _UNSAFE_NAME.sub("-", ascii_label)[:FEEDBACK_NAME_CHARS].strip("-. ")
    stem = stem or "submission"
    return f"_{stem}" if _WINDOWS_DEVICES.fullmatch(stem) else stem


def _feedback_label(result: SubmissionResult, names: Names) -> str:
    """Whose feedback a file is: the student's name, else (a file too broken to name anyone)
    the submission's own file name, so that its author finds it; never a file name when the
    report is anonymous."""
    label = names.of(result)
    if label or names.anonymous:
        return label
    return Path(result.file).stem


def feedback_file_names(labels: list[str]) -> list[str]:
    """One feedback file name per label, each unique even on a disk that ignores case, in time
    linear in the class: a repeated stem gets -2, -3, ... (each stem remembers its last
    number, so 10 000 copies of `YOUR NAME HERE` cost 10 000 steps, not 50 million)."""
    taken: set[str] = set()  # case-folded
    last: dict[str, int] = {}
    names = []
    for label in labels:
        stem = _file_stem(label)
        key = stem.casefold()
        name = stem
        if key in taken:
            number = last.get(key, 1)
            while name.casefold() in taken:
                number += 1
                name = f"{stem}-{number}"
            last[key] = number
        taken.add(name.casefold())
        names.append(f"{name}.md")
    return names


def feedback_markdown(report: GradeReport, result: SubmissionResult, names: Names) -> str:
    """One student's feedback: each item's verdict, points and what to look at."""
    lines = [
        f"# {markdown(report.title)}",
        "",
        f"Student: {markdown(names.of(result))}  ",
        f"Score: {_score(result.score)} / {_score(report.max_points)}",
        "",
    ]
    if result.status != "graded":
        lines.append(f"This submission could not be graded ({result.status}):")
        lines.append("")
        lines.extend(f"- {markdown(d)}" for d in names.scrub_all(result.diagnostics, result))
        return "\n".join(lines) + "\n"
    if result.notes:
        lines += ["Read with a note:", ""]
        lines += [f"- {markdown(note)}" for note in names.scrub_all(result.notes, result)]
        lines.append("")
    lines += [
        "| item | your answer | verdict | points | feedback |",
        "| --- | --- | --- | --- | --- |",
    ]
    for item in result.items:
        answer = f"`{_code(item.answer)}`" if item.answer else ""
        lines.append(
            f"| {markdown(item.item)} | {answer} | {item.verdict} | "
            f"{_score(item.points)} / {_score(item.max_points)} | {markdown(item.feedback)} |"
        )
    return "\n".join(lines) + "\n"


def class_report(
    report: GradeReport,
    names: Names = Names(),
    skipped: list[str] | None = None,
    gradebooks: list[str] | None = None,
) -> str:
    """The class at a glance, as Markdown: scores, items, common wrong answers, mistakes."""
    graded = [r for r in report.results if r.status == "graded"]
    lines = [
        f"# {markdown(report.title)}: class report",
        "",
        f"Key `{markdown(report.key_id)}`, {len(report.results)} submissions, "
        f"{len(graded)} graded; probe seed {report.seed} (rerun with `--seed {report.seed}` to "
        "reproduce every verdict).",
        "",
        "## Scores",
        "",
        "| score | students |",
        "| --- | --- |",
    ]
    for label, count in histogram(report):
        lines.append(f"| {label} | {count} |")
    if graded:
        scores = sorted(r.score for r in graded)
        lines += [
            "",
            f"Mean {statistics.fmean(scores):.2f}, median {_score(statistics.median(scores))}"
            f" of {_score(report.max_points)} points (lowest {_score(scores[0])}, highest "
            f"{_score(scores[-1])}); the histogram and the items are drawn in "
            f"`{CLASS_FIGURE}`.",
        ]
    not_graded = Counter(r.status for r in report.results if r.status != "graded")
    if not_graded:
        lines += ["", "Not graded: " + ", ".join(f"{n} {s}" for s, n in sorted(not_graded.items()))]
    lines += ["", "## Items", ""]
    lines += ["| item | points | correct | % correct | wrong | unreadable | undecided | missing |"]
    lines += ["| --- | --- | --- | --- | --- | --- | --- | --- |"]
    shares = dict(item_shares(report))
    for item, points in report.items.items():
        verdicts = Counter(i.verdict for r in graded for i in r.items if i.item == item)
        share = f"{shares[item]:.0f}%" if graded else "-"
        lines.append(
            f"| {markdown(item)} | {_score(points)} | {verdicts['correct']} | {share} "
            f"| {verdicts['wrong']} | {verdicts['unreadable']} | {verdicts['undecided']} "
            f"| {verdicts['missing']} |"
        )
    for item in report.items:
        wrong = [i for r in graded for i in r.items if i.item == item and i.verdict == "wrong"]
        if not wrong:
            continue
        lines += ["", f"### {markdown(item)}", ""]
        mistakes = Counter(i.feedback.split(";")[0] for i in wrong if i.mistake)
        if mistakes:
            lines.append("Mistakes recognised:")
            lines.append("")
            lines += [f"- {n} x {markdown(text)}" for text, n in mistakes.most_common(5)]
            lines.append("")
        answers = Counter(i.answer for i in wrong)
        lines.append("Most common wrong answers:")
        lines.append("")
        lines += [f"- {n} x `{_code(answer)}`" for answer, n in answers.most_common(3)]
    if report.warnings and not names.anonymous:
        lines += ["", "## Warnings", ""]
        lines += [f"- {markdown(w)}" for w in report.warnings]
    if gradebooks and not names.anonymous:
        lines += ["", "## Before uploading the gradebooks", ""]
        lines += [f"- {markdown(note)}" for note in gradebooks]
    review = review_rows(report, names)
    if review:
        lines += ["", "## Needs review before upload", ""]
        lines.append(
            "These are not in the gradebook files (unless `--zero-ungradable`); the same list is "
            "`needs-review.csv`."
        )
        lines += ["", "| student | file | status | reason |", "| --- | --- | --- | --- |"]
        for student, _, _, file, status, reason in review:
            lines.append(
                f"| {markdown(student)} | {markdown(file)} | {status} | {markdown(_cut(reason))} |"
            )
    if skipped and names.anonymous:  # their paths name students
        lines += ["", "## Files not graded", "", f"{len(skipped)} (names hidden)"]
    elif skipped:
        lines += ["", "## Files not graded", ""]
        lines += [f"- {markdown(s)}" for s in skipped]
    return "\n".join(lines) + "\n"


def _cut(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _code(text: str) -> str:
    """Untrusted text inside a Markdown code span: one line, no backticks, short."""
    flat = terminal(text).replace("`", "'")
    return flat if len(flat) <= 120 else flat[:117] + "..."


def item_shares(report: GradeReport) -> list[tuple[str, float]]:
    """(item, percentage of the graded submissions that got it right), in the key's order."""
    graded = [r for r in report.results if r.status == "graded"]
    right = Counter(i.item for r in graded for i in r.items if i.verdict == "correct")
    return [(item, 100 * right[item] / len(graded) if graded else 0.0) for item in report.items]


def histogram(report: GradeReport) -> list[tuple[str, int]]:
    """(range, count) of the graded submissions' scores, in tenths of the maximum."""
    graded = [r for r in report.results if r.status == "graded"]
    maximum = report.max_points or 1.0
    bins = Counter(min(int(HISTOGRAM_BINS * r.score / maximum), HISTOGRAM_BINS - 1) for r in graded)
    rows = []
    for b in range(HISTOGRAM_BINS):
        upper = "100%" if b == HISTOGRAM_BINS - 1 else f"{10 * b + 10}%"
        rows.append((f"{10 * b}%-{upper}", bins.get(b, 0)))
    return rows


def render_summary(
    report: GradeReport, *, plain: bool = False, names: Names = Names()
) -> RenderableType:
    """Score distribution, most-missed items, warnings and the submissions not graded (named
    as the reports name them)."""
    graded = [r for r in report.results if r.status == "graded"]
    style = box.ASCII if plain else box.SIMPLE_HEAVY
    parts: list[RenderableType] = [
        Text(
            f"{len(report.results)} submissions for '{terminal(report.key_id)}': {len(graded)} "
            f"graded, {len(report.results) - len(graded)} not gradable (probe seed {report.seed})",
            style="bold",
        )
    ]
    distribution = Table(box=style)
    distribution.add_column("score")
    distribution.add_column("students", justify="right")
    for label, count in histogram(report):
        distribution.add_row(label, str(count))
    parts.append(distribution)
    missed = Counter(i.item for r in graded for i in r.items if i.verdict != "correct")
    if missed:
        table = Table(box=style, title="most missed items", title_justify="left")
        table.add_column("item", overflow="fold")
        table.add_column("missed by", justify="right")
        for item, count in missed.most_common(10):
            table.add_row(markup(item), f"{count}/{len(graded)}")
        parts.append(table)
    for warning in report.warnings if not names.anonymous else []:
        parts.append(Text("warning: " + terminal(warning)))
    failed = [r for r in report.results if r.status != "graded"]
    for result in failed[:20]:
        detail = names.scrub(result.diagnostics[0], result) if result.diagnostics else ""
        who = names.of(result) if names.anonymous else result.file
        line = terminal(f"{result.status}: {who}: {detail}")
        parts.append(Text(line, no_wrap=True, overflow="ignore"))  # a location stays one line
    if len(failed) > 20:
        parts.append(Text(f"... and {len(failed) - 20} more not gradable"))
    return Group(*parts)


def below(report: GradeReport, percent: float) -> bool:
    """True when a submission (graded or not) scores under `percent` of the maximum."""
    maximum = report.max_points or 1.0
    return any(100 * r.score / maximum < percent for r in report.results)


# What a grading run writes under --out: a folder holding only these is replaced whole
REPORT_ENTRIES = frozenset(
    {"grades.csv", "grades.json", "report.md", "needs-review.csv", "canvas.csv", "moodle.csv"}
    | {"feedback", CLASS_FIGURE}
)


def write_reports(
    report: GradeReport,
    folder: Path,
    names: Names,
    books: Gradebooks,
    skipped: list[str],
) -> list[Path]:
    """Write every report into `folder` as one set (see files.writing.write_file_set: an
    interrupted run leaves the previous set or the new one); the gradebooks only for students
    the LMS file names identify, and never in anonymous mode (they need identities)."""
    import json

    from screwsolve.files.writing import write_file_set

    written: list[tuple[str, str]] = [
        ("grades.csv", grades_csv(report, names, excel=books.excel)),
        (
            "grades.json",
            json.dumps(grades_document(report, names), sort_keys=True, indent=2) + "\n",
        ),
        ("report.md", class_report(report, names, skipped, gradebook_notes(report, books))),
        ("needs-review.csv", needs_review_csv(report, names, excel=books.excel)),
        (CLASS_FIGURE, class_svg(report.title, histogram(report), item_shares(report))),
    ]
    if not names.anonymous and (has_lms(report, "canvas") or books.canvas is not None):
        written.append(("canvas.csv", canvas_csv(report, books)))
    if not names.anonymous and (has_lms(report, "moodle") or books.moodle is not None):
        written.append(("moodle.csv", moodle_csv(report, books, names)))
    labels = [_feedback_label(result, names) for result in report.results]
    for result, name in zip(report.results, feedback_file_names(labels), strict=True):
        written.append((f"feedback/{name}", feedback_markdown(report, result, names)))
    write_file_set(folder, written, REPORT_ENTRIES)
    return [folder / name for name, _ in written]
