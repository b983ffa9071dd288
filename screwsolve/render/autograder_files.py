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

ANSWER_FILE = "answers.yaml"


def gradescope_files(key_text: str, version: str) -> list[tuple[str, str, bool]]:
    """(name in the zip, text, executable) of a Gradescope autograder."""
    setup = f"""#!/usr/bin/env bash
# Gradescope runs this once, as root, on its Ubuntu image, with network: screwsolve {version}
# in a virtual environment of its own.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq python3 python3-venv python3-pip > /dev/null
python3 -m venv /autograder/screwsolve-venv
/autograder/screwsolve-venv/bin/pip install --quiet "screwsolve=={version}"
"""
    run = """#!/usr/bin/env bash
# Gradescope runs this for each submission: the key is in source/, the student's files in
# submission/; the results go to results/results.json (screwsolve writes it whatever happens).
set -uo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
SCREWSOLVE="${SCREWSOLVE:-$ROOT/screwsolve-venv/bin/screwsolve}"
mkdir -p "$ROOT/results"
exec "$SCREWSOLVE" autograde gradescope --key "$ROOT/source/key.yaml" \\
  --results "$ROOT/results/results.json" -- "$ROOT/submission"
"""
    return [("setup.sh", setup, True), ("run_autograder", run, True), ("key.yaml", key_text, False)]


def prairielearn_files(key_text: str, title: str, version: str) -> list[tuple[str, str, bool]]:
    """(path in the question folder, text, executable) of a PrairieLearn question."""
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
    run = """#!/usr/bin/env bash
# PrairieLearn's grading container runs this for each submission: the student's files are in
# /grade/student, this folder in /grade/tests; the results go to /grade/results/results.json.
set -uo pipefail
ROOT="${GRADE_ROOT:-/grade}"
mkdir -p "$ROOT/results"
exec "${SCREWSOLVE:-screwsolve}" autograde prairielearn --key "$ROOT/tests/key.yaml" \\
  --results "$ROOT/results/results.json" -- "$ROOT/student"
"""
    dockerfile = f"""# The grading image of the question: build it, push it where your PrairieLearn
# pulls images from, and name it in info.json's externalGradingOptions.image.
FROM python:3.11-slim
RUN pip install --no-cache-dir "screwsolve=={version}"
"""
    return [
        ("info.json", json.dumps(info, indent=2) + "\n", False),
        ("question.html", question, False),
        ("tests/key.yaml", key_text, False),
        ("tests/run.sh", run, True),
        ("Dockerfile", dockerfile, False),
    ]
