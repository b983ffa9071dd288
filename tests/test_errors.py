"""Located errors read as a person reads them: a long line is never echoed whole."""

from __future__ import annotations

from screwsolve.errors import SNIPPET_CHARS, Diagnostic


def test_a_long_line_is_echoed_around_its_caret_only() -> None:
    line = "x + " * 4000  # 16 000 characters
    shown = Diagnostic("f.yaml", 3, 9, "unexpected", snippet=line, caret=8000).with_caret()
    _, snippet, caret = shown.split("\n")
    assert len(snippet.strip()) <= SNIPPET_CHARS + 6
    assert snippet.strip().startswith("...") and snippet.endswith("...")
    # the caret still stands under the character it points at
    assert snippet[caret.index("^")] == line[8000]


def test_a_short_line_is_echoed_whole() -> None:
    shown = Diagnostic("f.yaml", 1, 5, "bad", snippet="m*g*", caret=4).with_caret()
    assert shown.split("\n")[1:] == ["    m*g*", "        ^"]
