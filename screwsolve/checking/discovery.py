"""Which files a batch command works on.

Files named on the command line are always taken. In folders, discovery works as ruff's does:
hidden files and folders are skipped, and so is whatever git ignores (`.gitignore` files, each
below its folder up to the repository's root, the repository's `.git/info/exclude` and the
user's `core.excludesFile`) or `--exclude` names; for `check` and `validate` a YAML file found
in a folder is a problem only if it looks like one (a top-level `referential:` line, or the
problem schema's modeline), so `.github/workflows/*.yml` and other YAML files are left alone.
With `force_exclude` (ruff's `--force-exclude`, what hooks pass), files named are sorted the
same way: a pre-commit hook hands over every staged YAML file of a course repository. What was
left out, and why, is kept for verbose output.
"""

from __future__ import annotations

import os
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


IGNORE_FILE_BYTES = 1 << 20  # an ignore file larger than this is read up to here
IGNORE_LINES = 10_000  # and no more of its lines are taken


def _backend() -> str | None:
    """pathspec's RE2 backend: linear-time matching, whatever a pattern holds (the default,
    Python's backtracking regular expressions, takes seconds on `*a*a*a*a*b` against a long
    name). None, pathspec's default, where google-re2 cannot be imported."""
    try:
        import re2  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return None
    return "re2"


BACKEND = _backend()


def ignore_rules(lines: Iterable[str]) -> tuple[GitIgnoreSpec, list[str]]:
    """The rules of ignore lines as git reads them (pathspec's GitIgnoreSpec), and the lines
    left out because they are not valid patterns (a lone `!`, a trailing backslash, `[z-a]`),
    as git itself skips them."""
    valid: list[str] = []
    invalid: list[str] = []
    for number, line in enumerate(lines):
        if number >= IGNORE_LINES:
            break
        try:
            GitIgnoreSpec.from_lines([line], backend=BACKEND)
        except Exception:  # pathspec's pattern errors, re.error, re2's errors
            invalid.append(line)
        else:
            valid.append(line)
    return GitIgnoreSpec.from_lines(valid, backend=BACKEND), invalid


def _ignore_spec(file: Path) -> GitIgnoreSpec | None:
    """The rules of one ignore file, or None when it is absent or unreadable (a FIFO or a
    device is never opened)."""
    try:
        if not file.is_file():
            return None
        with file.open("rb") as handle:
            data = handle.read(IGNORE_FILE_BYTES)
    except OSError:
        return None
    spec, _ = ignore_rules(data.decode("utf-8", errors="replace").splitlines())
    return spec


def _git_folder(root: Path) -> Path | None:
    """The repository's git folder: .git, or where a .git file points (a worktree, a
    submodule)."""
    marker = root / ".git"
    if marker.is_dir():
        return marker
    try:
        first = marker.read_text(encoding="utf-8", errors="replace")[:4096].splitlines()[0]
    except (OSError, IndexError):
        return None
    if not first.startswith("gitdir:"):
        return None
    folder = Path(first.removeprefix("gitdir:").strip())
    return folder if folder.is_absolute() else root / folder


def _excludes_file(root: Path) -> Path | None:
    """The user's core.excludesFile, as git itself reads its configuration (default:
    $XDG_CONFIG_HOME/git/ignore, or ~/.config/git/ignore)."""
    import shutil
    import subprocess

    git = shutil.which("git")
    if git is not None:
        try:
            answer = subprocess.run(
                [git, "config", "--path", "--get", "core.excludesFile"],
                cwd=root,
                capture_output=True,
                text=True,
                timeout=10,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            answer = None
        if answer is not None and answer.returncode == 0 and answer.stdout.strip():
            return Path(answer.stdout.strip())
    config = os.environ.get("XDG_CONFIG_HOME") or (
        str(Path(os.environ["HOME"]) / ".config") if os.environ.get("HOME") else ""
    )
    return Path(config) / "git" / "ignore" if config else None


class _Ignores:
    """What git ignores at a path, by git's precedence: the user's core.excludesFile, then the
    repository's .git/info/exclude, then each .gitignore from the root down to the path's
    folder (each matched relative to its own folder); the last pattern that matches decides,
    so a deeper `!name` takes back what a higher pattern ignored. A path inside an ignored
    folder stays ignored (git never looks inside)."""

    def __init__(self) -> None:
        self._specs: dict[Path, GitIgnoreSpec | None] = {}
        self._root_specs: dict[Path, list[GitIgnoreSpec]] = {}

    def _spec(self, folder: Path) -> GitIgnoreSpec | None:
        if folder not in self._specs:
            self._specs[folder] = _ignore_spec(folder / ".gitignore")
        return self._specs[folder]

    def _at_root(self, root: Path) -> list[GitIgnoreSpec]:
        """core.excludesFile, then .git/info/exclude (lowest precedence first)."""
        if root not in self._root_specs:
            specs: list[GitIgnoreSpec | None] = []
            git = _git_folder(root)
            if git is not None:
                user = _excludes_file(root)
                specs.append(_ignore_spec(user) if user is not None else None)
                specs.append(_ignore_spec(git / "info" / "exclude"))
            self._root_specs[root] = [spec for spec in specs if spec is not None]
        return self._root_specs[root]

    def _decides(self, path: Path, root: Path, is_dir: bool) -> bool:
        suffix = "/" if is_dir else ""
        decision: bool | None = None
        from_root = path.relative_to(root).as_posix() + suffix
        for spec in self._at_root(root):
            found = spec.check_file(_matchable(from_root)).include
            decision = found if found is not None else decision
        folders = [path.parent, *path.parent.parents]
        for folder in reversed([f for f in folders if f == root or root in f.parents]):
            own = self._spec(folder)
            if own is not None:
                found = own.check_file(
                    _matchable(path.relative_to(folder).as_posix() + suffix)
                ).include
                decision = found if found is not None else decision
        return decision is True

    def ignored(self, path: Path, root: Path) -> bool:
        return self._decides(path, root, path.is_dir())

    def ignored_with_folders(self, path: Path, root: Path) -> bool:
        """ignored(), or inside a folder git ignores (a file named on the command line)."""
        folders = [f for f in reversed(path.parents) if root in f.parents]
        return any(self._decides(f, root, True) for f in folders) or self.ignored(path, root)


def problem_files(
    paths: Iterable[str], exclude: Iterable[str] = (), force_exclude: bool = False
) -> Found:
    """Problem files: every file named (with `force_exclude`, only those a folder's walk would
    take), and the problem files found under every folder named."""
    excluded, _ = ignore_rules(exclude)
    ignores = _Ignores()
    found = Found()
    for name in paths:
        path = Path(name)
        if name == "-" or not path.is_dir():
            why = _left_out(path, excluded, ignores) if force_exclude and name != "-" else None
            if why is None:
                found.files.append(name)
            else:
                found.skipped.append(f"{name}: {why}")
            continue
        base = path.resolve()
        in_folder = Found()
        _walk(path, base, _repository_root(base), excluded, ignores, in_folder)
        found.files.extend(sorted(in_folder.files))
        found.skipped.extend(in_folder.skipped)
    return found


def _left_out(path: Path, excluded: GitIgnoreSpec, ignores: _Ignores) -> str | None:
    """Why a file named would be left out of a folder's walk (None: it is taken). --exclude
    patterns match its path from the current folder, as given."""
    resolved = Path(os.path.abspath(path))
    shown = path.as_posix().removeprefix("./")
    if excluded.match_file(_matchable(shown)) or excluded.match_file(_matchable(resolved.name)):
        return "excluded"
    if ignores.ignored_with_folders(resolved, _repository_root(resolved.parent)):
        return "ignored by git"
    if path.suffix.lower() not in (".yaml", ".yml"):
        return "not a YAML file"
    if path.is_file() and not looks_like_a_problem(path):
        return "not a screwsolve problem (no referential:)"
    return None


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
            if excluded.match_file(_matchable(relative)):
                found.skipped.append(f"{entry}: excluded")
                continue
            if ignores.ignored(resolved, root):
                found.skipped.append(f"{entry}: ignored by git")
                continue
            if entry.is_dir() and not entry.is_symlink():
                stack.append(entry)
            elif entry.suffix.lower() not in (".yaml", ".yml") or not entry.is_file():
                continue
            elif looks_like_a_problem(entry):
                found.files.append(str(entry))
            else:
                found.skipped.append(f"{entry}: not a screwsolve problem (no referential:)")


def _matchable(name: str) -> str:
    """A path as the ignore rules match it: a file name that is not UTF-8 (its bytes held as
    surrogates) with those bytes as \\xNN, which wildcards match as git's byte matching does
    and which the matcher (RE2: UTF-8 only) can take."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(name).decode("utf-8", "backslashreplace")
    return name
