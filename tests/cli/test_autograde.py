"""Gradescope and PrairieLearn autograders, end to end: the package built from a key, laid out in
a temporary root as each platform lays out its own, its script run on a right, a wrong, a
hostile and an unparsable submission; results.json valid against a schema written from each
platform's documentation (tests/data/autograders), with `grade`'s points for the same file."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import jsonschema
import pytest

from screwsolve.grading.batch import grade

from ..conftest import ROOT, source_tree

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

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
        assert sorted(archive.namelist()) == [
            "figure.png",
            "key.yaml",
            "run_autograder",
            "setup.sh",
        ]
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
        failed = [t for t in document["tests"] if t.get("status") == "failed"]
        assert failed and all("Verdict: wrong" in t["output"] for t in failed)
        (figure,) = [t for t in document["tests"] if t["output_format"] == "html"]
        assert figure["output"].startswith('<img alt="Figure of the problem" src="data:image/png')
    if case == "right":
        assert all(t["output_format"] == "md" for t in document["tests"])


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
        # the problem's figure is shown when an answer is not right, and only then
        assert ("images" in document) == (case == "wrong")


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


def _without_venv_path() -> str:
    """PATH without this test run's virtual environment: setup.sh must find its own Python."""
    here = Path(shutil.which("python") or "").parent
    return os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if Path(p) != here)


def test_setup_sh_installs_the_shipped_wheel_in_a_clean_environment(tmp_path: Path) -> None:
    """As Gradescope runs it: a wheel of this checkout built and shipped in the zip, setup.sh
    run with no screwsolve on PATH (a new virtual environment, dependencies from the package
    index), then run_autograder with no SCREWSOLVE on a right, a wrong, a hostile and an
    unparsable upload: the installed command grades as grade. The PrairieLearn question built
    with the same wheel runs its entrypoint with that install on PATH (as its image would)."""
    source = source_tree(tmp_path / "source")  # nothing written in the checkout
    dist = tmp_path / "dist"
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(dist),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = dist.glob("screwsolve-*.whl")
    package = tmp_path / "autograder.zip"
    command = ["screwsolve", "autograder", "gradescope", str(KEY), "-o", str(package)]
    done = subprocess.run([*command, "--wheel", str(wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    root = tmp_path / "autograder"
    with zipfile.ZipFile(package) as archive:
        assert wheel.name in archive.namelist()
        archive.extractall(root / "source")
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("VIRTUAL_ENV", "PYTHONPATH", "SCREWSOLVE")
    }
    env.update({"PATH": _without_venv_path(), "AUTOGRADER_ROOT": str(root)})
    setup = subprocess.run(
        ["bash", str(root / "source" / "setup.sh")],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert setup.returncode == 0, setup.stderr
    assert setup.stdout.startswith("screwsolve ")
    installed = root / "screwsolve-venv" / "bin"
    question = tmp_path / "question"
    command = ["screwsolve", "autograder", "prairielearn", str(KEY), "-o", str(question)]
    done = subprocess.run([*command, "--wheel", str(wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    dockerfile = (question / "Dockerfile").read_text(encoding="utf-8")
    assert f"COPY {wheel.name} /tmp/{wheel.name}" in dockerfile and (question / wheel.name).exists()
    # PrairieLearn's image has the installed command on PATH: the same install stands in for it
    image_env = {**env, "PATH": os.pathsep.join([str(installed), env["PATH"]])}
    for case in CASES:
        shutil.rmtree(root / "submission", ignore_errors=True)
        shutil.rmtree(root / "results", ignore_errors=True)
        (root / "submission").mkdir()
        answer = root / "submission" / "answers.yaml"
        answer.write_text(CASES[case], encoding="utf-8")
        graded = subprocess.run(
            ["bash", str(root / "source" / "run_autograder")],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert graded.returncode == 0, graded.stderr
        results = root / "results" / "results.json"
        document = json.loads(results.read_text(encoding="utf-8"))
        _valid(document, "gradescope-results.schema.json")
        assert document["score"] == _grade_points(answer)

        grade_root = tmp_path / f"grade-{case}"
        shutil.copytree(question / "tests", grade_root / "tests")
        (grade_root / "student").mkdir()
        shutil.copy2(answer, grade_root / "student" / "answers.yaml")
        graded = subprocess.run(
            ["bash", str(grade_root / "tests" / "run.sh")],
            env={**image_env, "GRADE_ROOT": str(grade_root)},
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert graded.returncode == 0, graded.stderr
        document = json.loads((grade_root / "results" / "results.json").read_text("utf-8"))
        _valid(document, "prairielearn-results.schema.json")
        assert document["score"] == pytest.approx(_grade_points(answer) / 8.0)
        assert document.get("gradable", True) is (case in ("right", "wrong"))


HINT = "Resolve the step's force and the partial screw about Q (Remark 13.3.3)."


def _key_with_hints_later(tmp_path: Path) -> Path:
    text = KEY.read_text(encoding="utf-8")
    assert f"power_coefficients.theta: {HINT}" in text
    key = tmp_path / "key-plate.yaml"
    key.write_text(
        text.replace("  hints:\n", "  hints_shown: after_due_date\n  hints:\n"), encoding="utf-8"
    )
    return key


def test_hints_kept_for_after_the_due_date(tmp_path: Path) -> None:
    """grading.hints_shown: after_due_date - Gradescope: the wrong item's feedback without the
    hint, the hint in a test visible after the due date; PrairieLearn: the hint in the answer
    panel, not in the results. Without it, the hint is in the feedback (as grade gives it)."""
    wrong = tmp_path / "wrong"
    wrong.mkdir()
    (wrong / "answers.yaml").write_text(CASES["wrong"], encoding="utf-8")
    now = _autograde(wrong, tmp_path / "now.json")
    (theta,) = [t for t in now["tests"] if t["name"] == "power_coefficients.theta"]
    assert theta["status"] == "failed" and "Resolve the step" in theta["output"]
    assert not [t for t in now["tests"] if t["visibility"] != "visible"]

    key = _key_with_hints_later(tmp_path)
    results = tmp_path / "later.json"
    command = ["screwsolve", "autograde", "gradescope", "--key", str(key)]
    done = subprocess.run(
        [*command, "--results", str(results), "--", str(wrong)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    later = json.loads(results.read_text(encoding="utf-8"))
    _valid(later, "gradescope-results.schema.json")
    assert later["score"] == now["score"]
    (theta,) = [t for t in later["tests"] if t["name"] == "power_coefficients.theta"]
    assert "Resolve the step" not in theta["output"] and "Verdict: wrong" in theta["output"]
    (hint,) = [t for t in later["tests"] if t["visibility"] == "after_due_date"]
    assert hint["name"] == "power_coefficients.theta: hint" and "Resolve the step" in hint["output"]
    assert "score" not in hint

    question = tmp_path / "question"
    command = ["screwsolve", "autograder", "prairielearn", str(key), "-o", str(question)]
    done = subprocess.run([*command, "--no-figure"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    page = (question / "question.html").read_text(encoding="utf-8")
    panel = page[page.index("<pl-answer-panel>") :]
    assert "Resolve the step&#x27;s force" in panel
    assert not (question / "tests" / "figure.png").exists()


def test_a_figure_that_is_not_a_png_is_left_out_with_a_warning(tmp_path: Path) -> None:
    student = tmp_path / "student"
    student.mkdir()
    (student / "answers.yaml").write_text(CASES["wrong"], encoding="utf-8")
    fake = tmp_path / "figure.png"
    fake.write_text("<svg/>", encoding="utf-8")
    results = tmp_path / "r.json"
    command = ["screwsolve", "autograde", "prairielearn", "--key", str(KEY), "--figure", str(fake)]
    done = subprocess.run(
        [*command, "--results", str(results), "--", str(student)], capture_output=True, text=True
    )
    assert done.returncode == 0 and "not a PNG" in done.stderr
    assert "images" not in json.loads(results.read_text(encoding="utf-8"))


def test_a_wheel_not_named_as_one_is_a_usage_error(tmp_path: Path) -> None:
    bad = tmp_path / "evil.sh"
    bad.write_text("rm -rf /", encoding="utf-8")
    command = ["screwsolve", "autograder", "gradescope", str(KEY), "-o", str(tmp_path / "a.zip")]
    done = subprocess.run([*command, "--wheel", str(bad)], capture_output=True, text=True)
    assert done.returncode == 2 and "not named as a screwsolve wheel" in done.stderr
    assert not (tmp_path / "a.zip").exists()
