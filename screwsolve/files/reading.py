"""A problem file's text, read with the limits every command shares.

Kept apart from the loader (pydantic, the schema, YAML) so that what only needs a file's text
-- the result caches of `check` and `validate` -- reads it without importing any of them.
"""

from __future__ import annotations

import os
import stat
import sys

from screwsolve.errors import STDIN_NAME, Diagnostic, InputError, UsageError
from screwsolve.limits import MAX_FILE_BYTES


def read_text(path: str, stdin_name: str = STDIN_NAME) -> tuple[str, str]:
    """Read a file (or standard input for '-') as text; returns (display name, text).

    Only a regular file is read (never a FIFO, a device or a folder, even behind a link), and
    never more than the size limit plus one byte, whatever `stat` said before the read."""
    if path == "-":
        stream = sys.stdin
        if stream is None or getattr(stream, "buffer", None) is None:
            raise UsageError("standard input is closed: name a file, or pipe the problem in")
        try:
            data = stream.buffer.read(MAX_FILE_BYTES + 1)
        except (OSError, ValueError) as exc:  # closed or unreadable descriptor
            raise UsageError(f"standard input cannot be read ({exc})") from None
        return stdin_name, decode(data, stdin_name)
    return path, decode(read_bounded(path), path)


def read_bounded(path: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file, at most the limit plus one (so a larger one is told)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputError([Diagnostic(path, 1, 1, f"cannot read file: {exc.strerror}")]) from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):  # before fdopen, which refuses a folder
        os.close(descriptor)
        raise InputError([Diagnostic(path, 1, 1, "not a regular file")])
    with os.fdopen(descriptor, "rb") as handle:
        try:
            return handle.read(limit + 1)
        except OSError as exc:
            raise InputError(
                [Diagnostic(path, 1, 1, f"cannot read file: {exc.strerror}")]
            ) from None


def decode(raw: bytes, file: str) -> str:
    """Bytes -> text, refusing oversize files and invalid UTF-8 with a location."""
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(
            [Diagnostic(file, 1, 1, f"file is {len(raw)} bytes; the limit is {MAX_FILE_BYTES}")]
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        raise InputError(
            [Diagnostic(file, line, col, f"invalid UTF-8 byte 0x{raw[exc.start]:02x}")]
        ) from None
