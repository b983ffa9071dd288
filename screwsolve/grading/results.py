"""What grading gives: each submission's items, verdicts and points, and the class's report,
with the rules that pick one submission per student for the gradebooks. Plain data, without
the solver: the command's own process of `grade` reports and writes them, its workers make
them (`grading.py`)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Literal

from screwsolve.grading.identity import Identity, from_file_name

SEPARATOR = "; "  # between the parts of an item's feedback

Verdict = Literal["correct", "wrong", "unreadable", "undecided", "missing"]
Status = Literal["graded", "invalid", "rejected", "timeout", "crashed"]


@dataclass
class ItemResult:
    """One item of one submission."""

    item: str
    verdict: Verdict
    points: float
    max_points: float
    feedback: str = ""
    answer: str = ""
    mistake: str = ""  # the code of the recognised mistake, if any
    hint: str = ""  # the key's hint, last in `feedback` when the item is wrong or undecided

    def feedback_without_hint(self) -> str:
        """The feedback as it reads before the due date when the key shows hints after it."""
        if self.hint and self.feedback.endswith(self.hint):
            return self.feedback[: -len(self.hint)].removesuffix(SEPARATOR)
        return self.feedback


@dataclass
class SubmissionResult:
    """One submission: who it is from, its status, items and score."""

    file: str
    identity: Identity | None = None
    declared: str = ""  # what its `student:` says
    status: Status = "graded"
    items: list[ItemResult] = field(default_factory=list)
    diagnostics: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was read with intent over form
    modified: float = 0.0  # the file's modification time: orders two files of one student

    @property
    def score(self) -> float:
        return sum(i.points for i in self.items)

    @property
    def student(self) -> str:
        """The name reports show: the LMS identity's, else the declared one."""
        return self.identity.name if self.identity is not None else self.declared


@dataclass
class GradeReport:
    """Every submission's result with the key's items, the probe seed and the warnings."""

    key: str
    key_id: str
    title: str
    items: dict[str, float]
    results: list[SubmissionResult]
    seed: int
    warnings: list[str] = field(default_factory=list)
    hints_after_due_date: bool = False  # the key's grading.hints_shown (autograders)

    @property
    def max_points(self) -> float:
        return sum(self.items.values())


def modified(path: str) -> float:
    """The file's modification time (0 when it cannot be read): orders a student's files."""
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def from_lms(path: str) -> bool:
    """Whether the file is named as an LMS names downloaded submissions (Canvas, Moodle)."""
    return from_file_name(path) is not None


def class_warnings(results: list[SubmissionResult]) -> list[str]:
    """Several submissions of one student, and one declared name used by several LMS users."""
    warnings = []
    for group in by_student(results):
        if len(group) > 1:
            kept = latest(group)
            files = ", ".join(r.file for r in group)
            warnings.append(
                f"{len(group)} submissions from {group[0].student}: {files} "
                f"(the gradebook takes {kept.file})"
            )
    declared: dict[str, set[str]] = {}
    for result in results:
        if result.identity is not None and result.identity.source != "student" and result.declared:
            declared.setdefault(result.declared.strip().lower(), set()).add(result.identity.key)
    for name, users in sorted(declared.items()):
        if len(users) > 1:
            warnings.append(
                f"submissions of {len(users)} different LMS users ({', '.join(sorted(users))}) "
                f"all declare student '{name}'"
            )
    return warnings


def by_student(results: list[SubmissionResult]) -> list[list[SubmissionResult]]:
    """The submissions of each student an LMS identifies (its source and key), in file order;
    a submission without an identity is nobody's."""
    groups: dict[str, list[SubmissionResult]] = {}
    for result in results:
        if result.identity is not None and result.identity.key:
            groups.setdefault(f"{result.identity.source}:{result.identity.key}", []).append(result)
    return list(groups.values())


def latest(group: list[SubmissionResult]) -> SubmissionResult:
    """The submission a gradebook keeps for a student: the LMS's own order (Canvas: the larger
    file id, the later upload; Moodle: a file over online text), then the file modified last
    (unzipping keeps the times a download stores), then the file name that sorts last."""
    return max(group, key=_order)


def _order(result: SubmissionResult) -> tuple[int, float, str]:
    return (result.identity.attempt if result.identity else 0, result.modified, result.file)


def tied(results: list[SubmissionResult]) -> dict[int, list[SubmissionResult]]:
    """Each kept submission (by id()) that only its file name put before others of the same
    student: same LMS order, same modification time (every file of a Moodle 4.x zip)."""
    ties = {}
    for group in by_student(results):
        kept = latest(group)
        same = [r for r in group if r is not kept and _order(r)[:2] == _order(kept)[:2]]
        if same:
            ties[id(kept)] = same
    return ties


def superseded(results: list[SubmissionResult]) -> dict[int, SubmissionResult]:
    """Each submission a gradebook does not take (by id()), with the one it takes instead."""
    replaced = {}
    for group in by_student(results):
        kept = latest(group)
        for result in group:
            if result is not kept:
                replaced[id(result)] = kept
    return replaced


def gradebook_rows(results: list[SubmissionResult]) -> list[SubmissionResult]:
    """One submission per student, for gradebooks: the latest of each identity, in file order."""
    kept = {id(latest(group)) for group in by_student(results)}
    return [r for r in results if id(r) in kept]
