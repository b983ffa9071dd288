"""Which files a batch command works on."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path


def problem_files(paths: Iterable[str]) -> list[str]:
    """Files named, and *.yaml / *.yml files under folders named (recursively), sorted."""
    found: list[str] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found.extend(
                str(p)
                for p in sorted(path.rglob("*"))
                if p.suffix in (".yaml", ".yml") and p.is_file()
            )
        else:
            found.append(name)
    return found


@dataclass
class Found:
    """Files to work on, and the files met in folders that were left out (with why)."""

    files: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def submission_files(paths: Iterable[str]) -> Found:
    """Files named (always taken), and under folders every *.yaml / *.yml file (any case);
    other files met in folders are reported as skipped, hidden ones silently."""
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
            if entry.suffix.lower() in (".yaml", ".yml"):
                found.files.append(str(entry))
            else:
                found.skipped.append(f"{entry}: not a .yaml or .yml file")
    return found
