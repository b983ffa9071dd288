"""No untrusted byte reaches a terminal, a CSV cell, XML, Markdown, LaTeX or a GitHub workflow
command unescaped: every output of every command on valid files whose free text is hostile
(tests/data/hostile-text/)."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ..conftest import ROOT

pytestmark = pytest.mark.slow  # not in the fast tier: see docs/contributing.md

TEXT = ROOT / "tests" / "data" / "hostile-text"
PROBLEM = TEXT / "titles-and-names.yaml"
KEY = ROOT / "examples" / "grading" / "key-plate.yaml"
RAW_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # newlines and tabs may stay


def run(args: list[str], env: dict[str, str] | None = None, cwd: Path = ROOT):
    full = {**os.environ, "NO_COLOR": "1", **(env or {})}
    return subprocess.run(["screwsolve", *args], cwd=cwd, env=full, capture_output=True)


def clean(data: bytes) -> bool:
    return not RAW_CONTROL.search(data.decode("utf-8"))


@pytest.mark.parametrize("format", ["table", "latex", "json"])
def test_run_outputs_carry_no_control_characters(format: str) -> None:
    result = run(["run", str(PROBLEM), "--format", format])
    assert result.returncode == 0, result.stderr
    assert clean(result.stdout) and clean(result.stderr)


def test_the_latex_of_hostile_text_compiles(tmp_path: Path, pdflatex: str) -> None:
    source = run(["run", str(PROBLEM), "--format", "latex", "--standalone"]).stdout
    (tmp_path / "t.tex").write_bytes(source)
    done = subprocess.run(
        [pdflatex, "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
        cwd=tmp_path,
        capture_output=True,
    )
    assert done.returncode == 0, done.stdout[-1500:]


@pytest.mark.parametrize("format", ["concise", "table", "json", "junit", "github"])
def test_check_outputs_are_escaped_for_their_destination(format: str, tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    env = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    result = run(["check", str(PROBLEM), "--format", format, "--no-cache"], env)
    assert result.returncode == 1  # the wrong claim
    assert clean(result.stdout) and clean(result.stderr)
    text = result.stdout.decode("utf-8")
    commands = [line for line in text.splitlines() if line.startswith("::")]
    assert all(line.startswith("::error file=") for line in commands), commands
    assert len(commands) in (0, 1)  # one failed claim: one annotation, never a forged one
    if format == "json":
        json.loads(text)
    if format == "junit":
        ET.fromstring(text)
    rows = [r for r in summary.read_text(encoding="utf-8").splitlines() if r.startswith("|")]
    # header, rule, one file; then header, rule and the one failing claim: no forged row
    assert len(rows) == 6 and rows[3] == "| where | what |", rows


def test_a_file_name_cannot_forge_summary_rows_or_commands(tmp_path: Path) -> None:
    hostile = tmp_path / "a\n| forged | row |\n::error::x.yaml"
    shutil.copy(ROOT / "problems" / "plate-on-a-step.yaml", hostile)
    summary = tmp_path / "summary.md"
    env = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    result = run(["check", str(hostile), "--no-cache"], env)
    assert result.returncode == 0
    rows = [r for r in summary.read_text(encoding="utf-8").splitlines() if r.startswith("|")]
    assert len(rows) == 3
    assert not any(line.startswith("::") for line in result.stdout.decode().splitlines())


def test_grade_reports_and_summary_are_escaped(tmp_path: Path) -> None:
    result = run(
        ["grade", "--key", str(KEY), str(TEXT / "submission.yaml"), "--out", str(tmp_path)]
    )
    assert result.returncode == 0
    assert clean(result.stdout) and clean(result.stderr)
    assert not any(line.startswith("::") for line in result.stdout.decode().splitlines())
    for name in ("grades.csv", "report.md"):
        data = (tmp_path / name).read_bytes().replace(b"\r\n", b"\n")  # CSV's own line ends
        assert clean(data), name
    rows = list(csv.reader(io.StringIO((tmp_path / "grades.csv").read_text(encoding="utf-8"))))
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)
    json.loads((tmp_path / "grades.json").read_text(encoding="utf-8"))


def test_validate_messages_are_escaped(tmp_path: Path) -> None:
    hostile = tmp_path / "bad.yaml"
    hostile.write_text(
        'title: t\nreferential: 0\nframes: {0: {}}\nparameters: {"a\\e[31m\\a": real}\n',
        encoding="utf-8",
    )
    result = run(["validate", str(hostile)])
    assert result.returncode == 1
    assert clean(result.stderr) and b"\\x1b" in result.stderr
