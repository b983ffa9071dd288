"""The class at a glance as a picture: the score histogram and each item's share of correct
answers, as an SVG beside report.md (what an instructor would rather look at than a table).

Drawn with screwsolve's own matplotlib settings (never LaTeX, whatever rc files say), item
names escaped as any untrusted label, and a fixed hash salt so that the same class gives the
same file. The numbers come from the report's own histogram and verdicts: nothing is computed
here that the Markdown does not show.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from screwsolve.render.sketch import DRAWING_SETTINGS, label, matplotlib_home

CLASS_FIGURE = "class.svg"
MAX_FIGURE_ITEMS = 40  # bars; a key with more shows its first 40 (the table has them all)


def class_svg(
    title: str, histogram: Sequence[tuple[str, int]], correct: Sequence[tuple[str, float]]
) -> str:
    """An SVG of the score histogram (students per tenth of the maximum) and of the percentage
    of graded submissions that got each item right."""
    matplotlib_home()
    import matplotlib
    from matplotlib.figure import Figure

    shown = list(correct)[:MAX_FIGURE_ITEMS]
    settings = {**DRAWING_SETTINGS, "svg.hashsalt": "screwsolve", "svg.fonttype": "none"}
    with matplotlib.rc_context(settings):
        figure = Figure(figsize=(8, 3.5 + 0.22 * len(shown)))
        scores, items = figure.subplots(2, 1, height_ratios=[3, max(len(shown), 1) * 0.4 + 1])
        labels = [name for name, _ in histogram]
        scores.bar(range(len(labels)), [count for _, count in histogram], color="#4c72b0")
        scores.set_xticks(range(len(labels)), labels, rotation=45, ha="right", fontsize=7)
        scores.set_ylabel("students")
        scores.set_title("scores (share of the maximum)", fontsize=9)
        names = [label(name) for name, _ in shown]
        items.barh(range(len(names)), [share for _, share in shown], color="#55a868")
        items.set_yticks(range(len(names)), names, fontsize=7)
        items.invert_yaxis()
        items.set_xlim(0, 100)
        items.set_xlabel("% of graded submissions correct")
        figure.suptitle(label(title), fontsize=10)
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()
