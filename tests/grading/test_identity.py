"""Who a submission is from, by the names Canvas and Moodle give downloaded submissions."""

from __future__ import annotations

from screwsolve.grading.identity import from_file_name, identity_of


def test_canvas_names_give_the_user_id() -> None:
    found = from_file_name("subs/doejohn_12345_67890_answers.yaml")
    assert found is not None
    assert (found.source, found.key, found.name, found.late) == (
        "canvas",
        "12345",
        "doejohn",
        False,
    )


def test_canvas_late_and_resubmitted_files() -> None:
    late = from_file_name("doejohn_LATE_12345_67890_answers-2.yaml")
    assert late is not None and late.late and late.attempt == 2 and late.key == "12345"


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
