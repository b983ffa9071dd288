"""The command line: outputs on the right stream, exit codes 0/1/2, no tracebacks for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from screwsolve.cli import app

from ..conftest import INVALID, PROBLEMS

PLATE = str(PROBLEMS / "plate-on-a-step.yaml")


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "120")
    return CliRunner()


def test_run_table(runner: CliRunner) -> None:
    result = runner.invoke(app, ["run", PLATE])
    assert result.exit_code == 0, result.output
    assert "{theta'*z0 ; x'*x0}_A" in result.stdout
    assert "N_Q*h/sin(theta)" in result.stdout
    assert "\x1b[" not in result.stdout


@pytest.mark.parametrize("color", ["never", "always"])
def test_names_that_look_like_emoji_codes_print_as_written(runner: CliRunner, color: str) -> None:
    text = Path(PLATE).read_text(encoding="utf-8").replace("name: weight", "name: ':up: weight'")
    result = runner.invoke(app, ["run", "-", "--color", color], input=text)
    assert result.exit_code == 0, result.output
    assert ":up: weight" in result.stdout


def test_run_json_is_one_stable_document(runner: CliRunner) -> None:
    first = runner.invoke(app, ["run", PLATE, "--format", "json"])
    second = runner.invoke(app, ["run", PLATE, "--format", "json"])
    assert first.exit_code == 0
    assert first.stdout == second.stdout
    document = json.loads(first.stdout)
    assert document["schema_version"] == 1
    assert document["solution"]["power_coefficients"]["theta"]["latex"]
    assert list(document) == sorted(document)


def test_run_latex_and_at(runner: CliRunner) -> None:
    result = runner.invoke(app, ["run", PLATE, "--format", "latex", "--at", "Q"])
    assert result.exit_code == 0
    assert r"\end{Bmatrix}_{Q}" in result.stdout
    assert r"\dot{\theta}" in result.stdout


def test_run_unknown_point_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(app, ["run", PLATE, "--at", "QQ"])
    assert result.exit_code == 2
    assert "unknown point 'QQ'" in result.stderr


def test_run_writes_output_file(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    result = runner.invoke(app, ["run", PLATE, "-f", "json", "-o", str(out)])
    assert result.exit_code == 0
    assert json.loads(out.read_text())["command"] == "run"


def test_run_json_is_written_whole_and_leaves_no_spool(tmp_path: Path) -> None:
    """The worker writes the JSON document into a spool file as it is encoded; standard output
    and --output get exactly the stored document, and no spool file is left, after success or
    after an invalid file."""
    golden = (Path(__file__).parents[1] / "golden" / "plate-on-a-step" / "solution.json").read_text(
        encoding="utf-8"
    )
    spools = tmp_path / "tmp"
    spools.mkdir()
    env = {**os.environ, "TMPDIR": str(spools), "NO_COLOR": "1"}
    command = [sys.executable, "-m", "screwsolve", "run", PLATE, "--format", "json"]
    shown = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == golden
    out = tmp_path / "out" / "solution.json"
    out.parent.mkdir()
    written = subprocess.run([*command, "-o", str(out)], env=env, check=False)
    assert written.returncode == 0
    assert out.read_text(encoding="utf-8") == golden
    assert [p.name for p in out.parent.iterdir()] == ["solution.json"]
    bad = subprocess.run(
        [sys.executable, "-m", "screwsolve", "run", "-", "--format", "json"],
        input="title: [\n",
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert bad.returncode == 1 and json.loads(bad.stdout)["status"] == "error"
    assert list(spools.iterdir()) == []


def test_run_reads_stdin(runner: CliRunner) -> None:
    result = runner.invoke(app, ["run", "-", "-f", "json"], input=Path(PLATE).read_text())
    assert result.exit_code == 0
    assert json.loads(result.stdout)["status"] == "ok"


def test_run_names_stdin_by_stdin_filename_and_a_file_by_its_path(runner: CliRunner) -> None:
    bad = "title: t\nreferential: E\nframes: {E: {}}\nbodies: {B: {frame: F, origin: O}}\n"
    named = runner.invoke(app, ["run", "-", "--stdin-filename", "mine.yaml"], input=bad)
    assert named.exit_code == 1
    assert "mine.yaml:4:21: unknown frame 'F'" in named.stderr
    path = runner.invoke(app, ["run", PLATE, "--stdin-filename", "ignored.yaml", "-f", "json"])
    assert path.exit_code == 0, path.output  # the file named, not one called ignored.yaml
    assert json.loads(path.stdout)["status"] == "ok"


def test_run_on_a_folder_is_a_located_error(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["run", str(tmp_path)])
    assert result.exit_code == 1
    assert f"{tmp_path}:1:1: not a regular file" in result.stderr
    assert "Traceback" not in result.output


def test_invalid_file_gives_located_errors_and_exit_1(runner: CliRunner) -> None:
    path = str(INVALID / "misspelt-key.yaml")
    for command in (["run", path], ["validate", path]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1
        assert f"{path}:9:49: unknown key 'forse'" in result.stderr
        assert "Traceback" not in result.output


def test_validate_ok(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", PLATE])
    assert result.exit_code == 0


def test_validate_takes_folders_as_check_does(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", str(PROBLEMS), "--timeout", "0"])
    assert result.exit_code == 0, result.output
    count = len(list(PROBLEMS.glob("*.yaml")))
    assert f"{count} files valid" in result.stderr
    (tmp_path / "bad.yaml").write_text("referential: 0\ntitle: [\n", encoding="utf-8")
    (tmp_path / "notes.yaml").write_text("just: notes\n", encoding="utf-8")  # not a problem
    result = runner.invoke(app, ["validate", str(tmp_path), "--timeout", "0"])
    assert result.exit_code == 1 and "bad.yaml:" in result.stderr and "notes" not in result.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    result = runner.invoke(app, ["validate", str(empty)])
    assert result.exit_code == 1 and "no problem files found" in result.stderr


def test_check_exit_codes_and_reports(runner: CliRunner, tmp_path: Path) -> None:
    junit = tmp_path / "r.xml"
    result = runner.invoke(app, ["check", str(PROBLEMS), "--junit", str(junit)])
    assert result.exit_code == 0, result.output
    assert "0 failed" in result.stdout
    assert "<testsuites" in junit.read_text()
    bad = runner.invoke(app, ["check", str(INVALID / "alias.yaml"), "--json"])
    assert bad.exit_code == 1
    assert json.loads(bad.stdout)["files"][0]["status"] == "error"


def test_bad_option_is_exit_2(runner: CliRunner) -> None:
    result = runner.invoke(app, ["run", PLATE, "--format", "pdf"])
    assert result.exit_code == 2


def test_schema_command_matches_the_published_file(runner: CliRunner) -> None:
    result = runner.invoke(app, ["schema"])
    published = (PROBLEMS.parent / "schemas" / "problem.schema.json").read_text()
    assert json.loads(result.stdout) == json.loads(published)


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert "screwsolve 0.1.0" in result.stdout and "sympy" in result.stdout


def test_python_dash_m_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "screwsolve", "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert "screwsolve" in done.stdout


def test_check_speaks_github_actions(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong = (PROBLEMS / "notional-couple.yaml").read_text().replace("q1: -c*q2'", "q1: c*q2'")
    path = tmp_path / "couple.yaml"
    path.write_text(wrong)
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = runner.invoke(app, ["check", str(path), "--timeout", "0"])
    assert result.exit_code == 1
    line = next(i for i, t in enumerate(wrong.splitlines(), 1) if "q1: c*q2'" in t)
    assert f"::error file={path.as_posix()},line={line},col=" in result.stdout
    assert "title=power_coefficients.q1::" in result.stdout
    assert "| fail |" in summary.read_text()


def test_no_home_folder_means_no_cache_and_no_traceback(tmp_path) -> None:
    import os
    import subprocess

    from ..conftest import ROOT

    key = ROOT / "examples" / "grading" / "key-plate.yaml"
    alice = ROOT / "examples" / "grading" / "submissions" / "alice.yaml"
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "XDG_CACHE_HOME")}
    # HOME empty or relative: no home folder. (HOME unset is not tried: Python then asks the
    # password database, and the test would write into the real user's cache.)
    for home in ("", "relative/home"):
        env["HOME"] = home
        done = subprocess.run(
            ["screwsolve", "grade", "--key", str(key), str(alice), "--out", str(tmp_path)],
            env=env,
            capture_output=True,
            text=True,
            cwd=tmp_path,
        )
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert "no home folder: running without a cache" in done.stdout + done.stderr
    assert not (tmp_path / "relative").exists()


@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_run_interrupted_stops_its_worker_and_exits_130(tmp_path: Path, signal_name: str) -> None:
    """Ctrl-C (or a CI runner's SIGTERM) while a long problem is solved: exit 130 and one line
    saying so, not an internal error."""
    import signal
    import time

    from ..two_axis_chain import two_axis_chain_yaml

    problem = tmp_path / "long.yaml"
    problem.write_text(two_axis_chain_yaml(30), encoding="utf-8")  # minutes of work
    command = [sys.executable, "-m", "screwsolve", "run", str(problem), "-f", "json"]
    running = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_for_a_worker(running.pid)  # its signal handlers are in place: whatever the load
    time.sleep(1)  # and the worker is solving (or importing): either way exit 130
    running.send_signal(getattr(signal, signal_name))
    _, stderr = running.communicate(timeout=60)
    assert running.returncode == 130, stderr
    assert f"interrupted ({signal_name})" in stderr
    assert "internal error" not in stderr


def _wait_for_a_worker(pid: int, seconds: float = 120) -> None:
    """Until the command has started its worker (which it does once it handles SIGINT and
    SIGTERM): a fixed sleep sent the signal before Python had started on a loaded machine
    (exit -15). Linux's /proc lists a process's children; elsewhere, 3 s."""
    import time

    children = Path(f"/proc/{pid}/task/{pid}/children")
    if not children.exists():
        time.sleep(3)
        return
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if children.read_text().strip():
            return
        time.sleep(0.05)
    raise AssertionError(f"no worker started in {seconds} s")


def test_what_a_user_gets_wrong_is_said_in_their_words(tmp_path: Path) -> None:
    """An answer file checked as a problem, a file with nothing to check, --standalone without
    LaTeX: each says what to do instead of passing in silence."""
    from ..conftest import ROOT

    runner = CliRunner()
    answers = ROOT / "examples" / "grading" / "submissions" / "alice.yaml"
    done = runner.invoke(app, ["check", str(answers)])
    assert done.exit_code == 1
    assert "this is an answer file" in done.output and "screwsolve grade --key" in done.output
    bare = tmp_path / "bare.yaml"
    bare.write_text("title: x\nreferential: N\nframes: {N: {}}\n", encoding="utf-8")
    done = runner.invoke(app, ["check", str(bare)])
    assert done.exit_code == 0 and "warning: no claims to check" in done.output
    done = runner.invoke(app, ["run", str(bare), "--standalone"])
    assert done.exit_code == 2 and "add --format latex" in done.output


@pytest.mark.parametrize(
    "text",
    [
        "title: x\nreferential: N\nframez: 1\n",  # the schema's problems
        "title: x\nreferential: N\nframes: {N: {}}\npoints: {P: {from: Q, position: 0}}\n",
    ],
)
def test_run_as_json_says_why_there_is_no_solution(tmp_path: Path, text: str) -> None:
    """A tool that reads only standard output still gets a document: status error, no
    solution, each problem with its place (schemas/result.schema.json)."""
    import jsonschema

    from ..conftest import ROOT

    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        ["screwsolve", "run", str(path), "--format", "json"], capture_output=True, text=True
    )
    assert done.returncode == 1
    document = json.loads(done.stdout)
    schema = json.loads((ROOT / "schemas" / "result.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    assert document["status"] == "error" and document["solution"] is None
    diagnostics = document["diagnostics"]
    assert diagnostics and all(d["file"] == str(path) and d["line"] >= 1 for d in diagnostics)
    assert "error: " in done.stderr  # the same problems on standard error, as before


def test_a_timed_out_run_as_json_says_so(tmp_path: Path) -> None:
    from ..two_axis_chain import two_axis_chain_yaml

    path = tmp_path / "chain.yaml"
    path.write_text(two_axis_chain_yaml(12), encoding="utf-8")
    done = subprocess.run(
        ["screwsolve", "run", str(path), "--format", "json", "--timeout", "0.5"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    document = json.loads(done.stdout)
    assert document["status"] == "error" and "timed out" in document["diagnostics"][0]["message"]


def test_a_model_past_the_work_limit_is_refused_where_it_costs(tmp_path: Path) -> None:
    from ..large_models import chain_yaml

    path = tmp_path / "long chain.yaml"
    text = chain_yaml(110)  # past what run's 300 s may take, not only check's 60 s
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(["screwsolve", "run", str(path)], capture_output=True, text=True)
    assert done.returncode == 1 and done.stdout == ""
    located, _, message = done.stderr.removeprefix("error: ").partition(": this model")
    line = int(located.split(":")[-2])
    assert text.splitlines()[line - 1].startswith("  110: {frame: 110,")
    message = "this model" + message
    assert message.startswith("this model needs more work than a worker's limits allow")
    checked = subprocess.run(
        ["screwsolve", "check", str(path), "--format", "json"], capture_output=True, text=True
    )
    assert checked.returncode == 1
    (report,) = json.loads(checked.stdout)["files"]
    assert "needs more work than a worker's limits allow" in report["diagnostics"][0]["message"]


@pytest.mark.parametrize("command", ["run", "check", "validate", "sketch"])
def test_a_timeout_past_a_day_is_a_usage_error(command: str) -> None:
    """--timeout 999999999 overflowed the worker's timers (an internal error)."""
    result = CliRunner().invoke(
        app, [command, str(PROBLEMS / "plate-on-a-step.yaml"), "--timeout", "999999999"]
    )
    assert result.exit_code == 2
    assert "86400" in result.output


def test_run_only_prints_the_sections_asked_for(runner: CliRunner) -> None:
    """The plate's Q^theta (Example 13.3.7: N_Q h / sin(theta) - m g l cos(theta)) without a
    kinematic screw; names comma-separated or repeated, in any order."""
    result = runner.invoke(app, ["run", PLATE, "--only", "power_coefficients,power"])
    assert result.exit_code == 0, result.output
    assert "N_Q*h/sin(theta)" in result.stdout
    assert "Power coefficients" in result.stdout and "Kinematic screws" not in result.stdout
    again = runner.invoke(app, ["run", PLATE, "--only", "power", "--only", "power_coefficients"])
    assert again.stdout == result.stdout
    document = json.loads(
        runner.invoke(app, ["run", PLATE, "-f", "json", "--only", "interaction"]).stdout
    )
    assert document["solution"]["only"] == ["interaction"]
    assert document["solution"]["kinematic_screws"] == {}


def test_run_only_an_unknown_section_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(app, ["run", PLATE, "--only", "kinematic_screw"])
    assert result.exit_code == 2
    assert "did you mean 'kinematic_screws'" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("run {plate}", "standard output is closed: nowhere to print: name a file with --output"),
        ("run {plate} --no-cache", "name a file with --output"),
        ("check {plate} --format junit --no-cache", "standard output is closed: nowhere to print"),
    ],
)
def test_a_closed_standard_output_is_a_usage_error(command: str, says: str) -> None:
    """Started with standard output closed (`>&-`, as a service may start it): a located
    usage error (exit 2), not an internal one; run says so before solving anything."""
    plate = PROBLEMS / "plate-on-a-step.yaml"
    line = "screwsolve " + command.format(plate=plate) + " >&-"
    done = subprocess.run(["bash", "-c", line], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert says in done.stderr and "internal error" not in done.stderr


def test_validate_says_located_warnings_and_the_file_stays_valid(
    runner: CliRunner, tmp_path: Path
) -> None:
    from ..model.test_speeds import EULER_BODY_SPEEDS

    path = tmp_path / "euler.yaml"
    path.write_text(EULER_BODY_SPEEDS.replace("DOMAINS\n", ""), encoding="utf-8")
    for cached in (False, True):  # the second answer comes from the cache, warning included
        result = runner.invoke(app, ["validate", str(path), "--timeout", "0"])
        assert result.exit_code == 0, result.output
        assert f"{path}:5:1: warning: these speeds fix the rates only where" in result.stderr
        assert "1 file valid" in result.stderr, cached
