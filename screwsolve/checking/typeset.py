"""The LaTeX of a claim's two sides, for `check --format json`: `{text, latex}` like every value
`run` writes. Typeset in the worker, where the values are sympy, and cached with the verdict
(a report read back from the cache has only text).

The claimed side is the file's text read by the problem's own grammar (never evaluated), the
true side the value the claim was compared with; both printed by the printers `run` uses
(`symbolic/printing.py`). A side that cannot be typeset (text that does not parse, a value too
large to show: over GOT_TEXT_NODES, on either side) has an empty LaTeX: its text still says it.
"""

from __future__ import annotations

from typing import Any

from screwsolve.checking.claims import Claim, Comparer
from screwsolve.checking.reports import GOT_TEXT_NODES, text_of
from screwsolve.errors import ScrewsolveError
from screwsolve.model.grammar import parse_vector
from screwsolve.solution.build import Presenter
from screwsolve.solution.result import ScrewValue, VectorValue
from screwsolve.symbolic.graphs import exceeds
from screwsolve.symbolic.printing import latex, name_latex, reading_order, vector_latex
from screwsolve.symbolic.tex_text import text_mode


class Typesetter:
    """LaTeX of claims and true values in one problem's notation."""

    def __init__(self, presenter: Presenter, comparer: Comparer) -> None:
        self.presenter = presenter
        self.comparer = comparer
        notation = presenter.notation()
        self.units = notation.unit_latex
        self.order = notation.reading_order

    def claimed(self, claim: Claim, part: str | None) -> str:
        """The claim (or one part of a screw claim) as the file writes it, typeset."""
        with reading_order(self.order):
            return self._claimed(claim, part)

    def true(self, value: Any) -> tuple[str, str]:
        """A true value as (text, LaTeX), printed as `run` prints it (the problem's reading
        order: m*g*l, not g*l*m); LaTeX empty for a value too large to show."""
        with reading_order(self.order):
            return text_of(value), self._true(value)

    def _claimed(self, claim: Claim, part: str | None) -> str:
        try:
            if claim.kind == "names":
                return ", ".join(rf"\text{{{text_mode(n)}}}" for n in claim.names)
            if claim.kind == "flag":
                return r"\text{true}" if claim.flag else r"\text{false}"
            if claim.kind == "screw" and claim.screw is not None:
                resultant, moment, at = claim.screw
                if part == "at":
                    return name_latex(at)
                if part in ("resultant", "moment"):
                    return self._vector_text(resultant if part == "resultant" else moment)
                return (
                    rf"\left\{{ {self._vector_text(resultant)} ; "
                    rf"{self._vector_text(moment)} \right\}}_{{{name_latex(at)}}}"
                )
            value = self.comparer.scalar(claim.text)
            return "" if exceeds(value, GOT_TEXT_NODES) else latex(value)
        except (ScrewsolveError, ValueError, TypeError):
            return ""

    def _true(self, value: Any) -> str:
        if value is None or isinstance(value, str):
            return ""
        if isinstance(value, bool):
            return r"\text{true}" if value else r"\text{false}"
        if isinstance(value, tuple):
            return ", ".join(rf"\text{{{text_mode(str(n))}}}" for n in value)
        if isinstance(value, VectorValue):
            if any(exceeds(c, GOT_TEXT_NODES) for c, _unit in value.terms):
                return ""
            return vector_latex(value.terms, self.units)
        if isinstance(value, ScrewValue):
            resultant, moment = self._true(value.resultant), self._true(value.moment)
            if not resultant or not moment:
                return ""
            return rf"\left\{{ {resultant} ; {moment} \right\}}_{{{name_latex(value.point)}}}"
        if exceeds(value, GOT_TEXT_NODES):
            return ""
        return latex(value)

    def _vector_text(self, text: str) -> str:
        """A claimed vector typeset, or "" when too large to show (as the true side)."""
        vector = parse_vector(text, self.comparer.namespace)
        return self._true(self.presenter.vector(vector))
