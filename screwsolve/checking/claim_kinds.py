"""What kind of value a claim is, and the order a series claim holds to: plain data that a
key's cached truth is read back into without importing the solver (the command's own process
of `grade` reads it; its workers compare)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ClaimKind = Literal["scalar", "screw", "names", "flag"]


@dataclass(frozen=True)
class Series:
    """A claim to order k: right up to terms of order k + 1 in the small quantities together."""

    small: tuple[str, ...]
    order: int
