"""Colour as the ecosystem's conventions say: --color, then NO_COLOR, then FORCE_COLOR, then
whether the stream is a terminal."""

from __future__ import annotations

import io

import pytest

from screwsolve.console import ColorMode, wants_color


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("mode", "env", "terminal", "expected"),
    [
        (ColorMode.auto, {}, False, False),
        (ColorMode.auto, {}, True, True),
        (ColorMode.auto, {"FORCE_COLOR": "1"}, False, True),
        (ColorMode.auto, {"FORCE_COLOR": "0"}, False, False),
        (ColorMode.auto, {"FORCE_COLOR": ""}, False, False),
        (ColorMode.auto, {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, False),
        (ColorMode.never, {"FORCE_COLOR": "1"}, True, False),
        (ColorMode.always, {"NO_COLOR": "1"}, False, True),
    ],
)
def test_colour_follows_the_conventions(
    monkeypatch: pytest.MonkeyPatch,
    mode: ColorMode,
    env: dict[str, str],
    terminal: bool,
    expected: bool,
) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    stream = _Terminal() if terminal else io.StringIO()
    assert wants_color(mode, stream) is expected
