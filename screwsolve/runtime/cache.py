"""A content-addressed cache of JSON entries (the key's truth for `grade`, verdicts for `check`).

An entry's name is a digest of everything its value depends on (the input's full text, the
versions of screwsolve, sympy and symengine, the options). Entries are written atomically and
re-read with suspicion: an entry that is not a regular file, is too large, is not JSON, has not
the expected envelope or whose payload does not match its own digest is ignored (with a warning)
and recomputed. It lives under $XDG_CACHE_HOME/screwsolve (or ~/.cache/screwsolve); with no home
folder there is no cache, and the commands say so once.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from screwsolve.files.writing import write_atomic
from screwsolve.version import __version__

T = TypeVar("T")
FORMAT = 1
MAX_ENTRY_BYTES = 20_000_000
ENTRY_NAME = re.compile(r"[0-9a-f]{64}\.json")


def cache_root() -> Path | None:
    """The cache folder, or None when there is no home folder to put it under."""
    base = os.environ.get("XDG_CACHE_HOME")
    if base:
        return Path(base) / "screwsolve"
    if os.environ.get("HOME", None) == "":
        return None
    try:
        home = Path.home()
    except (RuntimeError, KeyError):  # HOME unset and no passwd entry for this uid
        return None
    if not home.is_absolute():
        return None
    return home / ".cache" / "screwsolve"


@lru_cache(maxsize=1)
def versions() -> str:
    """What a cached result depends on besides its input: the versions of the tools, and a
    fingerprint of screwsolve's own files (an edited checkout keeps its version number)."""
    from importlib.metadata import PackageNotFoundError, version

    parts = [f"screwsolve={__version__}", f"code={code_fingerprint()}"]
    for package in ("sympy", "symengine"):
        try:
            parts.append(f"{package}={version(package)}")
        except PackageNotFoundError:
            parts.append(f"{package}=?")
    return ";".join(parts)


def code_fingerprint(package: Path | None = None) -> str:
    """The package's own files (names and contents, Python files and schemas), hashed: an
    edited or reinstalled copy with the same sizes and times is still a different program.
    About a megabyte, hashed in milliseconds once per process."""
    package = package or Path(__file__).resolve().parent.parent
    hasher = hashlib.sha256()
    for path in sorted([*package.rglob("*.py"), *package.rglob("*.json")]):
        hasher.update(f"{path.relative_to(package).as_posix()}\0".encode())
        try:
            hasher.update(hashlib.sha256(path.read_bytes()).digest())
        except OSError:
            hasher.update(b"unreadable")
    return hasher.hexdigest()[:16]


def digest(*parts: str) -> str:
    """A name for an entry: the SHA-256 of its inputs and the tool versions."""
    hasher = hashlib.sha256(versions().encode())
    for part in parts:
        hasher.update(b"\0")
        hasher.update(part.encode("utf-8", "surrogatepass"))
    return hasher.hexdigest()


class Store:
    """Entries of one kind ('keys', 'checks') under the cache root; warnings are collected."""

    def __init__(self, kind: str, root: Path | None = None, *, enabled: bool = True) -> None:
        self.warnings: list[str] = []
        self.folder: Path | None = None
        if enabled:
            base = root if root is not None else cache_root()
            if base is None:
                self.warnings.append("no home folder: running without a cache")
            else:
                self.folder = base / kind

    def _path(self, key: str) -> Path | None:
        if self.folder is None or not all(c in "0123456789abcdef" for c in key):
            return None
        return self.folder / f"{key}.json"

    def get(self, key: str, validate: Callable[[Any], T]) -> T | None:
        """The entry's payload, checked by `validate` (which raises ValueError or TypeError
        on a wrong shape), or None when there is none or it cannot be trusted."""
        path = self._path(key)
        if path is None:
            return None
        try:
            flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
            descriptor = os.open(path, flags)  # a FIFO planted here never blocks the read
        except FileNotFoundError:
            return None
        except OSError as exc:
            self.warnings.append(f"cache entry {path.name} ignored: {exc.strerror}")
            return None
        try:
            with os.fdopen(descriptor, "rb") as handle:
                if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                    raise ValueError("not a regular file")
                raw = handle.read(MAX_ENTRY_BYTES + 1)
            if len(raw) > MAX_ENTRY_BYTES:
                raise ValueError("too large")
            envelope = json.loads(raw.decode("utf-8"))
            if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
                raise ValueError("not a cache entry of this version")
            if envelope.get("key") != key:
                raise ValueError("stored under another name")
            payload = envelope.get("payload")
            if envelope.get("digest") != _payload_digest(payload):
                raise ValueError("its content does not match its digest")
            return validate(payload)
        except (ValueError, TypeError, KeyError, UnicodeDecodeError, RecursionError) as exc:
            self.warnings.append(f"cache entry {path.name} ignored: {exc}")
            return None

    def put(self, key: str, payload: Any) -> None:
        """Store an entry (atomically); a cache that cannot be written is only a warning."""
        path = self._path(key)
        if path is None:
            return
        envelope = {"format": FORMAT, "key": key, "digest": _payload_digest(payload)}
        envelope["payload"] = payload
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, json.dumps(envelope, sort_keys=True))
        except OSError as exc:
            self.warnings.append(f"cache not written ({exc.strerror}): {path.parent}")

    def clear(self) -> int:
        """Remove every entry of this kind (files named as entries are, nothing else); returns
        how many. Never through a link: a cache folder that is one is left alone, with a
        warning."""
        if self.folder is None or not self.folder.exists():
            return 0
        if any(p.is_symlink() for p in (self.folder, self.folder.parent)):
            self.warnings.append(f"{self.folder}: a link, not emptied")
            return 0
        if not self.folder.is_dir():
            return 0
        removed = 0
        for entry in self.folder.iterdir():
            if ENTRY_NAME.fullmatch(entry.name) and entry.is_file() and not entry.is_symlink():
                entry.unlink()
                removed += 1
        return removed


def _payload_digest(payload: Any) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
