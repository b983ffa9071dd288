"""`check` as a course's CI runs it: exactly the problem files of a repository, machine output
that parses, one clickable line per failure, results from the cache, standard input."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from screwsolve.cli import app

from ..conftest import PROBLEMS, ROOT

PLATE = (PROBLEMS / "plate-on-a-step.yaml").read_text(encoding="utf-8")
SCHEMA = json.loads((ROOT / "schemas" / "check.schema.json").read_text(encoding="utf-8"))


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A course repository: two problems (one with a wrong claim), a gitignored build folder
    holding a copy, GitHub workflows, a pre-commit config and a YAML file that is no problem."""
    repo = tmp_path / "course"
    (repo / "problems").mkdir(parents=True)
    (repo / "problems" / "plate.yaml").write_text(PLATE, encoding="utf-8")
    wrong = PLATE.replace(
        "theta: -m*g*l*cos(theta) + h*N_Q/sin(theta)", "theta: m*g*l*cos(theta) + h*N_Q/sin(theta)"
    )
    (repo / "problems" / "wrong.yaml").write_text(wrong, encoding="utf-8")
    (repo / "build").mkdir()
    (repo / "build" / "copy.yaml").write_text(PLATE, encoding="utf-8")
    (repo / ".gitignore").write_text("build/\n", encoding="utf-8")
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / ".github" / "workflows" / "ci.yml").write_text("on: push\njobs: {}\n", "utf-8")
    (repo / ".pre-commit-config.yaml").write_text("repos: []\n", encoding="utf-8")
    (repo / "mkdocs.yml").write_text("site_name: course\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    return repo


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None, stdin: str | None = None):
    """The installed command in a fresh process, as CI runs it."""
    full = {**os.environ, "NO_COLOR": "1", **(env or {})}
    return subprocess.run(
        ["screwsolve", *args], cwd=cwd, env=full, input=stdin, capture_output=True, text=True
    )


def test_a_repository_is_checked_file_by_problem_file(course: Path) -> None:
    result = run(["check", ".", "--format", "json", "-v"], course)
    document = json.loads(result.stdout)
    assert sorted(f["path"] for f in document["files"]) == [
        "problems/plate.yaml",
        "problems/wrong.yaml",
    ]
    assert "build: ignored by git" in result.stderr  # pruned, never entered
    assert "mkdocs.yml: not a screwsolve problem" in result.stderr
    assert ".github" not in result.stdout and ".pre-commit" not in result.stdout
    assert result.returncode == 1


def test_json_parses_under_github_actions(course: Path, tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    env = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    result = run(["check", "problems", "--json"], course, env)
    document = json.loads(result.stdout)  # exactly one document, no annotation before it
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert document["status"] == "fail" and document["summary"]["failed"] == 1
    assert "::error" not in result.stdout
    assert "| problems/wrong.yaml | fail |" in summary.read_text(encoding="utf-8")


def test_a_failure_is_one_clickable_line(course: Path) -> None:
    result = run(["check", "problems"], course)
    failures = [line for line in result.stdout.splitlines() if "expected" in line]
    line = next(i for i, t in enumerate(PLATE.splitlines(), 1) if "theta: -m*g*l*cos" in t)
    assert len(failures) == 1
    assert re.fullmatch(
        rf"problems/wrong\.yaml:{line}:\d+: power_coefficients\.theta: expected .+, got .+",
        failures[0],
    )
    assert result.stdout.splitlines()[-1].startswith("2 files, ")


def test_annotations_in_actions_follow_the_human_output(course: Path) -> None:
    result = run(["check", "problems"], course, {"GITHUB_ACTIONS": "true"})
    assert result.stdout.startswith("::error file=problems/wrong.yaml,line=")
    explicit = run(["check", "problems", "--format", "github"], course)
    assert explicit.stdout.splitlines() == [
        line for line in result.stdout.splitlines() if line.startswith("::")
    ]


def test_a_second_run_comes_from_the_cache_and_a_change_is_rechecked(
    course: Path, tmp_path: Path
) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    first = json.loads(run(["check", "problems", "--json"], course, env).stdout)
    assert first["summary"]["cached"] == 0
    second = json.loads(run(["check", "problems", "--json"], course, env).stdout)
    assert second["summary"]["cached"] == 2
    assert second["files"] == [dict(f, cached=True) for f in first["files"]]
    fixed = (course / "problems" / "wrong.yaml").read_text(encoding="utf-8")
    (course / "problems" / "wrong.yaml").write_text(
        "# fixed\n" + fixed.replace("theta: m*g*l*cos(theta) +", "theta: -m*g*l*cos(theta) +"),
        "utf-8",
    )
    third = json.loads(run(["check", "problems", "--json"], course, env).stdout)
    assert third["summary"]["cached"] == 1 and third["status"] == "ok"
    fresh = json.loads(run(["check", "problems", "--json", "--no-cache"], course, env).stdout)
    assert fresh["summary"]["cached"] == 0
    cleared = run(["cache", "clear"], course, env)
    assert cleared.returncode == 0 and "removed" in cleared.stderr


def test_standard_input_is_checked_in_a_worker(course: Path) -> None:
    result = run(
        ["check", "-", "--stdin-filename", "problems/typed.yaml", "--format", "json"],
        course,
        stdin=PLATE,
    )
    document = json.loads(result.stdout)
    assert document["files"][0]["path"] == "problems/typed.yaml"
    assert document["status"] == "ok"


def test_seed_zero_is_seed_zero_and_junit_is_checked_first(course: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    zero = runner.invoke(
        app, ["check", str(course / "problems" / "plate.yaml"), "--json", "--seed", "0"]
    )
    assert json.loads(zero.stdout)["seed"] == 0
    folder = runner.invoke(app, ["check", str(course / "problems"), "--junit", str(tmp_path)])
    assert folder.exit_code == 2 and "is a folder" in folder.stderr


def test_junit_report_is_well_formed(course: Path, tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    report = tmp_path / "junit.xml"
    run(["check", "problems", "--junit", str(report)], course)
    root = ET.parse(report).getroot()
    assert root.tag == "testsuites" and root.get("failures") == "1"
    assert {s.get("name") for s in root} == {"problems/plate.yaml", "problems/wrong.yaml"}
    # each case says where it is written, as CI dashboards link it
    (failed,) = [c for c in root.iter("testcase") if c.find("failure") is not None]
    assert failed.get("file") == "problems/wrong.yaml" and int(failed.get("line") or 0) > 1
    text = (course / "problems" / "wrong.yaml").read_text(encoding="utf-8").splitlines()
    assert failed.get("name", "").split(".")[-1] in text[int(failed.get("line") or 0) - 1]


def test_the_job_summary_lists_the_failing_claims(course: Path, tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    env = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    run(["check", "problems"], course, env)
    text = summary.read_text(encoding="utf-8")
    assert "| where | what |" in text and "problems/wrong.yaml:" in text
    assert "power\\_coefficients.theta" in text or "power_coefficients.theta" in text


def test_claim_errors_are_counted_apart_from_failures(course: Path) -> None:
    """A claim that cannot be checked (an unknown action) is not a wrong claim: JSON's `failed`
    counts wrong claims only (schema_version 2), `claim_errors` the others, and the summary
    line names them apart."""
    unknown = PLATE.replace(
        "    push at A: F_A*x'\n", "    push at A: F_A*x'\n    nobody: F_A*x'\n"
    )
    assert unknown != PLATE
    (course / "problems" / "unknown.yaml").write_text(unknown, encoding="utf-8")
    document = json.loads(run(["check", "problems", "--json", "--no-cache"], course).stdout)
    jsonschema.validate(document, SCHEMA)
    summary = document["summary"]
    claims = [c for f in document["files"] for c in f["claims"]]
    assert summary["claim_errors"] == 1 == sum(c["status"] == "error" for c in claims)
    assert summary["failed"] == 1 == sum(c["status"] == "fail" for c in claims)
    line = run(["check", "problems"], course).stdout.splitlines()[-1]
    assert ", 1 failed, 1 claim not checked, " in line


def test_check_json_values_are_text_and_latex_as_run_prints_them(course: Path) -> None:
    """One truth: a claim's true value in check's JSON is the text and the LaTeX that run's
    JSON gives the same quantity (the reading order included: m*g*l, never g*l*m)."""
    plate = str(course / "problems" / "plate.yaml")
    checked = json.loads(run(["check", plate, "--json", "--no-cache"], course).stdout)
    solved = json.loads(run(["run", plate, "--format", "json"], course).stdout)
    coefficients = solved["solution"]["power_coefficients"]
    claims = {c["path"]: c for c in checked["files"][0]["claims"]}
    compared = 0
    for path, claim in claims.items():
        section, *rest = path.split(".")
        if section != "power_coefficients" or len(rest) != 1:
            continue
        total = coefficients[rest[0]]
        assert claim["got"] == {"text": total["text"], "latex": total["latex"]}, path
        assert claim["expected"]["latex"], path  # the claim typeset as well
        compared += 1
    assert compared == 3  # x, theta and t


def test_an_empty_folder_is_not_a_success(tmp_path: Path) -> None:
    result = run(["check", str(tmp_path)], tmp_path)
    assert result.returncode == 1 and "no problem files" in result.stderr


def test_the_published_hooks_run_on_the_repository() -> None:
    """Each hook of .pre-commit-hooks.yaml, run as pre-commit would: its entry and arguments
    with every staged YAML file (here the shipped problems and the repository's own YAML
    configuration, which the hooks leave alone); the repository's own config uses the same
    hooks."""
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    files = [f for f in tracked if re.match(r"(problems/|\.pre-commit|action\.yml)", f)]
    assert "action.yml" in files and "problems/plate-on-a-step.yaml" in files
    for hook in hooks:
        assert hook["types"] == ["yaml"] and "files" not in hook, hook["id"]
        command = [*hook["entry"].split(), *hook["args"], *files]
        done = subprocess.run(command, cwd=ROOT, capture_output=True)
        assert done.returncode == 0, (hook["id"], done.stderr[-500:])
    own = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    assert [h["id"] for h in own["repos"][0]["hooks"]] == [h["id"] for h in hooks]
    assert [h["entry"] for h in own["repos"][0]["hooks"]] == [h["entry"] for h in hooks]


def test_standard_input_is_named_as_given(tmp_path: Path) -> None:
    """`check -` names its file `<stdin>` (it printed `./<stdin>`), or --stdin-filename's."""
    wrong = PLATE.replace("    x: F_A - N_Q*sin(theta) + F_Q*cos(theta)", "    x: F_A", 1)
    assert wrong != PLATE
    done = run(["check", "-", "--no-cache"], tmp_path, stdin=wrong)
    assert done.stdout.startswith("<stdin>:65:8: power_coefficients.x: expected F_A"), done.stdout
    named = run(
        ["check", "-", "--no-cache", "--stdin-filename", "hw/plate.yaml"], tmp_path, stdin=wrong
    )
    assert named.stdout.startswith("hw/plate.yaml:65:8:"), named.stdout


def test_every_published_schema_has_an_id() -> None:
    for path in sorted((ROOT / "schemas").glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        assert schema["$id"] == f"urn:screwsolve:schemas:{path.name.split('.')[0]}", path


def test_junit_gives_each_file_its_time(tmp_path: Path) -> None:
    (tmp_path / "plate.yaml").write_text(PLATE, encoding="utf-8")
    done = run(["check", "plate.yaml", "--no-cache", "--format", "junit"], tmp_path)
    suite = re.search(r'<testsuite [^>]*time="(?P<time>[0-9.]+)"', done.stdout)
    whole = re.search(r'<testsuites [^>]*time="(?P<time>[0-9.]+)"', done.stdout)
    assert suite is not None and whole is not None, done.stdout[:500]
    assert float(suite["time"]) > 0 and float(whole["time"]) == float(suite["time"])
