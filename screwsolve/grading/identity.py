"""Who a submission is from, read from the name an LMS gives it when an instructor downloads a
class's submissions; the file's own `student:` is only a fallback (students write their name,
a nickname or a number there, rarely their login).

- Canvas (lib/content_zipper.rb) names each uploaded file `NAME[_LATE]_USERID_FILEID_ORIGINAL`:
  NAME is the sortable name ("Last, First") lower-cased with every character that is not a
  letter, digit or `_` removed (so `Nguyen_Tran, Bao` gives `nguyen_tranbao`, `Zoë` stays
  `zoë`) and `_DIGITS_` runs joined; USERID is the Canvas user id (`anon_XXXXX` when the
  assignment hides names); FILEID is the uploaded file's id, which grows with each upload, so
  the larger one is the later submission. A `-1`, `-2` before ORIGINAL's extension is Canvas
  renaming a file whose name clashed with one already in the student's files: part of the
  name, never an attempt number.
- Moodle names each file (or, with "download submissions in folders", each folder)
  `FULL NAME_PARTICIPANTID_assignsubmission_PLUGIN_ORIGINAL`, and `Participant_ID_...` under
  blind marking; PARTICIPANTID is what its grading worksheet calls `Participant ID`; PLUGIN is
  `file` for an uploaded file and `onlinetext` for the text typed online. Every file of a
  Moodle 4.x zip carries the download's time: a file submission is taken over online text,
  and two files of one kind are a tie the review list shows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePath
from typing import Literal

Source = Literal["canvas", "moodle", "student"]

# NAME holds word characters only (Unicode letters, digits, `_`), never `_DIGITS_`: the first
# `_USERID_FILEID_` after it is Canvas's own, whatever ORIGINAL holds.
# (Under anonymous grading there is no NAME: `[LATE_]anon_XXXXX_FILEID_ORIGINAL`.)
_CANVAS = re.compile(
    r"^(?:(?P<before>\w*?)_)??(?P<user>\d+|anon_[A-Za-z0-9]+)_(?P<file>\d+)_(?P<original>.+)$"
)
_MOODLE = re.compile(
    r"^(?P<name>.+?)_(?P<participant>\d+)_assignsubmission_(?P<plugin>file|onlinetext)"
    r"(?:_(?P<original>.*))?$"
)
MOODLE_PLUGIN_RANK = {"onlinetext": 0, "file": 1}  # a file is the submission over online text


@dataclass(frozen=True)
class Identity:
    """A submission's author: `key` identifies them in gradebooks (an LMS id, or the declared
    `student:` text), `name` is what to show; `attempt` orders one student's files as the LMS
    does (Canvas: the file's id; Moodle: a file over online text)."""

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
            return _moodle(moodle)
    moodle = _MOODLE.match(pure.name)
    if moodle:
        return _moodle(moodle)
    canvas = _CANVAS.match(pure.name)
    if canvas:
        before = canvas["before"] or ""
        late = before == "LATE" or before.endswith("_LATE")
        name = before.removesuffix("LATE").removesuffix("_") if late else before
        return Identity(
            "canvas", canvas["user"], name or canvas["user"], late=late, attempt=int(canvas["file"])
        )
    return None


def _moodle(found: re.Match[str]) -> Identity:
    rank = MOODLE_PLUGIN_RANK[found["plugin"]]
    return Identity("moodle", found["participant"], found["name"], attempt=rank)


def identity_of(path: str, declared: str) -> Identity:
    """The LMS identity of a submission file, or else the one its `student:` declares."""
    found = from_file_name(path)
    if found is not None:
        return found
    return Identity("student", declared, declared)
