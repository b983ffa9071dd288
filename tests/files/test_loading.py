"""Shape errors: located, with suggestions; the invalid-file corpus fails where it says it does."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from screwsolve.api import analyse
from screwsolve.errors import InputError
from screwsolve.files.loading import detached, load_problem, load_problem_text
from screwsolve.files.reading import read_bounded

from ..conftest import HOSTILE, INVALID, PROBLEMS

CORPUS = sorted([*INVALID.glob("*.yaml"), *HOSTILE.glob("*.yaml")])
HEADER = re.compile(r"# error: (\d+):(\d+): (.*)")


def test_corpus_is_large_enough() -> None:
    assert len(list(INVALID.glob("*.yaml"))) >= 10
    assert len(CORPUS) >= 70


@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
def test_invalid_file_fails_at_the_stated_place(path: Path) -> None:
    """`validate` (the problem built, every claim of expected: read, nothing solved) finds the
    stated error at the stated place."""
    from screwsolve.checking.checking import validate_file

    match = HEADER.match(path.read_bytes().split(b"\n")[0].decode("ascii"))
    assert match, f"{path.name} must start with '# error: LINE:COL: message'"
    line, col, message = int(match[1]), int(match[2]), match[3]
    diagnostics = validate_file(str(path)).diagnostics
    found = [(d.line, d.col, d.message) for d in diagnostics]
    assert any(
        (d_line, d_col) == (line, col) and message in d_message
        for d_line, d_col, d_message in found
    ), found
    for diagnostic in diagnostics:
        assert diagnostic.file == str(path)


def test_every_error_of_a_file_is_reported_at_once() -> None:
    text = """title: many errors
referential: 0
frames:
  0: {}
  1: {from: 0, rotate: [w, theta]}
coordinates: [theta]
points:
  O: {fixed_in: 0}
  P: {from: O, position: l*x0}
bodies: {1: {frame: 9, origin: O}}
"""
    with pytest.raises(InputError) as info:
        analyse(load_problem_text(text, "m.yaml"))
    lines = sorted(d.line for d in info.value.diagnostics)
    assert lines == [5, 9, 10]


def test_numeric_names_and_yaml_keywords_are_names() -> None:
    text = """title: yes
referential: 0
frames: {0: {}, 1: {from: 0, rotate: [z, on]}}
coordinates: [on]
points: {O: {fixed_in: 0}}
bodies: {1: {frame: 1, origin: O}}
"""
    loaded = load_problem_text(text)
    assert loaded.problem.title == "yes"
    assert set(loaded.problem.frames) == {"0", "1"}
    analysis = analyse(loaded)
    assert list(analysis.system.coordinates) == ["on"]


def test_wrong_type_is_located() -> None:
    with pytest.raises(InputError) as info:
        load_problem_text("title: t\nreferential: 0\nframes: [a]\n", "w.yaml")
    d = info.value.diagnostics[0]
    assert (d.line, d.col) == (3, 9)
    assert "frames" in d.message


def test_unknown_assumption_is_located() -> None:
    with pytest.raises(InputError) as info:
        load_problem_text("title: t\nreferential: 0\nframes: {0: {}}\nparameters: {m: postive}\n")
    d = info.value.diagnostics[0]
    assert (d.line, d.col) == (4, 17)
    assert "'postive'" in d.message


def _fields(value: object) -> object:
    """A detached problem's namespaces as the dicts model_dump gives."""
    if isinstance(value, SimpleNamespace):
        return {name: _fields(item) for name, item in vars(value).items()}
    if isinstance(value, list):
        return [_fields(item) for item in value]
    if isinstance(value, dict):
        return {key: _fields(item) for key, item in value.items()}
    return value


@pytest.mark.parametrize("path", sorted(PROBLEMS.glob("*.yaml")), ids=lambda path: path.stem)
def test_a_detached_problem_keeps_every_field_and_no_model(path: Path) -> None:
    loaded = load_problem(str(path))
    plain = detached(loaded)
    assert _fields(plain.problem) == loaded.problem.model_dump()  # a model left would differ
    assert plain.source is loaded.source and plain.text == loaded.text


def test_only_a_regular_file_is_read(tmp_path: Path) -> None:
    """A folder or a FIFO named as a problem file is a located error (a FIFO would block)."""
    import os

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for path in (tmp_path, fifo):
        with pytest.raises(InputError) as info:
            read_bounded(str(path))
        assert [(d.file, d.line, d.message) for d in info.value.diagnostics] == [
            (str(path), 1, "not a regular file")
        ]


def test_names_like_the_schemas_own_are_located_where_written() -> None:
    """A body named Body and one named Frame (the names of the file's own models): each error
    stays at its own line, under its own name (pydantic's union tags are told apart from the
    file's keys by the file's data, not by name)."""
    text = (
        "title: t\nreferential: 0\nframes: {0: {}}\npoints: {O: {fixed_in: 0}}\nbodies:\n"
        "  Body: {frame: 0, origin: O, mass: [1]}\n"
        "  Frame: {frame: 0, origin: O, mass: [2]}\n"
    )
    with pytest.raises(InputError) as caught:
        load_problem_text(text, "b.yaml")
    shown = [str(d) for d in caught.value.diagnostics]
    assert [s.split(": ")[0].split(":")[1] for s in shown] == ["6", "7"], shown
    assert "bodies.Body.mass" in shown[0] and "bodies.Frame.mass" in shown[1]
