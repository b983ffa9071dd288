"""screwsolve draws with its own matplotlib settings: a matplotlibrc in the working folder (or
the user's) that turns on usetex never makes `sketch` run `latex` on a file's titles."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import pytest

from screwsolve.api import analyse, load
from screwsolve.render.sketch import draw
from screwsolve.solution.sketch import sketch_of

from ..conftest import PROBLEMS


def test_usetex_from_a_settings_file_is_never_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from matplotlib import texmanager

    def latex_ran(*args: object, **kwargs: object) -> None:
        raise AssertionError("latex ran on the file's text")

    monkeypatch.setattr(texmanager.TexManager, "make_dvi", latex_ran)
    monkeypatch.setattr(texmanager.TexManager, "make_png", latex_ran)
    monkeypatch.setitem(matplotlib.rcParams, "text.usetex", True)  # as a matplotlibrc would
    sketch = sketch_of(analyse(load(PROBLEMS / "plate-on-a-step.yaml")), {})
    draw(sketch, tmp_path / "plate.png")
    assert (tmp_path / "plate.png").stat().st_size > 1000
    assert matplotlib.rcParams["text.usetex"]  # the caller's settings are left as they were


def test_drawing_and_compiling_write_nothing_in_the_home_folder(
    tmp_path: Path, pdflatex: str
) -> None:
    """With the suite's settings (tests/conftest.py), a sketch drawn and a LaTeX document
    compiled leave an empty home folder empty: the tests write only under temporary folders."""
    import os
    import subprocess

    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home)}
    plate = str(PROBLEMS / "plate-on-a-step.yaml")
    drawn = subprocess.run(
        ["screwsolve", "sketch", plate, "-o", str(tmp_path / "plate.png")],
        env=env,
        capture_output=True,
        text=True,
    )
    assert drawn.returncode == 0, drawn.stderr
    document = tmp_path / "plate.tex"
    command = ["screwsolve", "run", plate, "--format", "latex", "--standalone"]
    written = subprocess.run([*command, "-o", str(document)], env=env, capture_output=True)
    assert written.returncode == 0, written.stderr
    compiled = subprocess.run(
        [pdflatex, "-interaction=nonstopmode", "-halt-on-error", document.name],
        cwd=tmp_path,
        env=env,
        capture_output=True,
    )
    assert compiled.returncode == 0
    assert list(home.iterdir()) == []
