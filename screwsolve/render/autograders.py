"""One graded submission in the results format of Gradescope's and PrairieLearn's autograders.

Both run an autograder on each submission the moment it is made, in a container of their own;
what they read back is one JSON file. The verdicts, points and feedback are `grade`'s own
(the same SubmissionResult); only their layout differs:

- Gradescope (`/autograder/results/results.json`): `score`, `output` with `output_format`,
  `visibility`, `stdout_visibility`, and `tests`, each with `name`, `score`, `max_score`,
  `status` (passed/failed), `output`, `output_format` and `visibility`. A file that cannot be
  graded scores 0 with its located errors shown.
- PrairieLearn (`/grade/results/results.json`): `succeeded`, `gradable`, `score` in [0, 1],
  `message`, `output`, and `tests`, each with `name`, `description`, `points`, `max_points`,
  `message` and `output`. A file that cannot be graded is `gradable: false` with its
  `format_errors` (no attempt lost).

Every text is the student's own or screwsolve's, escaped for Markdown where the platform renders
it; the whole document is at most 1 MB (PrairieLearn's limit), long texts cut with a pointer.
"""

from __future__ import annotations

import base64
import html
import json
from dataclasses import dataclass
from typing import Any

from screwsolve.grading.results import GradeReport, ItemResult, SubmissionResult
from screwsolve.render.escape import markdown

MAX_RESULTS_BYTES = 1_000_000
MAX_TEXT_CHARS = 4_000  # an answer or a feedback in one test; the rest is not useful there
MAX_FIGURE_BYTES = 300_000  # a figure of the problem; a larger file is not embedded


@dataclass(frozen=True)
class Figure:
    """A PNG shown with the results, as a data URL, and its label (escaped for HTML)."""

    label: str
    url: str

    @staticmethod
    def of_png(data: bytes, label: str) -> Figure | None:
        """The figure, or None for what is not a PNG or is too large to embed."""
        if not data.startswith(b"\x89PNG\r\n\x1a\n") or len(data) > MAX_FIGURE_BYTES:
            return None
        url = "data:image/png;base64," + base64.b64encode(data).decode("ascii")
        return Figure(html.escape(label, quote=True), url)


def _cut(text: str, limit: int = MAX_TEXT_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 40] + " ... (cut: too long to show)"


def _score(value: float) -> str:
    return f"{value:g}"


def _item_output(answer: str, verdict: str, feedback: str) -> str:
    shown = _cut(answer).replace("`", "'")
    lines = [f"Your answer: `{shown}`" if answer else "No answer."]
    lines.append(f"Verdict: {verdict}.")
    if feedback:
        lines.append(markdown(_cut(feedback)))
    return "\n\n".join(lines)


def _problems(result: SubmissionResult | None, found: list[str]) -> list[str]:
    """Why nothing could be graded: the located errors, or what the submission held."""
    if result is not None and result.diagnostics:
        return [_cut(d, 1000) for d in result.diagnostics[:20]]
    if not found:
        return ["no answer file was submitted: upload your answers as a .yaml file"]
    return [name if "(" in name else f"{name}: not gradable" for name in found[:20]]


def _feedback(report: GradeReport, item: ItemResult) -> str:
    """What the student reads now: the hint waits for the due date when the key says so."""
    return item.feedback_without_hint() if report.hints_after_due_date else item.feedback


def _figure_html(figure: Figure) -> str:
    return f'<img alt="{figure.label}" src="{figure.url}" style="max-width:100%">'


def gradescope_results(
    report: GradeReport,
    result: SubmissionResult | None,
    found: list[str],
    figure: Figure | None = None,
) -> dict[str, Any]:
    """Gradescope's results.json for one submission (the key's points, per item); the hints
    the key keeps for later are tests visible after the due date, the figure of the problem a
    test of its own when an item is not right."""
    maximum = report.max_points
    if result is None or result.status != "graded":
        problems = _problems(result, found)
        output = "This submission could not be graded:\n\n" + "\n".join(
            f"- {markdown(p)}" for p in problems
        )
        return {
            "score": 0.0,
            "output": output,
            "output_format": "md",
            "visibility": "visible",
            "stdout_visibility": "hidden",
            "tests": [],
        }
    tests = [
        {
            "name": item.item,
            "score": item.points,
            "max_score": item.max_points,
            "status": "passed" if item.verdict == "correct" else "failed",
            "output": _item_output(item.answer, item.verdict, _feedback(report, item)),
            "output_format": "md",
            "visibility": "visible",
        }
        for item in result.items
    ]
    if report.hints_after_due_date:
        tests += [
            {
                "name": f"{item.item}: hint",
                "output": markdown(_cut(item.hint)),
                "output_format": "md",
                "visibility": "after_due_date",
            }
            for item in result.items
            if item.hint and item.verdict != "correct"
        ]
    if figure is not None and any(i.verdict != "correct" for i in result.items):
        tests.append(
            {
                "name": figure.label,
                "output": _figure_html(figure),
                "output_format": "html",
                "visibility": "visible",
            }
        )
    summary = f"Score: {_score(result.score)} / {_score(maximum)}."
    if result.notes:
        summary += "\n\nRead with a note:\n\n" + "\n".join(
            f"- {markdown(_cut(n, 500))}" for n in result.notes
        )
    return {
        "score": result.score,
        "output": summary,
        "output_format": "md",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
    }


def prairielearn_results(
    report: GradeReport,
    result: SubmissionResult | None,
    found: list[str],
    figure: Figure | None = None,
) -> dict[str, Any]:
    """PrairieLearn's results.json for one submission (score as a fraction of the key's); the
    hints the key keeps for later are left to the question's answer panel, the figure of the
    problem is an image of the results when an item is not right."""
    maximum = report.max_points or 1.0
    if result is None or result.status != "graded":
        problems = _problems(result, found)
        return {
            "succeeded": True,
            "gradable": False,
            "score": 0.0,
            "format_errors": problems,
            "message": "Your file could not be read; fix it and submit again (no attempt lost).",
        }
    tests = [
        {
            "name": item.item,
            "description": f"{item.item} ({_score(item.max_points)} points)",
            "points": item.points,
            "max_points": item.max_points,
            "message": item.verdict,
            "output": _item_output(item.answer, item.verdict, _feedback(report, item)),
        }
        for item in result.items
    ]
    document: dict[str, Any] = {
        "succeeded": True,
        "gradable": True,
        "score": min(max(result.score / maximum, 0.0), 1.0),
        "message": f"Score: {_score(result.score)} / {_score(report.max_points)}.",
        "output": "\n".join(f"Note: {_cut(n, 500)}" for n in result.notes),
        "tests": tests,
    }
    if figure is not None and any(i.verdict != "correct" for i in result.items):
        document["images"] = [{"label": figure.label, "url": figure.url}]
    return document


def results_json(document: dict[str, Any]) -> str:
    """The document as JSON of at most MAX_RESULTS_BYTES: a figure left out first, then test
    outputs shortened (a figure is never cut: half an image is no image)."""
    text = json.dumps(document, ensure_ascii=False, indent=2)
    if len(text.encode("utf-8")) > MAX_RESULTS_BYTES:
        document.pop("images", None)
        document["tests"] = [
            t for t in document.get("tests", []) if t.get("output_format") != "html"
        ]
        text = json.dumps(document, ensure_ascii=False, indent=2)
    limit = MAX_TEXT_CHARS
    while len(text.encode("utf-8")) > MAX_RESULTS_BYTES and limit > 100:
        limit //= 2
        for test in document.get("tests", []):
            test["output"] = _cut(test.get("output", ""), limit)
        text = json.dumps(document, ensure_ascii=False, indent=2)
    if len(text.encode("utf-8")) > MAX_RESULTS_BYTES:  # too many tests: keep the score
        document["tests"] = document.get("tests", [])[:100]
        text = json.dumps(document, ensure_ascii=False, indent=2)
    return text + "\n"
