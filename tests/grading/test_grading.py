"""`screwsolve grade` on the shipped class: verdicts, points and feedback match a hand-made table."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from screwsolve.cli import app
from screwsolve.errors import InputError
from screwsolve.grading import grading, key
from screwsolve.grading.batch import grade
from screwsolve.grading.diagnosis import causes
from screwsolve.grading.results import GradeReport

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


def assert_rows_as_expected(report: GradeReport) -> None:
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
    # bob's Q^theta lacks the step: the same value as the step resolved about A (both named)
    assert feedback[("bob", "power_coefficients.theta")][1].startswith(
        "the value cannot tell which: this is what you get if the contribution of 'step' is "
        "missing, or if the action screw and the kinematic screw are resolved about different"
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

    monkeypatch.setattr(key, "key_truth", fail)  # read where the truth is computed
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


def test_spawned_graders_import_as_the_command_does(tmp_path: Path) -> None:
    """A spawned worker used to import the grader's module while it was being started, before
    it could refuse what the command never uses: each of the three (the key's, two graders)
    imported sympy's units (the class under spawn: 4.02 s, then 2.67 s). The whole command,
    every process's imports listed (PYTHONPROFILEIMPORTTIME); the class still grades."""
    import subprocess
    import sys

    from screwsolve.runtime.sandbox import worker_count

    env = {
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "PATH": "/usr/bin:/bin",
        "SCREWSOLVE_START_METHOD": "spawn",
        "PYTHONPROFILEIMPORTTIME": "1",
    }
    program = "import sys; from screwsolve.launch import main; main()"
    command = [sys.executable, "-c", program, "grade", "--key", KEY, "--out", str(tmp_path)]
    done = subprocess.run(
        [*command, "--jobs", "2", "--seed", "3", *SUBMISSIONS],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-500:]
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()]
    # the key's worker's and each grader's (two, one on one core; a module grading.grading
    # imports); never the command's own (tests/grading/test_batch.py)
    graders = worker_count(2, len(SUBMISSIONS))
    assert imported.count("screwsolve.grading.key") == 1 + graders
    assert "sympy.physics.units" not in imported
    with (tmp_path / "grades.csv").open(encoding="utf-8") as handle:
        assert len(list(csv.DictReader(handle))) == len(SUBMISSIONS)


def test_a_key_whose_own_claim_fails_is_refused_at_its_line(tmp_path: Path) -> None:
    text = Path(KEY).read_text(encoding="utf-8")
    wrong = text.replace("weight: {theta: -m*g*l*cos(theta)}", "weight: {theta: m*g*l*cos(theta)}")
    key = tmp_path / "key.yaml"
    key.write_text(wrong, encoding="utf-8")
    line = next(i for i, t in enumerate(wrong.splitlines(), 1) if "weight: {theta: m*g" in t)
    result = CliRunner().invoke(
        app, ["grade", "--key", str(key), SUBMISSIONS[0], "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 1
    assert f"key.yaml:{line}:" in result.stderr and "does not hold" in result.stderr
    assert not (tmp_path / "o" / "grades.csv").exists()


def test_fail_under_and_the_exit_code(tmp_path: Path) -> None:
    base = ["grade", "--key", KEY, str(EXAMPLES / "submissions"), "--out", str(tmp_path)]
    assert CliRunner().invoke(app, base).exit_code == 0
    assert CliRunner().invoke(app, [*base, "--fail-under", "50"]).exit_code == 1
    alice = ["grade", "--key", KEY, SUBMISSIONS[0], "--out", str(tmp_path), "--fail-under", "100"]
    assert CliRunner().invoke(app, alice).exit_code == 0


def test_unusable_paths_and_repeated_options_are_usage_errors(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(app, ["grade", "--key", KEY, SUBMISSIONS[0], "--out", str(blocker)])
    assert out.exit_code == 2 and "is not a folder" in out.stderr
    twice = runner.invoke(app, ["grade", "--key", KEY, "--key=other.yaml", SUBMISSIONS[0]])
    assert twice.exit_code == 2 and "--key given 2 times" in twice.stderr
    missing = runner.invoke(app, ["grade", "--key", str(tmp_path / "none.yaml"), SUBMISSIONS[0]])
    assert missing.exit_code == 2


def test_every_uploaded_file_gets_a_row(tmp_path: Path) -> None:
    """As a student uploads it: a submission named hw2.yaml.txt is graded (with a note), a
    file that is not a submission gets its row as invalid, on the review list; none is lost."""
    folder = tmp_path / "subs"
    folder.mkdir()
    (folder / "a.json").write_text("{}", encoding="utf-8")
    alice = (EXAMPLES / "submissions" / "alice.yaml").read_text("utf-8")
    (folder / "b.YAML").write_text(alice, encoding="utf-8")
    (folder / "hw2.yaml.txt").write_text(alice.replace("student: alice", "student: al"), "utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["grade", "--key", KEY, str(folder), "--out", str(out)])
    assert result.exit_code == 0
    document = json.loads((out / "grades.json").read_text(encoding="utf-8"))
    by_name = {Path(s["file"]).name: s for s in document["submissions"]}
    assert set(by_name) == {"a.json", "b.YAML", "hw2.yaml.txt"}
    assert by_name["a.json"]["status"] == "invalid"
    assert by_name["hw2.yaml.txt"]["status"] == "graded"
    assert by_name["hw2.yaml.txt"]["score"] == by_name["b.YAML"]["score"] > 0
    assert any("hw2.yaml.txt" in note for note in by_name["hw2.yaml.txt"]["notes"])
    text = (out / "needs-review.csv").read_text(encoding="utf-8")
    review = list(csv.DictReader(io.StringIO(text)))
    assert [(Path(r["file"]).name, r["status"]) for r in review] == [("a.json", "invalid")]


def test_columns_are_the_same_with_a_cold_and_a_warm_cache(tmp_path: Path) -> None:
    from screwsolve.render.grades import grades_csv

    cold = grades_csv(grade(KEY, SUBMISSIONS[:2], timeout=0, seed=1))
    warm = grades_csv(grade(KEY, SUBMISSIONS[:2], timeout=0, seed=1))
    assert cold.splitlines()[0] == warm.splitlines()[0]
    assert cold == warm


def test_a_series_key_holds_answers_to_its_order_and_a_potential_to_a_constant(
    tmp_path: Path,
) -> None:
    """The key asks for Q^theta of the push to first order and the weight's potential: the
    linearised answer and the exact one are both right; a wrong slope is wrong; a potential with
    a constant added is right; one with the wrong sign is wrong. An answer written as a series
    of a lower order than the key's is held to the key's order."""
    key = tmp_path / "pendulum.yaml"
    text = (ROOT / "problems" / "pendulum-on-a-moving-support.yaml").read_text(encoding="utf-8")
    expected = text[: text.index("expected:")] + (
        "expected:\n"
        "  power_coefficients:\n"
        "    push: {theta: {value: F*l, small: theta, order: 1}}\n"
        "  potential_energy: -m*g*l*cos(theta)\n"
        "grading: {id: pendulum}\n"
    )
    key.write_text(expected, encoding="utf-8")
    answers = {
        "linear": ("F*l", "-m*g*l*cos(theta) + 5"),
        "exact": ("F*l*cos(theta)", "m*g*(3 - l*cos(theta))"),
        "slope": ("F*l + F*l*theta", "m*g*l*cos(theta)"),
        "loose": ("{value: F*l - 2*F*l*theta, small: theta, order: 0}", "-m*g*l*cos(theta)"),
    }
    files = []
    for student, (push, energy) in answers.items():
        path = tmp_path / f"{student}.yaml"
        path.write_text(
            f"student: {student}\nproblem: pendulum\nanswers:\n"
            f"  power_coefficients:\n    push: {{theta: {push}}}\n"
            f"  potential_energy: {energy}\n",
            encoding="utf-8",
        )
        files.append(str(path))
    report = grade(str(key), files, jobs=1, timeout=0)
    verdicts = {r.student: [i.verdict for i in r.items] for r in report.results}
    assert verdicts == {
        "linear": ["correct", "correct"],
        "exact": ["correct", "correct"],
        "slope": ["wrong", "wrong"],
        "loose": ["wrong", "correct"],
    }


def test_a_thousand_term_answer_is_graded_and_a_too_long_one_costs_its_item_only(
    tmp_path: Path,
) -> None:
    """An answer expanded to 1 000 terms is read like any other (right, or wrong with feedback);
    one past the documented 16 000 characters is unreadable, and every other item is kept."""
    right_x = " + ".join(["F_A/1000"] * 1000) + " - N_Q*sin(theta) + F_Q*cos(theta)"
    # the key's Q^theta without the step's h N_Q/sin(theta), spread over 1 000 terms
    wrong_theta = "-m*g*l*cos(theta)" + " + 0*h" * 999
    too_long = " + ".join(["F_A/3000"] * 3000)
    submissions = []
    for name, x_answer, theta_answer in (
        ("wide", right_x, wrong_theta),
        ("toolong", too_long, "h*N_Q/sin(theta) - m*g*l*cos(theta)"),
    ):
        path = tmp_path / f"{name}.yaml"
        path.write_text(
            f"student: {name}\nproblem: plate-2026\nanswers:\n"
            f"  power_coefficients:\n    x: {x_answer}\n    theta: {theta_answer}\n"
            "  noncontributing: []\n",
            encoding="utf-8",
        )
        submissions.append(str(path))
    report = grade(KEY, submissions, jobs=1, timeout=60)
    verdicts = {
        (r.declared, i.item): (i.verdict, i.feedback) for r in report.results for i in r.items
    }
    assert verdicts[("wide", "power_coefficients.x")][0] == "correct"
    assert verdicts[("wide", "power_coefficients.theta")][0] == "wrong"
    assert "step" in verdicts[("wide", "power_coefficients.theta")][1]
    assert verdicts[("toolong", "power_coefficients.x")][0] == "unreadable"
    assert "16000 characters" in verdicts[("toolong", "power_coefficients.x")][1]
    assert verdicts[("toolong", "power_coefficients.theta")][0] == "correct"
    assert verdicts[("toolong", "noncontributing")][0] == "correct"


def _one(tmp_path: Path, text: str, name: str = "s.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (result,) = grade(KEY, [str(path)], timeout=0, seed=2).results
    return result


ALICE = (EXAMPLES / "submissions" / "alice.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("written", ["PLATE-2026", " plate-2026 ", "plate_2026", "Plate_2026"])
def test_a_problem_id_is_read_with_intent(tmp_path: Path, written: str) -> None:
    """Case, spaces around and _ for - do not make a submission someone else's problem."""
    result = _one(tmp_path, ALICE.replace("problem: plate-2026", f"problem: '{written}'"))
    assert result.status == "graded" and result.score == 8
    assert any("read as 'plate-2026'" in note for note in result.notes)


def test_another_problem_is_rejected_with_a_did_you_mean(tmp_path: Path) -> None:
    result = _one(tmp_path, ALICE.replace("problem: plate-2026", "problem: plate-2025"))
    assert result.status == "rejected"
    assert "did you mean 'plate-2026'" in result.diagnostics[0]


def test_a_harmless_top_level_line_is_a_note_not_a_zero(tmp_path: Path) -> None:
    result = _one(tmp_path, "name: Alice Liddell\n" + ALICE)
    assert result.status == "graded" and result.score == 8
    assert any("'name:' ignored" in note for note in result.notes)
    renamed = _one(tmp_path, ALICE.replace("answers:", "answer:"), "t.yaml")
    assert renamed.score == 8 and any("read as 'answers:'" in n for n in renamed.notes)


@pytest.mark.parametrize(
    ("wrong", "right"),
    [("power_coeficients", "power_coefficients"), ("Power-Coefficients", "power_coefficients")],
)
def test_a_misspelt_section_gets_a_did_you_mean(tmp_path: Path, wrong: str, right: str) -> None:
    result = _one(tmp_path, ALICE.replace(f"  {right}:", f"  {wrong}:"))
    missing = [i for i in result.items if i.item.startswith(right)]
    assert missing and all(i.verdict == "missing" for i in missing)
    assert all(f"did you mean '{right}:'" in i.feedback for i in missing)


def test_the_feedback_file_shows_the_students_answer(tmp_path: Path) -> None:
    path = tmp_path / "subs"
    path.mkdir()
    (path / "alice.yaml").write_text(ALICE.replace("F_A + F_Q", "F_A - F_Q"), encoding="utf-8")
    out = tmp_path / "out"
    CliRunner().invoke(app, ["grade", "--key", KEY, str(path), "--out", str(out)])
    (feedback,) = (out / "feedback").iterdir()
    text = feedback.read_text(encoding="utf-8")
    assert "| item | your answer | verdict |" in text
    assert "F_A - F_Q" in text


def test_an_item_that_breaks_the_reader_costs_only_that_item(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever fails while one answer is read or compared (here a RecursionError forced on
    power_coefficients.x), every other item of the student is graded as usual."""
    original = grading.Grader._item

    def failing(self, item, answer, unmatched):
        if item.item == "power_coefficients.x":
            raise RecursionError("maximum recursion depth exceeded")
        return original(self, item, answer, unmatched)

    monkeypatch.setattr(grading.Grader, "_item", failing)
    result = _one(tmp_path, ALICE)
    by_item = {i.item: i for i in result.items}
    assert by_item["power_coefficients.x"].verdict == "unreadable"
    assert "RecursionError" in by_item["power_coefficients.x"].feedback
    assert result.score == 8 - 2  # the other items keep their points


@pytest.mark.parametrize(
    ("answer", "code", "words"),
    [
        # Q^theta of the weight is -m g l cos(theta) (the key): by hand, the slips below
        ("-m*g*l*sin(theta)", "sin-cos", "sin and cos are swapped"),
        ("-2*m*g*l*cos(theta)", "factor-two", "twice the right one"),
        ("-m*g*l*cos(theta)/2", "factor-two", "half the right one"),
        ("m*g*l*cos(theta)", "sign", "the sign is wrong"),
        ("-m*g*l*cos(theta*pi/180)", "degrees", "converted with pi/180"),
    ],
)
def test_slips_of_the_whole_answer_are_named(
    tmp_path: Path, answer: str, code: str, words: str
) -> None:
    text = ALICE.replace("weight: {theta: -g*l*m*cos(theta)}", f"weight: {{theta: {answer}}}")
    assert text != ALICE
    result = _one(tmp_path, text)
    item = next(i for i in result.items if i.item == "power_coefficients.weight.theta")
    assert item.verdict == "wrong" and item.mistake == code and words in item.feedback


def test_a_value_two_mistakes_give_names_both_and_neither_with_confidence() -> None:
    code, feedback = causes(
        [("sign", "the sign is wrong"), ("missing-action", "the contribution of 'w' is missing")]
    )
    assert code == "sign|missing-action"
    assert feedback.startswith("the value cannot tell which")
    assert "if the sign is wrong, or if the contribution of 'w' is missing" in feedback
    assert causes([("a", "x"), ("b", "x")]) == ("a", "x")


def test_a_potential_with_its_sign_slipped_is_still_compared_up_to_a_constant() -> None:
    """-V + 3 for V: the sign slip of a potential is recognised whatever constant is added."""
    import sympy

    from screwsolve.checking.claims import Truth

    x = sympy.Symbol("x", real=True)
    truth = Truth("scalar", x**2 / 2, up_to_constant=True)
    (sign, _, negated) = grading._whole_answer_slips(truth)[0]
    assert sign == "sign" and negated.up_to_constant and negated.value == -(x**2) / 2


def test_every_wrong_item_gets_feedback_with_where_it_is_wrong(tmp_path: Path) -> None:
    """A value no typical mistake gives still gets text: where it differs, with both numbers."""
    text = ALICE.replace("weight: {theta: -g*l*m*cos(theta)}", "weight: {theta: 7*g*l*m}")
    result = _one(tmp_path, text)
    item = next(i for i in result.items if i.item == "power_coefficients.weight.theta")
    assert item.verdict == "wrong" and item.mistake == ""
    assert item.feedback.startswith("no typical mistake gives this value: at ")
    answer, key = item.feedback.split(" your answer gives ")[1].split(", the key ")
    float(answer), float(key)  # both numbers, each labelled whose


def test_a_key_grades_only_the_items_it_chooses(tmp_path: Path) -> None:
    """grading.items: a section (every item in it) or an item path; the other claims are still
    checked in the key but never asked of students (no 'missing' rows for them)."""
    key = (EXAMPLES / "key-plate.yaml").read_text(encoding="utf-8")
    chosen = key.replace("grading:\n", "grading:\n  items: [power_coefficients]\n", 1)
    assert chosen != key
    (tmp_path / "key.yaml").write_text(chosen, encoding="utf-8")
    (tmp_path / "alice.yaml").write_text(ALICE, encoding="utf-8")
    report = grade(str(tmp_path / "key.yaml"), [str(tmp_path / "alice.yaml")], timeout=0, seed=2)
    assert report.items and all(i.startswith("power_coefficients.") for i in report.items)
    unknown = key.replace("grading:\n", "grading:\n  items: [power_coeficients]\n", 1)
    (tmp_path / "bad.yaml").write_text(unknown, encoding="utf-8")
    with pytest.raises(InputError) as info:
        grade(str(tmp_path / "bad.yaml"), [str(tmp_path / "alice.yaml")], timeout=0, seed=2)
    (diagnostic,) = info.value.diagnostics
    assert "grading.items names 'power_coeficients'" in diagnostic.message
    assert (
        "did you mean" in diagnostic.message.lower() or "power_coefficients" in diagnostic.message
    )
