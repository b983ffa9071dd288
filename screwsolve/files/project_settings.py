"""A project's own defaults for screwsolve, in `[tool.screwsolve]` of its pyproject.toml, as
ruff and mypy read theirs: the nearest pyproject.toml at or above the current folder that has
the table. The command line overrides each setting.

    [tool.screwsolve]
    exclude = ["drafts/", "*.wip.yaml"]   # as --exclude (check, validate)
    seed = 7                              # as --seed (check; grade keeps its secret seed)
    jobs = 4                              # as --jobs (check, validate, grade); at most the cores
    timeout = 120                         # seconds per problem, as --timeout (check, validate);
                                          # more than 0 and at most 3600: never lifts the limits
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from screwsolve.errors import UsageError
from screwsolve.limits import MAX_SETTINGS_TIMEOUT

SETTINGS_BYTES = 1 << 20  # a larger pyproject.toml is refused, not read
KNOWN = ("exclude", "jobs", "seed", "timeout")


@dataclass(frozen=True)
class ProjectSettings:
    """What the table says (None: not set), and where it was read."""

    exclude: tuple[str, ...] = ()
    seed: int | None = None
    jobs: int | None = None
    timeout: float | None = None
    source: Path | None = field(default=None, compare=False)


def project_settings(start: Path | None = None) -> ProjectSettings:
    """The settings of the nearest pyproject.toml with a [tool.screwsolve] table (none: empty
    settings). A table that says something wrong is a UsageError naming file:line."""
    folder = (start or Path.cwd()).absolute()
    for candidate in (folder, *folder.parents):
        file = candidate / "pyproject.toml"
        try:
            if not file.is_file():
                continue
            if file.stat().st_size > SETTINGS_BYTES:
                raise UsageError(f"{file}: larger than {SETTINGS_BYTES} bytes; not read")
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            if "[tool.screwsolve]" in text:
                raise UsageError(f"{file}: not valid TOML ({exc})") from None
            continue
        table = data.get("tool", {}).get("screwsolve")
        if table is not None:
            return _settings(table, file, text)
    return ProjectSettings()


def _settings(table: object, file: Path, text: str) -> ProjectSettings:
    if not isinstance(table, dict):
        raise UsageError(f"{file}: [tool.screwsolve] must be a table")
    for key in table:
        if key not in KNOWN:
            raise UsageError(
                f"{_where(file, text, key)}: [tool.screwsolve] has no setting '{key}' "
                f"(known: {', '.join(KNOWN)})"
            )
    exclude = table.get("exclude", [])
    if not isinstance(exclude, list) or not all(isinstance(e, str) for e in exclude):
        raise UsageError(f"{_where(file, text, 'exclude')}: exclude must be a list of strings")
    seed, jobs, timeout = table.get("seed"), table.get("jobs"), table.get("timeout")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise UsageError(f"{_where(file, text, 'seed')}: seed must be an integer")
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise UsageError(f"{_where(file, text, 'jobs')}: jobs must be an integer, at least 1")
    if timeout is not None and (
        isinstance(timeout, bool)
        or not isinstance(timeout, int | float)
        or not 0 < timeout <= MAX_SETTINGS_TIMEOUT
    ):
        raise UsageError(
            f"{_where(file, text, 'timeout')}: timeout must be seconds, more than 0 and at most "
            f"{MAX_SETTINGS_TIMEOUT:g}: a repository's settings cannot lift the limits (a "
            "pull request could set them); --timeout 0 on the command line runs without them"
        )
    return ProjectSettings(
        tuple(exclude), seed, jobs, float(timeout) if timeout is not None else None, file
    )


def _where(file: Path, text: str, key: str) -> str:
    """file:line of a key in the table (the table's line when it cannot be found)."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == "[tool.screwsolve]"), 0)
    pattern = re.compile(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=")
    for number in range(start, len(lines)):
        if number > start and lines[number].lstrip().startswith("["):
            break
        if pattern.match(lines[number]):
            return f"{file}:{number + 1}"
    return f"{file}:{start + 1}"
