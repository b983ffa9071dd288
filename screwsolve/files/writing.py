"""Writing reports and cache entries so that no reader ever sees half a file.

Each file is written to a fresh temporary file in the same folder (created exclusively, so a link
planted under its name is never followed), flushed to disk, then renamed over the target: the
rename replaces the directory entry, so a target that is a symbolic link is replaced, never
written through. A full disk or a killed process leaves the previous file intact.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

TEMPORARY_NAME_CHARS = 40  # of the target's name in its temporary's: any legal name fits


def temporary_prefix(name: str) -> str:
    """The hidden prefix of a temporary file beside `name`: its start only, so that a legal
    name of 250 bytes still has a temporary the file system accepts."""
    return f".{name[:TEMPORARY_NAME_CHARS]}."


def write_atomic(path: Path, data: str | bytes) -> None:
    """Replace `path` with `data` (text is written as UTF-8) in one step."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = path.parent if str(path.parent) else Path(".")
    descriptor, temporary = tempfile.mkstemp(
        dir=folder, prefix=temporary_prefix(path.name), suffix=".tmp"
    )
    try:
        give_usual_mode(Path(temporary), path)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)


def spool_for(path: Path | None) -> Path:
    """An empty private file for output to be written into before it is shown or put in place:
    beside `path` (so that `commit_spool` replaces it in one step), or in the temporary folder
    for standard output."""
    if path is None:
        descriptor, temporary = tempfile.mkstemp(prefix="screwsolve-", suffix=".out")
    else:
        folder = path.parent if str(path.parent) else Path(".")
        descriptor, temporary = tempfile.mkstemp(
            dir=folder, prefix=temporary_prefix(path.name), suffix=".tmp"
        )
    os.close(descriptor)
    return Path(temporary)


def drawing_beside(path: Path) -> Path:
    """An empty private file beside `path`, with its suffix (a figure's format is its
    suffix), for a worker to draw into; the caller removes it whatever happens."""
    folder = path.parent if str(path.parent) else Path(".")
    descriptor, temporary = tempfile.mkstemp(
        dir=folder, prefix=temporary_prefix(path.name), suffix=path.suffix
    )
    os.close(descriptor)
    return Path(temporary)


def commit_spool(temporary: Path, path: Path) -> None:
    """Put a finished spool file (or drawing) in place of `path` in one step, with the usual
    permissions."""
    give_usual_mode(temporary, path)
    with open(temporary, "rb") as handle:
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    _sync_folder(path.parent if str(path.parent) else Path("."))


def copy_out(temporary: Path, stream: Any) -> None:
    """A spool file's text to a text stream, a megabyte at a time."""
    with open(temporary, encoding="utf-8", newline="") as handle:
        while chunk := handle.read(1 << 20):
            stream.write(chunk)
    stream.flush()


def give_usual_mode(temporary: Path, target: Path) -> None:
    """mkstemp makes a private file (0600): give the file that replaces `target` the target's
    own permissions, or a new file's (0666 less the umask), as writing it in place would."""
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o666 & ~mask
    with contextlib.suppress(OSError):
        os.chmod(temporary, mode)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    with contextlib.suppress(OSError, AttributeError):
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def writable_file(path: Path) -> str | None:
    """Why `path` cannot receive a report (checked before any work starts), or None. A report
    replaces a regular file or makes a new one: a link (to a device, to /proc/self/fd/1,
    anywhere) or a device, FIFO or socket is refused rather than replaced by a regular file."""
    folder = path.parent if str(path.parent) else Path(".")
    too_long = _too_long(path.name, folder)
    if too_long:
        return too_long
    if path.is_symlink():
        return f"'{path}' is a link: name the file itself"
    if path.is_dir():
        return f"'{path}' is a folder, not a file"
    if path.exists() and not path.is_file():
        return f"'{path}' is not a regular file (a device, a FIFO or a socket)"
    if not folder.is_dir():
        return f"folder '{folder}' does not exist"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"folder '{folder}' is not writable"
    return None


def _too_long(name: str, folder: Path) -> str | None:
    """Why the file system would refuse `name` in `folder` (bytes past its limit), or None."""
    try:
        limit = os.pathconf(folder if folder.is_dir() else ".", "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        limit = 255
    size = len(os.fsencode(name))
    if size <= limit:
        return None
    return f"the name '{name[:40]}...' is {size} bytes long: this file system allows {limit}"


def writable_folder(path: Path) -> str | None:
    """Why `path` cannot hold reports (created when missing), or None. A link is refused:
    reports are never written through one."""
    for part in path.parts:
        too_long = _too_long(part, Path("."))
        if too_long:
            return too_long
    if path.is_symlink():
        return f"'{path}' is a link: name the folder itself"
    if path.exists() and not path.is_dir():
        return f"'{path}' exists and is not a folder"
    probe = path
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir() or not os.access(probe, os.W_OK | os.X_OK):
        return f"'{probe}' is not a writable folder"
    return None


def append_regular(path: Path, text: str) -> str | None:
    """Append text to a regular file (made if missing), never blocking on a FIFO nor following
    a link; why it could not be done, or None."""
    import stat

    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
    flags |= getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags, 0o644)
    except OSError as exc:
        return f"{path}: {exc.strerror or exc}"
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return f"{path}: not a regular file"
        with os.fdopen(os.dup(descriptor), "a", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        return f"{path}: {exc.strerror or exc}"
    finally:
        os.close(descriptor)
    return None


def write_file_set(folder: Path, files: list[tuple[str, str]], own: frozenset[str]) -> None:
    """Write files (relative names, at most one folder deep) as one set under `folder`.

    When `folder` is new, or holds only names in `own` (an earlier set), the new set is
    written into a fresh folder beside it and swapped in with two renames, with interrupting
    signals held off between them: an interrupted or failed run (a full disk) leaves the
    earlier set whole, or the new one whole, never a mix. A folder holding anything else
    (the user's own files) gets each file replaced atomically in place. Never through a link.
    """
    import shutil
    import uuid

    for path in (folder, *{folder / Path(name).parent for name, _ in files}):
        if path.is_symlink():
            raise OSError(f"{path} is a link: reports are never written through one")
    if folder.exists() and not all(entry.name in own for entry in folder.iterdir()):
        for name, text in files:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            write_atomic(folder / name, text)
        return
    parent = folder.parent if str(folder.parent) else Path(".")
    parent.mkdir(parents=True, exist_ok=True)
    start = folder.name[:TEMPORARY_NAME_CHARS]
    staging = Path(tempfile.mkdtemp(dir=parent, prefix=f".{start}.new-"))
    previous = parent / f".{start}.old-{uuid.uuid4().hex[:12]}"
    try:
        _give_usual_permissions(staging)
        for name, text in files:
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            (staging / name).write_bytes(text.encode("utf-8"))
        with _signals_held():
            if folder.exists():
                os.replace(folder, previous)
            os.replace(staging, folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(previous, ignore_errors=True)
    _sync_folder(parent)


def _give_usual_permissions(folder: Path) -> None:
    """mkdtemp's folder is private (0700); a reports folder is as mkdir would make it."""
    mask = os.umask(0)
    os.umask(mask)
    with contextlib.suppress(OSError):
        os.chmod(folder, 0o777 & ~mask)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP wait until the block ends (where the platform allows it)."""
    import signal

    held = {getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)}
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
