"""A class handed to workers: the command's own process imports the grader only for workers
it forks, two or more, which then inherit it."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from screwsolve.grading.batch import SubmissionGrader
from screwsolve.grading.truth import KeyTruth

from ..whole_command import reporting_imports

ROOT = Path(__file__).resolve().parents[2]
CLASS = ROOT / "examples" / "grading"
KEY = CLASS / "key-plate.yaml"

COMMAND = reporting_imports(["sympy", "screwsolve.grading.grading"])


def _grade(
    tmp_path: Path, method: str, jobs: int, cache: str, more: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {
        "XDG_CACHE_HOME": str(tmp_path / cache),
        "PATH": "/usr/bin:/bin",
        "SCREWSOLVE_START_METHOD": method,
        **(more or {}),
    }
    submissions = sorted(str(p) for p in (CLASS / "submissions").iterdir())
    command = [sys.executable, "-c", COMMAND, "grade", "--key", str(KEY), "--seed", "3"]
    command += ["--out", str(tmp_path / "grades"), "--jobs", str(jobs), *submissions]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)


@pytest.mark.parametrize("cache", ["empty", "warm"])
def test_under_spawn_the_command_process_reads_plain_data_only(tmp_path: Path, cache: str) -> None:
    """Its workers import the grader and sympy themselves: the command's import of them (0.31 s)
    was for nothing. A key already cached is read back without them too. Every submission still
    has its row, as the class's expected grades say."""
    if cache == "warm":
        assert _grade(tmp_path, "spawn", 2, cache).returncode == 0
    done = _grade(tmp_path, "spawn", 2, cache)
    assert done.stderr.endswith("exit=0 heavy=[]"), done.stderr[-500:]
    with (tmp_path / "grades" / "grades.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    with (CLASS / "expected-grades.csv").open(encoding="utf-8") as handle:
        expected = list(csv.DictReader(handle))
    assert len(rows) == len(expected)


def test_two_forked_workers_inherit_the_grader_the_command_imported(tmp_path: Path) -> None:
    """Under fork, with two graders or more, the command imports the grader once and parses
    the key once; with one grader and the key's truth cached it leaves both to that grader."""
    from screwsolve.runtime.sandbox import cpu_count

    imported = "exit=0 heavy=['screwsolve.grading.grading', 'sympy']"
    assert _grade(tmp_path, "fork", 2, "cache").returncode == 0  # the key's truth stored
    two = _grade(tmp_path, "fork", 2, "cache")
    assert two.stderr.endswith(imported if cpu_count() > 1 else "exit=0 heavy=[]"), two.stderr[
        -500:
    ]
    one = _grade(tmp_path, "fork", 1, "cache")
    assert one.stderr.endswith("exit=0 heavy=[]"), one.stderr[-500:]


def test_the_key_solved_in_a_worker_then_one_grader_import_the_grader_once(
    tmp_path: Path,
) -> None:
    """One grader, the key not cached: two workers are forked one after the other (the key's,
    then the grader), so the command imports the grader for both; each importing it again cost
    0.3 s. Every process's imports are listed (PYTHONPROFILEIMPORTTIME)."""
    done = _grade(tmp_path, "fork", 1, "empty", {"PYTHONPROFILEIMPORTTIME": "1"})
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()]
    assert imported.count("screwsolve.grading.key") == 1
    assert done.stderr.endswith("exit=0 heavy=['screwsolve.grading.grading', 'sympy']")


def test_the_grader_crosses_to_a_worker_without_its_parsed_key() -> None:
    """What is pickled is the key's text and truth; the parsed key is rebuilt where it is used
    (a parsed key holds sympy objects of its own process)."""
    import pickle

    truth = KeyTruth("plate", "Plate", 1e-6, ())
    grader = SubmissionGrader("key.yaml", KEY.read_text(encoding="utf-8"), truth, 3)
    grader.prepare()
    copy = pickle.loads(pickle.dumps(grader))
    assert copy._grader is None and grader._grader is not None
    assert (copy.key_name, copy.key_text, copy.truth, copy.seed) == (
        grader.key_name,
        grader.key_text,
        grader.truth,
        grader.seed,
    )
