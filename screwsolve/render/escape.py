"""Untrusted text made safe for the place it is written to: one function per destination.

Names, titles, file names, `student:` values and answers come from files nobody trusted. Before
any of them reaches a terminal, a CSV cell, XML, a GitHub workflow command, Markdown or LaTeX it
goes through the function for that destination here, and only there:

- terminal: control characters (ESC, BEL, C1 controls, DEL...) shown as `\\x1b`-style escapes,
  bidirectional controls as `\\u202e`, lone surrogates as U+FFFD; rich markup brackets escaped by `markup`;
- CSV: the same, and a cell that a spreadsheet would read as a formula (=, +, -, @, tab, CR)
  prefixed with an apostrophe (OWASP's advice);
- XML: characters XML 1.0 forbids removed (ElementTree escapes the rest);
- GitHub workflow commands: the documented escapes (% CR LF in data; also : and , in
  properties), so no text can start a command of its own;
- Markdown tables: pipes, brackets, HTML and line breaks neutralised;
- LaTeX: special characters escaped and control characters removed.
"""

from __future__ import annotations

import re
from typing import Any

from screwsolve.symbolic.tex_text import text_mode

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_CONTROL_ANY = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
# bidirectional controls (Trojan Source): they reorder what a reader sees around them
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
CELL_CHARS = 2000  # a spreadsheet cell; the whole text is in grades.json and the feedback file
_XML_ILLEGAL = re.compile(r"[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _visible(match: re.Match[str]) -> str:
    return f"\\x{ord(match.group()):02x}" if ord(match.group()) < 0x100 else "\ufffd"


def clean(text: str, *, newlines: bool = True) -> str:
    """Text with lone surrogates replaced and control characters shown as escapes (newlines and
    tabs kept when `newlines`)."""
    text = _SURROGATE.sub("\ufffd", str(text))
    text = _BIDI.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    pattern = _CONTROL if newlines else _CONTROL_ANY
    return pattern.sub(_visible, text)


def terminal(text: str) -> str:
    """For a terminal line: no escape sequence, bell or carriage return can take effect."""
    return clean(text, newlines=False)


def cell(text: str) -> Any:
    """For a rich table cell or line: a Text, which rich never reads as markup or emoji codes,
    with control characters shown as escapes (line breaks kept)."""
    from screwsolve.render.wrapping import ExpressionText

    return ExpressionText(clean(text))


def markup(text: str) -> str:
    """For rich renderables: terminal-safe, and rich's [markup] brackets escaped."""
    from rich.markup import escape

    return escape(terminal(text))


def csv_cell(text: str) -> str:
    """For a CSV cell that a spreadsheet will open: no control or bidirectional characters,
    never a formula, at most CELL_CHARS characters (the cut says so)."""
    text = clean(text, newlines=False)
    if len(text) > CELL_CHARS:
        cut = " ... (cut: the whole text is in grades.json)"
        text = text[: CELL_CHARS - len(cut)] + cut
    if text.startswith(_FORMULA_START):
        return "'" + text
    return text


_PLAIN_NUMBER = re.compile(r"^\s*[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?\s*$")


def sheet_cell(text: str) -> str:
    """For a cell of an LMS's own file written back (a gradebook, a worksheet): never a
    formula and no control character, but never cut, and a number (-1.5), an empty cell or
    Canvas's `-` (no score) kept byte for byte, as the importer reads them; line breaks kept
    (a multi-line cell stays one quoted cell)."""
    if not text or text == "-" or _PLAIN_NUMBER.match(text):
        return text
    text = clean(text)
    if text.startswith(_FORMULA_START):
        return "'" + text
    return text


def xml_text(text: str) -> str:
    """For XML 1.0 text or attributes (ElementTree escapes < > & and quotes itself)."""
    return _XML_ILLEGAL.sub("\ufffd", _SURROGATE.sub("\ufffd", str(text)))


def github_data(text: str) -> str:
    """The message of a GitHub workflow command: '%', CR and LF escaped as GitHub documents."""
    text = str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return clean(text.replace("\t", " "))


def github_property(text: str) -> str:
    """A property of a workflow command (file, title): also ':' and ','."""
    return github_data(text).replace(":", "%3A").replace(",", "%2C")


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|~!])")


def markdown(text: str) -> str:
    """Inline Markdown (a table cell, a heading): one line, no HTML, no markup, no table break."""
    text = terminal(text).replace("\\x0a", " ").replace("\\x0d", " ")
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MARKDOWN_SPECIAL.sub(r"\\\1", text)
    return "\\" + text if text.startswith(("#", "+", "-", "=")) else text


def latex(text: str) -> str:
    """For LaTeX text mode (symbolic/tex_text.py: the one escape every LaTeX writer uses)."""
    return text_mode(text)
