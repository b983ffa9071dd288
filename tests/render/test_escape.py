"""No untrusted byte reaches a terminal, a CSV cell, XML, a GitHub command, Markdown or LaTeX
unescaped: examples, then a fuzz over arbitrary text."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from screwsolve.render import escape

HOSTILE = "title\x1b[31m red\x07 bell\r\nline2 ::error::x %0A \ud800 =cmd| <b>&</b> {#}"


def test_terminal_text_has_no_escape_sequences() -> None:
    shown = escape.terminal(HOSTILE)
    assert "\x1b" not in shown and "\x07" not in shown and "\r" not in shown and "\n" not in shown
    assert "\\x1b[31m" in shown and "\ufffd" in shown


def test_csv_cells_never_start_a_formula() -> None:
    for text in ("=HYPERLINK(1)", "+1", "-2+3", "@SUM(A1)"):
        assert escape.csv_cell(text) == "'" + text
    assert escape.csv_cell("\tx") == "\\x09x"  # a tab is shown, so it cannot start one
    assert escape.csv_cell("plain") == "plain"


def test_github_commands_cannot_be_forged() -> None:
    data = escape.github_data("a\n::add-mask::secret\r50%")
    assert "\n" not in data and "\r" not in data
    assert data == "a%0A::add-mask::secret%0D50%25"
    assert escape.github_property("a:b,c") == "a%3Ab%2Cc"


def test_markdown_cannot_break_a_table_or_inject_html() -> None:
    text = escape.markdown("a | b <script> [x](y) `c`")
    assert "|" not in text.replace("\\|", "") and "<script>" not in text


def test_latex_escapes_special_characters() -> None:
    assert escape.latex("50% & $x_1$ #1 {a} ~b^c\\") == (
        r"50\% \& \$x\_1\$ \#1 \{a\} \~{}b\^{}c\textbackslash{}"
    )
    assert escape.latex("bell\x07 θ") == "bell ?"


def test_bidirectional_controls_are_shown_not_obeyed() -> None:
    """A name with U+202E (right-to-left override) would print reversed text after it in a
    spreadsheet, a Markdown viewer or a terminal; it is shown as its code instead."""
    name = "alice\u202egnp.exe"
    assert escape.csv_cell(name) == "alice\\u202egnp.exe"
    assert escape.terminal(name) == "alice\\u202egnp.exe"
    assert "\u202e" not in escape.markdown(name)


def test_a_long_cell_is_cut_and_says_where_the_rest_is() -> None:
    cell = escape.csv_cell("x" * 200_000)
    assert len(cell) == escape.CELL_CHARS and cell.endswith(
        "(cut: the whole text is in grades.json)"
    )


@given(st.text())
def test_every_destination_is_safe_for_any_text(text: str) -> None:
    terminal = escape.terminal(text)
    assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in terminal)
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in terminal)
    cell = escape.csv_cell(text)
    assert not cell.startswith(("=", "+", "-", "@", "\t", "\r"))
    assert len(cell) <= escape.CELL_CHARS + 1  # the apostrophe of a formula may come first
    bidi = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    for shown in (terminal, cell, escape.markdown(text)):
        assert not bidi & set(shown)
    element = ET.Element("case", name=escape.xml_text(text))
    element.text = escape.xml_text(text)
    ET.fromstring(ET.tostring(element, encoding="unicode"))  # well-formed
    for command in (escape.github_data(text), escape.github_property(text)):
        assert "\n" not in command and "\r" not in command
    assert "\n" not in escape.markdown(text) and "<" not in escape.markdown(text)
    latex = escape.latex(text)
    assert not any(ord(c) < 32 or ord(c) > 0xFF for c in latex)
    unescaped = latex.replace("\\%", "").replace("\\#", "").replace("\\$", "").replace("\\&", "")
    assert not any(c in unescaped for c in "%#$&")
