"""`screwsolve autograde` (one submission, as an autograder's container runs it) and
`screwsolve autograder` (what an instructor uploads, built from a key)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from screwsolve.cli.app import app
from screwsolve.cli.common import _existing_file, _fail, _output_file, timeout_option
from screwsolve.cli.help import PlainHelpCommand, epilog
from screwsolve.errors import ScrewsolveError
from screwsolve.render.escape import terminal


class Platform(StrEnum):
    gradescope = "gradescope"
    prairielearn = "prairielearn"


AUTOGRADE_HELP = epilog(
    [
        "screwsolve autograde gradescope --key key.yaml --results r.json -- sub/",
        "screwsolve autograde prairielearn --key key.yaml --results r.json -- sub/",
    ],
    {
        0: "the results file is written (whatever the student scored)",
        1: "the key is refused",
        2: "usage",
    },
)
AUTOGRADER_HELP = epilog(
    [
        "screwsolve autograder gradescope key.yaml -o autograder.zip",
        "screwsolve autograder prairielearn key.yaml -o questions/plate",
    ],
    {0: "written", 1: "the key is refused", 2: "usage"},
)


@app.command(cls=PlainHelpCommand, epilog=AUTOGRADE_HELP)
def autograde(
    platform: Annotated[Platform, typer.Argument(help="gradescope or prairielearn.")],
    submission: Annotated[
        str, typer.Argument(metavar="SUBMISSION", help="The student's folder (or one file).")
    ],
    key: Annotated[str, typer.Option("--key", metavar="KEY", help="The answer key.")],
    results: Annotated[
        Path, typer.Option("--results", metavar="FILE", help="Where the platform reads results.")
    ],
    timeout: Annotated[float, timeout_option("Seconds per file; 0: in-process.")] = 20.0,
) -> None:
    """Grade one submission as `grade` does and write the platform's results.json.

    The verdicts, points and feedback are grade's; a file that cannot be graded is a zero with
    its located errors (Gradescope) or not gradable (PrairieLearn: no attempt lost).
    """
    from screwsolve.checking.discovery import submission_files
    from screwsolve.files.writing import write_atomic
    from screwsolve.grading.grading import grade, gradebook_rows, latest
    from screwsolve.render.autograders import (
        gradescope_results,
        prairielearn_results,
        results_json,
    )

    key_path = _existing_file(key, "--key")
    target = _output_file(results, "--results")
    assert target is not None
    found = submission_files([submission]).files if Path(submission).exists() else []
    # a link in a student's upload could point at the key or anywhere in the container: never
    # followed (it is named in the results as not read)
    links = [f for f in found if Path(f).is_symlink()]
    found = [f for f in found if f not in links]
    try:
        report = grade(key_path, found, jobs=1, timeout=timeout, use_cache=False)
    except ScrewsolveError as exc:
        _fail(exc)
    graded = [r for r in report.results if r.status == "graded"]
    chosen = latest(gradebook_rows(graded) or graded) if graded else None
    if chosen is None and report.results:
        chosen = latest(report.results)
    names = [Path(f).name for f in found] + [f"{Path(f).name} (a link: not read)" for f in links]
    render = gradescope_results if platform == Platform.gradescope else prairielearn_results
    write_atomic(target, results_json(render(report, chosen, names)))
    typer.echo(f"wrote {terminal(str(target))}", err=True)


@app.command(cls=PlainHelpCommand, epilog=AUTOGRADER_HELP)
def autograder(
    platform: Annotated[Platform, typer.Argument(help="gradescope or prairielearn.")],
    key: Annotated[str, typer.Argument(metavar="KEY", help="The answer key.")],
    output: Annotated[
        Path,
        typer.Option(
            "--output", "-o", help="Gradescope: the .zip; PrairieLearn: the question's folder."
        ),
    ],
) -> None:
    """Build what the platform takes from a key: Gradescope's autograder zip (setup.sh,
    run_autograder, the key), or a PrairieLearn question folder (info.json, question.html,
    tests/ with the key and the entrypoint, a Dockerfile for the grading image).

    The key is checked first, as grade checks it: a key whose claims fail is refused.
    """
    from screwsolve.files.loading import read_text
    from screwsolve.grading.key import key_truth, load_key
    from screwsolve.render.autograder_files import gradescope_files, prairielearn_files
    from screwsolve.version import __version__

    key_path = _existing_file(key, "KEY")
    try:
        name, text = read_text(key_path)
        loaded = load_key(text, name)
        key_truth(loaded)
    except ScrewsolveError as exc:
        _fail(exc)
    if platform == Platform.gradescope:
        if output.suffix.lower() != ".zip":
            raise typer.BadParameter("the Gradescope autograder is a .zip", param_hint="--output")
        target = _output_file(output, "--output")
        assert target is not None
        _write_zip(target, gradescope_files(text, __version__))
    else:
        files = prairielearn_files(text, loaded.problem.title, __version__)
        _write_folder(output, files)
    typer.echo(f"wrote {terminal(str(output))}", err=True)


def _write_zip(target: Path, files: list[tuple[str, str, bool]]) -> None:
    import io
    import zipfile

    from screwsolve.files.writing import write_atomic

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text, executable in files:
            entry = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            entry.external_attr = (0o755 if executable else 0o644) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, text)
    write_atomic(target, buffer.getvalue())


def _write_folder(folder: Path, files: list[tuple[str, str, bool]]) -> None:
    import os

    from screwsolve.cli.common import _output_folder
    from screwsolve.files.writing import write_atomic

    _output_folder(str(folder), "--output")
    for name, text, executable in files:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)
        if executable:
            os.chmod(path, 0o755)
