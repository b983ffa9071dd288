"""Which files check and validate take: what git ignores (.gitignore, .git/info/exclude, the
user's core.excludesFile) and, with force_exclude, the same sorting for files named."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from screwsolve.checking.discovery import problem_files

from ..conftest import PROBLEMS

COUPLE = (PROBLEMS / "notional-couple.yaml").read_text(encoding="utf-8")


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """hw1/a.yaml, hw2/b.yaml, hw3/c.yaml (problems), a config YAML; git with its own config."""
    root = tmp_path / "course"
    for name in ("hw1/a.yaml", "hw2/b.yaml", "hw3/c.yaml"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(COUPLE, encoding="utf-8")
    (root / "course.yaml").write_text("course: ME 331\n", encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    monkeypatch.chdir(root)
    return root


def _found(paths: list[str], **options: object) -> list[str]:
    return sorted(Path(p).as_posix() for p in problem_files(paths, **options).files)  # type: ignore[arg-type]


def test_git_info_exclude_and_the_users_excludes_file_hold(repo: Path, tmp_path: Path) -> None:
    assert _found(["."]) == ["hw1/a.yaml", "hw2/b.yaml", "hw3/c.yaml"]
    (repo / ".git" / "info").mkdir(exist_ok=True)
    (repo / ".git" / "info" / "exclude").write_text("hw2/\n", encoding="utf-8")
    assert _found(["."]) == ["hw1/a.yaml", "hw3/c.yaml"]
    ignore = tmp_path / "my-ignore"
    ignore.write_text("c.yaml\n", encoding="utf-8")
    subprocess.run(
        ["git", "config", "--global", "core.excludesFile", str(ignore)], check=True, env=os.environ
    )
    assert _found(["."]) == ["hw1/a.yaml"]


def test_the_default_excludes_file_is_the_xdg_one(repo: Path, tmp_path: Path) -> None:
    folder = tmp_path / "home" / ".config" / "git"
    folder.mkdir(parents=True)
    (folder / "ignore").write_text("hw1/\n", encoding="utf-8")
    assert _found(["."]) == ["hw2/b.yaml", "hw3/c.yaml"]


def test_files_named_are_sorted_only_when_forced(repo: Path) -> None:
    (repo / ".gitignore").write_text("hw3/\n", encoding="utf-8")
    named = ["hw1/a.yaml", "hw2/b.yaml", "hw3/c.yaml", "course.yaml", "README.md"]
    for name in ("README.md",):
        (repo / name).write_text("# course\n", encoding="utf-8")
    assert _found(named) == sorted(named)  # named files are always taken
    found = problem_files(named, ["hw2/*"], force_exclude=True)
    assert found.files == ["hw1/a.yaml"]
    assert found.skipped == [
        "hw2/b.yaml: excluded",
        "hw3/c.yaml: ignored by git",
        "course.yaml: not a screwsolve problem (no referential:)",
        "README.md: not a YAML file",
    ]


def test_a_file_name_that_is_not_utf8_is_checked_and_reported(tmp_path: Path) -> None:
    """A folder holding `pl\\xe9te.yaml` (Latin-1 bytes): check found it, then ended in an
    internal error (the ignore matcher takes UTF-8 only) and wrote no JUnit."""
    from typer.testing import CliRunner

    from screwsolve.cli import app

    name = os.fsdecode(b"pl\xe9te.yaml")
    try:
        (tmp_path / name).write_bytes((PROBLEMS / "plate-on-a-step.yaml").read_bytes())
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system refuses names that are not UTF-8")
    (tmp_path / "sphere.yaml").write_bytes((PROBLEMS / "rolling-sphere.yaml").read_bytes())
    junit = tmp_path / "report.xml"
    result = CliRunner().invoke(app, ["check", str(tmp_path), "--junit", str(junit)])
    assert result.exit_code == 0, result.output
    assert "2 files" in result.output
    assert junit.is_file() and "sphere.yaml" in junit.read_text(encoding="utf-8")
    # a wildcard of the ignore rules matches it as git matches its bytes
    assert _found([str(tmp_path)], exclude=["pl*.yaml"]) == [str(tmp_path / "sphere.yaml")]
