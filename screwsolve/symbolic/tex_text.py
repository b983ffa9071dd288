"""Untrusted text (an action's name, a title) made safe for LaTeX's text mode: one escape for
every place that writes LaTeX, the LaTeX renderer and check's typeset claims alike."""

from __future__ import annotations

import re

_CONTROL_ANY = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_SPECIAL = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "^": r"\^{}",
    "_": r"\_",
    "%": r"\%",
    "~": r"\~{}",
}


def text_mode(text: str) -> str:
    """For LaTeX text mode: special characters escaped, control characters dropped, and
    characters outside Latin-1 (which a stock pdflatex cannot typeset) shown as '?'."""
    text = _CONTROL_ANY.sub("", _SURROGATE.sub("?", str(text)))
    return "".join(_SPECIAL.get(ch, ch if ord(ch) < 0x100 else "?") for ch in text)
