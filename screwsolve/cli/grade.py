"""`screwsolve grade`: score answer files against a key; gradebooks for Canvas and Moodle."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated

import typer

from screwsolve.cli.app import app
from screwsolve.cli.common import (
    ColorOption,
    JobsOption,
    _existing_file,
    _existing_paths,
    _fail,
    _interruptible,
    _output_folder,
    _progress,
    _settings,
    _single,
    timeout_option,
)
from screwsolve.cli.help import PlainHelpCommand, epilog
from screwsolve.console import ColorMode, make_console
from screwsolve.errors import ScrewsolveError
from screwsolve.render.escape import terminal

if TYPE_CHECKING:
    from screwsolve.grading.lms import CanvasGradebook, MoodleWorksheet

GRADE_HELP = epilog(
    [
        "screwsolve grade submissions/ --key key.yaml",
        "screwsolve grade canvas/ --key key.yaml --canvas-gradebook book.csv",
        "screwsolve grade moodle/ --key key.yaml --moodle-worksheet sheet.csv",
        "screwsolve grade subs/ --key key.yaml --anonymise --fail-under 50",
        "screwsolve grade --key key.yaml -- -odd-name.yaml",
    ],
    {
        0: "every submission has its row, whatever the scores",
        1: "the key is refused, or --fail-under is not met",
        2: "usage",
    },
)


@app.command(cls=PlainHelpCommand, epilog=GRADE_HELP)
def grade(
    submissions: Annotated[
        list[str], typer.Argument(metavar="SUBMISSION...", help="Answer files or folders.")
    ],
    key: Annotated[
        list[str], typer.Option("--key", metavar="KEY", help="Answer key: a problem with grading:.")
    ],
    out: Annotated[
        list[str] | None,
        typer.Option("--out", metavar="DIR", help="Folder for the reports (default: grades)."),
    ] = None,
    jobs: JobsOption = None,
    timeout: Annotated[
        float,
        timeout_option("Seconds per submission; 0: in-process."),
    ] = 20.0,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Recompute the key.")] = False,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the probe points (default: secret).")
    ] = None,
    fail_under: Annotated[
        float | None,
        typer.Option(
            "--fail-under",
            min=0,
            max=100,
            help="Exit 1 if a submission scores under PERCENT (0 to 100).",
        ),
    ] = None,
    anonymise: Annotated[
        bool, typer.Option("--anonymise", "--anonymize", help="Pseudonyms in every report.")
    ] = False,
    assignment: Annotated[
        str | None,
        typer.Option(
            "--assignment",
            help="Canvas assignment: its column 'Title (id)', or in --canvas-gradebook its title "
            "or id (default: the key's title).",
        ),
    ] = None,
    canvas_gradebook: Annotated[
        list[str] | None,
        typer.Option(
            "--canvas-gradebook",
            metavar="CSV",
            help="The gradebook exported from Canvas: canvas.csv is it with the assignment filled.",
        ),
    ] = None,
    moodle_worksheet: Annotated[
        list[str] | None,
        typer.Option(
            "--moodle-worksheet",
            metavar="CSV",
            help="The grading worksheet downloaded from Moodle: moodle.csv is it filled in.",
        ),
    ] = None,
    zero_ungradable: Annotated[
        bool,
        typer.Option(
            "--zero-ungradable",
            help="Put 0 in the gradebooks for submissions not graded (default: left out, listed "
            "in needs-review.csv).",
        ),
    ] = False,
    excel: Annotated[
        bool, typer.Option("--excel", help="CSV files with a UTF-8 BOM, as Excel reads them.")
    ] = False,
    color: ColorOption = ColorMode.auto,
) -> None:
    """Score submissions against a key: verdicts, points, feedback; gradebooks and reports.

    Exit 0 when every submission has its row, whatever the scores (1: the key is refused, or
    --fail-under is not met; 2: usage). Put -- before file names that begin with a dash.
    """
    from screwsolve.checking.discovery import submission_files
    from screwsolve.grading.batch import grade as grade_all
    from screwsolve.grading.lms import names_from_books
    from screwsolve.render.grades import (
        Gradebooks,
        Names,
        below,
        gradebook_notes,
        render_summary,
        write_reports,
    )
    from screwsolve.runtime.sandbox import cpu_count

    key_path = _existing_file(_single(key, "--key"), "--key")
    folder = _output_folder(_single(out, "--out", "grades"), "--out")
    canvas_path = _single(canvas_gradebook, "--canvas-gradebook")
    moodle_path = _single(moodle_worksheet, "--moodle-worksheet")
    found = submission_files(_existing_paths(submissions))
    if not found.files:
        raise typer.BadParameter(
            "no submissions in " + ", ".join(f"'{terminal(s)}'" for s in submissions),
            param_hint="SUBMISSION...",
        )
    jobs = jobs or _settings().jobs
    err = make_console(color, stderr=True)
    try:
        lms_files = _lms_files(canvas_path, moodle_path, assignment)
        with _interruptible(), _progress(err, len(found.files), "grading") as advance:
            report = grade_all(
                key_path,
                found.files,
                jobs=jobs or cpu_count(),
                timeout=timeout,
                use_cache=not no_cache,
                seed=seed,
                progress=advance,
            )
    except ScrewsolveError as exc:
        _fail(exc)
    names_from_books(report.results, lms_files[0], lms_files[1])
    names = Names(anonymise, salt=str(report.seed))
    books = Gradebooks(
        assignment or report.title,
        moodle=lms_files[1],
        canvas=lms_files[0],
        zero_ungradable=zero_ungradable,
        excel=excel,
        graded_at=datetime.now(UTC).replace(microsecond=0).isoformat(),
    )
    from screwsolve.lean_imports import allow

    allow("numpy")  # matplotlib's, for the class figure
    try:
        write_reports(report, folder, names, books, found.skipped)
    except OSError as exc:  # a full disk, a folder turned into a link meanwhile
        reason = exc.strerror or str(exc)
        typer.echo(
            f"error: reports not written under {terminal(str(folder))}: {terminal(reason)}; "
            "the previous reports there are unchanged",
            err=True,
        )
        raise typer.Exit(1) from None
    console = make_console(color)
    console.print(render_summary(report, plain=not console.is_terminal, names=names), crop=False)
    if names.anonymous and found.skipped:
        typer.echo(f"warning: skipped {len(found.skipped)} files (names hidden)", err=True)
    for skipped in found.skipped if not names.anonymous else []:
        typer.echo(f"warning: skipped {terminal(skipped)}", err=True)
    if not names.anonymous:
        for note in gradebook_notes(report, books):
            typer.echo(f"note: {terminal(note)}", err=True)
    failed = fail_under is not None and below(report, fail_under)
    raise typer.Exit(1 if failed else 0)


def _lms_files(
    canvas: str | None, moodle: str | None, assignment: str | None
) -> tuple[CanvasGradebook | None, MoodleWorksheet | None]:
    """The LMS files to fill in, read and checked as their importers check them, before any
    submission is graded (a wrong file is a located error, exit 1)."""
    from screwsolve.files.reading import read_bounded
    from screwsolve.grading.lms import (
        MAX_SHEET_BYTES,
        canvas_gradebook,
        moodle_worksheet,
        read_sheet,
    )

    gradebook = worksheet = None
    if canvas is not None:
        path = _existing_file(canvas, "--canvas-gradebook")
        data = read_bounded(path, MAX_SHEET_BYTES)
        gradebook = canvas_gradebook(read_sheet(path, data), assignment)
    if moodle is not None:
        path = _existing_file(moodle, "--moodle-worksheet")
        worksheet = moodle_worksheet(read_sheet(path, read_bounded(path, MAX_SHEET_BYTES)))
    return gradebook, worksheet
