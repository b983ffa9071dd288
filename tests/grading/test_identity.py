"""Who a submission is from, by the names Canvas and Moodle give downloaded submissions."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from screwsolve.grading.identity import from_file_name, identity_of

from ..conftest import ROOT
from ..grading_class import canvas_name


def test_canvas_names_give_the_user_id() -> None:
    found = from_file_name("subs/doejohn_12345_67890_answers.yaml")
    assert found is not None
    assert (found.source, found.key, found.name, found.late) == (
        "canvas",
        "12345",
        "doejohn",
        False,
    )


@pytest.mark.parametrize(
    ("sortable", "shown"),
    [
        ("Nguyen_Tran, Bao", "nguyen_tranbao"),
        ("O'Brien, Seán", "obrienseán"),
        ("Zoë", "zoë"),
        ("Smith_2_, Jo", "smith2jo"),
        ("Lee, Ann-Marie", "leeannmarie"),
    ],
)
def test_canvas_names_as_its_zipper_writes_them(sortable: str, shown: str) -> None:
    for late in (False, True):
        path = canvas_name(sortable, 4242, 90001, "hw_3_4 final.yaml", late)
        found = from_file_name(f"subs/{path}")
        assert found is not None, path
        assert (found.source, found.key, found.name, found.late) == ("canvas", "4242", shown, late)
        assert found.attempt == 90001


def test_a_canvas_clash_suffix_is_part_of_the_name_and_the_file_id_orders_uploads() -> None:
    """Canvas renames a file whose name clashes with one already in the student's files
    (hw-1.yaml); the file uploaded later has the larger id, whatever its name."""
    first = from_file_name(canvas_name("Doe, John", 12345, 500, "hw-1.yaml"))
    final = from_file_name(canvas_name("Doe, John", 12345, 900, "hw-final.yaml"))
    assert first is not None and final is not None
    assert first.attempt < final.attempt and first.key == final.key


def test_canvas_anonymous_grading_names() -> None:
    found = from_file_name("LATE_anon_x9Ab2_55_plate.yaml")
    assert found is not None and (found.key, found.late, found.attempt) == ("anon_x9Ab2", True, 55)


def test_moodle_takes_a_file_over_online_text() -> None:
    text = from_file_name("Ann Lee_77_assignsubmission_onlinetext_onlinetext.html")
    file = from_file_name("Ann Lee_77_assignsubmission_file_hw.yaml")
    assert text is not None and file is not None and text.key == file.key == "77"
    assert file.attempt > text.attempt


def test_moodle_names_and_folders_give_the_participant_id() -> None:
    file = from_file_name("Jane Roe_4321_assignsubmission_file_plate.yaml")
    assert file is not None and (file.source, file.key, file.name) == ("moodle", "4321", "Jane Roe")
    folder = from_file_name("Jane Roe_4321_assignsubmission_file/plate.yaml")
    assert folder is not None and folder.key == "4321"
    blind = from_file_name("Participant_777_assignsubmission_file_a.yaml")
    assert blind is not None and blind.key == "777"


def test_other_names_fall_back_to_the_declared_student() -> None:
    assert from_file_name("alice.yaml") is None
    identity = identity_of("alice.yaml", "Alice A.")
    assert (identity.source, identity.key, identity.lms_id) == ("student", "Alice A.", "")


def _answers(student: str, x: str) -> str:
    return (
        f"student: {student!r}\nproblem: plate-2026\nanswers:\n  power_coefficients:\n    x: {x}\n"
    )


RIGHT_X = "F_A + F_Q*cos(theta) - N_Q*sin(theta)"  # the key's Q^x (examples/grading)
WRONG_X = "F_A + F_Q*sin(theta) - N_Q*cos(theta)"


def test_a_class_download_keeps_each_students_last_file_and_reviews_the_ties(
    tmp_path: Path,
) -> None:
    """Canvas: a student's first upload clash-renamed `hw-1.yaml`, then `hw-final.yaml` (larger
    file id); a name with `_`. Moodle: online text beside a file (the file is graded), and two
    files of one kind with the download's single time (a tie, on the review list)."""
    from screwsolve.grading.batch import grade
    from screwsolve.grading.results import gradebook_rows
    from screwsolve.render.grades import review_rows

    key = str(ROOT / "examples" / "grading" / "key-plate.yaml")
    files = {
        canvas_name("Doe, John", 11, 500, "hw-1.yaml"): _answers("John", WRONG_X),
        canvas_name("Doe, John", 11, 900, "hw-final.yaml"): _answers("John", RIGHT_X),
        canvas_name("Nguyen_Tran, Bao", 12, 700, "hw.yaml"): _answers("Bao", RIGHT_X),
        "Ann Lee_77_assignsubmission_onlinetext_onlinetext.html": "<p>see my file</p>",
        "Ann Lee_77_assignsubmission_file_hw.yaml": _answers("Ann", RIGHT_X),
        "Bo Kim_78_assignsubmission_file_a.yaml": _answers("Bo", WRONG_X),
        "Bo Kim_78_assignsubmission_file_b.yaml": _answers("Bo", RIGHT_X),
    }
    paths = []
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        os.utime(tmp_path / name, (1_700_000_000, 1_700_000_000))  # a zip's single time
        paths.append(str(tmp_path / name))
    report = grade(key, paths, timeout=0, seed=3, use_cache=False)
    kept = {r.identity.key: Path(r.file).name for r in gradebook_rows(report.results)}
    assert kept["11"].endswith("_900_hw-final.yaml")
    assert kept["12"].startswith("nguyen_tranbao_12_")
    assert kept["77"].endswith("file_hw.yaml")
    review = {(Path(row[3]).name, row[4]) for row in review_rows(report)}
    assert (canvas_name("Doe, John", 11, 500, "hw-1.yaml"), "duplicate") in review
    assert ("Ann Lee_77_assignsubmission_onlinetext_onlinetext.html", "duplicate") in review
    assert (kept["78"], "tie") in review
