"""`screwsolve autograde` (one submission, as an autograder's container runs it) and
`screwsolve autograder` (what an instructor uploads, built from a key)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from screwsolve.cli.app import app
from screwsolve.cli.common import _existing_file, _fail, _output_file, timeout_option
from screwsolve.cli.help import PlainHelpCommand, epilog
from screwsolve.errors import ScrewsolveError
from screwsolve.render.escape import terminal

if TYPE_CHECKING:
    from screwsolve.files.loaded import Loaded
    from screwsolve.render.autograder_files import Shipped
    from screwsolve.render.autograders import Figure


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
    figure: Annotated[
        Path | None,
        typer.Option(
            "--figure", metavar="PNG", help="A figure of the problem, shown when not all right."
        ),
    ] = None,
) -> None:
    """Grade one submission as `grade` does and write the platform's results.json.

    The verdicts, points and feedback are grade's; a file that cannot be graded is a zero with
    its located errors (Gradescope) or not gradable (PrairieLearn: no attempt lost). Hints the
    key keeps for after the due date (grading.hints_shown) wait for it.
    """
    from screwsolve.checking.discovery import submission_files
    from screwsolve.files.writing import write_atomic
    from screwsolve.grading.batch import grade
    from screwsolve.grading.results import gradebook_rows, latest
    from screwsolve.render.autograders import (
        gradescope_results,
        prairielearn_results,
        results_json,
    )

    key_path = _existing_file(key, "--key")
    shown = _figure(figure) if figure is not None else None
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
    write_atomic(target, results_json(render(report, chosen, names, shown)))
    typer.echo(f"wrote {terminal(str(target))}", err=True)


def _figure(path: Path) -> Figure | None:
    """The instructor's figure, or None (with a warning) when it cannot be shown: a missing
    figure never costs a student the results."""
    from screwsolve.render.autograders import MAX_FIGURE_BYTES, Figure

    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FIGURE_BYTES + 1)  # enough to tell it is too large
    except OSError as exc:
        typer.echo(f"warning: --figure {terminal(str(path))}: {exc.strerror}", err=True)
        return None
    figure = Figure.of_png(data, "Figure of the problem")
    if figure is None:
        limit = MAX_FIGURE_BYTES // 1000
        typer.echo(
            f"warning: --figure {terminal(str(path))}: not a PNG of at most {limit} kB", err=True
        )
    return figure


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
    wheel: Annotated[
        Path | None,
        typer.Option(
            "--wheel",
            metavar="WHL",
            help="Install this screwsolve wheel, not the release from PyPI.",
        ),
    ] = None,
    figure: Annotated[
        bool,
        typer.Option(
            "--figure/--no-figure", help="Ship a sketch of the problem, shown to students."
        ),
    ] = True,
) -> None:
    """Build what the platform takes from a key: Gradescope's autograder zip (setup.sh,
    run_autograder, the key), or a PrairieLearn question folder (info.json, question.html,
    tests/ with the key and the entrypoint, a Dockerfile for the grading image).

    The key is checked first, as grade checks it: a key whose claims fail is refused. With
    --wheel, that wheel is shipped and installed (a screwsolve not on PyPI, or a fork).
    """
    from screwsolve.files.reading import read_text
    from screwsolve.grading.key import key_truth
    from screwsolve.grading.truth import load_key
    from screwsolve.render.autograder_files import gradescope_files, prairielearn_files
    from screwsolve.version import __version__

    key_path = _existing_file(key, "KEY")
    shipped_wheel = _wheel(wheel) if wheel is not None else None
    try:
        name, text = read_text(key_path)
        loaded = load_key(text, name)
        key_truth(loaded)
    except ScrewsolveError as exc:
        _fail(exc)
    extra: list[Shipped] = []
    if shipped_wheel is not None:
        extra.append(shipped_wheel)
    sketch = _sketch(loaded) if figure else None
    if platform == Platform.gradescope:
        if output.suffix.lower() != ".zip":
            raise typer.BadParameter("the Gradescope autograder is a .zip", param_hint="--output")
        target = _output_file(output, "--output")
        assert target is not None
        files = gradescope_files(text, __version__, wheel=_name(shipped_wheel), figure=sketch)
        _write_zip(target, files + extra)
    else:
        grading = loaded.problem.grading
        assert grading is not None  # load_key refuses a key without one
        later = grading.hints if grading.hints_shown == "after_due_date" else None
        files = prairielearn_files(
            text,
            loaded.problem.title,
            __version__,
            wheel=_name(shipped_wheel),
            figure=sketch,
            hints=later,
        )
        _write_folder(output, files + extra)
    typer.echo(f"wrote {terminal(str(output))}", err=True)


def _name(shipped: Shipped | None) -> str | None:
    return shipped[0] if shipped is not None else None


def _wheel(path: Path) -> Shipped:
    """(name, bytes, not executable) of a screwsolve wheel; anything else is a usage error."""
    import re

    if not re.fullmatch(
        r"screwsolve-[A-Za-z0-9_.+!]+-[A-Za-z0-9_.]+-[A-Za-z0-9_.]+"
        r"-[A-Za-z0-9_.]+\.whl",
        path.name,
    ):
        raise typer.BadParameter(
            f"'{terminal(path.name)}' is not named as a screwsolve wheel "
            "(screwsolve-VERSION-py3-none-any.whl)",
            param_hint="--wheel",
        )
    try:
        return (path.name, path.read_bytes(), False)
    except OSError as exc:
        raise typer.BadParameter(
            f"'{terminal(str(path))}': {exc.strerror}", param_hint="--wheel"
        ) from None


def _sketch(loaded: Loaded) -> bytes | None:
    """The key's problem (as already loaded) drawn as a PNG for the students' results, or None
    (with a warning) when it cannot be drawn: the autograder works without it."""
    import tempfile

    from screwsolve.files.loading import detached
    from screwsolve.jobs import SketchRequest, sketch_request
    from screwsolve.render.autograders import MAX_FIGURE_BYTES
    from screwsolve.runtime.sandbox import run_many

    with tempfile.TemporaryDirectory(prefix="screwsolve-figure-") as folder:
        target = Path(folder) / "figure.png"
        drawing = Path(folder) / "drawing.png"
        try:
            request = SketchRequest(detached(loaded), str(target), str(drawing), ())
            outcome = run_many(sketch_request, [request], seconds=120.0)[0]
            if outcome.value is not None and outcome.value.output and drawing.exists():
                data = drawing.read_bytes()
                if len(data) <= MAX_FIGURE_BYTES:
                    return data
        except ScrewsolveError:
            pass
    typer.echo("warning: the problem could not be drawn: the autograder has no figure", err=True)
    return None


def _write_zip(target: Path, files: list[Shipped]) -> None:
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


def _write_folder(folder: Path, files: list[Shipped]) -> None:
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
