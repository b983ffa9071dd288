"""`run`'s answers kept: the same command on the same bytes is answered without solving; any
change to what the answer depends on is solved again."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from screwsolve.runtime.cache import FORMAT
from screwsolve.runtime.run_cache import key_of

ROOT = Path(__file__).resolve().parents[2]
PLATE = ROOT / "problems" / "plate-on-a-step.yaml"


@pytest.fixture
def problem(tmp_path: Path) -> Path:
    path = tmp_path / "plate.yaml"
    path.write_bytes(PLATE.read_bytes())
    return path


def test_the_same_command_on_the_same_bytes_has_one_key(problem: Path) -> None:
    args = ["run", str(problem), "-f", "json"]
    assert key_of(args) is not None
    assert key_of(args) == key_of(list(args))


def test_what_the_answer_depends_on_changes_the_key(
    problem: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["run", str(problem)]
    first = key_of(args)
    assert key_of(["run", str(problem), "-f", "latex"]) != first
    assert key_of(["run", str(problem), "--at", "A"]) != first
    monkeypatch.setenv("COLUMNS", "61")
    narrow = key_of(args)
    assert narrow != first
    # screwsolve's own switches too (the other start method than the one the suite runs with)
    other = "fork" if os.environ.get("SCREWSOLVE_START_METHOD") == "spawn" else "spawn"
    monkeypatch.setenv("SCREWSOLVE_START_METHOD", other)
    assert key_of(args) != narrow
    problem.write_text(problem.read_text() + "\n# a comment\n")
    assert key_of(args) not in {first, narrow}


@pytest.mark.parametrize(
    "extra",
    [
        ["--no-cache"],
        ["--debug"],
        ["-o", "out.tex"],
        ["-oout.tex"],
        ["--output=out.tex"],
        ["--sketch"],
        ["--help"],
    ],
)
def test_runs_that_write_files_or_ask_not_to_are_not_kept(problem: Path, extra: list[str]) -> None:
    assert key_of(["run", str(problem), *extra]) is None


def test_standard_input_and_other_commands_are_not_kept(problem: Path) -> None:
    assert key_of(["run", "-", "--stdin-filename", str(problem)]) is None
    assert key_of(["check", str(problem)]) is None
    assert key_of(["run", "missing.yaml"]) is None  # no file: nothing to answer


def test_a_fifo_or_a_folder_is_never_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert key_of(["run", str(fifo)]) is None  # returns at once: the FIFO is not opened
    assert key_of(["run", str(tmp_path)]) is None


def test_a_file_over_the_size_limit_is_not_kept(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * 1_000_001)
    assert key_of(["run", str(big)]) is None


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "screwsolve", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "COLUMNS": "100"},
        check=False,
        timeout=300,
    )


def _entries() -> list[Path]:
    folder = Path(os.environ["XDG_CACHE_HOME"]) / "screwsolve" / "runs"
    return sorted(folder.glob("*.json")) if folder.exists() else []


def _plant(entry: Path, text: str) -> None:
    """Replace an entry's answer by `text`, as a valid entry (so that a run printing it was
    answered from the cache, not solved)."""
    envelope = json.loads(entry.read_text())
    digest = hashlib.sha256(json.dumps(text, sort_keys=True).encode()).hexdigest()
    envelope.update(payload=text, digest=digest, format=FORMAT)
    entry.write_text(json.dumps(envelope))


def test_a_second_run_is_answered_from_the_cache_and_a_change_solves_again(
    tmp_path: Path, problem: Path
) -> None:
    before = set(_entries())
    first = _run(["run", problem.name, "-f", "json"], tmp_path)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["status"] == "ok"
    (entry,) = set(_entries()) - before
    _plant(entry, "from the cache\n")
    again = _run(["run", problem.name, "-f", "json"], tmp_path)
    assert (again.returncode, again.stdout) == (0, "from the cache\n")
    solved = _run(["run", problem.name, "-f", "json", "--no-cache"], tmp_path)
    assert solved.stdout == first.stdout
    problem.write_text(problem.read_text() + "\n# edited\n")
    edited = _run(["run", problem.name, "-f", "json"], tmp_path)
    assert edited.returncode == 0
    assert edited.stdout == first.stdout  # solved again: the comment changes no answer


def test_a_failed_run_or_a_written_file_keeps_nothing(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("coordinates: [q\n")
    before = set(_entries())
    failed = _run(["run", broken.name], tmp_path)
    assert failed.returncode == 1
    written = _run(["run", str(PLATE), "-o", "out.json", "-f", "json"], tmp_path)
    assert written.returncode == 0, written.stderr
    assert (tmp_path / "out.json").exists()
    assert set(_entries()) == before


def test_a_damaged_entry_is_solved_again_with_a_warning(tmp_path: Path, problem: Path) -> None:
    before = set(_entries())
    first = _run(["run", problem.name, "-f", "latex"], tmp_path)
    (entry,) = set(_entries()) - before
    entry.write_text(entry.read_text().replace('"payload": "', '"payload": "tampered '))
    again = _run(["run", problem.name, "-f", "latex"], tmp_path)
    assert again.stdout == first.stdout
    assert "ignored: its content does not match its digest" in again.stderr


def test_without_a_home_folder_a_run_is_solved_and_says_nothing_of_a_cache(
    tmp_path: Path, problem: Path
) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "XDG_CACHE_HOME"}
    done = subprocess.run(
        [sys.executable, "-m", "screwsolve", "run", problem.name, "--only", "power"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**environment, "HOME": ""},
        check=False,
        timeout=300,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "F_A*x'" in done.stdout  # the push at A: F_A x0 . x' x0 (Example 13.1.4)
