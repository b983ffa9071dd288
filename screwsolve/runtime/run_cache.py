"""`run`'s answers kept: an unchanged file asked the same way again is printed from the cache.

The key is read from the command line before anything heavy is imported (before the solving
worker starts): the arguments as typed, the folder they are relative to, the bytes of every
argument that names a regular file (the problem among them), what decides how the output looks
(whether standard output is a terminal and its size, the variables rich and the platform read)
and the versions and code of screwsolve, sympy and symengine (runtime/cache.py). Any change to
one of them is a new key, solved again. Only what goes to standard output is kept: a run that
writes a file (`-o`, `--sketch`), reads standard input, debugs or is asked not to (`--no-cache`)
is neither answered nor stored, and neither is a run that failed.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import sys

from screwsolve.limits import MAX_FILE_BYTES

KIND = "runs"
MAX_OUTPUT_CHARS = 5_000_000  # a larger answer (a huge model's JSON) is solved again

# What the output's look depends on besides the arguments (rich's terminal detection, the
# encoding written in, screwsolve's own switches).
OUTPUT_ENVIRONMENT = (
    "CI",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "COLORTERM",
    "COLUMNS",
    "FORCE_COLOR",
    "GITHUB_ACTIONS",
    "JUPYTER_COLUMNS",
    "JUPYTER_LINES",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
    "LINES",
    "NO_COLOR",
    "PYTHONIOENCODING",
    "SOURCE_DATE_EPOCH",
    "TERM",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
)
NOT_CACHED = {"-", "--debug", "--help", "-h", "--no-cache", "--sketch", "--output"}

# this process's command line and its key, when what it prints may be stored
_pending: tuple[list[str], str] | None = None


def key_of(args: list[str]) -> str | None:
    """The cache key of a `run` command line, or None when its answer is not kept."""
    head = args[: args.index("--")] if "--" in args else args
    if next((arg for arg in head if not arg.startswith("-")), None) != "run":
        return None
    if any(_uncacheable(arg) for arg in head) or "-" in args:
        return None
    files: list[str] = []
    for arg in args:
        content = _regular_file_digest(arg)
        if content is False:
            return None
        if content:
            files.append(f"{arg}\0{content}")
    if not files:
        return None
    from screwsolve.runtime.cache import digest

    terminal = sys.stdout.isatty() if sys.stdout is not None else False
    size = shutil.get_terminal_size() if terminal else None
    context = {
        "args": args,
        "cwd": os.getcwd(),
        "files": files,
        "environment": {name: os.environ.get(name) for name in OUTPUT_ENVIRONMENT},
        "screwsolve_environment": sorted(
            (name, value) for name, value in os.environ.items() if name.startswith("SCREWSOLVE")
        ),
        "terminal": [terminal, *(size or ())],
        "encoding": getattr(sys.stdout, "encoding", None),
    }
    return digest(KIND, json.dumps(context, sort_keys=True))


def _uncacheable(arg: str) -> bool:
    name = arg.partition("=")[0]
    return name in NOT_CACHED or (arg.startswith("-o") and not arg.startswith("--"))


def _regular_file_digest(arg: str) -> str | bool:
    """The digest of a regular file's bytes; "" when the argument names none; False when it
    names one too large to read here (the run will refuse it: nothing to keep)."""
    try:
        if not stat.S_ISREG(os.stat(arg).st_mode):
            return ""
        descriptor = os.open(arg, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return ""
    with os.fdopen(descriptor, "rb") as handle:  # a FIFO swapped in after stat never blocks
        try:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return False
            data = handle.read(MAX_FILE_BYTES + 1)
        except OSError:
            return False
    return False if len(data) > MAX_FILE_BYTES else hashlib.sha256(data).hexdigest()


def answer(args: list[str]) -> bool:
    """Print the kept answer of this command line and say so; otherwise remember its key so
    that a successful run stores what it prints."""
    global _pending
    from screwsolve.runtime.cache import Store, cache_root

    key = key_of(args)
    if key is None or cache_root() is None or sys.stdout is None:  # no home: solved, quietly
        return False
    store = Store(KIND)
    text = store.get(key, _text)
    for warning in store.warnings:
        sys.stderr.write(f"warning: {warning}\n")
    if text is None:
        _pending = (list(args), key)
        return False
    sys.stdout.write(text)
    sys.stdout.flush()
    return True


def remember(output: str | None, *, spool: str | None = None) -> None:
    """Keep a successful run's printed answer (its text, or the spool file it was copied
    from) under the key its command line was given."""
    global _pending
    pending, _pending = _pending, None
    if pending is None:
        return
    if spool is not None:
        try:
            with open(spool, encoding="utf-8", newline="") as handle:
                output = handle.read(MAX_OUTPUT_CHARS + 1)
        except (OSError, UnicodeDecodeError):
            return
    if output is None or len(output) > MAX_OUTPUT_CHARS:
        return
    args, key = pending
    if key_of(args) != key:  # a file changed while it was solved: the answer may be the old one's
        return
    from screwsolve.runtime.cache import Store

    store = Store(KIND)
    store.put(key, output)
    for warning in store.warnings:
        sys.stderr.write(f"warning: {warning}\n")


def _text(payload: object) -> str:
    if not isinstance(payload, str):
        raise TypeError("not an answer")
    return payload
