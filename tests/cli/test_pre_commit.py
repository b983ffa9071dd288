"""The published hooks on a repository laid out as courses lay theirs out: homework folders, a
workflow file, a course configuration in YAML, through the real `pre-commit try-repo` (which
installs screwsolve from this repository into its own environment, as a course's would).

The wrong claim is the notional couple's Q^q2 with its sign flipped: the book (§13.3) gives
Q^q2 = c q1'."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

ROOT = Path(__file__).resolve().parents[2]
COUPLE = (ROOT / "problems" / "notional-couple.yaml").read_text(encoding="utf-8")
WORKFLOW = """name: course
on: [push]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
"""
CONFIG = "course: ME 331\nterm: fall\ngraders: [a, b]\nreferences: {textbook: 13.3}\n"


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def _hooks(repo: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pre_commit",
            "try-repo",
            str(ROOT),
            "--all-files",
            "--color",
            "never",
        ],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


@pytest.mark.skipif(shutil.which("git") is None, reason="pre-commit needs git")
def test_hooks_check_a_course_repository(tmp_path: Path) -> None:
    repo = tmp_path / "course"
    (repo / "hw1").mkdir(parents=True)
    (repo / "hw2").mkdir()
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / "hw1" / "couple.yaml").write_text(COUPLE, encoding="utf-8")
    wrong = COUPLE.replace("    q2: c*q1'\n", "    q2: -c*q1'\n")
    assert wrong != COUPLE
    (repo / "hw2" / "couple again.yml").write_text(wrong, encoding="utf-8")
    (repo / ".github" / "workflows" / "ci.yml").write_text(WORKFLOW, encoding="utf-8")
    (repo / "course.yaml").write_text(CONFIG, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit"),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
    }
    env.pop("GITHUB_ACTIONS", None)
    _git(repo, "init", "-q")
    _git(repo, "add", ".")

    failing = _hooks(repo, env)
    output = failing.stdout + failing.stderr
    assert failing.returncode == 1, output
    assert "validate screwsolve problem files" in output
    assert "hw2/couple again.yml" in output
    assert "hw2/couple again.yml:42:9: power_coefficients.q2: expected -c*q1', got c*q1'" in output
    assert "1 failed" in output and "hw1/couple.yaml:" not in output  # the right file passes
    assert "ci.yml" not in output and "course.yaml" not in output  # left alone, never errors

    (repo / "hw2" / "couple again.yml").write_text(COUPLE, encoding="utf-8")
    _git(repo, "add", ".")
    passing = _hooks(repo, env)
    assert passing.returncode == 0, passing.stdout + passing.stderr
