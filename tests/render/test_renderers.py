"""Each renderer on a hand-built Solution: it prints what the Solution holds, in the book's
notation, and nothing else (the registry behind --format names them)."""

from __future__ import annotations

import json

from screwsolve.render import RENDERERS, RenderOptions
from screwsolve.render.json import solution_document
from screwsolve.render.latex import render_solution as latex_solution
from screwsolve.render.table import render_solution as table_solution

from ..conftest import ROOT
from .built import plate_solution


def _plain(renderable: object) -> str:
    import io

    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, width=120, color_system=None).print(renderable)
    return buffer.getvalue()


def test_registry_names_the_three_formats() -> None:
    assert list(RENDERERS) == ["table", "latex", "json"]
    solution = plate_solution()
    assert isinstance(RENDERERS["latex"](solution, RenderOptions()), str)
    assert json.loads(RENDERERS["json"](solution, RenderOptions()))["command"] == "run"


def test_table_writes_screws_as_the_book_does() -> None:
    text = _plain(table_solution(plate_solution(), plain=True))
    assert "{theta'*z0 ; x'*x0}_A" in text
    assert "{0 ; x0}_A" in text and "{z0 ; 0}_A" in text
    assert "{N_Q*y1 ; 0}_Q" in text
    assert "-N_Q*sin(theta)" in text and "N_Q*h/sin(theta)" in text


def test_table_prints_untrusted_names_as_written() -> None:
    text = _plain(table_solution(plate_solution(action="[red]step[/red] :up:"), plain=True))
    assert "[red]step[/red] :up:" in text


def test_latex_uses_bmatrix_dots_and_bold_unit_vectors() -> None:
    source = latex_solution(plate_solution(), standalone=True)
    assert source.startswith(r"\documentclass")
    assert (
        r"\begin{Bmatrix} \dot{\theta}\,\mathbf{z}_{0} \\ \dot{x}\,\mathbf{x}_{0} \end{Bmatrix}_{A}"
        in source
    )
    assert r"\frac{N_{Q}\,h}{\sin {\theta}}" in source


def test_json_has_text_that_parses_back_and_latex() -> None:
    import jsonschema

    document = solution_document(plate_solution())
    schema = json.loads((ROOT / "schemas" / "result.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    screw = document["solution"]["kinematic_screws"]["1"]
    assert screw["moment"]["text"] == "x'*x0" and screw["at"] == "A"
    coefficient = document["solution"]["power_coefficients"]["theta"]
    assert coefficient["text"] == "N_Q*h/sin(theta)"
    assert coefficient["latex"] == r"\frac{N_{Q}\,h}{\sin {\theta}}"


def test_json_written_as_encoded_is_the_same_document() -> None:
    """write_document (what `run --format json` streams) gives dumps' characters exactly."""
    import io

    from screwsolve.render.json import dumps, write_document

    document = solution_document(plate_solution())
    handle = io.StringIO()
    write_document(document, handle)
    assert handle.getvalue() == dumps(document)
