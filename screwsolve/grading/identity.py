"""Who a submission is from, read from the name an LMS gives it when an instructor downloads a
class's submissions; the file's own `student:` is only a fallback (students write their name,
a nickname or a number there, rarely their login).

- Canvas names each file `NAME[_LATE]_USERID_SUBMISSIONID_ORIGINAL` (NAME is the student's
  last and first names run together, USERID the Canvas user id); a resubmitted file's original
  name gets `-1`, `-2`, ... before its extension.
- Moodle names each file (or, with "download submissions in folders", each folder)
  `FULL NAME_PARTICIPANTID_assignsubmission_file_ORIGINAL`, and `Participant_ID_...` under blind
  marking; PARTICIPANTID is what its grading worksheet calls `Participant ID`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePath
from typing import Literal

Source = Literal["canvas", "moodle", "student"]

_CANVAS = re.compile(
    r"^(?P<name>[^_\s]+?)(?P<late>_late)?_(?P<user>\d+)_(?P<submission>\d+)_(?P<original>.+)$",
    re.IGNORECASE,
)
_RESUBMISSION = re.compile(r"-(?P<attempt>\d+)(?=\.[^.]*$|$)")
_MOODLE = re.compile(
    r"^(?P<name>.+?)_(?P<participant>\d+)_assignsubmission_(?:file|onlinetext)(?:_(?P<original>.*))?$"
)


@dataclass(frozen=True)
class Identity:
    """A submission's author: `key` identifies them in gradebooks (an LMS id, or the declared
    `student:` text), `name` is what to show; `attempt` orders resubmissions."""

    source: Source
    key: str
    name: str
    late: bool = False
    attempt: int = 0

    @property
    def lms_id(self) -> str:
        """The id the LMS matches on (empty for a `student:` identity)."""
        return self.key if self.source != "student" else ""


def from_file_name(path: str) -> Identity | None:
    """The LMS identity in a downloaded submission's path, if any. In a download "in folders"
    the folder the LMS made is the identity, and the file's own name (which the student chose,
    and could choose as another student's folder name) is never read as one."""
    pure = PurePath(path)
    for folder in reversed(pure.parent.parts):  # the nearest LMS folder above the file
        moodle = _MOODLE.match(folder)
        if moodle:
            return Identity("moodle", moodle["participant"], moodle["name"])
    moodle = _MOODLE.match(pure.name)
    if moodle:
        return Identity("moodle", moodle["participant"], moodle["name"])
    canvas = _CANVAS.match(pure.name)
    if canvas:
        resubmission = _RESUBMISSION.search(canvas["original"])
        attempt = int(resubmission["attempt"]) if resubmission else 0
        return Identity(
            "canvas", canvas["user"], canvas["name"], late=bool(canvas["late"]), attempt=attempt
        )
    return None


def identity_of(path: str, declared: str) -> Identity:
    """The LMS identity of a submission file, or else the one its `student:` declares."""
    found = from_file_name(path)
    if found is not None:
        return found
    return Identity("student", declared, declared)
