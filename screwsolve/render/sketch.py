"""A Sketch drawn with matplotlib: points as labelled dots (fixed ones as triangles, points of
contact, friction and joints as squares), each body
shaded as the outline of its points, each frame's unit vectors at its origin, forces as arrows
and couples as curved arrows at their points, each labelled with the action's name. A planar
problem is drawn in its plane, a spatial one in a three-dimensional view. Labels are the file's
own names, escaped for matplotlib's mathtext (a `$` never starts mathematics)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from screwsolve.render.escape import clean

if TYPE_CHECKING:  # the command's own process reads FORMATS and draws nothing: no sympy there
    from screwsolve.solution.result import Solution
    from screwsolve.solution.sketch import Sketch

FORMATS = (".png", ".svg", ".pdf")
BODY_COLOURS = ("#4c72b0", "#55a868", "#c44e52", "#8172b2", "#ccb974", "#64b5cd")


LABEL_CHARS = 120  # a longer title or name is cut (a 400 000-character title made a 30 MB SVG)


FIGURE_ASSUMED = 24  # past this many assumed values the figure names the rest's count only


def assumed_text(
    sketch: Sketch, at_most: int | None = None, name: Callable[[str], str] = str
) -> str:
    """The values the drawing assumed, `name=value`, in reading order (a2 before a10); past
    `at_most`, the first ones and how many more (200 frames assume 200 angles: the figure's
    one line of text would cover the drawing). `name` escapes a name for where it goes."""
    names = sorted(sketch.assumed, key=_reading_key)
    shown = names if at_most is None else names[:at_most]
    text = ", ".join(f"{name(n)}={sketch.assumed[n]:g}" for n in shown)
    hidden = len(names) - len(shown)
    return text + (f" and {hidden} more (the command lists them all)" if hidden else "")


def _reading_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """Digits compared as numbers: q2 < q10, a-z compared as text."""
    parts = re.split(r"(\d+)", name)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts if p)


def label(text: str) -> str:
    """Untrusted text as a literal matplotlib label: control characters shown, `$` escaped,
    cut to LABEL_CHARS with an ellipsis."""
    shown = clean(text)
    if len(shown) > LABEL_CHARS:
        shown = shown[: LABEL_CHARS - 1] + "\u2026"
    return shown.replace("$", r"\$")


# matplotlib's settings screwsolve draws with, whatever a matplotlibrc in the working folder,
# the user's configuration or MATPLOTLIBRC say: never LaTeX (usetex would run `latex` on the
# file's own titles and names), matplotlib's own fonts and mathtext
DRAWING_SETTINGS: dict[Any, Any] = {
    "text.usetex": False,
    "text.latex.preamble": "",
    "font.family": "sans-serif",
    "font.sans-serif": ["DejaVu Sans"],
    "mathtext.fontset": "dejavusans",
    "svg.fonttype": "path",
    "pdf.fonttype": 3,
}


def matplotlib_home() -> None:
    """Without a home folder (HOME empty or relative), matplotlib would make its configuration
    folder relative to the working folder: it gets a private temporary one instead (with a
    home folder, matplotlib's own, so its font cache is kept between runs)."""
    import atexit
    import os
    import shutil
    import tempfile

    if "MPLCONFIGDIR" in os.environ:
        return
    if not os.path.isabs(os.path.expanduser("~")):
        folder = tempfile.mkdtemp(prefix="screwsolve-matplotlib-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        os.environ["MPLCONFIGDIR"] = folder


def draw(sketch: Sketch, output: Path) -> None:
    """Write the sketch to `output` (.png, .svg or .pdf), with screwsolve's own settings."""
    matplotlib_home()
    import matplotlib

    with matplotlib.rc_context(DRAWING_SETTINGS):
        _draw(sketch, output)


def _draw(sketch: Sketch, output: Path) -> None:
    # a Figure of its own, never pyplot: a notebook's chosen backend is left as it was
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 6))
    if sketch.planar:
        _planar(figure.add_subplot(1, 1, 1), sketch)
    else:
        import mpl_toolkits.mplot3d  # type: ignore[import-untyped]  # noqa: F401  (the 3d projection)

        _spatial(figure.add_subplot(1, 1, 1, projection="3d"), sketch)
    if sketch.assumed:
        shown = ", ".join(f"{label(k)}={v:g}" for k, v in sorted(sketch.assumed.items()))
        figure.text(0.01, 0.01, "assumed: " + shown, fontsize=7, wrap=True)
    figure.suptitle(label(sketch.title), fontsize=11)
    figure.savefig(output, dpi=120)


def _extent(sketch: Sketch) -> float:
    coordinates = [c for p in sketch.points.values() for c in p]
    span = max(coordinates) - min(coordinates) if coordinates else 0.0
    return span if span > 1e-9 else 1.0


def _scaled(vector: tuple[float, float, float], largest: float, length: float) -> list[float]:
    size = math.sqrt(sum(c * c for c in vector))
    if size < 1e-12 or largest < 1e-12:
        return [0.0, 0.0, 0.0]
    factor = length * (0.4 + 0.6 * size / largest) / size
    return [c * factor for c in vector]


def _planar(axes: Any, sketch: Sketch) -> None:
    from matplotlib.patches import FancyArrowPatch, Polygon

    extent = _extent(sketch)
    for index, (body, members) in enumerate(sketch.bodies.items()):
        colour = BODY_COLOURS[index % len(BODY_COLOURS)]
        corners = [sketch.points[p][:2] for p in members]
        if len(corners) >= 3:
            axes.add_patch(Polygon(_hull(corners), alpha=0.18, color=colour, lw=2))
        elif len(corners) == 2:
            (x0, y0), (x1, y1) = corners
            axes.plot([x0, x1], [y0, y1], color=colour, lw=6, alpha=0.35, solid_capstyle="round")
        else:
            axes.add_patch(_disc(corners[0], 0.05 * extent, colour))
        x, y = corners[0]
        axes.annotate(
            label(body),
            (x, y),
            xytext=(-14, -14),
            textcoords="offset points",
            color=colour,
            fontsize=9,
            fontweight="bold",
        )
    unit = 0.18 * extent
    for frame in sketch.frames:
        for name, vector in frame.units:
            if abs(vector[2]) > 0.5:
                continue  # the axis out of the plane
            end = (frame.at[0] + unit * vector[0], frame.at[1] + unit * vector[1])
            axes.add_patch(
                FancyArrowPatch(
                    frame.at[:2], end, arrowstyle="-|>", color="0.45", mutation_scale=10, lw=1
                )
            )
            axes.annotate(label(name), end, fontsize=8, color="0.35")
    largest = max((math.dist(a.vector, (0, 0, 0)) for a in sketch.forces), default=0.0)
    for arrow in sketch.forces:
        dx, dy, _ = _scaled(arrow.vector, largest, 0.3 * extent)
        start = (arrow.at[0] - dx, arrow.at[1] - dy)  # the arrow ends at its point
        axes.add_patch(
            FancyArrowPatch(
                start, arrow.at[:2], arrowstyle="-|>", color="#d62728", mutation_scale=14, lw=1.6
            )
        )
        axes.annotate(label(arrow.label), start, fontsize=8, color="#d62728")
    for arrow in sketch.couples:
        radius = 0.08 * extent
        turn = 1 if arrow.vector[2] >= 0 else -1
        start = (arrow.at[0] + radius, arrow.at[1])
        end = (arrow.at[0], arrow.at[1] + turn * radius)
        axes.add_patch(
            FancyArrowPatch(
                start,
                end,
                connectionstyle=f"arc3,rad={0.5 * turn}",
                arrowstyle="-|>",
                color="#9467bd",
                mutation_scale=12,
            )
        )
        axes.annotate(label(arrow.label), end, fontsize=8, color="#9467bd")
    for name, (x, y, _) in sketch.points.items():
        marker = _marker(name, sketch)
        axes.plot([x], [y], marker=marker, color="black", ms=6 if marker == "o" else 9)
        axes.annotate(label(name), (x, y), xytext=(5, 5), textcoords="offset points", fontsize=9)
    axes.set_aspect("equal", adjustable="datalim")
    axes.margins(0.25)
    axes.grid(alpha=0.2)


def _spatial(axes: Any, sketch: Sketch) -> None:
    extent = _extent(sketch)
    for index, (body, members) in enumerate(sketch.bodies.items()):
        colour = BODY_COLOURS[index % len(BODY_COLOURS)]
        origin = sketch.points[members[0]]
        for member in members[1:]:
            other = sketch.points[member]
            axes.plot(*zip(origin, other, strict=True), color=colour, lw=4, alpha=0.5)
        axes.text(*origin, " " + label(body), color=colour, fontsize=9, fontweight="bold")
    unit = 0.2 * extent
    for frame in sketch.frames:
        for name, vector in frame.units:
            axes.quiver(*frame.at, *(unit * c for c in vector), color="0.5", lw=1)
            tip = [frame.at[i] + unit * vector[i] for i in range(3)]
            axes.text(*tip, label(name), fontsize=7, color="0.35")
    largest = max((math.dist(a.vector, (0, 0, 0)) for a in sketch.forces), default=0.0)
    for arrow in sketch.forces:
        d = _scaled(arrow.vector, largest, 0.3 * extent)
        start = [arrow.at[i] - d[i] for i in range(3)]
        axes.quiver(*start, *d, color="#d62728", lw=1.6)
        axes.text(*start, label(arrow.label), fontsize=8, color="#d62728")
    for arrow in sketch.couples:
        d = _scaled(arrow.vector, 1.0, 0.2 * extent) if any(arrow.vector) else [0, 0, 0]
        axes.quiver(*arrow.at, *d, color="#9467bd", lw=2, linestyle="--")
        axes.text(
            *[arrow.at[i] + d[i] for i in range(3)],
            label(arrow.label) + " (couple)",
            fontsize=8,
            color="#9467bd",
        )
    for name, point in sketch.points.items():
        axes.scatter(*point, color="black", marker=_marker(name, sketch), s=20)
        axes.text(*point, " " + label(name), fontsize=9)
    axes.set_box_aspect((1, 1, 1))
    axes.view_init(elev=22, azim=-58)


def _marker(name: str, sketch: Sketch) -> str:
    """A fixed point a triangle, a point of contact a square, any other point a dot."""
    return "^" if name in sketch.fixed else "s" if name in sketch.contacts else "o"


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Convex hull (monotone chain) of a body's points."""
    unique = sorted(set(points))
    if len(unique) < 3:
        return unique

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in unique:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(unique):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _disc(centre: tuple[float, float], radius: float, colour: str) -> Any:
    from matplotlib.patches import Circle

    return Circle(centre, radius, alpha=0.25, color=colour)


def png_bytes(sketch: Sketch) -> bytes:
    """The sketch as PNG bytes (for a notebook)."""
    import os
    import tempfile

    descriptor, name = tempfile.mkstemp(suffix=".png")
    os.close(descriptor)
    try:
        draw(sketch, Path(name))
        return Path(name).read_bytes()
    finally:
        Path(name).unlink(missing_ok=True)


def notebook_html(solution: Solution) -> str:
    """A solution in a notebook: its sketch as an inline PNG, then its screws and power
    coefficients as mathematics (notebooks typeset $$...$$ in HTML output)."""
    import base64
    import html

    from screwsolve.render.latex import render_math

    assert solution.figure is not None
    encoded = base64.b64encode(png_bytes(solution.figure)).decode("ascii")
    alt = html.escape(f"sketch of {solution.title}", quote=True)
    return f'<img src="data:image/png;base64,{encoded}" alt="{alt}"/>\n' + html.escape(
        render_math(solution), quote=False
    )
