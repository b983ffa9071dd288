"""The values a sketch assumed, as the command and the figure write them."""

from __future__ import annotations

from screwsolve.render.sketch import FIGURE_ASSUMED, assumed_text
from screwsolve.solution.sketch import Sketch


def test_assumed_values_read_in_order_and_the_figure_names_how_many_more() -> None:
    """q2 before q10 (not as text sorts them), every value in the command's line, and the
    figure's line cut to its first values and the count of the rest (200 frames assume 200
    angles: one line of them covered the drawing)."""
    assumed = {f"q{k}": float(k) for k in range(1, 41)} | {"L": 1.5, "h": 2.0}
    sketch = Sketch(
        title="t",
        points={},
        fixed=frozenset(),
        bodies={},
        frames=(),
        forces=(),
        couples=(),
        values={},
        assumed=assumed,
    )
    whole = assumed_text(sketch)
    names = [item.split("=")[0] for item in whole.split(", ")]
    assert names == ["L", "h", *(f"q{k}" for k in range(1, 41))]
    assert "q10=10" in whole and "more" not in whole
    cut = assumed_text(sketch, FIGURE_ASSUMED)
    assert cut.count("=") == FIGURE_ASSUMED
    assert cut.endswith(f" and {len(assumed) - FIGURE_ASSUMED} more (the command lists them all)")
