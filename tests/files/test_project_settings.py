"""[tool.screwsolve] in the nearest pyproject.toml that has one: read, checked, located."""

from __future__ import annotations

from pathlib import Path

import pytest

from screwsolve.errors import UsageError
from screwsolve.files.project_settings import ProjectSettings, project_settings


def _write(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pyproject.toml").write_text(text, encoding="utf-8")
    return folder


def test_the_nearest_table_is_read_from_below(tmp_path: Path) -> None:
    _write(tmp_path, '[tool.screwsolve]\nexclude = ["drafts/"]\nseed = 7\njobs = 2\ntimeout = 90\n')
    _write(tmp_path / "hw1", '[project]\nname = "hw1"\n')  # no table: looked past
    settings = project_settings(tmp_path / "hw1")
    assert settings == ProjectSettings(("drafts/",), 7, 2, 90.0)
    assert settings.source == tmp_path / "pyproject.toml"


def test_no_table_is_no_settings(tmp_path: Path) -> None:
    assert project_settings(_write(tmp_path / "a", "[tool.ruff]\nline-length = 100\n")) == (
        ProjectSettings()
    )


LIFT = (
    ": a repository's settings cannot lift the limits (a pull request could set them); "
    "--timeout 0 on the command line runs without them"
)


@pytest.mark.parametrize(
    ("body", "line", "words"),
    [
        ("seeds = 3", 3, "has no setting 'seeds' (known: exclude, jobs, seed, timeout)"),
        ('seed = "7"', 3, "seed must be an integer"),
        ("jobs = 0", 3, "jobs must be an integer, at least 1"),
        ("timeout = -1", 3, "timeout must be seconds, more than 0 and at most 3600" + LIFT),
        ("timeout = 0", 3, "timeout must be seconds, more than 0 and at most 3600" + LIFT),
        (
            "timeout = 999999999.0",
            3,
            "timeout must be seconds, more than 0 and at most 3600" + LIFT,
        ),
        ('exclude = "drafts/"', 3, "exclude must be a list of strings"),
    ],
)
def test_a_wrong_setting_is_located(tmp_path: Path, body: str, line: int, words: str) -> None:
    folder = _write(tmp_path, f"# course\n[tool.screwsolve]\n{body}\n")
    with pytest.raises(UsageError) as error:
        project_settings(folder)
    assert str(error.value) == f"{folder / 'pyproject.toml'}:{line}: " + (
        f"[tool.screwsolve] {words}" if "no setting" in words else words
    )


def test_broken_toml_with_the_table_is_reported(tmp_path: Path) -> None:
    folder = _write(tmp_path, "[tool.screwsolve]\nseed = \n")
    with pytest.raises(UsageError, match="not valid TOML"):
        project_settings(folder)


def test_workers_are_never_more_than_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """jobs = 64 in a repository's settings started 64 workers of 2 GB each on 2 cores."""
    from screwsolve.runtime import sandbox

    started: list[object] = []
    real = sandbox._new_worker

    def counting(*args: object) -> object:
        worker = real(*args)  # type: ignore[arg-type]
        started.append(worker)
        return worker

    monkeypatch.setattr(sandbox, "_new_worker", counting)
    monkeypatch.setattr(sandbox, "cpu_count", lambda: 2)
    outcomes = sandbox.run_many(abs, list(range(-8, 0)), jobs=64, seconds=30)
    assert [o.value for o in outcomes] == list(range(8, 0, -1))
    assert len(started) == 2
