"""The sketch's numbers (not its pixels): positions and arrows against positions derived by
hand from each problem's geometry, and every shipped problem drawn without error."""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

import pytest

from screwsolve.api import analyse, load
from screwsolve.errors import UsageError
from screwsolve.solution.sketch import sketch_of

from ..conftest import PROBLEMS

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md


def close(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(abs(x - y) < 1e-9 for x, y in zip(a, b, strict=True))


def test_the_plate_is_drawn_where_the_book_puts_it() -> None:
    """Example 13.1.4: A = x x0, G = A + l x1, Q = A + (h / sin theta) x1, x1 = (cos, sin);
    the weight -m g y0 at G, the push F_A x0 + N_A y0 at A."""
    x, theta, l, h, m, g = 2.0, 0.5, 1.0, 0.7, 2.0, 9.81
    values = {"x": x, "theta": theta, "l": l, "h": h, "m": m, "g": g, "F_A": 3.0, "N_A": 4.0}
    sketch = sketch_of(analyse(load(PROBLEMS / "plate-on-a-step.yaml")), values)
    c, s = math.cos(theta), math.sin(theta)
    assert close(sketch.points["O"], (0, 0, 0)) and close(sketch.points["A"], (x, 0, 0))
    assert close(sketch.points["G"], (x + l * c, l * s, 0))
    assert close(sketch.points["Q"], (x + h / s * c, h, 0))
    forces = {arrow.label: arrow for arrow in sketch.forces}
    assert close(forces["weight"].vector, (0, -m * g, 0))
    assert close(forces["weight"].at, sketch.points["G"])
    assert close(forces["push at A"].vector, (3.0, 4.0, 0))
    assert sketch.planar and sketch.fixed == {"O"}
    assert "theta" not in sketch.assumed and "F_Q" in sketch.assumed  # stated on the figure
    frame = next(f for f in sketch.frames if f.name == "1")
    assert close(frame.at, (x, 0, 0)) and close(dict(frame.units)["x1"], (c, s, 0))


def test_the_rolling_sphere_stands_on_its_contact_point() -> None:
    """Example 13.1.6: G = x x0 + y y0 + r z0, the contact point I = G - r z0."""
    values = {"x": 0.3, "y": -0.2, "r": 0.5}
    sketch = sketch_of(analyse(load(PROBLEMS / "rolling-sphere.yaml")), values)
    assert close(sketch.points["G"], (0.3, -0.2, 0.5)) and close(sketch.points["I"], (0.3, -0.2, 0))
    assert not sketch.planar


def test_the_heavy_top_in_three_dimensions() -> None:
    """G = L zB with B = Rz(psi) Rx(theta) Rz(phi): zB = (sin psi sin theta, -cos psi sin theta,
    cos theta), whatever phi."""
    psi, theta, L = 0.7, 0.4, 2.0
    values = {"psi": psi, "theta": theta, "phi": 1.1, "L": L}
    sketch = sketch_of(analyse(load(PROBLEMS / "heavy-top-body-speeds.yaml")), values)
    expected = (
        L * math.sin(psi) * math.sin(theta),
        -L * math.cos(psi) * math.sin(theta),
        L * math.cos(theta),
    )
    assert close(sketch.points["G"], expected) and not sketch.planar


def test_unknown_values_are_a_usage_error() -> None:
    with pytest.raises(UsageError, match=r"'thet' is no parameter.*did you mean 'theta'"):
        sketch_of(analyse(load(PROBLEMS / "plate-on-a-step.yaml")), {"thet": 1.0})


@pytest.mark.parametrize("problem", sorted(PROBLEMS.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_shipped_problem_sketches(problem: Path, tmp_path: Path) -> None:
    output = tmp_path / "figure.png"
    done = subprocess.run(
        ["screwsolve", "sketch", str(problem), "-o", str(output)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert output.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and output.stat().st_size > 10_000
    assert [p.name for p in tmp_path.iterdir()] == ["figure.png"]  # no temporary file left


def test_hostile_labels_and_values(tmp_path: Path) -> None:
    """A `$` in a title or name never starts mathtext (an unbalanced one would fail to draw);
    --values takes numbers only."""
    text = (PROBLEMS / "notional-couple.yaml").read_text(encoding="utf-8")
    text = text.replace("title: Notional couple", "title: $\\frac{ Notional $ couple")
    (tmp_path / "p.yaml").write_text(text, encoding="utf-8")
    done = subprocess.run(
        ["screwsolve", "sketch", "p.yaml", "-o", "p.svg"], cwd=tmp_path, capture_output=True
    )
    assert done.returncode == 0 and b"<svg" in (tmp_path / "p.svg").read_bytes()
    bad = subprocess.run(
        ["screwsolve", "sketch", "p.yaml", "--values", "c=__import__('os')"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "is not NAME=NUMBER" in bad.stderr


def test_the_files_sketch_block_gives_values(tmp_path: Path) -> None:
    from screwsolve.jobs import SketchRequest, sketch_request

    text = (PROBLEMS / "plate-on-a-step.yaml").read_text(encoding="utf-8")
    text = text.replace("expected:", "sketch: {theta: 0.8, l: 2}\n\nexpected:", 1)
    problem = tmp_path / "plate.yaml"
    problem.write_text(text, encoding="utf-8")
    drawing = tmp_path / ".p.png.drawing.png"
    request = SketchRequest(load(problem), str(tmp_path / "p.png"), str(drawing), (("x", 1.5),))
    done = sketch_request(request)
    assumed = done.output.split("assumed: ")[1]
    assert "theta=" not in assumed and "l=" not in assumed and "x=" not in assumed
    assert "h=" in assumed and drawing.stat().st_size > 0  # the caller puts it in place


def test_latex_with_the_sketch_compiles(tmp_path: Path, pdflatex: str) -> None:
    """run --format latex --standalone --sketch: the figure beside the document, included under
    the title, and the whole compiling with a stock pdflatex."""
    from ..render.compiled import compile_latex

    plate = str(PROBLEMS / "plate-on-a-step.yaml")
    done = subprocess.run(
        [
            "screwsolve",
            "run",
            plate,
            "--format",
            "latex",
            "--standalone",
            "--sketch",
            "-o",
            "p.tex",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    source = (tmp_path / "p.tex").read_text(encoding="utf-8")
    assert r"\includegraphics[width=0.75\textwidth]{{p-sketch}.pdf}" in source
    assert (tmp_path / "p-sketch.pdf").read_bytes()[:5] == b"%PDF-"
    assert compile_latex(tmp_path / "p.tex", pdflatex) == []  # no overfull box
    refused = subprocess.run(
        ["screwsolve", "run", str(PROBLEMS / "plate-on-a-step.yaml"), "--sketch"],
        capture_output=True,
        text=True,
    )
    assert refused.returncode == 2 and "--format latex --standalone" in refused.stderr


def test_points_of_contact_are_marked() -> None:
    """The bouncing ball's Hunt-Crossley contact acts at its point P: marked as a contact."""
    sketch = sketch_of(analyse(load(PROBLEMS / "bouncing-ball-contact.yaml")), {})
    assert sketch.contacts == {"P"} and "P" not in sketch.fixed


def test_a_notebook_shows_the_sketch_and_the_mathematics(monkeypatch) -> None:
    """Inside IPython (here a stand-in module whose get_ipython answers), a solution carries its
    sketch's numbers and shows as HTML: the figure as an inline PNG, then its mathematics;
    outside, it has no figure and shows as LaTeX only."""
    import sys
    import types

    from screwsolve.api import solve

    plain = solve(PROBLEMS / "plate-on-a-step.yaml")
    assert plain.figure is None and plain._repr_html_() is None
    assert plain._repr_latex_().startswith("$$")
    stand_in = types.ModuleType("IPython")
    stand_in.get_ipython = lambda: object()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "IPython", stand_in)
    shown = solve(PROBLEMS / "plate-on-a-step.yaml")
    assert shown.figure is not None and close(shown.figure.points["A"], (0.6, 0, 0))
    page = shown._repr_html_()
    assert page.startswith('<img src="data:image/png;base64,iVBORw0KGgo')
    assert r"\begin{aligned}" in page and "&amp;=" in page


def test_a_research_size_model_is_refused_not_blurred_and_a_small_one_drawn_fast() -> None:
    """The 20-link two-axis chain: 41 points (P0, P1..P20, G1..G20), 21 frames (B0 and each
    link's), 59 action screws (20 tips, 20 weights, 19 spring-dampers): 41 + 3*21 + 2*59 = 222
    labels, over the 100 a figure holds. The 4-link chain draws, its tip where the chain's
    rotations put it (positions composed numerically, frame by frame)."""
    from ..two_axis_chain import two_axis_chain_yaml

    with pytest.raises(UsageError, match=r"41 points, 21 frames and 59 action screws.*222 labels"):
        sketch_of(analyse(load(two_axis_chain_yaml(20))), {})
    values = {"a1": 0.3, "b1": 0.4, "L1": 2.0}
    sketch = sketch_of(analyse(load(two_axis_chain_yaml(4))), values)
    # P1 = L1 yB1, B1 = A1 turned about x by b1, A1 = B0 turned about z by a1
    c, s = math.cos(0.3), math.sin(0.3)
    expected = (-2.0 * s * math.cos(0.4), 2.0 * c * math.cos(0.4), 2.0 * math.sin(0.4))
    assert close(sketch.points["P1"], expected)


def test_a_value_in_degrees_is_drawn_in_degrees(tmp_path: Path) -> None:
    """beta declared in deg: --values beta=30 is 30 degrees, so P = 0.6 (cos 30deg, sin 30deg)
    (x = 0.6 along the incline's x1)."""
    from ..model.test_unit_checks import INCLINE_IN_DEGREES

    path = tmp_path / "incline.yaml"
    path.write_text(INCLINE_IN_DEGREES, encoding="utf-8")
    sketch = sketch_of(analyse(load(path)), {"beta": 30.0, "x": 0.6})
    angle = math.radians(30)
    assert close(sketch.points["P"], (0.6 * math.cos(angle), 0.6 * math.sin(angle), 0.0))
