"""What an instructor uploads to run screwsolve as an autograder, written from a key.

- Gradescope: a zip holding `setup.sh` (run once, as root, on Ubuntu, with network: it installs
  this very screwsolve version) and `run_autograder` at its root, and the key. At run time the
  zip is in `/autograder/source`, the student's files in `/autograder/submission`, and
  `run_autograder` writes `/autograder/results/results.json`.
- PrairieLearn: a question folder (`info.json` with external grading on, `question.html` with a
  file editor and upload, the key and the entrypoint in `tests/`) and a `Dockerfile` for the
  grading image (screwsolve installed; networking stays off at grading time). The container
  finds the student's files in `/grade/student`, the question's tests in `/grade/tests`, and
  the entrypoint writes `/grade/results/results.json`.

Both scripts take their root from an environment variable (`AUTOGRADER_ROOT`, `GRADE_ROOT`) so
that they can be tried in a folder laid out as the platform lays out its own.
"""

from __future__ import annotations

import html
import json
import uuid
from typing import TypeAlias

ANSWER_FILE = "answers.yaml"
FIGURE_FILE = "figure.png"

Shipped: TypeAlias = tuple[str, str | bytes, bool]  # (path in the package, content, executable)


def _requirement(version: str, wheel: str | None, folder: str) -> str:
    """What pip installs: the shipped wheel, else this very release from PyPI."""
    return f'"{folder}/{wheel}"' if wheel else f'"screwsolve=={version}"'


def gradescope_files(
    key_text: str, version: str, *, wheel: str | None = None, figure: bytes | None = None
) -> list[Shipped]:
    """(name in the zip, content, executable) of a Gradescope autograder."""
    requirement = _requirement(version, wheel, "$ROOT/source")
    setup = f"""#!/usr/bin/env bash
# Gradescope runs this once, as root, on its Ubuntu image, with network: screwsolve {version}
# in a virtual environment of its own (apt only when the image lacks Python's venv).
set -euo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
if ! python3 -c "import ensurepip, venv" > /dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq python3 python3-venv python3-pip > /dev/null
fi
python3 -m venv "$ROOT/screwsolve-venv"
"$ROOT/screwsolve-venv/bin/python" -m pip install --quiet --disable-pip-version-check \\
  {requirement}
"$ROOT/screwsolve-venv/bin/screwsolve" --version
"""
    run = f"""#!/usr/bin/env bash
# Gradescope runs this for each submission: the key is in source/, the student's files in
# submission/; the results go to results/results.json (screwsolve writes it whatever happens).
set -uo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
SCREWSOLVE="${{SCREWSOLVE:-$ROOT/screwsolve-venv/bin/screwsolve}}"
FIGURE=()
if [ -f "$ROOT/source/{FIGURE_FILE}" ]; then FIGURE=(--figure "$ROOT/source/{FIGURE_FILE}"); fi
mkdir -p "$ROOT/results"
exec "$SCREWSOLVE" autograde gradescope --key "$ROOT/source/key.yaml" "${{FIGURE[@]}}" \\
  --results "$ROOT/results/results.json" -- "$ROOT/submission"
"""
    files: list[Shipped] = [
        ("setup.sh", setup, True),
        ("run_autograder", run, True),
        ("key.yaml", key_text, False),
    ]
    if figure is not None:
        files.append((FIGURE_FILE, figure, False))
    return files


def prairielearn_files(
    key_text: str,
    title: str,
    version: str,
    *,
    wheel: str | None = None,
    figure: bytes | None = None,
    hints: dict[str, str] | None = None,
) -> list[Shipped]:
    """(path in the question folder, content, executable) of a PrairieLearn question; hints the
    key keeps for after the due date go to the answer panel (shown when answers are)."""
    info = {
        "uuid": str(uuid.uuid4()),
        "title": title,
        "topic": "Rigid-body mechanics",
        "tags": ["screwsolve"],
        "type": "v3",
        "singleVariant": True,
        "gradingMethod": "External",
        "externalGradingOptions": {
            "enabled": True,
            "image": f"screwsolve-grader:{version}",
            "entrypoint": "/grade/tests/run.sh",
            "timeout": 120,
        },
    }
    shown = html.escape(title, quote=True)
    question = f"""<pl-question-panel>
  <p>{shown}</p>
  <p>Write your answers in <code>{ANSWER_FILE}</code> (student, problem and answers, shaped like
  the problem's <code>expected:</code>), here or as an upload.</p>
</pl-question-panel>

<pl-file-editor file-name="{ANSWER_FILE}" ace-mode="ace/mode/yaml"></pl-file-editor>
<pl-file-upload file-names="{ANSWER_FILE}" optional="true"></pl-file-upload>

<pl-submission-panel>
  <pl-external-grader-results></pl-external-grader-results>
  <pl-file-preview></pl-file-preview>
</pl-submission-panel>
"""
    if hints:
        shown_hints = "\n".join(
            f"    <li><code>{html.escape(item)}</code>: {html.escape(hint)}</li>"
            for item, hint in hints.items()
        )
        question += f"""
<pl-answer-panel>
  <p>Hints:</p>
  <ul>
{shown_hints}
  </ul>
</pl-answer-panel>
"""
    run = f"""#!/usr/bin/env bash
# PrairieLearn's grading container runs this for each submission: the student's files are in
# /grade/student, this folder in /grade/tests; the results go to /grade/results/results.json.
set -uo pipefail
ROOT="${{GRADE_ROOT:-/grade}}"
FIGURE=()
if [ -f "$ROOT/tests/{FIGURE_FILE}" ]; then FIGURE=(--figure "$ROOT/tests/{FIGURE_FILE}"); fi
mkdir -p "$ROOT/results"
exec "${{SCREWSOLVE:-screwsolve}}" autograde prairielearn --key "$ROOT/tests/key.yaml" \\
  "${{FIGURE[@]}}" --results "$ROOT/results/results.json" -- "$ROOT/student"
"""
    copy = f"COPY {wheel} /tmp/{wheel}\n" if wheel else ""
    dockerfile = f"""# The grading image of the question: build it, push it where your PrairieLearn
# pulls images from, and name it in info.json's externalGradingOptions.image.
FROM python:3.11-slim
{copy}RUN pip install --no-cache-dir {_requirement(version, wheel, "/tmp")}
"""
    files: list[Shipped] = [
        ("info.json", json.dumps(info, indent=2) + "\n", False),
        ("question.html", question, False),
        ("tests/key.yaml", key_text, False),
        ("tests/run.sh", run, True),
        ("Dockerfile", dockerfile, False),
    ]
    if figure is not None:
        files.append((f"tests/{FIGURE_FILE}", figure, False))
    return files
