"""Which files a batch command works on.

Files named on the command line are always taken. In folders, discovery works as ruff's does:
hidden files and folders are skipped, and so is whatever `.gitignore` files ignore (each applies
below its folder, up to the repository's root) or `--exclude` names; for `check` and `validate`
a YAML file found in a folder is a problem only if it looks like one (a top-level
`referential:` line, or the problem schema's modeline), so `.github/workflows/*.yml` and other
YAML files are left alone. What was left out, and why, is kept for verbose output.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pathspec import GitIgnoreSpec


@dataclass
class Found:
    """Files to work on, and the files met in folders that were left out (with why)."""

    files: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def submission_files(paths: Iterable[str]) -> Found:
    """Files named, and under folders every file but hidden ones: an LMS download holds what
    students uploaded, named as they named it, and each upload gets a row."""
    found = Found()
    for name in paths:
        path = Path(name)
        if not path.is_dir():
            found.files.append(name)
            continue
        for entry in sorted(path.rglob("*")):
            relative = entry.relative_to(path)
            if any(part.startswith(".") for part in relative.parts):
                continue
            if not entry.is_file():
                continue
            # every file has a row: one uploaded as hw2.txt or hw2.yaml.txt is read as a
            # submission (with a note), a PDF gets its row as not gradable, with the reason
            found.files.append(str(entry))
    return found


SNIFF_BYTES = 8192
_PROBLEM_MARKS = (b"\nreferential:", b"problem.schema.json")


def looks_like_a_problem(path: Path) -> bool:
    """True when a YAML file's start shows a problem: `referential:` or the schema modeline."""
    try:
        with path.open("rb") as handle:
            head = b"\n" + handle.read(SNIFF_BYTES)
    except OSError:
        return True  # let reading it report the problem
    return any(mark in head for mark in _PROBLEM_MARKS)


def _repository_root(folder: Path) -> Path:
    """The nearest folder at or above `folder` that holds .git, else `folder` itself."""
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return folder


class _Ignores:
    """The .gitignore rules that apply to a path: those of each folder from the repository's
    root down to the path's folder, each matched relative to its own folder."""

    def __init__(self) -> None:
        self._specs: dict[Path, GitIgnoreSpec | None] = {}

    def _spec(self, folder: Path) -> GitIgnoreSpec | None:
        if folder not in self._specs:
            file = folder / ".gitignore"
            spec = None
            if file.is_file():
                lines = file.read_text(encoding="utf-8", errors="replace").splitlines()
                spec = GitIgnoreSpec.from_lines(lines)
            self._specs[folder] = spec
        return self._specs[folder]

    def ignored(self, path: Path, root: Path) -> bool:
        folders = [path.parent, *path.parent.parents]
        for folder in reversed([f for f in folders if f == root or root in f.parents]):
            spec = self._spec(folder)
            relative = path.relative_to(folder).as_posix() + ("/" if path.is_dir() else "")
            if spec is not None and spec.match_file(relative):
                return True
        return False


def problem_files(paths: Iterable[str], exclude: Iterable[str] = ()) -> Found:
    """Problem files: every file named, and the problem files found under every folder named."""
    excluded = GitIgnoreSpec.from_lines(list(exclude))
    ignores = _Ignores()
    found = Found()
    for name in paths:
        path = Path(name)
        if name == "-" or not path.is_dir():
            found.files.append(name)
            continue
        base = path.resolve()
        in_folder = Found()
        _walk(path, base, _repository_root(base), excluded, ignores, in_folder)
        found.files.extend(sorted(in_folder.files))
        found.skipped.extend(in_folder.skipped)
    return found


def _walk(
    start: Path, base: Path, root: Path, excluded: GitIgnoreSpec, ignores: _Ignores, found: Found
) -> None:
    """Depth-first, sorted, pruning hidden and ignored folders before entering them."""
    stack = [start]
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(folder.iterdir(), key=lambda e: e.name, reverse=True)
        except OSError as exc:
            found.skipped.append(f"{folder}: cannot list ({exc.strerror})")
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            resolved = base / entry.relative_to(start)
            relative = entry.relative_to(start).as_posix() + ("/" if entry.is_dir() else "")
            if excluded.match_file(relative):
                found.skipped.append(f"{entry}: excluded")
                continue
            if ignores.ignored(resolved, root):
                found.skipped.append(f"{entry}: ignored by .gitignore")
                continue
            if entry.is_dir() and not entry.is_symlink():
                stack.append(entry)
            elif entry.suffix.lower() not in (".yaml", ".yml") or not entry.is_file():
                continue
            elif looks_like_a_problem(entry):
                found.files.append(str(entry))
            else:
                found.skipped.append(f"{entry}: not a screwsolve problem (no referential:)")
