"""Gradescope and PrairieLearn autograders, end to end: the package built from a key, laid out in
a temporary root as each platform lays out its own, its script run on a right, a wrong, a
hostile and an unparsable submission; results.json valid against a schema written from each
platform's documentation (tests/data/autograders), with `grade`'s points for the same file."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import jsonschema
import pytest

from screwsolve.grading.grading import grade

from ..conftest import ROOT

KEY = ROOT / "examples" / "grading" / "key-plate.yaml"
SUBMISSIONS = ROOT / "examples" / "grading" / "submissions"
SCHEMAS = ROOT / "tests" / "data" / "autograders"
BILLION_LAUGHS = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{n}: &{n} [" + ",".join([f"*{p}"] * 9) + "]\n"
    for p, n in zip("abcdefgh", "bcdefghi", strict=True)
)
CASES = {
    "right": (SUBMISSIONS / "alice.yaml").read_text(encoding="utf-8"),
    "wrong": (SUBMISSIONS / "bob.yaml").read_text(encoding="utf-8"),
    "hostile": BILLION_LAUGHS,
    "unparsable": "student: x\nproblem: plate-2026\nanswers: {power_coefficients: {x: [}\n",
}


def _screwsolve() -> str:
    found = shutil.which("screwsolve")
    assert found is not None
    return found


def _grade_points(path: Path) -> float:
    (result,) = grade(str(KEY), [str(path)], timeout=0, seed=3, use_cache=False).results
    return result.score if result.status == "graded" else 0.0


def _valid(document: dict, schema: str) -> None:
    jsonschema.validate(document, json.loads((SCHEMAS / schema).read_text(encoding="utf-8")))


@pytest.mark.parametrize("case", list(CASES))
def test_gradescope_runs_the_zip_as_its_documentation_lays_it_out(
    case: str, tmp_path: Path
) -> None:
    package = tmp_path / "autograder.zip"
    built = subprocess.run(
        ["screwsolve", "autograder", "gradescope", str(KEY), "-o", str(package)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    root = tmp_path / "autograder"
    (root / "submission").mkdir(parents=True)
    with zipfile.ZipFile(package) as archive:
        assert sorted(archive.namelist()) == ["key.yaml", "run_autograder", "setup.sh"]
        archive.extractall(root / "source")
    answer = root / "submission" / "answers.yaml"
    answer.write_text(CASES[case], encoding="utf-8")
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "SCREWSOLVE": _screwsolve()}
    done = subprocess.run(
        ["bash", str(root / "source" / "run_autograder")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in root.iterdir()) == ["results", "source", "submission"]
    document = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    _valid(document, "gradescope-results.schema.json")
    assert document["score"] == _grade_points(answer)
    if case in ("hostile", "unparsable"):
        assert document["score"] == 0 and "could not be graded" in document["output"]
    if case == "wrong":
        failed = [t for t in document["tests"] if t["status"] == "failed"]
        assert failed and all("Verdict: wrong" in t["output"] for t in failed)


@pytest.mark.parametrize("case", list(CASES))
def test_prairielearn_runs_the_question_as_its_documentation_lays_it_out(
    case: str, tmp_path: Path
) -> None:
    question = tmp_path / "question"
    built = subprocess.run(
        ["screwsolve", "autograder", "prairielearn", str(KEY), "-o", str(question)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    info = json.loads((question / "info.json").read_text(encoding="utf-8"))
    assert info["gradingMethod"] == "External" and info["externalGradingOptions"]["enabled"]
    assert "<pl-file-editor" in (question / "question.html").read_text(encoding="utf-8")
    grade_root = tmp_path / "grade"
    shutil.copytree(question / "tests", grade_root / "tests")
    (grade_root / "student").mkdir()
    answer = grade_root / "student" / "answers.yaml"
    answer.write_text(CASES[case], encoding="utf-8")
    env = {**os.environ, "GRADE_ROOT": str(grade_root), "SCREWSOLVE": _screwsolve()}
    done = subprocess.run(
        ["bash", str(grade_root / "tests" / "run.sh")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    results = grade_root / "results" / "results.json"
    assert results.stat().st_size <= 1_000_000
    document = json.loads(results.read_text(encoding="utf-8"))
    _valid(document, "prairielearn-results.schema.json")
    maximum = sum(t["max_points"] for t in document.get("tests", [])) or 8.0
    assert document["score"] == pytest.approx(_grade_points(answer) / maximum)
    if case in ("hostile", "unparsable"):
        assert document["gradable"] is False and document["format_errors"]
    else:
        assert document["gradable"] is True


def test_a_student_folder_with_no_answer_file_still_gets_results(tmp_path: Path) -> None:
    student = tmp_path / "student"
    student.mkdir()
    results = tmp_path / "results.json"
    command = ["screwsolve", "autograde", "prairielearn", "--key", str(KEY)]
    done = subprocess.run(
        [*command, "--results", str(results), "--", str(student)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    document = json.loads(results.read_text(encoding="utf-8"))
    assert document["gradable"] is False and "no answer file" in document["format_errors"][0]


def _autograde(folder: Path, results: Path) -> dict:
    command = ["screwsolve", "autograde", "gradescope", "--key", str(KEY)]
    done = subprocess.run(
        [*command, "--results", str(results), "--", str(folder)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return json.loads(results.read_text(encoding="utf-8"))


def test_hostile_uploads_end_with_results_written(tmp_path: Path) -> None:
    """A 100 MB file (sparse: read only up to its bound), a link to the key (never followed:
    its lines would show in the feedback), a slow expression: each a zero with a reason."""
    big = tmp_path / "big"
    big.mkdir()
    with open(big / "answers.yaml", "wb") as handle:
        handle.truncate(100_000_000)
    assert "the limit is 1000000" in _autograde(big, tmp_path / "big.json")["output"]
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / "answers.yaml").symlink_to(KEY)
    document = _autograde(linked, tmp_path / "linked.json")
    assert "a link: not read" in document["output"] and "grading:" not in document["output"]
    slow = tmp_path / "slow"
    slow.mkdir()
    (slow / "answers.yaml").write_text(
        "student: x\nproblem: plate-2026\nanswers:\n  power_coefficients:\n"
        "    x: (((((F_A + 1)**40)**40)**40)**40)\n",
        encoding="utf-8",
    )
    document = _autograde(slow, tmp_path / "slow.json")
    (item,) = [t for t in document["tests"] if t["name"] == "power_coefficients.x"]
    assert item["score"] == 0 and item["status"] == "failed"
