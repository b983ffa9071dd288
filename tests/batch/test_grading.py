"""`screwsolve grade` on the shipped class: verdicts, points and feedback match a hand-made table."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from screwsolve.batch import grading
from screwsolve.batch.grading import grade
from screwsolve.cli import app

from ..conftest import ROOT

EXAMPLES = ROOT / "examples" / "grading"
KEY = str(EXAMPLES / "key-plate.yaml")
SUBMISSIONS = sorted(str(p) for p in (EXAMPLES / "submissions").glob("*.yaml"))


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


def expected_rows() -> dict[str, dict[str, str]]:
    with (EXAMPLES / "expected-grades.csv").open(encoding="utf-8") as handle:
        return {row["file"]: row for row in csv.DictReader(handle)}


def assert_rows_as_expected(report: grading.GradeReport) -> None:
    """Every submission's status, student and score as in expected-grades.csv."""
    expected = expected_rows()
    assert len(report.results) == len(expected) >= 12
    for result in report.results:
        row = expected[Path(result.file).name]
        assert (result.status, result.student, result.score) == (
            row["status"],
            row["student"],
            float(row["total"]),
        ), row["why"]


def test_class_is_graded_as_the_instructor_expects() -> None:
    report = grade(KEY, SUBMISSIONS, jobs=2, timeout=20)
    assert report.max_points == 8
    assert_rows_as_expected(report)


def test_feedback_names_the_mistake() -> None:
    report = grade(KEY, SUBMISSIONS, jobs=1, timeout=0)
    feedback = {
        (r.student, i.item): (i.verdict, i.feedback) for r in report.results for i in r.items
    }
    assert feedback[("bob", "power_coefficients.theta")][1].startswith(
        "the contribution of 'step' is missing"
    )
    assert "Remark 13.3.3" in feedback[("bob", "power_coefficients.theta")][1]
    assert feedback[("carol", "power_coefficients.x")][1] == (
        "the contribution of 'step' has the wrong sign"
    )
    assert feedback[("erin", "power_coefficients.weight.theta")][1] == "the sign is wrong"
    assert feedback[("heidi", "partial_screws.1.theta")][1] == "resolve the screw about point A"
    assert feedback[("frank", "power_coefficients.x")][0] == "unreadable"
    assert feedback[("mallory", "power_coefficients.x")][0] == "unreadable"
    assert feedback[("grace", "noncontributing")][0] == "missing"
    assert feedback[("peggy", "noncontributing")][1] == "not noncontributing: step"


def test_truth_is_cached_by_content(private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    grade(KEY, SUBMISSIONS[:1], timeout=0)
    assert len(list(private_cache.rglob("*.json"))) == 1

    def fail(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the key was solved again")

    monkeypatch.setattr(grading, "key_truth", fail)
    report = grade(KEY, SUBMISSIONS[:1], timeout=0)
    assert report.results[0].score == 8


def test_a_timeout_is_a_row_and_the_batch_completes() -> None:
    report = grade(KEY, SUBMISSIONS[:3], jobs=1, timeout=0.0001)
    assert [r.status for r in report.results] == ["timeout"] * 3


def test_cli_writes_both_reports(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["grade", "--key", KEY, str(EXAMPLES / "submissions"), "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.stderr  # the batch completed, whatever the scores
    rows = list(csv.reader((tmp_path / "grades.csv").read_text(encoding="utf-8").splitlines()))
    assert rows[0][-2:] == ["total", "max"]
    assert len(rows) == 1 + len(SUBMISSIONS)
    document = json.loads((tmp_path / "grades.json").read_text(encoding="utf-8"))
    assert document["problem"] == "plate-2026"
    assert "most missed items" in result.stdout


def test_a_key_without_grading_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "grade",
            "--key",
            str(ROOT / "problems" / "notional-couple.yaml"),
            SUBMISSIONS[0],
            "--out",
            str(tmp_path),
            "--no-cache",
        ],
    )
    assert result.exit_code == 1
    assert "a key needs expected: and grading: blocks" in result.stderr


def test_grading_under_spawn_gives_the_same_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers started with spawn (macOS, Windows) get the grader by pickling, not inheritance."""
    monkeypatch.setenv("SCREWSOLVE_START_METHOD", "spawn")
    assert_rows_as_expected(grade(KEY, SUBMISSIONS, jobs=2, timeout=60, seed=3))
