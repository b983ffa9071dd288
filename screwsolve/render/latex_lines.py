r"""Long LaTeX expressions broken into lines that fit the page.

Why: a LaTeX display never breaks by itself, so a car's power coefficient ran 210 pt off the
page. The width of a piece of LaTeX is estimated in character widths (a letter 1, a binary
operator with its spaces 2, a fraction the wider of its two levels, a subscript 0.7), sums are
broken after whole terms, and a product whose sum is too long, k (a + b + ...), is broken inside
its brackets with \left( ... \right. / \left. ... \right). The compile test of every shipped
problem keeps the estimate honest (no overfull box).
"""

from __future__ import annotations

from typing import Any

import symengine as se
import sympy

from screwsolve.symbolic.printing import Value, latex

# Character widths of one displayed line at the document's 2 cm margins (about 500 pt).
WIDTH = 84

_GROUP_COMMANDS = {
    "mathrm", "mathbf", "mathcal", "text", "textit", "dot", "ddot", "bar", "overline",
    "operatorname", "boldsymbol", "hat", "tilde", "vec",
}  # fmt: skip
_SPACES = {",": 0.3, ";": 0.4, ":": 0.35, "!": 0.0, " ": 0.3}
# Math italic letters much wider than the average character (m 8.8 pt, w 7.2 pt, M 9.7 pt,
# W 9.4 pt at 10 pt, against the 5.95 pt of a character width): masses and shared names
_WIDE_LETTERS = {"m": 1.45, "w": 1.2, "M": 1.6, "W": 1.6}
_WIDE = {"quad": 2.0, "qquad": 4.0, "cdot": 1.6, "to": 2.5, "leftrightarrow": 3.0, "neq": 2.0}


def visible(tex: str) -> float:
    """The estimated printed width of math-mode LaTeX, in character widths."""
    return _Measure(tex).width()


class _Measure:
    def __init__(self, tex: str) -> None:
        self.tex = tex
        self.at = 0

    def width(self, closing: str | None = None) -> float:
        total = 0.0
        while self.at < len(self.tex):
            char = self.tex[self.at]
            if closing is not None and char == closing:
                self.at += 1
                return total
            total += self._token()
        return total

    def _group(self) -> float:
        """The width of the next group {...} or single token."""
        while self.at < len(self.tex) and self.tex[self.at] == " ":
            self.at += 1
        if self.at < len(self.tex) and self.tex[self.at] == "{":
            self.at += 1
            return self.width("}")
        return self._token() if self.at < len(self.tex) else 0.0

    def _token(self) -> float:
        char = self.tex[self.at]
        self.at += 1
        if char == "{":
            return self.width("}")
        if char in "^_":
            return 0.7 * self._group()
        if char in " &}":
            return 0.0
        if char in "+-=<>":
            return 2.0
        if char != "\\":
            return _WIDE_LETTERS.get(char, 1.0)
        return self._command()

    def _command(self) -> float:
        start = self.at
        while self.at < len(self.tex) and self.tex[self.at].isalpha():
            self.at += 1
        name = self.tex[start : self.at]
        if not name:  # \{ \, \\ ...
            symbol = self.tex[self.at] if self.at < len(self.tex) else ""
            self.at += 1
            return _SPACES.get(symbol, 0.0 if symbol == "\\" else 1.0)
        if name in ("frac", "dfrac", "tfrac"):
            return max(self._group(), self._group())
        if name == "sqrt":
            return 1.0 + self._group()
        if name in _GROUP_COMMANDS:
            return self._group()
        if name in ("left", "right", "big", "Big", "bigg", "Bigg"):
            return 0.0
        if name == "begin":
            return self._environment()
        if name in _WIDE:
            return _WIDE[name]
        if name in ("sin", "cos", "tan", "cot", "sec", "csc", "log", "exp"):
            return float(len(name)) + 0.3
        return 1.0

    def _environment(self) -> float:
        """A matrix: its widest row and its brackets."""
        self._group()
        end = self.tex.find(r"\end{", self.at)
        body = self.tex[self.at : end if end >= 0 else len(self.tex)]
        self.at = len(self.tex) if end < 0 else self.tex.find("}", end) + 1
        return 2.0 + max((visible(row) for row in body.split(r"\\")), default=0.0)


def _terms(expr: Value) -> list[Any] | None:
    if isinstance(expr, sympy.Add):
        return list(expr.as_ordered_terms())
    if isinstance(expr, se.Add):
        return list(expr.args)
    return None


def _sum_and_power(factor: Any) -> tuple[Any, Any] | None:
    """(the sum, its exponent) of a factor that is a sum, or a power of one: 1/(a + b + ...)."""
    if isinstance(factor, sympy.Add | se.Add):
        return factor, 1
    if isinstance(factor, sympy.Pow | se.Pow) and isinstance(factor.args[0], sympy.Add | se.Add):
        return factor.args[0], factor.args[1]
    return None


def _split_product(expr: Value) -> tuple[Value, Value, Any] | None:
    """k * (sum)^e as k, the sum and e (the largest sum among the factors; e = 1 for a sum
    itself, -1 for a sum that is a denominator, so that it breaks as a bracket does)."""
    if isinstance(expr, sympy.Mul):
        factors: list[Any] = list(expr.args)
        make: Any = sympy.Mul
        count: Any = sympy.count_ops
    elif isinstance(expr, se.Mul):
        factors, make, count = list(expr.args), se.Mul, se.count_ops
    elif isinstance(expr, sympy.Pow | se.Pow):
        factors, make, count = [expr], sympy.Mul, sympy.count_ops
    else:
        return None
    sums = [(f, pair) for f in factors if (pair := _sum_and_power(f)) is not None]
    if not sums:
        return None
    chosen, (inner, exponent) = max(sums, key=lambda item: count(item[1][0]))
    return make(*(f for f in factors if f is not chosen)), inner, exponent


def continued(line: str) -> str:
    """A line that goes on from the one above: {} keeps a leading + or - binary."""
    return f"{{}}{line}" if line.startswith(("+", "-")) else line


def signed(piece: str) -> str:
    """A term as it continues a sum: + t, or - t."""
    return f"- {piece[1:].lstrip()}" if piece.startswith("-") else f"+ {piece}"


def lines(expr: Value, width: float = WIDTH) -> list[str]:
    """The LaTeX of a value over as few lines of at most `width` as whole terms allow."""
    whole = latex(expr)
    if visible(whole) <= width:
        return [whole]
    terms = _terms(expr)
    if terms is not None:
        pieces = [latex(term) for term in terms]
        return joined(
            [
                [p] if visible(p) <= width else lines(t, width - 2)
                for p, t in zip(pieces, terms, strict=True)
            ],
            width,
        )
    split = _split_product(expr)
    if split is None:
        return [whole]
    others, inner, exponent = split
    power = "" if exponent == 1 else f"^{{{latex(exponent)}}}"
    prefix = "" if others == 1 else "-" if others == -1 else latex(others)
    if visible(prefix) > width / 2:
        # (a + b + ...)(c + d + ...): the other factors take lines of their own, and the sum
        # goes on below them, multiplied
        inside = lines(inner, width - 3 - visible(power))
        times = (
            [rf"{{}}\times \left({inside[0]}\right){power}"]
            if len(inside) == 1
            else bracketed(inside, r"{}\times", power)
        )
        head = lines(others, width - 2)
        if isinstance(others, sympy.Add | se.Add):  # a sum multiplied needs its brackets
            head = [rf"\left({head[0]}\right)"] if len(head) == 1 else bracketed(head)
        return [*head, *times]
    inside = lines(inner, width - visible(prefix) - visible(power) - 1)
    return [whole] if len(inside) == 1 else bracketed(inside, prefix, power)


def bracketed(inside: list[str], prefix: str = "", power: str = "") -> list[str]:
    r"""A sum's lines inside one pair of brackets: prefix \left( ... \right. on the first,
    \left. ... \right) on the last, with its power (each line must balance its own)."""
    return [
        rf"{prefix} \left({inside[0]}\right.".lstrip(),
        *(rf"\left.{continued(line)}\right." for line in inside[1:-1]),
        rf"\left.{continued(inside[-1])}\right){power}",
    ]


def joined(terms: list[list[str]], width: float = WIDTH) -> list[str]:
    """Terms of a sum, each one line or already broken into several, over lines of `width`: a
    one-line term goes on the current line when it fits, a broken one starts a new line."""
    out: list[str] = []
    current = ""
    for term in terms:
        first = term[0] if not (out or current) else signed(term[0])
        if len(term) > 1:
            if current:
                out.append(current)
            out += [first, *term[1:-1]]
            current = term[-1]
        elif current and visible(current) + visible(first) + 0.3 > width:
            out.append(current)
            current = first
        else:
            current = f"{current} {first}".strip()
    return [*out, current] if current else out
