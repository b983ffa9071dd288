"""Table cells that fold long expressions only where a reader would: at spaces (outside a
function call's arguments when one leaves the line at least half full), and within a word too
wide for its column after a `*`, a `/`, a grouping `(` or a comma; inside a function call
(`cos(` / `q3)**2`) only when no such break leaves a piece that fits; never inside a name
(`cos(the` / `ta)`): a single name wider than the column is the one thing still cut."""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.containers import Lines
from rich.measure import Measurement
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions

_WORD = re.compile(r"\S+\s*")
# a product's * (never inside a power's **), a /, a comma, a grouping parenthesis
_OPERATOR = re.compile(r"(?<!\*)\*(?!\*)|[/,]|(?<![A-Za-z0-9_')])\(")
# a call's opening parenthesis (`cos(`): cut only when no operator leaves a piece that fits
_CALL = re.compile(r"(?<=[A-Za-z0-9_'])\(")


def break_offsets(line: str, width: int) -> list[int]:
    """Where to cut a line so that each piece fits in `width` cells: at spaces, as rich does;
    a word wider than the line is cut after its operators (`*`, `/`, a grouping `(`, `,`),
    after a call's `(` when none of them fits, and inside a name only when a name alone is
    wider than the line."""
    width = max(width, 1)
    offsets: list[int] = []
    start = 0  # where the current line begins
    inside = _inside_calls(line)
    words: list[int] = []  # where each word of the current line starts
    for match in _WORD.finditer(line):
        word_start = match.start()
        word_end = word_start + len(match.group().rstrip())
        if cell_len(line[start:word_end]) <= width:
            words.append(word_start)
            continue
        alone = cell_len(line[word_start:word_end]) <= width
        if alone and word_start > start and line[start:word_start].strip():
            # a word that fits a line of its own starts one; a space inside a call's
            # arguments (`sqrt(a` / `+ b)`) gives way to one outside, if the line stays half full
            cut = word_start
            if inside[word_start]:
                outside = [
                    w
                    for w in words
                    if w > start
                    and not inside[w]
                    and cell_len(line[start:w]) >= width // 2
                    and cell_len(line[w:word_end]) <= width
                ]
                cut = outside[-1] if outside else word_start
            offsets.append(cut)
            start = cut
            words = [w for w in words if w >= cut]
        words.append(word_start)
        if cell_len(line[start:word_end]) > width:  # cut anyway: the line is filled first
            start = _cut_word(line, start, word_start, word_end, width, offsets)
    return [offset for offset in offsets if 0 < offset < len(line)]


def _inside_calls(line: str) -> list[bool]:
    """For each offset, whether it lies inside a function call's parentheses (`sin(` ... `)`),
    where a space is a poorer break than one outside."""
    inside = [False] * (len(line) + 1)
    stack: list[bool] = []  # each open parenthesis: whether it is a call's
    calls = 0
    for index, char in enumerate(line):
        inside[index] = calls > 0
        if char == "(":
            call = index > 0 and (line[index - 1].isalnum() or line[index - 1] in "_'")
            stack.append(call)
            calls += call
        elif char == ")" and stack:
            calls -= stack.pop()
    return inside


def _cut_word(
    line: str, start: int, word_start: int, end: int, width: int, offsets: list[int]
) -> int:
    """Cut line[start:end] before the word or after its operators into pieces that fit
    (folding a piece without one); the start of the last piece, which the line goes on from.
    A sign before a long word stays with it: `-` / `3*sin(q3)**2*` never leaves `-` alone."""
    ends = [word_start] if word_start > start else []
    ends += [m.end() for m in _OPERATOR.finditer(line, word_start, end)] + [end]
    fits = start
    for stop in ends:
        while cell_len(line[start:stop]) > width:
            if fits > start:
                offsets.append(fits)
                start = fits
                continue
            calls = [
                m.end()
                for m in _CALL.finditer(line, start, stop)
                if cell_len(line[start : m.end()]) <= width
            ]
            # inside a call only when nothing better fits; a name wider than the column: cut
            start = calls[-1] if calls else _fold(line, start, width)
            offsets.append(start)
            fits = start
        fits = stop
    return start


def _fold(line: str, start: int, width: int) -> int:
    """The end of the longest piece from `start` that fits (at least one character)."""
    end = start + 1
    while end < len(line) and cell_len(line[start : end + 1]) <= width:
        end += 1
    return end


class ExpressionText(Text):
    """rich Text whose lines wrap at operators (see break_offsets), and whose narrowest width is
    its widest unbreakable piece, so that tables can give it a narrow column."""

    def wrap(
        self,
        console: Console,
        width: int,
        *,
        justify: Any = None,
        overflow: Any = None,
        tab_size: int = 8,
        no_wrap: bool | None = None,
    ) -> Lines:
        if no_wrap or self.no_wrap or overflow == "ignore":
            return super().wrap(
                console, width, justify=justify, overflow=overflow, tab_size=tab_size, no_wrap=True
            )
        lines = Lines()
        for line in self.split(allow_blank=True):
            pieces = line.divide(break_offsets(line.plain, width))
            for piece in pieces:
                piece.rstrip_end(width)
            pieces.justify(console, width, justify=justify or self.justify or "default")
            for piece in pieces:
                piece.truncate(width, overflow=overflow or self.overflow or "fold")
            lines.extend(pieces)
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        lines = self.plain.split("\n")
        widest = max(cell_len(line) for line in lines)
        pieces = [piece for line in lines for piece in _pieces(line)]
        narrowest = max((cell_len(piece) for piece in pieces), default=0)
        return Measurement(narrowest, widest)


def _pieces(line: str) -> list[str]:
    """A line's unbreakable pieces: its words, each cut after its operators."""
    pieces = []
    for word in line.split():
        cuts = [0, *(m.end() for m in _OPERATOR.finditer(word)), len(word)]
        pieces += [word[a:b] for a, b in itertools.pairwise(cuts) if b > a]
    return pieces
